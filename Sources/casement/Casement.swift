import ArgumentParser

/// The `casement` command. The headless commands live here as subcommands; the
/// live designer adds `open` (and makes it the default, so `casement SPEC` and a
/// bare `casement` open the designer) in its own file — see docs/cli.md.
@main
struct Casement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "casement",
        abstract: "A live-reload designer for terminal user interfaces.",
        usage: """
            casement [<spec>] [--inspector] [--colors <depth>]
            casement <subcommand> …
            """,
        discussion: """
            Specs (.layout) place boxes with constraints; stylesheets (.cas) style them. \
            `casement SPEC` opens the spec in the live designer (the default command, \
            `open`); a bare `casement` opens the gallery of demos. The other commands load \
            a spec once, solve it, and print the result.
            """,
        subcommands: headlessCommands + liveCommands,
        defaultSubcommand: OpenCommand.self
    )

    /// Makes crash reports non-interactive (see `CrashReports`), then runs the command.
    static func main() {
        CrashReports.makeNonInteractive()
        CommandLineTriage.rejectUnknownCommand()
        main(nil)
    }

    /// The commands that need no terminal, in help order.
    static let headlessCommands: [ParsableCommand.Type] = [
        CheckCommand.self, ExplainCommand.self, RenderCommand.self, FmtCommand.self, LSPCommand.self,
    ]
}
