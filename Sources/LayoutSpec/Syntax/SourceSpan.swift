/// A range of UTF-8 offsets in a spec's normalised text. Syntax keeps offsets;
/// they become file:line:col only when something is reported or lowered.
public struct SourceSpan: Hashable, Sendable {
    /// The first UTF-8 offset in the span.
    public var start: Int
    /// The UTF-8 offset just past the span.
    public var end: Int

    /// A span; an `end` before `start` makes it empty.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The number of UTF-8 bytes spanned.
    public var length: Int { end - start }

    /// From the start of `self` to the end of `other`.
    public func through(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(start: min(start, other.start), end: max(end, other.end))
    }
}

/// A word from the source and where it was written.
public struct NameSyntax: Hashable, Sendable, CustomStringConvertible {
    /// The word as written.
    public var text: String
    /// Where it was written.
    public var span: SourceSpan

    /// A word and its span.
    public init(_ text: String, _ span: SourceSpan) {
        self.text = text
        self.span = span
    }

    /// The word itself.
    public var description: String { text }
}
