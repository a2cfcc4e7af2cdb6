import Canvas
import Diagnostics
import LayoutEngine
import LayoutSpec
import Stylesheet

/// What a click on an inspector row selects.
public enum InspectorTarget: Hashable, Sendable {
    /// The view at this index of the inspection's views.
    case view(Int)
    /// The selected view's constraint at this index.
    case constraint(Int)
}

/// One logical line of the inspector and what a click on it selects.
struct InspectorRow: Hashable, Sendable {
    var line: StyledLine
    var target: InspectorTarget?
}

/// The inspector's text before it is fitted to a pane: the view tree (one row
/// per view) and the details below it (selected view, its constraints and
/// style, every conflict set, every ambiguity, every diagnostic).
public struct InspectorContent: Sendable {
    var treeHeader: StyledLine
    var tree: [InspectorRow]
    var details: [InspectorRow]
    /// The selected view's row in `tree`.
    var selectedTreeRow: Int?
    /// The details lines of the focused constraint, to keep in view.
    var focusedDetails: Range<Int>?

    /// The text of `data` with the keyboard at `focus`.
    public init(_ data: Inspection, focus: InspectorFocus) {
        var header = StyledLine(fill: focus == .tree ? PaneStyles.focusedHeading : nil)
        let hidden = data.hiddenViews > 0 ? " (\(data.hiddenViews) internal hidden)" : ""
        header.append(" VIEWS \(data.views.count)" + hidden, focus == .tree ? PaneStyles.focusedHeading : PaneStyles.heading)
        treeHeader = header
        tree = data.views.indices.map { index in
            let selected = index == data.selected
            // The marker shows the selection even without colours; ▶ also says the keys move it.
            let marker = selected ? (focus == .tree ? "▶" : "▷") : " "
            var line = Self.treeLine(data.views[index], flags: data.flags[index], marker: marker)
            if selected { line = line.adding(focus == .tree ? PaneStyles.cursor : PaneStyles.inactiveCursor) }
            return InspectorRow(line: line, target: .view(index))
        }
        selectedTreeRow = data.selected
        var builder = DetailsBuilder()
        builder.addSelection(data, focus: focus)
        builder.addConflicts(data.conflicts)
        builder.addAmbiguities(data.ambiguities)
        builder.addDiagnostics(data.diagnostics)
        details = builder.rows
        focusedDetails = builder.focusedRange
    }

    // MARK: The tree

    static func treeLine(_ view: ViewLayout, flags: [ViewFlag], marker: String = " ") -> StyledLine {
        var line = StyledLine(hangingIndent: 2 * view.depth + 4)
        line.append(marker + String(repeating: "  ", count: view.depth))
        line.append(displayName(of: view), view.isGeneratedID ? PaneStyles.muted : PaneStyles.identifier)
        for flag in flags {
            let (text, style) = badge(flag)
            line.append(" " + text, style)
        }
        line.append(" " + view.kind.rawValue, PaneStyles.kind)
        for name in view.classes { line.append(" ." + name, PaneStyles.dim) }
        if let title = view.title { line.append(" \"\(title)\"", PaneStyles.muted) }
        return line
    }

    /// A generated id (`list/text#2`) is shown by its last part: the tree's
    /// indentation already says where it is.
    static func displayName(of view: ViewLayout) -> String {
        guard view.isGeneratedID, let slash = view.id.lastIndex(of: "/") else { return view.id }
        return String(view.id[view.id.index(after: slash)...])
    }

    static func badge(_ flag: ViewFlag) -> (String, CellStyle) {
        switch flag {
        case .conflict: ("!conflict", PaneStyles.error)
        case .broken: ("✖broken", PaneStyles.broken)
        case .ambiguous: ("?ambiguous", PaneStyles.warning)
        case .unsatisfied: ("~preference", PaneStyles.warning)
        case .zeroWidth: ("0-width", PaneStyles.warning)
        case .zeroHeight: ("0-height", PaneStyles.warning)
        case .negativeWidth: ("-width", PaneStyles.error)
        case .negativeHeight: ("-height", PaneStyles.error)
        case .hidden: ("hidden", PaneStyles.muted)
        case .offCanvas: ("↗off-canvas", PaneStyles.warning)
        case .clipped: ("…clipped", PaneStyles.warning)
        case .collapsed: ("collapsed", PaneStyles.muted)
        }
    }
}

/// Builds the details rows section by section.
private struct DetailsBuilder {
    var rows: [InspectorRow] = []
    var focusedRange: Range<Int>?

    mutating func add(_ line: StyledLine, target: InspectorTarget? = nil) {
        rows.append(InspectorRow(line: line, target: target))
    }

    mutating func add(_ text: String, _ style: CellStyle = .plain, target: InspectorTarget? = nil) {
        add(StyledLine(text, style), target: target)
    }

    mutating func heading(_ text: String, focused: Bool = false) {
        if !rows.isEmpty { add("") }
        let style = focused ? PaneStyles.focusedHeading : PaneStyles.heading
        add(StyledLine(" " + text, style, fill: focused ? style : nil))
    }

    // MARK: The selected view

    mutating func addSelection(_ data: Inspection, focus: InspectorFocus) {
        guard let index = data.selected, let explanation = data.explanation else {
            heading("SELECTION")
            add(" nothing selected: Tab, the arrows or a click", PaneStyles.muted)
            return
        }
        let view = data.views[index]
        var title = StyledLine([Span(" "), Span(view.id, PaneStyles.identifier), Span(" " + view.kind.rawValue, PaneStyles.kind)])
        for name in view.classes { title.append(" ." + name, PaneStyles.dim) }
        if let text = view.title { title.append(" \"\(text)\"", PaneStyles.muted) }
        heading("SELECTION")
        add(title)
        add(StyledLine([Span(" declared ", PaneStyles.dim), Span(view.location.description, PaneStyles.location)]))
        let frame = view.frame
        add(StyledLine([
            Span(" frame ", PaneStyles.dim),
            Span("x \(frame.x) y \(frame.y)  \(frame.width)×\(frame.height)", frame.width <= 0 || frame.height <= 0 ? PaneStyles.warning : .plain),
        ]))
        add(StyledLine([Span(" parent ", PaneStyles.dim), Span(view.parent ?? "none (top level)")]))
        if !explanation.children.isEmpty {
            add(StyledLine([Span(" children ", PaneStyles.dim), Span("\(explanation.children.count)")]))
        }
        if !explanation.flags.isEmpty {
            var line = StyledLine([Span(" flags", PaneStyles.dim)])
            for flag in explanation.flags {
                let (text, style) = InspectorContent.badge(flag)
                line.append(" " + text, style)
            }
            add(line)
        }
        if let ambiguity = explanation.ambiguity {
            add(StyledLine([Span(" ? ", PaneStyles.warning), Span(ambiguity.message)], hangingIndent: 3))
            add(" a: show another layout the constraints allow", PaneStyles.muted)
        }
        addConstraints(explanation.constraints, hidden: data.hiddenConstraints, focus: focus)
        addStyle(explanation.style)
    }

    mutating func addConstraints(_ constraints: [ConstraintInfo], hidden: Int, focus: InspectorFocus) {
        var focusedIndex: Int?
        if case .constraint(let index) = focus { focusedIndex = index }
        let note = hidden > 0 ? " (\(hidden) internal hidden)" : ""
        heading("CONSTRAINTS \(constraints.count)" + note, focused: focusedIndex != nil)
        if constraints.isEmpty, hidden == 0 { add(" none: nothing places this view", PaneStyles.muted) }
        for (index, info) in constraints.enumerated() {
            let start = rows.count
            let isFocused = index == focusedIndex
            let (mark, markStyle) = Self.statusMark(info.status)
            var expression = StyledLine(
                [Span(isFocused ? "▶" : " "), Span(mark + " ", markStyle), Span(info.text)], hangingIndent: 5)
            if isFocused { expression = expression.adding(PaneStyles.cursor) }
            add(expression, target: .constraint(index))
            if let resolved = info.resolvedText {
                add(StyledLine([Span("   = ", PaneStyles.dim), Span(resolved, PaneStyles.dim)], hangingIndent: 5), target: .constraint(index))
            }
            var detail = StyledLine(hangingIndent: 5)
            detail.append("   ")
            detail.append(info.status.description, markStyle)
            // Required is the default; other priorities also show in the expression.
            if !info.priority.isRequired { detail.append(" · " + Self.priorityText(info.priority), PaneStyles.dim) }
            if case .engine = info.origin { detail.append(" · engine", PaneStyles.dim) }
            detail.append(" · " + info.location.description, PaneStyles.location)
            add(detail, target: .constraint(index))
            if isFocused { focusedRange = start..<rows.count }
        }
    }

    static func priorityText(_ priority: LayoutPriority) -> String {
        let name = priority.description
        return name == String(priority.value) ? "priority \(name)" : "\(name) \(priority.value)"
    }

    static func statusMark(_ status: ConstraintStatus) -> (String, CellStyle) {
        switch status {
        case .satisfied: ("✓", PaneStyles.good)
        case .unsatisfied: ("~", PaneStyles.warning)
        case .broken: ("✖", PaneStyles.broken)
        case .conflicting: ("!", PaneStyles.error)
        case .inactive: ("○", PaneStyles.muted)
        }
    }

    mutating func addStyle(_ style: [StyleExplanation]) {
        let set = style.filter { !$0.isDefault }
        heading("STYLE \(set.count) set")
        if set.isEmpty { add(" every property has its default", PaneStyles.muted) }
        for entry in set {
            add(StyledLine([Span(" " + entry.property.name, PaneStyles.strong), Span(" \(entry.value)")], hangingIndent: 4))
            switch entry.source {
            case .spec(let location):
                add(StyledLine([Span("   the spec's quoted string ", PaneStyles.dim), Span(location.description, PaneStyles.location)], hangingIndent: 5))
            case .stylesheet(let winner):
                add(StyledLine([Span("   " + winner.selector + " ", PaneStyles.dim), Span(winner.location.description, PaneStyles.location)], hangingIndent: 5))
            case .defaultValue:
                break
            }
            for loser in entry.overridden {
                add(StyledLine([
                    Span("   "), Span(loser.text, PaneStyles.overridden), Span(" " + loser.selector + " ", PaneStyles.dim),
                    Span(loser.location.description, PaneStyles.location),
                ], hangingIndent: 5))
            }
        }
        let defaults = style.count - set.count
        if defaults > 0 { add(" \(defaults) more at their defaults", PaneStyles.muted) }
    }

    // MARK: Conflicts and diagnostics

    mutating func addConflicts(_ conflicts: [ConflictReport]) {
        heading("CONFLICTS \(conflicts.count)")
        if conflicts.isEmpty { add(" none", PaneStyles.muted) }
        for (number, conflict) in conflicts.enumerated() {
            add(StyledLine([Span(" #\(number + 1) ", PaneStyles.error), Span("broke "), Span(conflict.broken.text, PaneStyles.broken)], hangingIndent: 4))
            for member in conflict.constraints {
                let isBroken = member == conflict.broken
                add(StyledLine([
                    Span(isBroken ? "   ✖ " : "   ! ", isBroken ? PaneStyles.broken : PaneStyles.error),
                    Span(member.text), Span(isBroken ? " broken " : " kept ", PaneStyles.dim),
                    Span(member.location.description, PaneStyles.location),
                ], hangingIndent: 7))
            }
        }
    }

    /// Every view the constraints leave free, with what is free; the view's own
    /// constraints are in its selection.
    mutating func addAmbiguities(_ ambiguities: [ViewAmbiguity]) {
        heading("AMBIGUITIES \(ambiguities.count)")
        if ambiguities.isEmpty { add(" none", PaneStyles.muted) }
        for ambiguity in ambiguities {
            add(StyledLine([Span(" ? ", PaneStyles.warning), Span(ambiguity.message)], hangingIndent: 3))
        }
    }

    mutating func addDiagnostics(_ diagnostics: [Diagnostic]) {
        heading("DIAGNOSTICS \(diagnostics.count)")
        if diagnostics.isEmpty { add(" none", PaneStyles.muted) }
        for diagnostic in diagnostics {
            let style: CellStyle = switch diagnostic.severity {
            case .error: PaneStyles.error
            case .warning: PaneStyles.warning
            case .note: PaneStyles.dim
            }
            add(StyledLine([
                Span(" " + diagnostic.severity.rawValue + " ", style), Span(diagnostic.location.description, PaneStyles.location),
                Span(" " + diagnostic.message),
            ], hangingIndent: 3))
            if let hint = diagnostic.hint {
                add(StyledLine([Span("   hint: ", PaneStyles.hint), Span(hint, PaneStyles.hint)], hangingIndent: 5))
            }
        }
    }
}
