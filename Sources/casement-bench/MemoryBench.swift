import ArgumentParser
import Cells
import Foundation
import Glibc
import LayoutEngine
import LayoutPainting

/// `casement-bench memory`: the peak resident memory of rendering a generated
/// spec, the way `casement render` does it, in a process of its own.
///
/// Peak memory belongs to a whole process (the heap's high-water mark, the
/// binary, the Swift runtime), so each run re-executes this binary with the
/// hidden `memory-child` command and reads the child's `ru_maxrss` from `wait4`.
/// The small workload gives the floor every render pays, whatever its size.
/// By default the child is the `casement` executable built next to this one
/// (what users run; it links less than this binary). The kernel counts the
/// spawning process's own resident size into a child's `ru_maxrss`, so each render
/// is spawned by a fresh, small copy of this binary (see `peakMegabytes`); a
/// figure is never below that copy's size at the spawn (the `spawn-floor` line).
struct MemoryBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory",
        abstract: "Peak resident memory of rendering a generated spec (a process per run).",
        discussion: """
            Writes the reload benchmark's nested spec and stylesheet for each size into a \
            temporary directory, then renders each one --runs times in a fresh process \
            (`casement render --size 200x60`, drawn or as JSON; output to /dev/null) and \
            prints that process's peak resident set size in MB. Budget: 10,000 views ≤ 80 MB.
            """)

    @Option(help: "Comma-separated view counts.")
    var sizes = "10,10000"

    @Option(help: "Runs per figure (each in a new process).")
    var runs = 3

    @Option(help: "Formats to render, comma-separated: plain, ansi, json, svg.")
    var formats = "plain,json"

    @Option(help: "Workload shape (see `reload --help`).")
    var workload: ReloadWorkload.Shape = .nested

    @Option(help: ArgumentHelp(
        "What renders: casement (the `casement render` built next to this binary, as users run it), self (this binary's memory-child, which links every library and all of Foundation: about 6 MB more) or auto (casement when it is built, else self).",
        valueName: "renderer"))
    var renderer = "auto"

    mutating func run() throws {
        if renderer == "auto" {
            renderer = (try? Self.casementBinary()) == nil ? "self" : "casement"
            if renderer == "self" {
                printError("memory: no casement built next to casement-bench; measuring its own memory-child (about 6 MB more)")
            }
        }
        guard renderer == "casement" || renderer == "self" else { throw ValidationError("--renderer must be casement, self or auto") }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // What a child that does nothing reads: no figure can be below it.
        let floor = try (0..<max(1, runs)).map { _ in try Self.spawnedPeakMegabytes(["/bin/true"]) }
        print(benchLine(group: "memory", workload: "true", n: 0, phase: "spawn-floor-peak-rss", unit: "MB", samples: floor))
        for count in parseSizes(sizes) ?? [] {
            let spec = try writeWorkload(views: count, into: directory)
            for format in formats.split(separator: ",").map(String.init) {
                let samples = try (0..<max(1, runs)).map { _ in try peakMegabytes(spec: spec, format: format) }
                print(benchLine(group: "memory", workload: workload.rawValue, n: count,
                                phase: "render-\(format)-peak-rss", unit: "MB", samples: samples))
            }
        }
    }

    private func writeWorkload(views: Int, into directory: String) throws -> String {
        let generated = ReloadWorkload(views: views, shape: workload)
        let folder = "\(directory)/\(views)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try generated.spec().write(toFile: "\(folder)/nested.layout", atomically: true, encoding: .utf8)
        try generated.sheet().write(toFile: "\(folder)/nested.cas", atomically: true, encoding: .utf8)
        return "\(folder)/nested.layout"
    }

    private func temporaryDirectory() throws -> String {
        var template = Array("\(NSTemporaryDirectory())/casement-memory-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ValidationError("cannot make a temporary directory") }
        return String(cString: made)
    }

    /// Runs one render in a child process and returns its peak RSS in MB.
    ///
    /// The kernel's `ru_maxrss` of a child counts the memory of the process that
    /// spawned it (a spawned child shares its parent's memory until it runs the new
    /// program, and the largest resident size is kept across that), so a child of
    /// this process, grown by the benchmarks before it, read this process's peak:
    /// 169 MB for every size once. The render is therefore spawned by a fresh copy
    /// of this binary (`memory-spawn`), whose own memory is only what it starts
    /// with; that copy reports its child's peak.
    private func peakMegabytes(spec: String, format: String) throws -> Double {
        var arguments = [CommandLine.arguments[0], "memory-child", spec, "--format", format]
        if renderer == "casement" {
            arguments = [try Self.casementBinary(), "render", spec, "--size", "200x60", "--format", format]
        }
        return try Self.spawnedPeakMegabytes(arguments)
    }

    /// The peak RSS in MB of `arguments` (the program's path first) run by a
    /// fresh `memory-spawn` copy of this binary.
    static func spawnedPeakMegabytes(_ arguments: [String]) throws -> Double {
        var template = Array("\(NSTemporaryDirectory())/casement-peak-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw ValidationError("cannot make a temporary file") }
        close(descriptor)
        let result = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(result) }
        let status = try spawn("/proc/self/exe", [CommandLine.arguments[0], "memory-spawn", result] + arguments, usage: nil)
        guard status == 0, let text = try? String(contentsOfFile: result, encoding: .utf8),
            let kilobytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw ValidationError("\(arguments.joined(separator: " ")) failed (status \(status))")
        }
        return kilobytes / 1024
    }

    /// Runs `arguments` with standard output to /dev/null; returns its wait status
    /// and fills `usage` with what `wait4` reports.
    static func spawn(_ executable: String, _ arguments: [String], usage: UnsafeMutablePointer<rusage>?) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ValidationError("cannot start \(executable): error \(spawned)") }
        var status: Int32 = 0
        guard wait4(pid, &status, 0, usage) == pid else { throw ValidationError("lost the child \(pid)") }
        return status
    }

    /// `memory-spawn RESULT PROGRAM ARGS…`: run in a fresh process (see
    /// `peakMegabytes`), runs the program and writes its `ru_maxrss` (KB) to RESULT.
    /// Handled before anything else in `main`, so this process stays small.
    static func spawnAndReport(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else { return 2 }
        var usage = rusage()
        guard let status = try? spawn(arguments[1], Array(arguments.dropFirst()), usage: &usage), status == 0 else { return 1 }
        return (try? String(usage.ru_maxrss).write(toFile: arguments[0], atomically: false, encoding: .utf8)) == nil ? 1 : 0
    }
}

extension MemoryBench {
    /// The `casement` executable built next to this one (`swift build` puts
    /// both products in the same directory).
    static func casementBinary() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { throw ValidationError("cannot find this executable's path") }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let sibling = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/casement"
        guard access(sibling, X_OK) == 0 else {
            throw ValidationError("no casement executable at \(sibling): build it (`swift build -c release --product casement`) or pass --renderer self")
        }
        return sibling
    }
}

/// The child of `casement-bench memory`: one render, as `casement render` does it.
struct MemoryChild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory-child", abstract: "One render in a process of its own (used by `memory`).",
        shouldDisplay: false)

    @Argument var spec: String
    @Option var format: String = "plain"

    func run() throws {
        guard let renderFormat = RenderFormat(rawValue: format) else { throw ValidationError("unknown format \(format)") }
        var session = LayoutSession(specPath: spec, size: TerminalSize(width: 200, height: 60))
        session.loadForOneFrame()
        guard session.views.count > 1 else { throw ValidationError("\(spec) gave no views") }
        var output = BlockOutput()
        if renderFormat == .json {
            // As `casement render --format json`: the snapshot, streamed a view at a time.
            LayoutJSON.write(session.snapshot(listingAmbiguities: false, listingUnsatisfied: false), to: &output)
        } else {
            output.write(LayoutOutput.render(&session, format: renderFormat))
        }
        output.flush()
    }
}

/// Standard output in 64 KB blocks, as the CLI writes a streamed document.
private struct BlockOutput: TextOutputStream {
    private var pending = ""

    mutating func write(_ text: String) {
        pending += text
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        FileHandle.standardOutput.write(Data(pending.utf8))
        pending.removeAll(keepingCapacity: true)
    }
}
