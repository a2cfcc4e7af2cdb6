import ArgumentParser
import Cells
import Designer
import FileWatch
import Foundation
import LayoutEngine
import TerminalUI

/// `casement-bench render`: what one edit costs on a real terminal (a
/// pseudo-terminal, drained by a thread as a terminal emulator would read it),
/// through the designer's whole pipeline.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Bytes and time per frame for an edit; save-to-screen latency through the file watcher.",
        discussion: """
            colour-edit-WxH: demo/dashboard.layout at WxH; each run gives one card (#errors) \
            another background colour: reload, repaint the damage, draw, present. bytes is what \
            the frame wrote to the terminal, frame the time it took. unchanged-WxH: a frame with \
            nothing new (0 bytes). save-to-screen: demo/stress.layout (1,000 boxes) in a \
            temporary directory watched with inotify; each run writes the stylesheet (one \
            view's colour, or a band of 100 boxes) and waits until the designer has presented \
            the new frame. The latency-p95 line gives the 95th percentile as its median. The \
            demos are the copies built into casement. session-start-WxH: a terminal session \
            started on a pseudo-terminal and ended (ncurses, colours, the input relay's \
            thread). key-to-event-WxH: a key typed into the pseudo-terminal until the event \
            loop (`nextEvents`) hands it over, through the input relay and ncurses. No \
            budget; reported so that changes to the input path are measured.
            """)

    @Option(help: "Timed runs per figure.") var runs = 41
    @Option(help: "Terminal sizes for the frame figures, comma-separated WIDTHxHEIGHT.") var sizes = "80x24,250x70"
    @Option(help: "Terminal size for the save-to-screen figures.") var latencySize = "120x40"
    @Flag(help: "Print each run's stage timings (read, parse, cascade, solve, paint) to standard error.")
    var verbose = false

    mutating func validate() throws {
        guard runs > 0 else { throw ValidationError("--runs must be positive") }
        guard Self.parseScreens(sizes) != nil, Self.parseScreens(latencySize)?.count == 1 else {
            throw ValidationError("sizes are WIDTHxHEIGHT, comma-separated")
        }
    }

    mutating func run() throws {
        for screen in Self.parseScreens(sizes)! {
            try frameFigures(screen)
        }
        try latencyFigures(Self.parseScreens(latencySize)![0])
        try terminalFigures(Self.parseScreens(sizes)![0])
    }

    static func parseScreens(_ text: String) -> [TerminalSize]? {
        var result: [TerminalSize] = []
        for part in text.split(separator: ",") {
            let numbers = part.split(separator: "x").compactMap { Int($0) }
            guard numbers.count == 2, numbers[0] > 0, numbers[1] > 0 else { return nil }
            result.append(TerminalSize(width: numbers[0], height: numbers[1]))
        }
        return result.isEmpty ? nil : result
    }

    // MARK: The terminal's input

    private func terminalFigures(_ screen: TerminalSize) throws {
        let pty = try DrainedTerminal(screen: screen)
        var starts: [Double] = []
        for run in -3..<runs {
            let seconds = try measureSeconds { try TerminalSession(options: pty.options).end() }
            if run >= 0 { starts.append(seconds * 1e3) }
        }
        let workload = "\(screen.width)x\(screen.height)"
        print(benchLine(group: "render", workload: "session-start-" + workload, n: 1, phase: "start", unit: "ms", samples: starts))

        let session = try TerminalSession(options: pty.options)
        defer { session.end() }
        var keys: [Double] = []
        for run in -5..<runs {
            let typed = ContinuousClock.now
            pty.type(UInt8(ascii: "a") + UInt8(run + 5) % 26)
            let events = session.nextEvents(timeout: .seconds(2))
            let elapsed = ContinuousClock.now - typed
            guard events.count == 1, case .key(.character) = events[0] else {
                throw ValidationError("typed a letter, the session read \(events)")
            }
            if run >= 0 { keys.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3) }
        }
        print(benchLine(group: "render", workload: "key-to-event-" + workload, n: 1, phase: "latency", unit: "ms", samples: keys))
    }

    // MARK: Frames

    private func frameFigures(_ screen: TerminalSize) throws {
        let sheetPath = "styles/dashboard.cas"
        let files = EditableFiles(DefaultSpec.embeddedFiles)
        let base = files[sheetPath] ?? ""
        let pty = try DrainedTerminal(screen: screen)
        let designer = try LiveDesigner(
            specPath: "demo/dashboard.layout", reader: files.reader,
            options: .init(terminal: pty.options, watchesFiles: false))
        designer.redraw()
        let colours = ["#8a3b3b", "#3b8a5a"]
        var bytes: [Double] = [], times: [Double] = []
        for run in -3..<runs {
            files[sheetPath] = base + "\n#errors\n  bg \(colours[(run + 4) % 2])\n"
            var written = 0
            let seconds = measureSeconds {
                designer.reload(changedFiles: [sheetPath])
                written = designer.redraw() ?? -1
            }
            guard run >= 0 else { continue }  // warm-up
            bytes.append(Double(written))
            times.append(seconds * 1e3)
        }
        var unchanged: [Double] = []
        for _ in 0..<runs { unchanged.append(Double(designer.redraw() ?? -1)) }
        let workload = "\(screen.width)x\(screen.height)"
        let views = designer.state.session.views.count
        print(benchLine(group: "render", workload: "colour-edit-" + workload, n: views, phase: "bytes", unit: "B", samples: bytes))
        print(benchLine(group: "render", workload: "colour-edit-" + workload, n: views, phase: "frame", unit: "ms", samples: times))
        print(benchLine(group: "render", workload: "unchanged-" + workload, n: views, phase: "bytes", unit: "B", samples: unchanged))
        if bytes.contains(-1) { printError("render: bytes written cannot be counted here (no /proc/thread-self/io)") }
    }

    // MARK: Save to screen

    private func latencyFigures(_ screen: TerminalSize) throws {
        let directory = NSTemporaryDirectory() + "casement-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (path, text) in DefaultSpec.embeddedFiles {
            let full = directory + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        let sheet = directory + "/styles/stress.cas"
        let base = try String(contentsOfFile: sheet, encoding: .utf8)
        let pty = try DrainedTerminal(screen: screen)
        let designer = try LiveDesigner(
            specPath: directory + "/demo/stress.layout", options: .init(terminal: pty.options, watchesFiles: true))
        designer.redraw()
        let views = designer.state.session.views.count

        let edits: [(workload: String, text: (Int) -> String)] = [
            ("save-to-screen-one-view", { base + "\n#heading\n  fg \(["#ff8800", "#00aaff"][$0 % 2])\n" }),
            ("save-to-screen-100-views", { base.replacing("hsl(210,", with: $0 % 2 == 0 ? "hsl(200," : "hsl(220,") }),
        ]
        for edit in edits {
            var latencies: [Double] = []
            for run in -3..<runs {
                // The clock starts when the save is done, as an editor's save returns.
                try edit.text(run + 4).write(toFile: sheet, atomically: false, encoding: .utf8)
                let start = ContinuousClock.now
                var presented = false
                var trace: [String] = []
                while !presented, ContinuousClock.now - start < .seconds(5) {
                    let step = designer.step(timeout: .seconds(1))
                    presented = !step.reloadedFiles.isEmpty
                    if verbose { trace.append(StageTimings.milliseconds(ContinuousClock.now - start)) }
                }
                if verbose { printError("steps at " + trace.joined(separator: ", ")) }
                let elapsed = ContinuousClock.now - start
                if verbose, let outcome = designer.state.outcome {
                    printError("\(edit.workload): \(outcome.timings) paint \(StageTimings.milliseconds(outcome.paint)) total \(StageTimings.milliseconds(elapsed))")
                }
                guard presented else { throw ValidationError("the designer never saw the save") }
                if run >= 0 { latencies.append(Double(elapsed.components.attoseconds) * 1e-15 + Double(elapsed.components.seconds) * 1e3) }
                // Let the watcher go quiet, so each save is a burst of its own.
                usleep(40_000)
                _ = designer.step(timeout: .zero)
            }
            print(benchLine(group: "render", workload: edit.workload, n: views, phase: "latency", unit: "ms", samples: latencies))
            let sorted = latencies.sorted()
            let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
            print(benchLine(group: "render", workload: edit.workload, n: views, phase: "latency-p95", unit: "ms", samples: [p95]))
        }
    }
}

/// A pseudo-terminal whose output a thread reads and throws away, as a
/// terminal emulator would consume it.
final class DrainedTerminal {
    let controller: Int32
    let terminal: Int32
    private let reader: Thread

    init(screen: TerminalSize) throws {
        var controller: Int32 = -1, terminal: Int32 = -1
        var size = winsize(ws_row: UInt16(screen.height), ws_col: UInt16(screen.width), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &terminal, nil, nil, &size) == 0 else { throw ValidationError("openpty failed") }
        self.controller = controller
        self.terminal = terminal
        let descriptor = controller
        reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        }
        reader.start()
    }

    /// Sends `byte` as if typed on the terminal's keyboard.
    func type(_ byte: UInt8) {
        var byte = byte
        _ = write(controller, &byte, 1)
    }

    var options: TerminalSession.Options {
        TerminalSession.Options(
            inputDescriptor: terminal, outputDescriptor: terminal, terminalType: "xterm-256color", enablesMouse: false,
            handlesSignals: false)
    }

    deinit {
        close(terminal)
        close(controller)
    }
}
