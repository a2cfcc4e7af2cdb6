import Cells
import Foundation
import LayoutEngine
import Testing

@testable import casement

/// `casement check` on every demo, as a newcomer runs it from the package root:
/// silent and exit 0, except the two demos that exist to show a diagnostic,
/// which print exactly that and nothing else.
@Suite struct CheckTests {
    /// The two sizes the demos are designed for, and the canvas the live
    /// designer gives them on those terminals: one row less for the status
    /// line, and 72 columns at 120x40 with the inspector open. (At 80x24 with
    /// the inspector open the canvas is 48 columns, narrower than the
    /// dashboard and the linear demo are meant for; see docs/demos.md.)
    static let sizes = [(80, 24), (120, 40), (80, 23), (120, 39), (72, 39)].map {
        TerminalSize(width: $0.0, height: $0.1)
    }

    /// The demos whose whole point is a diagnostic, with the exact lines.
    static let intended: [String: (lines: [String], status: Int32)] = [
        "conflict": ([
            // One error per conflict set, at the member that was broken.
            "demo/conflict.layout:15:5: error: required constraint `dialog.width == 38 as compact-width` conflicts with `dialog.width == 44 as design-width` (demo/conflict.layout:14:5); it was broken (left out) [engine.conflict]",
        ], 1),
        "ambiguity": ([
            "demo/ambiguity.layout:17:3: warning: view 'drifting' is ambiguous: the left of 'drifting' is not constrained at all [engine.ambiguous]",
        ], 0),
    ]

    static func check(_ demo: String, _ size: TerminalSize) -> CommandOutput {
        CheckCommand.output(spec: DemoFiles.relativeSpec(demo), size: size, reader: DemoFiles.rootReader)
    }

    @Test(arguments: DemoFiles.demoNames.filter { intended[$0] == nil && $0 != "stress" })
    func demoChecksClean(_ demo: String) {
        for size in Self.sizes {
            let output = Self.check(demo, size)
            #expect(output == CommandOutput(stdout: "", stderr: "", status: 0), "demo/\(demo).layout at \(size)")
        }
    }

    @Test(arguments: intended.keys.sorted())
    func demoGivesExactlyItsIntendedDiagnostics(_ demo: String) throws {
        let expected = try #require(Self.intended[demo])
        for size in Self.sizes {
            let output = Self.check(demo, size)
            #expect(output.stdout.split(separator: "\n").map(String.init) == expected.lines, "at \(size)")
            #expect(output.stderr.isEmpty)
            #expect(output.status == expected.status)
        }
    }

    /// The lines above point at real rules: line 14 and 15 of the conflict demo
    /// are its two width rules, line 17 of the ambiguity demo declares `drifting`.
    @Test func intendedDiagnosticsPointAtTheRulesTheyName() throws {
        let conflict = try String(contentsOfFile: DemoFiles.spec("conflict"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(conflict[13].contains("width == 44") && conflict[13].contains("as design-width"))
        #expect(conflict[14].contains("width == 38") && conflict[14].contains("as compact-width"))
        let ambiguity = try String(contentsOfFile: DemoFiles.spec("ambiguity"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(ambiguity[16].contains("box drifting"))
    }
}

/// The stress demo's check: out of the fast loop (docs/testing.md).
@Suite struct SlowCheckTests {
    @Test(arguments: ["stress"])
    func demoChecksClean(_ demo: String) { CheckTests().demoChecksClean(demo) }
}
