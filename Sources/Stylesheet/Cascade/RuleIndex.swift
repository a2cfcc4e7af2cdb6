/// The stylesheet compiled for matching: names interned to integers, rules bucketed
/// by their rightmost compound's most selective part (id, else class, else kind), so
/// a view only tests rules that can match it.
struct RuleIndex: Sendable {
    struct Compound: Sendable {
        /// Interned kind, or -1 for any kind.
        var kind: Int32
        var derived: Bool
        var ids: [Int32]
        var classes: [Int32]
        var states: [Int32]
    }

    struct Rule: Sendable {
        var compounds: [Compound]
        var combinators: [Combinator]
        var specificity: UInt64
        var media: [Int]
        var declarations: Range<Int>
    }

    /// One computed property set by one declaration.
    struct Entry: Sendable {
        var property: UInt8
        var value: StyleValue
        var declaration: Int32
    }

    private(set) var names: [String: Int32] = [:]
    private(set) var rules: [Rule] = []
    private(set) var byID: [[Int32]] = []
    private(set) var byClass: [[Int32]] = []
    private(set) var byKind: [[Int32]] = []
    private(set) var universal: [Int32] = []
    private(set) var entries: [Entry] = []
    /// Per declaration: its entries and its required states (interned).
    private(set) var declarationEntries: [Range<Int32>] = []
    private(set) var declarationStates: [[Int32]] = []

    init(rules styleRules: [StyleRule], declarations: [StyleDeclaration], hierarchy: KindHierarchy) {
        for declaration in declarations {
            let start = Int32(entries.count)
            for (property, value) in declaration.values {
                entries.append(Entry(property: UInt8(property.ordinal), value: value, declaration: Int32(declarationEntries.count)))
            }
            declarationEntries.append(start..<Int32(entries.count))
            declarationStates.append(declaration.states.map { intern($0) })
        }
        for rule in styleRules {
            let compounds = rule.selector.compounds.map { compile($0) }
            rules.append(
                Rule(
                    compounds: compounds, combinators: rule.selector.combinators,
                    specificity: rule.specificity.packed, media: rule.media, declarations: rule.declarations))
        }
        byID = Array(repeating: [], count: names.count)
        byClass = byID
        byKind = byID
        for (index, rule) in styleRules.enumerated() {
            place(Int32(index), rightmost: rule.selector.compounds[rule.selector.compounds.count - 1], hierarchy: hierarchy)
        }
    }

    func name(_ text: String) -> Int32 { names[text] ?? -1 }

    private mutating func intern(_ text: String) -> Int32 {
        if let id = names[text] { return id }
        let id = Int32(names.count)
        names[text] = id
        return id
    }

    private mutating func compile(_ compound: CompoundSelector) -> Compound {
        var kind: Int32 = -1
        var derived = false
        switch compound.kind {
        case .any: break
        case .exact(let name): kind = intern(name)
        case .derived(let name):
            kind = intern(name)
            derived = true
        }
        return Compound(
            kind: kind, derived: derived, ids: compound.ids.map { intern($0) },
            classes: compound.classes.map { intern($0) }, states: compound.states.map { intern($0) })
    }

    private mutating func place(_ rule: Int32, rightmost: CompoundSelector, hierarchy: KindHierarchy) {
        if let id = rightmost.ids.first {
            byID[Int(names[id]!)].append(rule)
        } else if let name = rightmost.classes.first {
            byClass[Int(names[name]!)].append(rule)
        } else {
            switch rightmost.kind {
            case .any:
                universal.append(rule)
            case .exact(let kind):
                byKind[Int(names[kind]!)].append(rule)
            case .derived(let base) where base == KindHierarchy.root:
                universal.append(rule)
            case .derived(let base):
                // `^box` waits under every kind derived from box (and under box itself,
                // even when the hierarchy does not know it).
                var kinds = hierarchy.kinds(derivedFrom: base)
                if !kinds.contains(base) { kinds.append(base) }
                for kind in kinds {
                    let id = intern(kind)
                    while byKind.count <= Int(id) {
                        byID.append([])
                        byClass.append([])
                        byKind.append([])
                    }
                    byKind[Int(id)].append(rule)
                }
            }
        }
    }
}
