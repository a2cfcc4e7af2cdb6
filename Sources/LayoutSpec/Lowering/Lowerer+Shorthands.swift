import Diagnostics

extension Lowerer {
    mutating func lowerShorthand(_ shorthand: ShorthandSyntax, in view: Int) {
        switch shorthand {
        case .equal(let attribute, let views, let tail, let span):
            lowerEqualOrAlign(isEqual: true, attribute, views, tail, span, in: view)
        case .align(let attribute, let views, let tail, let span):
            lowerEqualOrAlign(isEqual: false, attribute, views, tail, span, in: view)
        case .distribute(let distribute):
            lowerDistribute(distribute, in: view)
        case .aspect(let width, let height, let inCells, let tail, let span):
            lowerAspect(width, height, inCells: inCells, tail, span, in: view)
        }
    }

    /// Resolves a view list; nil (reported) when any id is unknown.
    private mutating func resolveViews(_ names: [NameSyntax], from view: Int) -> [Int]? {
        var resolved: [Int] = []
        for name in names {
            guard let id = resolveView(name, from: view) else { return nil }
            resolved.append(viewIndex[id]!)
        }
        return resolved
    }

    /// `equal width (a b c)`: b.width == a.width, c.width == a.width.
    /// `align top (a b c)`: b.top == a.top, c.top == a.top.
    private mutating func lowerEqualOrAlign(
        isEqual: Bool, _ attributeName: NameSyntax, _ names: [NameSyntax], _ tail: StatementTail, _ span: SourceSpan,
        in view: Int
    ) {
        let keyword = isEqual ? "equal" : "align"
        guard let attributes = Attribute.expanding(attributeName.text) else {
            let choices = isEqual ? ["width", "height", "size"] : ["top", "bottom", "left", "right", "centerX", "centerY", "center"]
            diagnostics.unknown(.layoutUnknownAttribute,
                "unknown attribute '\(attributeName.text)'", at: attributeName.span,
                name: attributeName.text, among: choices, otherwise: "\(keyword) takes " + choices.joined(separator: ", "))
            return
        }
        if let wrong = attributes.first(where: { $0.isPosition == isEqual }) {
            diagnostics.error(.layoutShorthand,
                isEqual
                    ? "'equal' makes lengths equal; \(wrong.rawValue) is a position"
                    : "'align' lines up positions; \(wrong.rawValue) is a length",
                at: attributeName.span,
                hint: isEqual ? "use: align \(attributeName.text) (…)" : "use: equal \(attributeName.text) (…)")
            return
        }
        guard let views = resolveViews(names, from: view) else { return }
        guard views.count >= 2 else {
            diagnostics.warning(.layoutShorthand, "'\(keyword)' needs at least two views; this line does nothing", at: span)
            return
        }
        guard let priority = priority(tail.priority, in: view) else { return }
        noteUserLabel(tail.label, in: view)
        for attribute in attributes {
            let label = tail.label?.text ?? "\(keyword).\(attribute.rawValue)"
            for other in views.dropFirst() {
                emit(view, label, .attribute(other, attribute), .equal, edge(views[0], attribute), priority, at: span.start)
            }
        }
    }

    /// Masonry's distribute: the views fill the enclosing view along an axis,
    /// `lead` and `tail` from its edges. Fixed spacing: gaps fixed, lengths
    /// equal. Fixed length: lengths fixed, gaps equal (an auxiliary variable).
    private mutating func lowerDistribute(_ distribute: DistributeSyntax, in view: Int) {
        guard let views = resolveViews(distribute.views, from: view) else { return }
        guard !views.isEmpty else {
            diagnostics.warning(.layoutShorthand, "'distribute' has no views; this line does nothing", at: distribute.span)
            return
        }
        let context = EvaluationContext(view: view, attribute: nil, scope: view)
        var lead = LinearExpression.constant(0), trail = LinearExpression.constant(0)
        if let syntax = distribute.lead {
            guard let value = evaluate(syntax, context) else { return }
            lead = value
        }
        if let syntax = distribute.trail {
            guard let value = evaluate(syntax, context) else { return }
            trail = value
        }
        guard let priority = priority(distribute.tail.priority, in: view) else { return }
        let axis = distribute.axis
        let at = distribute.span.start
        func label(_ name: String) -> String { distribute.tail.label?.text ?? "distribute.\(name)" }

        var between: LinearExpression
        var length: LinearExpression?
        switch distribute.mode {
        case .spacing(let syntax):
            guard let value = evaluate(syntax, context) else { return }
            between = value
        case .length(let syntax):
            guard let value = evaluate(syntax, context) else { return }
            length = value
            // One free gap per distribute line of this view, numbered from the second.
            let number = distributeGaps[view, default: 0] + 1
            distributeGaps[view] = number
            let name = number == 1 ? "distribute-gap" : "distribute-gap-\(number)"
            between = .variable(.auxiliary(owner: ids[view], name: name))
        }
        noteUserLabel(distribute.tail.label, in: view)

        emit(view, label("lead"), .attribute(views[0], axis.leading), .equal, edge(view, axis.leading) + lead, priority, at: at)
        for (previous, next) in zip(views, views.dropFirst()) {
            emit(view, label(length == nil ? "spacing" : "gap"), .attribute(next, axis.leading), .equal,
                 edge(previous, axis.trailing) + between, priority, at: at)
        }
        emit(view, label("tail"), .attribute(views[views.count - 1], axis.trailing), .equal, edge(view, axis.trailing) - trail, priority, at: at)
        if let length {
            for item in views {
                emit(view, label("length"), .attribute(item, axis.length), .equal, length, priority, at: at)
            }
        } else {
            for item in views.dropFirst() {
                emit(view, label("equal"), .attribute(item, axis.length), .equal, edge(views[0], axis.length), priority, at: at)
            }
        }
    }

    /// `aspect W:H`: the view looks W wide for H tall on screen. A terminal
    /// cell is about twice as tall as it is wide, so width (cells) ==
    /// height (cells) × 2 × W / H. With `cells`, the ratio is taken in cells.
    private mutating func lowerAspect(
        _ widthSyntax: ExpressionSyntax, _ heightSyntax: ExpressionSyntax, inCells: Bool, _ tail: StatementTail,
        _ span: SourceSpan, in view: Int
    ) {
        guard let width = plainNumber(widthSyntax, in: view, what: "an aspect ratio"),
            let height = plainNumber(heightSyntax, in: view, what: "an aspect ratio")
        else { return }
        guard width > 0, height > 0 else {
            diagnostics.error(.layoutShorthand, "an aspect ratio needs two positive numbers", at: widthSyntax.span.through(heightSyntax.span))
            return
        }
        guard let priority = priority(tail.priority, in: view) else { return }
        noteUserLabel(tail.label, in: view)
        let factor = (inCells ? 1 : Self.cellHeightInWidths) * width / height
        emit(view, tail.label?.text ?? "aspect", .attribute(view, .width), .equal, edge(view, .height).scaled(by: factor), priority, at: span.start)
    }

    /// How many cell widths one cell height measures on a typical terminal.
    static let cellHeightInWidths = 2.0
}
