import Casement
import Testing

/// Masonry's `mas_distributeViewsAlongAxis`, both forms.
@Suite struct DistributeTests {
    func scene(width: Int, height: Int) -> (View, [View]) {
        let root = View(.screen, id: "root")
        let views = (0..<3).map { View(.box, id: "v\($0)") }
        root.addSubviews(views)
        return (root, views)
    }

    @Test func fixedSpacingStretchesEqualLengths() throws {
        let (root, views) = scene(width: 36, height: 10)
        for view in views { view.makeConstraints { make in make.top.equalTo(0); make.height.equalTo(2) } }
        try distribute(views, along: .horizontal, fixedSpacing: 2, leadSpacing: 1, tailSpacing: 1)
        let layout = try Layout(root: root, size: TerminalSize(width: 36, height: 10))
        #expect(views.map { layout.frame(of: $0)?.x } == [1, 13, 25])
        #expect(views.allSatisfy { layout.frame(of: $0)?.width == 10 })
    }

    @Test func fixedItemLengthStretchesEqualGaps() throws {
        let (root, views) = scene(width: 36, height: 10)
        for view in views { view.makeConstraints { make in make.top.equalTo(0); make.height.equalTo(2) } }
        try distribute(views, along: .horizontal, fixedItemLength: 8)
        let layout = try Layout(root: root, size: TerminalSize(width: 36, height: 10))
        #expect(views.map { layout.frame(of: $0)?.x } == [0, 14, 28])
        #expect(views.allSatisfy { layout.frame(of: $0)?.width == 8 })
    }

    @Test func verticallyAndAgainReplacesTheLine() throws {
        let (root, views) = scene(width: 10, height: 20)
        for view in views { view.makeConstraints { make in make.left.right.equalToSuperview() } }
        try distribute(views, along: .vertical, fixedSpacing: 1)
        let layout = try Layout(root: root, size: TerminalSize(width: 10, height: 20))
        #expect(views.map { layout.frame(of: $0)?.height } == [6, 6, 6])
        try distribute(views, along: .vertical, fixedSpacing: 4)
        #expect(views.map { layout.frame(of: $0)?.y } == [0, 8, 16])
        // Only the spacing changed: constants in place.
        #expect(layout.lastReport?.counts == ConstraintCounts(constantsChanged: 2))
    }

    @Test func anonymousViewsGetIdsOfTheirOwn() throws {
        let root = View(.screen, id: "root")
        let views = (0..<2).map { _ in View(.box) }
        root.addSubviews(views)
        for view in views { view.makeConstraints { make in make.top.height.equalTo(1) } }
        try distribute(views, along: .horizontal, fixedSpacing: 0)
        let layout = try Layout(root: root, size: TerminalSize(width: 10, height: 5))
        #expect(views.map { layout.frame(of: $0)?.width } == [5, 5])
        #expect(layout.diagnostics.isEmpty)
    }
}
