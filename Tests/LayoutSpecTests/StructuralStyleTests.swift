import Diagnostics
import Testing

@testable import LayoutSpec

/// Grids whose column count comes from a stylesheet (`columns`), which @media may change.
@Suite struct StructuralStyleTests {
    let spec = "screen root {\n grid cards [columns=$columns gap=1] {\n  box a\n  box b [span=2]\n }\n}"

    func compile(_ text: String, columns: Double?) -> LayoutDocument {
        LayoutDocument(source: SourceText(path: "t.layout", text: text)) { view, name in
            view == "cards" && name == "columns" ? columns : nil
        }
    }

    func columnLines(_ document: LayoutDocument) -> [String] {
        document.constraints.map(\.description).filter { $0.contains("grid.col") || $0.contains("grid.columns") }
    }

    @Test func gridReadsItsColumnsFromTheStylesheet() {
        let two = compile(spec, columns: 2)
        #expect(two.diagnostics.isEmpty, "\(messages(two))")
        #expect(columnLines(two) == [
            "cards.width == cards.~column-width * 2 + 1 as grid.columns",
            "a.left == cards.left as grid.col",
            "b.left == cards.left as grid.col",
        ])
        #expect(two.structuralReads == [StructuralRead(view: "cards", name: "columns", value: 2)])

        let three = compile(spec, columns: 3)
        #expect(columnLines(three).contains("b.left == cards.left + cards.~column-width + 1 as grid.col"))
    }

    @Test func knowsWhenANewCascadeNeedsAnotherLowering() {
        let document = compile(spec, columns: 1)
        #expect(!document.needsLowering { _, _ in 1 })
        #expect(document.needsLowering { _, _ in 2 })
        #expect(document.needsLowering { _, _ in nil })
    }

    @Test func spansClampQuietlyWhenColumnsComeFromAStylesheet() {
        // One column on a narrow terminal: the two-column span fits what there is.
        let one = compile(spec, columns: 1)
        #expect(one.diagnostics.isEmpty, "\(messages(one))")
        #expect(one.constraints.map(\.description).contains("b.width == cards.~column-width @999 as grid.width"))
    }

    @Test func aGridWithoutAColumnsParameterUsesTheStylesheets() {
        let text = "screen root {\n grid cards {\n  box a\n  box b\n }\n}"
        let styled = compile(text, columns: 2)
        #expect(styled.diagnostics.isEmpty, "\(messages(styled))")
        #expect(styled.structuralReads.map(\.value) == [2])
        #expect(messages(compile(text, columns: nil)) == [
            "2:2: warning: grid 'cards' has no 'columns'; it lays out one column"
        ])
    }

    @Test func explainsMissingAndWrongStructuralValues() {
        #expect(messages(compile(spec, columns: nil)) == [
            "2:22: warning: no stylesheet sets columns for grid 'cards'; it lays out one column"
        ])
        let wrong = compile("screen root {\n grid g [columns=$size] {\n  box a\n }\n}", columns: 2)
        #expect(messages(wrong) == ["2:18: error: a grid's columns must be a number or $columns, not $size"])
        #expect(wrong.structuralReads.isEmpty)
    }
}
