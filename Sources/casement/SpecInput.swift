import ArgumentParser
import Cells
import Diagnostics
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
import Synchronization

extension TerminalSize: ExpressibleByArgument {
    /// Reads a `--size` argument such as `80x24` (also `80×24`, `80,24`).
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    /// How `--help` shows the default size, e.g. `80x24`.
    public var defaultValueDescription: String { description }
}

/// The spec and the terminal size every headless command takes.
struct SpecOptions: ParsableArguments {
    @Argument(help: "The .layout spec to load.")
    var spec: String

    @Option(help: ArgumentHelp("Terminal size to lay out for, as WIDTHxHEIGHT.", valueName: "WxH"))
    var size = TerminalSize(width: 80, height: 24)
}

/// Loading a spec for a command.
enum SpecLoading {
    /// A loaded session, or the output for a spec that cannot be read (exit 1).
    static func load(_ path: String, size: TerminalSize, reader: FileReader) -> Result<LayoutSession, CommandFailure> {
        if let failure = SpecPathCheck.directoryFailure(path) { return .failure(failure) }
        do {
            _ = try reader.contents(of: path)
        } catch {
            let reason = (error as? FileReader.Failure)?.description ?? "\(error)"
            return .failure(CommandFailure(message: "cannot read spec '\(path)': \(reason)"))
        }
        var session = LayoutSession(specPath: path, reader: reader, size: size)
        // A command prints one frame and exits: no edit will reuse the parse.
        session.loadForOneFrame()
        return .success(session)
    }
}

/// A command that could not do its job: one `error:` line and exit status 1.
struct CommandFailure: Error, Equatable {
    var message: String
    var hint: String?

    var output: CommandOutput {
        var text = "error: \(message)\n"
        if let hint { text += "hint: \(hint)\n" }
        return CommandOutput(stdout: "", stderr: text, status: 1)
    }
}

extension ParsableCommand {
    /// Writes a command's output and exits with its status.
    func finish(_ output: CommandOutput) throws {
        output.write()
        if output.status != 0 { throw ExitCode(output.status) }
    }
}

/// Sessions a command leaves for the process's exit to reclaim. A command
/// prints and exits; freeing a 10,000-view session first (hundreds of thousands
/// of small objects) took 6% of `casement render`'s work, for memory the exit
/// gives back anyway. Only a command's `run()` leaves sessions here: tests that
/// call the commands' code in-process free theirs.
enum ExitReclaims {
    private static let sessions = Mutex<[LayoutSession]>([])

    /// Keeps `session` alive until the process exits.
    static func leave(_ session: LayoutSession) {
        sessions.withLock { $0.append(session) }
    }
}
