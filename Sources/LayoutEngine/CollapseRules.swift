import Cells
import LayoutSpec
import Stylesheet

// `collapse true` (CSS `display: none`): the view takes no space. The engine
// holds its width and height at 0 (`collapse.width`, `collapse.height`, required,
// in place of its text sizes and style limits) and sets aside the required rules
// of its own body that would fight that: those on its width and height, and on
// each axis every placement but one. The one kept is the edge its rules place
// it by: `left` (`top`) when it has such a rule, else `right` (`bottom`), else
// the centre; so a view pinned to its parent's right or bottom edge stays there
// instead of floating to 0. Rules below required stay and may go unsatisfied.
// A row or column lowers a collapsed child with no gap (see Lowerer+Collapse in
// LayoutSpec). docs/cas.md, "collapse".

enum CollapseRules {
    /// Whether the constraint is one a collapse of its own view may set aside:
    /// required, written in that view's body, on the view's own attribute.
    static func mayBeSetAside(_ constraint: LayoutConstraint) -> Bool {
        guard constraint.priority.isRequired, case .attribute(let view, let attribute) = constraint.left,
            attribute != .left, attribute != .top
        else { return false }
        return view == constraint.identity.view
    }

    /// Why the constraint is out of the solver when its view is collapsed, or nil.
    /// `owner` is the index of the view whose body wrote it: for a constraint that
    /// may be set aside, the view it constrains (no lookup by id on a reload's path).
    static func reason(
        for constraint: LayoutConstraint, owner: Int, styles: ViewStyles, document: LayoutDocument
    ) -> InactiveReason? {
        guard owner < styles.count, styles.cascaded[owner].collapse, mayBeSetAside(constraint),
            case .attribute(let view, let attribute) = constraint.left
        else { return nil }
        if let kept = placement(along: attribute, of: owner, in: document), kept == attribute { return nil }
        return .collapsed(view: view)
    }

    /// The attribute that places a collapsed view along the axis of `attribute`:
    /// the first of left, right, centerX (top, bottom, centerY) that a required
    /// rule of its own body names; nil for a size, or when none does.
    static func placement(along attribute: Attribute, of view: Int, in document: LayoutDocument) -> Attribute? {
        let order: [Attribute]
        switch attribute {
        case .left, .right, .centerX: order = [.left, .right, .centerX]
        case .top, .bottom, .centerY: order = [.top, .bottom, .centerY]
        case .width, .height: return nil
        }
        let id = document.views[view].id
        var named = Set<Attribute>()
        for constraint in document.constraints[document.views[view].constraintRange] where constraint.priority.isRequired {
            if case .attribute(id, let own) = constraint.left, constraint.identity.view == id { named.insert(own) }
        }
        return order.first { named.contains($0) }
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
