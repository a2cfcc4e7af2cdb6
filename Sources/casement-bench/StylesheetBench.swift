import ArgumentParser

struct StylesheetBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stylesheet", abstract: "Parse and cascade benchmarks.")
    mutating func run() throws { throw ValidationError("stylesheet benchmark not built yet") }
}
