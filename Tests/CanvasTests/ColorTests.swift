import TestSupport
import Testing
import Canvas
import Cells

@Suite struct ColorDepthTests {
    @Test func detectedFromTheEnvironment() {
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-direct"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"]) == .palette256)
        #expect(ColorDepth.detect(environment: ["TERM": "screen-256color", "COLORTERM": "yes"]) == .palette256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .ansi16)
        #expect(ColorDepth.detect(environment: ["TERM": "linux"]) == .ansi16)
        #expect(ColorDepth.detect(environment: [:]) == .ansi16)
    }

    @Test func forcedByName() {
        #expect(ColorDepth(argument: "truecolor") == .trueColor)
        #expect(ColorDepth(argument: "24bit") == .trueColor)
        #expect(ColorDepth(argument: "256") == .palette256)
        #expect(ColorDepth(argument: "16") == .ansi16)
        #expect(ColorDepth(argument: "TrueColor") == .trueColor)
        #expect(ColorDepth(argument: "17") == nil)
        #expect(ColorDepth.allCases.allSatisfy { ColorDepth(argument: $0.rawValue) == $0 })
    }
}

@Suite struct ColorMappingTests {
    private let truecolor = ColorMapper(depth: .trueColor)
    private let palette = ColorMapper(depth: .palette256)
    private let basic = ColorMapper(depth: .ansi16)

    private func rgb(_ hex: UInt32) -> Color {
        .rgb(red: UInt8(hex >> 16), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    @Test func ansiColoursStayTheTerminalsOwnAtEveryDepth() {
        for mapper in [truecolor, palette, basic] {
            #expect(mapper.map(.ansi(1)) == .ansi(1))
            #expect(mapper.map(.ansi(12)) == .ansi(12))
        }
    }

    @Test func trueColourIsExact() {
        #expect(truecolor.map(rgb(0x123456)) == .rgb(RGB(0x12, 0x34, 0x56)))
        #expect(truecolor.map(.indexed(200)) == .indexed(200))
        #expect(truecolor.map(.rgb(red: 1, green: 2, blue: 3, alpha: 9)) == .rgb(RGB(1, 2, 3)))
    }

    @Test func knownNearestPaletteColours() {
        #expect(palette.map(rgb(0xFF0000)) == .indexed(196))
        #expect(palette.map(rgb(0x00FF00)) == .indexed(46))
        #expect(palette.map(rgb(0x0000FF)) == .indexed(21))
        #expect(palette.map(rgb(0xFFFFFF)) == .indexed(231))
        #expect(palette.map(rgb(0x000000)) == .indexed(16))
        #expect(palette.map(rgb(0x808080)) == .indexed(244))
        #expect(palette.map(rgb(0x5F87AF)) == .indexed(67))
        #expect(palette.map(rgb(0xFE0101)) == .indexed(196))   // near, not exact
        #expect(palette.map(rgb(0x7F7F7F)) == .indexed(244))   // grey goes to the grey ramp
        #expect(palette.map(rgb(0xFF8700)) == .indexed(208))   // orange
        #expect(palette.map(.indexed(3)) == .indexed(3))
    }

    @Test func knownNearestOfSixteen() {
        #expect(basic.map(rgb(0xFF0000)) == .ansi(9))          // bright red
        #expect(basic.map(rgb(0xCC0000)) == .ansi(1))          // red
        #expect(basic.map(rgb(0x000000)) == .ansi(0))
        #expect(basic.map(rgb(0xFFFFFF)) == .ansi(15))
        #expect(basic.map(rgb(0x00C000)) == .ansi(2))
        #expect(basic.map(rgb(0x1010F0)) == .ansi(4))
        #expect(basic.map(rgb(0x808080)) == .ansi(8))
        #expect(basic.map(.indexed(9)) == .ansi(9))            // 0–15 are the 16 already
        #expect(basic.map(.indexed(196)) == .ansi(9))
        #expect(basic.map(.indexed(232)) == .ansi(0))          // darkest grey
    }

    @Test func mappedColoursLookRight() {
        #expect(palette.rgb(of: .indexed(196)) == RGB(255, 0, 0))
        #expect(palette.rgb(of: .indexed(16 + 36 * 1 + 6 * 2 + 3)) == RGB(95, 135, 175))
        #expect(palette.rgb(of: .indexed(255)) == RGB(238, 238, 238))
        #expect(basic.rgb(of: .ansi(4)) == RGB(0, 0, 0xEE))
        #expect(TerminalTheme.xterm.rgb(of: nil, isForeground: true) == TerminalTheme.xterm.foreground)
    }

    @Test func everyColourMapsIntoItsDepth() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<2_000 {
            let color = rgb(UInt32(random.next() & 0xFFFFFF))
            if case .indexed(let index) = palette.map(color) { #expect(index >= 16) } else { Issue.record("not indexed") }
            if case .ansi(let index) = basic.map(color) { #expect(index < 16) } else { Issue.record("not ansi") }
        }
        // Every palette colour maps to itself when written as RGB.
        for index in 16...255 {
            let look = palette.rgb(of: .indexed(UInt8(index)))
            let mapped = palette.map(.rgb(red: look.red, green: look.green, blue: look.blue))
            #expect(palette.rgb(of: mapped) == look, "\(index)")
        }
    }
}
