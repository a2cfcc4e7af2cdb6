import Diagnostics
/// A handle on one rule a view made (`make.width.equalTo(20).constraint`):
/// change its constant or priority later, or switch it off and on. Changes
/// reach the solver on the layout's next read, constants in place.
public final class Constraint {
    let rules: [Rule]

    init(rules: [Rule]) {
        self.rules = rules
    }

    /// Whether the rule is in the layout; setting it activates or deactivates it.
    public var isActive: Bool {
        get { rules.contains { $0.isActive } }
        set { newValue ? activate() : deactivate() }
    }

    /// Puts the rule back into the layout.
    public func activate() {
        for rule in rules where !rule.isActive { rule.isActive = true }
    }

    /// Takes the rule out of the layout (it is kept, and `activate()` restores it).
    public func deactivate() {
        for rule in rules where rule.isActive { rule.isActive = false }
    }

    /// A new constant, as SnapKit's `update(offset:)`: it replaces the last one,
    /// a number target's included (`equalTo(20)` then `update(offset: 30)` is
    /// 30). The solver updates it in place.
    @discardableResult
    public func update(offset amount: Double) -> Constraint {
        for rule in rules where rule.constant != .offset(amount) { rule.constant = .offset(amount) }
        return self
    }

    /// A new constant from insets, as SnapKit's `update(inset:)` (its
    /// directions; see `ConstraintMakerEditable.inset(_:)`): it replaces the
    /// last one. The solver updates it in place.
    @discardableResult
    public func update(inset insets: Insets) -> Constraint {
        for rule in rules where rule.constant != .insets(insets) { rule.constant = .insets(insets) }
        return self
    }

    /// The same inset on every side.
    @discardableResult
    public func update(inset amount: Double) -> Constraint { update(inset: Insets(amount)) }

    /// A new priority (the engine replaces the constraint).
    @discardableResult
    public func update(priority: LayoutPriority) -> Constraint {
        for rule in rules where rule.priority != priority { rule.priority = priority }
        return self
    }

    /// A new priority from 1 to 1000 (clamped).
    @discardableResult
    public func update(priority value: Int) -> Constraint {
        update(priority: LayoutPriority(min(1000, max(1, value)))!)
    }

    /// Where the rule was written.
    public var location: SourceLocation? { rules.first?.location }

    /// The rule's label, if it has one.
    public var label: String? { rules.first?.label }
}
