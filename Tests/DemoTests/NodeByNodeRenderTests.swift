import Canvas
import Cells
import LayoutEngine
import LayoutPainting
import Testing

@testable import casement

/// `casement render` paints a session's views node by node instead of making
/// the array of paint nodes first (a second copy of every style, alive at the
/// command's peak). Every demo must render exactly as the array paints.
@Suite struct NodeByNodeRenderTests {
    @Test(arguments: GoldenTests.casesButStress)
    func everyFormatIsThePaintingOfTheArray(_ item: GoldenTests.Case) throws {
        let spec = DemoFiles.relativeSpec(item.demo)
        guard case .success(var session) = SpecLoading.load(spec, size: item.size, reader: DemoFiles.rootReader) else {
            Issue.record("\(spec) does not load")
            return
        }
        let grid = Painter().paint(PaintNode.nodes(from: session.views), width: item.size.width, height: item.size.height).grid
        #expect(LayoutOutput.render(&session, format: .plain) == grid.plainText())
        #expect(LayoutOutput.render(&session, format: .ansi, depth: .trueColor) == ANSIRenderer(depth: .trueColor).render(grid))
        #expect(LayoutOutput.render(&session, format: .svg, depth: .palette256) == SVGRenderer(depth: .palette256).render(grid))
    }
}

/// The stress demo's cases of `NodeByNodeRenderTests`: out of the fast loop (docs/testing.md).
@Suite struct SlowNodeByNodeRenderTests {
    @Test(arguments: GoldenTests.stressCases)
    func everyFormatIsThePaintingOfTheArray(_ item: GoldenTests.Case) throws { try NodeByNodeRenderTests().everyFormatIsThePaintingOfTheArray(item) }
}
