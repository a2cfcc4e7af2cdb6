import ArgumentParser
import Casement

/// `casement-bench dsl`: the 1,000-view stress demo built in Swift with
/// `import Casement` and solved, against loading the same `.layout` file.
/// Both figures are end to end: files read, spec parsed and lowered, styles
/// cascaded, constraints solved, frames ready. The budget: dsl ≤ 1.5 × spec.
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

    func run() throws {
        let size = TerminalSize(width: 200, height: 60)
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
                var layout = try Layout(root: root, stylesheets: [stylesheet], size: size)
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
        print("dsl stress N=\(n) ratio dsl/spec=\(fixed(ratio)) budget=1.500")
    }
}

/// demo/stress.layout built in Swift, as demo/tools/make-stress.swift writes it.
enum StressDemo {
    static let tileColumns = 5, tileRows = 4, boxColumns = 10, boxRows = 5, bands = 5

    static func build() -> View {
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
