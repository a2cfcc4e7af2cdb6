import Casement
import Foundation
import Testing

/// SnapKit's and Masonry's documented behaviours, one test each: what their
/// READMEs and docs promise, laid out by Casement's engine.
@Suite struct SnapKitBehaviourTests {
    /// A 40×20 screen with a box `anchor` at x=5 y=2, 10×4, and a box `subject`.
    final class Scene {
        let root = View(.screen, id: "root")
        let anchor = View(.box, id: "anchor")
        let subject = View(.box, id: "subject")

        init() {
            root.addSubviews(anchor, subject)
            anchor.makeConstraints { make in
                make.left.equalTo(5)
                make.top.equalTo(2)
                make.width.equalTo(10)
                make.height.equalTo(4)
            }
        }

        func layout() throws -> Layout { try Layout(root: root, size: TerminalSize(width: 40, height: 20)) }
    }

    @Test func offsetAddsToTheTarget() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.left.equalTo(scene.anchor.right).offset(8)
            make.top.equalTo(scene.anchor.bottom).offset(-1)
            make.size.equalTo(3)
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 23, y: 5, width: 3, height: 3))
    }

    @Test func insetOnEdgesMovesEachEdgeInwards() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.edges.equalToSuperview().inset(Insets(top: 1, left: 2, bottom: 3, right: 4))
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 2, y: 1, width: 34, height: 16))
    }

    @Test func scalarInsetOnSizeSubtractsTwice() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.size.equalTo(scene.anchor).inset(1)
            make.center.equalTo(scene.anchor)
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 6, y: 3, width: 8, height: 2))
    }

    @Test func horizontalAndVerticalEdgesComposites() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.horizontalEdges.equalTo(scene.anchor)
            make.verticalEdges.equalToSuperview().inset(5)
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 5, y: 5, width: 10, height: 10))
    }

    @Test func multipliedByAndDividedByScaleTheTarget() throws {
        let scene = Scene()
        let other = View(.box, id: "other")
        scene.root.addSubview(other)
        scene.subject.makeConstraints { make in
            make.width.equalTo(scene.anchor).multipliedBy(2)
            make.height.equalTo(scene.anchor.height).dividedBy(2)
            make.left.top.equalToSuperview()
        }
        other.makeConstraints { make in
            make.width.equalTo(scene.root).multipliedBy(0.25).offset(1)
            make.height.equalTo(1)
            make.right.bottom.equalToSuperview()
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 0, y: 0, width: 20, height: 2))
        #expect(layout.frame(of: other) == ViewFrame(x: 29, y: 19, width: 11, height: 1))
    }

    @Test func bareNumbersAreSizesOrDistancesFromTheSuperview() throws {
        let scene = Scene()
        let inner = View(.box, id: "inner")
        scene.anchor.addSubview(inner)
        inner.makeConstraints { make in
            make.top.equalTo(1)          // anchor.top + 1
            make.left.equalTo(2)         // anchor.left + 2
            make.width.equalTo(3)        // absolute
            make.height.equalTo(1.5)
        }
        scene.subject.makeConstraints { make in make.edges.equalTo(0) }
        let layout = try scene.layout()
        #expect(layout.frame(of: inner) == ViewFrame(x: 7, y: 3, width: 3, height: 2))
    }

    @Test func arraysMakeOneConstraintEach() throws {
        let scene = Scene()
        let wide = View(.box, id: "wide")
        scene.root.addSubview(wide)
        wide.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.width.equalTo(25)
            make.height.equalTo(1)
        }
        scene.subject.makeConstraints { make in
            make.width.greaterThanOrEqualTo([scene.anchor, wide])
            make.width.equalTo(0).priority(.low)
            make.height.equalTo([1, 1] as [any ConstraintTarget])
            make.right.bottom.equalToSuperview()
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject)?.width == 25)
        #expect(layout.writtenSpec.components(separatedBy: "height == 1").count == 4)  // wide's and subject's two
    }

    @Test func superviewFormsAndInequalities() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.left.greaterThanOrEqualToSuperview().offset(3)
            make.left.equalTo(0).priority(.low)
            make.right.lessThanOrEqualToSuperview().inset(30)
            make.right.equalTo(scene.root.right).priority(.medium)
            make.top.bottom.equalToSuperview()
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 3, y: 0, width: 7, height: 20))
    }

    @Test func prioritiesLetTheStrongerRuleWin() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.width.equalTo(12).priority(.high)
            make.width.equalTo(30).priority(.low)
            make.width.lessThanOrEqualTo(20)
            make.height.equalTo(2).priority(600)
            make.height.equalTo(9).priority(599)
            make.left.top.equalToSuperview()
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 0, y: 0, width: 12, height: 2))
        #expect(layout.writtenSpec.contains("width == 12 @750"))
    }

    @Test func leadingAndTrailingAreLeftAndRight() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.leading.equalTo(scene.anchor.trailing)
            make.trailing.equalToSuperview()
            make.centerY.equalTo(scene.anchor)
            make.height.equalTo(2)
        }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 15, y: 3, width: 25, height: 2))
    }

    @Test func labelsNameTheConstraintsInConflicts() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.width.equalTo(5).labeled("narrow")
            make.width.equalTo(50).labeled("wide")
            make.left.top.equalToSuperview()
            make.height.equalTo(1)
        }
        let layout = try scene.layout()
        let errors = layout.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)   // one error per conflict set
        #expect(errors.allSatisfy { $0.message.contains("as narrow") && $0.message.contains("as wide") })
    }

    // MARK: SnapKit's constant (issue 25, item 5)

    /// A number target is the constant, and `offset`, `inset` and `update`
    /// replace it; on a view, anchor or style target the offset is added.
    @Test func aNumberTargetIsTheConstantThatOffsetAndUpdateReplace() throws {
        let root = View(.screen, id: "root")
        let a = View(.box, id: "a"), b = View(.box, id: "b"), c = View(.box, id: "c"), d = View(.box, id: "d")
        root.addSubviews(a, b, c, d)
        var resized: Constraint!
        a.makeConstraints { make in
            make.left.top.equalToSuperview()
            resized = make.width.equalTo(20).constraint
            make.height.equalTo(10).offset(4)                 // SnapKit: 4
        }
        b.makeConstraints { make in
            make.top.equalTo(a.bottom).offset(1)             // an anchor keeps the offset added
            make.left.equalTo(2).offset(3)                   // a number: 3 from the superview's left
            make.width.equalTo(a).offset(-5)                 // a view: a's width − 5
            make.height.equalTo(20).inset(2)                 // SnapKit: −(2 + 2)
        }
        let layout = try Layout(root: root, size: TerminalSize(width: 80, height: 24))
        #expect(layout.frame(of: a) == ViewFrame(x: 0, y: 0, width: 20, height: 4))
        #expect(layout.frame(of: b)?.y == 5)
        #expect(layout.frame(of: b)?.x == 3)
        #expect(layout.frame(of: b)?.width == 15)
        #expect(layout.writtenSpec.contains("height == -4"))
        resized.update(offset: 30)
        #expect(layout.layoutIfNeeded()?.counts == ConstraintCounts(constantsChanged: 1))
        #expect(layout.frame(of: a)?.width == 30)
        #expect(layout.frame(of: b)?.width == 25)
        c.makeConstraints { make in
            make.left.top.equalToSuperview().inset(2)        // edges: +2
            make.right.bottom.equalToSuperview().inset(Insets(top: 0, left: 0, bottom: 3, right: 4))
        }
        #expect(layout.frame(of: c) == ViewFrame(x: 2, y: 2, width: 74, height: 19))
        d.makeConstraints { make in
            make.left.top.equalToSuperview()
            make.width.equalTo(10).offset(4).offset(6)       // the last one given
            make.height.equalTo(2)
        }
        #expect(layout.frame(of: d)?.width == 6)
    }

    /// `updateConstraints` with a number replaces the constant (SnapKit's update).
    @Test func updateConstraintsReplacesTheConstant() throws {
        let root = View(.screen, id: "root")
        let a = View(.box, id: "a")
        root.addSubview(a)
        a.makeConstraints { make in
            make.left.top.equalToSuperview().offset(2)
            make.width.equalTo(20)
            make.height.equalTo(3)
        }
        let layout = try Layout(root: root)
        a.updateConstraints { make in
            make.width.equalTo(30)
            make.left.equalToSuperview().offset(5)
        }
        #expect(layout.layoutIfNeeded()?.counts == ConstraintCounts(constantsChanged: 2))
        #expect(layout.frame(of: a) == ViewFrame(x: 5, y: 2, width: 30, height: 3))
    }
}
