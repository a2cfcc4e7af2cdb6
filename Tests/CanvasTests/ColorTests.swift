import TestSupport
import Testing
@testable import Canvas
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
        #expect(ColorDepth(argument: "8") == .ansi8)
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

/// A reduced palette keeps text readable and different colours different.
@Suite struct ColorContrastTests {
    private func rgb(_ hex: UInt32) -> Color {
        .rgb(red: UInt8(hex >> 16), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    private func looks(_ mapper: ColorMapper, _ pair: (foreground: TerminalColor?, background: TerminalColor?)) -> (RGB, RGB) {
        (pair.foreground.map(mapper.rgb(of:)) ?? mapper.theme.foreground,
         pair.background.map(mapper.rgb(of:)) ?? mapper.theme.background)
    }

    @Test func brightBlackOnBlackStaysVisibleAtEightColours() {
        // Alone, bright black (8) becomes black at 8 colours: a border on a black
        // panel would vanish.
        let eight = ColorMapper(depth: .ansi8)
        let (fore, back) = looks(eight, eight.map(foreground: .ansi(8), background: .ansi(0)))
        #expect(fore != back)
        let (quietFore, quietBack) = looks(eight, eight.map(foreground: rgb(0x465068), background: rgb(0x1F2430)))
        #expect(quietFore != quietBack)
    }

    @Test func greyOnGreyStaysApartAtSixteenColours() {
        let sixteen = ColorMapper(depth: .ansi16)
        let independent = (sixteen.map(rgb(0x8790A3)), sixteen.map(rgb(0x7A8296)))
        #expect(independent.0 == independent.1)   // the two greys share an entry on their own
        let (fore, back) = looks(sixteen, sixteen.map(foreground: rgb(0x8790A3), background: rgb(0x5A6275)))
        #expect(fore != back)
    }

    @Test func textMadeInvisibleOnPurposeStaysInvisible() {
        let sixteen = ColorMapper(depth: .ansi16)
        let pair = sixteen.map(foreground: rgb(0x202020), background: rgb(0x202020))
        #expect(pair.foreground == pair.background)
    }

    @Test func mappedPairsKeepTheContrastTheyHadUpToTheMinimum() {
        var random = SplitMix64(seed: 11)
        for depth in [ColorDepth.ansi8, .ansi16, .palette256] {
            let mapper = ColorMapper(depth: depth)
            let palette = (0..<(depth.paletteSize ?? 0)).map { index in
                mapper.rgb(of: depth == .palette256 ? .indexed(UInt8(index)) : .ansi(UInt8(index)))
            }
            for _ in 0..<300 {
                let foreground: Color? = random.next() % 5 == 0 ? nil : rgb(UInt32(random.next() & 0xFF_FFFF))
                let background: Color? = random.next() % 5 == 0 ? nil : rgb(UInt32(random.next() & 0xFF_FFFF))
                let source = OKLab(mapper.theme.rgb(of: foreground, isForeground: true))
                    .distance(to: OKLab(mapper.theme.rgb(of: background, isForeground: false)))
                let (fore, back) = looks(mapper, mapper.map(foreground: foreground, background: background))
                let kept = OKLab(fore).distance(to: OKLab(back))
                let wanted = min(source, ColorMapper.minimumContrast)
                // Either the contrast is kept, or no entry of the palette has it
                // over this background (then the furthest one is taken).
                let best = palette.map { OKLab($0).distance(to: OKLab(back)) }.max()!
                #expect(source <= ColorMapper.alike || kept >= wanted - 1e-9 || kept >= best - 1e-9,
                        "\(String(describing: foreground)) on \(String(describing: background)) at \(depth.rawValue)")
            }
        }
    }

    @Test func trueColourIsNeverAdjusted() {
        let truecolor = ColorMapper(depth: .trueColor)
        let pair = truecolor.map(foreground: rgb(0x101010), background: rgb(0x121212))
        #expect(pair.foreground == .rgb(RGB(0x10, 0x10, 0x10)))
        #expect(pair.background == .rgb(RGB(0x12, 0x12, 0x12)))
    }

    @Test func differentColoursGetDifferentEntriesWhereThePaletteAllows() {
        let sixteen = ColorMapper(depth: .ansi16)
        let good = rgb(0x8FD18B), warn = rgb(0xF0C674)
        // On their own both become bright yellow or green alike; kept apart, not.
        let apart = sixteen.keepingApart([good, warn])
        #expect(apart.map(good) != apart.map(warn))
        // Colours that look alike may share.
        let alike = sixteen.keepingApart([rgb(0x101010), rgb(0x111111)])
        #expect(alike.map(rgb(0x101010)) == alike.map(rgb(0x111111)))
        // A named ANSI colour keeps its entry, and others step aside.
        let named = sixteen.keepingApart([.ansi(11), warn])
        #expect(named.map(.ansi(11)) == .ansi(11))
        #expect(named.map(warn) != .ansi(11))
    }

    @Test func keepingApartIsDeterministic() {
        var random = SplitMix64(seed: 7)
        let colors = (0..<40).map { _ in rgb(UInt32(random.next() & 0xFF_FFFF)) }
        let first = ColorMapper(depth: .ansi16).keepingApart(colors)
        let second = ColorMapper(depth: .ansi16).keepingApart(colors)
        #expect(colors.map(first.map) == colors.map(second.map))
    }
}
