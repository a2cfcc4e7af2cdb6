import ArgumentParser

@main
struct CasementBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "casement-bench",
        abstract: "Casement's benchmarks; one line per figure.",
        discussion: "Build with -c release: swift run -c release casement-bench",
        subcommands: [AllBenchmarks.self, SolverBench.self, StylesheetBench.self, ReloadBench.self, RenderBench.self, MemoryBench.self, MemoryChild.self, DSLBench.self, LSPBench.self, LiveBench.self, AppBench.self],
        defaultSubcommand: AllBenchmarks.self
    )
}
