/// Reads a view's computed layout value (`columns`, …) while lowering, for the
/// few decisions that change the constraints' shape rather than a constant — a
/// grid's column count decides which cell every child lands in. Arguments: the
/// view's id and the property name; nil when no stylesheet sets it.
public typealias StructuralStyle = (_ view: String, _ name: String) -> Double?

/// One structural style value lowering used, and what it was. When a later
/// cascade gives another value, the spec must be lowered again.
public struct StructuralRead: Hashable, Sendable {
    /// The view whose value was read.
    public var view: String
    /// The property name (`columns`, …).
    public var name: String
    /// The value read; nil when no stylesheet set it.
    public var value: Double?

    /// A record of one read.
    public init(view: String, name: String, value: Double?) {
        self.view = view
        self.name = name
        self.value = value
    }
}

extension LayoutDocument {
    /// Whether lowering with `styles` could give other constraints than this
    /// document has: some structural value it read is now different.
    public func needsLowering(with styles: StructuralStyle) -> Bool {
        structuralReads.contains { styles($0.view, $0.name) != $0.value }
    }
}
