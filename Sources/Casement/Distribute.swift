import Diagnostics
import LayoutSpec

/// A `distribute` line a superview holds for some of its children (Masonry's
/// `mas_distributeViewsAlongAxis`).
struct Distribution {
    enum Mode {
        case spacing(Double)
        case length(Double)
    }

    /// The views, held weakly as a rule holds them (`ViewReference`): a view
    /// moved above its old superview must not keep that superview alive.
    var references: [ViewReference]
    var axis: Axis
    var mode: Mode
    var lead: Double
    var tail: Double
    var location: SourceLocation

    init(views: [View], axis: Axis, mode: Mode, lead: Double, tail: Double, location: SourceLocation) {
        references = views.map(ViewReference.init)
        self.axis = axis
        self.mode = mode
        self.lead = lead
        self.tail = tail
        self.location = location
    }

    /// The views still alive.
    var views: [View] { references.compactMap(\.view) }
}

/// Lays `views` (siblings) out along an axis inside their superview with fixed
/// gaps, all equally long (Masonry's `withFixedSpacing:leadSpacing:tailSpacing:`).
/// Calling it again for the same views replaces the earlier line. Throws when
/// the views are none, or not all in one superview.
public func distribute(
    _ views: [View], along axis: Axis, fixedSpacing: Double, leadSpacing: Double = 0, tailSpacing: Double = 0,
    file: String = #fileID, line: Int = #line, column: Int = #column
) throws(CasementError) {
    try add(Distribution(
        views: views, axis: axis, mode: .spacing(fixedSpacing), lead: leadSpacing, tail: tailSpacing,
        location: SourceLocation(file: file, line: line, column: column)))
}

/// Lays `views` (siblings) out along an axis inside their superview with fixed
/// lengths and equal gaps (Masonry's `withFixedItemLength:leadSpacing:tailSpacing:`;
/// SnapKit never shipped it). Calling it again for the same views replaces the
/// earlier line. Throws when the views are none, or not all in one superview.
public func distribute(
    _ views: [View], along axis: Axis, fixedItemLength: Double, leadSpacing: Double = 0, tailSpacing: Double = 0,
    file: String = #fileID, line: Int = #line, column: Int = #column
) throws(CasementError) {
    try add(Distribution(
        views: views, axis: axis, mode: .length(fixedItemLength), lead: leadSpacing, tail: tailSpacing,
        location: SourceLocation(file: file, line: line, column: column)))
}

private func add(_ distribution: Distribution) throws(CasementError) {
    guard let first = distribution.views.first else {
        throw .cannotDistribute(at: distribution.location, reason: "there are no views to distribute")
    }
    guard let holder = first.superview else {
        throw .cannotDistribute(at: distribution.location, reason: "view '\(first.name)' is in no superview")
    }
    if let stranger = distribution.views.first(where: { $0.superview !== holder }) {
        throw .cannotDistribute(
            at: distribution.location,
            reason: "view '\(stranger.name)' is not in '\(holder.name)', the superview of '\(first.name)'; distributed views are siblings")
    }
    for view in distribution.views { view.ensureID() }
    holder.distributions.removeAll { $0.views.elementsEqual(distribution.views, by: ===) }
    holder.distributions.append(distribution)
    holder.changed()
}

extension Array where Element == View {
    /// `distribute(self, along:fixedSpacing:…)`, as Masonry's NSArray category spells it.
    public func distribute(
        along axis: Axis, fixedSpacing: Double, leadSpacing: Double = 0, tailSpacing: Double = 0,
        file: String = #fileID, line: Int = #line, column: Int = #column
    ) throws(CasementError) {
        try Casement.distribute(
            self, along: axis, fixedSpacing: fixedSpacing, leadSpacing: leadSpacing, tailSpacing: tailSpacing,
            file: file, line: line, column: column)
    }

    /// `distribute(self, along:fixedItemLength:…)`.
    public func distribute(
        along axis: Axis, fixedItemLength: Double, leadSpacing: Double = 0, tailSpacing: Double = 0,
        file: String = #fileID, line: Int = #line, column: Int = #column
    ) throws(CasementError) {
        try Casement.distribute(
            self, along: axis, fixedItemLength: fixedItemLength, leadSpacing: leadSpacing, tailSpacing: tailSpacing,
            file: file, line: line, column: column)
    }
}
