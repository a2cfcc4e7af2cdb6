/// The stylesheet compiled for matching: names interned to integers, everything in
/// flat arrays of plain values (no reference counting on the hot path), and rules
/// bucketed by their rightmost compound's most selective part (id, else class, else
/// kind), so a view only tests rules that can match it.
struct RuleIndex: Sendable {
    /// A run of `pool` (or of another flat array).
    struct Span: Sendable {
        var start: Int32
        var count: Int32

        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    struct Compound: Sendable {
        /// Interned kind, or -1 for any kind.
        var kind: Int32 = -1
        var derived = false
        /// The combinator joining this compound to the one on its left.
        var isChildOfLeft = false
        /// Runs of `parts`; a compound's parts are contiguous.
        var ids = Span(start: 0, count: 0)
        var classes = Span(start: 0, count: 0)
        var states = Span(start: 0, count: 0)
    }

    struct Rule: Sendable {
        /// Into `compounds`, left to right.
        var compounds: Span
        var specificity: UInt64
        /// Media block indices, into `pool`.
        var media: Span
        var declarations: Range<Int32>
    }

    private(set) var names: [String: Int32] = [:]
    private var nameList: [String] = []
    private(set) var pool: [Int32] = []
    private(set) var compounds: [Compound] = []
    private(set) var rules: [Rule] = []
    private(set) var byID: [[Int32]] = []
    private(set) var byClass: [[Int32]] = []
    private(set) var byKind: [[Int32]] = []
    private(set) var universal: [Int32] = []

    /// One (declaration, computed property) pair; declarations own contiguous runs.
    private(set) var entryProperty: [UInt8] = []
    private(set) var entryDeclaration: [Int32] = []
    private(set) var entryValues: [StyleValue] = []
    /// Per declaration: first entry (plus a final sentinel) and required states.
    private(set) var declarationEntryStart: [Int32] = []
    private(set) var declarationStates: [Span] = []

    init(rules styleRules: [StyleRule], declarations: [StyleDeclaration], hierarchy: KindHierarchy) {
        var entryCount = 0
        for position in declarations.indices { entryCount += declarations[position].values.count }
        entryProperty.reserveCapacity(entryCount)
        entryDeclaration.reserveCapacity(entryCount)
        entryValues.reserveCapacity(entryCount)
        declarationEntryStart.reserveCapacity(declarations.count + 1)
        declarationStates.reserveCapacity(declarations.count)
        for position in declarations.indices {
            declarationEntryStart.append(Int32(entryProperty.count))
            let values = declarations[position].values
            for item in values {
                entryProperty.append(UInt8(item.property.ordinal))
                entryDeclaration.append(Int32(position))
                entryValues.append(item.value)
            }
            let states = declarations[position].states
            declarationStates.append(states.isEmpty ? Span(start: 0, count: 0) : span(of: states))
        }
        declarationEntryStart.append(Int32(entryProperty.count))
        rules.reserveCapacity(styleRules.count)
        compounds.reserveCapacity(styleRules.count * 2)
        pool.reserveCapacity(styleRules.count * 3)
        for position in styleRules.indices {
            let selector = styleRules[position].selector
            let first = Int32(compounds.count)
            var compound = Compound()
            for part in selector.parts {
                switch part {
                case .kind(.any): break
                case .kind(.exact(let name)): compound.kind = intern(name)
                case .kind(.derived(let name)):
                    compound.kind = intern(name)
                    compound.derived = true
                case .id(let name): add(intern(name), to: &compound.ids)
                case .className(let name): add(intern(name), to: &compound.classes)
                case .state(let name): add(intern(name), to: &compound.states)
                case .combinator(let combinator):
                    compounds.append(compound)
                    compound = Compound(isChildOfLeft: combinator == .child)
                }
            }
            compounds.append(compound)
            let media = styleRules[position].media
            let mediaStart = Int32(pool.count)
            for block in media { pool.append(Int32(block)) }
            let declarations = styleRules[position].declarations
            rules.append(
                Rule(
                    compounds: Span(start: first, count: Int32(compounds.count) - first),
                    specificity: styleRules[position].specificity.packed,
                    media: Span(start: mediaStart, count: Int32(media.count)),
                    declarations: Int32(declarations.lowerBound)..<Int32(declarations.upperBound)))
        }
        byID = Array(repeating: [], count: names.count)
        byClass = byID
        byKind = byID
        var derivedKinds: [String: [Int32]] = [:]
        for (position, rule) in rules.enumerated() {
            place(Int32(position), rightmost: compounds[Int(rule.compounds.start + rule.compounds.count - 1)],
                  hierarchy: hierarchy, derivedKinds: &derivedKinds)
        }
    }

    func name(_ text: String) -> Int32 { names[text] ?? -1 }

    private mutating func intern(_ text: String) -> Int32 {
        if let id = names[text] { return id }
        let id = Int32(names.count)
        names[text] = id
        nameList.append(text)
        return id
    }

    private mutating func span(of texts: [String]) -> Span {
        guard !texts.isEmpty else { return Span(start: 0, count: 0) }
        let start = Int32(pool.count)
        for text in texts { pool.append(intern(text)) }
        return Span(start: start, count: Int32(texts.count))
    }

    /// Appends a name to a compound's run. A compound's ids (or classes, or states)
    /// are written together, so the run grows at the pool's end; a name written
    /// after another kind of part moves the run there first.
    private mutating func add(_ name: Int32, to span: inout Span) {
        if span.count > 0, Int(span.start + span.count) != pool.count {
            let moved = Array(pool[span.range])
            span.start = Int32(pool.count)
            pool += moved
        } else if span.count == 0 {
            span.start = Int32(pool.count)
        }
        pool.append(name)
        span.count += 1
    }

    private mutating func place(
        _ rule: Int32, rightmost: Compound, hierarchy: KindHierarchy, derivedKinds: inout [String: [Int32]]
    ) {
        if rightmost.ids.count > 0 {
            byID[Int(pool[Int(rightmost.ids.start)])].append(rule)
        } else if rightmost.classes.count > 0 {
            byClass[Int(pool[Int(rightmost.classes.start)])].append(rule)
        } else if rightmost.kind < 0 {
            universal.append(rule)
        } else if !rightmost.derived {
            byKind[Int(rightmost.kind)].append(rule)
        } else {
            let base = nameList[Int(rightmost.kind)]
            guard base != KindHierarchy.root else {
                universal.append(rule)
                return
            }
            // `^box` waits under every kind derived from box (and under box itself,
            // even when the hierarchy does not know it).
            if derivedKinds[base] == nil {
                var kinds = hierarchy.kinds(derivedFrom: base)
                if !kinds.contains(base) { kinds.append(base) }
                derivedKinds[base] = kinds.map { intern($0) }
            }
            for kind in derivedKinds[base]! {
                while byKind.count <= Int(kind) {
                    byID.append([])
                    byClass.append([])
                    byKind.append([])
                }
                byKind[Int(kind)].append(rule)
            }
        }
    }
}
