import ArgumentParser

struct SolverBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "solver", abstract: "Cassowary solver workloads (chain, tree).")
    mutating func run() throws { throw ValidationError("solver benchmark not built yet") }
}
