import Foundation
import Testing
import Canvas
import Cells
import TextMetrics

/// A style built in place: `style { $0.border = .single }`.
func style(_ configure: (inout ComputedStyle) -> Void = { _ in }) -> ComputedStyle {
    var style = ComputedStyle()
    configure(&style)
    return style
}

func node(_ id: String, parent: Int? = nil, _ x: Int, _ y: Int, _ width: Int, _ height: Int,
          highlight: Highlight = .none, _ configure: (inout ComputedStyle) -> Void = { _ in }) -> PaintNode {
    PaintNode(id: id, parent: parent, frame: CellRect(x: x, y: y, width: width, height: height),
              style: style(configure), highlight: highlight)
}

/// The painted grid as plain text rows joined by newlines (trailing spaces trimmed).
func picture(_ nodes: [PaintNode], width: Int, height: Int) -> String {
    Painter().paint(nodes, width: width, height: height).grid.plainLines().joined(separator: "\n")
}

/// Wide-character rules every painted grid keeps: a continuation cell always
/// follows a wide character, and a wide character is always followed by one.
func expectWideCharactersWhole(_ grid: Grid, sourceLocation: SourceLocation = #_sourceLocation) {
    for y in 0..<grid.height {
        for x in 0..<grid.width {
            let cell = grid[x, y]
            if cell.isContinuation {
                let head = x > 0 ? grid[x - 1, y] : nil
                #expect(head.map { !$0.isContinuation && cellWidthOf($0.grapheme) == 2 } == true,
                        "continuation at \(x),\(y) without its wide character", sourceLocation: sourceLocation)
            } else if cellWidthOf(cell.grapheme) == 2 {
                #expect(x + 1 < grid.width && grid[x + 1, y].isContinuation,
                        "wide character at \(x),\(y) without continuation", sourceLocation: sourceLocation)
            }
        }
    }
}

func cellWidthOf(_ character: Character) -> Int { cellWidth(of: character) }

/// Golden files live in Tests/CanvasTests/Golden. Run the tests with
/// CASEMENT_UPDATE_GOLDEN=1 to (re)write them from the current output, then
/// review the diff before committing.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["CASEMENT_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with CASEMENT_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "output differs from Golden/\(name)", sourceLocation: sourceLocation)
    }

    /// ANSI output with ESC shown as `\e`, one row per line, so goldens read as text.
    static func readable(_ ansi: String) -> String {
        ansi.replacingOccurrences(of: "\u{1B}", with: "\\e")
    }
}
