import ArgumentParser
import Casement
import LayoutEngine
import Foundation

/// `casement-bench dsl`: the 1,000-view stress demo built in Swift with
/// `import Casement` and solved, against loading the same `.layout` file.
/// Both figures are end to end: files read, spec parsed and lowered, styles
/// cascaded, constraints solved, frames ready. The budget: dsl ≤ 1.2 × spec.
/// Then one constant changed from Swift and in the spec, on the stress demo
/// and on a 10,000-view tree built in code (and the same tree as a `.layout`,
/// its `writtenSpec`): a frame in ≤ 15 ms, and code no slower than the spec.
struct DSLBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dsl",
        abstract: "The stress demo built with the Swift DSL vs loaded from its .layout file.")

    @Option(help: "The stress spec (run from the package root).")
    var spec = "demo/stress.layout"

    @Option(help: "Its stylesheet, for the Swift-built tree.")
    var stylesheet = "styles/stress.cas"

    @Option(help: "Timed runs per figure.")
    var runs = 11

    @Option(help: "Only this workload: stress (the 1,023-view demo) or big (the 10,000-view tree).")
    var only: String?

    func run() throws {
        let size = TerminalSize(width: 200, height: 60)
        if only == "big" { return try measureBigUpdates(size: size) }
        var specFrames: [ViewFrame] = []
        var dslFrames: [ViewFrame] = []
        var specSamples: [Double] = []
        var dslSamples: [Double] = []
        for _ in 0..<runs {
            specSamples.append(measureSeconds {
                var session = LayoutSession(specPath: spec, size: size)
                session.load()
                specFrames = session.views.map(\.frame)
            } * 1e3)
            dslSamples.append(try measureSeconds {
                let root = StressDemo.build()
                let layout = try Layout(root: root, stylesheets: [stylesheet], size: size)
                dslFrames = layout.views.map(\.frame)
            } * 1e3)
        }
        guard specFrames == dslFrames, specFrames.count > 1000 else {
            throw ValidationError("the Swift-built stress demo lays out differently from \(spec)")
        }
        let n = specFrames.count
        print(benchLine(group: "dsl", workload: "stress", n: n, phase: "spec-load", unit: "ms", samples: specSamples))
        print(benchLine(group: "dsl", workload: "stress", n: n, phase: "dsl-build-solve", unit: "ms", samples: dslSamples))
        let ratio = Summary(dslSamples).median / Summary(specSamples).median
        print("dsl stress N=\(n) ratio dsl/spec=\(fixed(ratio)) budget=1.200")
        try measureUpdates(size: size, n: n)
        if only != "stress" { try measureBigUpdates(size: size) }
    }

    /// The same constant edit on a 10,000-view tree built in code, against the
    /// same tree written as a `.layout` (its `writtenSpec`) and saved with the edit.
    private func measureBigUpdates(size: TerminalSize) throws {
        let root = StressDemo.build(tileColumns: 10, tileRows: 10, boxColumns: 10, boxRows: 10)
        let layout = try Layout(root: root, stylesheets: [stylesheet], size: size)
        let path = "casement-bench-big.layout"
        let (specSamples, dslSamples, n) = try timeConstantEdits(
            of: root, in: layout, spec: path, text: layout.writtenSpec, size: size)
        guard n >= 10_000 else { throw ValidationError("the big tree has \(n) views") }
        print(benchLine(group: "dsl", workload: "big", n: n, phase: "spec-constant", unit: "ms", samples: specSamples))
        print(benchLine(group: "dsl", workload: "big", n: n, phase: "dsl-update", unit: "ms", samples: dslSamples))
        let ratio = Summary(dslSamples).median / Summary(specSamples).median
        print("dsl big N=\(n) ratio dsl-update/spec-constant=\(fixed(ratio)) budget=1.000 frame-budget=15 ms")
    }

    /// One constant edit: `top == 1` of the outer grid becomes 2 and back, saved
    /// in the spec vs `updateConstraints` in code. Both must be one `setConstant`.
    private func measureUpdates(size: TerminalSize, n: Int) throws {
        let root = StressDemo.build()
        let layout = try Layout(root: root, stylesheets: [stylesheet], size: size)
        let (specSamples, dslSamples, _) = try timeConstantEdits(
            of: root, in: layout, spec: spec, text: try FileReader.fileSystem.contents(of: spec), size: size)
        print(benchLine(group: "dsl", workload: "stress", n: n, phase: "spec-constant", unit: "ms", samples: specSamples))
        print(benchLine(group: "dsl", workload: "stress", n: n, phase: "dsl-update", unit: "ms", samples: dslSamples))
    }

    /// Times `top == 1` of the tree's outer grid made 2 and back, saved in the
    /// spec `text` (served from memory) and made with `updateConstraints` on
    /// `layout`; both must lay out the same and be one `setConstant`. Each goes
    /// first every other run: the one that follows shares the machine with the
    /// first's memory being freed in the background.
    private func timeConstantEdits(
        of root: View, in layout: Layout, spec path: String, text: String, size: TerminalSize
    ) throws -> (spec: [Double], dsl: [Double], views: Int) {
        let tiles = root.view("tiles")!
        let files = MemoryFiles([path: text])
        let reader = FileReader { name in try files[name] ?? FileReader.fileSystem.contents(of: name) }
        var session = LayoutSession(specPath: path, reader: reader, size: size)
        session.load()
        guard session.views.map(\.frame) == layout.views.map(\.frame) else {
            throw ValidationError("the tree built in code lays out differently from \(path)")
        }
        var specSamples: [Double] = []
        var dslSamples: [Double] = []
        for run in 0..<(runs * 2) {
            let top = run % 2 == 0 ? 2 : 1
            files[path] = text.replacingFirst("    top == 1\n", with: "    top == \(top)\n")
            var specReport: ReloadReport?
            var dslReport: ReloadReport?
            let measureSpec = { specSamples.append(measureSeconds { specReport = session.reload(changedFiles: [path]) } * 1e3) }
            let measureDSL = {
                dslSamples.append(measureSeconds {
                    tiles.updateConstraints { make in make.top.equalTo(top) }
                    dslReport = layout.layoutIfNeeded()
                } * 1e3)
            }
            if run % 4 < 2 { measureSpec(); measureDSL() } else { measureDSL(); measureSpec() }
            guard specReport?.counts == ConstraintCounts(constantsChanged: 1),
                dslReport?.counts == ConstraintCounts(constantsChanged: 1)
            else { throw ValidationError("a constant edit was not one setConstant") }
        }
        return (specSamples, dslSamples, session.views.count)
    }
}

/// demo/stress.layout built in Swift, as demo/tools/make-stress.swift writes it.
enum StressDemo {
    static let bands = 5

    /// The stress demo's tree; other counts give bigger trees of the same shape.
    static func build(tileColumns: Int = 5, tileRows: Int = 4, boxColumns: Int = 10, boxRows: Int = 5) -> View {
        let root = View(.screen, id: "root")
        let leaves = tileColumns * tileRows * boxColumns * boxRows
        let heading = View(
            .text, id: "heading",
            text: "stress · \(tileColumns * tileRows) grids × \(boxColumns * boxRows) boxes = \(leaves) boxes")
        let tiles = View(.grid, id: "tiles", params: ["columns": .number(Double(tileColumns)), "gap": 1])
        root.addSubviews(heading, tiles)
        heading.makeConstraints { make in
            make.top.equalTo(0)
            make.left.equalTo(2)
        }
        tiles.makeConstraints { make in
            make.top.equalTo(1)
            make.left.right.bottom.equalToSuperview()
        }
        for tileRow in 0..<tileRows {
            for tileColumn in 0..<tileColumns {
                let tile = View(
                    .grid, id: "tile\(tileRow * tileColumns + tileColumn)", classes: ["tile"],
                    params: ["columns": .number(Double(boxColumns))])
                tiles.addSubview(tile)
                for row in 0..<boxRows {
                    for column in 0..<boxColumns {
                        let x = tileColumn * boxColumns + column, y = tileRow * boxRows + row
                        var classes = ["c\(((x + 2 * y) / 3) % bands)"]
                        if (x + y) % 2 != 0 { classes.append("alt") }
                        tile.addSubview(View(.box, classes: classes))
                    }
                }
            }
        }
        return root
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
