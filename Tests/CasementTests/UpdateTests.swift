import Casement
import Testing

/// `updateConstraints`, `remakeConstraints`, `removeConstraints`, `Constraint`
/// handles, and source locations: what the solver sees, and where diagnostics point.
@Suite struct UpdateTests {
    final class Scene {
        let root = View(.screen, id: "root")
        let box = View(.box, id: "box")
        var width: Constraint!

        init() {
            root.addSubview(box)
            box.makeConstraints { make in
                make.left.top.equalToSuperview().offset(1)
                width = make.width.equalTo(10).constraint
                make.height.equalTo(3)
            }
        }

        func layout() throws -> Layout { try Layout(root: root, size: TerminalSize(width: 40, height: 20)) }
    }

    @Test func updateChangesConstantsInPlace() throws {
        let scene = Scene()
        let layout = try scene.layout()
        scene.box.updateConstraints { make in
            make.height.equalTo(5)
            make.left.top.equalToSuperview().offset(4)
        }
        let applied = layout.layoutIfNeeded()
        let report = try #require(applied)
        #expect(report.counts == ConstraintCounts(constantsChanged: 3))
        #expect(layout.frame(of: scene.box) == ViewFrame(x: 4, y: 4, width: 10, height: 5))
        #expect(layout.diagnostics.isEmpty)
    }

    @Test func updateWithNoMatchAddsTheRuleAndWarnsAtTheCall() throws {
        let scene = Scene()
        let layout = try scene.layout()
        let line = #line + 2
        scene.box.updateConstraints { make in
            make.width.lessThanOrEqualTo(6)
        }
        let width = layout.frame(of: scene.box)?.width
        #expect(width == 10)  // the new rule conflicts with width == 10 … and loses
        let warnings = layout.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location.file == "CasementTests/UpdateTests.swift")
        #expect(warnings.first?.location.line == line)
        #expect(warnings.first?.message.contains("updateConstraints found no rule") == true)
    }

    @Test func updateMatchesByLabel() throws {
        let scene = Scene()
        scene.box.makeConstraints { make in make.width.greaterThanOrEqualTo(2).labeled("min") }
        let layout = try scene.layout()
        scene.box.updateConstraints { make in make.width.greaterThanOrEqualTo(8).labeled("min") }
        let applied = layout.layoutIfNeeded()
        #expect(applied?.counts == ConstraintCounts(constantsChanged: 1))
        #expect(layout.writtenSpec.contains("width >= 8 as min"))
    }

    @Test func remakeReplacesEveryRuleTheViewMade() throws {
        let scene = Scene()
        let layout = try scene.layout()
        scene.box.remakeConstraints { make in
            make.edges.equalToSuperview().inset(2)
        }
        #expect(layout.frame(of: scene.box) == ViewFrame(x: 2, y: 2, width: 36, height: 16))
        let counts = try #require(layout.lastReport?.counts)
        #expect(counts.removed + counts.replaced > 0)
    }

    @Test func removeConstraintsLeavesTheViewUnconstrained() throws {
        let scene = Scene()
        let layout = try scene.layout()
        scene.box.removeConstraints()
        _ = layout.frame(of: scene.box)
        #expect(!layout.writtenSpec.contains("width == 10"))
        #expect(layout.diagnostics.contains { $0.message.contains("ambiguous") })
    }

    @Test func handleUpdatesOffsetInsetAndPriority() throws {
        let scene = Scene()
        let layout = try scene.layout()
        // As SnapKit: the number target is the constant, and each update replaces it.
        scene.width.update(offset: 5)
        let applied = layout.layoutIfNeeded()
        #expect(applied?.counts == ConstraintCounts(constantsChanged: 1))
        #expect(layout.frame(of: scene.box)?.width == 5)
        scene.width.update(inset: Insets(top: 0, left: 1, bottom: 0, right: 2))
        #expect(layout.layoutIfNeeded()?.counts == ConstraintCounts(constantsChanged: 1))
        #expect(layout.writtenSpec.contains("width == -3"))   // −(left + right), as SnapKit's inset on a width
        scene.width.update(offset: 6)
        scene.width.update(priority: .low)
        let replaced = layout.layoutIfNeeded()
        #expect(replaced?.counts.replaced == 1)
        #expect(layout.writtenSpec.contains("width == 6 @250"))
        #expect(layout.frame(of: scene.box)?.width == 6)
    }

    @Test func handleDeactivatesAndActivates() throws {
        let scene = Scene()
        var other: Constraint!
        scene.box.makeConstraints { make in other = make.width.equalTo(20).constraint }
        let layout = try scene.layout()
        #expect(layout.diagnostics.contains { $0.severity == .error })
        other.deactivate()
        #expect(!other.isActive)
        #expect(layout.frame(of: scene.box)?.width == 10)
        #expect(!layout.diagnostics.contains { $0.severity == .error })
        scene.width.deactivate()
        other.activate()
        #expect(other.isActive && !scene.width.isActive)
        #expect(layout.frame(of: scene.box)?.width == 20)
    }

    @Test func updateOnAViewWithoutRulesJustMakesThem() throws {
        let root = View(.screen, id: "root"), box = View(.box, id: "box")
        root.addSubview(box)
        box.updateConstraints { make in make.edges.equalToSuperview() }
        let layout = try Layout(root: root)
        #expect(layout.diagnostics.isEmpty)
        #expect(layout.frame(of: box) == ViewFrame(x: 0, y: 0, width: 80, height: 24))
    }

    @Test func preparedConstraintsWaitForActivate() throws {
        let scene = Scene()
        let prepared = scene.box.prepareConstraints { make in make.height.equalTo(7).priority(.high) }
        let layout = try scene.layout()
        #expect(layout.frame(of: scene.box)?.height == 3)
        #expect(prepared.count == 1 && !prepared[0].isActive)
        prepared[0].isActive = true
        scene.box.updateConstraints { make in make.height.equalTo(3).priority(.low) }  // no match: added, warned
        #expect(layout.frame(of: scene.box)?.height == 3)
        #expect(layout.diagnostics.count == 1)
    }

    @Test func masonryFillerWordsAndArrays() throws {
        let root = View(.screen, id: "root")
        let views = [View(.box, id: "a"), View(.box, id: "b")]
        root.addSubviews(views)
        views.makeConstraints { make in
            make.top.and.height.equalToSuperview().with.offset(0)
            make.width.equalTo(10)
        }
        views[0].makeConstraints { make in make.left.equalToSuperview() }
        views[1].makeConstraints { make in make.left.equalToSuperview { $0.centerX } }
        let layout = try Layout(root: root, size: TerminalSize(width: 40, height: 10))
        #expect(layout.frame(of: views[1]) == ViewFrame(x: 20, y: 0, width: 10, height: 10))
        views.updateConstraints { make in make.width.equalTo(4) }
        #expect(layout.frame(of: views[0])?.width == 4)
    }

    @Test func conflictsNameTheSwiftLinesOfBothRules() throws {
        let root = View(.screen, id: "root")
        let box = View(.box, id: "box")
        root.addSubview(box)
        let first = #line + 2
        box.makeConstraints { make in
            make.width.equalTo(4)
            make.width.equalTo(6)
            make.left.top.equalToSuperview()
            make.height.equalTo(1)
        }
        let layout = try Layout(root: root)
        let errors = layout.diagnostics.filter { $0.severity == .error }
        // One error per conflict set, at the member the engine broke (the later rule).
        #expect(errors.map(\.location.line) == [first + 1])
        #expect(errors.allSatisfy { $0.location.file == "CasementTests/UpdateTests.swift" })
        // #column is the call's parenthesis.
        #expect(errors.allSatisfy { $0.location.column == 31 })
        // The other member is named inside the message at its Swift line too.
        #expect(errors[0].message.contains("CasementTests/UpdateTests.swift:\(first):31"))
        #expect(layout.explain(box)?.contains("CasementTests/UpdateTests.swift:\(first):31") == true)
        #expect(layout.render(format: .json).contains("\"file\": \"CasementTests/UpdateTests.swift\""))
    }

    @Test func treeEditsApplyIncrementally() throws {
        let scene = Scene()
        let layout = try scene.layout()
        let extra = View(.box, id: "extra")
        scene.root.addSubview(extra)
        extra.makeConstraints { make in
            make.top.equalTo(scene.box.bottom)
            make.left.equalTo(scene.box)
            make.size.equalTo(2)
        }
        #expect(layout.frame(of: extra) == ViewFrame(x: 1, y: 4, width: 2, height: 2))
        #expect(layout.lastReport?.addedViews == ["extra"])
        #expect(layout.lastReport?.counts.added == 4)
        extra.removeFromSuperview()
        #expect(layout.frame(of: extra) == nil)
        #expect(layout.lastReport?.removedViews == ["extra"])
    }
}
