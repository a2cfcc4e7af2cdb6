import Casement
import Testing

/// Issue 26 §2 item 11: misusing the DSL gets a diagnostic or a thrown error,
/// and the program goes on — never a trap or a hang.
@Suite struct MisuseTests {
    private func placed(_ view: View, top: Int = 0) {
        view.makeConstraints { make in
            make.left.equalToSuperview()
            make.top.equalTo(top)
            make.size.equalTo(2)
        }
    }

    @Test func aViewAddedToItselfIsReportedAndLeftOut() throws {
        let root = View(.screen, id: "root")
        let a = View(.box, id: "a")
        root.addSubview(a)
        placed(a)
        let line = #line + 1
        a.addSubview(a)
        #expect(a.subviews.isEmpty)
        let layout = try Layout(root: root)
        let problem = try #require(layout.diagnostics.first { $0.message.contains("its own subview") })
        #expect(problem.severity == .error)
        #expect(problem.location.line == line)
        #expect(layout.frame(of: a) == ViewFrame(x: 0, y: 0, width: 2, height: 2))
    }

    @Test func cyclesAreRefusedAtTheCall() throws {
        let root = View(.screen, id: "root")
        let a = View(.box, id: "a"), b = View(.box, id: "b")
        root.addSubview(a)
        a.addSubview(b)
        placed(a)
        placed(b)
        b.addSubview(a)            // a holds b
        b.addSubview(root)         // the root made a child of its own grandchild
        #expect(a.superview === root && b.superview === a && root.superview == nil)
        let layout = try Layout(root: root)
        let cycles = layout.diagnostics.filter { $0.message.contains("would be a cycle") }
        #expect(cycles.count == 2)
        #expect(layout.frame(of: b) == ViewFrame(x: 0, y: 0, width: 2, height: 2))
    }

    @Test func distributeWithoutViewsOrAcrossSuperviewsThrows() throws {
        let root = View(.screen, id: "root")
        let a = View(.box, id: "a"), b = View(.box, id: "b"), c = View(.box, id: "c")
        root.addSubviews(a, b)
        a.addSubview(c)
        #expect(throws: CasementError.self) { try distribute([], along: .horizontal, fixedSpacing: 1) }
        #expect(throws: CasementError.self) { try distribute([a, c], along: .horizontal, fixedSpacing: 1) }
        #expect(throws: CasementError.self) { try [View(.box)].distribute(along: .vertical, fixedItemLength: 2) }
        do {
            try distribute([b, c], along: .vertical, fixedSpacing: 1)
            Issue.record("distribute across superviews did not throw")
        } catch {
            #expect(error.description.contains("MisuseTests.swift"))
            #expect(error.description.contains("'c' is not in 'root'"))
        }
        try distribute([a, b], along: .horizontal, fixedSpacing: 1)
        #expect(try Layout(root: root).frame(of: a) != nil)
    }

    @Test func aHugeLayoutRendersACappedCorner() throws {
        let root = View(.screen, id: "root")
        let box = View(.box, id: "box")
        root.addSubview(box)
        placed(box)
        let layout = try Layout(root: root, size: TerminalSize(width: 1_000_000_000, height: 1_000_000_000))
        let text = layout.render(format: .plain)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= Layout.maximumDrawnCells / 10_000 + 1)
        #expect(layout.diagnostics.contains { $0.message.contains("draws only its top-left") })
        #expect(layout.render(format: .json).contains("\"width\": 1000000000"))
    }

    @Test func theReservedIdParentIsReported() throws {
        let root = View(.screen, id: "root")
        let odd = View(.box, id: "parent")
        root.addSubview(odd)
        placed(odd)
        let layout = try Layout(root: root)
        #expect(layout.diagnostics.contains { $0.message.contains("'parent' cannot be a view's id") })
    }
}

/// Numbers that are not finite, from code (found by the dsl fuzz target: a view
/// with `width == nan` and `height == nan` was laid out at top = inf).
@Suite struct NonFiniteRuleTests {
    @Test func rulesOfNoFiniteNumberAreLeftOutAndReported() throws {
        let root = View(.screen, id: "root")
        let child = View(.text, id: "child", title: "")
        root.addSubview(child)
        root.makeConstraints { make in make.height.greaterThanOrEqualTo(child.centerY).multipliedBy(0) }
        child.makeConstraints { make in
            make.width.equalTo(Double.nan)
            make.height.equalTo(Double.nan)
            make.width.lessThanOrEqualTo(3.5).priority(1)
            make.height.lessThanOrEqualTo(3.5).priority(1)
            make.width.equalTo(root.width).multipliedBy(0.000000001).priority(1)
        }
        let layout = try Layout(root: root, size: TerminalSize(width: 200, height: 60))
        _ = layout.frame(of: child)
        for view in layout.views {
            let exact = view.exact
            #expect([exact.left, exact.top, exact.width, exact.height].allSatisfy { $0.isFinite }, "\(view.id): \(exact)")
        }
        #expect(layout.diagnostics.contains { $0.message.contains("not a number; the constraint is left out") }, Comment(rawValue: layout.diagnostics.map(\.message).joined(separator: " | ")))
    }
}

extension NonFiniteRuleTests {
    /// Found by the dsl fuzz target: `dividedBy(1e300)` made a multiplier of 1e-300,
    /// which the solver divided by, and a view was laid out at top = inf. A
    /// multiplier nearer 0 than ±10⁻⁶ leaves its rule out, with a warning.
    @Test(arguments: [TerminalSize(width: 200, height: 60), TerminalSize(width: 0, height: 0),
                      TerminalSize(width: 1_000_000_000, height: 1_000_000_000)])
    func aMultiplierTooNearZeroLeavesItsRuleOut(size: TerminalSize) throws {
        let root = View(.screen, id: "root")
        let layout = try Layout(root: root, size: size)
        _ = layout.frame(of: root)
        let child = View(.column, id: "a b", classes: ["c", "d"], title: "Title")
        child.makeConstraints { make in make.height.width.greaterThanOrEqualTo(child).offset(3.5).priority(1) }
        root.makeConstraints { make in make.height.greaterThanOrEqualTo(child.centerY).dividedBy(1e300) }
        child.updateConstraints { make in make.width.width.equalToSuperview().dividedBy(1e9).priority(1) }
        root.addSubview(child)
        _ = layout.frame(of: child)
        for view in layout.views {
            let exact = view.exact
            #expect([exact.left, exact.top, exact.width, exact.height].allSatisfy { $0.isFinite }, "\(view.id): \(exact)")
        }
        #expect(layout.diagnostics.contains { $0.message.contains("too near 0 to solve with") },
                Comment(rawValue: layout.diagnostics.map(\.message).joined(separator: " | ")))
    }
}
