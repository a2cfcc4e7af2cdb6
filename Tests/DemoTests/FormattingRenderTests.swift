@testable import casement
import Cells
import Diagnostics
import Foundation
import Formatting
import LayoutSpec
import Stylesheet
import Testing

/// `casement fmt` never changes what a file lays out or styles. Every demo and
/// stylesheet is made untidy (more blanks between tokens, deeper indentation,
/// trailing blanks, doubled blank lines: changes the languages ignore), then
/// formatted; the formatted text must be the file as committed (which is in the
/// canonical form), and every demo must render the same, frames and colours,
/// from the untidy files, the formatted ones and the committed ones.
@Suite struct FormattingRenderTests {
    static var files: [String] { DemoFiles.specPaths + DemoFiles.stylesheetPaths }

    @Test func formattingAnUntidiedFileGivesTheCommittedFileBack() throws {
        for path in Self.files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let untidy = Self.untidy(text, path: path)
            #expect(untidy != text)
            let formatted = try SourceFormatter.format(untidy, path: path).text
            let difference = zip(formatted.split(separator: "\n", omittingEmptySubsequences: false), text.split(separator: "\n", omittingEmptySubsequences: false))
                .first { $0 != $1 }.map { "got '\($0)' for '\($1)'" } ?? "lengths differ"
            #expect(formatted == text, "\(path): \(difference)")
        }
    }

    /// The frames and colours of every cell, and the views' frames and styles.
    static func render(_ demo: String, _ size: TerminalSize, reader: StylesheetReader) -> CommandOutput {
        var ansi = RenderCommand.output(spec: DemoFiles.relativeSpec(demo), size: size, format: .ansi, reader: reader)
        let json = RenderCommand.output(spec: DemoFiles.relativeSpec(demo), size: size, format: .json, reader: reader)
        // Diagnostics name columns, which blanks move; the views' part is what is laid out and styled.
        let views = json.stdout.components(separatedBy: "\"diagnostics\"").first ?? json.stdout
        ansi.stdout += views
        ansi.stderr = ""  // lines and columns of messages move with the blanks
        return ansi
    }

    /// The same file with changes the language ignores: three more blanks wherever
    /// two tokens are apart, indentation doubled plus one, trailing blanks, and
    /// every blank line doubled.
    static func untidy(_ text: String, path: String) -> String {
        let source = SourceText(path: path, text: text)
        let starts: [Int]
        if path.hasSuffix(".layout") {
            starts = SpecLexeme.scan(source).map(\.span.start)
        } else {
            starts = StylesheetOutline(path: path, text: text).lexemes.map(\.range.lowerBound)
        }
        var bytes = source.utf8
        // From the end, so earlier offsets stay valid: widen each blank gap before a lexeme.
        for start in starts.reversed() where start > 0 {
            let before = bytes[start - 1]
            guard before == 32 || before == 9 else { continue }
            var lineStart = start
            while lineStart > 0, bytes[lineStart - 1] != 10 { lineStart -= 1 }
            let indentation = bytes[lineStart..<start].allSatisfy { $0 == 32 || $0 == 9 }
            if indentation {
                let width = start - lineStart
                bytes.replaceSubrange(lineStart..<start, with: [UInt8](repeating: 32, count: width * 2 + 1))
            } else {
                bytes.insert(contentsOf: [32, 32, 32], at: start)
            }
        }
        let untidied = String(decoding: bytes, as: UTF8.self)
        return untidied.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "\n " : $0 + "  " }.joined(separator: "\n")
    }
}

/// Every demo rendered three times at two sizes: a slow suite.
@Suite struct SlowFormattingRenderTests {
    typealias Shared = FormattingRenderTests

    @Test(arguments: DemoFiles.expectedDemos)
    func everyDemoRendersTheSameBeforeAndAfterFormatting(_ demo: String) throws {
        var untidy: [String: String] = [:]
        var formatted: [String: String] = [:]
        for path in Shared.files {
            let relative = String(path.dropFirst(DemoFiles.root.path.count + 1))
            let text = try String(contentsOfFile: path, encoding: .utf8)
            untidy[relative] = Shared.untidy(text, path: path)
            formatted[relative] = try SourceFormatter.format(untidy[relative]!, path: path).text
        }
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 130, height: 40)] {
            let committed = Shared.render(demo, size, reader: DemoFiles.rootReader)
            #expect(committed.status == 0 || demo == "conflict")
            #expect(Shared.render(demo, size, reader: .inMemory(untidy)) == committed, "\(demo) untidy at \(size)")
            #expect(Shared.render(demo, size, reader: .inMemory(formatted)) == committed, "\(demo) formatted at \(size)")
        }
    }

}
