import Casement
import Diagnostics

// Malformed use of the runtime (an empty option list, an index out of range, a
// screen pushed twice, a pop on the last screen) is never a trap: the call does
// the nearest safe thing and a warning says what, at the Swift line that made
// the call (or that made the widget, for a property set later).

extension Widget {
    /// Records a usage warning at the line that made the widget (once per message).
    func warnUsage(_ message: String, hint: String? = nil, at location: SourceLocation? = nil) {
        let warning = Diagnostic(.warning, .appUsage, message, at: location ?? view.location, hint: hint)
        guard !usageWarnings.contains(warning) else { return }
        usageWarnings.append(warning)
        setNeedsDisplay()
    }

    /// `index` clamped into `0..<count` (0 when there is nothing), with a
    /// warning when it was outside.
    func checkedIndex(_ index: Int, count: Int, what: String) -> Int {
        if count == 0 {
            warnUsage("\(type(of: self)) has no \(what)s: nothing to choose",
                      hint: "give it at least one \(what)")
            return 0
        }
        guard index < 0 || index >= count else { return index }
        let clamped = min(max(0, index), count - 1)
        warnUsage("\(what) index \(index) is out of range 0..<\(count): \(clamped) is used instead")
        return clamped
    }
}

extension App {
    /// Records a usage warning at a Swift line (once per message and line).
    func warnUsage(_ message: String, hint: String? = nil, file: String, line: Int, column: Int = 1) {
        let warning = Diagnostic(.warning, .appUsage, message,
                                 at: SourceLocation(file: file, line: line, column: column), hint: hint)
        guard !usageWarnings.contains(warning) else { return }
        usageWarnings.append(warning)
        needsDisplay = true
    }

    /// The app's usage warnings, then its widgets'.
    var usageDiagnostics: [Diagnostic] {
        usageWarnings + widgets.flatMap(\.usageWarnings)
    }
}
