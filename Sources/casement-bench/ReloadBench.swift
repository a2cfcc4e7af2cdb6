import ArgumentParser
import Cells
import Foundation
import LayoutEngine
import Stylesheet
import Designer

/// `casement-bench reload`: the layout engine's reload path on generated specs —
/// rows, columns and grids nested three deep under a screen, leaves styled by a
/// stylesheet of 100 rules. Times the work after the files are read (parse,
/// cascade, solve), as the speed budgets count it.
struct ReloadBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Layout engine reloads: initial load, constant and structural edits, resizes.",
        discussion: """
            Phases: load (everything from scratch); style-constant (one `size` in the \
            stylesheet changes: constants only); spec-constant (one `gap` in the spec \
            changes); structural (the spec gains one rule and loses another); \
            structural-view (the spec gains or loses a view); resize (the \
            terminal grows or shrinks by a cell, same @media); resize-media (a resize that \
            switches an @media block). Budgets: 1,000 views — style-constant ≤ 5 ms, \
            structural ≤ 20 ms, resize ≤ 2 ms; 10,000 views — every edit ≤ 15 ms, \
            load ≤ 150 ms (≤ 200 ms for --workload grow).
            """)

    @Option(help: "Comma-separated view counts.")
    var sizes = "1000,10000"

    @Option(help: "Timed runs per figure (at most 7 above 1,000 views, unless --phase picks one).")
    var runs = 21

    @Option(help: "nested: sections of fixed height, containers sharing each section's width by grow. grow: grow at every level (the solver's hardest case).")
    var workload: ReloadWorkload.Shape = .nested

    @Option(help: "Run only this phase (after one load), e.g. for profiling: style-constant, spec-constant, structural, structural-view, resize, resize-media.")
    var phase: String?

    @Flag(help: "Print every reload's stage timings (to standard error).")
    var verbose = false

    @Flag(help: "Keep glibc's default allocator settings instead of the designer's (see AllocatorSetting), to compare.")
    var defaultAllocator = false

    @Option(help: "Write the generated spec and stylesheet for N views into this directory, and stop.")
    var write: String?

    mutating func validate() throws {
        guard parseSizes(sizes) != nil else { throw ValidationError("--sizes must list positive integers") }
        guard runs > 0 else { throw ValidationError("--runs must be positive") }
    }

    mutating func run() throws {
        // The designer's allocator setting: these are its edits.
        if !defaultAllocator { AllocatorSetting.keepMemoryForEdits() }
        if let write {
            let workload = ReloadWorkload(views: parseSizes(sizes)![0], shape: workload)
            try workload.spec().write(toFile: write + "/nested.layout", atomically: true, encoding: .utf8)
            try workload.sheet().write(toFile: write + "/nested.cas", atomically: true, encoding: .utf8)
            return
        }
        for count in parseSizes(sizes)! {
            try measure(views: count, runs: count > 1000 && phase == nil ? min(runs, 7) : runs)
        }
    }

    private func measure(views count: Int, runs: Int) throws {
        let workload = ReloadWorkload(views: count, shape: self.workload)
        let files = MemoryFiles([ReloadWorkload.specPath: workload.spec(), ReloadWorkload.sheetPath: workload.sheet()])
        let size = TerminalSize(width: 200, height: 60)

        var loads: [Double] = []
        var session = LayoutSession(specPath: ReloadWorkload.specPath, reader: files.reader, size: size)
        for _ in 0..<(phase == nil ? max(1, min(runs, 5)) : 1) {
            var fresh = LayoutSession(specPath: ReloadWorkload.specPath, reader: files.reader, size: size)
            loads.append(work { fresh.load() })
            session = fresh
        }
        guard session.views.count == count else {
            throw ValidationError("generated \(session.views.count) views, expected \(count)")
        }
        if phase == nil { print(line(count, "load", loads)) }

        // Each phase flips between two versions of a file; every flip is one timed reload.
        try timed(count, "style-constant", runs: runs, session: &session) { flip in
            files[ReloadWorkload.sheetPath] = workload.sheet(editedSize: flip)
            return ReloadWorkload.sheetPath
        } check: { report in
            report.counts.constantsChanged > 0 && report.counts.added == 0 && report.counts.removed == 0
                && report.counts.replaced == 0
        }
        try timed(count, "spec-constant", runs: runs, session: &session) { flip in
            files[ReloadWorkload.specPath] = workload.spec(gap: flip ? 2 : 1)
            return ReloadWorkload.specPath
        } check: { report in
            report.counts.constantsChanged > 0 && report.counts.added == 0 && report.counts.removed == 0
        }
        files[ReloadWorkload.specPath] = workload.spec(extraRuleOn: 0)
        session.reload(changedFiles: [ReloadWorkload.specPath])
        try timed(count, "structural", runs: runs, session: &session) { flip in
            files[ReloadWorkload.specPath] = workload.spec(extraRuleOn: flip ? 1 : 0)
            return ReloadWorkload.specPath
        } check: { report in
            report.counts.added == 1 && report.counts.removed == 1
        }
        try timed(count, "structural-view", runs: runs, session: &session) { flip in
            files[ReloadWorkload.specPath] = workload.spec(extraRuleOn: 0, extraView: flip)
            return ReloadWorkload.specPath
        } check: { report in
            report.addedViews.count + report.removedViews.count == 1
        }

        if wants("resize") {
        var resizes: [Double] = []
        for run in 0...runs {
            let next = run % 2 == 0 ? TerminalSize(width: 201, height: 61) : size
            var report: ReloadReport?
            let time = work {
                report = session.resize(to: next)
                return report!
            }
            if run > 0 { resizes.append(time) }
            if verbose { printError("resize: \(report!.summary)") }
        }
        print(line(count, "resize", resizes))
        }

        guard wants("resize-media") else { return }
        var mediaResizes: [Double] = []
        for run in 0...runs {
            let next = run % 2 == 0 ? TerminalSize(width: ReloadWorkload.mediaWidth + 10, height: 60) : size
            let time = work { session.resize(to: next) }
            if run > 0 { mediaResizes.append(time) }
        }
        print(line(count, "resize-media", mediaResizes))
    }

    private func wants(_ name: String) -> Bool { phase == nil || phase == name }

    /// Times `runs` reloads after one untimed warm-up, each after `edit` changed a file.
    private func timed(
        _ count: Int, _ name: String, runs: Int, session: inout LayoutSession,
        edit: (Bool) -> String, check: (ReloadReport) -> Bool
    ) throws {
        guard wants(name) else { return }
        var samples: [Double] = []
        for run in 0...runs {
            let path = edit(run % 2 == 0)
            var report: ReloadReport?
            let time = work {
                report = session.reload(changedFiles: [path])
                return report!
            }
            guard let report, report.applied, check(report) else {
                throw ValidationError("\(name): unexpected reload \(report?.summary ?? "none")")
            }
            if run > 0 { samples.append(time) }
            if verbose { printError("\(name): \(report.summary)") }
        }
        print(line(count, name, samples))
    }

    /// Milliseconds of work: the call's wall time less the time spent reading files.
    private func work(_ body: () -> ReloadReport) -> Double {
        var report: ReloadReport?
        let seconds = measureSeconds { report = body() }
        let read = report.map { Double($0.timings.read.components.attoseconds) * 1e-18 + Double($0.timings.read.components.seconds) } ?? 0
        return (seconds - read) * 1e3
    }

    private func line(_ count: Int, _ phase: String, _ samples: [Double]) -> String {
        benchLine(group: "reload", workload: workload.rawValue, n: count, phase: phase, unit: "ms", samples: samples)
    }
}

/// A generated spec and stylesheet: a screen holding a column of sections; each
/// section a row of grids, columns and rows; each of those holding boxes and
/// texts styled by one of 100 classes. Fan-out is about the cube root of the
/// view count at every level, so the tree is three containers deep whatever its size.
struct ReloadWorkload {
    enum Shape: String, ExpressibleByArgument, CaseIterable {
        case nested, grow
    }

    static let specPath = "bench/nested.layout"
    static let sheetPath = "bench/nested.cas"
    /// Class rules; with `.section` and the @media rule the sheet has 100.
    static let ruleCount = 98
    /// The width at which the sheet's @media block starts holding.
    static let mediaWidth = 240

    let views: Int
    let shape: Shape
    let sections: Int
    let containers: Int
    let leaves: Int

    init(views: Int, shape: Shape) {
        self.views = views
        self.shape = shape
        var fanOut = 1
        while (fanOut + 1) * (fanOut + 1) * (fanOut + 1) <= views { fanOut += 1 }
        sections = max(1, fanOut)
        containers = max(1, fanOut)
        let perSection = Double(views - 2) / Double(sections)
        leaves = max(1, Int((((perSection - 1) / Double(containers)) - 1).rounded(.up)))
    }

    func spec(gap: Int = 1, extraRuleOn extra: Int? = nil, extraView: Bool = false) -> String {
        var text = "use \"nested.cas\"\nscreen root {\n  column main [gap=0] {\n    edges == parent\n"
        var made = 2
        let kinds = ["grid", "column", "row"]
        for section in 0..<sections where made < views {
            let sectionGap = section == 0 ? gap : 1
            if shape == .grow {
                text += "    row s\(section) [gap=\(sectionGap) grow=1] {\n"
            } else {
                text += "    row s\(section) .section [gap=\(sectionGap)] {\n      height == $size-height\n"
            }
            made += 1
            for slot in 0..<containers where made < views {
                let kind = kinds[slot % kinds.count]
                let name = "s\(section)\(kind.first!)\(slot)"
                let params = kind == "grid" ? "[columns=4 gap=1 grow=1]" : "[gap=0 grow=1]"
                text += "      \(kind) \(name) \(params) {\n"
                made += 1
                let count = min(leaves, views - made)
                for leaf in 0..<count {
                    let id = "\(name)l\(leaf)"
                    let style = ".c\((section * 31 + slot * 7 + leaf) % Self.ruleCount)"
                    if leaf % 3 == 2 {
                        text += "        text \(id) \(style) \"item \(leaf)\"\n"
                    } else {
                        var body = kind != "row" ? "height == $size-height @medium"
                            : shape == .grow ? "size == $size @low" : "width == $size-width @medium"
                        if let extra, section == 0, slot == 0, leaf == extra { body += "; width >= 1 as extra" }
                        let grow = kind == "row" && shape == .grow ? " [grow=1]" : ""
                        text += "        box \(id) \(style)\(grow) { \(body) }\n"
                    }
                }
                made += count
                if extraView, section == 0, slot == 0 { text += "        box extra .c1 { height == $size-height @medium }\n" }
                text += "      }\n"
            }
            text += "    }\n"
        }
        text += "  }\n}\n"
        return text
    }

    /// 100 class rules (one with an edited `size` when asked) and one @media block.
    func sheet(editedSize: Bool = false) -> String {
        var text = "$accent = #ff8800\n"
        for rule in 0..<Self.ruleCount {
            let width = rule == 5 && editedSize ? 9 : 3 + rule % 7
            text += ".c\(rule) { size \(width) \(1 + rule % 3); margin 0 \(rule % 2); bg color(\(16 + rule)); border \(rule % 4 == 0 ? "single" : "none") }\n"
        }
        text += ".section { size 1 \(max(3, 60 / sections + 2)) }\n"
        text += "@media (min-width: \(Self.mediaWidth)) { .c7 { size 12 2 } }\n"
        return text
    }
}
