import Diagnostics
import LayoutSpec

// A view loaded from a spec keeps its header and body as parsed. Code may
// update the constants of the spec's own rules (`updateConstraints`): each
// update names one attribute of one statement (by label, else by shape), and
// that statement is then given to the engine one attribute at a time, the
// updated attributes with the code's right side. Lowering is per attribute,
// so the rest lays out exactly as written, and every constraint keeps its
// identity: the engine changes the constants in place.

/// A view's header and body as its spec wrote them.
struct SpecOrigin {
    /// The view as parsed (its `parent` index is the parse's, and unused).
    var syntax: ViewSyntax
    /// Where each of its statements is written.
    var statementLocations: [SourceLocation]
    /// False once code removed the view's rules (`remakeConstraints`).
    var keepsStatements = true
}

/// One attribute of one statement of a spec view's body.
struct SpecRulePiece: Hashable {
    var statement: Int
    var attribute: Attribute
}

enum SpecRuleMatch {
    enum Found {
        case matched
        /// Several statements fit: where they are written.
        case ambiguous([String])
        case none
    }

    /// Whether `rule`, made by `updateConstraints`, stands for rules of the
    /// view's spec: exactly one statement for each of its attributes.
    static func find(_ rule: Rule, in view: View) -> Found {
        guard let spec = view.spec, spec.keepsStatements else { return .none }
        var lines: [String] = []
        for attribute in rule.attributes {
            let pieces = candidates(for: rule, attribute, in: view, spec: spec)
            if pieces.isEmpty { return .none }
            if pieces.count > 1 {
                lines = pieces.map { spec.statementLocations[$0.statement].description }
                return .ambiguous(lines)
            }
        }
        return .matched
    }

    /// Whether two updates stand for the same statement attributes (the later replaces the earlier).
    static func sameTarget(_ a: Rule, _ b: Rule, in view: View) -> Bool {
        guard let spec = view.spec else { return false }
        return Set(a.attributes.flatMap { candidates(for: a, $0, in: view, spec: spec) })
            == Set(b.attributes.flatMap { candidates(for: b, $0, in: view, spec: spec) })
    }

    /// For each statement attribute some update names, the update and its
    /// attribute (the newest update wins).
    static func overrides(of view: View) -> [SpecRulePiece: (rule: Rule, attribute: AnchorAttribute)] {
        guard let spec = view.spec, spec.keepsStatements else { return [:] }
        var result: [SpecRulePiece: (rule: Rule, attribute: AnchorAttribute)] = [:]
        for rule in view.specUpdates {
            for attribute in rule.attributes {
                let pieces = candidates(for: rule, attribute, in: view, spec: spec)
                if pieces.count == 1 { result[pieces[0]] = (rule, attribute) }
            }
        }
        return result
    }

    /// The statement attributes one attribute of an update may stand for: by
    /// label when the update has one, else every rule constraining the
    /// attribute with the same relation and right-side shape (and the same
    /// priority, when the update gives one).
    private static func candidates(
        for rule: Rule, _ attribute: AnchorAttribute, in view: View, spec: SpecOrigin
    ) -> [SpecRulePiece] {
        var found: [SpecRulePiece] = []
        for (index, statement) in spec.syntax.statements.enumerated() {
            guard case .rule(let written) = statement else { continue }
            guard let attributes = expanded(written.attributes), attributes.contains(attribute.attribute) else { continue }
            let piece = SpecRulePiece(statement: index, attribute: attribute.attribute)
            if let label = rule.label {
                if written.tail.label?.text == label { found.append(piece) }
                continue
            }
            guard written.tail.label == nil || rule.label == nil,
                written.relation.relation(for: attribute.attribute) == rule.relation,
                rule.priority.isRequired || priority(of: written) == rule.priority,
                let writtenShape = shape(of: written, for: attribute.attribute, in: view),
                let ruleShape = rule.shape(for: attribute, of: view), writtenShape == ruleShape
            else { continue }
            found.append(piece)
        }
        return found
    }

    /// The attributes a rule's words stand for, composites expanded, repeats dropped.
    static func expanded(_ words: [NameSyntax]) -> [Attribute]? {
        var attributes: [Attribute] = []
        for word in words {
            guard let expanded = Attribute.expanding(word.text) else { return nil }
            for attribute in expanded where !attributes.contains(attribute) { attributes.append(attribute) }
        }
        return attributes
    }

    private static func priority(of rule: RuleSyntax) -> LayoutPriority? {
        switch rule.tail.priority {
        case nil: .required
        case .number(let value, _): LayoutPriority(Int(value))
        case .name(let name): LayoutPriority(name: name.text)
        }
    }

    /// The view attributes a written rule reads for one attribute, as lowering
    /// would find them; nil when it reads something this cannot follow (a `let`).
    private static func shape(of rule: RuleSyntax, for attribute: Attribute, in view: View) -> RuleShape? {
        guard var shape = Self.terms(rule.expression, attribute, view, scale: 1) else { return nil }
        // Insets and offsets add constants (or style values), never a view's attribute.
        for extra in rule.inset + rule.offset {
            guard let terms = Self.terms(extra, attribute, view, scale: 1), terms.isEmpty else { return nil }
        }
        shape = shape.measuredFromSuperview(for: attribute, of: view)
        return shape
    }

    private static func terms(_ expression: ExpressionSyntax, _ attribute: Attribute, _ view: View, scale: Double)
        -> RuleShape?
    {
        var shape = RuleShape()
        switch expression {
        case .number, .style:
            return shape
        case .name(let name):
            if let target = resolve(name.text, from: view) {
                shape.add(target, attribute, scale)
            } else if let own = Attribute(spelling: name.text) {
                shape.add(view, own, scale)
            } else {
                return nil
            }
            return shape
        case .member(let name, let word):
            guard let target = resolve(name.text, from: view), let expanded = Attribute.expanding(word.text) else { return nil }
            let member = expanded.count == 1 ? expanded[0] : (expanded.contains(attribute) ? attribute : nil)
            guard let member else { return nil }
            shape.add(target, member, scale)
            return shape
        case .negate(let inner, _):
            return terms(inner, attribute, view, scale: -scale)
        case .sum(let parts):
            for part in parts {
                guard let inner = Self.terms(part.operand, attribute, view, scale: 1) else { return nil }
                shape.add(inner, times: part.isSubtracted ? -scale : scale)
            }
            return shape
        case .product(let first, let parts):
            var factor = scale
            var variable: ExpressionSyntax?
            for (operand, isDivision) in [(first, false)] + parts.map({ ($0.operand, $0.isDivision) }) {
                if case .number(let value, _) = operand {
                    guard value != 0 || !isDivision else { return nil }
                    factor = isDivision ? factor / value : factor * value
                } else if variable == nil, !isDivision {
                    variable = operand
                } else {
                    return nil
                }
            }
            guard let variable else { return shape }
            return terms(variable, attribute, view, scale: factor)
        }
    }

    /// A view a rule names: `parent`, or an id in the view's tree.
    private static func resolve(_ name: String, from view: View) -> View? {
        if name == "parent" { return view.superview }
        var top = view
        while let parent = top.superview { top = parent }
        return top.view(name)
    }
}
