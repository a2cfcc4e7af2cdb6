import Cells
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour as the terminal is told to show it, at a given `ColorDepth`.
public enum TerminalColor: Hashable, Sendable {
    /// One of the terminal's 16 colours, 0–15.
    case ansi(UInt8)
    /// An xterm-256 palette index.
    case indexed(UInt8)
    case rgb(RGB)
}

/// Maps stylesheet colours to what a terminal of some depth can show:
/// - ANSI colours stay the terminal's own 16 colours at every depth but 8,
///   where the bright ones become the nearest of the basic 8;
/// - `color(N)` stays an index at 256 and true colour, and at 16 or 8 colours
///   becomes the nearest of those (0–15 map to themselves at 16);
/// - RGB colours stay exact in true colour, and otherwise become the nearest
///   xterm-256 colour (from the cube and grey ramp, 16–255, which do not depend
///   on the user's theme) or the nearest of the 16 (or 8) theme colours.
/// "Nearest" is the distance in the OKLab colour space, which follows how
/// different two colours look far better than distances in RGB.
///
/// Two guarantees hold when the palette is reduced (see `map(foreground:background:)`
/// and `keepingApart(_:)`): a glyph's colour never lands on its background's
/// unless the stylesheet made them alike, and colours that differ are given
/// different palette entries where the palette has a close enough one to spare.
public struct ColorMapper: Sendable {
    /// How many colours the terminal shows: what every colour is reduced to.
    public let depth: ColorDepth
    /// The terminal's palette, used to find the nearest of its 16 colours.
    public let theme: TerminalTheme
    /// OKLab of the palette entries a reduced colour may become: the theme's
    /// first 8 or 16 colours at those depths, all 256 at 256, none in true colour.
    let paletteLab: [OKLab]
    /// OKLab of the theme's 16 colours.
    private let themeLab: [OKLab]
    /// Colours given an entry other than their nearest, so that they stay apart.
    var assigned: [Color: TerminalColor] = [:]

    /// How far apart (in OKLab) a glyph and its background are kept, at most as
    /// far as the stylesheet put them: about the step from black to a dark grey.
    static let minimumContrast = 0.2
    /// Colours closer than this look alike: they may share an entry.
    static let alike = 0.04
    /// How much further than its nearest entry a colour may be moved to stay
    /// apart from another colour.
    static let spareDistance = 0.12

    /// A mapper to `depth` colours for a terminal whose palette looks like `theme`.
    public init(depth: ColorDepth, theme: TerminalTheme = .xterm) {
        self.depth = depth
        self.theme = theme
        themeLab = theme.ansi.map(OKLab.init)
        switch depth {
        case .trueColor: paletteLab = []
        case .palette256: paletteLab = (0...255).map { OKLab(theme.rgb(of: .indexed(UInt8($0)))) }
        case .ansi16: paletteLab = theme.ansi.map(OKLab.init)
        case .ansi8: paletteLab = theme.ansi.prefix(8).map(OKLab.init)
        }
    }

    /// One colour on its own, reduced to the depth (to the entry it was moved to, if kept apart).
    public func map(_ color: Color) -> TerminalColor {
        if let entry = assigned[color] { return entry }
        switch (color, depth) {
        case (.ansi(let index), .ansi8):
            return .ansi(index & 15 < 8 ? index & 7 : nearestANSI(to: theme.rgb(of: color)))
        case (.ansi(let index), _):
            return .ansi(index & 15)
        case (.indexed(let index), .trueColor), (.indexed(let index), .palette256):
            return .indexed(index)
        case (.indexed(let index), .ansi16):
            return .ansi(index < 16 ? index : nearestANSI(to: theme.rgb(of: color)))
        case (.indexed, .ansi8):
            return .ansi(nearestANSI(to: theme.rgb(of: color)))
        case (.rgb(let red, let green, let blue, _), .trueColor):
            return .rgb(RGB(red, green, blue))
        case (.rgb(let red, let green, let blue, _), .palette256):
            return .indexed(nearestPaletteIndex(to: RGB(red, green, blue)))
        case (.rgb(let red, let green, let blue, _), .ansi16), (.rgb(let red, let green, let blue, _), .ansi8):
            return .ansi(nearestANSI(to: RGB(red, green, blue)))
        }
    }

    /// The closest of the theme's 16 colours (8 at `ansi8`).
    public func nearestANSI(to rgb: RGB) -> UInt8 {
        UInt8(nearest(OKLab(rgb), in: depth == .ansi8 ? paletteLab : themeLab))
    }

    /// How a mapped colour looks in this theme.
    public func rgb(of color: TerminalColor) -> RGB {
        switch color {
        case .ansi(let index): theme.ansi[Int(index & 15)]
        case .indexed(let index): theme.rgb(of: .indexed(index))
        case .rgb(let rgb): rgb
        }
    }
}
/// The closest xterm-256 colour among 16–255 (the cube and the grey ramp).
public func nearestPaletteIndex(to rgb: RGB) -> UInt8 {
    UInt8(16 + nearest(OKLab(rgb), in: fixedPaletteLab))
}

private let fixedPaletteLab: [OKLab] = (16...255).map { OKLab(RGB.xtermPalette(UInt8($0))!) }

/// Index of the first closest colour (ties go to the lower index).
func nearest(_ target: OKLab, in candidates: [OKLab]) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for (index, candidate) in candidates.enumerated() {
        let distance = target.squaredDistance(to: candidate)
        if distance < bestDistance {
            best = index
            bestDistance = distance
        }
    }
    return best
}

/// Björn Ottosson's OKLab: a perceptual colour space where Euclidean distance
/// approximates how different two colours look.
struct OKLab: Sendable {
    let lightness: Double
    let a: Double
    let b: Double

    init(_ rgb: RGB) {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let r = linear(rgb.red), g = linear(rgb.green), bl = linear(rgb.blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// How different two colours look: 0 for the same, about 1 from black to white.
    func distance(to other: OKLab) -> Double {
        squaredDistance(to: other).squareRoot()
    }

    func squaredDistance(to other: OKLab) -> Double {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }
}
