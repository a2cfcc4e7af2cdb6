import ArgumentParser
import LayoutEngine

/// `casement explain SPEC VIEW [--size WxH]`
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain one view: its frame, its constraints and where its style comes from.",
        discussion: """
            Prints what the designer's inspector shows for the view: its frame in cells and \
            as solved, every constraint that places it or measures from it (lowered form, \
            priority, status, file:line:col), and every style property with the rule that \
            set it and the rules it overrode.
            """)

    @OptionGroup var options: SpecOptions

    @Argument(help: "The id of the view to explain.")
    var view: String

    func run() throws {
        try finish(Self.output(spec: options.spec, view: view, size: options.size, reader: .fileSystem))
    }

    static func output(spec: String, view: String, size: TerminalSize, reader: FileReader) -> CommandOutput {
        switch SpecLoading.load(spec, size: size, reader: reader) {
        case .failure(let failure):
            return failure.output
        case .success(let session):
            guard let explanation = session.explain(view) else {
                let hint = session.suggestion(forView: view).map { "did you mean '\($0)'?" }
                return CommandFailure(message: "no view '\(view)' in \(spec)", hint: hint).output
            }
            return CommandOutput(stdout: explanation.formatted(), stderr: "", status: 0)
        }
    }
}
