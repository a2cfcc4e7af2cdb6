import Testing
import CNcurses
@testable import TerminalUI

@Suite struct ShimTests {
    @Test func wideCharacterAPIIsImported() {
        // setcchar only exists when the shim enabled NCURSES_WIDECHAR.
        var cell = cchar_t()
        var text: [wchar_t] = [wchar_t(0x6F22), 0]
        #expect(setcchar(&cell, &text, casement_a_bold(), 0, nil) == OK)
        #expect(casement_key_f(12) > 0)
    }
}
