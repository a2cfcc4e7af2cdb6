import Cells
import Cassowary

// The screen and the terminal. A top-level screen fills the terminal through
// the edit variables `terminal.width` and `terminal.height` (a preference above
// every spec priority), and may not be smaller than it: `screen.min-width` and
// `screen.min-height` are required floors at the terminal's size. So a layout
// that needs more room is laid out larger (and clipped), while a rule that
// would shrink the screen conflicts with the floor, and the rule is broken,
// never the floor (see `isUnbreakable`).

extension SolverBinding {
    /// A new terminal size: the edit variables take it and every top-level
    /// screen's floor moves with it. A floor is lowered before the screen is
    /// pulled down to it and raised after the screen has grown to it, so
    /// neither step fights the other. A floor that rises into a rule breaks
    /// the rule; rules broken before are tried again (a narrower terminal may
    /// leave room for them) unless `retryingBroken` is off (a reload follows
    /// that tries them anyway).
    mutating func resizeScreens(
        to size: TerminalSize, in model: AppliedModel, retryingBroken: Bool, report: inout ReloadReport
    ) {
        let old = terminalSize
        terminalSize = size
        // Every constraint a conflict left out is the broken member of one of
        // the conflicts since the last apply (each apply tries them all again).
        var brokenBefore: [ConstraintRef] = []
        for record in retryingBroken ? conflictRecords : [] where slot(record.broken).state == .broken {
            if !brokenBefore.contains(record.broken) { brokenBefore.append(record.broken) }
        }
        if retryingBroken { conflictRecords.removeAll() }
        let screens = topLevelScreens
        if size.width < old.width { setFloor(.screenMinWidth, to: size.width, of: screens, in: model) }
        if size.height < old.height { setFloor(.screenMinHeight, to: size.height, of: screens, in: model) }
        suggest(size)
        if size.width > old.width { setFloor(.screenMinWidth, to: size.width, of: screens, in: model) }
        if size.height > old.height { setFloor(.screenMinHeight, to: size.height, of: screens, in: model) }
        for ref in brokenBefore where slot(ref).state == .broken {
            report.retried += 1
            setState(of: ref, to: .pending)
            activate(ref, in: model)
            if slot(ref).state == .active { report.recovered += 1 }
        }
    }

    /// Gives one floor of each screen a new constant, in place.
    private mutating func setFloor(_ kind: ImplicitKind, to cells: Int, of screens: [Int], in model: AppliedModel) {
        for view in screens {
            let ref = ConstraintRef.implicit(view: view, kind: kind)
            var current = slot(ref)
            guard current.constant != nil else { continue }
            current.constant = Double(cells)
            setSlot(ref, current)
            if current.state == .active { updateConstant(ref, in: model) }
        }
    }

    /// The screen's own constraints are never the member a conflict breaks
    /// while another member can be: the screen filling the terminal is the
    /// layout's frame, and the rule that fights it is what gives way.
    static func isUnbreakable(_ ref: ConstraintRef) -> Bool {
        if case .implicit(_, let kind) = ref { return kind.isScreen }
        return false
    }
}
