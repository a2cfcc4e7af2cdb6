import Diagnostics
import LayoutSpec

/// A view's hugging and compression resistance as code set them, per axis.
struct ContentPrioritySettings: Equatable {
    var hugWidth: LayoutPriority?
    var hugHeight: LayoutPriority?
    var resistWidth: LayoutPriority?
    var resistHeight: LayoutPriority?

    /// As header parameters (`hug-width=250`), the form the engine reads them in.
    var parameters: [(name: String, priority: LayoutPriority)] {
        [("hug-width", hugWidth), ("hug-height", hugHeight), ("resist-width", resistWidth), ("resist-height", resistHeight)]
            .compactMap { name, priority in priority.map { (name, $0) } }
    }
}

extension View {
    /// The default hugging of a text's (or a widget's) content: 600, above
    /// `grow`'s 500, so free room goes to what grows (docs/engine.md, "Text sizes").
    public static let defaultContentHuggingPriority = LayoutPriority(600)!

    /// The default compression resistance: 750 (`high`), as UIKit's labels.
    public static let defaultContentCompressionResistancePriority = LayoutPriority.high

    /// How strongly the view keeps from growing past its content's natural size
    /// along `axis`, as UIKit's `setContentHuggingPriority(_:for:)`: of two
    /// texts (or widgets) side by side, the one that hugs less takes the room
    /// left over. It applies to `text` views and widgets; it overrides the
    /// stylesheet's `hug` and a spec's `[hug=…]`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: Axis) {
        switch axis {
        case .horizontal: contentPrioritySettings.hugWidth = priority
        case .vertical: contentPrioritySettings.hugHeight = priority
        }
    }

    /// How strongly the view keeps from shrinking below its content's natural
    /// size along `axis`, as UIKit's `setContentCompressionResistancePriority(_:for:)`:
    /// a rule stronger than this squeezes it (a text then wraps or is clipped).
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: Axis) {
        switch axis {
        case .horizontal: contentPrioritySettings.resistWidth = priority
        case .vertical: contentPrioritySettings.resistHeight = priority
        }
    }

    /// The hugging code set along `axis`, else the default (600). (A stylesheet's
    /// `hug` or a spec's `[hug=…]` applies where code sets none.)
    public func contentHuggingPriority(for axis: Axis) -> LayoutPriority {
        (axis == .horizontal ? contentPrioritySettings.hugWidth : contentPrioritySettings.hugHeight)
            ?? Self.defaultContentHuggingPriority
    }

    /// The compression resistance code set along `axis`, else the default (750).
    public func contentCompressionResistancePriority(for axis: Axis) -> LayoutPriority {
        (axis == .horizontal ? contentPrioritySettings.resistWidth : contentPrioritySettings.resistHeight)
            ?? Self.defaultContentCompressionResistancePriority
    }
}

extension View {
    /// What code set along each axis (nil: not set), for a runtime that applies
    /// a widget's priorities itself (the app runtime's intrinsic-size rules).
    package var contentPrioritiesSetInCode: ContentPriorityParameters {
        ContentPriorityParameters(
            hugWidth: contentPrioritySettings.hugWidth, hugHeight: contentPrioritySettings.hugHeight,
            resistWidth: contentPrioritySettings.resistWidth, resistHeight: contentPrioritySettings.resistHeight)
    }
}
