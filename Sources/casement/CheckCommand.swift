import ArgumentParser
import Cells
import Diagnostics
import LayoutEngine

/// `casement check SPEC [--size WxH]`
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Parse, cascade and solve a spec; print its diagnostics.",
        discussion: """
            Prints one line per diagnostic, `file:line:col: error|warning: message [code]`, \
            sorted by file and position: the spec's and its stylesheets' errors and warnings, \
            one error per constraint conflict (at the member that was broken, naming the \
            others), constraints left out for unset style values, ambiguous views and \
            negative sizes (warnings). The code names the kind of diagnostic (see \
            docs/diagnostics.md); control characters from the files print escaped, as \\x1b. \
            Past 1,000 diagnostics in a file, a note says how many more there are. Exits 1 \
            when there is any error, 0 otherwise.
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
            let text = diagnostics.map { (context ? $0.rendered(flagged: true) : $0.flaggedSummary) + "\n" }.joined()
            return CommandOutput(stdout: text, stderr: "", status: diagnostics.hasErrors ? 1 : 0)
        }
    }
}
