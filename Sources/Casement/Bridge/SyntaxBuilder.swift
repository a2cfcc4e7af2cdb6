import Diagnostics
import LayoutSpec
import Synchronization

// The one place where the DSL's model becomes the engine's input: the view
// tree and its rules become the spec syntax a parser would make of a `.layout`
// file (`SpecSyntax`), which the engine lowers, diffs by identity and solves
// exactly as it does a file's. Rules made in code are located at the Swift
// lines that made them (code spans); a spec's own views keep their parsed
// syntax, located in the spec. Each view keeps the syntax last built for it,
// so a change rebuilds only the views it touched.

/// The syntax last built for a view, and the problems found building it.
struct BuiltView {
    var syntax: ViewSyntax
    var warnings: [Diagnostic]
}

/// What a layout's spec says besides its views: where it is, its `use` and
/// top-level `let` lines, and the parse its views came from.
struct SpecHeader {
    var path: String
    var uses: [UseSyntax]
    var lets: [LetSyntax]
    var parsed: SpecSyntax?
}

/// The spec syntax of a view tree, its views in the engine's order, and the
/// problems found building it (by view, for the views that have any).
struct BuiltSpec {
    var syntax: SpecSyntax
    var order: [View]
    var warnings: [ObjectIdentifier: [Diagnostic]]
}

/// Every Swift location code spans stand for, shared by all layouts in the
/// process: a view's built syntax stays valid whichever layout reads it. It
/// holds one entry per place in the program that made a view or a rule (a loop
/// making a thousand views is one place), so it stays small.
enum CodeLocations {
    private struct Table {
        var locations: [SourceLocation] = []
        var index: [SourceLocation: Int] = [:]
    }

    private static let table = Mutex(Table())

    /// The code span standing for `location`.
    static func span(_ location: SourceLocation) -> SourceSpan {
        table.withLock { table in
            if let known = table.index[location] { return CodeSpan.span(known) }
            table.locations.append(location)
            table.index[location] = table.locations.count - 1
            return CodeSpan.span(table.locations.count - 1)
        }
    }

    /// Every location so far, for a syntax whose code spans all came before.
    static var all: [SourceLocation] { table.withLock { $0.locations } }
}

enum SyntaxBuilder {
    /// The spec syntax of the trees under `roots`, in tree order.
    static func build(roots: [View], header: SpecHeader) -> BuiltSpec {
        for root in roots {
            root.pendingRebuilds.removeAll()
            root.buildStamp &+= 1
        }
        var views: [ViewSyntax] = []
        var order: [View] = []
        var warnings: [ObjectIdentifier: [Diagnostic]] = [:]
        // Depth first without recursion (code can nest views deeper than any stack).
        var stack: [(view: View, parent: Int?, depth: Int)] = roots.reversed().map { ($0, nil, 0) }
        while let (view, parent, depth) = stack.popLast() {
            if view.built == nil { view.built = Self.built(view) }
            if view.built!.syntax.depth != depth { view.built!.syntax.depth = depth }
            let built = view.built!
            var syntax = built.syntax
            syntax.parent = parent
            let index = views.count
            views.append(syntax)
            order.append(view)
            if !built.warnings.isEmpty { warnings[ObjectIdentifier(view)] = built.warnings }
            for child in view.subviews.reversed() { stack.append((child, index, depth + 1)) }
        }
        let syntax = SpecSyntax(
            built: views, uses: header.uses, lets: header.lets, codeLocations: CodeLocations.all, path: header.path,
            continuing: header.parsed)
        return BuiltSpec(syntax: syntax, order: order, warnings: warnings)
    }

    /// The last build with the views a change touched built again, when the
    /// trees kept their shape (the same views in the same places): only those
    /// views are visited, and lowering is told which they are.
    static func patch(_ last: BuiltSpec, roots: [View], header: SpecHeader, index: [ObjectIdentifier: Int]) -> BuiltSpec {
        var next = last
        var views = last.syntax.views
        var changed: [Int] = []
        for root in roots {
            for pending in root.pendingRebuilds {
                guard let view = pending.view, view.built == nil, let position = index[ObjectIdentifier(view)] else { continue }
                let built = Self.built(view)
                var syntax = built.syntax
                syntax.depth = views[position].depth
                syntax.parent = views[position].parent
                view.built = built
                view.built!.syntax.depth = syntax.depth
                views[position] = syntax
                changed.append(position)
                next.warnings[ObjectIdentifier(view)] = built.warnings.isEmpty ? nil : built.warnings
            }
            root.pendingRebuilds.removeAll()
            root.buildStamp &+= 1
        }
        next.syntax = SpecSyntax(
            built: views, uses: header.uses, lets: header.lets, codeLocations: CodeLocations.all, path: header.path,
            continuing: header.parsed, changes: last.syntax.builtToken.map { ($0, changed) })
        return next
    }

    // MARK: Views

    /// A view's header and body — its spec's, with what code changed, or made
    /// in code — and the problems found on the way: its rules' warnings, rules
    /// that cannot be written, and misuse recorded on the view.
    static func built(_ view: View) -> BuiltView {
        let here = CodeLocations.span(view.location)
        let written = view.spec?.syntax
        var params = written?.params ?? []
        if !view.params.isEmpty {
            for name in view.params.keys.sorted() {
                params.append(ParameterSyntax(
                    name: NameSyntax(name, here), value: parameterValue(view.params[name]!), valueSpan: here))
            }
        }
        if view.contentPrioritySettings != ContentPrioritySettings() {
            for (name, priority) in view.contentPrioritySettings.parameters {
                params.append(ParameterSyntax(name: NameSyntax(name, here), value: .number(Double(priority.value)), valueSpan: here))
            }
        }
        var warnings = view.problems
        var statements: [StatementSyntax] = []
        if let spec = view.spec, spec.keepsStatements {
            statements = specStatements(spec, updates: SpecRuleMatch.overrides(of: view), in: view)
        }
        for rule in view.rules {
            if let warning = rule.warning { warnings.append(Diagnostic(.warning, .layoutName, warning, at: rule.location)) }
            guard rule.isActive else { continue }
            for attribute in rule.attributes {
                switch self.rule(rule, attribute, in: view) {
                case .success(let syntax): statements.append(.rule(syntax))
                case .failure(let problem): warnings.append(Diagnostic(.error, .layoutExpression, problem.message, at: rule.location))
                }
            }
        }
        for rule in view.specUpdates {
            if let warning = rule.warning { warnings.append(Diagnostic(.warning, .layoutName, warning, at: rule.location)) }
            for attribute in rule.attributes {
                if case .failure(let problem) = self.rule(rule, attribute, in: view) {
                    warnings.append(Diagnostic(.error, .layoutExpression, problem.message, at: rule.location))
                }
            }
        }
        for distribution in view.distributions { statements.append(.shorthand(.distribute(syntax(of: distribution)))) }
        let writtenClasses = written?.classes.map(\.text)
        let syntax = ViewSyntax(
            kind: written?.kind ?? NameSyntax(view.kind.rawValue, here),
            resolvedKind: written == nil ? view.kind : written?.resolvedKind,
            id: view.id.map { id in written?.id?.text == id ? written!.id! : NameSyntax(id, here) },
            classes: writtenClasses == view.classes ? written!.classes : view.classes.map { NameSyntax($0, here) },
            title: view.title,
            titleSpan: view.title == nil ? nil : (written?.title == view.title ? written?.titleSpan : here),
            params: params, parent: nil, depth: 0, span: written?.span ?? here,
            statements: statements, lets: written?.lets ?? [])
        return BuiltView(syntax: syntax, warnings: warnings)
    }

    private static func parameterValue(_ parameter: Parameter) -> ParameterValue {
        switch parameter {
        case .number(let value): .number(value)
        case .word(let word): .word(word)
        case .string(let text): .string(text)
        case .style(let name): .style(name)
        case .list(let items): .list(items.map(parameterValue))
        }
    }

    /// A spec view's statements, each statement an update names split into
    /// one statement per attribute, the updated ones made from the update.
    private static func specStatements(
        _ spec: SpecOrigin, updates: [SpecRulePiece: (rule: Rule, attribute: AnchorAttribute)], in view: View
    ) -> [StatementSyntax] {
        guard !updates.isEmpty else { return spec.syntax.statements }
        var result: [StatementSyntax] = []
        for (index, statement) in spec.syntax.statements.enumerated() {
            guard case .rule(let written) = statement, let attributes = SpecRuleMatch.expanded(written.attributes),
                attributes.contains(where: { updates[SpecRulePiece(statement: index, attribute: $0)] != nil })
            else {
                result.append(statement)
                continue
            }
            for attribute in attributes {
                let word = written.attributes.first { Attribute.expanding($0.text)?.contains(attribute) == true }!
                let name = NameSyntax(attribute.rawValue, word.span)
                guard let update = updates[SpecRulePiece(statement: index, attribute: attribute)],
                    case .success(var piece) = rule(update.rule, update.attribute, in: view)
                else {
                    var piece = written
                    piece.attributes = [name]
                    result.append(.rule(piece))
                    continue
                }
                // The written priority and label stay: the update changes the constant.
                piece.tail = written.tail
                result.append(.rule(piece))
            }
        }
        return result
    }

    // MARK: Rules

    struct Problem: Error { var message: String }

    /// One attribute of a rule: `attr REL right [@priority] [as label]`, the
    /// right side `target * multiplier ± styles + constant` (SnapKit's constant:
    /// a number target's value, or what `offset`/`inset` replaced it with).
    static func rule(_ rule: Rule, _ attribute: AnchorAttribute, in view: View) -> Result<RuleSyntax, Problem> {
        let here = CodeLocations.span(rule.location)
        var parts: [ExpressionSyntax.SumPart] = []
        func scaled(_ term: ExpressionSyntax) -> ExpressionSyntax {
            guard rule.multiplier != 1 else { return term }
            return .product(term, [.init(isDivision: false, operand: .number(rule.multiplier, here), operatorSpan: here)])
        }
        switch rule.related {
        case .anchor(let target, let members):
            guard let member = Rule.member(of: members, for: attribute) else {
                let list = members.map(\.rawValue).joined(separator: ", ")
                return .failure(Problem(message: "`\(attribute.rawValue)` has no matching member in (\(list)); the constraint is left out"))
            }
            let term = ExpressionSyntax.member(view: NameSyntax(target.id, here), attribute: NameSyntax(member.rawValue, here))
            parts.append(.init(isSubtracted: false, operand: scaled(term)))
        case .superview:
            let term = ExpressionSyntax.member(view: NameSyntax("parent", here), attribute: NameSyntax(attribute.attribute.rawValue, here))
            parts.append(.init(isSubtracted: false, operand: scaled(term)))
        case .style(let name):
            parts.append(.init(isSubtracted: false, operand: .style(name, here)))
        case .none:
            break
        }
        for style in rule.styleOffsets {
            parts.append(.init(isSubtracted: style.sign < 0, operand: .style(style.name, here)))
        }
        let constant = rule.constant.value(for: attribute)
        if constant != 0 || parts.isEmpty {
            parts.append(.init(isSubtracted: constant < 0, operand: .number(abs(constant), here)))
        }
        let expression = parts.count == 1 && !parts[0].isSubtracted ? parts[0].operand : .sum(parts)
        var tail = StatementTail()
        if !rule.priority.isRequired { tail.priority = .number(Double(rule.priority.value), here) }
        if let label = rule.label { tail.label = NameSyntax(label, here) }
        return .success(RuleSyntax(
            attributes: [NameSyntax(attribute.attribute.rawValue, here)],
            relation: RuleRelation(rawValue: rule.relation.rawValue)!, relationSpan: here, expression: expression,
            tail: tail, span: here))
    }

    // MARK: distribute

    private static func syntax(of distribution: Distribution) -> DistributeSyntax {
        let here = CodeLocations.span(distribution.location)
        func number(_ value: Double) -> ExpressionSyntax {
            value < 0 ? .negate(.number(-value, here), here) : .number(value, here)
        }
        let mode: DistributeSyntax.Mode = switch distribution.mode {
        case .spacing(let spacing): .spacing(number(spacing))
        case .length(let length): .length(number(length))
        }
        return DistributeSyntax(
            axis: distribution.axis, views: distribution.references.map { NameSyntax($0.id, here) }, mode: mode,
            lead: number(distribution.lead), trail: number(distribution.tail), span: here)
    }
}
