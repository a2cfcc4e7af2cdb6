extension Lowerer {
    /// The constraints a container writes for its children, from its header's parameters.
    mutating func lowerContainer(_ view: Int) {
        guard !children[view].isEmpty else { return }
        switch kinds[view] {
        case .row: lowerStack(view, axis: .horizontal)
        case .column: lowerStack(view, axis: .vertical)
        case .grid: lowerGrid(view)
        case .overlay: lowerOverlay(view)
        case .screen, .box, .text: break
        }
    }

    /// Where a generated constraint points: the parameter that caused it, else the header.
    func offset(of param: ParameterSyntax?, or view: Int) -> Int {
        param?.name.span.start ?? headers[view]
    }

    /// The container's `padding`, or zero.
    mutating func padding(of view: Int) -> Sides {
        guard let param = parameter("padding", of: view) else { return .zero }
        return sidesParameter(param, of: view) ?? .zero
    }
}
