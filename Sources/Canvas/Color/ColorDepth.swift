/// How many colours the terminal can show.
public enum ColorDepth: String, CaseIterable, Hashable, Sendable {
    /// 24-bit colour (SGR 38;2;r;g;b).
    case trueColor = "truecolor"
    /// The xterm-256 palette (SGR 38;5;n).
    case palette256 = "256"
    /// The terminal's 16 colours (SGR 30–37, 90–97).
    case ansi16 = "16"

    /// A depth named on the command line: `truecolor` (or `24bit`, `24`), `256`, or `16` (or `8`).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "truecolor", "true-color", "24bit", "24-bit", "24", "rgb": self = .trueColor
        case "256", "256color", "palette": self = .palette256
        case "16", "8", "ansi", "basic": self = .ansi16
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
}
