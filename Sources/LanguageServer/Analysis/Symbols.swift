import Diagnostics
import LayoutSpec
import Stylesheet

/// What a name in a spec or a stylesheet stands for, as navigation and rename see it.
enum Symbol: Hashable {
    /// A view id of one spec (ids are global to their spec), and `#id` in its stylesheets.
    case view(id: String, spec: String)
    /// A `let` name: the `let` line it refers to (a `let` in a body hides an outer one).
    case letName(name: String, binding: SourceSpan, spec: String)
    /// A style class: `.card` in a view header or a selector.
    case styleClass(String)
    /// A stylesheet variable, without its `$`.
    case variable(String)

    /// The name as written without a sigil.
    var name: String {
        switch self {
        case .view(let id, _): id
        case .letName(let name, _, _): name
        case .styleClass(let name), .variable(let name): name
        }
    }
}

/// One place a symbol is written.
struct Mention: Hashable {
    var path: String
    var uri: String
    /// The name without its sigil.
    var range: LSPRange
    /// Where the symbol is declared (a view's header, a `let` line, a variable's definition).
    var isDeclaration: Bool
}

extension LanguageServer {
    /// The indexed file for a path: the open buffer, else the text on disk.
    func indexed(_ path: String) -> IndexedFile { sourceIndex.file(text(of: path)) }

    /// The symbol at a position, and the range of its name there.
    func symbol(at position: Position, in document: TextDocument) -> (symbol: Symbol, range: LSPRange)? {
        let file = sourceIndex.file(document)
        let offset = file.offset(position)
        switch file.content {
        case .spec(_, let highlights):
            guard var index = Self.lexeme(at: offset, in: highlights.map { $0.span.start..<$0.span.end }) else { return nil }
            // On the dot of `.card`: the class after it.
            if highlights[index].role == .styleClass, file.text(highlights[index].span.start..<highlights[index].span.end) == ".",
                index + 1 < highlights.count
            {
                index += 1
            }
            let highlight = highlights[index]
            let name = file.text(highlight.span.start..<highlight.span.end)
            let range = file.range(highlight.span)
            switch highlight.role {
            case .viewID: return (.view(id: name, spec: document.path), range)
            case .letName:
                guard let binding = highlight.binding else { return nil }
                return (.letName(name: name, binding: binding, spec: document.path), range)
            case .styleClass: return (.styleClass(name), range)
            default: return nil
            }
        case .stylesheet(let outline):
            guard let index = Self.lexeme(at: offset, in: outline.lexemes.map(\.range)) else { return nil }
            let lexeme = outline.lexemes[index]
            let (name, nameRange) = Self.bareName(lexeme.range, in: file)
            switch lexeme.role {
            case .viewID:
                // `#id`: a view of a spec that uses this sheet.
                guard let spec = specs(declaring: name, using: document.path).first else { return nil }
                return (.view(id: name, spec: spec), file.range(nameRange))
            case .styleClass: return (.styleClass(name), file.range(nameRange))
            case .variable: return (.variable(name), file.range(nameRange))
            default: return nil
            }
        case .other:
            return nil
        }
    }

    /// The lexeme whose range holds `offset` (its end included, so a cursor just
    /// after a name is on it).
    static func lexeme(at offset: Int, in ranges: [Range<Int>]) -> Int? {
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < offset {
                low = mid + 1
            } else if ranges[mid].lowerBound > offset {
                high = mid - 1
            } else {
                // A name ending where the next starts: prefer the one starting here.
                if ranges[mid].upperBound == offset, mid + 1 < ranges.count, ranges[mid + 1].lowerBound == offset { return mid + 1 }
                return mid
            }
        }
        return nil
    }

    /// A stylesheet lexeme's name without its sigil (`$`, `#`, `.`).
    static func bareName(_ range: Range<Int>, in file: IndexedFile) -> (String, Range<Int>) {
        let first = file.source.utf8[range.lowerBound]
        let hasSigil = first == UInt8(ascii: "$") || first == UInt8(ascii: "#") || first == UInt8(ascii: ".")
        let nameRange = (range.lowerBound + (hasSigil ? 1 : 0))..<range.upperBound
        return (file.text(nameRange), nameRange)
    }

    /// The open (or background) specs that use `stylesheet` and declare a view `id`.
    func specs(declaring id: String, using stylesheet: String) -> [String] {
        workspace.specs(using: stylesheet).filter { workspace.document(ofSpec: $0)?.view(id) != nil }
    }

    // MARK: Mentions

    /// Every place the symbol is written, declarations first in each file.
    func mentions(of symbol: Symbol, from path: String) -> [Mention] {
        switch symbol {
        case .view(let id, let spec):
            var result = specMentions(in: spec) { $0.role == .viewID && $1 == id }
            for sheet in stylesheets(readBy: spec) {
                result += sheetMentions(in: sheet) { $0.role == .viewID && $1 == id }
            }
            return result
        case .letName(_, let binding, let spec):
            return specMentions(in: spec) { highlight, _ in highlight.role == .letName && highlight.binding == binding }
        case .styleClass(let name):
            let (specs, sheets) = classScope(from: path)
            var result: [Mention] = []
            for spec in specs { result += specMentions(in: spec) { $0.role == .styleClass && $1 == name } }
            for sheet in sheets { result += sheetMentions(in: sheet) { $0.role == .styleClass && $1 == name } }
            return result
        case .variable(let name):
            return workspace.allStylesheets(including: store.snapshot().keys).flatMap { sheet in
                sheetMentions(in: sheet) { $0.role == .variable && $1 == name }
            }
        }
    }

    private func specMentions(in spec: String, _ matches: (SpecHighlight, String) -> Bool) -> [Mention] {
        let file = indexed(spec)
        return file.highlights.compactMap { highlight in
            let text = file.text(highlight.span.start..<highlight.span.end)
            guard matches(highlight, text) else { return nil }
            return Mention(path: spec, uri: file.uri, range: file.range(highlight.span), isDeclaration: highlight.isDeclaration)
        }
    }

    private func sheetMentions(in sheet: String, _ matches: (StylesheetOutline.Lexeme, String) -> Bool) -> [Mention] {
        let file = indexed(sheet)
        guard let outline = file.outline else { return [] }
        return outline.lexemes.compactMap { lexeme in
            let (name, range) = Self.bareName(lexeme.range, in: file)
            guard matches(lexeme, name) else { return nil }
            return Mention(path: sheet, uri: file.uri, range: file.range(range), isDeclaration: lexeme.isDeclaration)
        }
    }

    /// The stylesheets a spec reads (its `use` files and their imports).
    func stylesheets(readBy spec: String) -> [String] {
        if let watched = workspace.sessions[spec]?.watchedFiles { return watched.filter(Workspace.isStylesheet).sorted() }
        let text = text(of: spec).text
        var loader = StylesheetLoader(reader: workspace.files.reader)
        let uses = SpecDiscovery.useTargets(in: text, specPath: spec)
        return Set(loader.load(uses).files.map(\.path)).union(uses).sorted()
    }

    /// Where a class may be written: the specs that share a stylesheet with the
    /// file it was found in, and every stylesheet those specs read.
    func classScope(from path: String) -> (specs: [String], sheets: [String]) {
        let start = Set(Workspace.isSpec(path) ? stylesheets(readBy: path) : [path])
        var specs = Set(Workspace.isSpec(path) ? [path] : [])
        for (spec, sheets) in workspace.knownSpecs() where !sheets.isDisjoint(with: start) { specs.insert(spec) }
        var sheets = start
        for spec in specs { sheets.formUnion(stylesheets(readBy: spec)) }
        return (specs.sorted(), sheets.sorted())
    }
}
