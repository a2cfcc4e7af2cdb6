import Diagnostics

/// One view of a compiled spec, as the engine, the stylesheet cascade and the
/// inspector need it.
public struct ViewDeclaration: Hashable, Sendable {
    public var kind: ViewKind
    /// Unique in the document. An anonymous view gets `parent/kind#n`, which no
    /// rule can name; a duplicated id is reported and renamed `id#n`.
    public var id: String
    /// True when the spec gave no id (or a duplicate one) and `id` was generated.
    public var isGeneratedID: Bool
    public var classes: [String]
    /// The quoted title; for `text` views, the text they show.
    public var title: String?
    public var params: [ViewParameter]
    public var parent: String?
    /// Direct children, in source order.
    public var children: [String]
    /// 0 for a top-level view.
    public var depth: Int
    /// The view's header (its kind word).
    public var location: SourceLocation
    /// The view's own constraints: `LayoutDocument.constraints[constraintRange]`
    /// (its container shorthand, then its body's rules, shorthands and VFL lines).
    public var constraintRange: Range<Int>

    /// The last value given to a parameter, if any.
    public func parameter(_ name: String) -> ParameterValue? {
        params.last { $0.name == name }?.value
    }
}

/// `name=value` from a view header.
public struct ViewParameter: Hashable, Sendable {
    public var name: String
    public var value: ParameterValue
    public var location: SourceLocation
}

/// A `use "file.cas"` line.
public struct StylesheetUse: Hashable, Sendable {
    /// As written.
    public var path: String
    /// Relative to the spec file's directory, normalised (`a/../b` is `b`).
    public var resolvedPath: String
    public var location: SourceLocation
}
