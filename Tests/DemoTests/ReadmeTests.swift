import Cells
import Foundation
import LayoutEngine
import Testing

@testable import casement

/// README.md stays true: its picture is what `casement render` prints, and
/// every demo, stylesheet and doc it names exists.
@Suite struct ReadmeTests {
    static let readme = DemoFiles.root.appendingPathComponent("README.md")

    /// A fenced block right after `<!-- casement render SPEC --size WxH -->`.
    struct RenderedBlock {
        var spec: String
        var size: TerminalSize
        var text: String
    }

    static func renderedBlocks(in text: String) -> [RenderedBlock] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [RenderedBlock] = []
        for (index, line) in lines.enumerated() {
            guard line.hasPrefix("<!-- casement render "), line.hasSuffix(" -->") else { continue }
            let words = line.dropFirst("<!-- casement render ".count).dropLast(" -->".count).split(separator: " ")
            guard words.count == 3, words[1] == "--size", let size = TerminalSize(parsing: String(words[2])),
                index + 1 < lines.count, lines[index + 1] == "```",
                let end = lines[(index + 2)...].firstIndex(of: "```")
            else { continue }
            let body = lines[(index + 2)..<end].map { $0 + "\n" }.joined()
            blocks.append(RenderedBlock(spec: String(words[0]), size: size, text: body))
        }
        return blocks
    }

    @Test func readmePictureIsARealRender() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let blocks = Self.renderedBlocks(in: text)
        #expect(!blocks.isEmpty, "README.md has no <!-- casement render … --> block")
        for block in blocks {
            let output = RenderCommand.output(
                spec: block.spec, size: block.size, format: .plain, reader: DemoFiles.rootReader)
            #expect(output.status == 0 && output.stderr.isEmpty, "\(block.spec): \(output.stderr)")
            // The command ends every row with a newline; trailing blank rows may be left out of the README.
            let rendered = output.stdout.replacingOccurrences(of: #"\n+$"#, with: "\n", options: .regularExpression)
            if rendered != block.text {
                Issue.record(
                    "README.md's picture of \(block.spec) is out of date: \(GoldenFiles.firstDifference(rendered, block.text))")
            }
        }
    }

    /// Paths such as `demo/boxes.layout`, `styles/boxes.cas` and `docs/cli.md`
    /// in README.md and docs/demos.md name files that exist.
    @Test(arguments: ["README.md", "docs/demos.md"])
    func namedFilesExist(_ document: String) throws {
        let text = try String(contentsOf: DemoFiles.root.appendingPathComponent(document), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\b(?:demo|styles|docs)/[A-Za-z0-9_./-]+\.(?:layout|cas|md|swift)"#)
        let range = NSRange(text.startIndex..., in: text)
        let paths = Set(pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } })
        #expect(!paths.isEmpty)
        for path in paths.sorted() {
            // `demo/NAME.layout` is a pattern, and `demo/../styles/a.cas` how a spec sees a path.
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            guard !path.contains(".."), stem != stem.uppercased() else { continue }
            #expect(FileManager.default.fileExists(atPath: DemoFiles.root.appendingPathComponent(path).path), "\(document) names \(path), which does not exist")
        }
    }

    /// The tour's edits start from the text the files really have.
    @Test func tourEditsMatchTheFiles() throws {
        let boxesStyle = try String(contentsOfFile: DemoFiles.stylesheet("boxes"), encoding: .utf8)
        let lines = boxesStyle.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix("$box = 30 9") })
        // Step 3 quotes the error's location: line 16, column 15 is the `4` of `margin-left 4`.
        let line16 = try #require(lines.count >= 16 ? String(lines[15]) : nil)
        #expect(line16.hasPrefix("  margin-left 4 "))
        #expect(Array(line16)[14] == "4")
        let boxesSpec = try String(contentsOfFile: DemoFiles.spec("boxes"), encoding: .utf8)
        #expect(boxesSpec.contains("  box blue .blue-box \"Blue\" {\n    size == $size\n"))
    }
}
