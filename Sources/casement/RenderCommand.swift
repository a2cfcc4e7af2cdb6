import ArgumentParser
import Canvas
import Foundation
import LayoutEngine

/// `casement render SPEC --size WxH [--format plain|ansi|json|svg] [--colors auto|truecolor|256|16]`
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
        "Colour depth for ansi and svg: auto (from the environment; truecolor for svg), truecolor, 256 or 16.",
        valueName: "depth"))
    var colors = "auto"

    mutating func validate() throws {
        guard colors == "auto" || ColorDepth(argument: colors) != nil else {
            throw ValidationError("--colors must be auto, truecolor, 256 or 16 (got '\(colors)')")
        }
    }

    func run() throws {
        let depth = Self.depth(colors, format: format, environment: ProcessInfo.processInfo.environment)
        try finish(Self.output(spec: options.spec, size: options.size, format: format, depth: depth, reader: .fileSystem))
    }

    /// The depth `--colors` names; `auto` asks the environment (an SVG is not
    /// shown by a terminal, so it gets true colour).
    static func depth(_ choice: String, format: Format, environment: [String: String]) -> ColorDepth {
        if let named = ColorDepth(argument: choice) { return named }
        return format == .svg ? .trueColor : ColorDepth.detect(environment: environment)
    }

    static func output(
        spec: String, size: TerminalSize, format: Format, depth: ColorDepth = .trueColor, reader: FileReader
    ) -> CommandOutput {
        switch SpecLoading.load(spec, size: size, reader: reader) {
        case .failure(let failure):
            return failure.output
        case .success(let session):
            if format == .json {
                return CommandOutput(stdout: LayoutJSON.document(session.snapshot()).rendered() + "\n")
            }
            let errors = session.diagnostics.filter { $0.severity == .error }.map { $0.summary + "\n" }.joined()
            let painting = Painter().paint(PaintNode.nodes(from: session.views), width: size.width, height: size.height)
            let text: String
            switch format {
            case .plain: text = painting.grid.plainText()
            case .ansi: text = ANSIRenderer(depth: depth).render(painting.grid)
            case .svg: text = SVGRenderer(depth: depth).render(painting.grid)
            case .json: text = ""
            }
            return CommandOutput(stdout: text, stderr: errors, status: 0)
        }
    }
}
