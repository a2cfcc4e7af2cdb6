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
    /// Per rule, the names its compounds left of the rightmost require of the view's
    /// ancestors, as an `AncestorFilter` (see there); all zero for a one-compound rule.
    private(set) var ancestorFilters: [AncestorFilter] = []

    /// One (declaration, computed property) pair; declarations own contiguous runs.
    private(set) var entryProperty: [UInt8] = []
    private(set) var entryDeclaration: [Int32] = []
    private(set) var entryValues: [StyleValue] = []
    /// Per declaration: first entry (plus a final sentinel) and required states.
    private(set) var declarationEntryStart: [Int32] = []
    private(set) var declarationStates: [Span] = []

    init() {}

    /// Sizes the arrays for what is coming, so growth does not copy big buffers.
    mutating func reserve(rules ruleCount: Int, declarations declarationCount: Int) {
        rules.reserveGrowing(ruleCount)
        compounds.reserveGrowing(ruleCount * 2)
        pool.reserveGrowing(ruleCount * 3)
        entryProperty.reserveGrowing(declarationCount * 2)
        entryDeclaration.reserveGrowing(declarationCount * 2)
        entryValues.reserveGrowing(declarationCount * 2)
        declarationEntryStart.reserveGrowing(declarationCount + 1)
        declarationStates.reserveGrowing(declarationCount)
    }

    /// Adds the next declaration (declarations are numbered in the order added).
    mutating func addDeclaration(_ values: [(property: StyleProperty, value: StyleValue)], states: [String]) {
        let declaration = Int32(declarationStates.count)
        declarationEntryStart.append(Int32(entryProperty.count))
        for item in values {
            entryProperty.append(UInt8(item.property.ordinal))
            entryDeclaration.append(declaration)
            entryValues.append(item.value)
        }
        declarationStates.append(states.isEmpty ? Span(start: 0, count: 0) : span(of: states))
    }

    /// Adds the next rule from its compiled selector; `symbols` maps the code's
    /// file-local symbols to interned names (see `internSymbols`).
    mutating func addRule(code: ArraySlice<Int32>, symbols: [Int32], media: [Int], declarations: Range<Int>) {
        let first = Int32(compounds.count)
        var compound = Compound()
        for part in code {
            let name = SelectorCode.symbol(part) < symbols.count ? symbols[Int(SelectorCode.symbol(part))] : -1
            switch SelectorCode.tag(part) {
            case SelectorCode.exactKind: compound.kind = name
            case SelectorCode.derivedKind:
                compound.kind = name
                compound.derived = true
            case SelectorCode.anyKind: break
            case SelectorCode.id: add(name, to: &compound.ids)
            case SelectorCode.className: add(name, to: &compound.classes)
            case SelectorCode.state: add(name, to: &compound.states)
            default:
                compounds.append(compound)
                compound = Compound(isChildOfLeft: SelectorCode.tag(part) == SelectorCode.child)
            }
        }
        compounds.append(compound)
        let mediaStart = Int32(pool.count)
        for block in media { pool.append(Int32(block)) }
        rules.append(
            Rule(
                compounds: Span(start: first, count: Int32(compounds.count) - first),
                specificity: SelectorCode.specificity(code).packed, media: Span(start: mediaStart, count: Int32(media.count)),
                declarations: Int32(declarations.lowerBound)..<Int32(declarations.upperBound)))
    }

    /// The computed properties declaration `declaration` sets, with their values, in
    /// the order it set them (after `finish`).
    func values(ofDeclaration declaration: Int) -> [(property: StyleProperty, value: StyleValue)] {
        let entries = Int(declarationEntryStart[declaration])..<Int(declarationEntryStart[declaration + 1])
        return entries.map { (StyleProperty.byOrdinal[Int(entryProperty[$0])], entryValues[$0]) }
    }

    /// Interned names for a file's symbol table.
    mutating func internSymbols(_ names: [String]) -> [Int32] {
        names.map { intern($0) }
    }

    /// Buckets every rule by its rightmost compound; call once, after the last rule.
    mutating func finish(hierarchy: KindHierarchy) {
        declarationEntryStart.append(Int32(entryProperty.count))  // the sentinel
        byID = Array(repeating: [], count: names.count)
        byClass = byID
        byKind = byID
        var derivedKinds: [String: [Int32]] = [:]
        ancestorFilters.reserveCapacity(rules.count)
        for position in rules.indices {
            let rule = rules[position]
            ancestorFilters.append(ancestorFilter(of: rule))
            place(Int32(position), rightmost: compounds[Int(rule.compounds.start + rule.compounds.count - 1)],
                  hierarchy: hierarchy, derivedKinds: &derivedKinds)
        }
    }

    func name(_ text: String) -> Int32 { names[text] ?? -1 }

    /// Every name the rule's left compounds test (kinds, ids, classes, states): a view
    /// whose ancestors lack one of them cannot match.
    private func ancestorFilter(of rule: Rule) -> AncestorFilter {
        var filter = AncestorFilter()
        for position in rule.compounds.range.dropLast() {
            let compound = compounds[position]
            if compound.kind >= 0 { filter.insert(compound.kind) }
            for span in [compound.ids, compound.classes, compound.states] {
                for name in pool[span.range] { filter.insert(name) }
            }
        }
        return filter
    }

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

/// A 256-bit set of interned names, one bit per name modulo 256 (a Bloom filter with
/// one hash): `contains(all:)` can say yes wrongly, never no wrongly. The cascade keeps
/// one per view for the names its ancestors carry, so a rule whose left compounds
/// need a name no ancestor has is rejected without walking up the tree.
struct AncestorFilter: Sendable, Equatable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Every name: contains everything any rule can require.
    static let everything = AncestorFilter(words: (~0, ~0, ~0, ~0))

    mutating func insert(_ name: Int32) {
        guard name >= 0 else { return }
        let bit = UInt64(1) << UInt64(name & 63)
        switch (name >> 6) & 3 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func formUnion(_ other: AncestorFilter) {
        words.0 |= other.words.0
        words.1 |= other.words.1
        words.2 |= other.words.2
        words.3 |= other.words.3
    }

    /// Whether every name of `required` may be in this set.
    func contains(all required: AncestorFilter) -> Bool {
        (required.words.0 & ~words.0) | (required.words.1 & ~words.1) | (required.words.2 & ~words.2)
            | (required.words.3 & ~words.3) == 0
    }

    static func == (a: AncestorFilter, b: AncestorFilter) -> Bool {
        a.words == b.words
    }
}

extension Array {
    /// Makes room for `extra` more elements, at least doubling the capacity when it
    /// grows. `reserveCapacity(count + extra)` allocates exactly that much, so calling
    /// it once per imported file copied every array once per file: quadratic in the
    /// number of files.
    mutating func reserveGrowing(_ extra: Int) {
        let needed = count + extra
        guard needed > capacity else { return }
        reserveCapacity(Swift.max(needed, capacity * 2))
    }
}
