import ArgumentParser

/// `casement-bench` with no subcommand: every group with its default workloads,
/// so one command prints every figure of PRODUCT.md §7.
struct AllBenchmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Every benchmark group with its defaults: solver, stylesheet, reload, render, memory.")

    mutating func run() throws {
        var solver = try SolverBench.parse([])
        try solver.run()
        var stylesheet = try StylesheetBench.parse([])
        try stylesheet.run()
        var reload = try ReloadBench.parse([])
        try reload.run()
        var render = try RenderBench.parse([])
        try render.run()
        var memory = try MemoryBench.parse([])
        try memory.run()
    }
}
