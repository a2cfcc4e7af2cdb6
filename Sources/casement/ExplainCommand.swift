import ArgumentParser
import Cells
import Diagnostics
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
            switch resolve(view, in: session) {
            case .failure(let failure):
                return CommandFailure(
                    message: PrintableText.escaped(failure.message + " in \(spec)"),
                    hint: failure.hint.map { PrintableText.escaped($0) }).output
            case .success(let id):
                guard let explanation = session.explain(id) else {
                    return CommandFailure(message: PrintableText.escaped("no view '\(view)' in \(spec)")).output
                }
                return CommandOutput(stdout: printable(explanation.formatted()), stderr: "", status: 0)
            }
        }
    }

    /// The full id of the view the user named: as written, or the short form the
    /// inspector shows for a generated id (`text#1` for `list/text#1`) when exactly one
    /// view has it; otherwise a failure that lists the candidates or suggests a name.
    static func resolve(_ written: String, in session: LayoutSession) -> Result<String, CommandFailure> {
        let ids = session.views.map(\.id)
        if ids.contains(written) { return .success(written) }
        let matches = session.views.filter { $0.isGeneratedID && $0.id.hasSuffix("/" + written) }.map(\.id)
        if matches.count == 1 { return .success(matches[0]) }
        if matches.count > 1 {
            return .failure(CommandFailure(
                message: "'\(written)' names \(matches.count) views",
                hint: "give the full id: " + matches.prefix(5).joined(separator: ", ")))
        }
        let hint = session.suggestion(forView: written).map(Suggestion.hint(offering:))
        return .failure(CommandFailure(message: "no view '\(written)'", hint: hint))
    }

    /// Titles, ids and rules come from the user's files: their control characters
    /// print escaped (docs/diagnostics.md), line by line so the layout of the
    /// explanation stays.
    static func printable(_ text: String) -> String {
        guard PrintableText.needsEscaping(text.replacing("\n", with: "")) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { PrintableText.escaped($0) }
            .joined(separator: "\n")
    }
}
