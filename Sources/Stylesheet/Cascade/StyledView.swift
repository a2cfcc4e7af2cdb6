/// A view as the cascade sees it. A tree is an array of these, each naming its
/// parent by index (the layout spec's tree order puts parents first, but any
/// order works).
public struct StyledView: Hashable, Sendable {
    /// The view's kind (`box`, `text`, …), matched by kind selectors.
    public var kind: String
    /// The view's id, matched by `#id`; nil when it has none.
    public var id: String?
    /// The view's classes, matched by `.class`.
    public var classes: [String]
    /// Live states such as `focused` and `selected` (the designer sets these).
    public var states: [String]
    /// Index of the parent view in the same array; nil for a root.
    public var parent: Int?

    /// A view of `kind` with its id, classes, live states and parent index (nil for a root).
    public init(kind: String, id: String? = nil, classes: [String] = [], states: [String] = [], parent: Int? = nil) {
        self.kind = kind
        self.id = id
        self.classes = classes
        self.states = states
        self.parent = parent
    }
}

/// Which `@media` blocks hold at a terminal size: one bit per block. Equal
/// signatures mean a cascade would give the same result, so a resize that keeps
/// the signature needs no re-cascade.
public struct MediaSignature: Hashable, Sendable {
    let bits: [UInt64]

    init(active: [Bool]) {
        var bits = [UInt64](repeating: 0, count: (active.count + 63) / 64)
        for (index, on) in active.enumerated() where on {
            bits[index / 64] |= 1 << UInt64(index % 64)
        }
        self.bits = bits
    }

    /// Whether the `@media` block at index `media` of `Stylesheet.media` holds; false for an index out of range.
    public func isActive(_ media: Int) -> Bool {
        media >= 0 && media / 64 < bits.count && bits[media / 64] & (1 << UInt64(media % 64)) != 0
    }

    /// Indices into `Stylesheet.media` of the blocks that hold.
    public var activeBlocks: [Int] {
        (0..<(bits.count * 64)).filter(isActive)
    }
}

extension Stylesheet {
    /// The signature of the media blocks that hold at this terminal size. Cheap:
    /// compare it with the previous one on every resize and re-cascade only when it changes.
    public func mediaSignature(width: Int, height: Int) -> MediaSignature {
        MediaSignature(active: media.map { $0.matches(width: width, height: height) })
    }
}
