import Diagnostics

/// The four inset amounts of a rule, top, left, bottom, right.
struct Sides {
    var top: LinearExpression
    var left: LinearExpression
    var bottom: LinearExpression
    var right: LinearExpression

    static let zero = Sides(top: .constant(0), left: .constant(0), bottom: .constant(0), right: .constant(0))

    func side(_ attribute: Attribute) -> LinearExpression {
        switch attribute {
        case .top: top
        case .bottom: bottom
        case .right: right
        default: left
        }
    }

    /// What an inset by these sides adds to an attribute: near edges move in
    /// (+), far edges move in (−), a length loses both of its sides, a centre
    /// shifts by half the difference.
    func insetAmount(for attribute: Attribute) -> LinearExpression {
        switch attribute {
        case .left: left
        case .top: top
        case .right: right.scaled(by: -1)
        case .bottom: bottom.scaled(by: -1)
        case .width: (left + right).scaled(by: -1)
        case .height: (top + bottom).scaled(by: -1)
        case .centerX: (left - right).scaled(by: 0.5)
        case .centerY: (top - bottom).scaled(by: 0.5)
        }
    }

    /// The padding along an axis: leading and trailing.
    func leading(_ axis: Axis) -> LinearExpression { axis == .horizontal ? left : top }
    func trailing(_ axis: Axis) -> LinearExpression { axis == .horizontal ? right : bottom }
}

extension Lowerer {
    /// `ATTRS REL EXPR [inset …] [offset …] [@priority] [as label]`: one
    /// constraint per attribute, or none when anything in the rule is wrong.
    mutating func lowerRule(_ rule: RuleSyntax, in view: Int) {
        guard let attributes = ruleAttributes(rule) else { return }
        if rule.relation == .within, let center = attributes.first(where: { $0 == .centerX || $0 == .centerY }) {
            diagnostics.error(.layoutShorthand,
                "'within' keeps edges and sizes inside another view; it has no meaning for \(center.rawValue)",
                at: rule.relationSpan, hint: "use == for centres, such as center == parent")
            return
        }
        guard let priority = priority(rule.tail.priority, in: view) else { return }
        noteUserLabel(rule.tail.label, in: view)

        var sides: Sides?
        if !rule.inset.isEmpty {
            guard let insets = insetSides(rule.inset, in: view) else { return }
            sides = insets
        }
        let label = rule.tail.label?.text
        if attributes.count == 1 {
            // The common case, without collecting first.
            guard let right = rightSide(of: rule, for: attributes[0], sides: sides, in: view) else { return }
            emit(view, label, .attribute(view, attributes[0]), rule.relation.relation(for: attributes[0]), right, priority, at: rule.span.start)
            return
        }
        var lowered: [LinearExpression] = []
        lowered.reserveCapacity(attributes.count)
        for attribute in attributes {
            guard let right = rightSide(of: rule, for: attribute, sides: sides, in: view) else { return }
            lowered.append(right)
        }
        for (attribute, right) in zip(attributes, lowered) {
            emit(view, label, .attribute(view, attribute), rule.relation.relation(for: attribute), right, priority, at: rule.span.start)
        }
    }

    /// The attributes of the left side, composites expanded, repeats dropped (with a warning).
    private mutating func ruleAttributes(_ rule: RuleSyntax) -> [Attribute]? {
        var attributes: [Attribute] = []
        for word in rule.attributes {
            guard let expanded = self.attributes(named: word) else { return nil }
            if rule.attributes.count == 1 { return expanded }
            for attribute in expanded {
                if attributes.contains(attribute) {
                    diagnostics.warning(.layoutShorthand, "'\(attribute.rawValue)' is listed twice; it is constrained once", at: word.span)
                } else {
                    attributes.append(attribute)
                }
            }
        }
        return attributes
    }

    /// The right side for one attribute: the expression, measured from the
    /// parent when it names no view and the attribute is a position, plus inset and offset.
    private mutating func rightSide(of rule: RuleSyntax, for attribute: Attribute, sides: Sides?, in view: Int)
        -> LinearExpression?
    {
        let context = EvaluationContext(view: view, attribute: attribute, scope: view)
        guard var right = evaluate(rule.expression, context) else { return nil }
        if attribute.isPosition, right.terms.isEmpty, let parent = parent(of: view) {
            right.add(self.attribute(parent, attribute), 1)
        }
        if let sides { right.add(sides.insetAmount(for: attribute)) }
        if !rule.offset.isEmpty {
            let value = rule.offset.count == 1 || attribute.isHorizontal ? rule.offset[0] : rule.offset[1]
            guard let amount = evaluate(value, context) else { return nil }
            right.add(amount)
        }
        return right
    }


    /// 1 value: every side; 2: vertical, horizontal; 4: top, left, bottom, right.
    /// Each is evaluated for its own side, so `inset $margin` reads
    /// `$margin-left` on the left edge and `$margin-right` on the right one.
    mutating func insetSides(_ values: [ExpressionSyntax], in view: Int) -> Sides? {
        let order: [Attribute] = [.top, .left, .bottom, .right]
        var sides: [LinearExpression] = []
        for (position, side) in order.enumerated() {
            let value: ExpressionSyntax
            switch values.count {
            case 1: value = values[0]
            case 2: value = values[position % 2]
            default: value = values[position]
            }
            guard let amount = evaluate(value, EvaluationContext(view: view, attribute: side, scope: view)) else {
                return nil
            }
            sides.append(amount)
        }
        return Sides(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
    }
}
