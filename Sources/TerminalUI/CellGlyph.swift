import Canvas
import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// How a struck-through cell is drawn: ncurses has no strike-through attribute.
public enum StrikethroughRendering: Hashable, Sendable {
    /// Adds U+0336 COMBINING LONG STROKE OVERLAY to the character, which most
    /// terminals draw as a line through it.
    case combiningOverlay
    /// Leaves strike-through out.
    case omitted
}

/// The characters ncurses stores for one cell, and how many columns it will
/// give them. The width always matches the grid's (1 or 2 columns), or the cell
/// is drawn with a replacement, so the grid and the screen never drift apart.
struct CellGlyph: Equatable {
    /// NUL-terminated: a spacing character and up to three combining marks.
    var text: [wchar_t]
    var columns: Int

    static let replacement: wchar_t = 0xFFFD
    private static let strikeOverlay: wchar_t = 0x0336

    init(_ cell: Cell, columns wanted: Int, strikethrough: StrikethroughRendering) {
        let scalars = Array(cell.grapheme.unicodeScalars)
        var base = scalars.first.map { wchar_t(bitPattern: $0.value) } ?? 0x20
        var width = Int(casement_wcwidth(base))
        var marks: [wchar_t] = []
        if width < 1 || width > wanted {
            // Unprintable here, or wider than the grid laid it out: say so visibly.
            base = Self.replacement
            width = 1
        } else {
            for scalar in scalars.dropFirst() {
                let mark = wchar_t(bitPattern: scalar.value)
                // Only combining marks share a cell; the rest of a sequence
                // (an emoji joined with ZWJ) cannot be shown by ncurses.
                if casement_wcwidth(mark) == 0 { marks.append(mark) }
            }
        }
        let capacity = Int(casement_ccharw_max()) - 1
        let strike = cell.attributes.contains(.strikethrough) && casement_a_strikeout() == 0
            && strikethrough == .combiningOverlay
        if strike {
            marks = Array(marks.prefix(capacity - 1)) + [Self.strikeOverlay]
        } else {
            marks = Array(marks.prefix(capacity))
        }
        text = [base] + marks + [0]
        columns = width
    }

    /// A blank cell: for a wide character's half that cannot be drawn as such.
    static func blank(strike: Bool, strikethrough: StrikethroughRendering) -> CellGlyph {
        CellGlyph(Cell(" ", attributes: strike ? [.strikethrough] : []), columns: 1, strikethrough: strikethrough)
    }
}

extension CellAttributes {
    /// The ncurses attributes for these (strike-through where ncurses has it).
    var ncursesAttributes: attr_t {
        var result = casement_a_normal()
        if contains(.bold) { result |= casement_a_bold() }
        if contains(.dim) { result |= casement_a_dim() }
        if contains(.italic) { result |= casement_a_italic() }
        if contains(.underline) { result |= casement_a_underline() }
        if contains(.reverse) { result |= casement_a_reverse() }
        if contains(.strikethrough) { result |= casement_a_strikeout() }
        return result
    }
}
