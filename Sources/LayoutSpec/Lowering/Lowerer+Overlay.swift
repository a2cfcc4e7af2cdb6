/// FrameLayout-style placement of an overlay child, per axis.
enum Gravity: String, CaseIterable {
    case topLeft = "top-left", top, topRight = "top-right"
    case left, center, right
    case bottomLeft = "bottom-left", bottom, bottomRight = "bottom-right"
    case fill

    enum Placement { case start, center, end, fill }

    var horizontal: Placement {
        switch self {
        case .topLeft, .left, .bottomLeft: .start
        case .top, .center, .bottom: .center
        case .topRight, .right, .bottomRight: .end
        case .fill: .fill
        }
    }

    var vertical: Placement {
        switch self {
        case .topLeft, .top, .topRight: .start
        case .left, .center, .right: .center
        case .bottomLeft, .bottom, .bottomRight: .end
        case .fill: .fill
        }
    }
}

extension Lowerer {
    /// An `overlay`: every child is placed inside the padded container by its
    /// gravity (the child's own, else the container's, else top-left). Sizes
    /// come from the children, except with `fill`.
    mutating func lowerOverlay(_ view: Int) {
        let padding = padding(of: view)
        let words = Gravity.allCases.map(\.rawValue)
        let defaultParam = parameter("gravity", of: view)
        let fallback = defaultParam.flatMap { wordParameter($0, among: words) }.flatMap(Gravity.init(rawValue:)) ?? .topLeft
        for child in children[view] {
            var gravity = fallback
            var at = offset(of: defaultParam, or: view)
            if let param = parameter("gravity", of: child),
                let word = wordParameter(param, among: words)
            {
                gravity = Gravity(rawValue: word)!
                at = param.name.span.start
            }
            let label = "overlay." + gravity.rawValue
            for axis in [Axis.horizontal, .vertical] {
                let placement = axis == .horizontal ? gravity.horizontal : gravity.vertical
                let leading = edge(view, axis.leading) + padding.leading(axis)
                let trailing = edge(view, axis.trailing) - padding.trailing(axis)
                if placement == .start || placement == .fill {
                    emit(view, label, .attribute(child, axis.leading), .equal, leading, .required, at: at)
                }
                if placement == .end || placement == .fill {
                    emit(view, label, .attribute(child, axis.trailing), .equal, trailing, .required, at: at)
                }
                if placement == .center {
                    let right = edge(view, axis.center) + (padding.leading(axis) - padding.trailing(axis)).scaled(by: 0.5)
                    emit(view, label, .attribute(child, axis.center), .equal, right, .required, at: at)
                }
            }
        }
    }
}
