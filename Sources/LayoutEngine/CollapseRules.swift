import LayoutSpec
import Stylesheet

// `collapse true` (CSS `display: none`): the view takes no space. The engine
// holds its width and height at 0 (`collapse.width`, `collapse.height`, required,
// in place of its text sizes and style limits) and sets aside the required rules
// of its own body that would fight that: those on its width, height, right,
// bottom and centre. Its left and top rules stay and place it; rules below
// required stay and may go unsatisfied. A row or column lowers a collapsed child
// with no gap (see Lowerer+Collapse in LayoutSpec). docs/cas.md, "collapse".

enum CollapseRules {
    /// The attributes whose required rules a collapsed view sets aside: every one
    /// that fixes its size, alone or with its left or top.
    static func isSetAside(_ attribute: Attribute) -> Bool {
        attribute != .left && attribute != .top
    }

    /// Whether the constraint is one a collapse of its own view would set aside:
    /// required, written in that view's body, on an attribute that fixes its size.
    static func mayBeSetAside(_ constraint: LayoutConstraint) -> Bool {
        guard constraint.priority.isRequired, case .attribute(let view, let attribute) = constraint.left,
            isSetAside(attribute)
        else { return false }
        return view == constraint.identity.view
    }

    /// Why the constraint is out of the solver when its view is collapsed, or nil.
    static func reason(
        for constraint: LayoutConstraint, styles: [ComputedStyle], index: [String: Int]
    ) -> InactiveReason? {
        guard mayBeSetAside(constraint), let view = index[constraint.left.view], view < styles.count,
            styles[view].collapse
        else { return nil }
        return .collapsed(view: constraint.left.view)
    }

    /// The engine's own constraints for a collapsed view: its width and height at 0.
    static let requests = [
        ImplicitRequest(kind: .collapseWidth, constant: 0), ImplicitRequest(kind: .collapseHeight, constant: 0),
    ]
}
