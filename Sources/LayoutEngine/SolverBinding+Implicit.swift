import Cells
import LayoutSpec
import Stylesheet

/// The constraints the engine keeps for one view on its own (`ImplicitKind`),
/// and what they were made from, to tell when they must be made again.
struct ImplicitConstraintState: Sendable {
    /// In kind order.
    var slots: [ImplicitSlot] = []
    /// For `text` views.
    var text: TextMeasure?
    var isTopLevelScreen = false
    /// The axis along which its row or column makes it grow.
    var growAxis: Axis?
    /// For `text` views: the hugging and resistance it sets.
    var priorities = TextPriorities()
}

/// What one view's implicit constraints are made from.
private struct ImplicitInputs {
    var kind: ViewKind
    var isTopLevelScreen: Bool
    var growAxis: Axis?
    var priorities: TextPriorities

    /// Whether the constraints of `states[index]` were made from these inputs
    /// (read field by field: taking the state out of its array would copy it).
    func match(_ states: [ImplicitConstraintState], _ index: Int) -> Bool {
        states[index].isTopLevelScreen == isTopLevelScreen && (states[index].text != nil) == (kind == .text)
            && states[index].growAxis == growAxis && states[index].priorities == priorities
    }
}

extension SolverBinding {
    /// Gives every view of the next model the implicit constraints it should
    /// have, touching only views that are new, restyled, or otherwise changed
    /// (`frames`: the views as laid out before, for a text's current width).
    /// Queues broken ones for a retry.
    mutating func reconcileImplicitConstraints(
        _ change: ModelChange, frames: [ViewLayout], _ work: inout PendingChanges, _ dirty: inout DirtyViews,
        _ counts: inout ConstraintCounts
    ) {
        let document = change.next.document
        if !change.sameViews {
            implicitConstraints = document.views.indices.map { index in
                change.oldIndex(index).map { implicitConstraints[$0] } ?? ImplicitConstraintState()
            }
        }
        let growAxes = change.documentChanged
            ? ImplicitConstraints.growAxes(in: document) : implicitConstraints.map(\.growAxis)
        topLevelScreens.removeAll(keepingCapacity: true)
        for index in document.views.indices {
            let kind = document.views[index].kind
            let inputs = ImplicitInputs(
                kind: kind, isTopLevelScreen: kind == .screen && document.views[index].parent == nil,
                growAxis: kind == .text ? growAxes[index] : nil,
                priorities: kind == .text
                    ? TextPriorities(
                        parameters: document.views[index].contentPriorities,
                        style: change.next.styles.contentPriorities(ofView: index))
                    : TextPriorities())
            if inputs.isTopLevelScreen { topLevelScreens.append(index) }
            let before = change.oldIndex(index)
            if before == nil || change.styleChanged[index] || !inputs.match(implicitConstraints, index) {
                let width = before.map { frames[$0].frame.width }
                remake(index, inputs, style: change.next.styles[index], oldView: before, oldWidth: width, &work, &dirty, &counts)
            }
            for implicit in implicitConstraints[index].slots where implicit.slot.state == .broken {
                work.retries.append(.implicit(view: index, kind: implicit.kind))
            }
        }
    }

    /// Makes one view's implicit constraints again from its inputs and style.
    private mutating func remake(
        _ index: Int, _ inputs: ImplicitInputs, style: ComputedStyle, oldView: Int?, oldWidth: Int?,
        _ work: inout PendingChanges, _ dirty: inout DirtyViews, _ counts: inout ConstraintCounts
    ) {
        var state = implicitConstraints[index]
        let text = inputs.kind == .text ? TextMeasure(style: style) : nil
        var textHeight: Int?
        if let text, let oldWidth {
            if state.text == text, let kept = state.slots.first(where: { $0.kind == .resistHeight })?.slot.constant {
                textHeight = Int(kept)
            } else {
                textHeight = text.intrinsicHeight(frameWidth: oldWidth)
            }
        }
        let requests = ImplicitConstraints.requests(
            isTopLevelScreen: inputs.isTopLevelScreen, terminal: terminalSize, style: style, text: text,
            textHeight: textHeight, growAxis: inputs.growAxis, priorities: inputs.priorities)
        state.slots = reconcile(state.slots, with: requests, view: index, oldView: oldView, &work, &dirty, &counts)
        state.text = text
        state.isTopLevelScreen = inputs.isTopLevelScreen
        state.growAxis = inputs.growAxis
        state.priorities = inputs.priorities
        implicitConstraints[index] = state
    }

    /// Matches a view's implicit constraints to what it should now have (both in kind order).
    private mutating func reconcile(
        _ current: [ImplicitSlot], with requests: [ImplicitRequest], view: Int, oldView: Int?,
        _ work: inout PendingChanges, _ dirty: inout DirtyViews, _ counts: inout ConstraintCounts
    ) -> [ImplicitSlot] {
        var result: [ImplicitSlot] = []
        var i = 0, j = 0
        while i < current.count || j < requests.count {
            if j < requests.count, i < current.count, current[i].kind == requests[j].kind,
                current[i].priority != requests[j].priority
            {
                // Another priority: out of the solver, and in again at the new one.
                retire(current[i].slot, ref: .implicit(view: oldView ?? view, kind: current[i].kind))
                result.append(freshSlot(requests[j], view: view, &work))
                counts.replaced += 1
                dirty.mark(view)
                i += 1
                j += 1
            } else if j == requests.count || (i < current.count && current[i].kind < requests[j].kind) {
                retire(current[i].slot, ref: .implicit(view: oldView ?? view, kind: current[i].kind))
                counts.removed += 1
                dirty.mark(view)
                i += 1
            } else if i == current.count || requests[j].kind < current[i].kind {
                result.append(freshSlot(requests[j], view: view, &work))
                counts.added += 1
                dirty.mark(view)
                j += 1
            } else {
                result.append(ImplicitSlot(
                    kind: requests[j].kind, slot: carried(current[i].slot, to: requests[j], view, &work, &dirty, &counts),
                    priority: requests[j].priority))
                i += 1
                j += 1
            }
        }
        return result
    }

    /// A new implicit constraint, as asked for, waiting to be added.
    private func freshSlot(_ request: ImplicitRequest, view: Int, _ work: inout PendingChanges) -> ImplicitSlot {
        let ref = ConstraintRef.implicit(view: view, kind: request.kind)
        return ImplicitSlot(kind: request.kind, slot: fresh(ref, .constant(request.constant), &work), priority: request.priority)
    }

    /// An implicit constraint that stays, with the constant it is now asked for.
    private func carried(
        _ slot: ConstraintSlot, to request: ImplicitRequest, _ view: Int,
        _ work: inout PendingChanges, _ dirty: inout DirtyViews, _ counts: inout ConstraintCounts
    ) -> ConstraintSlot {
        guard slot.constant != request.constant else { return slot }
        var slot = slot
        slot.constant = request.constant
        slot.generation = generation
        if slot.state == .active { work.constants.append(.implicit(view: view, kind: request.kind)) }
        counts.constantsChanged += 1
        dirty.mark(view)
        return slot
    }
}
