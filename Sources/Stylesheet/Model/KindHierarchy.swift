/// Which view kinds derive from which, for `^kind` selectors.
///
///     view
///     ├── box
///     │   ├── row, column, grid, overlay, screen
///     └── text
///
/// A kind the hierarchy does not know derives directly from `view`.
public struct KindHierarchy: Hashable, Sendable {
    /// Each known kind's base kind; `view` has none.
    public let bases: [String: String]
    /// Known kinds, in a stable order (for suggestions and documentation).
    public let kinds: [String]

    /// A hierarchy from each kind's base kind; `kinds` lists every kind named as a key or a base.
    public init(bases: [String: String]) {
        self.bases = bases
        var all = Set(bases.keys)
        all.formUnion(bases.values)
        self.kinds = all.sorted()
    }

    /// The kind every other kind derives from.
    public static let root = "view"

    /// The built-in kinds: `box` and `text` derive from `view`; the containers derive from `box`.
    public static let standard = KindHierarchy(bases: [
        "box": "view", "text": "view",
        "row": "box", "column": "box", "grid": "box", "overlay": "box", "screen": "box",
    ])

    /// Whether `kind` is `view` or has a base in this hierarchy.
    public func isKnown(_ kind: String) -> Bool { kind == Self.root || bases[kind] != nil }

    /// The kind itself, then its bases up to `view`.
    public func lineage(of kind: String) -> [String] {
        var chain = [kind]
        var current = kind
        // Bounded walk: a malformed custom hierarchy with a cycle must not hang.
        while chain.count <= bases.count + 1 {
            guard current != Self.root else { break }
            let base = bases[current] ?? Self.root
            chain.append(base)
            current = base
        }
        return chain
    }

    /// Whether `kind` is `base` or derives from it, directly or through other kinds (what `^base` matches).
    public func kind(_ kind: String, derivesFrom base: String) -> Bool {
        lineage(of: kind).contains(base)
    }

    /// Every known kind that is `base` or derives from it.
    public func kinds(derivedFrom base: String) -> [String] {
        kinds.filter { kind(_: $0, derivesFrom: base) }
    }
}
