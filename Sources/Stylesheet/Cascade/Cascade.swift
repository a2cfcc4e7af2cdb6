import Cells

/// The cascade's output: a computed style per view. The provenance of a view's
/// properties (the winner and what it overrode) is worked out on request, one view
/// at a time, by matching that view again: the inspector asks for one view, and a
/// cascade of thousands of views stays cheap.
public struct CascadeResult: Sendable {
    /// One per input view, in input order. Every view starts from `ComputedStyle.defaults`.
    public let styles: [ComputedStyle]
    /// The `@media` blocks that held for this cascade (compare it to skip re-cascading on a resize).
    public let media: MediaSignature
    let stylesheet: Stylesheet
    let matcher: ViewMatcher
}

/// One matched (declaration, property) pair: the sort key packs the property,
/// the effective specificity and the entry's position (later wins ties).
struct CascadeRecord: Sendable {
    var key: UInt64
    var rule: Int32

    static func key(property: Int, specificity: UInt64, entry: Int) -> UInt64 {
        UInt64(property) << 59 | specificity << 31 | UInt64(entry)
    }

    var property: Int { Int(key >> 59) }
    var entry: Int { Int(key & 0x7FFF_FFFF) }
}

extension Stylesheet {
    /// Styles every view at a terminal size (which decides the `@media` blocks).
    public func cascade(_ views: [StyledView], width: Int, height: Int) -> CascadeResult {
        cascade(views, media: mediaSignature(width: width, height: height))
    }

    /// Styles every view with a given set of active media blocks.
    public func cascade(_ views: [StyledView], media: MediaSignature) -> CascadeResult {
        let matcher = ViewMatcher(index: index, views: views, media: media, hierarchy: hierarchy)
        return CascadeResult(styles: matcher.styles(), media: media, stylesheet: self, matcher: matcher)
    }
}

/// The interned name and lineage of each kind a cascade's views use. A tree has few
/// kinds, so comparing strings in a short list costs less than hashing the kind for
/// every view; a tree with many kinds falls back to a dictionary.
private struct KindTable {
    typealias Slot = (name: Int32, lineage: Range<Int>)
    private var list: [(kind: String, slot: Slot)] = []
    private var byKind: [String: Slot] = [:]
    private static let listLimit = 16

    mutating func slot(of kind: String, orMake make: () -> Slot) -> Slot {
        if list.count < Self.listLimit {
            for entry in list.indices where list[entry].kind == kind { return list[entry].slot }
            let slot = make()
            list.append((kind, slot))
            if list.count == Self.listLimit { byKind = Dictionary(uniqueKeysWithValues: list.map { ($0.kind, $0.slot) }) }
            return slot
        }
        if let found = byKind[kind] { return found }
        let slot = make()
        byKind[kind] = slot
        return slot
    }
}

/// Receives a view's matches.
protocol MatchSink {
    mutating func add(property: Int, specificity: UInt64, entry: Int, rule: Int32)
}

/// Keeps only each property's strongest match: all a computed style needs.
private struct WinnerSink: MatchSink {
    /// Per property: (specificity << 32 | entry + 1), 0 when unset.
    var best = [UInt64](repeating: 0, count: StyleProperty.byOrdinal.count)
    var touched: [Int] = []

    mutating func add(property: Int, specificity: UInt64, entry: Int, rule: Int32) {
        let key = specificity << 32 | UInt64(entry + 1)
        if best[property] == 0 { touched.append(property) }
        if key > best[property] { best[property] = key }
    }
}

/// Keeps every match, for provenance.
private struct RecordSink: MatchSink {
    var records: [CascadeRecord] = []

    mutating func add(property: Int, specificity: UInt64, entry: Int, rule: Int32) {
        records.append(CascadeRecord(key: CascadeRecord.key(property: property, specificity: specificity, entry: entry), rule: rule))
    }
}

/// The views of one cascade compiled to interned facts, matched against only the
/// rules their id, classes and kind can reach.
struct ViewMatcher: Sendable {
    let index: RuleIndex
    let viewCount: Int
    let ruleActive: [Bool]

    // Views as flat facts; -1 for names the stylesheet never mentions.
    var kinds: [Int32] = []
    /// Per view, its kind's lineage (the kind and its bases) as a run of `lineagePool`.
    var lineageOf: [Range<Int>] = []
    var lineagePool: [Int32] = []
    var ids: [Int32] = []
    var parents: [Int32] = []
    var classPool: [Int32] = []
    var classRanges: [Range<Int>] = []
    var statePool: [Int32] = []
    var stateRanges: [Range<Int>] = []
    /// Per view, the names its ancestors carry (see `AncestorFilter`).
    var ancestorNames: [AncestorFilter] = []

    /// `filterAncestors: false` lets every rule through the ancestor filter, so the
    /// full right-to-left match decides alone (the tests' reference).
    init(
        index: RuleIndex, views: [StyledView], media: MediaSignature, hierarchy: KindHierarchy,
        filterAncestors: Bool = true
    ) {
        self.index = index
        self.viewCount = views.count
        self.ruleActive = index.rules.map { rule in index.pool[rule.media.range].allSatisfy { media.isActive(Int($0)) } }
        compile(views, hierarchy: hierarchy)
        if !filterAncestors { ancestorNames = Array(repeating: .everything, count: viewCount) }
    }

    private mutating func compile(_ views: [StyledView], hierarchy: KindHierarchy) {
        var table = KindTable()
        // Sized once: growing these per view copied them over and over.
        kinds.reserveCapacity(views.count)
        ids.reserveCapacity(views.count)
        parents.reserveCapacity(views.count)
        lineageOf.reserveCapacity(views.count)
        classRanges.reserveCapacity(views.count)
        stateRanges.reserveCapacity(views.count)
        classPool.reserveCapacity(views.count * 2)
        for (position, view) in views.enumerated() {
            let slot = table.slot(of: view.kind) {
                let start = lineagePool.count
                lineagePool += hierarchy.lineage(of: view.kind).map { index.name($0) }.filter { $0 >= 0 }
                return (index.name(view.kind), start..<lineagePool.count)
            }
            kinds.append(slot.name)
            lineageOf.append(slot.lineage)
            ids.append(view.id.map { index.name($0) } ?? -1)
            let parent = view.parent ?? -1
            parents.append(parent >= 0 && parent < views.count && parent != position ? Int32(parent) : -1)
            let classStart = classPool.count
            for name in view.classes {
                let id = index.name(name)
                if id >= 0 { classPool.append(id) }
            }
            classRanges.append(classStart..<classPool.count)
            let stateStart = statePool.count
            for name in view.states {
                let id = index.name(name)
                if id >= 0 { statePool.append(id) }
            }
            stateRanges.append(stateStart..<statePool.count)
        }
        breakParentCycles()
        collectAncestorNames()
    }

    /// The names a view carries: its kind and the kinds it derives from, its id,
    /// classes and states.
    private func ownNames(_ view: Int) -> AncestorFilter {
        var names = AncestorFilter()
        names.insert(kinds[view])
        for position in lineageOf[view] { names.insert(lineagePool[position]) }
        names.insert(ids[view])
        for position in classRanges[view] { names.insert(classPool[position]) }
        for position in stateRanges[view] { names.insert(statePool[position]) }
        return names
    }

    /// Fills `ancestorNames` from the roots down, whatever order the views come in
    /// (parent cycles are already cut).
    private mutating func collectAncestorNames() {
        let own = (0..<viewCount).map(ownNames)
        ancestorNames = Array(repeating: AncestorFilter(), count: viewCount)
        var done = [Bool](repeating: false, count: viewCount)
        var chain: [Int] = []
        for start in 0..<viewCount where !done[start] {
            var view = start
            while true {
                chain.append(view)
                let parent = Int(parents[view])
                if parent < 0 || done[parent] { break }
                view = parent
            }
            for view in chain.reversed() {
                let parent = Int(parents[view])
                if parent >= 0 {
                    ancestorNames[view] = ancestorNames[parent]
                    ancestorNames[view].formUnion(own[parent])
                }
                done[view] = true
            }
            chain.removeAll(keepingCapacity: true)
        }
    }

    /// A malformed tree whose parent links loop is cut where the loop closes, so
    /// every ancestor walk ends.
    private mutating func breakParentCycles() {
        var state = [UInt8](repeating: 0, count: parents.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        for start in parents.indices where state[start] == 0 {
            var current = start
            while true {
                state[current] = 1
                path.append(current)
                let parent = Int(parents[current])
                if parent < 0 || state[parent] == 2 { break }
                if state[parent] == 1 {
                    parents[current] = -1
                    break
                }
                current = parent
            }
            for node in path { state[node] = 2 }
            path.removeAll(keepingCapacity: true)
        }
    }

    func styles() -> [ComputedStyle] {
        var styles: [ComputedStyle] = []
        styles.reserveCapacity(viewCount)
        var sink = WinnerSink()
        for view in 0..<viewCount {
            collect(view, into: &sink)
            var style = ComputedStyle()
            for property in sink.touched {
                let entry = Int(sink.best[property] & 0xFFFF_FFFF) - 1
                style.set(StyleProperty.byOrdinal[property], to: index.entryValues[entry])
                sink.best[property] = 0
            }
            sink.touched.removeAll(keepingCapacity: true)
            styles.append(style)
        }
        return styles
    }

    /// Every match of one view, grouped by property (in property order), strongest
    /// first; a declaration reached through two selectors of a group counts once.
    func records(of view: Int) -> [CascadeRecord] {
        guard view >= 0, view < viewCount else { return [] }
        var sink = RecordSink()
        collect(view, into: &sink)
        let sorted = sink.records.sorted { a, b in
            a.property != b.property ? a.property < b.property : a.key > b.key
        }
        var result: [CascadeRecord] = []
        var groupStart = 0
        for record in sorted {
            if result.last?.property != record.property { groupStart = result.count }
            if result[groupStart...].contains(where: { $0.entry == record.entry }) { continue }
            result.append(record)
        }
        return result
    }

    private func collect<Sink: MatchSink>(_ view: Int, into sink: inout Sink) {
        let id = Int(ids[view])
        if id >= 0, id < index.byID.count { collect(index.byID[id], view, into: &sink) }
        for position in classRanges[view] {
            let name = Int(classPool[position])
            if name < index.byClass.count { collect(index.byClass[name], view, into: &sink) }
        }
        let kind = Int(kinds[view])
        if kind >= 0, kind < index.byKind.count { collect(index.byKind[kind], view, into: &sink) }
        collect(index.universal, view, into: &sink)
    }

    private func collect<Sink: MatchSink>(_ candidates: [Int32], _ view: Int, into sink: inout Sink) {
        let ancestors = ancestorNames[view]
        for rule in candidates where ruleActive[Int(rule)] {
            // Most rules with combinators fail for want of an ancestor: the filter
            // rejects them without a walk up the tree.
            guard ancestors.contains(all: index.ancestorFilters[Int(rule)]) else { continue }
            let compiled = index.rules[Int(rule)]
            guard matches(compiled, view) else { continue }
            for declaration in Int(compiled.declarations.lowerBound)..<Int(compiled.declarations.upperBound) {
                let required = index.declarationStates[declaration]
                var specificity = compiled.specificity
                if required.count > 0 {
                    var holds = true
                    for position in required.range where !hasState(index.pool[position], view) { holds = false }
                    guard holds else { continue }
                    // A state on a property counts like a state on the selector.
                    specificity += UInt64(required.count) << 10
                }
                let entries = Int(index.declarationEntryStart[declaration])..<Int(index.declarationEntryStart[declaration + 1])
                for entry in entries {
                    sink.add(property: Int(index.entryProperty[entry]), specificity: specificity, entry: entry, rule: rule)
                }
            }
        }
    }

    private func hasState(_ state: Int32, _ view: Int) -> Bool {
        for position in stateRanges[view] where statePool[position] == state { return true }
        return false
    }

    private func hasClass(_ name: Int32, _ view: Int) -> Bool {
        for position in classRanges[view] where classPool[position] == name { return true }
        return false
    }

    private func derives(_ view: Int, from kind: Int32) -> Bool {
        for position in lineageOf[view] where lineagePool[position] == kind { return true }
        return false
    }

    private func matchesCompound(_ compound: RuleIndex.Compound, _ view: Int) -> Bool {
        if compound.kind >= 0 {
            if compound.derived {
                guard derives(view, from: compound.kind) else { return false }
            } else if kinds[view] != compound.kind {
                return false
            }
        }
        for position in compound.ids.range where index.pool[position] != ids[view] { return false }
        for position in compound.classes.range where !hasClass(index.pool[position], view) { return false }
        for position in compound.states.range where !hasState(index.pool[position], view) { return false }
        return true
    }

    /// Right to left. A child step that fails retries the nearest descendant step one
    /// ancestor higher; a descendant step that reaches the root fails the whole match
    /// (any earlier retry would only start higher).
    private func matches(_ rule: RuleIndex.Rule, _ view: Int) -> Bool {
        let first = Int(rule.compounds.start)
        var position = first + Int(rule.compounds.count) - 1
        guard matchesCompound(index.compounds[position], view) else { return false }
        var current = view
        // The last descendant step: (compound position, view it matched).
        var retry: (position: Int, view: Int)?
        while position > first {
            let wanted = index.compounds[position - 1]
            if index.compounds[position].isChildOfLeft {
                let parent = Int(parents[current])
                if parent >= 0, matchesCompound(wanted, parent) {
                    position -= 1
                    current = parent
                    continue
                }
                // Retry the last descendant step higher up.
                guard let last = retry else { return false }
                guard let found = ancestor(of: last.view, matching: index.compounds[last.position - 1]) else {
                    return false
                }
                retry = (last.position, found)
                position = last.position - 1
                current = found
            } else {
                guard let found = ancestor(of: current, matching: wanted) else { return false }
                retry = (position, found)
                position -= 1
                current = found
            }
        }
        return true
    }

    private func ancestor(of view: Int, matching compound: RuleIndex.Compound) -> Int? {
        var candidate = Int(parents[view])
        while candidate >= 0 {
            if matchesCompound(compound, candidate) { return candidate }
            candidate = Int(parents[candidate])
        }
        return nil
    }
}
