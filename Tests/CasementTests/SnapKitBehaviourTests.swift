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
        var layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 23, y: 5, width: 3, height: 3))
    }

    @Test func insetOnEdgesMovesEachEdgeInwards() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.edges.equalToSuperview().inset(Insets(top: 1, left: 2, bottom: 3, right: 4))
        }
        var layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 2, y: 1, width: 34, height: 16))
    }

    @Test func scalarInsetOnSizeSubtractsTwice() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.size.equalTo(scene.anchor).inset(1)
            make.center.equalTo(scene.anchor)
        }
        var layout = try scene.layout()
        #expect(layout.frame(of: scene.subject) == ViewFrame(x: 6, y: 3, width: 8, height: 2))
    }

    @Test func horizontalAndVerticalEdgesComposites() throws {
        let scene = Scene()
        scene.subject.makeConstraints { make in
            make.horizontalEdges.equalTo(scene.anchor)
            make.verticalEdges.equalToSuperview().inset(5)
        }
        var layout = try scene.layout()
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
        var layout = try scene.layout()
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
        var layout = try scene.layout()
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
        var layout = try scene.layout()
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
        var layout = try scene.layout()
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
        var layout = try scene.layout()
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
        var layout = try scene.layout()
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
        var layout = try scene.layout()
        let errors = layout.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)   // one error per conflict set
        #expect(errors.allSatisfy { $0.message.contains("as narrow") && $0.message.contains("as wide") })
    }
}
