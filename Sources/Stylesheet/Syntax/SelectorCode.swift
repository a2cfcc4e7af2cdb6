/// Selectors compiled at parse time into integers over a file-local name table, laid
/// out contiguously per file: building the rule index then reads flat memory and
/// hashes each distinct name once per load instead of once per use.
///
/// The code is the only form a parsed selector takes: a `Selector` (its parts as
/// strings) is decoded from it only when someone reads `StyleRule.selector`.
enum SelectorCode {
    /// One part is `tag << 24 | symbol`.
    static let exactKind: Int32 = 1, derivedKind: Int32 = 2, id: Int32 = 3, className: Int32 = 4, state: Int32 = 5
    static let descendant: Int32 = 6, child: Int32 = 7
    /// `*` as written (no symbol): it matches every kind, but keeps the decoded
    /// selector's parts as the author wrote them.
    static let anyKind: Int32 = 8

    static func tag(_ code: Int32) -> Int32 { code >> 24 }
    static func symbol(_ code: Int32) -> Int32 { code & 0xFF_FFFF }

    /// The selector a run of code spells, its symbols named by `names`.
    static func selector(_ code: ArraySlice<Int32>, names: [String]) -> Selector {
        var parts: [Selector.Part] = []
        parts.reserveCapacity(code.count)
        for part in code {
            let name = { names[Int(symbol(part))] }
            switch tag(part) {
            case exactKind: parts.append(.kind(.exact(name())))
            case derivedKind: parts.append(.kind(.derived(name())))
            case anyKind: parts.append(.kind(.any))
            case id: parts.append(.id(name()))
            case className: parts.append(.className(name()))
            case state: parts.append(.state(name()))
            case child: parts.append(.combinator(.child))
            default: parts.append(.combinator(.descendant))
            }
        }
        return Selector(parts: parts)
    }

    /// The specificity of the selector a run of code spells, counted without
    /// decoding it: (ids, classes + states, kinds other than `*`).
    static func specificity(_ code: ArraySlice<Int32>) -> Specificity {
        var result = Specificity()
        for part in code {
            switch tag(part) {
            case id: result.ids += 1
            case className, state: result.classes += 1
            case exactKind, derivedKind: result.kinds += 1
            default: break
            }
        }
        return result
    }
}

/// A file's name table: each distinct class, id, kind and state name once.
struct SymbolTable: Sendable {
    private(set) var names: [String] = []
    /// Symbols by name, filled only once a name needs `String` equality (a state, or a
    /// non-ASCII name; see `symbol(writtenAt:name:)`): a file whose names are all
    /// ASCII and written (most of a many-file import graph) hashes and allocates no
    /// dictionary.
    private var ids: [String: Int32] = [:]
    /// Whether `ids` holds every name in `names`.
    private var idsComplete: Bool
    /// Names read straight from the source, by their bytes: a name written again
    /// costs neither a `String` nor a hash of one.
    /// Each run's value is its symbol.
    private var written: SliceTable<Int32>
    /// Per symbol, whether it is a kind the hierarchy knows: 0 not asked yet, 1 yes, 2 no.
    private var knownKind: [UInt8] = []

    /// `hashesEveryName: true` puts every name through the dictionary: the general
    /// path the tests compare the ASCII shortcut with.
    init(source: [UInt8], hashesEveryName: Bool = false) {
        written = SliceTable(bytes: source)
        idsComplete = hashesEveryName
    }

    mutating func symbol(_ name: String) -> Int32 {
        if !idsComplete {
            idsComplete = true
            for (id, known) in names.enumerated() { ids[known] = Int32(id) }
        }
        if let id = ids[name] { return id }
        let id = Int32(names.count)
        ids[name] = id
        names.append(name)
        knownKind.append(0)
        return id
    }

    /// The symbol of the name written at `range` of the source; `name` spells it.
    mutating func symbol(writtenAt range: Range<Int>, name: () -> String) -> Int32 {
        let (number, isNew) = written.number(of: range, inserting: -1)
        if !isNew { return written[number] }
        let text = name()
        let id: Int32
        if !idsComplete, text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Every name so far came from another byte run, all ASCII, and ASCII
            // strings are equal only when their bytes are: a new run is a new name.
            id = Int32(names.count)
            names.append(text)
            knownKind.append(0)
        } else {
            id = symbol(text)
        }
        written[number] = id
        return id
    }

    /// Whether the symbol names a kind `hierarchy` knows (asked once per symbol).
    mutating func isKnownKind(_ symbol: Int32, in hierarchy: KindHierarchy) -> Bool {
        if knownKind[Int(symbol)] == 0 { knownKind[Int(symbol)] = hierarchy.isKnown(names[Int(symbol)]) ? 1 : 2 }
        return knownKind[Int(symbol)] == 1
    }

    /// Appends the code of `selector` to `code`; returns its range there. The parser
    /// builds the same code as it reads (`WrittenSelector.code`); this is the
    /// reference the tests compare that with.
    mutating func compile(_ selector: Selector, into code: inout [Int32]) -> Range<Int> {
        let start = code.count
        for part in selector.parts {
            switch part {
            case .kind(.any): code.append(SelectorCode.anyKind << 24)
            case .kind(.exact(let name)): code.append(SelectorCode.exactKind << 24 | symbol(name))
            case .kind(.derived(let name)): code.append(SelectorCode.derivedKind << 24 | symbol(name))
            case .id(let name): code.append(SelectorCode.id << 24 | symbol(name))
            case .className(let name): code.append(SelectorCode.className << 24 | symbol(name))
            case .state(let name): code.append(SelectorCode.state << 24 | symbol(name))
            case .combinator(.descendant): code.append(SelectorCode.descendant << 24)
            case .combinator(.child): code.append(SelectorCode.child << 24)
            }
        }
        return start..<code.count
    }
}
