import Cassowary
import Cells
import Diagnostics
import LayoutSpec
import TestSupport
import Testing

@testable import LayoutEngine

/// The engine's compact stores of what the render holds at its peak, each
/// compared with the plain structure it replaced.
@Suite struct CompactStorageTests {
    // MARK: - ViewStyles

    /// The general path `ViewStyles` replaced: a copy of the cascade's array
    /// with each quoted string written into it.
    static func copiedEffectiveStyles(_ cascaded: [ComputedStyle], _ views: [ViewDeclaration]) -> [ComputedStyle] {
        var styles = cascaded
        for index in views.indices {
            guard let title = views[index].title else { continue }
            if views[index].kind == .text { styles[index].text = title } else { styles[index].title = title }
        }
        return styles
    }

    /// Random views, some with quoted strings, under random cascaded text and titles.
    static func randomStyledViews(_ random: inout SplitMix64) -> (cascaded: [ComputedStyle], document: LayoutDocument) {
        var lines = ["screen root {"]
        var count = 1
        for index in 0..<(1 + random.below(30)) {
            let kind = random.pick(["text", "box", "row"])
            let quoted = random.below(2) == 0 ? " \"q\(index)\"" : ""
            lines.append("  \(kind) v\(index)\(quoted)")
            count += 1
        }
        lines.append("}")
        let source = SourceText(path: specPath, text: lines.joined(separator: "\n"))
        let document = SpecLowering.lower(SpecParser.parse(source))
        var cascaded: [ComputedStyle] = []
        for _ in 0..<count {
            var style = ComputedStyle.defaults
            if random.below(2) == 0 { style.text = "cascade text" }
            if random.below(2) == 0 { style.title = "cascade title" }
            style.collapse = random.below(8) == 0
            cascaded.append(style)
        }
        return (cascaded, document)
    }

    @Test func viewStylesReadAsTheCopiedEffectiveStyles() {
        var random = SplitMix64(seed: 47)
        var titled = 0
        for _ in 0..<200 {
            let (cascaded, document) = Self.randomStyledViews(&random)
            #expect(cascaded.count == document.views.count)
            let styles = ViewStyles(cascaded: cascaded, views: document.views)
            let expected = Self.copiedEffectiveStyles(cascaded, document.views)
            #expect(Array(styles) == expected)
            #expect(styles.cascaded == cascaded)
            #expect(styles.anyCollapsed == cascaded.contains { $0.collapse })
            titled += document.views.filter { $0.title != nil }.count
        }
        #expect(titled > 100)
    }

    /// A session's effective styles (what the constraints and the views read)
    /// after loads and after reloads that keep, change or add quoted strings.
    @Test func sessionStylesAreTheCascadeWithTheQuotedStrings() {
        let sheet = ".a { title \"from sheet\"; text \"sheet text\" }\nbox { border single }\n"
        var spec = """
            use "s.cas"
            screen root {
              box one .a "One"
              text two .a "Two"
              box three .a
            }
            """
        var (session, files) = loaded(spec, styles: ["s.cas": sheet])
        func check(_ step: String) {
            let model = session.model
            let expected = Self.copiedEffectiveStyles(model.cascadedStyles, model.document.views)
            #expect(Array(model.styles) == expected, "\(step)")
            #expect(session.views.map(\.style) == expected, "\(step)")
        }
        check("load")
        #expect(session.view("one")?.style.title == "One")
        #expect(session.view("two")?.style.text == "Two")
        #expect(session.view("three")?.style.title == "from sheet")
        files["s.cas"] = sheet + "#three { padding 1 }\n"
        session.reload(changedFiles: ["s.cas"])
        check("stylesheet edit")
        spec = spec.replacingOccurrences(of: "\"One\"", with: "\"Uno\"")
        files[specPath] = spec
        session.reload(changedFiles: [specPath])
        check("new quoted string")
        #expect(session.view("one")?.style.title == "Uno")
        files[specPath] = spec.replacingOccurrences(of: "  box three .a\n", with: "  box three .a\n  text four \"Four\"\n")
        session.reload(changedFiles: [specPath])
        check("added view")
        #expect(session.view("four")?.style.text == "Four")
        session.resize(to: TerminalSize(width: 60, height: 20))
        check("resize")
    }

    // MARK: - VariableSlotTable

    /// Random insertions and removals, each lookup compared with a dictionary's
    /// answer, for views that are in the table, were removed, or never were.
    @Test func variableSlotTableAnswersAsADictionary() {
        var random = SplitMix64(seed: 1547)
        for round in 0..<20 {
            var table = VariableSlotTable()
            var reference: [Cassowary.Variable: (key: Int, slot: Int)] = [:]
            var live: [ViewVariables] = []
            var removed: [ViewVariables] = []
            let strangers = (0..<8).map { ViewVariables(id: "stranger\($0)") }
            for _ in 0..<(50 + random.below(400)) {
                if !live.isEmpty, random.below(3) == 0 {
                    let gone = live.remove(at: random.below(live.count))
                    table.remove(gone)
                    for slot in 0..<4 { reference[gone.variable(slot: slot)] = nil }
                    removed.append(gone)
                } else {
                    if random.below(10) == 0 { table.reserveCapacity(forAddingViews: random.below(64)) }
                    let variables = ViewVariables(id: "v\(table.nextKey)", key: table.nextKey)
                    table.insert(variables)
                    for slot in 0..<4 { reference[variables.variable(slot: slot)] = (variables.key, slot) }
                    live.append(variables)
                }
                #expect(table.count == reference.count, "round \(round)")
            }
            for views in [live, removed, strangers] {
                for variables in views {
                    for slot in 0..<4 {
                        let variable = variables.variable(slot: slot)
                        let found = table.keyAndSlot(of: variable)
                        let expected = reference[variable]
                        #expect(found?.key == expected?.key && found?.slot == expected?.slot, "round \(round)")
                    }
                }
            }
        }
    }

    @Test func viewVariablesBySlotAreInSlotOrder() {
        let variables = ViewVariables(id: "v", key: 0)
        #expect((0..<4).map { variables.variable(slot: $0) } == variables.all)
    }
}

/// `OwnerTable` against a plain map of which ref holds which constraint now.
@Suite struct OwnerTableTests {
    static func randomRef(_ random: inout SplitMix64) -> ConstraintRef {
        random.below(3) == 0
            ? .implicit(view: random.below(40), kind: random.pick(ImplicitKind.allCases)) : .spec(random.below(200))
    }

    /// Constraints made active and retired at random (a retired one's entry
    /// stays behind); the table is rebuilt from the live refs when full, as
    /// the binding does. Every identity ever used must find its live owner or none.
    @Test func ownerTableFindsTheLiveOwnerOnly() {
        var random = SplitMix64(seed: 15_47)
        for round in 0..<30 {
            var live: [ConstraintRef: Int] = [:]
            var nextIdentity = random.below(1_000_000)
            var used: [Int] = []
            var table = OwnerTable(capacity: random.below(40))
            var rebuilt = 0
            for _ in 0..<(100 + random.below(600)) {
                let ref = Self.randomRef(&random)
                if live[ref] != nil, random.below(3) == 0 {
                    live[ref] = nil
                    continue
                }
                nextIdentity += 1 + random.below(3)
                live[ref] = nextIdentity
                used.append(nextIdentity)
                if table.isFull {
                    table = OwnerTable(capacity: live.count + live.count / 4 + 16)
                    for (owner, identity) in live { table.insert(PackedConstraintRef(owner), identity: identity) }
                    rebuilt += 1
                } else {
                    table.insert(PackedConstraintRef(ref), identity: nextIdentity)
                }
            }
            var owners: [Int: ConstraintRef] = [:]
            for (ref, identity) in live { owners[identity] = ref }
            for identity in used + [nextIdentity + 1, -5] {
                let found = table.owner(of: identity) { live[$0] == identity }
                #expect(found == owners[identity], "round \(round), identity \(identity)")
            }
            #expect(rebuilt > 0 || round > 0)
        }
    }

    /// A session's conflicts name their members through the owner table,
    /// also after reloads, resizes and state changes that break and mend
    /// constraints (the members are those of a fresh load; which one is broken
    /// may differ, it depends on the edit history).
    @Test func conflictMembersAreFoundAfterChanges() {
        func spec(_ step: Int) -> String {
            "screen root {\n  box a { left == 0; top == 0; height == 1; width == \(10 + step % 4); right == parent.left + \(12 + step % 3) }\n  box b { width == parent.width - \(step % 5) }\n}"
        }
        var (session, files) = loaded(spec(0))
        func members(_ session: LayoutSession) -> [Set<String>] {
            session.conflicts().map { Set($0.constraints.map(\.text)) }
        }
        var conflicted = 0
        for step in 1..<40 {
            switch step % 3 {
            case 0: session.resize(to: TerminalSize(width: 60 + step, height: 20))
            case 1: session.setStates(step % 2 == 0 ? [] : ["selected"], ofView: "b")
            default:
                files[specPath] = spec(step)
                session.reload(changedFiles: [specPath])
            }
            let fresh = loaded(files[specPath]!, width: session.size.width, height: session.size.height).session
            #expect(members(session) == members(fresh), "step \(step)")
            if !session.conflicts().isEmpty { conflicted += 1 }
        }
        #expect(conflicted > 10)
    }
}

extension CompactStorageTests {
    /// Style values read from the cascade are those of the effective styles:
    /// the quoted strings never set a number.
    @Test func styleValuesAreThoseOfTheEffectiveStyles() {
        var random = SplitMix64(seed: 4_715)
        let names = ["size-width", "size-height", "margin-top", "padding-left", "min-width", "max-height", "z-index",
            "columns", "collapse"]
        for _ in 0..<50 {
            var (cascaded, document) = Self.randomStyledViews(&random)
            for index in cascaded.indices {
                cascaded[index].sizeWidth = random.below(2) == 0 ? nil : Double(random.below(9))
                cascaded[index].zIndex = random.below(4)
            }
            let styles = ViewStyles(cascaded: cascaded, views: document.views)
            let effective = Self.copiedEffectiveStyles(cascaded, document.views)
            for index in styles.indices {
                for name in names {
                    #expect(styles.value(name, ofView: index) == StyleValues.value(name, in: effective[index]))
                }
            }
        }
    }
}
