import ArgumentParser

/// The `casement` command. The headless commands live here as subcommands; the
/// live designer adds `open` (and makes it the default, so `casement SPEC` and a
/// bare `casement` open the designer) in its own file — see docs/cli.md.
@main
struct Casement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "casement",
        abstract: "A live-reload designer for terminal user interfaces.",
        discussion: """
            Specs (.layout) place boxes with constraints; stylesheets (.cas) style them. \
            These commands load a spec once, solve it, and print the result.
            """,
        subcommands: headlessCommands + liveCommands,
        defaultSubcommand: OpenCommand.self
    )

    /// The commands that need no terminal, in help order.
    static let headlessCommands: [ParsableCommand.Type] = [CheckCommand.self, ExplainCommand.self, RenderCommand.self, LSPCommand.self]
}
