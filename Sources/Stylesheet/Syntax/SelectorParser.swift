import Diagnostics

/// One selector of a group as written, before nesting resolves `&` and leading `>`.
/// It is held as code only (see `SelectorCode`): no strings, so keeping and
/// replaying a group copies plain integers.
struct WrittenSelector: Sendable {
    /// `&.x`: the first compound joins onto the parent's last compound.
    var joinsParent = false
    /// `&` alone: the parent selector itself.
    var isParentOnly = false
    /// `> a` (or `& > a`): the combinator to the parent; nil means descendant.
    var leadingCombinator: Combinator?
    /// The selector's parts compiled, as the parser reads them: a run of the group's
    /// code buffer (one buffer for every group of a file, not one array each).
    var code: Range<Int> = 0..<0
    /// The selector's first token, where the rule is reported to be.
    var token: Int

    /// Appends the code of the full selector under a parent, as if written out, to
    /// `output`, given the parent's code there (nil at top level) and the group's
    /// code buffer that `code` indexes: the parent's parts, the combinator to them
    /// (none for `&.x`), then the selector's own parts.
    func appendCode(underParentCode parent: Range<Int>?, groupCode: [Int32], to output: inout [Int32]) {
        guard let parent else {
            output += groupCode[code]
            return
        }
        for position in parent { output.append(output[position]) }
        if isParentOnly { return }
        if !joinsParent {
            output.append((leadingCombinator == .child ? SelectorCode.child : SelectorCode.descendant) << 24)
        }
        output += groupCode[code]
    }
}

/// Parses a selector group: `box.card > text, ^box.warning [state:focused]`.
struct SelectorParser {
    static let knownStates = ["focused", "selected", "disabled", "hovered", "pressed", "highlighted", "checked"]
    /// Other spellings of known states: CSS and the product's contract say `hover`,
    /// UIKit and the runtime say `hovered`; both select the same views.
    static let stateAliases = ["hover": "hovered"]

    private let reader: TokenReader
    private var log: DiagnosticLog
    private let nested: Bool
    private let hierarchy: KindHierarchy
    /// End of the selector being parsed.
    private var end = 0

    /// The valid selectors of the group, into `result` (emptied first), with their
    /// code appended to `code`; each invalid one is reported and left out. The caller
    /// keeps both buffers from group to group, so a group allocates neither.
    static func parseGroup(
        _ range: Range<Int>, nested: Bool, reader: TokenReader, hierarchy: KindHierarchy,
        log: DiagnosticLog, symbols: inout SymbolTable, code: inout [Int32], into result: inout [WrittenSelector]
    ) {
        // `symbols` is passed down rather than kept in the parser: moving a table into a
        // parser and back for every group cost a retain and a release per array.
        var parser = SelectorParser(reader: reader, log: log, nested: nested, hierarchy: hierarchy)
        result.removeAll(keepingCapacity: true)
        // Emptying the code buffer costs a call per group; it is only trimmed once big.
        if code.count > 4096 { code.removeAll(keepingCapacity: true) }
        var start = range.lowerBound
        var index = range.lowerBound
        var brackets = 0
        while index <= range.upperBound {
            let atEnd = index == range.upperBound
            if !atEnd {
                switch reader[index].kind {
                case .leftBracket: brackets += 1
                case .rightBracket: brackets = max(0, brackets - 1)
                default: break
                }
            }
            if atEnd || (reader[index].kind == .comma && brackets == 0) {
                if start == index {
                    let at = min(index, range.upperBound - 1)
                    parser.log.report(.error, .casSelector, "empty selector in a group", at: reader[at], hint: "remove the extra ','")
                } else {
                    let mark = code.count
                    if let selector = parser.parse(start..<index, symbols: &symbols, code: &code) {
                        result.append(selector)
                    } else {
                        code.removeSubrange(mark...)
                    }
                }
                start = index + 1
            }
            index += 1
        }
    }

    private mutating func fail(_ message: String, at index: Int, hint: String? = nil) -> WrittenSelector? {
        log.report(.error, .casSelector, message, at: reader[index], hint: hint)
        return nil
    }

    private mutating func parse(_ range: Range<Int>, symbols: inout SymbolTable, code: inout [Int32])
        -> WrittenSelector?
    {
        var selector = WrittenSelector(token: range.lowerBound)
        // No part is read yet while the code has not grown past this: it holds every
        // part, `*` included.
        let codeStart = code.count
        end = range.upperBound
        var index = range.lowerBound
        if reader[index].kind == .ampersand {
            guard nested else {
                return fail(
                    "'&' stands for the parent selector, but this rule is not nested", at: index,
                    hint: "remove '&' or move the rule inside another")
            }
            index += 1
            if index == range.upperBound {
                selector.isParentOnly = true
                return selector
            }
            let next = reader[index]
            if !next.spaceBefore, next.kind != .greater {
                guard next.kind == .dotWord || next.kind == .hash || next.kind == .leftBracket else {
                    return fail(
                        "'&' can be followed by a class, an id or a state, not \(reader.quoted(index))", at: index,
                        hint: "write '&.name', '&#id', '&[state:focused]', or put a space after '&'")
                }
                selector.joinsParent = true
            }
        }
        var pending: Combinator?
        while index < range.upperBound {
            let token = reader[index]
            if token.kind == .greater {
                if pending != nil { return fail("two combinators in a row", at: index) }
                if code.count == codeStart {
                    guard nested else {
                        return fail(
                            "a selector cannot start with '>' outside a nested rule", at: index,
                            hint: "write the parent before '>'")
                    }
                    if selector.leadingCombinator != nil || selector.joinsParent {
                        return fail("two combinators in a row", at: index)
                    }
                    selector.leadingCombinator = .child
                } else {
                    pending = .child
                }
                index += 1
                continue
            }
            let startsCompound = code.count == codeStart || token.spaceBefore || pending != nil
            if startsCompound {
                if code.count != codeStart {
                    code.append((pending == .child ? SelectorCode.child : SelectorCode.descendant) << 24)
                }
                pending = nil
            }
            guard parseSimple(at: &index, fresh: startsCompound, symbols: &symbols, code: &code) else {
                return nil
            }
        }
        if pending != nil { return fail("selector ends with '>'", at: range.upperBound - 1, hint: "add what '>' leads to") }
        if code.count == codeStart { return fail("'>' must be followed by a selector", at: range.upperBound - 1) }
        selector.code = codeStart..<code.count
        return selector
    }

    /// One simple selector: kind, `^kind`, `*`, `.class`, `#id` or `[state:name]`.
    private mutating func parseSimple(
        at index: inout Int, fresh: Bool, symbols: inout SymbolTable,
        code: inout [Int32]
    ) -> Bool {
        let token = reader[index]
        switch token.kind {
        case .word, .caret, .star:
            guard fresh else {
                _ = fail(
                    "a kind must come first in a compound selector, before classes, ids and states", at: index,
                    hint: "write it as \(reader.quoted(index)) followed by the classes, or put a space before it")
                return false
            }
            if token.kind == .star {
                code.append(SelectorCode.anyKind << 24)
                index += 1
                return true
            }
            var nameIndex = index
            if token.kind == .caret {
                nameIndex += 1
                guard nameIndex < end, reader[nameIndex].kind == .word,
                    !reader[nameIndex].spaceBefore
                else {
                    _ = fail("'^' must be followed by a kind, as in ^box", at: index)
                    return false
                }
            }
            let symbol = written(nameIndex, in: &symbols)
            code.append((token.kind == .caret ? SelectorCode.derivedKind : SelectorCode.exactKind) << 24 | symbol)
            if !symbols.isKnownKind(symbol, in: hierarchy) {
                let name = symbols.names[Int(symbol)]
                let near = Suggestion.closest(to: name, among: hierarchy.kinds)
                log.report(
                    .warning, .casUnknownKind, "unknown kind '\(name)'", at: reader[nameIndex],
                    hint: near.map(Suggestion.hint(offering:)) ?? "kinds: " + hierarchy.kinds.joined(separator: ", "),
                    suggestion: near)
            }
            index = nameIndex + 1
            return true
        case .dotWord:
            let symbol = written(index, in: &symbols)
            code.append(SelectorCode.className << 24 | symbol)
            index += 1
            return true
        case .hash:
            let symbol = written(index, in: &symbols)
            code.append(SelectorCode.id << 24 | symbol)
            index += 1
            return true
        case .leftBracket:
            guard let states = parseStates(at: &index) else { return false }
            for state in states {
                code.append(SelectorCode.state << 24 | symbols.symbol(state))
            }
            return true
        case .dot:
            _ = fail("'.' must be followed by a class name", at: index)
            return false
        default:
            _ = fail("unexpected \(reader.quoted(index)) in a selector", at: index)
            return false
        }
    }

    /// The symbol of a name token (named without its sigil).
    private func written(_ index: Int, in symbols: inout SymbolTable) -> Int32 {
        let token = reader[index]
        let sigil = token.kind == .word ? 0 : 1
        return symbols.symbol(writtenAt: (Int(token.start) + sigil)..<Int(token.end)) { reader.name(index) }
    }

    /// `[state:name]` or `[state:a, key:value, …]`, shared with state arguments on properties.
    private mutating func parseStates(at index: inout Int) -> [String]? {
        Self.parseStates(at: &index, end: end, reader: reader, log: log)
    }

    /// An argument list in brackets, as Classy writes it: `[state:selected, coolness:alot]`.
    /// Each `state:` argument is a state the view must have; any other key has no
    /// meaning in Casement and is a warning (Classy ignored them too). Returns the
    /// states, or nil after reporting a malformed list.
    static func parseStates(at index: inout Int, end: Int, reader: TokenReader, log: DiagnosticLog) -> [String]? {
        let open = index
        let last = end - 1
        var cursor = index + 1
        var states: [String] = []
        while true {
            let key = cursor
            guard cursor < end, reader[cursor].kind == .word, cursor + 1 < end, reader[cursor + 1].kind == .colon else {
                let isFirst = key == open + 1
                if isFirst, cursor < end, reader.isWord(cursor, "state") {
                    log.report(.error, .casSelector, "expected ':' after 'state'", at: reader[min(cursor + 1, last)])
                } else {
                    log.report(
                        .error, .casSelector, isFirst ? "expected 'state:' after '['" : "expected 'name:value' after ','",
                        at: reader[min(cursor, last)], hint: "state arguments look like [state:focused]")
                }
                return nil
            }
            cursor += 2
            guard cursor < end, reader[cursor].kind == .word else {
                log.report(
                    .error, .casSelector, reader.isWord(key, "state") ? "expected a state name, as in [state:focused]"
                        : "expected a value after '\(reader.name(key)):'",
                    at: reader[min(cursor, last)])
                return nil
            }
            argument(key: key, value: cursor, into: &states, reader: reader, log: log)
            cursor += 1
            guard cursor < end, reader[cursor].kind == .rightBracket || reader[cursor].kind == .comma else {
                log.report(.error, .casSelector, "'[' is never closed", at: reader[open], hint: "end the state with ']'")
                return nil
            }
            cursor += 1
            if reader[cursor - 1].kind == .rightBracket { break }
        }
        index = cursor
        return states
    }

    /// One `key:value` argument: a state, or a warning for a key Casement does not use.
    private static func argument(key: Int, value: Int, into states: inout [String], reader: TokenReader, log: DiagnosticLog) {
        guard reader.isWord(key, "state") else {
            log.report(
                .warning, .casSelector, "argument '\(reader.name(key))' has no meaning here; it is ignored", at: reader[key],
                hint: "only state: arguments select views, as in [state:focused]")
            return
        }
        let name = stateAliases[reader.name(value)] ?? reader.name(value)
        if !knownStates.contains(name), let near = Suggestion.closest(to: name, among: knownStates) {
            log.report(
                .warning, .casUnknownState, "unknown state '\(name)'", at: reader[value],
                hint: Suggestion.hint(offering: near) + " (a state nothing sets never matches)", suggestion: near)
        }
        states.append(name)
    }
}
