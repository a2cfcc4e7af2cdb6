import Cells
import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// Random edit sequences: after every reload the incremental session must show
/// the frames a fresh load of the same files shows (for layouts the constraints
/// determine), and must never crash or lose its frames whatever the edit.
@Suite struct IncrementalEquivalenceTests {
    /// A random spec from a small grammar: stacks, grids and overlays of boxes and
    /// texts, with sizes from the stylesheet, numbers and parameters.
    struct Generator {
        var random: SplitMix64

        mutating func spec(views: Int) -> String {
            var text = "use \"s.cas\"\nscreen root {\n"
            var made = 0
            var container = 0
            while made < views {
                let kind = ["row", "column", "grid", "overlay"][random.below(4)]
                var params = ""
                switch kind {
                case "row", "column":
                    params = "[gap=\(random.below(3)) justify=\(["start", "center", "end", "space-between"][random.below(4)]) align=\(["stretch", "start", "center", "end"][random.below(4)])]"
                case "grid":
                    params = "[columns=\(1 + random.below(4)) gap=\(random.below(2))]"
                default:
                    params = "[padding=\(random.below(2))]"
                }
                text += "  \(kind) k\(container) \(params) {\n"
                text += "    left == \(random.below(10)); top == \(container * 6); width == \(20 + random.below(40)); height == 5\n"
                let children = 1 + random.below(4)
                for child in 0..<children {
                    let id = "v\(container)x\(child)"
                    let style = ".s\(random.below(4))"
                    switch random.below(3) {
                    case 0:
                        text += "    text \(id) \(style) \"t\(random.below(100)) 世界\"\n"
                    case 1:
                        text += "    box \(id) \(style) { size == $size }\n"
                    default:
                        text += "    box \(id) \(style) [grow=\(1 + random.below(3))] { width == \(1 + random.below(8)) @low; height == \(1 + random.below(4)) }\n"
                    }
                }
                text += "  }\n"
                made += children + 1
                container += 1
            }
            return text + "}\n"
        }

        mutating func sheet() -> String {
            (0..<4).map { ".s\($0) { size \(1 + random.below(9)) \(1 + random.below(3)); padding \(random.below(2)) }" }
                .joined(separator: "\n") + "\ntext { border \(["none", "single"][random.below(2)]) }\n"
        }

        /// One random edit of a line: a number changed, a line dropped or doubled.
        mutating func edit(_ text: String) -> String {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let index = 2 + random.below(max(1, lines.count - 4))
            guard index < lines.count else { return text }
            switch random.below(4) {
            case 0, 1:
                if let digit = lines[index].firstIndex(where: \.isNumber) {
                    lines[index].replaceSubrange(digit...digit, with: String(random.below(10)))
                }
            case 2:
                if !lines[index].contains("{"), !lines[index].contains("}") { lines.remove(at: index) }
            default:
                if lines[index].hasPrefix("    text") || lines[index].hasPrefix("    box") {
                    lines.insert(lines[index].replacingOccurrences(of: " v", with: " w\(random.below(1000))v"), at: index)
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// A view without its frames.
    static func unplaced(_ view: ViewLayout) -> ViewLayout {
        var copy = view
        copy.frame = .zero
        copy.exact = .zero
        return copy
    }

    @Test func reloadsMatchFreshLoads() {
        var generator = Generator(random: SplitMix64(seed: 20_261_122))
        var compared = 0
        for _ in 0..<12 {
            var spec = generator.spec(views: 14)
            var sheet = generator.sheet()
            let files = MemoryFiles([specPath: spec, "s.cas": sheet])
            var session = LayoutSession(specPath: specPath, reader: files.reader, size: TerminalSize(width: 90, height: 40))
            session.load()
            for step in 0..<12 {
                var changed: [String] = []
                if step % 3 == 2 {
                    sheet = generator.sheet()
                    files["s.cas"] = sheet
                    changed.append("s.cas")
                } else {
                    spec = generator.edit(spec)
                    files[specPath] = spec
                    changed.append(specPath)
                }
                if step % 4 == 3 {
                    session.resize(to: TerminalSize(width: 60 + generator.random.below(60), height: 30 + generator.random.below(20)))
                }
                let report = session.reload(changedFiles: changed)
                #expect(session.views.count == session.document.views.count)
                guard report.applied || report.blockingErrors.isEmpty else { continue }

                var fresh = LayoutSession(specPath: specPath, reader: MemoryFiles([specPath: spec, "s.cas": sheet]).reader, size: session.size)
                fresh.load()
                // What the views are (all but where they are) never depends on the solver.
                #expect(session.views.map(Self.unplaced) == fresh.views.map(Self.unplaced), "after step \(step):\n\(spec)")
                guard fresh.ambiguities().isEmpty, session.ambiguities().isEmpty,
                    fresh.conflicts().isEmpty, session.conflicts().isEmpty
                else { continue }
                let incremental = session.views.map { "\($0.id) \($0.frame)" }
                let scratch = fresh.views.map { "\($0.id) \($0.frame)" }
                #expect(incremental == scratch, "after step \(step):\n\(spec)")
                compared += 1
            }
        }
        // The generator must produce enough determined layouts for the test to mean something.
        #expect(compared > 40)
    }

    @Test func garbageSpecsNeverCrash() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("box row text { } [ ] = == >= <= + - * / ( ) $size @ \" # . , ; \n parent edges 1 2 9 世")
        let files = MemoryFiles([specPath: "", "s.cas": ""])
        var session = LayoutSession(specPath: specPath, reader: files.reader, size: TerminalSize(width: 40, height: 10))
        session.load()
        for _ in 0..<300 {
            var text = "use \"s.cas\"\nscreen root {\n"
            for _ in 0..<random.below(200) { text.append(alphabet[random.below(alphabet.count)]) }
            files[specPath] = text
            session.reload(changedFiles: [specPath])
            #expect(session.views.count == session.document.views.count)
            // A first load applies whatever it can, errors or not.
            var fresh = LayoutSession(specPath: specPath, reader: files.reader, size: TerminalSize(width: 40, height: 10))
            fresh.load()
            #expect(fresh.views.count == fresh.document.views.count)
            _ = fresh.snapshot()
            _ = fresh.explain(fresh.views.last?.id ?? "root")
        }
    }
}
