import Casement

// A widget is a constraint target and a constrained view in its own right:
// `list.makeConstraints { … }`, `make.left.equalTo(list.right)`,
// `make.size.equalTo(list)` — all through its view, so nothing a widget is
// constrained by differs from what its view is.

extension Widget: @preconcurrency ConstraintTarget {
    /// The same attribute of the widget's view.
    public var target: RuleTarget { view.target }
}

extension Widget {
    /// Adds the rules the closure makes to the widget's view (`view.makeConstraints`).
    public func makeConstraints(_ closure: (ConstraintMaker) -> Void) { view.makeConstraints(closure) }

    /// Updates the constants of the view's rules (`view.updateConstraints`).
    public func updateConstraints(_ closure: (ConstraintMaker) -> Void) { view.updateConstraints(closure) }

    /// Removes the view's rules, then makes new ones (`view.remakeConstraints`).
    public func remakeConstraints(_ closure: (ConstraintMaker) -> Void) { view.remakeConstraints(closure) }

    /// Removes every rule of the view (`view.removeConstraints`).
    public func removeConstraints() { view.removeConstraints() }

    /// How strongly the widget keeps from growing past its content's natural
    /// size along `axis` (its `intrinsicSize`), as UIKit's; the default is 600.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: Axis) {
        view.setContentHuggingPriority(priority, for: axis)
        setNeedsDisplay()
    }

    /// How strongly the widget keeps from shrinking below its content's natural
    /// size along `axis`, as UIKit's; the default is 750.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: Axis) {
        view.setContentCompressionResistancePriority(priority, for: axis)
        setNeedsDisplay()
    }

    /// The left edge of the widget's view.
    public var left: Anchor { view.left }
    /// The right edge.
    public var right: Anchor { view.right }
    /// The top edge.
    public var top: Anchor { view.top }
    /// The bottom edge.
    public var bottom: Anchor { view.bottom }
    /// The leading (left) edge.
    public var leading: Anchor { view.leading }
    /// The trailing (right) edge.
    public var trailing: Anchor { view.trailing }
    /// The width.
    public var width: Anchor { view.width }
    /// The height.
    public var height: Anchor { view.height }
    /// The horizontal centre.
    public var centerX: Anchor { view.centerX }
    /// The vertical centre.
    public var centerY: Anchor { view.centerY }
    /// Top, left, bottom and right.
    public var edges: Anchor { view.edges }
    /// Width and height.
    public var size: Anchor { view.size }
    /// Both centres.
    public var center: Anchor { view.center }
    /// Left and right.
    public var horizontalEdges: Anchor { view.horizontalEdges }
    /// Top and bottom.
    public var verticalEdges: Anchor { view.verticalEdges }
}
