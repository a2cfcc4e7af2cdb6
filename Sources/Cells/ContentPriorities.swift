/// How strongly a view keeps its content's natural size, per axis, as UIKit's
/// content hugging (do not grow past it) and compression resistance (do not
/// shrink below it): priorities from 1 to 1000, or nil for the engine's
/// default (hugging 600, resistance 750; docs/engine.md, "Text sizes").
/// Stylesheets set them with `hug`, `resist` and their `-width`/`-height`
/// forms; a spec or code may set them per view.
///
/// Stored in five bytes (ten bits each, 0: unset), aligned to one: every computed
/// style carries them, and so they fit in the padding at the end of one
/// (`ComputedStyleLayoutTests`).
public struct ContentPriorities: Hashable, Sendable {
    private var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)

    /// None set: the engine's defaults.
    public init() {}

    /// Hugging along the width, 1–1000; nil: the default.
    public var hugWidth: Int? {
        get { field(0) }
        set { setField(0, newValue) }
    }

    /// Hugging along the height, 1–1000; nil: the default.
    public var hugHeight: Int? {
        get { field(1) }
        set { setField(1, newValue) }
    }

    /// Compression resistance along the width, 1–1000; nil: the default.
    public var resistWidth: Int? {
        get { field(2) }
        set { setField(2, newValue) }
    }

    /// Compression resistance along the height, 1–1000; nil: the default.
    public var resistHeight: Int? {
        get { field(3) }
        set { setField(3, newValue) }
    }

    /// Whether none is set.
    public var isEmpty: Bool { packed == 0 }

    /// The five bytes as one number, ten bits a priority.
    private var packed: UInt64 {
        get {
            UInt64(bytes.0) | UInt64(bytes.1) << 8 | UInt64(bytes.2) << 16 | UInt64(bytes.3) << 24 | UInt64(bytes.4) << 32
        }
        set {
            bytes = (UInt8(truncatingIfNeeded: newValue), UInt8(truncatingIfNeeded: newValue >> 8),
                     UInt8(truncatingIfNeeded: newValue >> 16), UInt8(truncatingIfNeeded: newValue >> 24),
                     UInt8(truncatingIfNeeded: newValue >> 32))
        }
    }

    private func field(_ index: Int) -> Int? {
        let value = Int(packed >> UInt64(10 * index) & 0x3FF)
        return value == 0 ? nil : value
    }

    private mutating func setField(_ index: Int, _ value: Int?) {
        let stored = UInt64(value.map { min(1000, max(1, $0)) } ?? 0)
        let shift = UInt64(10 * index)
        packed = packed & ~(0x3FF << shift) | stored << shift
    }

    /// Each set priority of `other` in place of this one's.
    public func overridden(by other: ContentPriorities) -> ContentPriorities {
        var result = self
        if let value = other.hugWidth { result.hugWidth = value }
        if let value = other.hugHeight { result.hugHeight = value }
        if let value = other.resistWidth { result.resistWidth = value }
        if let value = other.resistHeight { result.resistHeight = value }
        return result
    }

    /// Equal when every priority is.
    public static func == (a: ContentPriorities, b: ContentPriorities) -> Bool { a.packed == b.packed }

    /// Hashes every priority.
    public func hash(into hasher: inout Hasher) { hasher.combine(packed) }
}
