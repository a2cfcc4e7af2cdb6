import TestSupport
import Testing
import CNcurses
@testable import TerminalUI

@Suite struct KeyDecoderTests {
    @Test func characters() {
        #expect(KeyDecoder.decode(.character(0x61)) == .character("a"))
        #expect(KeyDecoder.decode(.character(0x20)) == .character(" "))
        #expect(KeyDecoder.decode(.character(0xE9)) == .character("é"))
        #expect(KeyDecoder.decode(.character(0x6F22)) == .character("漢"))
        #expect(KeyDecoder.decode(.character(0x1F600)) == .character("😀"))
        #expect(KeyDecoder.decode(.character(UInt32(("<" as Unicode.Scalar).value))) == .character("<"))
    }

    @Test func controlCharacters() {
        #expect(KeyDecoder.decode(.character(9)) == .tab)
        #expect(KeyDecoder.decode(.character(10)) == .enter)
        #expect(KeyDecoder.decode(.character(13)) == .enter)
        #expect(KeyDecoder.decode(.character(27)) == .escape)
        #expect(KeyDecoder.decode(.character(127)) == .backspace)
        #expect(KeyDecoder.decode(.character(8)) == .backspace)
        #expect(KeyDecoder.decode(.character(12)) == .control("l"))
        #expect(KeyDecoder.decode(.character(1)) == .control("a"))
        #expect(KeyDecoder.decode(.character(26)) == .control("z"))
        #expect(KeyDecoder.decode(.character(0)) == nil)
        #expect(KeyDecoder.decode(.character(31)) == nil)
        #expect(KeyDecoder.decode(.character(0x85)) == nil)
        // Not a Unicode scalar (a lone surrogate, beyond U+10FFFF).
        #expect(KeyDecoder.decode(.character(0xD800)) == nil)
        #expect(KeyDecoder.decode(.character(0x11_0000)) == nil)
    }

    @Test func keyCodes() {
        #expect(KeyDecoder.decode(.keyCode(KEY_UP)) == .up)
        #expect(KeyDecoder.decode(.keyCode(KEY_DOWN)) == .down)
        #expect(KeyDecoder.decode(.keyCode(KEY_LEFT)) == .left)
        #expect(KeyDecoder.decode(.keyCode(KEY_RIGHT)) == .right)
        #expect(KeyDecoder.decode(.keyCode(KEY_ENTER)) == .enter)
        #expect(KeyDecoder.decode(.keyCode(KEY_BTAB)) == .backTab)
        #expect(KeyDecoder.decode(.keyCode(KEY_BACKSPACE)) == .backspace)
        #expect(KeyDecoder.decode(.keyCode(KEY_HOME)) == .home)
        #expect(KeyDecoder.decode(.keyCode(KEY_END)) == .end)
        #expect(KeyDecoder.decode(.keyCode(KEY_PPAGE)) == .pageUp)
        #expect(KeyDecoder.decode(.keyCode(KEY_NPAGE)) == .pageDown)
        #expect(KeyDecoder.decode(.keyCode(KEY_IC)) == .insert)
        #expect(KeyDecoder.decode(.keyCode(KEY_DC)) == .delete)
        #expect(KeyDecoder.decode(.keyCode(KEY_RESIZE)) == .resize)
        #expect(KeyDecoder.decode(.keyCode(KEY_MOUSE)) == nil)
        #expect(KeyDecoder.decode(.keyCode(0o777)) == nil)
    }

    @Test func functionKeys() {
        for number in 1...12 {
            #expect(KeyDecoder.decode(.keyCode(casement_key_f(Int32(number)))) == .function(number))
        }
        #expect(KeyDecoder.decode(.keyCode(casement_key_f(13))) == .function(13))
        #expect(KeyDecoder.decode(.keyCode(casement_key_f(0))) == nil)
    }

    @Test func mouse() {
        #expect(KeyDecoder.decode(.mouse(x: 4, y: 2, buttons: casement_button1_pressed())) == .mouseClick(x: 4, y: 2))
        #expect(KeyDecoder.decode(.mouse(x: 0, y: 0, buttons: casement_button1_clicked())) == .mouseClick(x: 0, y: 0))
        #expect(KeyDecoder.decode(.mouse(x: 1, y: 1, buttons: casement_button1_released())) == nil)
        // A report whose column overflowed ncurses' integer (fuzz target keys found it).
        #expect(KeyDecoder.decode(.mouse(x: -1_939_982_112, y: 0, buttons: casement_button1_pressed())) == nil)
        #expect(KeyDecoder.decode(.mouse(x: 3, y: -1, buttons: casement_button4_pressed())) == nil)
        #expect(KeyDecoder.decode(.mouse(x: 3, y: 9, buttons: casement_button4_pressed())) == .scrollUp(x: 3, y: 9))
        #expect(KeyDecoder.decode(.mouse(x: 3, y: 9, buttons: casement_button5_pressed())) == .scrollDown(x: 3, y: 9))
        #expect(KeyDecoder.decode(.mouse(x: 3, y: 9, buttons: 0)) == nil)
    }

    /// Whatever ncurses hands over, decoding never traps.
    @Test func anyInputDecodesWithoutTrapping() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let value = UInt32(truncatingIfNeeded: random.next())
            _ = KeyDecoder.decode(.character(value))
            _ = KeyDecoder.decode(.character(value & 0x1F_FFFF))
            _ = KeyDecoder.decode(.keyCode(Int32(truncatingIfNeeded: value & 0xFFF)))
            _ = KeyDecoder.decode(.mouse(x: Int(value & 0xFF), y: Int(value >> 24), buttons: value))
        }
    }
}
