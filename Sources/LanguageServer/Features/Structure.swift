import Cells
import LayoutSpec
import Stylesheet

extension LanguageServer {
    /// `textDocument/foldingRange`: a spec's `{ }` bodies, a stylesheet's blocks
    /// (brace or indentation), multi-line comments and runs of comment lines.
    func foldingRanges(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let file = sourceIndex.file(document)
        var folds: [(start: Int, end: Int, comment: Bool)] = []
        var commentLines: [Int] = []
        switch file.content {
        case .spec(_, let highlights):
            var open: [Int] = []
            for highlight in highlights {
                let line = file.source.line(atOffset: highlight.span.start) - 1
                if highlight.role == .comment {
                    commentLines.append(line)
                    continue
                }
                let text = file.text(highlight.span.start..<highlight.span.end)
                if text == "{" { open.append(line) }
                if text == "}", let start = open.popLast(), line - 1 > start { folds.append((start, line - 1, false)) }
            }
        case .stylesheet(let outline):
            folds += outline.folds.map { ($0.startLine - 1, $0.endLine - 1, false) }
            for lexeme in outline.lexemes where lexeme.role == .comment {
                let first = file.source.line(atOffset: lexeme.range.lowerBound) - 1
                let last = file.source.line(atOffset: max(lexeme.range.lowerBound, lexeme.range.upperBound - 1)) - 1
                if last > first { folds.append((first, last, true)) } else { commentLines.append(first) }
            }
        case .other:
            break
        }
        folds += Self.runs(of: commentLines, in: file).map { ($0.lowerBound, $0.upperBound, true) }
        return .array(folds.sorted { ($0.start, $0.end) < ($1.start, $1.end) }.map { fold in
            var range: [String: JSONValue] = ["startLine": .number(Double(fold.start)), "endLine": .number(Double(fold.end))]
            if fold.comment { range["kind"] = "comment" }
            return .object(range)
        })
    }

    /// Two or more consecutive lines that hold only a comment.
    private static func runs(of commentLines: [Int], in file: IndexedFile) -> [ClosedRange<Int>] {
        let onlyComment = Set(commentLines.filter { line in
            file.document.line(line).drop(while: { $0 == " " || $0 == "\t" }).first.map { $0 == "#" || $0 == "/" } ?? false
        })
        var result: [ClosedRange<Int>] = []
        for line in onlyComment.sorted() where !onlyComment.contains(line - 1) {
            var end = line
            while onlyComment.contains(end + 1) { end += 1 }
            if end > line { result.append(line...end) }
        }
        return result
    }

    /// `textDocument/documentLink`: the path in each `use "…"` and `@import "…"`,
    /// linked to the file it names.
    func documentLinks(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        var links: [JSONValue] = []
        for line in 0..<document.lineCount {
            guard let target = includedFile(at: line, in: document) else { continue }
            let text = document.line(line)
            guard let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"") else {
                continue
            }
            let start = text.utf16.distance(from: text.startIndex, to: text.index(after: open))
            let end = text.utf16.distance(from: text.startIndex, to: close)
            links.append(.object([
                "range": .encoding(Self.span(line, start, end)), "target": .string(Paths.uri(ofPath: target)),
                "tooltip": .string(target),
            ]))
        }
        return .array(links)
    }

    /// `workspace/symbol`: the views, classes and variables of every file the open
    /// specs use (and of the open stylesheets), whose names hold the query's
    /// characters in order, case ignored.
    func workspaceSymbols(_ params: JSONValue) throws -> JSONValue {
        let query = (params["query"]?.stringValue ?? "").lowercased()
        let open = store.snapshot()
        var files = Set(open.keys.filter { Workspace.isSpec($0) || Workspace.isStylesheet($0) })
        for spec in open.keys where Workspace.isSpec(spec) { files.formUnion(workspace.sessions[spec]?.watchedFiles ?? []) }
        var symbols: [JSONValue] = []
        var seen = Set<String>()
        func add(_ name: String, kind: Int, _ file: IndexedFile, _ range: Range<Int>) {
            guard Self.matches(name.lowercased(), query), seen.insert("\(name)\u{0}\(file.path)\u{0}\(range.lowerBound)").inserted
            else { return }
            let container = file.path.split(separator: "/").last.map(String.init) ?? file.path
            symbols.append(.object([
                "name": .string(name), "kind": .number(Double(kind)), "containerName": .string(container),
                "location": .encoding(LSPLocation(uri: file.uri, range: file.range(range))),
            ]))
        }
        for path in files.sorted() {
            let file = indexed(path)
            switch file.content {
            case .spec(_, let highlights):
                for highlight in highlights {
                    let range = highlight.span.start..<highlight.span.end
                    if highlight.role == .viewID, highlight.isDeclaration { add(file.text(range), kind: 5, file, range) }
                    if highlight.role == .styleClass, file.text(range) != "." { add("." + file.text(range), kind: 23, file, range) }
                }
            case .stylesheet(let outline):
                for lexeme in outline.lexemes {
                    let (name, range) = Self.bareName(lexeme.range, in: file)
                    if lexeme.role == .variable, lexeme.isDeclaration { add("$" + name, kind: 13, file, range) }
                    if lexeme.role == .styleClass { add("." + name, kind: 23, file, range) }
                }
            case .other:
                break
            }
            if symbols.count >= Self.workspaceSymbolLimit { break }
        }
        return .array(Array(symbols.prefix(Self.workspaceSymbolLimit)))
    }

    /// At most this many workspace symbols are returned for one query.
    static let workspaceSymbolLimit = 2000

    /// True when `name` holds `query`'s characters in order (an empty query matches all).
    static func matches(_ name: String, _ query: String) -> Bool {
        var rest = query[...]
        for character in name where character == rest.first { rest = rest.dropFirst() }
        return rest.isEmpty
    }

    /// `workspace/executeCommand`: `casement.setSize` with `"100x30"`, `[100, 30]`
    /// or `{"width": 100, "height": 30}` lays the specs out at that size.
    func executeCommand(_ params: JSONValue) throws -> JSONValue {
        guard params["command"]?.stringValue == Self.setSizeCommand else {
            throw ResponseError.invalidParams("unknown command '\(params["command"]?.stringValue ?? "")'")
        }
        let arguments = params["arguments"]?.arrayValue ?? []
        let value: JSONValue? = arguments.count == 2 ? .array(arguments) : arguments.first
        guard let size = TerminalSize.fromSettings(value) else {
            throw ResponseError.invalidParams("casement.setSize takes a size such as \"100x30\", [100, 30] or {\"width\": 100, \"height\": 30}")
        }
        setLayoutSize(size)
        return .null
    }

    static let setSizeCommand = "casement.setSize"
}
