import Testing
import Stylesheet
@testable import TerminalUI

@Suite struct TerminalColorMappingTests {
    @Test func depthFromColorCount() {
        #expect(ColorDepth(colors: 0) == .monochrome)
        #expect(ColorDepth(colors: 2) == .monochrome)
        #expect(ColorDepth(colors: 8) == .ansi8)
        #expect(ColorDepth(colors: 16) == .ansi16)
        #expect(ColorDepth(colors: 88) == .ansi16)
        #expect(ColorDepth(colors: 256) == .palette256)
        #expect(ColorDepth(colors: 1 << 24) == .direct)
        #expect(ColorDepth.direct > .palette256 && ColorDepth.ansi8 > .monochrome)
    }

    @Test func defaultColors() {
        let mapping = TerminalColorMapping(depth: .palette256)
        #expect(mapping.number(for: nil, foreground: true) == -1)
        #expect(mapping.number(for: .rgb(red: 9, green: 9, blue: 9, alpha: 0), foreground: false) == -1)
        let noDefaults = TerminalColorMapping(depth: .ansi16, hasDefaultColors: false)
        #expect(noDefaults.number(for: nil, foreground: true) == 7)
        #expect(noDefaults.number(for: nil, foreground: false) == 0)
        let mono = TerminalColorMapping(depth: .monochrome)
        #expect(mono.number(for: .ansi(1), foreground: true) == -1)
        #expect(mono.number(for: .rgb(red: 255, green: 0, blue: 0), foreground: true) == -1)
    }

    @Test func directColour() {
        let mapping = TerminalColorMapping(depth: .direct)
        #expect(mapping.number(for: .rgb(red: 0x12, green: 0x34, blue: 0x56), foreground: true) == 0x12_3456)
        // Below 8 would be an ANSI colour: nudged by one step of red.
        #expect(mapping.number(for: .rgb(red: 0, green: 0, blue: 0), foreground: true) == 0x01_0000)
        #expect(mapping.number(for: .rgb(red: 0, green: 0, blue: 7), foreground: true) == 0x01_0007)
        #expect(mapping.number(for: .rgb(red: 0, green: 0, blue: 8), foreground: true) == 8)
        #expect(mapping.number(for: .ansi(3), foreground: true) == 3)
        #expect(mapping.number(for: .ansi(9), foreground: true) == 0xFF_0000)
        #expect(mapping.number(for: .indexed(4), foreground: true) == 4)
        #expect(mapping.number(for: .indexed(196), foreground: true) == 0xFF_0000)
        #expect(mapping.number(for: .indexed(232), foreground: true) == 0x08_0808)
    }

    @Test func palette256() {
        let mapping = TerminalColorMapping(depth: .palette256)
        #expect(mapping.number(for: .ansi(12), foreground: true) == 12)
        #expect(mapping.number(for: .indexed(200), foreground: true) == 200)
        #expect(mapping.number(for: .rgb(red: 255, green: 0, blue: 0), foreground: true) == 196)
        #expect(mapping.number(for: .rgb(red: 0, green: 0, blue: 0), foreground: true) == 16)
        #expect(mapping.number(for: .rgb(red: 255, green: 255, blue: 255), foreground: true) == 231)
        #expect(mapping.number(for: .rgb(red: 128, green: 128, blue: 128), foreground: true) == 244)
        #expect(mapping.number(for: .rgb(red: 95, green: 135, blue: 175), foreground: true) == 67)
    }

    @Test func sixteenAndEight() {
        let sixteen = TerminalColorMapping(depth: .ansi16)
        #expect(sixteen.number(for: .ansi(13), foreground: true) == 13)
        #expect(sixteen.number(for: .indexed(9), foreground: true) == 9)
        #expect(sixteen.number(for: .indexed(196), foreground: true) == 9)
        #expect(sixteen.number(for: .rgb(red: 200, green: 0, blue: 0), foreground: true) == 1)
        #expect(sixteen.number(for: .rgb(red: 250, green: 250, blue: 250), foreground: true) == 15)
        #expect(sixteen.number(for: .rgb(red: 0, green: 0, blue: 0), foreground: true) == 0)
        let eight = TerminalColorMapping(depth: .ansi8)
        #expect(eight.number(for: .ansi(9), foreground: true) == 1)
        #expect(eight.number(for: .rgb(red: 250, green: 250, blue: 250), foreground: true) == 7)
        #expect(eight.number(for: .indexed(21), foreground: true) == 4)
    }

    /// Every colour at every depth lands in the range the depth allows.
    @Test func everyColourIsInRange() {
        var random = SplitMix64(seed: 42)
        var colours: [Color] = (0...255).map { .indexed(UInt8($0)) } + (0...20).map { .ansi(UInt8($0)) }
        for _ in 0..<2000 {
            let bits = random.next()
            colours.append(.rgb(red: UInt8(bits & 255), green: UInt8(bits >> 8 & 255),
                                blue: UInt8(bits >> 16 & 255), alpha: UInt8(bits >> 24 & 255)))
        }
        let limits: [ColorDepth: Int32] = [.ansi8: 7, .ansi16: 15, .palette256: 255, .direct: 0xFF_FFFF]
        for (depth, limit) in limits.sorted(by: { $0.key < $1.key }) {
            let mapping = TerminalColorMapping(depth: depth)
            for colour in colours {
                let number = mapping.number(for: colour, foreground: true)
                #expect(number >= -1 && number <= limit, "\(colour) at \(depth) gave \(number)")
            }
        }
    }

    @Test func paletteValues() {
        #expect(XtermPalette.rgb(1) == (205, 0, 0))
        #expect(XtermPalette.rgb(16) == (0, 0, 0))
        #expect(XtermPalette.rgb(231) == (255, 255, 255))
        #expect(XtermPalette.rgb(21) == (0, 0, 255))
        #expect(XtermPalette.rgb(255) == (238, 238, 238))
    }
}
