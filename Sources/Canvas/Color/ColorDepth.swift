/// How many colours the terminal can show.
public enum ColorDepth: String, CaseIterable, Hashable, Sendable {
    /// 24-bit colour (SGR 38;2;r;g;b).
    case trueColor = "truecolor"
    /// The xterm-256 palette (SGR 38;5;n).
    case palette256 = "256"
    /// The terminal's 16 colours (SGR 30–37, 90–97).
    case ansi16 = "16"
    /// Only the 8 basic colours (SGR 30–37), as terminfo says of `screen`,
    /// `xterm` and the Linux console.
    case ansi8 = "8"

    /// A depth named on the command line: `truecolor` (or `24bit`, `24`), `256`, `16` or `8`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "truecolor", "true-color", "24bit", "24-bit", "24", "rgb": self = .trueColor
        case "256", "256color", "palette": self = .palette256
        case "16", "ansi": self = .ansi16
        case "8", "basic": self = .ansi8
        default: return nil
        }
    }

    /// The best depth the terminal described by `environment` supports:
    /// `COLORTERM=truecolor` or `24bit` (or a `*-direct` TERM, or a terminal
    /// known for true colour) gives true colour; a TERM with `256color` gives 256;
    /// anything else 16.
    public static func detect(environment: [String: String]) -> ColorDepth {
        let colorTerm = environment["COLORTERM", default: ""].lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM", default: ""].lowercased()
        if term.hasSuffix("-direct") || term.contains("truecolor") || term.contains("24bit") { return .trueColor }
        let program = environment["TERM_PROGRAM", default: ""]
        if ["iTerm.app", "WezTerm", "vscode", "ghostty"].contains(program) { return .trueColor }
        if term.contains("256color") || program == "Apple_Terminal" { return .palette256 }
        return .ansi16
    }

    /// How many colours a palette of this depth holds that can be chosen from
    /// when a colour must be mapped: 8, 16, 256, or nil for true colour.
    public var paletteSize: Int? {
        switch self {
        case .trueColor: nil
        case .palette256: 256
        case .ansi16: 16
        case .ansi8: 8
        }
    }

    /// Ordered from fewest colours to most: `ansi8 < ansi16 < palette256 < trueColor`.
    public var rank: Int {
        switch self {
        case .ansi8: 0
        case .ansi16: 1
        case .palette256: 2
        case .trueColor: 3
        }
    }
}
