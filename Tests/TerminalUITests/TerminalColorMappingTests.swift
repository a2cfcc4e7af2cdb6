import TestSupport
import Testing
import Canvas
import Cells
@testable import TerminalUI

@Suite struct TerminalColorMappingTests {
    @Test func supportFromColorCount() {
        #expect(TerminalColorSupport(colors: 0).depth == nil)
        #expect(TerminalColorSupport(colors: 2).depth == nil)
        #expect(TerminalColorSupport(colors: 8) == TerminalColorSupport(depth: .ansi16, basicColorsOnly: true))
        #expect(TerminalColorSupport(colors: 16) == TerminalColorSupport(depth: .ansi16))
        #expect(TerminalColorSupport(colors: 88) == TerminalColorSupport(depth: .ansi16))
        #expect(TerminalColorSupport(colors: 256) == TerminalColorSupport(depth: .palette256))
        #expect(TerminalColorSupport(colors: 1 << 24) == TerminalColorSupport(depth: .trueColor))
        #expect(TerminalColorSupport(depth: .palette256, basicColorsOnly: true).basicColorsOnly == false)
        #expect(TerminalColorSupport(colors: 8).description == "8 colours")
        #expect(TerminalColorSupport(colors: 256).description == "256")
    }

    @Test func limitingNeverAddsColours() {
        let direct = TerminalColorSupport(colors: 1 << 24)
        #expect(direct.limited(to: .palette256).depth == .palette256)
        #expect(direct.limited(to: .ansi16).depth == .ansi16)
        #expect(direct.limited(to: nil) == direct)
        let eight = TerminalColorSupport(colors: 8)
        #expect(eight.limited(to: .trueColor) == eight)
        #expect(TerminalColorSupport(colors: 0).limited(to: .ansi16).depth == nil)
    }

    @Test func defaultColors() {
        let mapping = TerminalColorMapping(support: TerminalColorSupport(depth: .palette256))
        #expect(mapping.number(for: nil, foreground: true) == -1)
        #expect(mapping.number(for: .rgb(red: 9, green: 9, blue: 9, alpha: 0), foreground: false) == -1)
        let noDefaults = TerminalColorMapping(support: TerminalColorSupport(depth: .ansi16), hasDefaultColors: false)
        #expect(noDefaults.number(for: nil, foreground: true) == 7)
        #expect(noDefaults.number(for: nil, foreground: false) == 0)
        let none = TerminalColorMapping(support: TerminalColorSupport(depth: nil))
        #expect(none.number(for: .ansi(1), foreground: true) == -1)
        #expect(none.number(for: .rgb(red: 255, green: 0, blue: 0), foreground: true) == -1)
    }

    @Test func directColour() {
        let mapping = TerminalColorMapping(support: TerminalColorSupport(depth: .trueColor))
        #expect(mapping.number(for: .rgb(red: 0x12, green: 0x34, blue: 0x56), foreground: true) == 0x12_3456)
        // Below 8 would be an ANSI colour: nudged by one step of red.
        #expect(mapping.number(for: .rgb(red: 0, green: 0, blue: 0), foreground: true) == 0x01_0000)
        #expect(mapping.number(for: .rgb(red: 0, green: 0, blue: 7), foreground: true) == 0x01_0007)
        #expect(mapping.number(for: .rgb(red: 0, green: 0, blue: 8), foreground: true) == 8)
        // The theme's own colours 0–7 stay; 8–255 go out as xterm's values.
        #expect(mapping.number(for: .ansi(3), foreground: true) == 3)
        #expect(mapping.number(for: .ansi(9), foreground: true) == 0xFF_0000)
        #expect(mapping.number(for: .indexed(4), foreground: true) == 4)
        #expect(mapping.number(for: .indexed(12), foreground: true) == 0x5C_5CFF)
        #expect(mapping.number(for: .indexed(196), foreground: true) == 0xFF_0000)
        #expect(mapping.number(for: .indexed(232), foreground: true) == 0x08_0808)
    }

    @Test func palette256() {
        let mapping = TerminalColorMapping(support: TerminalColorSupport(depth: .palette256))
        #expect(mapping.number(for: .ansi(12), foreground: true) == 12)
        #expect(mapping.number(for: .indexed(200), foreground: true) == 200)
        #expect(mapping.number(for: .rgb(red: 255, green: 0, blue: 0), foreground: true) == 196)
        #expect(mapping.number(for: .rgb(red: 0, green: 0, blue: 0), foreground: true) == 16)
        #expect(mapping.number(for: .rgb(red: 255, green: 255, blue: 255), foreground: true) == 231)
        #expect(mapping.number(for: .rgb(red: 128, green: 128, blue: 128), foreground: true) == 244)
        #expect(mapping.number(for: .rgb(red: 95, green: 135, blue: 175), foreground: true) == 67)
    }

    @Test func sixteenAndEight() {
        let sixteen = TerminalColorMapping(support: TerminalColorSupport(depth: .ansi16))
        #expect(sixteen.number(for: .ansi(13), foreground: true) == 13)
        #expect(sixteen.number(for: .indexed(9), foreground: true) == 9)
        #expect(sixteen.number(for: .indexed(196), foreground: true) == 9)
        #expect(sixteen.number(for: .rgb(red: 0xCC, green: 0, blue: 0), foreground: true) == 1)
        #expect(sixteen.number(for: .rgb(red: 250, green: 250, blue: 250), foreground: true) == 15)
        #expect(sixteen.number(for: .rgb(red: 0, green: 0, blue: 0), foreground: true) == 0)
        let eight = TerminalColorMapping(support: TerminalColorSupport(colors: 8))
        #expect(eight.number(for: .ansi(9), foreground: true) == 1)
        #expect(eight.number(for: .rgb(red: 250, green: 250, blue: 250), foreground: true) == 7)
        #expect(eight.number(for: .indexed(196), foreground: true) == 1)
    }

    /// Every colour at every depth lands in the range the depth allows.
    @Test func everyColourIsInRange() {
        var random = SplitMix64(seed: 42)
        var colours: [Color] = (0...255).map { .indexed(UInt8($0)) } + (0...20).map { .ansi(UInt8($0)) }
        for _ in 0..<500 {
            let bits = random.next()
            colours.append(.rgb(red: UInt8(bits & 255), green: UInt8(bits >> 8 & 255),
                                blue: UInt8(bits >> 16 & 255), alpha: UInt8(bits >> 24 & 255)))
        }
        let limits: [(TerminalColorSupport, Int32)] = [
            (TerminalColorSupport(colors: 8), 7), (TerminalColorSupport(colors: 16), 15),
            (TerminalColorSupport(colors: 256), 255), (TerminalColorSupport(colors: 1 << 24), 0xFF_FFFF),
        ]
        for (support, limit) in limits {
            let mapping = TerminalColorMapping(support: support)
            for colour in colours {
                let number = mapping.number(for: colour, foreground: true)
                #expect(number >= -1 && number <= limit, "\(colour) at \(support) gave \(number)")
            }
        }
    }
}
