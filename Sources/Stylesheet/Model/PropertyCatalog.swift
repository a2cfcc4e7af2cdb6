/// How a written property turns a value into computed properties.
enum PropertyShape: Sendable, Hashable {
    case color(StyleProperty)
    case text(StyleProperty)
    case alignment(StyleProperty)
    case flag(StyleProperty)
    case integer(StyleProperty)
    /// A whole number of at least 1, or `none`/`auto` (unset).
    case count(StyleProperty)
    /// A length in cells; `optional` lengths also take `none` (unset).
    case length(StyleProperty, negativeAllowed: Bool, optional: Bool)
    /// 1, 2 or 4 lengths: top left bottom right (2 values: vertical horizontal).
    case insets([StyleProperty], negativeAllowed: Bool)
    /// `size w h`, or one value for both.
    case size
    case borderStyle
    /// `border STYLE [COLOUR]`, in either order.
    case border
    /// A layout priority: 1–1000 or `required high medium low weak`; `none` unsets it.
    case priority(StyleProperty)
    /// `hug W H` / `resist W H`: two priorities, or one for both axes.
    case priorityPair(StyleProperty, StyleProperty)
}

/// A property a stylesheet may write, under its canonical (kebab-case) name.
struct PropertySpec: Sendable, Hashable {
    let name: String
    let shape: PropertyShape
}

/// Every property name `.cas` knows, kebab-case or camelCase, with aliases.
enum PropertyCatalog {
    static let specs: [PropertySpec] = {
        var specs: [PropertySpec] = [
            PropertySpec(name: "background-color", shape: .color(.backgroundColor)),
            PropertySpec(name: "color", shape: .color(.color)),
            PropertySpec(name: "border", shape: .border),
            PropertySpec(name: "border-style", shape: .borderStyle),
            PropertySpec(name: "border-color", shape: .color(.borderColor)),
            PropertySpec(name: "title", shape: .text(.title)),
            PropertySpec(name: "title-align", shape: .alignment(.titleAlign)),
            PropertySpec(name: "text", shape: .text(.text)),
            PropertySpec(name: "text-align", shape: .alignment(.textAlign)),
            PropertySpec(name: "z-index", shape: .integer(.zIndex)),
            PropertySpec(name: "columns", shape: .count(.columns)),
            PropertySpec(name: "padding", shape: .insets(paddingSides, negativeAllowed: false)),
            PropertySpec(name: "margin", shape: .insets(marginSides, negativeAllowed: true)),
            PropertySpec(name: "size", shape: .size),
            PropertySpec(name: "size-width", shape: .length(.sizeWidth, negativeAllowed: false, optional: true)),
            PropertySpec(name: "size-height", shape: .length(.sizeHeight, negativeAllowed: false, optional: true)),
        ]
        for flag: StyleProperty in [.bold, .dim, .italic, .underline, .reverse, .strikethrough, .visible, .collapse] {
            specs.append(PropertySpec(name: flag.name, shape: .flag(flag)))
        }
        for side in paddingSides {
            specs.append(PropertySpec(name: side.name, shape: .length(side, negativeAllowed: false, optional: false)))
        }
        for side in marginSides {
            specs.append(PropertySpec(name: side.name, shape: .length(side, negativeAllowed: true, optional: false)))
        }
        for limit: StyleProperty in [.minWidth, .maxWidth, .minHeight, .maxHeight] {
            specs.append(PropertySpec(name: limit.name, shape: .length(limit, negativeAllowed: false, optional: true)))
        }
        for priority: StyleProperty in [.hugWidth, .hugHeight, .resistWidth, .resistHeight] {
            specs.append(PropertySpec(name: priority.name, shape: .priority(priority)))
        }
        specs.append(PropertySpec(name: "hug", shape: .priorityPair(.hugWidth, .hugHeight)))
        specs.append(PropertySpec(name: "resist", shape: .priorityPair(.resistWidth, .resistHeight)))
        return specs
    }()

    /// Short and alternative spellings, as Classy users and CSS users write them.
    static let aliases: [String: String] = [
        "bg": "background-color", "background": "background-color",
        "fg": "color", "foreground-color": "color", "text-color": "color",
    ]

    static let paddingSides: [StyleProperty] = [.paddingTop, .paddingLeft, .paddingBottom, .paddingRight]
    static let marginSides: [StyleProperty] = [.marginTop, .marginLeft, .marginBottom, .marginRight]

    private static let byName: [String: PropertySpec] = {
        var table = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) })
        for (alias, target) in aliases { table[alias] = table[target] }
        return table
    }()

    /// Every spelling, for did-you-mean suggestions.
    static let allNames: [String] = specs.map(\.name) + aliases.keys.sorted()

    static func spec(named name: String) -> PropertySpec? {
        if let spec = byName[name] { return spec }
        let kebab = kebabCase(name)
        return kebab == name ? nil : byName[kebab]
    }

    /// `backgroundColor` → `background-color`, `size_width` → `size-width`.
    static func kebabCase(_ name: String) -> String {
        // Already kebab-case (the usual spelling): nothing to build.
        if !name.utf8.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x5F || $0 >= 0x80 }) { return name }
        var result = ""
        result.reserveCapacity(name.utf8.count + 4)
        for scalar in name.unicodeScalars {
            if scalar.properties.isUppercase {
                if !result.isEmpty, result.last != "-" { result.append("-") }
                result.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else if scalar == "_" {
                result.append("-")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
