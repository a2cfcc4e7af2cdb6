import Cells
import Diagnostics

/// A layout value of a computed style, as a layout spec reads it (`$size`, `$margin-top`).
public enum LayoutValue: Hashable, Sendable {
    case number(Double)
    /// `size`: (width, height); `margin` and `padding`: (top, left, bottom, right).
    case tuple([Double])
    /// The property exists but has no value for this view (e.g. `size` never set).
    case unset
}

/// Why a layout property name could not be read.
public struct UnknownLayoutProperty: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name as the spec wrote it, without the `$`.
    public let name: String
    /// The nearest known name, for a did-you-mean.
    public let suggestion: String?

    /// The error message, with a did-you-mean when a known name is close.
    public var description: String {
        "unknown style value '$\(name)'" + (suggestion.map { "; did you mean '$\($0)'?" } ?? "")
    }
}

extension ComputedStyle {
    /// The names a layout spec may read, kebab-case (camelCase spellings also work).
    public static let layoutPropertyNames = [
        "size", "size-width", "size-height",
        "margin", "margin-top", "margin-left", "margin-bottom", "margin-right",
        "padding", "padding-top", "padding-left", "padding-bottom", "padding-right",
        "min-width", "max-width", "min-height", "max-height", "z-index", "columns",
    ]

    /// The canonical name of a layout property written as `$sizeWidth`, `size_width`,
    /// `size-width`…; or the error with a did-you-mean.
    public static func layoutPropertyName(_ written: String) -> Result<String, UnknownLayoutProperty> {
        let bare = written.hasPrefix("$") ? String(written.dropFirst()) : written
        let name = PropertyCatalog.kebabCase(bare)
        if layoutPropertyNames.contains(name) { return .success(name) }
        return .failure(
            UnknownLayoutProperty(name: bare, suggestion: Suggestion.closest(to: bare, among: layoutPropertyNames)))
    }

    /// Reads a layout property by name.
    public func layoutValue(named written: String) -> Result<LayoutValue, UnknownLayoutProperty> {
        Self.layoutPropertyName(written).map(layoutValue(canonical:))
    }

    private static func optional(_ value: Double?) -> LayoutValue { value.map(LayoutValue.number) ?? .unset }

    private static func insets(_ insets: Insets) -> LayoutValue {
        .tuple([insets.top, insets.left, insets.bottom, insets.right])
    }

    private func layoutValue(canonical name: String) -> LayoutValue {
        switch name {
        case "size":
            guard let sizeWidth, let sizeHeight else { return .unset }
            return .tuple([sizeWidth, sizeHeight])
        case "size-width": return Self.optional(sizeWidth)
        case "size-height": return Self.optional(sizeHeight)
        case "margin": return Self.insets(margin)
        case "margin-top": return .number(margin.top)
        case "margin-left": return .number(margin.left)
        case "margin-bottom": return .number(margin.bottom)
        case "margin-right": return .number(margin.right)
        case "padding": return Self.insets(padding)
        case "padding-top": return .number(padding.top)
        case "padding-left": return .number(padding.left)
        case "padding-bottom": return .number(padding.bottom)
        case "padding-right": return .number(padding.right)
        case "min-width": return Self.optional(minWidth)
        case "max-width": return Self.optional(maxWidth)
        case "min-height": return Self.optional(minHeight)
        case "max-height": return Self.optional(maxHeight)
        case "z-index": return .number(Double(zIndex))
        case "columns": return columns.map { .number(Double($0)) } ?? .unset
        default: return .unset
        }
    }
}
