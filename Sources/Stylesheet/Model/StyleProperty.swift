import Cells

/// One field of a computed style: the unit the cascade decides and explains.
/// Shorthands (`padding`, `margin`, `size`, `border`) set several of these at once.
public enum StyleProperty: String, CaseIterable, Hashable, Sendable, Comparable {
    case backgroundColor = "background-color"
    case color
    case borderStyle = "border-style"
    case borderColor = "border-color"
    case title
    case titleAlign = "title-align"
    case text
    case textAlign = "text-align"
    case bold, dim, italic, underline, reverse, strikethrough
    case paddingTop = "padding-top"
    case paddingLeft = "padding-left"
    case paddingBottom = "padding-bottom"
    case paddingRight = "padding-right"
    case visible
    case zIndex = "z-index"
    case sizeWidth = "size-width"
    case sizeHeight = "size-height"
    case marginTop = "margin-top"
    case marginLeft = "margin-left"
    case marginBottom = "margin-bottom"
    case marginRight = "margin-right"
    case minWidth = "min-width"
    case maxWidth = "max-width"
    case minHeight = "min-height"
    case maxHeight = "max-height"
    case columns
    /// `collapse true`: the view takes no space (CSS `display: none`); see docs/cas.md.
    case collapse
    /// Content hugging and compression resistance per axis (priorities; see `ContentPriorities`).
    case hugWidth = "hug-width"
    case hugHeight = "hug-height"
    case resistWidth = "resist-width"
    case resistHeight = "resist-height"

    /// The kebab-case name, as the documentation and the inspector spell it.
    public var name: String { rawValue }

    /// Position in `allCases`, for compact per-property tables (a switch: no hashing
    /// on the cascade's hot path).
    var ordinal: Int {
        switch self {
        case .backgroundColor: 0
        case .color: 1
        case .borderStyle: 2
        case .borderColor: 3
        case .title: 4
        case .titleAlign: 5
        case .text: 6
        case .textAlign: 7
        case .bold: 8
        case .dim: 9
        case .italic: 10
        case .underline: 11
        case .reverse: 12
        case .strikethrough: 13
        case .paddingTop: 14
        case .paddingLeft: 15
        case .paddingBottom: 16
        case .paddingRight: 17
        case .visible: 18
        case .zIndex: 19
        case .sizeWidth: 20
        case .sizeHeight: 21
        case .marginTop: 22
        case .marginLeft: 23
        case .marginBottom: 24
        case .marginRight: 25
        case .minWidth: 26
        case .maxWidth: 27
        case .minHeight: 28
        case .maxHeight: 29
        case .columns: 30
        case .collapse: 31
        case .hugWidth: 32
        case .hugHeight: 33
        case .resistWidth: 34
        case .resistHeight: 35
        }
    }

    /// `allCases`, computed once (the synthesized property builds a new array per call).
    static let byOrdinal: [StyleProperty] = allCases

    /// Orders properties as they are declared (their position in `allCases`).
    public static func < (a: StyleProperty, b: StyleProperty) -> Bool { a.ordinal < b.ordinal }
}

/// A computed value of one property.
public enum StyleValue: Hashable, Sendable, CustomStringConvertible {
    /// nil: no colour (transparent / the terminal default).
    case color(Color?)
    /// A length in cells or an integer; nil: not set (`none`).
    case number(Double?)
    case text(String?)
    case flag(Bool)
    case border(BorderStyle)
    case alignment(HorizontalAlignment)

    /// How a stylesheet would write the value.
    public var description: String {
        switch self {
        case .color(let color): color?.stylesheetText ?? "none"
        case .number(let number): number.map(Self.format) ?? "none"
        case .text(let text): text.map { "\"\($0)\"" } ?? "none"
        case .flag(let flag): flag ? "true" : "false"
        case .border(let style): style.rawValue
        case .alignment(let alignment): alignment.rawValue
        }
    }

    /// `3` rather than `3.0`; other numbers as Swift prints them.
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}

extension ComputedStyle {
    /// The computed value of one property.
    public func value(of property: StyleProperty) -> StyleValue {
        switch property {
        case .backgroundColor: .color(backgroundColor)
        case .color: .color(foregroundColor)
        case .borderStyle: .border(border)
        case .borderColor: .color(borderColor)
        case .title: .text(title)
        case .titleAlign: .alignment(titleAlign)
        case .text: .text(text)
        case .textAlign: .alignment(textAlign)
        case .bold: .flag(bold)
        case .dim: .flag(dim)
        case .italic: .flag(italic)
        case .underline: .flag(underline)
        case .reverse: .flag(reverse)
        case .strikethrough: .flag(strikethrough)
        case .paddingTop: .number(padding.top)
        case .paddingLeft: .number(padding.left)
        case .paddingBottom: .number(padding.bottom)
        case .paddingRight: .number(padding.right)
        case .visible: .flag(visible)
        case .zIndex: .number(Double(zIndex))
        case .sizeWidth: .number(sizeWidth)
        case .sizeHeight: .number(sizeHeight)
        case .marginTop: .number(margin.top)
        case .marginLeft: .number(margin.left)
        case .marginBottom: .number(margin.bottom)
        case .marginRight: .number(margin.right)
        case .minWidth: .number(minWidth)
        case .maxWidth: .number(maxWidth)
        case .minHeight: .number(minHeight)
        case .maxHeight: .number(maxHeight)
        case .columns: .number(columns.map(Double.init))
        case .collapse: .flag(collapse)
        case .hugWidth: .number(contentPriorities.hugWidth.map(Double.init))
        case .hugHeight: .number(contentPriorities.hugHeight.map(Double.init))
        case .resistWidth: .number(contentPriorities.resistWidth.map(Double.init))
        case .resistHeight: .number(contentPriorities.resistHeight.map(Double.init))
        }
    }

    /// Sets one property. The cascade only passes values of the property's own type;
    /// a mismatched value leaves the style unchanged.
    mutating func set(_ property: StyleProperty, to value: StyleValue) {
        switch (property, value) {
        case (.backgroundColor, .color(let color)): backgroundColor = color
        case (.color, .color(let color)): foregroundColor = color
        case (.borderStyle, .border(let style)): border = style
        case (.borderColor, .color(let color)): borderColor = color
        case (.title, .text(let text)): title = text
        case (.titleAlign, .alignment(let alignment)): titleAlign = alignment
        case (.text, .text(let text)): self.text = text
        case (.textAlign, .alignment(let alignment)): textAlign = alignment
        case (.bold, .flag(let flag)): bold = flag
        case (.dim, .flag(let flag)): dim = flag
        case (.italic, .flag(let flag)): italic = flag
        case (.underline, .flag(let flag)): underline = flag
        case (.reverse, .flag(let flag)): reverse = flag
        case (.strikethrough, .flag(let flag)): strikethrough = flag
        case (.paddingTop, .number(let number?)): padding.top = number
        case (.paddingLeft, .number(let number?)): padding.left = number
        case (.paddingBottom, .number(let number?)): padding.bottom = number
        case (.paddingRight, .number(let number?)): padding.right = number
        case (.visible, .flag(let flag)): visible = flag
        case (.zIndex, .number(let number?)): zIndex = Int(number)
        case (.sizeWidth, .number(let number)): sizeWidth = number
        case (.sizeHeight, .number(let number)): sizeHeight = number
        case (.marginTop, .number(let number?)): margin.top = number
        case (.marginLeft, .number(let number?)): margin.left = number
        case (.marginBottom, .number(let number?)): margin.bottom = number
        case (.marginRight, .number(let number?)): margin.right = number
        case (.minWidth, .number(let number)): minWidth = number
        case (.maxWidth, .number(let number)): maxWidth = number
        case (.minHeight, .number(let number)): minHeight = number
        case (.maxHeight, .number(let number)): maxHeight = number
        case (.columns, .number(let number)): columns = number.map { Int($0) }
        case (.collapse, .flag(let flag)): collapse = flag
        case (.hugWidth, .number(let number)): contentPriorities.hugWidth = number.map { Int($0) }
        case (.hugHeight, .number(let number)): contentPriorities.hugHeight = number.map { Int($0) }
        case (.resistWidth, .number(let number)): contentPriorities.resistWidth = number.map { Int($0) }
        case (.resistHeight, .number(let number)): contentPriorities.resistHeight = number.map { Int($0) }
        default: break
        }
    }

    /// Every property with its computed value, in `StyleProperty` order (for JSON
    /// output and the inspector).
    public var allValues: [(property: StyleProperty, value: StyleValue)] {
        StyleProperty.allCases.map { ($0, value(of: $0)) }
    }
}
