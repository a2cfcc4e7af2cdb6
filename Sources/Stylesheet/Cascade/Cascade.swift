/// The cascade's output: a computed style per view, and for each property the
/// declaration that won and the ones it overrode.
public struct CascadeResult: Sendable {
    /// One per input view, in input order. Every view starts from `ComputedStyle.defaults`.
    public let styles: [ComputedStyle]
    public let media: MediaSignature
    let stylesheet: Stylesheet
    /// Per view, grouped by property; within a property the winner comes first.
    let records: [CascadeRecord]
    let ranges: [Range<Int>]
}

/// One matched (declaration, property) pair: the sort key packs the property,
/// the effective specificity and the entry's position (later wins ties).
struct CascadeRecord: Sendable {
    var key: UInt64
    var rule: Int32

    static func key(property: UInt8, specificity: UInt64, entry: Int) -> UInt64 {
        UInt64(property) << 59 | specificity << 31 | UInt64(entry)
    }

    var property: Int { Int(key >> 59) }
    var entry: Int { Int(key & 0x7FFF_FFFF) }
    var specificity: UInt64 { (key >> 31) & 0xFFF_FFFF }
}

extension Stylesheet {
    /// Styles every view at a terminal size (which decides the `@media` blocks).
    public func cascade(_ views: [StyledView], width: Int, height: Int) -> CascadeResult {
        cascade(views, media: mediaSignature(width: width, height: height))
    }

    /// Styles every view with a given set of active media blocks.
    public func cascade(_ views: [StyledView], media: MediaSignature) -> CascadeResult {
        var run = CascadeRun(index: index, views: views, media: media, hierarchy: hierarchy, mediaCount: self.media.count)
        run.run()
        return CascadeResult(styles: run.styles, media: media, stylesheet: self, records: run.records, ranges: run.ranges)
    }
}

/// One cascade: views compiled to interned facts, then each view matched against
/// only the rules its id, classes and kind can reach.
private struct CascadeRun {
    let index: RuleIndex
    let viewCount: Int
    let ruleActive: [Bool]

    // Views as flat facts; -1 for names the stylesheet never mentions.
    var kinds: [Int32] = []
    var lineageOf: [Int32] = []
    var lineages: [[Int32]] = []
    var ids: [Int32] = []
    var parents: [Int32] = []
    var classPool: [Int32] = []
    var classRanges: [Range<Int>] = []
    var statePool: [Int32] = []
    var stateRanges: [Range<Int>] = []

    var styles: [ComputedStyle] = []
    var records: [CascadeRecord] = []
    var ranges: [Range<Int>] = []

    init(index: RuleIndex, views: [StyledView], media: MediaSignature, hierarchy: KindHierarchy, mediaCount: Int) {
        self.index = index
        self.viewCount = views.count
        self.ruleActive = index.rules.map { $0.media.allSatisfy(media.isActive) }
        compile(views, hierarchy: hierarchy)
    }

    private mutating func compile(_ views: [StyledView], hierarchy: KindHierarchy) {
        var lineageByKind: [String: Int32] = [:]
        kinds.reserveCapacity(views.count)
        for (position, view) in views.enumerated() {
            kinds.append(index.name(view.kind))
            if let known = lineageByKind[view.kind] {
                lineageOf.append(known)
            } else {
                let lineage = hierarchy.lineage(of: view.kind).map { index.name($0) }.filter { $0 >= 0 }
                lineages.append(lineage)
                lineageByKind[view.kind] = Int32(lineages.count - 1)
                lineageOf.append(Int32(lineages.count - 1))
            }
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

    mutating func run() {
        styles.reserveCapacity(viewCount)
        ranges.reserveCapacity(viewCount)
        var matched: [CascadeRecord] = []
        for view in 0..<viewCount {
            matched.removeAll(keepingCapacity: true)
            let id = Int(ids[view])
            if id >= 0, id < index.byID.count { collect(index.byID[id], view, into: &matched) }
            for position in classRanges[view] {
                let name = Int(classPool[position])
                if name < index.byClass.count { collect(index.byClass[name], view, into: &matched) }
            }
            let kind = Int(kinds[view])
            if kind >= 0, kind < index.byKind.count { collect(index.byKind[kind], view, into: &matched) }
            collect(index.universal, view, into: &matched)
            finish(view, matched: &matched)
        }
    }

    private func collect(_ candidates: [Int32], _ view: Int, into matched: inout [CascadeRecord]) {
        for rule in candidates where ruleActive[Int(rule)] {
            let compiled = index.rules[Int(rule)]
            guard matches(compiled, view) else { continue }
            for declaration in compiled.declarations {
                let required = index.declarationStates[declaration]
                var specificity = compiled.specificity
                if !required.isEmpty {
                    guard required.allSatisfy({ hasState($0, view) }) else { continue }
                    // A state on a property counts like a state on the selector.
                    specificity += UInt64(required.count) << 10
                }
                for entry in index.declarationEntries[declaration] {
                    let property = index.entries[Int(entry)].property
                    matched.append(
                        CascadeRecord(
                            key: CascadeRecord.key(property: property, specificity: specificity, entry: Int(entry)),
                            rule: rule))
                }
            }
        }
    }

    /// Sorts the view's matches (property, then strongest first), drops duplicates
    /// from grouped selectors, and applies each property's winner to the defaults.
    private mutating func finish(_ view: Int, matched: inout [CascadeRecord]) {
        matched.sort { $0.key > $1.key }
        var style = ComputedStyle()
        let start = records.count
        var groupStart = start
        var currentProperty = -1
        for record in matched {
            if record.property != currentProperty {
                currentProperty = record.property
                groupStart = records.count
                let entry = index.entries[record.entry]
                style.set(StyleProperty.byOrdinal[Int(entry.property)], to: entry.value)
            } else if records[groupStart...].contains(where: { $0.entry == record.entry }) {
                continue
            }
            records.append(record)
        }
        styles.append(style)
        ranges.append(start..<records.count)
    }

    private func hasState(_ state: Int32, _ view: Int) -> Bool {
        statePool[stateRanges[view]].contains(state)
    }

    private func matchesCompound(_ compound: RuleIndex.Compound, _ view: Int) -> Bool {
        if compound.kind >= 0 {
            if compound.derived {
                guard lineages[Int(lineageOf[view])].contains(compound.kind) else { return false }
            } else if kinds[view] != compound.kind {
                return false
            }
        }
        for id in compound.ids where id != ids[view] { return false }
        if !compound.classes.isEmpty {
            let classes = classPool[classRanges[view]]
            for name in compound.classes where !classes.contains(name) { return false }
        }
        for state in compound.states where !hasState(state, view) { return false }
        return true
    }

    /// Right to left. A child step that fails retries the nearest descendant step one
    /// ancestor higher; a descendant step that reaches the root fails the whole match
    /// (any earlier retry would only start higher).
    private func matches(_ rule: RuleIndex.Rule, _ view: Int) -> Bool {
        let compounds = rule.compounds
        var position = compounds.count - 1
        guard matchesCompound(compounds[position], view) else { return false }
        var current = view
        // The last descendant step: (compound position, view it matched).
        var retry: (position: Int, view: Int)?
        while position > 0 {
            let wanted = compounds[position - 1]
            if rule.combinators[position - 1] == .child {
                let parent = Int(parents[current])
                if parent >= 0, matchesCompound(wanted, parent) {
                    position -= 1
                    current = parent
                    continue
                }
                // Retry the last descendant step higher up.
                guard let last = retry else { return false }
                position = last.position
                current = last.view
                retry = nil
                guard let found = ancestor(of: current, matching: compounds[position - 1]) else {
                    return false
                }
                retry = (position, found)
                position -= 1
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
