import Cells
import TestSupport
import Testing

@testable import LayoutEngine

/// A large load adds its constraints in stages, settling the solver between
/// them (`SolverBinding.addInStages`). The optimum is unique, so the frames
/// must be exactly those of adding every constraint at once.
@Suite struct StagedLoadTests {
    /// A random tree of rows, columns and grids whose children grow by random
    /// factors, with leaves sized by the stylesheet at a low priority (the
    /// shape of the `grow` benchmark, where staging matters).
    struct TreeGenerator {
        var random: SplitMix64
        var made = 0

        mutating func spec(depth: Int) -> String {
            made = 0
            var text = "use \"s.cas\"\nscreen root {\n  column main [gap=0] {\n    edges == parent\n"
            let sections = 1 + random.below(4)
            for _ in 0..<sections { text += container(depth: depth, indent: "    ") }
            return text + "  }\n}\n"
        }

        private mutating func container(depth: Int, indent: String) -> String {
            made += 1
            let kind = ["row", "column", "grid"][random.below(3)]
            let params = kind == "grid"
                ? "[columns=\(1 + random.below(3)) gap=\(random.below(2)) grow=\(1 + random.below(3))]"
                : "[gap=\(random.below(2)) grow=\(1 + random.below(3))]"
            var text = "\(indent)\(kind) c\(made) \(params) {\n"
            let children = 1 + random.below(5)
            for _ in 0..<children {
                if depth > 1, random.below(3) == 0 {
                    text += container(depth: depth - 1, indent: indent + "  ")
                } else {
                    made += 1
                    let grow = kind == "grid" ? "" : " [grow=\(1 + random.below(3))]"
                    text += "\(indent)  box l\(made) .s\(random.below(4))\(grow) { size == $size @low }\n"
                }
            }
            return text + "\(indent)}\n"
        }
    }

    static let sheet = (0..<4).map { ".s\($0) { size \(2 + $0 * 3) \(1 + $0) }" }.joined(separator: "\n")

    /// Frames by id, of a load whose additions are staged from `threshold` on.
    static func frames(_ spec: String, stagingFrom threshold: Int, width: Int, height: Int) -> [String: ViewFrame] {
        let memory = MemoryFiles([specPath: spec, "s.cas": sheet])
        var session = LayoutSession(specPath: specPath, reader: memory.reader, size: TerminalSize(width: width, height: height))
        session.binding.stagingThreshold = threshold
        session.load()
        var result: [String: ViewFrame] = [:]
        for view in session.views { result[view.id] = view.frame }
        return result
    }

    @Test(arguments: 0..<24)
    func stagedLoadShowsTheFramesOfAddingAllAtOnce(seed: Int) {
        var generator = TreeGenerator(random: SplitMix64(seed: UInt64(seed) &* 7919 &+ 17))
        let spec = generator.spec(depth: 2 + seed % 3)
        let width = 60 + seed * 7 % 140, height = 20 + seed * 5 % 60
        let allAtOnce = Self.frames(spec, stagingFrom: .max, width: width, height: height)
        let staged = Self.frames(spec, stagingFrom: 1, width: width, height: height)
        #expect(allAtOnce.count > 3)
        #expect(staged == allAtOnce, "seed \(seed)")
    }

    /// The benchmark's threshold stages a load of a few hundred constraints.
    func defaultThresholdStagesALargeLoad() {
        var generator = TreeGenerator(random: SplitMix64(seed: 99))
        var spec = generator.spec(depth: 5)
        while generator.made < 300 { spec = generator.spec(depth: 5) }
        let staged = Self.frames(spec, stagingFrom: SolverBinding.defaultStagingThreshold, width: 200, height: 60)
        #expect(staged == Self.frames(spec, stagingFrom: .max, width: 200, height: 60))
    }
}

/// The owner map's four-byte values give back the reference they were made from.
@Suite struct PackedConstraintRefTests {
    @Test func everyKindAndIndexRoundTrips() {
        var refs: [ConstraintRef] = [.spec(0), .spec(1), .spec(57_241), .spec(Int(Int32.max))]
        for view in [0, 1, 9_999, 100_000] {
            for kind in ImplicitKind.allCases { refs.append(.implicit(view: view, kind: kind)) }
        }
        for ref in refs { #expect(PackedConstraintRef(ref).ref == ref) }
    }
}

/// The large staged load of `StagedLoadTests`: out of the fast loop (docs/testing.md).
@Suite struct SlowStagedLoadTests {
    @Test func defaultThresholdStagesALargeLoad() { StagedLoadTests().defaultThresholdStagesALargeLoad() }
}
