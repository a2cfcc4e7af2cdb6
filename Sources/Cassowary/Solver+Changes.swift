// The change list: which variables a caller that keeps the values it was
// told about must read again. Each external symbol remembers the value last
// reported for it; a variable that leaves the solver reads 0 from then on, so
// one that left while the caller held another value is reported too.

/// A variable that left the solver, and the value last reported for it.
struct Departure: Sendable {
    var variable: Variable
    var reported: Double
}

extension Solver {
    /// Variables whose value changed since the previous call (or since they
    /// joined the solver), in a stable order: the solver's variables by age,
    /// then the ones that left the solver (they read 0 now) in the order they
    /// left. A variable that left and came back is compared with the value
    /// last reported before it left. The layout engine turns these into
    /// changed frames.
    public mutating func takeChangedVariables() -> [Variable] {
        var result: [Variable] = []
        takeChangedVariables { result.append($0) }
        return result
    }

    /// `takeChangedVariables()` handing each variable to `body` in the same
    /// order, without a list: after a load every variable has changed, and
    /// the list of them (2.4 MB at 10,000 views) was alive at the engine's
    /// peak. `body` must not use the solver.
    public mutating func takeChangedVariables(_ body: (Variable) -> Void) {
        for s in tableau.takeChangedExternals() {
            let value = tableau.value(of: s)
            let last = tableau.cachedReported(s)
            if last.bitPattern != value.bitPattern {
                tableau.setReported(s, value)
                if let v = tableau.variable(of: s) { body(v) }
            }
        }
        for departure in departures where variableSymbol[departure.variable.id] == nil
            && departure.reported.bitPattern != Double(0).bitPattern {
            body(departure.variable)
        }
        departures.removeAll()
        departureSlot.removeAll()
    }

    /// Records that `variable`, last reported at `reported`, left the solver:
    /// it reads 0 from now on, and if it comes back, its new value is compared
    /// with what the caller holds.
    mutating func noteDeparture(of variable: Variable, reported: Double) {
        if let i = departureSlot[variable.id] {
            // Left, came back and left again: what the caller holds is still
            // what was reported before it first left (see `symbol(for:)`).
            departures[Int(i)].reported = reported
            return
        }
        // NaN: never reported, so the caller holds nothing.
        guard !reported.isNaN else { return }
        departureSlot.set(variable.id, Int32(departures.count))
        departures.append(Departure(variable: variable, reported: reported))
    }

    /// For a variable coming back before the caller heard that it left: the
    /// value the caller holds, to compare its new value with.
    func reportedBeforeDeparture(_ variable: Variable) -> Double? {
        guard let i = departureSlot[variable.id] else { return nil }
        return departures[Int(i)].reported
    }
}
