import Casement
import Testing

/// `updateConstraints` on a view loaded from a spec updates the spec's own
/// rules in place — by label, then by shape, per attribute of a composite —
/// and `reloadSpec()` keeps the last good spec while code changes go on
/// (issue 25, item 6 of its defects).
@Suite struct SpecUpdateTests {
    static let spec = """
        # A sidebar and a card (comments and blank lines are not copied anywhere).

        use "app.cas"
        screen root {
          box sidebar {
            top, left == 0
            bottom == parent.bottom
            width == 20 @high as sidebar-width
          }
          box card .card {
            top == 1
            left == sidebar.right + 2
            size == $size
            width >= 6
            width >= 8
          }
        }

        """

    private func load(_ text: String = spec) throws -> (Layout, Fixture) {
        let fixture = try Fixture(["s.layout": text, "app.cas": ".card\n  size 10 4\n"])
        return (try Layout(spec: fixture.path("s.layout"), size: TerminalSize(width: 80, height: 24)), fixture)
    }

    @Test func aLabelMatchesTheSpecRuleAndUpdatesItInPlace() throws {
        let (layout, _) = try load()
        let sidebar = try #require(layout.view("sidebar"))
        #expect(layout.frame(of: sidebar)?.width == 20)
        let line = #line + 1
        sidebar.updateConstraints { $0.width.equalTo(34).labeled("sidebar-width") }
        #expect(layout.layoutIfNeeded()?.counts == ConstraintCounts(constantsChanged: 1))
        #expect(layout.frame(of: sidebar)?.width == 34)
        #expect(layout.diagnostics.isEmpty)
        // The written priority stays; the constant is the update's, located at its line.
        let explained = try #require(layout.explain(sidebar))
        #expect(explained.contains("sidebar.width == 34 @high as sidebar-width"))
        #expect(explained.contains("SpecUpdateTests.swift:\(line)"))
    }

    @Test func aShapeMatchesPerAttributeOfAComposite() throws {
        let (layout, _) = try load()
        let card = try #require(layout.view("card"))
        card.updateConstraints { make in
            make.width.equalTo(30)          // the width of `size == $size`
            make.left.equalTo(layout.view("sidebar")!.right).offset(5)
        }
        #expect(layout.layoutIfNeeded()?.counts == ConstraintCounts(constantsChanged: 2))
        #expect(layout.frame(of: card) == ViewFrame(x: 25, y: 1, width: 30, height: 4))
        #expect(layout.diagnostics.isEmpty)
        // Again: the same rules, new constants.
        card.updateConstraints { $0.width.equalTo(12) }
        #expect(layout.layoutIfNeeded()?.counts == ConstraintCounts(constantsChanged: 1))
        #expect(layout.frame(of: card)?.width == 12)
    }

    @Test func severalMatchesOrNoneWarnAtTheSwiftLine() throws {
        let (layout, fixture) = try load()
        let card = try #require(layout.view("card"))
        let line = #line + 1
        card.updateConstraints { $0.width.greaterThanOrEqualTo(9) }
        let ambiguous = try #require(layout.diagnostics.first { $0.message.contains("matches 2 rules") })
        #expect(ambiguous.severity == .warning)
        #expect(ambiguous.location.line == line)
        #expect(ambiguous.message.contains(fixture.path("s.layout") + ":14:5"))
        #expect(ambiguous.message.contains(fixture.path("s.layout") + ":15:5"))
        #expect(layout.frame(of: card)?.width == 10)
        let missLine = #line + 1
        card.updateConstraints { $0.height.lessThanOrEqualTo(3) }
        let miss = try #require(layout.diagnostics.first { $0.message.contains("found no rule") })
        #expect(miss.location.line == missLine)
    }

    @Test func aRepeatedLabelIsReportedAtTheRightLines() throws {
        let (layout, fixture) = try load()
        let sidebar = try #require(layout.view("sidebar"))
        let line = #line + 1
        sidebar.makeConstraints { $0.width.lessThanOrEqualTo(40).labeled("sidebar-width") }
        let repeated = try #require(layout.diagnostics.first { $0.message.contains("label 'sidebar-width' is already used") })
        #expect(repeated.location.file == "CasementTests/SpecUpdateTests.swift")
        #expect(repeated.location.line == line)
        #expect(repeated.message.contains("at line 8"))
        _ = fixture
    }

    @Test func aBrokenSpecSaveKeepsTheLastGoodLayoutWhileCodeGoesOn() throws {
        let (layout, fixture) = try load()
        let sidebar = try #require(layout.view("sidebar"))
        let badge = View(.box, id: "badge")
        sidebar.addSubview(badge)
        badge.makeConstraints { make in
            make.top.right.equalToSuperview()
            make.size.equalTo(2)
        }
        #expect(layout.frame(of: badge) == ViewFrame(x: 18, y: 0, width: 2, height: 2))
        try fixture.write("s.layout", Self.spec.replacingOccurrences(of: "width == 20 @high", with: "width == 30px @high"))
        let broken = layout.reloadSpec()
        #expect(!broken.blockingErrors.isEmpty)
        #expect(layout.frame(of: sidebar)?.width == 20)
        #expect(layout.diagnostics.contains { $0.location.line == 8 && $0.severity == .error })
        // Code keeps changing the layout meanwhile.
        badge.updateConstraints { $0.size.equalTo(3) }
        #expect(layout.frame(of: badge) == ViewFrame(x: 17, y: 0, width: 3, height: 3))
        // A good save: the views stay (the badge with them), the spec's new rules apply.
        try fixture.write("s.layout", Self.spec.replacingOccurrences(of: "width == 20 @high", with: "width == 24 @high"))
        let good = layout.reloadSpec()
        #expect(good.blockingErrors.isEmpty)
        #expect(layout.view("sidebar") === sidebar)
        #expect(layout.frame(of: sidebar)?.width == 24)
        #expect(layout.frame(of: badge) == ViewFrame(x: 21, y: 0, width: 3, height: 3))
        #expect(!layout.diagnostics.contains { $0.severity == .error })
    }

    @Test func aReloadKeepsCodeUpdatesOfTheSpecRules() throws {
        let (layout, fixture) = try load()
        let card = try #require(layout.view("card"))
        card.updateConstraints { $0.width.equalTo(30) }
        #expect(layout.frame(of: card)?.width == 30)
        try fixture.write("s.layout", Self.spec.replacingOccurrences(of: "top == 1\n", with: "top == 3\n"))
        layout.reloadSpec()
        #expect(layout.frame(of: card) == ViewFrame(x: 22, y: 3, width: 30, height: 4))
    }
}
