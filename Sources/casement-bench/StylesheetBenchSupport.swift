import Stylesheet

/// Deterministic inputs for the stylesheet benchmarks.
enum StylesheetWorkloads {
    /// SplitMix64, so every run benchmarks the same text.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let kinds = ["box", "text", "row", "column", "grid", "overlay", "screen"]
    static let borders = ["single", "double", "rounded", "heavy", "ascii", "dashed", "none"]
    static let colors = ["red", "blue", "cyan", "bright-yellow", "#223344", "#abc", "color(208)", "rgb(10, 200, 30)",
        "hsl(210, 60%, 40%)", "$accent", "slategray"]

    static let classCount = 300
    static let idCount = 2_000

    /// One declaration line's text (without indentation or terminator).
    static func declaration(_ random: inout Random) -> String {
        switch random.below(10) {
        case 0: "bg " + random.pick(colors)
        case 1: "fg: " + random.pick(colors)
        case 2: "border " + random.pick(borders)
        case 3: "padding \(random.below(3)) \(random.below(4))"
        case 4: "margin: ($gap + \(random.below(4))) \(random.below(3)) 0 1"
        case 5: "size \(10 + random.below(60)) \(3 + random.below(20))"
        case 6: "title \"Panel \(random.below(1000))\""
        case 7: "border-color[state:focused] " + random.pick(colors)
        case 8: "bold " + random.pick(["true", "false", "YES", "NO"])
        default: "z-index \(random.below(10))"
        }
    }

    /// A selector drawn from the kinds, classes and ids the view tree uses.
    static func selector(_ random: inout Random) -> String {
        let compound = { (random: inout Random) -> String in
            switch random.below(6) {
            case 0: random.pick(kinds)
            case 1: ".c\(random.below(classCount))"
            case 2: random.pick(kinds) + ".c\(random.below(classCount))"
            case 3: "#v\(random.below(idCount))"
            case 4: "^box.c\(random.below(classCount))"
            default: ".c\(random.below(classCount)).c\(random.below(classCount))"
            }
        }
        switch random.below(4) {
        case 0: return compound(&random) + " " + compound(&random)
        case 1: return compound(&random) + " > " + compound(&random)
        default: return compound(&random)
        }
    }

    /// About `bytes` of `.cas` in every style the language allows: braces,
    /// indentation, nesting, groups, media blocks, comments and variables.
    static func sheet(bytes: Int, seed: UInt64 = 1) -> String {
        var random = Random(state: seed)
        var text = "// generated benchmark sheet\n$accent = #ff8800\n$gap = 2\n"
        text.reserveCapacity(bytes + 4096)
        var rule = 0
        while text.utf8.count < bytes {
            rule += 1
            switch rule % 4 {
            case 0:
                text += selector(&random) + ", " + selector(&random) + " {\n"
                for _ in 0..<(2 + random.below(4)) { text += "  " + declaration(&random) + ";\n" }
                text += "  &[state:selected] { reverse true }\n}\n"
            case 1:
                text += selector(&random) + "\n"
                for _ in 0..<(2 + random.below(4)) { text += "  " + declaration(&random) + "\n" }
                text += "  > text\n    text-align center\n"
            case 2:
                text += "@media (min-width: \(60 + random.below(100))) {\n  " + selector(&random) + " {\n"
                for _ in 0..<(1 + random.below(3)) { text += "    " + declaration(&random) + "\n" }
                text += "  }\n}\n"
            default:
                text += "/* rule \(rule) */ " + selector(&random) + " { " + declaration(&random) + "; "
                    + declaration(&random) + " }\n"
            }
        }
        return text
    }

    /// Exactly `count` flat rules, each with 1–4 declarations.
    static func rules(count: Int, seed: UInt64 = 2) -> String {
        var random = Random(state: seed)
        var text = "$accent = #ff8800\n$gap = 2\n"
        for _ in 0..<count {
            text += selector(&random) + " {"
            for _ in 0..<(1 + random.below(4)) { text += " " + declaration(&random) + ";" }
            text += " }\n"
        }
        return text
    }

    /// A tree of `count` views, parents first, up to 8 levels deep.
    static func views(count: Int, seed: UInt64 = 3) -> [StyledView] {
        var random = Random(state: seed)
        var views: [StyledView] = [StyledView(kind: "screen", id: "root")]
        var depths = [0]
        while views.count < count {
            var parent = random.below(views.count)
            while depths[parent] >= 8 { parent = random.below(views.count) }
            let classes = (0..<random.below(4)).map { _ in "c\(random.below(classCount))" }
            let id: String? = random.below(3) == 0 ? "v\(random.below(idCount))" : nil
            let states = random.below(10) == 0 ? ["focused"] : []
            views.append(
                StyledView(kind: random.pick(kinds), id: id, classes: classes, states: states, parent: parent))
            depths.append(depths[parent] + 1)
        }
        return views
    }

    /// `f0.cas` imports `f1.cas`, which imports `f2.cas`, …; each file has one rule.
    static func importChain(files count: Int) -> [String: String] {
        var files: [String: String] = [:]
        for n in 0..<count {
            let next = n + 1 < count ? "@import \"f\(n + 1).cas\";\n" : ""
            files["f\(n).cas"] = next + "#v\(n) { bold true }\n"
        }
        return files
    }

    /// `f0.cas` imports `f1.cas` … `f(N-1).cas`; each file has one rule.
    static func importFanOut(files count: Int) -> [String: String] {
        var files: [String: String] = [:]
        files["f0.cas"] = (1..<max(1, count)).map { "@import \"f\($0).cas\";\n" }.joined() + "#v0 { bold true }\n"
        for n in 1..<max(1, count) { files["f\(n).cas"] = "#v\(n) { bold true }\n" }
        return files
    }
}
