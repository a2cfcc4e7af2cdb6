import Testing
import Canvas
import CNcurses
@testable import TerminalUI

/// wcwidth needs a UTF-8 locale: the session sets one, these tests do it themselves.
private func withUTF8Locale() {
    setlocale(LC_CTYPE, "C.UTF-8")
}

@Suite struct CellGlyphTests {
    init() { withUTF8Locale() }

    @Test func plainAndWideCharacters() {
        #expect(CellGlyph(Cell("a"), columns: 1, strikethrough: .combiningOverlay) .text == [0x61, 0])
        let wide = CellGlyph(Cell("漢"), columns: 2, strikethrough: .combiningOverlay)
        #expect(wide.text == [0x6F22, 0] && wide.columns == 2)
    }

    @Test func combiningMarksStayWithTheirBase() {
        let glyph = CellGlyph(Cell("e\u{301}"), columns: 1, strikethrough: .combiningOverlay)
        #expect(glyph.text == [0x65, 0x301, 0] && glyph.columns == 1)
        // At most CCHARW_MAX characters in all.
        let heavy = CellGlyph(Cell("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}"), columns: 1, strikethrough: .omitted)
        #expect(heavy.text.count == Int(casement_ccharw_max()) + 1)
    }

    @Test func widthMismatchesAreReplacedVisibly() {
        // The grid says one column, ncurses would take two.
        let squeezed = CellGlyph(Cell("漢"), columns: 1, strikethrough: .combiningOverlay)
        #expect(squeezed.text == [CellGlyph.replacement, 0] && squeezed.columns == 1)
        // Unprintable.
        let control = CellGlyph(Cell("\u{7}"), columns: 1, strikethrough: .combiningOverlay)
        #expect(control.text == [CellGlyph.replacement, 0])
        // A lone combining mark has no base to sit on.
        let lone = CellGlyph(Cell("\u{301}"), columns: 1, strikethrough: .combiningOverlay)
        #expect(lone.text == [CellGlyph.replacement, 0])
        // The grid says two, ncurses one: drawn narrow, the painter fills the rest.
        let narrow = CellGlyph(Cell("a"), columns: 2, strikethrough: .combiningOverlay)
        #expect(narrow.columns == 1)
    }

    @Test func strikeThroughAsAnOverlay() {
        let struck = Cell("x", attributes: [.strikethrough])
        #expect(CellGlyph(struck, columns: 1, strikethrough: .combiningOverlay).text == [0x78, 0x336, 0])
        #expect(CellGlyph(struck, columns: 1, strikethrough: .omitted).text == [0x78, 0])
        let full = Cell("e\u{301}\u{302}\u{303}\u{304}", attributes: [.strikethrough])
        let glyph = CellGlyph(full, columns: 1, strikethrough: .combiningOverlay)
        #expect(glyph.text.count == Int(casement_ccharw_max()) + 1 && glyph.text[glyph.text.count - 2] == 0x336)
    }

    @Test func attributes() {
        #expect(CellAttributes().ncursesAttributes == casement_a_normal())
        let all: CellAttributes = [.bold, .dim, .italic, .underline, .reverse]
        let expected = casement_a_bold() | casement_a_dim() | casement_a_italic() | casement_a_underline() | casement_a_reverse()
        #expect(all.ncursesAttributes == expected)
    }

    @Test func paddingIsDroppedFromResetStrings() {
        #expect(ResetSequence.withoutPadding(Array("\u{1B}[?5h$<100/>\u{1B}[?5l".utf8)) == Array("\u{1B}[?5h\u{1B}[?5l".utf8))
        #expect(ResetSequence.withoutPadding(Array("a$b$<".utf8)) == Array("a$b$<".utf8))
    }

    @Test func writeCountParsing() {
        let text = Array("rchar: 12\nwchar: 3456\nsyscr: 1\n".utf8)
        #expect(WrittenBytes.parseWriteCount(text) == 3456)
        #expect(WrittenBytes.parseWriteCount(Array("wchar: x1\n".utf8)) == nil)
        #expect(WrittenBytes.parseWriteCount(Array("wchar:".utf8)) == nil)
        #expect(WrittenBytes.parseWriteCount(Array("wchar: 99999999999999999999999\n".utf8)) == nil)
        #expect(WrittenBytes.parseWriteCount(Array("".utf8)) == nil)
        #expect(WrittenBytes.soFar() != nil)
    }
}
