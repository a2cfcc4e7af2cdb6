/// Text from a user's file made safe to print: control characters become visible
/// escapes, so a file cannot retitle, recolour or garble the terminal that shows
/// a diagnostic, and a message always stays on one line.
///
/// The form (docs/diagnostics.md): C0 controls and DEL as `\x1b`, `\x7f` (two
/// lowercase hex digits); C1 controls and the Unicode line and paragraph
/// separators as `\u{85}`, `\u{2028}`. A tab is kept: it is whitespace, harmless on
/// a terminal, and caret lines keep tabs so the caret lines up under tabbed text.
public enum PrintableText {
    /// `text` with every control character escaped; the same string when it has none.
    public static func escaped<S: StringProtocol>(_ text: S) -> String {
        guard needsEscaping(text) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if let escape = escape(for: scalar) {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether any scalar of `text` would be escaped (a scan of its UTF-8 bytes).
    public static func needsEscaping<S: StringProtocol>(_ text: S) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 && byte != 0x09 || byte == 0x7F { return true }
            // C1 controls are C2 80 … C2 9F; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            if previous == 0xC2, byte >= 0x80, byte <= 0x9F { return true }
            if beforePrevious == 0xE2, previous == 0x80, byte == 0xA8 || byte == 0xA9 { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// The escape for one scalar, or nil when it prints as itself.
    static func escape(for scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0x09: return nil
        case 0x00..<0x20, 0x7F: return "\\x" + hex(value, digits: 2)
        case 0x80...0x9F, 0x2028, 0x2029: return "\\u{" + hex(value, digits: 1) + "}"
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
