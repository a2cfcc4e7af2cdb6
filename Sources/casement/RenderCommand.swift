import ArgumentParser
import Canvas
import Cells
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutEngine
import LayoutPainting

/// `casement render SPEC --size WxH [--format plain|ansi|json|svg] [--colors auto|truecolor|256|16|8]`
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame of a spec to standard output.",
        discussion: """
            plain: the boxes as text. ansi: the same with colours (escape sequences). \
            svg: a picture. json: every view's frame and computed style, the diagnostics and \
            the conflicts (see docs/cli.md for the schema). Errors in the files go to \
            standard error (they are inside the JSON for --format json); the command still \
            renders what it can and exits 0.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case plain, ansi, json, svg
    }

    @OptionGroup var options: SpecOptions

    @Option(help: "Output format: plain, ansi, json or svg.")
    var format: Format = .plain

    @Option(help: ArgumentHelp(
        "Colour depth for ansi and svg: auto (from the environment; truecolor for svg), truecolor, 256, 16 or 8.",
        valueName: "depth"))
    var colors = "auto"

    mutating func validate() throws {
        guard colors == "auto" || ColorDepth(argument: colors) != nil else {
            throw ValidationError("--colors must be auto, truecolor, 256, 16 or 8 (got '\(colors)')")
        }
    }

    func run() throws {
        if format == .json {
            // Megabytes for a big spec: written as it is made, never held whole.
            var stdout = StandardOutputStream()
            let rest = Self.writeJSON(
                spec: options.spec, size: options.size, reader: .fileSystem, to: &stdout, leavingSessionToExit: true)
            stdout.flush()
            try finish(rest)
            return
        }
        let depth = Self.depth(colors, format: format, environment: ProcessInfo.processInfo.environment)
        try finish(Self.output(
            spec: options.spec, size: options.size, format: format, depth: depth, reader: .fileSystem,
            leavingSessionToExit: true))
    }

    /// The depth `--colors` names; `auto` asks the environment (an SVG is not
    /// shown by a terminal, so it gets true colour). The designer asks terminfo
    /// instead, through ncurses.
    static func depth(_ choice: String, format: Format, environment: [String: String]) -> ColorDepth {
        if let named = ColorDepth(argument: choice) { return named }
        return format == .svg ? .trueColor : ColorDepth.detect(environment: environment)
    }

    /// What the command prints. `leavingSessionToExit`: the process ends right
    /// after, so the laid-out session is left for the exit to reclaim (see
    /// `ExitReclaims`); code that renders in-process more than once frees it.
    static func output(
        spec: String, size: TerminalSize, format: Format, depth: ColorDepth = .trueColor, reader: FileReader,
        leavingSessionToExit: Bool = false
    ) -> CommandOutput {
        if format == .json {
            var text = ""
            var output = writeJSON(
                spec: spec, size: size, reader: reader, to: &text, leavingSessionToExit: leavingSessionToExit)
            output.stdout = text
            return output
        }
        if let failure = drawingLimit(size) { return failure.output }
        switch SpecLoading.load(spec, size: size, reader: reader) {
        case .failure(let failure):
            return failure.output
        case .success(var session):
            let text = LayoutOutput.render(&session, format: RenderFormat(rawValue: format.rawValue)!, depth: depth)
            if leavingSessionToExit { ExitReclaims.leave(session) }
            return CommandOutput(stdout: text, stderr: LayoutOutput.errorLines(session.diagnostics), status: 0)
        }
    }

    /// `--format json`: writes the document to `stdout` as it is made and
    /// returns the rest of the output (nothing, or a failure to load).
    static func writeJSON(
        spec: String, size: TerminalSize, reader: FileReader, to stdout: inout some TextOutputStream,
        leavingSessionToExit: Bool = false
    ) -> CommandOutput {
        switch snapshot(spec: spec, size: size, reader: reader, leavingSessionToExit: leavingSessionToExit) {
        case .failure(let failure):
            return failure.output
        case .success(let snapshot):
            LayoutJSON.write(snapshot, to: &stdout)
            return CommandOutput()
        }
    }

    /// The laid-out spec's snapshot. Unless left to the exit, the session (its
    /// solver above all) is freed on return, before the JSON is written.
    private static func snapshot(
        spec: String, size: TerminalSize, reader: FileReader, leavingSessionToExit: Bool
    ) -> Result<LayoutSnapshot, CommandFailure> {
        SpecLoading.load(spec, size: size, reader: reader).map { session in
            if leavingSessionToExit { ExitReclaims.leave(session) }
            return session.snapshot(listingAmbiguities: false, listingUnsatisfied: false)
        }
    }

    /// The most cells a drawn frame may have: a grid costs tens of bytes a cell
    /// (and SVG far more), so 10000x10000 would take gigabytes. A million cells
    /// is a 1000x1000 terminal, larger than any real one.
    static let maximumDrawnCells = 1_000_000

    /// Why `size` is too large to draw, or nil. JSON is not drawn, so it has no limit.
    static func drawingLimit(_ size: TerminalSize) -> CommandFailure? {
        guard size.width * size.height > maximumDrawnCells else { return nil }
        return CommandFailure(
            message: "--size \(size.width)x\(size.height) is too large to draw: at most a million cells",
            hint: "draw at most 1000x1000 (or 10000x100); --format json solves any size up to 10000x10000 without drawing")
    }
}
