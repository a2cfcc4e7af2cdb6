import Cells
import LayoutSpec
import Stylesheet

/// Why a spec constraint is not in the solver although nothing conflicts with it.
public indirect enum InactiveReason: Hashable, Sendable, CustomStringConvertible {
    /// It reads a style value no stylesheet sets for that view (`$size-width`
    /// without any `size`).
    case unsetStyle(view: String, name: String)
    /// Its constant is not a finite number (a huge style value overflowed).
    case nonFinite
    /// A number in it is too large to solve with: a constant beyond
    /// `StyleValues.largestConstant` cells or a multiplier beyond
    /// `StyleValues.largestMultiplier`, whose products would overflow to infinity.
    case tooLarge
    /// A multiplier in it is not 0 but nearer 0 than `StyleValues.smallestMultiplier`:
    /// the solver would divide by it (1e-300 put a view at top = inf).
    case tooSmall
    /// It would fix the size of a view whose style says `collapse true`, which
    /// holds that view at 0 × 0 instead.
    case collapsed(view: String)

    /// Why it is inactive, as the inspector says it.
    public var description: String {
        switch self {
        case .unsetStyle(let view, let name): "'$\(name)' has no value for view '\(view)'"
        case .nonFinite: "its constant is not a finite number"
        case .tooLarge: "a number in it is too large to solve with (beyond ±10¹² cells, or a multiplier beyond ±10⁶)"
        case .tooSmall: "a multiplier in it is too near 0 to solve with (between ±10⁻⁶ and 0; write 0, or leave the term out)"
        case .collapsed(let view): "view '\(view)' is collapsed (collapse true), so it takes no space"
        }
    }
}

/// The number a constraint's constant part comes to once its style values are read.
enum Resolution: Hashable, Sendable {
    case constant(Double)
    case inactive(InactiveReason)

    var constant: Double? {
        if case .constant(let value) = self { return value }
        return nil
    }
}

enum StyleValues {
    /// The largest constant, in cells, a constraint may come to. A terminal has a
    /// few hundred cells; frames are clamped to ±10⁹ when drawn.
    static let largestConstant = 1e12
    /// The largest multiplier a constraint may hold. Beyond it a view's frame could
    /// overflow to infinity (1.8 × 10³⁰⁸ times a parent's centre did) and the
    /// solver's arithmetic lose every cell.
    static let largestMultiplier = 1e6
    /// The smallest multiplier other than 0 a constraint may hold: the solver
    /// divides by coefficients, and 1 / 10⁻³⁰⁰ is already out of reach.
    static let smallestMultiplier = 1e-6

    /// Reads one `$name` component (`size-width`, `margin-top`, …) of a computed
    /// style: nil when the style leaves it unset (or for a name lowering never
    /// produces). A switch, because reloads read thousands of them.
    static func value(_ name: String, in style: ComputedStyle) -> Double? {
        switch name {
        case "size-width": return style.sizeWidth
        case "size-height": return style.sizeHeight
        case "margin-top": return style.margin.top
        case "margin-left": return style.margin.left
        case "margin-bottom": return style.margin.bottom
        case "margin-right": return style.margin.right
        case "padding-top": return style.padding.top
        case "padding-left": return style.padding.left
        case "padding-bottom": return style.padding.bottom
        case "padding-right": return style.padding.right
        case "min-width": return style.minWidth
        case "max-width": return style.maxWidth
        case "min-height": return style.minHeight
        case "max-height": return style.maxHeight
        case "z-index": return Double(style.zIndex)
        case "columns": return style.columns.map(Double.init)
        case "collapse": return style.collapse ? 1 : nil
        default: return nil
        }
    }

    /// The constraint's constant: its number plus each style value times its coefficient.
    static func resolve(
        _ constraint: LayoutConstraint, styles: ViewStyles, index: [String: Int]
    ) -> Resolution {
        var constant = constraint.right.constant
        for term in constraint.right.styles {
            guard let view = index[term.view], let value = styles.value(term.name, ofView: view) else {
                return .inactive(.unsetStyle(view: term.view, name: term.name))
            }
            constant += term.coefficient * value
        }
        guard constant.isFinite else { return .inactive(.nonFinite) }
        guard abs(constant) <= largestConstant else { return .inactive(.tooLarge) }
        for term in constraint.right.terms {   // one pass: this runs for every constraint of a load
            let size = abs(term.coefficient)
            guard size <= largestMultiplier else { return .inactive(.tooLarge) }
            guard size >= smallestMultiplier || size == 0 else { return .inactive(.tooSmall) }
        }
        return .constant(constant)
    }

    /// The style the engine uses for a view: the cascade's, with the spec's quoted
    /// string on top. The string is the view's content, like an inline style: a
    /// `text` view's `text`, any other view's `title`; it beats every stylesheet rule.
    static func effective(_ cascaded: ComputedStyle, for view: ViewDeclaration) -> ComputedStyle {
        guard let title = view.title else { return cascaded }
        var style = cascaded
        if view.kind == .text { style.text = title } else { style.title = title }
        return style
    }

    /// The property the spec's quoted string sets on a view of this kind.
    static func specContentProperty(of kind: ViewKind) -> StyleProperty {
        kind == .text ? .text : .title
    }
}
