import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

@main
struct CasementBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "casement-bench",
        abstract: "Casement's benchmarks; one line per figure.",
        discussion: "Build with -c release: swift run -c release casement-bench",
        subcommands: [AllBenchmarks.self, SolverBench.self, StylesheetBench.self, ReloadBench.self, RenderBench.self, MemoryBench.self, MemoryChild.self, DSLBench.self, LSPBench.self, LiveBench.self, AppBench.self],
        defaultSubcommand: AllBenchmarks.self
    )

    /// Every run starts with the host's speed (`HostSpeed`), the line the
    /// `scaled=` fields are worked out from; help and the memory children do not.
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "memory-spawn" { Glibc.exit(MemoryBench.spawnAndReport(Array(arguments.dropFirst()))) }
        let quiet = arguments.contains { ["-h", "--help", "help"].contains($0) }
            || ["memory-child", "memory-spawn"].contains(arguments.first ?? "")
        if !quiet { print(HostSpeed.line()) }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
