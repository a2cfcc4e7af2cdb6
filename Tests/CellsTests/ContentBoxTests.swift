import Cells
import Testing

@Suite("The content box")
struct ContentBoxTests {
    @Test("inside the border ring and the padding, each side rounded to a whole cell")
    func borderAndPadding() {
        var style = ComputedStyle()
        style.border = .single
        style.padding = Insets(top: 0.4, left: 1.5, bottom: 1, right: 2)
        #expect(style.chrome == CellInsets(top: 1, left: 3, bottom: 2, right: 3))
        let frame = ViewFrame(x: 10, y: 5, width: 20, height: 6)
        #expect(frame.contentBox(for: style) == ViewFrame(x: 13, y: 6, width: 14, height: 3))
        #expect(frame.innerBox(for: style) == ViewFrame(x: 11, y: 6, width: 18, height: 4))
        style.border = .none
        #expect(frame.innerBox(for: style) == frame)
    }

    @Test("a box too small for its chrome is empty, never negative; odd paddings read as 0 or the limit")
    func clamps() {
        var style = ComputedStyle()
        style.border = .double
        style.padding = Insets(top: .nan, left: -3, bottom: .infinity, right: 1e300)
        #expect(style.padding.cells == CellInsets(top: 0, left: 0, bottom: 0, right: Insets.cellLimit))
        let box = ViewFrame(x: 0, y: 0, width: 4, height: 1).contentBox(for: style)
        #expect(box.width == 0 && box.height == 0)
        #expect(box.isEmpty)
        // Sums of the largest chrome do not overflow.
        style.padding = Insets(all: .greatestFiniteMagnitude)
        #expect(style.chrome.horizontal == 2 * Insets.cellLimit + 2)
    }
}
