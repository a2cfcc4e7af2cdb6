import ArgumentParser
import Stylesheet

struct StylesheetBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stylesheet",
        abstract: "Parse and cascade benchmarks.",
        discussion: """
            parse-1mb: load a generated 1 MB sheet from scratch (lex, parse, link, index) and \
            reload it unchanged (cache hit). cascade: 10,000 views against 1,000 rules, and the \
            media check a resize makes. imports: a chain of --imports files, each importing \
            the next, and one file importing --imports files (both were quadratic).
            """)

    @Option(help: "Timed runs per figure.") var runs = 21
    @Option(help: "Size of the generated sheet in bytes.") var bytes = 1 << 20
    @Option(help: "Views in the cascade workload.") var views = 10_000
    @Option(help: "Rules in the cascade workload.") var rules = 1_000
    @Option(help: "Files in the import workloads.") var imports = 10_000
    @Option(help: "Run only this figure (for profiling one under callgrind): parse, cascade, chain or fan-out.")
    var only: Figure?

    enum Figure: String, ExpressibleByArgument, CaseIterable {
        case parse, cascade, chain, fanOut = "fan-out"
    }

    /// Whether `figure` is measured in this run.
    private func measures(_ figure: Figure) -> Bool { only == nil || only == figure }

    mutating func run() throws {
        if measures(.parse) { try reportParse() }
        if measures(.cascade) { try reportCascade() }
        try reportImports()
    }

    /// Loading a 1 MB sheet from scratch, freeing it, and reloading it unchanged.
    private func reportParse() throws {
        let text = StylesheetWorkloads.sheet(bytes: bytes)
        let path = "bench.cas"
        let reader = StylesheetReader.inMemory([path: text])
        var warm = StylesheetLoader(reader: reader)
        let loaded = warm.load(path)
        try check(loaded, "generated sheet")
        // A load's result is freed outside the timed region; freeing the previous sheet
        // (and its loader's parsed file) is timed on its own, as the designer pays it
        // once per reload.
        var kept: (StylesheetLoader, Stylesheet)?
        report("parse-1mb", n: text.utf8.count, phase: "load", between: { kept = nil }) {
            var loader = StylesheetLoader(reader: reader)
            let sheet = loader.load(path)
            kept = (loader, sheet)
            return sheet.rules.count
        }
        report(
            "parse-1mb", n: text.utf8.count, phase: "free-old-sheet",
            between: {
                var loader = StylesheetLoader(reader: reader)
                kept = (loader, loader.load(path))
            }
        ) {
            kept = nil
            return 0
        }
        withExtendedLifetime(kept) {}
        var reloaded: Stylesheet?
        report("parse-1mb", n: text.utf8.count, phase: "reload-unchanged", between: { reloaded = nil }) {
            reloaded = warm.load(path)
            return reloaded!.rules.count
        }
    }

    /// 10,000 views against 1,000 rules, and the media check of a resize.
    private func reportCascade() throws {
        let ruleText = StylesheetWorkloads.rules(count: rules)
        let sheet = Stylesheet.parse(ruleText, path: "rules.cas")
        try check(sheet, "generated rules")
        guard sheet.rules.count == rules else {
            throw ValidationError("expected \(rules) rules, parsed \(sheet.rules.count)")
        }
        let tree = StylesheetWorkloads.views(count: views)
        report("cascade", n: views, phase: "cascade-\(rules)-rules") {
            sheet.cascade(tree, width: 120, height: 40).styles.count
        }
        var loader = StylesheetLoader(reader: .inMemory(["bench.cas": StylesheetWorkloads.sheet(bytes: bytes)]))
        let loaded = loader.load("bench.cas")
        report("cascade", n: loaded.media.count, phase: "media-signature") {
            loaded.mediaSignature(width: 120, height: 40).activeBlocks.count
        }
    }

    /// A chain of files each importing the next, and one file importing them all.
    private func reportImports() throws {
        for (figure, files) in [
            (Figure.chain, { StylesheetWorkloads.importChain(files: imports) }),
            (Figure.fanOut, { StylesheetWorkloads.importFanOut(files: imports) }),
        ] where measures(figure) {
            let phase = figure.rawValue, files = files()
            let reader = StylesheetReader.inMemory(files)
            var probe = StylesheetLoader(reader: reader)
            let sheet = probe.load("f0.cas")
            try check(sheet, "import \(phase)")
            guard sheet.files.count == imports else {
                throw ValidationError("import \(phase): expected \(imports) files, linked \(sheet.files.count)")
            }
            report("imports", n: imports, phase: phase) {
                var loader = StylesheetLoader(reader: reader)
                return loader.load("f0.cas").rules.count
            }
        }
    }

    private func check(_ sheet: Stylesheet, _ what: String) throws {
        if let first = sheet.diagnostics.first {
            throw ValidationError("\(what) has \(sheet.diagnostics.count) diagnostics, first: \(first.rendered())")
        }
    }

    /// Times `body` (one untimed warm-up), running `between` untimed before each run,
    /// and prints one line in casement-bench format.
    private func report(
        _ workload: String, n: Int, phase: String, between: () -> Void = {}, _ body: () -> Int
    ) {
        between()
        var sink = body()
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(1, runs) {
            between()
            let start = clock.now
            sink &+= body()
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        print(benchLine(group: "stylesheet", workload: workload, n: n, phase: phase, unit: "ms", samples: times))
        if sink == Int.min { print("") }  // keeps the work observable to the optimiser
    }
}
