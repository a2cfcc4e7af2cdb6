/// What a compound selector requires of a view's kind.
public enum KindTest: Hashable, Sendable {
    /// `*` or no kind written: any kind.
    case any
    /// `box`: exactly that kind.
    case exact(String)
    /// `^box`: that kind or any kind derived from it.
    case derived(String)
}

/// One step of a selector: a kind test plus ids, classes and states, all required.
/// `box.card#main[state:focused]` is one compound.
public struct CompoundSelector: Hashable, Sendable {
    /// The kind the view must have; `.any` by default.
    public var kind: KindTest = .any
    /// Ids the view must have (`#main`).
    public var ids: [String] = []
    /// Classes the view must have (`.card`).
    public var classes: [String] = []
    /// Live states the view must be in (`[state:focused]`).
    public var states: [String] = []

    /// A compound requiring all of the given kind, ids, classes and states; empty: any view.
    public init(kind: KindTest = .any, ids: [String] = [], classes: [String] = [], states: [String] = []) {
        self.kind = kind
        self.ids = ids
        self.classes = classes
        self.states = states
    }
}

/// How a compound relates to the compound on its left.
public enum Combinator: String, Hashable, Sendable {
    /// `a b`: b is somewhere inside a.
    case descendant = " "
    /// `a > b`: b's parent is a.
    case child = ">"
}

/// A complex selector, written left to right: `screen > box.card text`. Stored as
/// one flat list of parts (one allocation per selector, however many compounds).
public struct Selector: Hashable, Sendable, CustomStringConvertible {
    /// One piece of a selector as stored: a requirement of a compound, or a combinator between two.
    public enum Part: Hashable, Sendable {
        case kind(KindTest)
        case id(String)
        case className(String)
        case state(String)
        /// Ends one compound and starts the next.
        case combinator(Combinator)
    }

    /// Left to right; a compound's kind, if any, comes first in it.
    public private(set) var parts: [Part]

    init(parts: [Part]) {
        self.parts = parts
    }

    /// A selector from its compounds, left to right, with one combinator between each two.
    public init(compounds: [CompoundSelector], combinators: [Combinator]) {
        precondition(!compounds.isEmpty && combinators.count == compounds.count - 1)
        var parts: [Part] = []
        for (index, compound) in compounds.enumerated() {
            if index > 0 { parts.append(.combinator(combinators[index - 1])) }
            if compound.kind != .any { parts.append(.kind(compound.kind)) }
            parts += compound.ids.map(Part.id) + compound.classes.map(Part.className)
                + compound.states.map(Part.state)
        }
        self.parts = parts
    }

    /// A selector of one compound.
    public init(_ compound: CompoundSelector) {
        self.init(compounds: [compound], combinators: [])
    }

    /// The compounds, left to right (rebuilt from `parts` on each call).
    public var compounds: [CompoundSelector] {
        var result = [CompoundSelector()]
        for part in parts {
            switch part {
            case .kind(let kind): result[result.count - 1].kind = kind
            case .id(let id): result[result.count - 1].ids.append(id)
            case .className(let name): result[result.count - 1].classes.append(name)
            case .state(let state): result[result.count - 1].states.append(state)
            case .combinator: result.append(CompoundSelector())
            }
        }
        return result
    }

    /// The combinators between the compounds, left to right; one fewer than the compounds.
    public var combinators: [Combinator] {
        parts.compactMap { if case .combinator(let combinator) = $0 { combinator } else { nil } }
    }

    /// (ids, classes + states, kinds), summed over every compound.
    public var specificity: Specificity {
        var result = Specificity()
        for part in parts {
            switch part {
            case .id: result.ids += 1
            case .className, .state: result.classes += 1
            case .kind(let kind): if kind != .any { result.kinds += 1 }
            case .combinator: break
            }
        }
        return result
    }

    /// The written-out form, the same for every spelling of the same selector:
    /// kind, ids, classes, states, with single spaces around `>`.
    public var description: String {
        let compounds = self.compounds
        let combinators = self.combinators
        var text = ""
        for (index, compound) in compounds.enumerated() {
            if index > 0 {
                text += combinators[index - 1] == .child ? " > " : " "
            }
            text += Self.text(of: compound)
        }
        return text
    }

    static func text(of compound: CompoundSelector) -> String {
        var text: String
        switch compound.kind {
        case .any: text = ""
        case .exact(let name): text = name
        case .derived(let name): text = "^" + name
        }
        for id in compound.ids { text += "#" + id }
        for name in compound.classes { text += "." + name }
        for state in compound.states { text += "[state:\(state)]" }
        return text.isEmpty ? "*" : text
    }
}

/// CSS-like specificity: ids beat classes and states, which beat kinds. Compared
/// column by column; a tie goes to the declaration written later.
public struct Specificity: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// How many ids the selector requires.
    public var ids = 0
    /// How many classes and states the selector requires.
    public var classes = 0
    /// How many kinds (other than `*`) the selector requires.
    public var kinds = 0

    /// A specificity with these counts.
    public init(ids: Int = 0, classes: Int = 0, kinds: Int = 0) {
        self.ids = ids
        self.classes = classes
        self.kinds = kinds
    }

    /// Compares ids first, then classes and states, then kinds.
    public static func < (a: Specificity, b: Specificity) -> Bool {
        (a.ids, a.classes, a.kinds) < (b.ids, b.classes, b.kinds)
    }

    /// `(1,2,0)`.
    public var description: String { "(\(ids),\(classes),\(kinds))" }

    /// One sortable number; columns saturate (255 ids, 1023 classes, 1023 kinds),
    /// far beyond anything a real selector reaches.
    var packed: UInt64 {
        (UInt64(min(ids, 255)) << 20) | (UInt64(min(classes, 1023)) << 10) | UInt64(min(kinds, 1023))
    }
}
