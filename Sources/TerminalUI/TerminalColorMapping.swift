import Stylesheet

/// How many colours a terminal can show, from its terminfo `colors` (ncurses' COLORS).
public enum ColorDepth: Int, Comparable, CaseIterable, Hashable, Sendable {
    case monochrome, ansi8, ansi16, palette256, direct

    public init(colors: Int) {
        switch colors {
        case (1 << 24)...: self = .direct
        case 256...: self = .palette256
        case 16...: self = .ansi16
        case 8...: self = .ansi8
        default: self = .monochrome
        }
    }

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Maps a stylesheet `Color` to the colour number ncurses takes at a given depth.
/// -1 is the terminal's default colour. Kept apart so it can later share the
/// Canvas module's mapping.
public struct TerminalColorMapping: Hashable, Sendable {
    public var depth: ColorDepth
    /// Whether -1 (the terminal's own default colours) is available
    /// (`use_default_colors` succeeded). Without it, nil maps to white on black.
    public var hasDefaultColors: Bool

    public init(depth: ColorDepth, hasDefaultColors: Bool = true) {
        self.depth = depth
        self.hasDefaultColors = hasDefaultColors
    }

    public func number(for color: Color?, foreground: Bool) -> Int32 {
        guard depth != .monochrome else { return -1 }
        guard let color, !color.isTransparent else {
            return hasDefaultColors ? -1 : (foreground ? 7 : 0)
        }
        switch depth {
        case .monochrome: return -1
        case .direct: return Self.direct(color)
        case .palette256: return Self.palette256(color)
        case .ansi16: return Int32(Self.ansi16(color))
        case .ansi8: return Int32(Self.ansi16(color) % 8)
        }
    }

    /// Direct colour (TERM=xterm-direct): numbers below 8 are the theme's ANSI
    /// colours, anything else is 0xRRGGBB.
    private static func direct(_ color: Color) -> Int32 {
        switch color {
        case .ansi(let index): paletteOrANSI(index & 15)
        case .indexed(let index): paletteOrANSI(index)
        case .rgb(let red, let green, let blue, _): packed((red, green, blue))
        }
    }

    private static func paletteOrANSI(_ index: UInt8) -> Int32 {
        index < 8 ? Int32(index) : packed(XtermPalette.rgb(index))
    }

    private static func packed(_ rgb: (UInt8, UInt8, UInt8)) -> Int32 {
        let value = Int32(rgb.0) << 16 | Int32(rgb.1) << 8 | Int32(rgb.2)
        // 0...7 would mean the ANSI colours; one step more red is invisible.
        return value < 8 ? value | 0x01_0000 : value
    }

    private static func palette256(_ color: Color) -> Int32 {
        switch color {
        case .ansi(let index): Int32(index & 15)
        case .indexed(let index): Int32(index)
        case .rgb(let red, let green, let blue, _): Int32(XtermPalette.nearest256(red, green, blue))
        }
    }

    private static func ansi16(_ color: Color) -> UInt8 {
        switch color {
        case .ansi(let index): index & 15
        case .indexed(let index) where index < 16: index
        case .indexed(let index):
            XtermPalette.nearest16(XtermPalette.rgb(index))
        case .rgb(let red, let green, let blue, _): XtermPalette.nearest16((red, green, blue))
        }
    }
}

extension Color {
    /// Fully transparent: shows whatever is beneath, here the default colour.
    var isTransparent: Bool {
        if case .rgb(_, _, _, 0) = self { return true }
        return false
    }
}

/// xterm's default palette: the RGB values behind the 256 colour numbers, used
/// to find the nearest colour a smaller palette has.
enum XtermPalette {
    typealias RGB = (UInt8, UInt8, UInt8)

    private static let system: [RGB] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    static func rgb(_ index: UInt8) -> RGB {
        switch index {
        case 0..<16:
            return system[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
        default:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return (grey, grey, grey)
        }
    }

    /// The nearest of colours 16–255 (the cube and the grey ramp, which unlike
    /// 0–15 do not change with the user's theme).
    static func nearest256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let target = (red, green, blue)
        let cubeIndex = 16 + 36 * nearestLevel(red) + 6 * nearestLevel(green) + nearestLevel(blue)
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let greyIndex = 232 + greyStep
        let cube = UInt8(cubeIndex), grey = UInt8(greyIndex)
        return distance(rgb(grey), target) < distance(rgb(cube), target) ? grey : cube
    }

    /// The nearest of the 16 system colours.
    static func nearest16(_ target: RGB) -> UInt8 {
        var best: UInt8 = 0
        var bestDistance = Int.max
        for index in 0..<16 {
            let candidate = distance(system[index], target)
            if candidate < bestDistance {
                bestDistance = candidate
                best = UInt8(index)
            }
        }
        return best
    }

    private static func nearestLevel(_ value: UInt8) -> Int {
        var best = 0
        for (index, level) in cubeLevels.enumerated() where abs(Int(level) - Int(value)) < abs(Int(cubeLevels[best]) - Int(value)) {
            best = index
        }
        return best
    }

    /// Squared distance weighted for the eye ("redmean"), in integers.
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let meanRed = (Int(a.0) + Int(b.0)) / 2
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        // Parenthesized: in Swift, >> binds tighter than *.
        return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
    }
}
