import Cells
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
    /// `owner` is the index of the view whose body wrote it: for a constraint that
    /// may be set aside, the view it constrains (no lookup by id on a reload's path).
    static func reason(for constraint: LayoutConstraint, owner: Int, styles: ViewStyles) -> InactiveReason? {
        guard owner < styles.count, styles.cascaded[owner].collapse, mayBeSetAside(constraint) else { return nil }
        return .collapsed(view: constraint.left.view)
    }

    /// Whether collapse matters to a change from `old` to `new` styles: some view
    /// is collapsed in either.
    static func inPlay(_ old: ViewStyles, _ new: ViewStyles) -> Bool {
        old.anyCollapsed || new.anyCollapsed
    }

    /// The engine's own constraints for a collapsed view: its width and height at 0.
    static let requests = [
        ImplicitRequest(kind: .collapseWidth, constant: 0), ImplicitRequest(kind: .collapseHeight, constant: 0),
    ]
}
