/// How strongly a view keeps its content's natural size, as its header sets
/// it: `[hug=250]`, `[hug=(250 600)]` (width height), `[resist-height=high]`, …
/// — UIKit's content hugging and compression resistance, per axis. Each is a
/// priority (1–1000 or a priority's name); nil where the header sets none.
public struct ContentPriorityParameters: Hashable, Sendable {
    /// Hugging along the width.
    public var hugWidth: LayoutPriority?
    /// Hugging along the height.
    public var hugHeight: LayoutPriority?
    /// Compression resistance along the width.
    public var resistWidth: LayoutPriority?
    /// Compression resistance along the height.
    public var resistHeight: LayoutPriority?

    /// None set.
    public init(hugWidth: LayoutPriority? = nil, hugHeight: LayoutPriority? = nil,
                resistWidth: LayoutPriority? = nil, resistHeight: LayoutPriority? = nil) {
        self.hugWidth = hugWidth
        self.hugHeight = hugHeight
        self.resistWidth = resistWidth
        self.resistHeight = resistHeight
    }

    /// The parameter names, shorthands first.
    public static let names = ["hug", "resist", "hug-width", "hug-height", "resist-width", "resist-height"]

    /// The priorities the parameters set; later ones win, as for every parameter.
    public init(_ params: [ViewParameter]) {
        self.init()
        for param in params where Self.names.contains(param.name) {
            guard let values = Self.priorities(param.name, param.value) else { continue }
            switch param.name {
            case "hug": (hugWidth, hugHeight) = (values[0], values.last!)
            case "resist": (resistWidth, resistHeight) = (values[0], values.last!)
            case "hug-width": hugWidth = values[0]
            case "hug-height": hugHeight = values[0]
            case "resist-width": resistWidth = values[0]
            default: resistHeight = values[0]
            }
        }
    }

    /// The priorities one parameter's value gives (one, or for `hug` and
    /// `resist` one or two); nil when it is not that.
    static func priorities(_ name: String, _ value: ParameterValue) -> [LayoutPriority]? {
        if case .list(let items) = value {
            guard name == "hug" || name == "resist", items.count == 2 else { return nil }
            let both = items.compactMap(priority)
            return both.count == 2 ? both : nil
        }
        return priority(value).map { [$0] }
    }

    private static func priority(_ value: ParameterValue) -> LayoutPriority? {
        switch value {
        case .number(let number) where number == number.rounded() && number >= 1 && number <= 1000:
            LayoutPriority(Int(number))
        case .word(let word): LayoutPriority(name: word)
        default: nil
        }
    }
}

extension ViewDeclaration {
    /// The hugging and compression resistance its header sets.
    public var contentPriorities: ContentPriorityParameters {
        params.isEmpty ? ContentPriorityParameters() : ContentPriorityParameters(params)
    }
}
