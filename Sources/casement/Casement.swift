import ArgumentParser

@main
struct Casement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "casement",
        abstract: "A live-reload designer for terminal user interfaces.",
        subcommands: []
    )
}
