import Diagnostics

/// A compiled `.layout` spec: the view tree, the stylesheets it uses, every
/// constraint lowered to plain form, and every diagnostic. Always complete:
/// bad rules are reported and left out, the rest is kept.
public struct LayoutDocument: Sendable {
    /// The spec file's path, as given.
    public var path: String
    /// The stylesheets the spec's `use` lines name, in source order.
    public var uses: [StylesheetUse]
    /// Every view in tree (source) order.
    public var views: [ViewDeclaration] { didSet { memo = nil } }
    /// In view order; each view's constraints are contiguous (`ViewDeclaration.constraintRange`).
    public var constraints: [LayoutConstraint] { didSet { memo = nil } }
    /// Parse and lowering diagnostics, sorted by line and column.
    public var diagnostics: [Diagnostic]
    /// View id to index in `views`.
    public var viewIndex: [String: Int] { didSet { memo = nil } }
    /// The structural style values lowering read (see `StructuralStyle`).
    public var structuralReads: [StructuralRead] { didSet { memo = nil } }
    /// What the lowering that made this document remembers for the next one;
    /// nil once views, constraints, the index or reads are changed by hand.
    var memo: LoweringMemo?

    /// Parses and lowers a spec; `styles` answers structural style values.
    public init(source: SourceText, styles: StructuralStyle? = nil) {
        self = SpecLowering.lower(SpecParser.parse(source), styles: styles)
    }

    init(
        path: String, uses: [StylesheetUse], views: [ViewDeclaration], constraints: [LayoutConstraint],
        diagnostics: [Diagnostic], viewIndex: [String: Int], structuralReads: [StructuralRead], memo: LoweringMemo? = nil
    ) {
        self.path = path
        self.uses = uses
        self.views = views
        self.constraints = constraints
        self.diagnostics = diagnostics
        self.viewIndex = viewIndex
        self.structuralReads = structuralReads
        self.memo = memo
    }

    /// The view with this id; nil when there is none.
    public func view(_ id: String) -> ViewDeclaration? {
        viewIndex[id].map { views[$0] }
    }

    /// The constraint with an identity (identities are unique), searched among its view's own.
    public func constraint(_ identity: ConstraintIdentity) -> LayoutConstraint? {
        constraints(ownedBy: identity.view).first { $0.identity == identity }
    }

    /// The constraints a view wrote (its container shorthand and its body).
    public func constraints(ownedBy id: String) -> ArraySlice<LayoutConstraint> {
        guard let view = view(id) else { return [] }
        return constraints[view.constraintRange]
    }

    /// The index of a view's parent in `views`, nil for a top-level view. (Kept
    /// from lowering, so no id is looked up.)
    public func parentIndex(ofView index: Int) -> Int? {
        if let memo, memo.parents.count == views.count {
            let parent = memo.parents[index]
            return parent < 0 ? nil : parent
        }
        return views[index].parent.flatMap { viewIndex[$0] }
    }

    /// For each view, the index of the view with the same id in `old`, or nil
    /// for a view `old` does not have. Ids are unique in a document, so views
    /// before and after an edited stretch pair up by position (compared, not
    /// hashed); only the views between are looked up.
    public func previousIndices(in old: LayoutDocument) -> [Int?] {
        var result = [Int?](repeating: nil, count: views.count)
        let count = views.count, oldCount = old.views.count
        let shorter = min(count, oldCount)
        var prefix = 0, suffix = 0
        while prefix < shorter, views[prefix].id == old.views[prefix].id { prefix += 1 }
        while suffix < shorter - prefix, views[count - 1 - suffix].id == old.views[oldCount - 1 - suffix].id {
            suffix += 1
        }
        for index in 0..<prefix { result[index] = index }
        for index in prefix..<(count - suffix) { result[index] = old.viewIndex[views[index].id] }
        for index in (count - suffix)..<count { result[index] = index - count + oldCount }
        return result
    }

    /// Whether two documents have the same views in the same order (ids compared):
    /// then their views pair up by position.
    public static func haveSameViewIDs(_ a: LayoutDocument, _ b: LayoutDocument) -> Bool {
        guard a.views.count == b.views.count else { return false }
        for index in a.views.indices where a.views[index].id != b.views[index].id { return false }
        return true
    }

    /// One constraint per line in its readable form: what the inspector lists
    /// and what golden tests compare.
    public var loweredText: String {
        constraints.map(\.description).joined(separator: "\n")
    }
}
