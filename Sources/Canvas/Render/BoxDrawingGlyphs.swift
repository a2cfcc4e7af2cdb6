/// The stroke of one arm of a box-drawing character, from the cell's centre to an edge.
enum BoxLine: UInt8 {
    case none = 0, light, heavy, double
}

/// How a box-drawing character is built: its four arms and how they are stroked.
struct BoxGlyph {
    enum Shape: Equatable {
        case lines
        /// A quarter circle joining its two arms (╭ ╮ ╯ ╰).
        case rounded
        /// Straight arms broken into this many dashes per cell (┄ ╌ ┈ …).
        case dashed(Int)
        /// Corner-to-corner lines (╱ ╲ ╳): rising, falling, or both.
        case diagonal(rising: Bool, falling: Bool)
    }

    var up: BoxLine
    var right: BoxLine
    var down: BoxLine
    var left: BoxLine
    var shape: Shape

    /// `arms` is four digits — up, right, down, left — each 0 none, 1 light, 2 heavy, 3 double.
    init(_ arms: String, _ shape: Shape = .lines) {
        let digits = arms.compactMap { $0.wholeNumberValue }.map { BoxLine(rawValue: UInt8($0)) ?? .none }
        precondition(digits.count == 4, "four arms")
        (up, right, down, left) = (digits[0], digits[1], digits[2], digits[3])
        self.shape = shape
    }

    /// The box-drawing characters U+2500–U+257F by their arms.
    static let table: [Character: BoxGlyph] = {
        var table: [Character: BoxGlyph] = [:]
        let lines: [(Character, String)] = [
            ("─", "0101"), ("━", "0202"), ("│", "1010"), ("┃", "2020"),
            ("┌", "0110"), ("┍", "0210"), ("┎", "0120"), ("┏", "0220"),
            ("┐", "0011"), ("┑", "0012"), ("┒", "0021"), ("┓", "0022"),
            ("└", "1100"), ("┕", "1200"), ("┖", "2100"), ("┗", "2200"),
            ("┘", "1001"), ("┙", "1002"), ("┚", "2001"), ("┛", "2002"),
            ("├", "1110"), ("┝", "1210"), ("┞", "2110"), ("┟", "1120"),
            ("┠", "2120"), ("┡", "2210"), ("┢", "1220"), ("┣", "2220"),
            ("┤", "1011"), ("┥", "1012"), ("┦", "2011"), ("┧", "1021"),
            ("┨", "2021"), ("┩", "2012"), ("┪", "1022"), ("┫", "2022"),
            ("┬", "0111"), ("┭", "0112"), ("┮", "0211"), ("┯", "0212"),
            ("┰", "0121"), ("┱", "0122"), ("┲", "0221"), ("┳", "0222"),
            ("┴", "1101"), ("┵", "1102"), ("┶", "1201"), ("┷", "1202"),
            ("┸", "2101"), ("┹", "2102"), ("┺", "2201"), ("┻", "2202"),
            ("┼", "1111"), ("┽", "1112"), ("┾", "1211"), ("┿", "1212"),
            ("╀", "2111"), ("╁", "1121"), ("╂", "2121"), ("╃", "2112"),
            ("╄", "2211"), ("╅", "1122"), ("╆", "1221"), ("╇", "2212"),
            ("╈", "1222"), ("╉", "2122"), ("╊", "2221"), ("╋", "2222"),
            ("═", "0303"), ("║", "3030"),
            ("╒", "0310"), ("╓", "0130"), ("╔", "0330"), ("╕", "0013"), ("╖", "0031"), ("╗", "0033"),
            ("╘", "1300"), ("╙", "3100"), ("╚", "3300"), ("╛", "1003"), ("╜", "3001"), ("╝", "3003"),
            ("╞", "1310"), ("╟", "3130"), ("╠", "3330"), ("╡", "1013"), ("╢", "3031"), ("╣", "3033"),
            ("╤", "0313"), ("╥", "0131"), ("╦", "0333"), ("╧", "1303"), ("╨", "3101"), ("╩", "3303"),
            ("╪", "1313"), ("╫", "3131"), ("╬", "3333"),
            ("╴", "0001"), ("╵", "1000"), ("╶", "0100"), ("╷", "0010"),
            ("╸", "0002"), ("╹", "2000"), ("╺", "0200"), ("╻", "0020"),
            ("╼", "0201"), ("╽", "1020"), ("╾", "0102"), ("╿", "2010"),
        ]
        for (character, arms) in lines { table[character] = BoxGlyph(arms) }
        let dashed: [(Character, String, Int)] = [
            ("┄", "0101", 3), ("┅", "0202", 3), ("┆", "1010", 3), ("┇", "2020", 3),
            ("┈", "0101", 4), ("┉", "0202", 4), ("┊", "1010", 4), ("┋", "2020", 4),
            ("╌", "0101", 2), ("╍", "0202", 2), ("╎", "1010", 2), ("╏", "2020", 2),
        ]
        for (character, arms, count) in dashed { table[character] = BoxGlyph(arms, .dashed(count)) }
        for (character, arms) in [("╭", "0110"), ("╮", "0011"), ("╯", "1001"), ("╰", "1100")] as [(Character, String)] {
            table[character] = BoxGlyph(arms, .rounded)
        }
        table["╱"] = BoxGlyph("0000", .diagonal(rising: true, falling: false))
        table["╲"] = BoxGlyph("0000", .diagonal(rising: false, falling: true))
        table["╳"] = BoxGlyph("0000", .diagonal(rising: true, falling: true))
        return table
    }()
}

/// Block elements drawn as filled rectangles: the part of the cell they cover
/// (left, top, width, height as fractions) and their opacity.
struct BlockGlyph {
    var left: Double
    var top: Double
    var width: Double
    var height: Double
    var opacity: Double

    static let table: [Character: BlockGlyph] = [
        "█": BlockGlyph(left: 0, top: 0, width: 1, height: 1, opacity: 1),
        "▀": BlockGlyph(left: 0, top: 0, width: 1, height: 0.5, opacity: 1),
        "▄": BlockGlyph(left: 0, top: 0.5, width: 1, height: 0.5, opacity: 1),
        "▌": BlockGlyph(left: 0, top: 0, width: 0.5, height: 1, opacity: 1),
        "▐": BlockGlyph(left: 0.5, top: 0, width: 0.5, height: 1, opacity: 1),
        "░": BlockGlyph(left: 0, top: 0, width: 1, height: 1, opacity: 0.25),
        "▒": BlockGlyph(left: 0, top: 0, width: 1, height: 1, opacity: 0.5),
        "▓": BlockGlyph(left: 0, top: 0, width: 1, height: 1, opacity: 0.75),
    ]
}
