import Canvas
import LayoutEngine
import Presentation
import TerminalUI

extension DesignerState {
    /// Does what a key asked.
    public mutating func perform(_ command: DesignerCommand) {
        switch command {
        case .quit:
            wantsToQuit = true
        case .reload:
            reload(changedFiles: session.watchedFiles)
        case .toggleInspector:
            setInspector(visible: !inspectorVisible)
        case .widenInspector:
            resizeInspector(by: 4)
        case .narrowInspector:
            resizeInspector(by: -4)
        case .toggleAlternative:
            toggleAlternative()
        case .toggleHelp:
            showsHelp.toggle()
        case .nextView:
            step(by: 1, wrapping: true)
        case .previousView:
            step(by: -1, wrapping: true)
        case .up:
            if case .constraint(let index) = focus {
                setFocus(index == 0 ? .tree : .constraint(index - 1))
            } else if !stepThroughLinks(by: -1) {
                step(by: -1, wrapping: false)
            }
        case .down:
            if case .constraint(let index) = focus {
                setFocus(.constraint(min(index + 1, max(0, selectedConstraints().count - 1))))
            } else if !stepThroughLinks(by: 1) {
                step(by: 1, wrapping: false)
            }
        case .left:
            if case .constraint = focus {
                setFocus(.tree)
            } else if let index = selectedIndex, let parent = session.views[index].parentIndex {
                select(parent)
            }
        case .right:
            if focus == .tree, let index = selectedIndex, index + 1 < session.views.count,
                session.views[index + 1].parentIndex == index
            {
                select(index + 1)
            }
        case .firstView:
            if !session.views.isEmpty { select(0) }
        case .lastView:
            if !session.views.isEmpty { select(session.views.count - 1) }
        case .pageUp:
            scrollDetails(by: -max(1, (caches.inspectorPane?.detailsRows ?? 10) - 1))
        case .pageDown:
            scrollDetails(by: max(1, (caches.inspectorPane?.detailsRows ?? 10) - 1))
        case .activate:
            activate()
        case .escape:
            if showsHelp {
                showsHelp = false
            } else if case .constraint = focus {
                setFocus(.tree)
            } else {
                select(nil)
            }
        case .back:
            goBack()
        case .repaint:
            wantsFullRepaint = true
        case .click(let x, let y):
            click(x: x, y: y)
        case .scrollUp(let x, let y):
            scroll(by: -3, x: x, y: y)
        case .scrollDown(let x, let y):
            scroll(by: 3, x: x, y: y)
        }
    }

    // MARK: Selection and focus

    var selectedIndex: Int? { selection.flatMap { session.viewIndex(of: $0) } }

    /// Selects a view (nil: none) and gives it the `selected` state, so
    /// `[state:selected]` styles apply; the focus goes back to the tree.
    mutating func select(_ index: Int?) {
        let id = index.map { session.views[$0].id }
        focus = .tree
        followFocus = true
        invalidateInspector()
        guard id != selection else { return }
        let previous = selection
        selection = id
        if let previous { absorb(session.setStates([], ofView: previous)) }
        if let id { absorb(session.setStates(["selected"], ofView: id)) }
    }

    mutating func setFocus(_ newFocus: InspectorFocus) {
        guard newFocus != focus else { return }
        focus = newFocus
        followFocus = true
        caches.inspectorContent = nil
    }

    /// Moves the selection through the tree (in tree order).
    mutating func step(by offset: Int, wrapping: Bool) {
        let count = session.views.count
        guard count > 0 else { return }
        guard let current = selectedIndex else {
            select(offset > 0 ? 0 : count - 1)
            return
        }
        var next = current + offset
        if wrapping {
            next = (next % count + count) % count
        } else {
            next = min(max(0, next), count - 1)
        }
        if next != current || focus != .tree { select(next) }
    }

    /// Enter: a gallery link opens its demo; on a view, step into its
    /// constraints (showing the inspector); on a constraint, go to the view it
    /// measures against.
    mutating func activate() {
        guard let index = selectedIndex else {
            step(by: 1, wrapping: true)
            return
        }
        if case .constraint(let position) = focus {
            let constraints = selectedConstraints()
            guard constraints.indices.contains(position) else { return }
            let others = constraints[position].views.filter { $0 != selection }
            if let other = others.first, let target = session.viewIndex(of: other) {
                select(target)
            } else {
                message = "this constraint mentions no other view"
            }
            return
        }
        if let link = linkedSpec(from: index) {
            open(link, returningTo: selection)
            return
        }
        guard !selectedConstraints().isEmpty else {
            message = "\(session.views[index].id) has no constraints"
            return
        }
        if !inspectorVisible { setInspector(visible: true) }
        setFocus(.constraint(0))
    }

    // MARK: Mouse

    mutating func click(x: Int, y: Int) {
        let layout = paneLayout
        if let point = layout.point(x: x, y: y, in: .canvas) {
            guard let node = caches.canvas.painting.node(atX: point.x, y: point.y) else {
                select(nil)
                return
            }
            if let link = linkedSpec(from: node) {
                // Back must return to the row clicked, not to the selection
                // the keyboard left behind.
                open(link, returningTo: linkingView(from: node).map { session.views[$0].id })
            } else {
                select(node)
            }
        } else if let point = layout.point(x: x, y: y, in: .inspector), let pane = caches.inspectorPane,
            pane.targets.indices.contains(point.y)
        {
            switch pane.targets[point.y] {
            case .view(let index): select(index)
            case .constraint(let index): setFocus(.constraint(index))
            case nil: break
            }
        }
    }

    mutating func scroll(by rows: Int, x: Int, y: Int) {
        let layout = paneLayout
        guard let point = layout.point(x: x, y: y, in: .inspector), let pane = caches.inspectorPane else { return }
        if pane.isTreeRow(point.y) {
            viewport.treeTop = max(0, viewport.treeTop + rows)
        } else {
            viewport.detailsTop = max(0, viewport.detailsTop + rows)
        }
    }

    mutating func scrollDetails(by rows: Int) {
        viewport.detailsTop = max(0, viewport.detailsTop + rows)
    }

    // MARK: Inspector

    mutating func setInspector(visible: Bool) {
        guard visible != inspectorVisible else { return }
        inspectorVisible = visible
        followFocus = true
        relayout()
    }

    /// Widens (positive) or narrows the inspector, keeping at least 20 columns
    /// for it and 10 for the canvas.
    mutating func resizeInspector(by columns: Int) {
        let widest = max(20, screen.width - 10)
        let width = min(widest, max(20, inspectorWidth + columns))
        if !inspectorVisible {
            setInspector(visible: true)
            return
        }
        guard width != inspectorWidth else { return }
        inspectorWidth = width
        relayout()
    }

    // MARK: Ambiguity

    mutating func toggleAlternative() {
        if session.isShowingAlternative {
            absorb(session.restoreLayout())
            message = "back to the layout the solver found first"
            return
        }
        let report = session.showAlternative()
        absorb(report)
        message = report.applied
            ? "another layout the constraints allow equally well (a: back)"
            : "no ambiguous views: this layout is the only one"
    }
}
