import Diagnostics
import LayoutSpec
import Stylesheet

/// Why one view is where it is and looks as it does: the inspector's pane and
/// `casement explain`.
public struct ViewExplanation: Sendable {
    /// The view as laid out.
    public var view: ViewLayout
    /// Its flags, in `ViewFlag` order.
    public var flags: [ViewFlag]
    /// Direct children, in tree order.
    public var children: [String]
    /// Every constraint that places the view or measures from it: the spec's in
    /// source order, then the engine's own.
    public var constraints: [ConstraintInfo]
    /// What the constraints leave free in its frame, if anything.
    public var ambiguity: ViewAmbiguity?
    /// Every style property, in `StyleProperty` order.
    public var style: [StyleExplanation]
}

/// One computed property and where its value came from.
public struct StyleExplanation: Sendable {
    /// Where a computed value came from.
    public enum Source: Sendable {
        /// No rule sets it.
        case defaultValue
        /// The spec's quoted string (a `text` view's text, any other view's title).
        case spec(SourceLocation)
        /// The winning stylesheet declaration.
        case stylesheet(AppliedDeclaration)
    }

    /// The property explained.
    public var property: StyleProperty
    /// Its computed value.
    public var value: StyleValue
    /// Where that value came from.
    public var source: Source
    /// Declarations that also matched and lost, strongest first.
    public var overridden: [AppliedDeclaration]

    /// True when no rule sets the property.
    public var isDefault: Bool {
        if case .defaultValue = source { return true }
        return false
    }
}

extension LayoutSession {
    /// The explanation of one view, or nil for an id the layout does not have
    /// (`suggestion(forView:)` offers a near one).
    public func explain(_ id: String) -> ViewExplanation? {
        guard let index = viewIndex(of: id) else { return nil }
        let document = model.document
        var refs: [ConstraintRef] = []
        for (position, constraint) in document.constraints.enumerated() where Self.mentions(constraint, id) {
            refs.append(.spec(position))
        }
        for implicit in binding.implicitConstraints[index].slots {
            refs.append(.implicit(view: index, kind: implicit.kind))
        }
        let constraints = model.inSpecOrder(refs).map { describe($0) }
        let flags = flags()[index]
        let ambiguity = ambiguousViews().first { $0.view == index }.map { viewAmbiguity($0, describing: describe) }
        return ViewExplanation(
            view: views[index], flags: flags, children: document.views[index].children, constraints: constraints,
            ambiguity: ambiguity, style: styleExplanation(of: index))
    }

    /// A did-you-mean for an unknown view id.
    public func suggestion(forView id: String) -> String? {
        Suggestion.closest(to: id, among: views.map(\.id))
    }

    private static func mentions(_ constraint: LayoutConstraint, _ id: String) -> Bool {
        if constraint.view == id || constraint.left.view == id { return true }
        return constraint.right.terms.contains { $0.variable.view == id }
    }

    private func styleExplanation(of index: Int) -> [StyleExplanation] {
        let layout = views[index]
        let provenance = model.cascade.provenance(ofView: index)
        let content = layout.title == nil ? nil : StyleValues.specContentProperty(of: layout.kind)
        return layout.style.allValues.map { property, value in
            let why = provenance.first { $0.property == property }
            if property == content {
                let lost = why.map { [$0.winner] + $0.overridden } ?? []
                return StyleExplanation(property: property, value: value, source: .spec(layout.location), overridden: lost)
            }
            guard let why else {
                return StyleExplanation(property: property, value: value, source: .defaultValue, overridden: [])
            }
            return StyleExplanation(
                property: property, value: value, source: .stylesheet(why.winner), overridden: why.overridden)
        }
    }
}

extension ViewExplanation {
    /// The explanation as plain text, as `casement explain` prints it.
    public func formatted() -> String {
        var lines: [String] = []
        var header = "view \(view.id)  \(view.kind.rawValue)"
        for name in view.classes { header += " .\(name)" }
        if let title = view.title { header += " \"\(title)\"" }
        lines.append(header)
        lines.append("  declared  \(view.location)")
        lines.append("  parent    \(view.parent ?? "(none: top level)")")
        if !children.isEmpty { lines.append("  children  \(children.joined(separator: ", "))") }
        lines.append("  frame     \(view.frame)")
        lines.append("  solved    \(view.exact)")
        if !flags.isEmpty { lines.append("  flags     \(flags.map(\.rawValue).joined(separator: ", "))") }
        if let ambiguity {
            lines.append("  ambiguous \(ambiguity.message)")
        }

        lines.append("")
        lines.append("constraints (\(constraints.count))")
        if constraints.isEmpty { lines.append("  none: nothing places this view") }
        for info in constraints {
            lines.append("  \(info.text)")
            if let resolved = info.resolvedText { lines.append("      = \(resolved)") }
            var detail = "      \(info.status)"
            if case .engine = info.origin { detail += ", added by the engine" }
            detail += "  \(info.location)"
            lines.append(detail)
        }

        lines.append("")
        let set = style.filter { !$0.isDefault }
        lines.append("style (\(set.count) set, \(style.count - set.count) default)")
        for entry in set {
            switch entry.source {
            case .spec(let location):
                lines.append("  \(entry.property.name) \(entry.value)  from the spec's quoted string  \(location)")
            case .stylesheet(let winner):
                lines.append("  \(entry.property.name) \(entry.value)  \(winner.selector)  \(winner.location)  (\(winner.text))")
            case .defaultValue:
                break
            }
            for loser in entry.overridden {
                lines.append("      overridden: \(loser.selector)  \(loser.location)  (\(loser.text))")
            }
        }
        let defaults = style.filter(\.isDefault).map { "\($0.property.name) \($0.value)" }
        if !defaults.isEmpty { lines.append("  defaults: " + defaults.joined(separator: ", ")) }
        return lines.joined(separator: "\n") + "\n"
    }
}
