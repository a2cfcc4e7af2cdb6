@testable import Casement
import TestSupport
import Testing

/// Random sequences of edits made in code — constants updated, views remade with
/// new placements, the last view removed and added back, rules deactivated and
/// activated — applied incrementally must give the frames a fresh `Layout` of
/// the same tree gives, after every edit.
@Suite struct IncrementalTests {
    typealias Plan = DifferentialTests.Plan

    @Test func incrementalEditsMatchAFreshLayout() throws {
        var random = SplitMix64(seed: 0x1DE7_17)
        let size = TerminalSize(width: 90, height: 30)
        var patches = 0
        for sequence in 0..<60 {
            var plans = DifferentialTests.plans(&random)
            let (root, views) = DifferentialTests.build(plans)
            let layout = try Layout(root: root, size: size)
            var removed = false
            var extra: Constraint?
            for step in 0..<8 {
                let index = random.below(plans.count)
                switch random.below(4) {
                case 0:
                    // A new random placement for one view (references stay on earlier siblings).
                    let fresh = DifferentialTests.plans(&random)
                    if index < fresh.count, fresh[index].parent == plans[index].parent {
                        plans[index] = fresh[index]
                        views[index].remakeConstraints { make in
                            DifferentialTests.constrain(make, plans[index].horizontal, axis: .horizontal, views: views)
                            DifferentialTests.constrain(make, plans[index].vertical, axis: .vertical, views: views)
                        }
                    }
                case 1:
                    let last = views[plans.count - 1]
                    if removed {
                        (plans[plans.count - 1].parent.map { views[$0] } ?? root).addSubview(last)
                    } else {
                        last.removeFromSuperview()
                    }
                    removed.toggle()
                case 2:
                    if let extra {
                        extra.isActive.toggle()
                    } else {
                        views[index].makeConstraints { make in
                            extra = make.width.greaterThanOrEqualTo(1).priority(.low).constraint
                        }
                    }
                default:
                    if case .startAndLength(let target, let a, let b) = plans[index].horizontal {
                        plans[index].horizontal = .startAndLength(target: target, a: a + 1, b: b)
                        views[index].updateConstraints { make in make.left.equalTo(a + 1) }
                    }
                }
                // A fresh layout of the same tree makes the next read build it
                // whole; compared every other step, the steps between apply by
                // rebuilding only the views that changed.
                guard step % 2 == 1 else {
                    layout.layoutIfNeeded()
                    continue
                }
                let fresh = try Layout(root: root, size: size)
                for view in views {
                    #expect(layout.frame(of: view) == fresh.frame(of: view), "sequence \(sequence) step \(step)")
                }
                #expect(layout.diagnostics.map(\.summary) == fresh.diagnostics.map(\.summary))
            }
            patches += layout.patchCount
        }
        #expect(patches > 60)
    }
}
