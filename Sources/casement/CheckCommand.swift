import ArgumentParser
import Diagnostics
import LayoutEngine

/// `casement check SPEC [--size WxH]`
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Parse, cascade and solve a spec; print its diagnostics.",
        discussion: """
            Prints one line per diagnostic, `file:line:col: error|warning: message`, sorted \
            by file and position: the spec's and its stylesheets' errors and warnings, every \
            member of every constraint conflict (errors), constraints left out for unset \
            style values, ambiguous views and negative sizes (warnings). Exits 1 when there \
            is any error, 0 otherwise.
            """)

    @OptionGroup var options: SpecOptions

    @Flag(help: "Show the source line with a caret, and the hint, under each diagnostic.")
    var context = false

    func run() throws {
        try finish(Self.output(spec: options.spec, size: options.size, context: context, reader: .fileSystem))
    }

    static func output(spec: String, size: TerminalSize, context: Bool = false, reader: FileReader) -> CommandOutput {
        switch SpecLoading.load(spec, size: size, reader: reader) {
        case .failure(let failure):
            return failure.output
        case .success(let session):
            let diagnostics = session.checkDiagnostics()
            let text = diagnostics.map { (context ? $0.rendered() : $0.summary) + "\n" }.joined()
            return CommandOutput(stdout: text, stderr: "", status: diagnostics.hasErrors ? 1 : 0)
        }
    }
}
