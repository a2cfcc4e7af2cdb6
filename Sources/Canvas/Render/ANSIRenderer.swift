import Cells


/// Renders a grid as text with ANSI SGR escape sequences, at a colour depth.
///
/// Each row is written left to right with the fewest SGR changes between
/// cells (whichever of "change what differs" and "reset, then set" is
/// shorter), the style is reset at the end of every row that changed it, and
/// blank cells at the end of a row that look like the terminal's background
/// are left out. A blank cell keeps the current foreground and bold/dim/italic
/// (they do not show on a space), which saves most changes around text.
public struct ANSIRenderer: Sendable {
    /// Turns the grid's colours into what a terminal of the chosen depth can show.
    public var mapper: ColorMapper

    /// A renderer for a terminal with `depth` colours whose palette looks like `theme`.
    public init(depth: ColorDepth, theme: TerminalTheme = .xterm) {
        mapper = ColorMapper(depth: depth, theme: theme)
    }

    /// The whole grid, each row followed by a newline.
    public func render(_ grid: Grid) -> String {
        var cache = ColorCache(mapper: mapper, grid: grid)
        var output = ""
        for y in 0..<grid.height {
            output += renderRow(grid.displayRow(y), cache: &cache)
            output += "\n"
        }
        return output
    }

    /// One row, without a newline.
    public func renderRow(_ y: Int, of grid: Grid) -> String {
        var cache = ColorCache(mapper: mapper, grid: grid)
        return renderRow(grid.displayRow(y), cache: &cache)
    }

    private func renderRow(_ row: [DisplayCell], cache: inout ColorCache) -> String {
        let end = (row.lastIndex { !($0.isPlainBlank && $0.cell.background == nil) } ?? -1) + 1
        var output = ""
        var current = SGRState.plain
        for entry in row[..<end] {
            let colors = cache.map(foreground: entry.cell.foreground, background: entry.cell.background)
            var wanted = SGRState(
                foreground: colors.foreground, background: colors.background, attributes: entry.cell.attributes)
            if entry.isPlainBlank {
                wanted.foreground = current.foreground
                wanted.attributes = current.attributes.intersection([.bold, .dim, .italic])
            }
            output += current.transition(to: wanted)
            current = wanted
            output.append(entry.grapheme)
        }
        if current != .plain { output += "\u{1B}[0m" }
        return output
    }
}

/// Colour mapping memoised for one rendering (lookups only; never iterated).
struct ColorCache {
    let mapper: ColorMapper
    private var mapped: [ColorPair: (foreground: TerminalColor?, background: TerminalColor?)] = [:]

    private struct ColorPair: Hashable {
        var foreground: Color?
        var background: Color?
    }

    /// A cache for rendering `grid`, whose colours are kept apart from each other.
    init(mapper: ColorMapper, grid: Grid) {
        self.mapper = mapper.keepingApart(grid.colors)
    }

    /// A cell's colours, readable on each other (see `ColorMapper.map(foreground:background:)`).
    mutating func map(foreground: Color?, background: Color?) -> (foreground: TerminalColor?, background: TerminalColor?) {
        let pair = ColorPair(foreground: foreground, background: background)
        if let known = mapped[pair] { return known }
        let result = mapper.map(foreground: foreground, background: background)
        mapped[pair] = result
        return result
    }
}

extension Grid {
    /// Every colour the grid's cells use, foreground and background, in the
    /// order they first appear (row by row).
    var colors: [Color] {
        var seen: Set<Color> = []
        var ordered: [Color] = []
        for cell in cells {
            for color in [cell.foreground, cell.background] {
                if let color, seen.insert(color).inserted { ordered.append(color) }
            }
        }
        return ordered
    }
}

/// The terminal's graphic rendition: what SGR sequences set.
struct SGRState: Equatable {
    var foreground: TerminalColor?
    var background: TerminalColor?
    var attributes: CellAttributes

    static let plain = SGRState(foreground: nil, background: nil, attributes: [])

    /// The shortest escape sequence that turns this state into `next`; empty
    /// when they are equal.
    func transition(to next: SGRState) -> String {
        guard next != self else { return "" }
        let incremental = sequence(changes(to: next))
        let reset = sequence(["0"] + SGRState.plain.changes(to: next))
        return reset.utf8.count < incremental.utf8.count ? reset : incremental
    }

    private func sequence(_ parameters: [String]) -> String {
        "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    /// The parameters that change this state into `next`, without a reset.
    private func changes(to next: SGRState) -> [String] {
        var parameters: [String] = []
        var attributes = self.attributes
        // Bold and dim are both turned off by 22.
        let intensity: CellAttributes = [.bold, .dim]
        if !attributes.intersection(intensity).isSubset(of: next.attributes) {
            parameters.append("22")
            attributes.subtract(intensity)
        }
        for (attribute, on, off) in SGRState.codes {
            if next.attributes.contains(attribute), !attributes.contains(attribute) {
                parameters.append(on)
            } else if !next.attributes.contains(attribute), attributes.contains(attribute), let off {
                parameters.append(off)
            }
        }
        if next.foreground != foreground { parameters.append(Self.code(next.foreground, isForeground: true)) }
        if next.background != background { parameters.append(Self.code(next.background, isForeground: false)) }
        return parameters
    }

    private static let codes: [(CellAttributes, String, String?)] = [
        (.bold, "1", nil), (.dim, "2", nil), (.italic, "3", "23"),
        (.underline, "4", "24"), (.reverse, "7", "27"), (.strikethrough, "9", "29"),
    ]

    static func code(_ color: TerminalColor?, isForeground: Bool) -> String {
        let base = isForeground ? 30 : 40
        switch color {
        case nil:
            return String(base + 9)
        case .ansi(let index)?:
            return index < 8 ? String(base + Int(index)) : String(base + 60 + Int(index) - 8)
        case .indexed(let index)?:
            return "\(base + 8);5;\(index)"
        case .rgb(let rgb)?:
            return "\(base + 8);2;\(rgb.red);\(rgb.green);\(rgb.blue)"
        }
    }
}
