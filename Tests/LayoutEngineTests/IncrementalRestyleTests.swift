import Cells
import Stylesheet
import TestSupport
import Testing

@testable import LayoutEngine

/// A reload that adds or removes views cascades only the views that came
/// (`LayoutSession.incrementallyRestyled`): after random edits of nested views
/// under a stylesheet of descendant, child, kind, id and state selectors, every
/// style and every provenance must be what a fresh load gives.
@Suite struct IncrementalRestyleTests {
    static let sheet = """
        .c0 { size 3 1 }
        .c1 { padding 1 }
        row.c2 { border single }
        column > box { bg color(20) }
        .c0 .c1 { size 5 2 }
        #n3 { border single }
        row box.c3 { margin 1 }
        text[state:selected] { bg color(30) }
        ^box > .c1 { padding 2 }
        screen column row > * { size 7 7 }
        .c2 > .c0 { margin 0 2 }
        #k1 .c3 { bg color(40) }

        """

    struct Generator {
        var random: SplitMix64
        var next = 0

        mutating func name(_ prefix: String) -> String {
            next += 1
            return "\(prefix)\(next)"
        }

        mutating func leaf(indent: String) -> String {
            let id = name("n")
            let style = ".c\(random.below(4))"
            return random.below(3) == 0 ? "\(indent)text \(id) \(style) \"t\"" : "\(indent)box \(id) \(style)"
        }

        mutating func body(depth: Int, indent: String) -> [String] {
            var lines: [String] = []
            for _ in 0..<(1 + random.below(3)) {
                if depth < 3, random.below(3) == 0 {
                    let kind = ["row", "column", "box"][random.below(3)]
                    lines.append("\(indent)\(kind) \(name("k")) .c\(random.below(4)) {")
                    lines += body(depth: depth + 1, indent: indent + "  ")
                    lines.append("\(indent)}")
                } else {
                    lines.append(leaf(indent: indent))
                }
            }
            return lines
        }

        mutating func spec() -> [String] {
            ["use \"s.cas\"", "screen root {"] + body(depth: 0, indent: "  ") + ["}"]
        }

        /// Adds a leaf after a line, removes a leaf, changes a text's quoted string or a view's class.
        mutating func edit(_ lines: inout [String]) {
            let index = 2 + random.below(lines.count - 3)
            let line = lines[index]
            let indent = String(line.prefix { $0 == " " })
            switch random.below(6) {
            case 0, 1:
                lines.insert(leaf(indent: line.hasSuffix("{") ? indent + "  " : indent), at: index + 1)
            case 2, 3:
                if !line.contains("{"), !line.contains("}"), lines.count > 5 { lines.remove(at: index) }
            case 4:
                // A new quoted string: the view keeps its cascade, not its effective style.
                lines[index] = line.contains("\"t\"")
                    ? line.replacingOccurrences(of: "\"t\"", with: "\"u\"")
                    : line.replacingOccurrences(of: "\"u\"", with: "\"t\"")
            default:
                if let dot = line.firstIndex(of: ".") {
                    let digit = line.index(after: line.index(after: dot))
                    lines[index].replaceSubrange(line.index(after: dot)..<digit, with: "c\(random.below(4))")
                }
            }
        }
    }

    static func provenance(_ session: LayoutSession) -> [String] {
        session.views.indices.map { index in
            session.cascade.provenance(ofView: index).map {
                "\($0.property) \($0.winner.selector) \($0.winner.location) \($0.overridden.map(\.selector))"
            }.joined(separator: "; ")
        }
    }

    @Test func addedAndRemovedViewsGetTheStylesOfAFreshLoad() {
        var generator = Generator(random: SplitMix64(seed: 2026_11_26))
        var incremental = 0
        for _ in 0..<20 {
            var lines = generator.spec()
            let files = MemoryFiles([specPath: lines.joined(separator: "\n"), "s.cas": Self.sheet])
            var session = LayoutSession(specPath: specPath, reader: files.reader, size: TerminalSize(width: 80, height: 30))
            session.load()
            var states: [String: [String]] = [:]
            for step in 0..<15 {
                generator.edit(&lines)
                if step % 2 == 1 { generator.edit(&lines) }
                files[specPath] = lines.joined(separator: "\n")
                if step % 5 == 4, let view = session.views.randomElement(using: &generator.random) {
                    session.setStates(["selected"], ofView: view.id)
                    states[view.id] = ["selected"]
                }
                let report = session.reload(changedFiles: [specPath])
                guard report.applied else { continue }
                if session.model.isIncrementallyCascaded { incremental += 1 }

                var fresh = LayoutSession(
                    specPath: specPath, reader: MemoryFiles([specPath: files[specPath]!, "s.cas": Self.sheet]).reader,
                    size: session.size)
                for (view, state) in states { fresh.setStates(state, ofView: view) }
                fresh.load()
                let spec = files[specPath]!
                #expect(session.views.map(\.style) == fresh.views.map(\.style), "after step \(step):\n\(spec)")
                #expect(session.model.cascadedStyles == fresh.model.cascadedStyles, "after step \(step):\n\(spec)")
                #expect(Self.provenance(session) == Self.provenance(fresh), "after step \(step):\n\(spec)")
            }
        }
        // Most edits add or remove a view: they must take the incremental path.
        #expect(incremental > 100)
    }
}
