import Diagnostics
/// The `make` of `makeConstraints { make in … }`: name attributes
/// (`make.top.leading`), then a relation, then modifiers. Each step has its own
/// type, so a relation after a relation, or an attribute after a relation, does
/// not compile.
public final class ConstraintMaker {
    let view: View
    private var made: [Rule] = []

    init(view: View) {
        self.view = view
    }

    func record(_ rules: [Rule]) { made += rules }

    func finish() -> [Rule] { made }

    private func start(_ attributes: [AnchorAttribute]) -> ConstraintMakerExtendable {
        ConstraintMakerExtendable(maker: self, attributes: attributes)
    }

    /// The left edge.
    public var left: ConstraintMakerExtendable { start([.left]) }
    /// The right edge.
    public var right: ConstraintMakerExtendable { start([.right]) }
    /// The top edge.
    public var top: ConstraintMakerExtendable { start([.top]) }
    /// The bottom edge.
    public var bottom: ConstraintMakerExtendable { start([.bottom]) }
    /// The leading (left) edge.
    public var leading: ConstraintMakerExtendable { start([.leading]) }
    /// The trailing (right) edge.
    public var trailing: ConstraintMakerExtendable { start([.trailing]) }
    /// The width.
    public var width: ConstraintMakerExtendable { start([.width]) }
    /// The height.
    public var height: ConstraintMakerExtendable { start([.height]) }
    /// The horizontal centre.
    public var centerX: ConstraintMakerExtendable { start([.centerX]) }
    /// The vertical centre.
    public var centerY: ConstraintMakerExtendable { start([.centerY]) }
    /// Top, left, bottom, right.
    public var edges: ConstraintMakerExtendable { start(Composite.edges) }
    /// Width and height.
    public var size: ConstraintMakerExtendable { start(Composite.size) }
    /// Both centres.
    public var center: ConstraintMakerExtendable { start(Composite.center) }
    /// Left and right.
    public var horizontalEdges: ConstraintMakerExtendable { start(Composite.horizontalEdges) }
    /// Top and bottom.
    public var verticalEdges: ConstraintMakerExtendable { start(Composite.verticalEdges) }
}

/// Attributes named so far: more attributes may follow, or a relation.
public struct ConstraintMakerExtendable {
    let maker: ConstraintMaker
    let attributes: [AnchorAttribute]

    private func adding(_ more: [AnchorAttribute]) -> ConstraintMakerExtendable {
        var all = attributes
        for attribute in more where !all.contains(attribute) { all.append(attribute) }
        return ConstraintMakerExtendable(maker: maker, attributes: all)
    }

    /// Masonry's filler word: `make.top.and.left` reads as `make.top.left`.
    public var and: ConstraintMakerExtendable { self }

    /// Adds the left edge.
    public var left: ConstraintMakerExtendable { adding([.left]) }
    /// Adds the right edge.
    public var right: ConstraintMakerExtendable { adding([.right]) }
    /// Adds the top edge.
    public var top: ConstraintMakerExtendable { adding([.top]) }
    /// Adds the bottom edge.
    public var bottom: ConstraintMakerExtendable { adding([.bottom]) }
    /// Adds the leading (left) edge.
    public var leading: ConstraintMakerExtendable { adding([.leading]) }
    /// Adds the trailing (right) edge.
    public var trailing: ConstraintMakerExtendable { adding([.trailing]) }
    /// Adds the width.
    public var width: ConstraintMakerExtendable { adding([.width]) }
    /// Adds the height.
    public var height: ConstraintMakerExtendable { adding([.height]) }
    /// Adds the horizontal centre.
    public var centerX: ConstraintMakerExtendable { adding([.centerX]) }
    /// Adds the vertical centre.
    public var centerY: ConstraintMakerExtendable { adding([.centerY]) }
    /// Adds top, left, bottom, right.
    public var edges: ConstraintMakerExtendable { adding(Composite.edges) }
    /// Adds width and height.
    public var size: ConstraintMakerExtendable { adding(Composite.size) }
    /// Adds both centres.
    public var center: ConstraintMakerExtendable { adding(Composite.center) }
    /// Adds left and right.
    public var horizontalEdges: ConstraintMakerExtendable { adding(Composite.horizontalEdges) }
    /// Adds top and bottom.
    public var verticalEdges: ConstraintMakerExtendable { adding(Composite.verticalEdges) }

    private func relate(_ relation: Relation, _ targets: [RuleTarget], _ location: SourceLocation)
        -> ConstraintMakerEditable
    {
        let rules = targets.map { target in
            // A view a rule reads is named by id: an anonymous one gets its own (ViewReference).
            Rule(attributes: attributes, relation: relation, target: target, location: location)
        }
        maker.record(rules)
        return ConstraintMakerEditable(rules: rules)
    }

    // MARK: ==

    /// `attribute == target`: an anchor, a view (its same attribute) or a number.
    @discardableResult
    public func equalTo(
        _ target: some ConstraintTarget, file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.equal, [target.target], SourceLocation(file: file, line: line, column: column))
    }

    /// One `==` constraint per target.
    @discardableResult
    public func equalTo(
        _ targets: [any ConstraintTarget], file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.equal, targets.map(\.target), SourceLocation(file: file, line: line, column: column))
    }

    /// `attribute == $style`: a layout value from the view's stylesheets
    /// (`size` reads `size-width` for the width), re-solved when they change.
    @discardableResult
    public func equalTo(
        style name: String, file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.equal, [.style(name)], SourceLocation(file: file, line: line, column: column))
    }

    /// `attribute == superview.attribute`.
    @discardableResult
    public func equalToSuperview(file: String = #fileID, line: Int = #line, column: Int = #column)
        -> ConstraintMakerEditable
    {
        relate(.equal, [.superview], SourceLocation(file: file, line: line, column: column))
    }

    /// `attribute == ` an anchor of the superview the closure picks (SnapKit's
    /// `equalToSuperview { $0.snp.bottom }`).
    @discardableResult
    public func equalToSuperview(
        file: String = #fileID, line: Int = #line, column: Int = #column, _ pick: (View) -> Anchor
    ) -> ConstraintMakerEditable {
        relateToSuperview(.equal, pick, SourceLocation(file: file, line: line, column: column))
    }

    /// A rule on an anchor of the superview; without a superview yet, the rule
    /// reads its same attribute and says why.
    fileprivate func relateToSuperview(_ relation: Relation, _ pick: (View) -> Anchor, _ location: SourceLocation)
        -> ConstraintMakerEditable
    {
        guard let superview = maker.view.superview else {
            let editable = relate(relation, [.superview], location)
            editable.rules.forEach { $0.warning = "the view had no superview when this rule was made; it reads the superview's same attribute" }
            return editable
        }
        return relate(relation, [pick(superview).target], location)
    }

    // MARK: >=

    /// `attribute >= target`.
    @discardableResult
    public func greaterThanOrEqualTo(
        _ target: some ConstraintTarget, file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.greaterOrEqual, [target.target], SourceLocation(file: file, line: line, column: column))
    }

    /// One `>=` constraint per target.
    @discardableResult
    public func greaterThanOrEqualTo(
        _ targets: [any ConstraintTarget], file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.greaterOrEqual, targets.map(\.target), SourceLocation(file: file, line: line, column: column))
    }

    /// `attribute >= $style`.
    @discardableResult
    public func greaterThanOrEqualTo(
        style name: String, file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.greaterOrEqual, [.style(name)], SourceLocation(file: file, line: line, column: column))
    }

    /// `attribute >= superview.attribute`.
    @discardableResult
    public func greaterThanOrEqualToSuperview(file: String = #fileID, line: Int = #line, column: Int = #column)
        -> ConstraintMakerEditable
    {
        relate(.greaterOrEqual, [.superview], SourceLocation(file: file, line: line, column: column))
    }

    /// `attribute >= ` an anchor of the superview the closure picks.
    @discardableResult
    public func greaterThanOrEqualToSuperview(
        file: String = #fileID, line: Int = #line, column: Int = #column, _ pick: (View) -> Anchor
    ) -> ConstraintMakerEditable {
        relateToSuperview(.greaterOrEqual, pick, SourceLocation(file: file, line: line, column: column))
    }

    // MARK: <=

    /// `attribute <= target`.
    @discardableResult
    public func lessThanOrEqualTo(
        _ target: some ConstraintTarget, file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.lessOrEqual, [target.target], SourceLocation(file: file, line: line, column: column))
    }

    /// One `<=` constraint per target.
    @discardableResult
    public func lessThanOrEqualTo(
        _ targets: [any ConstraintTarget], file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.lessOrEqual, targets.map(\.target), SourceLocation(file: file, line: line, column: column))
    }

    /// `attribute <= $style`.
    @discardableResult
    public func lessThanOrEqualTo(
        style name: String, file: String = #fileID, line: Int = #line, column: Int = #column
    ) -> ConstraintMakerEditable {
        relate(.lessOrEqual, [.style(name)], SourceLocation(file: file, line: line, column: column))
    }

    /// `attribute <= superview.attribute`.
    @discardableResult
    public func lessThanOrEqualToSuperview(file: String = #fileID, line: Int = #line, column: Int = #column)
        -> ConstraintMakerEditable
    {
        relate(.lessOrEqual, [.superview], SourceLocation(file: file, line: line, column: column))
    }
}

extension ConstraintMakerExtendable {
    /// `attribute <= ` an anchor of the superview the closure picks.
    @discardableResult
    public func lessThanOrEqualToSuperview(
        file: String = #fileID, line: Int = #line, column: Int = #column, _ pick: (View) -> Anchor
    ) -> ConstraintMakerEditable {
        relateToSuperview(.lessOrEqual, pick, SourceLocation(file: file, line: line, column: column))
    }
}

/// A relation made: now its constant, multiplier, priority and label. No
/// relation or attribute can follow.
public struct ConstraintMakerEditable {
    let rules: [Rule]

    private func editing(_ change: (Rule) -> Void) -> ConstraintMakerEditable {
        for rule in rules { change(rule) }
        return self
    }

    /// The constant, as SnapKit's `offset`: it replaces a number target (so
    /// `make.width.equalTo(10).offset(4)` is 4 wide) and is added to a view,
    /// anchor or style target (`equalTo(header.bottom).offset(1)`).
    @discardableResult
    public func offset(_ amount: Double) -> ConstraintMakerEditable { editing { $0.constant = .offset(amount) } }

    /// Masonry's filler word: `.with.offset(2)` reads as `.offset(2)`.
    public var with: ConstraintMakerEditable { self }

    /// `offset(_:)` with a whole number of cells.
    @discardableResult
    public func offset(_ amount: Int) -> ConstraintMakerEditable { offset(Double(amount)) }

    /// `inset(_:)` with a whole number of cells.
    @discardableResult
    public func inset(_ amount: Int) -> ConstraintMakerEditable { inset(Double(amount)) }

    /// Adds a style value of the view (`+ $name`) to the constant; re-solved when
    /// the stylesheets change.
    @discardableResult
    public func offset(style name: String) -> ConstraintMakerEditable {
        editing { $0.styleOffsets.append((name, 1)) }
    }

    /// The constant from an inset on every side, as SnapKit's `inset`: it
    /// replaces a number target and the offset, and gives each attribute its
    /// own (SnapKit's directions): top, left and leading +, bottom, right and
    /// trailing −, width and height −2×, centres 0. So
    /// `make.edges.equalToSuperview().inset(1)` keeps a cell free all round,
    /// and `make.width.equalTo(20).inset(2)` is −4 wide, as in SnapKit.
    @discardableResult
    public func inset(_ amount: Double) -> ConstraintMakerEditable { inset(Insets(amount)) }

    /// The constant from each side's inset: edges move inwards by their own
    /// side's, width −(left + right), height −(top + bottom), centres by half the difference.
    @discardableResult
    public func inset(_ insets: Insets) -> ConstraintMakerEditable { editing { $0.constant = .insets(insets) } }

    /// Scales the target's attribute (`== other.width * factor`); numbers and
    /// style values are constants and stay as written.
    @discardableResult
    public func multipliedBy(_ factor: Double) -> ConstraintMakerEditable { editing { $0.multiplier = factor } }

    /// Divides the target's attribute (`multipliedBy(1 / divisor)`).
    @discardableResult
    public func dividedBy(_ divisor: Double) -> ConstraintMakerEditable {
        editing { $0.multiplier = 1 / divisor }
    }

    /// How much the rule matters: `.required` (the default), `.high`, `.medium`, `.low`, `.weak`.
    @discardableResult
    public func priority(_ priority: LayoutPriority) -> ConstraintMakerEditable { editing { $0.priority = priority } }

    /// A priority from 1 to 1000 (values outside are clamped into the range).
    @discardableResult
    public func priority(_ value: Int) -> ConstraintMakerEditable {
        priority(LayoutPriority(min(1000, max(1, value)))!)
    }

    /// Names the rule's constraints (`as label` in `.layout`, Masonry's `key`):
    /// shown in conflicts and the inspector, and the identity `updateConstraints` matches.
    @discardableResult
    public func labeled(_ label: String) -> ConstraintMakerEditable { editing { $0.label = label } }

    /// A handle on this rule, to update, deactivate or activate it later.
    public var constraint: Constraint { Constraint(rules: rules) }
}
