import CNcurses

/// What ncurses handed over for one keystroke, before decoding.
public enum RawInput: Hashable, Sendable {
    /// `wget_wch` returned OK: a character (Unicode scalar value).
    case character(UInt32)
    /// `wget_wch` returned KEY_CODE_YES: an ncurses key code (KEY_UP, KEY_F(1), …).
    case keyCode(Int32)
    /// `getmouse` after KEY_MOUSE: position and the event's button mask.
    case mouse(x: Int, y: Int, buttons: UInt32)
}

/// Turns ncurses input into `Key`s. Pure, so every mapping is testable without
/// a terminal.
public enum KeyDecoder {
    /// The key for `input`, or nil for input Casement has no use for (a button
    /// release, an unknown key code).
    public static func decode(_ input: RawInput) -> Key? {
        switch input {
        case .character(let value): decodeCharacter(value)
        case .keyCode(let code): decodeKeyCode(code)
        case .mouse(let x, let y, let buttons): decodeMouse(x: x, y: y, buttons: buttons)
        }
    }

    /// Escape sequences that mean the same key in every terminal, whatever its
    /// terminfo entry lists: cursor keys in both normal (`ESC [ B`) and
    /// application (`ESC O B`) mode, Home and End in their xterm, VT220 and rxvt
    /// forms, F1–F4 in both forms, and Shift-Tab. A terminal that ignores the
    /// switch to application mode (or a multiplexer between it and the app)
    /// sends the form its entry does not list; ncurses is taught the others.
    public static let commonSequences: [(sequence: String, keyCode: Int32)] = {
        var result: [(String, Int32)] = []
        for (final, code) in [("A", KEY_UP), ("B", KEY_DOWN), ("C", KEY_RIGHT), ("D", KEY_LEFT), ("H", KEY_HOME), ("F", KEY_END)] {
            result.append(("\u{1B}[" + final, code))
            result.append(("\u{1B}O" + final, code))
        }
        for (number, code) in [("1", KEY_HOME), ("7", KEY_HOME), ("4", KEY_END), ("8", KEY_END)] {
            result.append(("\u{1B}[" + number + "~", code))
        }
        for (index, final) in ["P", "Q", "R", "S"].enumerated() {
            let code = casement_key_f(Int32(index + 1))
            result.append(("\u{1B}O" + final, code))
            result.append(("\u{1B}[1" + String(index + 1) + "~", code))
        }
        result.append(("\u{1B}[Z", KEY_BTAB))
        return result
    }()

    private static func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26:
            // Ctrl-A … Ctrl-Z (those without a key of their own above).
            return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 0, 28...31:
            return nil
        default:
            guard let scalar = Unicode.Scalar(value), value >= 32 else { return nil }
            // C1 controls are not characters anyone typed.
            if (0x80...0x9F).contains(value) { return nil }
            return .character(Character(scalar))
        }
    }

    private static func decodeKeyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_IC: return .insert
        case KEY_DC: return .delete
        case KEY_RESIZE: return .resize
        default:
            let first = casement_key_f(1), last = casement_key_f(63)
            if (first...last).contains(code) { return .function(Int(code - casement_key_f(0))) }
            return nil
        }
    }

    private static func decodeMouse(x: Int, y: Int, buttons: UInt32) -> Key? {
        // ncurses passes on what a report says: a column too big for its integers
        // comes back negative. No terminal cell is there, so it is no event.
        guard x >= 0, y >= 0 else { return nil }
        let clicks = casement_button1_pressed() | casement_button1_clicked()
            | casement_button1_double_clicked() | casement_button1_triple_clicked()
        if buttons & clicks != 0 { return .mouseClick(x: x, y: y) }
        if buttons & casement_button4_pressed() != 0 { return .scrollUp(x: x, y: y) }
        let wheelDown = casement_button5_pressed()
        if wheelDown != 0 && buttons & wheelDown != 0 { return .scrollDown(x: x, y: y) }
        return nil
    }
}
