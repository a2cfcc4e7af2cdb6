import Cells


/// What the terminal's own colours look like: its 16 ANSI colours and its default
/// foreground and background. Casement cannot ask the terminal, so it assumes
/// xterm's defaults; they are used to blend translucent colours over the
/// terminal's colours, to pick the nearest of 16 colours, and to draw SVG.
public struct TerminalTheme: Hashable, Sendable {
    /// Colours 0–15: black, red, green, yellow, blue, magenta, cyan, white, then
    /// the bright forms.
    public var ansi: [RGB]
    /// The terminal's default text colour (what nil and -1 show).
    public var foreground: RGB
    /// The terminal's default background colour (what nil and -1 show).
    public var background: RGB

    /// A theme from exactly 16 ANSI colours and the default foreground and background.
    public init(ansi: [RGB], foreground: RGB, background: RGB) {
        precondition(ansi.count == 16, "a theme has 16 ANSI colours")
        self.ansi = ansi
        self.foreground = foreground
        self.background = background
    }

    /// xterm's default palette on a black background.
    public static let xterm = TerminalTheme(
        ansi: [
            RGB(0x00, 0x00, 0x00), RGB(0xCD, 0x00, 0x00), RGB(0x00, 0xCD, 0x00), RGB(0xCD, 0xCD, 0x00),
            RGB(0x00, 0x00, 0xEE), RGB(0xCD, 0x00, 0xCD), RGB(0x00, 0xCD, 0xCD), RGB(0xE5, 0xE5, 0xE5),
            RGB(0x7F, 0x7F, 0x7F), RGB(0xFF, 0x00, 0x00), RGB(0x00, 0xFF, 0x00), RGB(0xFF, 0xFF, 0x00),
            RGB(0x5C, 0x5C, 0xFF), RGB(0xFF, 0x00, 0xFF), RGB(0x00, 0xFF, 0xFF), RGB(0xFF, 0xFF, 0xFF),
        ],
        foreground: RGB(0xE5, 0xE5, 0xE5),
        background: RGB(0x00, 0x00, 0x00)
    )

    /// How `color` looks in this theme (alpha ignored).
    public func rgb(of color: Color) -> RGB {
        switch color {
        case .ansi(let index):
            return ansi[Int(index & 15)]
        case .indexed(let index):
            return RGB.xtermPalette(index) ?? ansi[Int(index)]
        case .rgb(let red, let green, let blue, _):
            return RGB(red, green, blue)
        }
    }

    /// How a cell's colour looks; nil is the terminal's default foreground or background.
    public func rgb(of color: Color?, isForeground: Bool) -> RGB {
        color.map(rgb(of:)) ?? (isForeground ? foreground : background)
    }

    /// `color` made opaque over `beneath`: a translucent `.rgb` is blended, any
    /// other colour is returned as is. nil (the terminal default) stays nil.
    public func composite(_ color: Color?, over beneath: RGB) -> Color? {
        guard case .rgb(let red, let green, let blue, let alpha)? = color, alpha < 255 else { return color }
        let mixed = RGB(red, green, blue).blended(over: beneath, alpha: alpha)
        return .rgb(red: mixed.red, green: mixed.green, blue: mixed.blue, alpha: 255)
    }
}
