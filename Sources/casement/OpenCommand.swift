import ArgumentParser
import Canvas
import Cells
import Designer
import LayoutEngine
import LiveLink
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// `casement open [SPEC] [--inspector] [--colors …] [--size WxH]`, also reached as
/// `casement SPEC` and a bare `casement` (it is the default command).
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a spec in the live designer (the default command).",
        discussion: """
            Watches the spec, every stylesheet it uses and every file those import, and \
            redraws on every save; an editor running `casement lsp` shows its unsaved \
            buffers here as they are typed (--no-live turns that off). Without a spec, opens the gallery of demos \
            (demo/gallery.layout here, else in the package casement was built from, else \
            the copy built into casement). When standard output is not a terminal, prints \
            one frame as plain text (at --size) and exits. Keys: press ? in the designer; \
            see docs/designer.md.
            """)

    @Argument(help: "The .layout spec to open; the gallery of demos when left out.")
    var spec: String?

    @Flag(help: "Show the inspector from the start (toggle it with i or F12).")
    var inspector = false

    @Option(help: ArgumentHelp(
        "Use at most this many colours: truecolor, 256, 16 or 8 (default: what the terminal has).", valueName: "depth"))
    var colors: String?

    @Option(help: ArgumentHelp(
        "Size of the frame printed when standard output is not a terminal, as WIDTHxHEIGHT.", valueName: "WxH"))
    var size = TerminalSize(width: 80, height: 24)

    @Flag(help: "Show the files as saved only, not editors' unsaved buffers (the live preview).")
    var noLive = false

    mutating func validate() throws {
        if let colors, ColorDepth(argument: colors) == nil {
            throw ValidationError("--colors must be truecolor, 256, 16 or 8 (got '\(colors)')")
        }
    }

    func run() throws {
        let target = resolvedSpec()
        if target.isFile, let failure = SpecPathCheck.directoryFailure(target.path) {
            try finish(failure.output)
            return
        }
        if isatty(STDOUT_FILENO) == 0 {
            // Scripts and CI: one plain frame, as `render` prints it.
            try finish(RenderCommand.output(spec: target.path, size: size, format: .plain, reader: target.reader))
            return
        }
        do {
            _ = try target.reader.contents(of: target.path)
        } catch {
            let reason = (error as? FileReader.Failure)?.description ?? "\(error)"
            try finish(CommandFailure(
                message: "cannot read spec '\(target.path)': \(reason)",
                hint: "run casement with no arguments for the gallery of demos"
            ).output)
            return
        }
        AllocatorSetting.keepMemoryForEdits()
        let status = try Self.runDesigner(
            target, inspector: inspector, colors: colors.flatMap(ColorDepth.init(argument:)), live: !noLive)
        if status != 0 { throw ExitCode(status) }
    }

    /// The spec named on the command line, or the gallery.
    func resolvedSpec() -> DefaultSpec {
        guard let spec else { return DefaultSpec.locate() }
        return DefaultSpec(path: spec, reader: .fileSystem, isFile: true)
    }

    /// Runs the live designer until the user quits; returns the exit status.
    static func runDesigner(_ target: DefaultSpec, inspector: Bool, colors: ColorDepth?, live: Bool) throws -> Int32 {
        var terminal = TerminalSession.Options(maximumColorDepth: colors)
        // Keys come from the terminal even when standard input is redirected.
        var ownInput: Int32 = -1
        if isatty(STDIN_FILENO) == 0 {
            ownInput = open("/dev/tty", O_RDONLY | O_CLOEXEC)
            if ownInput >= 0 { terminal.inputDescriptor = ownInput }
        }
        defer { if ownInput >= 0 { close(ownInput) } }
        let options = LiveDesigner.Options(
            terminal: terminal, watchesFiles: target.isFile, inspectorVisible: inspector,
            specNote: target.isFile ? nil : "built-in copy",
            // The built-in copy has no files an editor could have open.
            live: live && target.isFile ? LiveDirectory.standard() : nil)
        let designer: LiveDesigner
        do {
            designer = try LiveDesigner(specPath: target.path, reader: target.reader, options: options)
        } catch {
            CommandFailure(message: "cannot start the terminal: \(error)", hint: "check $TERM, or pipe the output for one plain frame").output.write()
            return 1
        }
        return designer.run().status
    }
}

extension Casement {
    /// The commands that need a terminal; `open` is the default.
    static let liveCommands: [ParsableCommand.Type] = [OpenCommand.self]
}
