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
    public var kind: KindTest = .any
    public var ids: [String] = []
    public var classes: [String] = []
    public var states: [String] = []

    public init(kind: KindTest = .any, ids: [String] = [], classes: [String] = [], states: [String] = []) {
        self.kind = kind
        self.ids = ids
        self.classes = classes
        self.states = states
    }

    /// Adds another compound's requirements to this one (`&.x` joins onto the parent).
    mutating func join(_ other: CompoundSelector) {
        if case .any = kind { kind = other.kind }
        ids += other.ids
        classes += other.classes
        states += other.states
    }
}

/// How a compound relates to the compound on its left.
public enum Combinator: String, Hashable, Sendable {
    /// `a b`: b is somewhere inside a.
    case descendant = " "
    /// `a > b`: b's parent is a.
    case child = ">"
}

/// A complex selector, written left to right: `screen > box.card text`.
public struct Selector: Hashable, Sendable, CustomStringConvertible {
    public var compounds: [CompoundSelector]
    /// `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    public var combinators: [Combinator]

    public init(compounds: [CompoundSelector], combinators: [Combinator]) {
        precondition(!compounds.isEmpty && combinators.count == compounds.count - 1)
        self.compounds = compounds
        self.combinators = combinators
    }

    public init(_ compound: CompoundSelector) {
        self.init(compounds: [compound], combinators: [])
    }

    /// (ids, classes + states, kinds), summed over every compound.
    public var specificity: Specificity {
        var result = Specificity()
        for compound in compounds {
            result.ids += compound.ids.count
            result.classes += compound.classes.count + compound.states.count
            if case .any = compound.kind {} else { result.kinds += 1 }
        }
        return result
    }

    /// This selector followed by `other`, joined by a combinator (nesting `A { B }`).
    func appending(_ other: Selector, by combinator: Combinator) -> Selector {
        Selector(
            compounds: compounds + other.compounds,
            combinators: combinators + [combinator] + other.combinators)
    }

    /// The written-out form, the same for every spelling of the same selector:
    /// kind, ids, classes, states, with single spaces around `>`.
    public var description: String {
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
    public var ids = 0
    public var classes = 0
    public var kinds = 0

    public init(ids: Int = 0, classes: Int = 0, kinds: Int = 0) {
        self.ids = ids
        self.classes = classes
        self.kinds = kinds
    }

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
