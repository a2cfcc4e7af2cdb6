import Canvas
import Cells

/// What the terminal under ncurses can show, from its terminfo `colors`
/// (ncurses' COLORS): a Canvas colour depth, or none at all.
public struct TerminalColorSupport: Hashable, Sendable, CustomStringConvertible {
    /// The depth colours are mapped at; nil: no colours, attributes only.
    public var depth: ColorDepth?

    /// Only the 8 basic colours (`ColorDepth.ansi8`): the bright ones show as
    /// the nearest basic colour.
    public var basicColorsOnly: Bool { depth == .ansi8 }

    /// `basicColorsOnly` turns 16 colours into 8 (and means nothing at other depths).
    public init(depth: ColorDepth?, basicColorsOnly: Bool = false) {
        self.depth = depth == .ansi16 && basicColorsOnly ? .ansi8 : depth
    }

    /// From ncurses' COLORS: 2^24 is direct colour (TERM=xterm-direct), 256 the
    /// xterm palette, 16 or 88 the 16 colours, 8 the basic ones, fewer none.
    public init(colors: Int) {
        switch colors {
        case (1 << 24)...: self.init(depth: .trueColor)
        case 256...: self.init(depth: .palette256)
        case 16...: self.init(depth: .ansi16)
        case 8...: self.init(depth: .ansi8)
        default: self.init(depth: nil)
        }
    }

    /// At most `maximum` (a `--colors` choice), never more than the terminal has.
    public func limited(to maximum: ColorDepth?) -> TerminalColorSupport {
        guard let maximum, let depth, maximum.rank < depth.rank else { return self }
        return TerminalColorSupport(depth: maximum)
    }

    /// How many colours, in words, for the status line and `--colors` messages.
    public var description: String {
        guard let depth else { return "no colours" }
        return depth == .ansi8 ? "8 colours" : depth.rawValue
    }
}

/// Turns stylesheet colours into the colour numbers ncurses takes, by way of the
/// Canvas module's mapping (so the terminal shows what `casement render` prints).
/// -1 is the terminal's default colour.
public struct TerminalColorMapping: Sendable {
    /// The colours the terminal offers; with no colour depth every colour maps to -1.
    public let support: TerminalColorSupport
    /// Whether -1 (the terminal's own default colours) is available
    /// (`use_default_colors` succeeded). Without it, nil maps to white on black.
    public let hasDefaultColors: Bool
    private let mapper: ColorMapper?

    /// A mapping for `support` that picks the nearest colours of `theme`, the terminal's palette.
    public init(support: TerminalColorSupport, hasDefaultColors: Bool = true, theme: TerminalTheme = .xterm) {
        self.support = support
        self.hasDefaultColors = hasDefaultColors
        mapper = support.depth.map { ColorMapper(depth: $0, theme: theme) }
    }

    /// One colour's number, mapped on its own.
    public func number(for color: Color?, foreground: Bool) -> Int32 {
        guard let mapper else { return -1 }
        guard let color, !color.isTransparent else { return defaultNumber(foreground: foreground) }
        return number(for: mapper.map(color), mapper: mapper)
    }

    /// A cell's two colour numbers, mapped together so that the glyph stays
    /// readable on its background (`ColorMapper.map(foreground:background:)`).
    public func numbers(foreground: Color?, background: Color?) -> (foreground: Int32, background: Int32) {
        guard let mapper else { return (-1, -1) }
        let visibleForeground = foreground.flatMap { $0.isTransparent ? nil : $0 }
        let visibleBackground = background.flatMap { $0.isTransparent ? nil : $0 }
        let mapped = mapper.map(foreground: visibleForeground, background: visibleBackground)
        return (
            mapped.foreground.map { number(for: $0, mapper: mapper) } ?? defaultNumber(foreground: true),
            mapped.background.map { number(for: $0, mapper: mapper) } ?? defaultNumber(foreground: false)
        )
    }

    private func defaultNumber(foreground: Bool) -> Int32 {
        hasDefaultColors ? -1 : (foreground ? 7 : 0)
    }

    private func number(for color: TerminalColor, mapper: ColorMapper) -> Int32 {
        let direct = support.depth == .trueColor
        switch color {
        case .ansi(let index):
            // Direct-colour terminfo has numbers for colours 0–7 only.
            if direct && index >= 8 { return Self.packed(mapper.rgb(of: .ansi(index))) }
            return Int32(index)
        case .indexed(let index):
            if direct && index >= 8 { return Self.packed(mapper.rgb(of: .indexed(index))) }
            return Int32(index)
        case .rgb(let rgb):
            return Self.packed(rgb)
        }
    }

    /// A direct colour's number: 0xRRGGBB, where 0–7 would mean the ANSI
    /// colours, so those few are moved one invisible step of red.
    static func packed(_ rgb: RGB) -> Int32 {
        let value = Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
        return value < 8 ? value | 0x01_0000 : value
    }
}

extension Color {
    /// Fully transparent: shows whatever is beneath, here the default colour.
    var isTransparent: Bool {
        if case .rgb(_, _, _, 0) = self { return true }
        return false
    }
}
