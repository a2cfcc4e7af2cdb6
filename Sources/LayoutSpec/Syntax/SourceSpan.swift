/// A range of UTF-8 offsets in a spec's normalised text. Syntax keeps offsets;
/// they become file:line:col only when something is reported or lowered.
public struct SourceSpan: Hashable, Sendable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    public var length: Int { end - start }

    /// From the start of `self` to the end of `other`.
    public func through(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(start: min(start, other.start), end: max(end, other.end))
    }
}

/// A word from the source and where it was written.
public struct NameSyntax: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var span: SourceSpan

    public init(_ text: String, _ span: SourceSpan) {
        self.text = text
        self.span = span
    }

    public var description: String { text }
}
