import Diagnostics

extension SpecParser {
    /// Parses `source`, an edited version of the text `previous` was parsed
    /// from, parsing again only the statements around the edit and taking the
    /// rest over from `previous` (moved by the edit's change in length). The
    /// result is exactly `parse(source)`: when the edit cannot be confined to
    /// some statements of one view body (or `previous` had diagnostics), the
    /// whole text is parsed.
    public static func parse(_ source: SourceText, reusing previous: SpecSyntax?) -> SpecSyntax {
        if let previous, let reparsed = IncrementalParse(previous: previous, source: source)?.parse() { return reparsed.syntax }
        return parse(source)
    }
}

/// Where a re-parsed region ends, and whether it ended there.
struct RegionBounds {
    /// The offset of the statement the region ends before; nil: the region runs to the end of the file.
    var stop: Int?
    /// Whether the parse reached `stop` at the start of a statement.
    var synced = false
}

extension ParserState {
    /// At the start of a statement: whether a region parse ends here. It ends
    /// synced at `stop` when it reaches it at a statement's start; unsynced
    /// when it goes past `stop` or reaches the end of its tokens first.
    mutating func regionEnds() -> Bool {
        guard let stop = region?.stop else { return false }
        let token = peek
        guard token.kind == .end || token.start >= stop else { return false }
        region!.synced = token.kind != .end && token.start == stop
        return true
    }
}

/// An incremental re-parse. Parsing is a flat loop over statements with a
/// stack of open view bodies, and the lexer never carries anything across a
/// line end; so from one statement on, the parse depends only on the tokens
/// from there and the views open there. The parse restarts at B, the last
/// statement starting on a line before the edit, with the state a parse of
/// the whole text has there (taken from the old syntax), and runs to X, the
/// first statement starting on a line after the edit. When it arrives at X
/// with as many views open as the old parse had there (the same ones, or
/// views of the region in their place), everything from X on is the old
/// syntax, moved by the edit's change in length, and added to the same views.
/// Otherwise (the edit opened or closed a body, or swallowed X) the whole
/// text is parsed. Without an X the region runs to the end of the file.
///
/// Only clean specs are taken over: the old syntax must have no diagnostics
/// (so the statements after X report nothing either), and a `let` between B
/// and X, before or after the edit, makes the whole text parsed again (the
/// statements after X might define the same name).
struct IncrementalParse {
    let old: SpecSyntax
    let source: SourceText
    let edit: TextEdit
    /// The edit's change in length: how far the text after it moved.
    let delta: Int

    init?(previous: SpecSyntax, source: SourceText) {
        guard previous.source.path == source.path, previous.diagnostics.isEmpty else { return nil }
        old = previous
        self.source = source
        edit = TextEdit(old: previous.source.utf8, new: source.utf8)
        delta = edit.newCount - edit.oldCount
    }

    /// A re-parse's syntax and how many tokens it lexed (the work a whole parse saves).
    struct Reparse {
        var syntax: SpecSyntax
        var lexedTokens: Int
    }

    /// The syntax of the new text, or nil when it must be parsed whole.
    func parse() -> Reparse? {
        if edit.isUnchanged {
            let syntax = SpecSyntax(
                source: source, uses: old.uses, lets: old.lets, views: old.views, diagnostics: [],
                collector: DiagnosticCollector(source: source))
            return Reparse(syntax: syntax, lexedTokens: 0)
        }
        guard edit.lastLineEndBefore >= 0, let begin = lastStatement(before: edit.lastLineEndBefore) else { return nil }
        return parseRegion(from: begin.offset, level: begin.level)
    }

    // MARK: Finding B and X

    private func header(_ view: Int) -> Int { old.views[view].kind.span.start }

    /// The first old view whose header starts at or after `offset`.
    private func firstView(atOrAfter offset: Int) -> Int {
        var low = 0, high = old.views.count
        while low < high {
            let mid = (low + high) / 2
            if header(mid) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// A view and its ancestors, outermost first: the views open in its body.
    private func chain(of view: Int?) -> [Int] {
        var chain: [Int] = []
        var current = view
        while let next = current {
            chain.append(next)
            current = old.views[next].parent
        }
        return chain.reversed()
    }

    /// The last view header or body statement starting before `limit`, with
    /// the view whose body holds it (nil: the top level). Lets and uses are
    /// left out: a region starting with one is parsed whole anyway.
    private func lastStatement(before limit: Int) -> (offset: Int, level: Int?)? {
        let last = firstView(atOrAfter: limit) - 1
        guard last >= 0 else { return nil }
        var best = (offset: header(last), level: old.views[last].parent)
        // Only the view and its ancestors can have statements after its header.
        var view: Int? = last
        while let current = view {
            if let statement = old.views[current].statements.last(where: { $0.start < limit }), statement.start > best.offset {
                best = (statement.start, current)
            }
            view = old.views[current].parent
        }
        return best
    }

    /// The first old statement (a view header, a rule, shorthand, VFL line or
    /// `let`) whose line lies after the edit, whole and unchanged, with the
    /// view whose body holds it.
    private func syncPoint() -> (offset: Int, level: Int?)? {
        guard edit.firstLineEndAfter < edit.newCount else { return nil }
        let threshold = edit.firstLineEndAfter - delta  // in old offsets
        var best: (offset: Int, level: Int?)?
        func consider(_ offset: Int?, _ level: Int?) {
            if let offset, offset > threshold, offset < best?.offset ?? .max { best = (offset, level) }
        }
        let next = firstView(atOrAfter: threshold + 1)
        if next < old.views.count { consider(header(next), old.views[next].parent) }
        consider(old.lets.first { $0.span.start > threshold }?.span.start, nil)
        // Besides the next header, only the views open before it can have a statement first.
        var view: Int? = next > 0 ? next - 1 : nil
        while let current = view {
            consider(old.views[current].statements.first { $0.start > threshold }?.start, current)
            consider(old.views[current].lets.first { $0.span.start > threshold }?.span.start, current)
            view = old.views[current].parent
        }
        return best
    }

    /// The `{` opening a body, the first token after the header ending at
    /// `offset` (line ends and comments between them are no tokens of a header).
    private func brace(after offset: Int) -> SourceSpan {
        let bytes = source.utf8
        var index = offset
        while index < bytes.count {
            switch bytes[index] {
            case 32, 9, 10, 11, 12: index += 1
            case 35: while index < bytes.count, bytes[index] != 10 { index += 1 }
            default: return SourceSpan(start: index, end: index + 1)
            }
        }
        return SourceSpan(start: index, end: index)
    }

    /// The offset just past the line end at or after `offset` (the text's end when none).
    private func lineEnd(after offset: Int) -> Int {
        let bytes = source.utf8
        var index = offset
        while index < bytes.count, bytes[index] != 10 { index += 1 }
        return min(index + 1, bytes.count)
    }

    // MARK: The region

    /// Parses from `begin`, a statement in the body of `level`, to the sync
    /// point (or the end of the file) and splices the old syntax after it;
    /// nil when the parse does not arrive at the sync point in the same state.
    private func parseRegion(from begin: Int, level: Int?) -> Reparse? {
        let sync = syncPoint()
        let stop = sync.map { $0.offset + delta }
        let firstRegionView = firstView(atOrAfter: begin)
        let open = chain(of: level)
        // A window to the end of the line after X's: lookahead from before X stays in real tokens.
        let windowEnd = stop.map { lineEnd(after: lineEnd(after: $0)) } ?? source.utf8.count
        var parser = ParserState(source: source, tokens: Lexer.tokens(of: source.utf8, in: begin..<windowEnd))
        seed(&parser, before: begin, views: firstRegionView, open: open)
        let seededLets = parser.lets.count + open.reduce(0) { $0 + parser.views[$1].lets.count }
        parser.region = RegionBounds(stop: stop)
        parser.parseFile()
        guard let sync else { return finished(&parser) }
        guard parser.region!.synced else { return nil }

        // The views open at X, in the old parse and in this one.
        let oldOpen = chain(of: sync.level), newOpen = parser.openViews.map(\.view)
        guard oldOpen.count == newOpen.count,
            zip(oldOpen, newOpen).allSatisfy({ $0 < firstRegionView ? $0 == $1 : $1 >= firstRegionView })
        else { return nil }
        let between = begin..<sync.offset
        let newLets = parser.lets.count + open.reduce(0) { $0 + parser.views[$1].lets.count } > seededLets
            || parser.views[firstRegionView...].contains { !$0.lets.isEmpty }
        let regionViews = firstRegionView..<firstView(atOrAfter: sync.offset)
        let oldLets = old.lets.contains { between.contains($0.span.start) }
            || (open + regionViews).contains { old.views[$0].lets.contains { between.contains($0.span.start) } }
        guard !newLets, !oldLets else { return nil }
        parser.region = nil
        guard appendRest(to: &parser, from: sync.offset, open: zip(oldOpen, newOpen), regionViews: regionViews) else {
            return nil
        }
        return finished(&parser)
    }

    /// The state a parse of the whole text has at `begin`: the views before
    /// it, the statements and lets before it, the open views and their lets.
    private func seed(_ parser: inout ParserState, before begin: Int, views: Int, open: [Int]) {
        parser.views = Array(old.views[..<views])
        parser.uses = old.uses.filter { $0.span.start < begin }
        parser.lets = old.lets.filter { $0.span.start < begin }
        for definition in parser.lets { parser.letNames.insert(.init(scope: -1, name: definition.name.text)) }
        for view in open {
            parser.views[view].statements.removeAll { $0.start >= begin }
            parser.views[view].lets.removeAll { $0.span.start >= begin }
            for definition in parser.views[view].lets { parser.letNames.insert(.init(scope: view, name: definition.name.text)) }
            parser.openViews.append((view, brace(after: old.views[view].span.end)))
        }
    }

    /// Appends the old syntax from `stop` on, moved by the edit: the later
    /// statements and lets of the views open at `stop` (to the views now in
    /// their place), the views after the region, the later uses and lets.
    private func appendRest(
        to parser: inout ParserState, from stop: Int, open: Zip2Sequence<[Int], [Int]>, regionViews: Range<Int>
    ) -> Bool {
        let delta = delta
        var replaced: [Int: Int] = [:]  // old region view → the view now in its place
        for (before, now) in open {
            if before >= regionViews.lowerBound { replaced[before] = now }
            for var statement in old.views[before].statements where statement.start >= stop {
                statement.shift(by: delta)
                parser.views[now].statements.append(statement)
            }
            for var definition in old.views[before].lets where definition.span.start >= stop {
                definition.shift(by: delta)
                parser.views[now].lets.append(definition)
            }
        }
        // Old view `index` past the region is now at `index + viewShift`.
        let viewShift = parser.views.count - regionViews.upperBound
        let rest = regionViews.upperBound..<old.views.count
        parser.views.reserveCapacity(parser.views.count + rest.count)
        if delta == 0, viewShift == 0, replaced.allSatisfy({ $0.key == $0.value }) {
            parser.views += old.views[rest]  // nothing moved: the views as they were
        } else {
            for index in rest {
                parser.views.append(old.views[index])
                let last = parser.views.count - 1
                if delta != 0 { parser.views[last].shift(by: delta) }
                guard let parent = old.views[index].parent else { continue }
                if parent >= regionViews.upperBound {
                    parser.views[last].parent = parent + viewShift
                } else if parent >= regionViews.lowerBound {
                    // Open at X, so one of the views matched there.
                    guard let now = replaced[parent] else { return false }
                    parser.views[last].parent = now
                }
            }
        }
        for var use in old.uses where use.span.start >= stop {
            use.shift(by: delta)
            parser.uses.append(use)
        }
        for var definition in old.lets where definition.span.start >= stop {
            definition.shift(by: delta)
            parser.lets.append(definition)
        }
        return true
    }

    private func finished(_ parser: inout ParserState) -> Reparse {
        parser.warnWhenNothingIsLaidOut()
        parser.fitViews()
        let syntax = SpecSyntax(
            source: source, uses: parser.uses, lets: parser.lets, views: parser.views,
            diagnostics: parser.diagnostics.finished(), collector: parser.diagnostics)
        return Reparse(syntax: syntax, lexedTokens: parser.tokens.count)
    }
}
