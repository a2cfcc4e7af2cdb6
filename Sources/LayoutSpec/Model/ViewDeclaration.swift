import Diagnostics

/// One view of a compiled spec, as the engine, the stylesheet cascade and the
/// inspector need it.
///
/// Reloads compare and copy declarations by the ten thousand, so the fields
/// they read sit inline, and the two that only the inspector and lowering read
/// (`params`, `children`) share one copy-on-write box: copying a declaration
/// then retains one reference for both.
public struct ViewDeclaration: Hashable, Sendable {
    /// What the view is (`box`, `text`, `grid`, …), from its header's kind word.
    public var kind: ViewKind
    /// Unique in the document. An anonymous view gets `parent/kind#n`, which no
    /// rule can name; a duplicated id is reported and renamed `id#n`.
    public var id: String
    /// True when the spec gave no id (or a duplicate one) and `id` was generated.
    public var isGeneratedID: Bool
    /// The view's classes as the header gives them, in source order.
    public var classes: [String]
    /// The quoted title; for `text` views, the text they show.
    public var title: String?
    /// The id of the enclosing view; nil for a top-level view.
    public var parent: String?
    /// 0 for a top-level view.
    public var depth: Int
    /// The view's header (its kind word).
    public var location: SourceLocation
    /// The view's own constraints: `LayoutDocument.constraints[constraintRange]`
    /// (its container shorthand, then its body's rules, shorthands and VFL lines).
    public var constraintRange: Range<Int>
    private var rarelyRead: RarelyRead

    /// A declaration with every field given; `params` and `children` go into the shared copy-on-write box.
    public init(
        kind: ViewKind, id: String, isGeneratedID: Bool, classes: [String], title: String?, params: [ViewParameter],
        parent: String?, children: [String], depth: Int, location: SourceLocation, constraintRange: Range<Int>
    ) {
        self.kind = kind
        self.id = id
        self.isGeneratedID = isGeneratedID
        self.classes = classes
        self.title = title
        self.parent = parent
        self.depth = depth
        self.location = location
        self.constraintRange = constraintRange
        rarelyRead = RarelyRead(params: params, children: children)
    }

    /// The header's `name=value` parameters, in source order.
    public var params: [ViewParameter] {
        get { rarelyRead.params }
        set { uniqueRarelyRead().params = newValue }
    }

    /// Direct children, in source order.
    public var children: [String] {
        get { rarelyRead.children }
        set { uniqueRarelyRead().children = newValue }
    }

    /// The last value given to a parameter, if any.
    public func parameter(_ name: String) -> ParameterValue? {
        params.last { $0.name == name }?.value
    }

    /// `[overflow=scroll]`: the view is a viewport its children are scrolled in,
    /// so they may reach past it and past the screen (clipped to it, as every
    /// child is, and not reported as off the canvas). A `ScrollView`'s viewport
    /// has it.
    public var scrollsContent: Bool {
        guard !params.isEmpty else { return false }
        return parameter(Self.overflowParameter) == .word(Self.scrollOverflow)
    }

    /// The parameter's name and its one value.
    static let overflowParameter = "overflow"
    static let scrollOverflow = "scroll"

    /// Moves the parameters' locations by `lines` (the view moved in its file).
    mutating func shiftParameterLines(by lines: Int) {
        guard !params.isEmpty else { return }
        let box = uniqueRarelyRead()
        for index in box.params.indices { box.params[index].location.line += lines }
    }

    private mutating func uniqueRarelyRead() -> RarelyRead {
        if !isKnownUniquelyReferenced(&rarelyRead) {
            rarelyRead = RarelyRead(params: rarelyRead.params, children: rarelyRead.children)
        }
        return rarelyRead
    }

    /// Equal when every field is; a shared box makes `params` and `children` equal without comparing them.
    public static func == (a: ViewDeclaration, b: ViewDeclaration) -> Bool {
        a.kind == b.kind && a.id == b.id && a.isGeneratedID == b.isGeneratedID && a.classes == b.classes
            && a.title == b.title && a.parent == b.parent && a.depth == b.depth && a.location == b.location
            && a.constraintRange == b.constraintRange
            && (a.rarelyRead === b.rarelyRead || (a.params == b.params && a.children == b.children))
    }

    /// Hashes every field, `params` and `children` included, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(id)
        hasher.combine(isGeneratedID)
        hasher.combine(classes)
        hasher.combine(title)
        hasher.combine(parent)
        hasher.combine(depth)
        hasher.combine(location)
        hasher.combine(constraintRange)
        hasher.combine(params)
        hasher.combine(children)
    }
}

/// The fields of a `ViewDeclaration` read rarely, behind one reference. Only
/// ever changed through a declaration that holds it alone (copy-on-write), so
/// a box shared between threads is never written: hence the unchecked `Sendable`.
private final class RarelyRead: @unchecked Sendable {
    var params: [ViewParameter]
    var children: [String]

    init(params: [ViewParameter], children: [String]) {
        self.params = params
        self.children = children
    }
}

/// `name=value` from a view header.
public struct ViewParameter: Hashable, Sendable {
    /// The parameter's name, before the `=`.
    public var name: String
    /// The value after the `=`.
    public var value: ParameterValue
    /// Where the parameter is written in the spec.
    public var location: SourceLocation
}

/// A `use "file.cas"` line.
public struct StylesheetUse: Hashable, Sendable {
    /// As written.
    public var path: String
    /// Relative to the spec file's directory, normalised (`a/../b` is `b`).
    public var resolvedPath: String
    /// Where the `use` line is in the spec.
    public var location: SourceLocation
}
