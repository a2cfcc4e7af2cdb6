/// `justify` of a row or column: where the children sit along the main axis.
enum Justify: String, CaseIterable {
    case start, center, end
    case spaceBetween = "space-between"
    case spaceAround = "space-around"
    case spaceEvenly = "space-evenly"

    /// How much of the free space goes before the first child (and after the last).
    var outerShare: Double {
        switch self {
        case .spaceAround: 0.5
        case .spaceEvenly: 1
        default: 0
        }
    }

    var distributesSpace: Bool { self == .spaceBetween || self == .spaceAround || self == .spaceEvenly }
}

/// `align` of a row or column (or of one child): placement across the main axis.
enum CrossAlign: String, CaseIterable {
    case stretch, start, center, end
}

/// The labels a row or column gives its constraints, built once.
struct StackLabels {
    let start, center, end, gap, space, min, max, grow, align: String

    init(_ prefix: String) {
        start = prefix + ".start"
        center = prefix + ".center"
        end = prefix + ".end"
        gap = prefix + ".gap"
        space = prefix + ".space"
        min = prefix + ".min"
        max = prefix + ".max"
        grow = prefix + ".grow"
        align = prefix + ".align"
    }

    static let row = StackLabels("row")
    static let column = StackLabels("column")
}

extension Lowerer {
    /// A `row` or `column`: children one after another along `axis`. See
    /// docs/layout.md for the exact constraints; the free-space variable
    /// (`~space`) and the grow unit (`~grow-unit`) keep justify and grow linear.
    mutating func lowerStack(_ view: Int, axis: Axis) {
        let kids = children[view]
        let labels = axis == .horizontal ? StackLabels.row : StackLabels.column
        let cross = axis.other
        let padding = padding(of: view)
        let gapParam = parameter("gap", of: view)
        let gap = gapParam.flatMap { lengthParameter($0, of: view) } ?? .constant(0)
        let justifyParam = parameter("justify", of: view)
        let justify = justifyParam.flatMap { wordParameter($0, among: Justify.allCases.map(\.rawValue)) }
            .flatMap(Justify.init(rawValue:)) ?? .start
        let alignParam = parameter("align", of: view)
        let align = alignParam.flatMap { wordParameter($0, among: CrossAlign.allCases.map(\.rawValue)) }
            .flatMap(CrossAlign.init(rawValue:)) ?? .stretch

        let collapsed = kids.map { isCollapsed($0) }
        let shownCount = collapsed.count { !$0 }
        var grows: [(child: Int, factor: Double, param: ParameterSyntax)] = []
        for (position, child) in kids.enumerated() where !params[child].isEmpty && !collapsed[position] {
            if let param = parameter("grow", of: child), let factor = numberParameter(param, of: child) {
                if factor < 0 {
                    diagnostics.error(.layoutParameter, "'grow' cannot be negative", at: param.valueSpan)
                } else if factor > 0 {
                    grows.append((child, factor, param))
                }
            }
        }

        // Main axis. Growing children take all the free space, so justify has nothing left to place.
        let effective = grows.isEmpty ? justify : .start
        let first = kids[0], last = kids[kids.count - 1]
        let justifyAt = offset(of: justifyParam, or: view)
        let space = Variable.auxiliary(owner: ids[view], name: "space")
        let usesSpace = effective.distributesSpace && !(effective == .spaceBetween && shownCount <= 1)
        let leadingEdge = edge(view, axis.leading) + padding.leading(axis)
        let trailingEdge = edge(view, axis.trailing) - padding.trailing(axis)

        switch effective {
        case .start, .spaceBetween, .spaceAround, .spaceEvenly:
            var right = leadingEdge
            if usesSpace { right.add(space, effective.outerShare) }
            emit(view, labels.start, .attribute(first, axis.leading), .equal, right, .required, at: justifyAt)
        case .center:
            // first.leading − leadingEdge == trailingEdge − last.trailing
            let right = leadingEdge + trailingEdge - edge(last, axis.trailing)
            emit(view, labels.center, .attribute(first, axis.leading), .equal, right, .required, at: justifyAt)
        case .end:
            break
        }
        // A collapsed child sits where the previous one ends, with no gap; the gap
        // (and justify's space) goes only between children that are shown.
        var shownBefore = !collapsed[0]
        for position in kids.indices.dropFirst() {
            let previous = kids[position - 1], next = kids[position]
            let spaced = shownBefore && !collapsed[position]
            var right = edge(previous, axis.trailing)
            if spaced { right = right + gap }
            if spaced && usesSpace { right.add(space, 1) }
            emit(view, labels.gap, .attribute(next, axis.leading), .equal, right, .required, at: offset(of: gapParam, or: view))
            if !collapsed[position] { shownBefore = true }
        }
        switch effective {
        case .end:
            emit(view, labels.end, .attribute(last, axis.trailing), .equal, trailingEdge, .required, at: justifyAt)
        case .spaceBetween, .spaceAround, .spaceEvenly:
            guard usesSpace else { break }
            var right = trailingEdge
            right.add(space, -effective.outerShare)
            emit(view, labels.end, .attribute(last, axis.trailing), .equal, right, .strong, at: justifyAt)
        case .start where !grows.isEmpty:
            emit(view, labels.end, .attribute(last, axis.trailing), .equal, trailingEdge, .strong, at: offset(of: grows[0].param, or: view))
        default:
            break
        }
        if usesSpace {
            emit(view, labels.space, .auxiliary(space), .greaterOrEqual, .constant(0), .required, at: justifyAt)
        }

        // Main-axis sizes.
        for (position, child) in kids.enumerated() where !params[child].isEmpty && !collapsed[position] {
            if let param = parameter("min", of: child), let value = lengthParameter(param, of: child) {
                emit(view, labels.min, .attribute(child, axis.length), .greaterOrEqual, value, .required, at: param.name.span.start)
            }
            if let param = parameter("max", of: child), let value = lengthParameter(param, of: child) {
                emit(view, labels.max, .attribute(child, axis.length), .lessOrEqual, value, .required, at: param.name.span.start)
            }
        }
        if !grows.isEmpty {
            let unit = Variable.auxiliary(owner: ids[view], name: "grow-unit")
            for grow in grows {
                emit(view, labels.grow, .attribute(grow.child, axis.length), .equal, .variable(unit, grow.factor), .medium, at: grow.param.name.span.start)
            }
            emit(view, labels.grow, .auxiliary(unit), .greaterOrEqual, .constant(0), .required, at: grows[0].param.name.span.start)
        }

        // Cross axis.
        let crossLeading = edge(view, cross.leading) + padding.leading(cross)
        let crossTrailing = edge(view, cross.trailing) - padding.trailing(cross)
        for (position, child) in kids.enumerated() {
            var childAlign = align
            var alignAt = offset(of: alignParam, or: view)
            if !params[child].isEmpty, let param = selfAlignment(of: child),
                let word = wordParameter(param, among: CrossAlign.allCases.map(\.rawValue))
            {
                childAlign = CrossAlign(rawValue: word)!
                alignAt = param.name.span.start
            }
            let label = labels.align
            switch childAlign {
            case .stretch:
                emit(view, label, .attribute(child, cross.leading), .equal, crossLeading, .required, at: alignAt)
                // Strong, not required: a child with its own size keeps it and sits at the start.
                // A collapsed child keeps its 0 instead.
                if collapsed[position] { break }
                emit(view, label, .attribute(child, cross.trailing), .equal, crossTrailing, .strong, at: alignAt)
            case .start:
                emit(view, label, .attribute(child, cross.leading), .equal, crossLeading, .required, at: alignAt)
            case .center:
                let right = edge(view, cross.center) + (padding.leading(cross) - padding.trailing(cross)).scaled(by: 0.5)
                emit(view, label, .attribute(child, cross.center), .equal, right, .required, at: alignAt)
            case .end:
                emit(view, label, .attribute(child, cross.trailing), .equal, crossTrailing, .required, at: alignAt)
            }
        }
    }
}

extension Lowerer {
    /// Where a stack's child asks to sit on the cross axis: `align-self`, or `align`
    /// on a child that has no children of its own to align (a nested row or column
    /// reads its own `align` for its children).
    func selfAlignment(of child: Int) -> ParameterSyntax? {
        if let own = parameter("align-self", of: child) { return own }
        switch kinds[child] {
        case .row, .column: return nil
        case .screen, .box, .text, .grid, .overlay: return parameter("align", of: child)
        }
    }
}

