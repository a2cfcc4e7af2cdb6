import Cells
import Testing
import Canvas
@testable import TerminalUI

@Suite struct PaneLayoutTests {
    @Test func aTypicalScreen() {
        let layout = PaneLayout(size: TerminalSize(width: 80, height: 24), inspectorWidth: 30, drawerHeight: 5)
        #expect(layout.canvas == CellRect(x: 0, y: 0, width: 50, height: 18))
        #expect(layout.inspector == CellRect(x: 50, y: 0, width: 30, height: 18))
        #expect(layout.drawer == CellRect(x: 0, y: 18, width: 80, height: 5))
        #expect(layout.status == CellRect(x: 0, y: 23, width: 80, height: 1))
        #expect(layout.role(atX: 49, y: 0) == .canvas)
        #expect(layout.role(atX: 50, y: 17) == .inspector)
        #expect(layout.role(atX: 79, y: 18) == .drawer)
        #expect(layout.role(atX: 0, y: 23) == .status)
        #expect(layout.role(atX: 80, y: 0) == nil)
        #expect(layout.point(x: 52, y: 3, in: .inspector)! == (2, 3))
        #expect(layout.point(x: 52, y: 3, in: .canvas) == nil)
    }

    @Test func hiddenPanesAreEmpty() {
        let layout = PaneLayout(size: TerminalSize(width: 80, height: 24))
        #expect(layout.canvas == CellRect(x: 0, y: 0, width: 80, height: 23))
        #expect(layout.inspector.isEmpty)
        #expect(layout.drawer.isEmpty)
        let bare = PaneLayout(size: TerminalSize(width: 80, height: 24), showsStatusLine: false)
        #expect(bare.canvas == CellRect(x: 0, y: 0, width: 80, height: 24))
        #expect(bare.status.isEmpty)
    }

    @Test func theCanvasAlwaysKeepsACell() {
        let layout = PaneLayout(size: TerminalSize(width: 10, height: 5), inspectorWidth: 50, drawerHeight: 50)
        #expect(layout.canvas == CellRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layout.inspector == CellRect(x: 1, y: 0, width: 9, height: 1))
        #expect(layout.drawer == CellRect(x: 0, y: 1, width: 10, height: 3))
        #expect(layout.status == CellRect(x: 0, y: 4, width: 10, height: 1))
    }

    @Test func oneByOneIsAllCanvas() {
        let layout = PaneLayout(size: TerminalSize(width: 1, height: 1), inspectorWidth: 30, drawerHeight: 4)
        #expect(layout.canvas == CellRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layout.inspector.isEmpty && layout.drawer.isEmpty && layout.status.isEmpty)
    }

    @Test func resizingKeepsTheRequests() {
        let layout = PaneLayout(size: TerminalSize(width: 80, height: 24), inspectorWidth: 30, drawerHeight: 5)
        let smaller = layout.resized(to: TerminalSize(width: 20, height: 4))
        #expect(smaller == PaneLayout(size: TerminalSize(width: 20, height: 4), inspectorWidth: 30, drawerHeight: 5))
        #expect(smaller.resized(to: layout.size) == layout)
    }

    /// At every size from 0x0 to 40x30 and many requests, the panes tile the
    /// screen exactly: inside it, disjoint, covering every cell.
    @Test func panesTileEverySize() {
        let inspectorRequests: [Int?] = [nil, 0, 1, 7, 30, 200, -3]
        let drawerRequests = [0, 1, 3, 12, 100, -2]
        for width in 0...40 {
            for height in 0...30 {
                for inspector in inspectorRequests {
                    for drawer in drawerRequests {
                        for status in [true, false] {
                            let layout = PaneLayout(
                                size: TerminalSize(width: width, height: height),
                                inspectorWidth: inspector, drawerHeight: drawer, showsStatusLine: status)
                            guard checkTiling(layout, width: width, height: height) else {
                                Issue.record("bad tiling at \(width)x\(height) inspector \(String(describing: inspector)) drawer \(drawer)")
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    private func checkTiling(_ layout: PaneLayout, width: Int, height: Int) -> Bool {
        let rects = PaneRole.allCases.map { layout[$0] }
        guard rects.allSatisfy({ $0.width >= 0 && $0.height >= 0 }) else { return false }
        let screen = CellRect(x: 0, y: 0, width: width, height: height)
        for rect in rects where !rect.isEmpty {
            guard rect.intersection(screen) == rect else { return false }
        }
        var covered = 0
        for rect in rects where !rect.isEmpty { covered += rect.width * rect.height }
        guard covered == width * height else { return false }
        for (index, rect) in rects.enumerated() {
            for other in rects[(index + 1)...] where !rect.isEmpty && !other.isEmpty {
                guard rect.intersection(other).isEmpty else { return false }
            }
        }
        // Any non-empty screen has a canvas.
        return width * height == 0 || !layout.canvas.isEmpty
    }
}
