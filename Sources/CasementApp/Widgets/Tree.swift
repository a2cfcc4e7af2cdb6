import Canvas
import Casement
import TerminalUI
import TextMetrics

/// What a slow source says about one node, made off the main actor: its
/// label, a value of the app's own (a path, an id) and whether it may have
/// children (a directory, even before it is read).
public struct TreeItem: Hashable, Sendable {
    /// The text shown.
    public var label: String
    /// The app's own value for the node (`TreeNode.value`).
    public var value: String
    /// Whether the node may have children (it shows an expander).
    public var isExpandable: Bool

    /// An item labelled `label` carrying `value`.
    public init(_ label: String, value: String = "", isExpandable: Bool = false) {
        self.label = label
        self.value = value
        self.isExpandable = isExpandable
    }
}

/// A node of a `Tree`: a label, children (given, loaded on the first expand, or
/// loaded off the main actor), and whether it is expanded.
@MainActor
public final class TreeNode {
    /// How a node gets its children.
    enum Source {
        case given
        case lazy(() -> [TreeNode])
        case background(@Sendable (TreeItem) async -> [TreeItem])
    }

    /// The text shown.
    public var label: String { didSet { tree?.setNeedsDisplay() } }
    /// The app's own value for the node (a path, an id).
    public var value: String
    /// The node above (nil for the root).
    public private(set) weak var parent: TreeNode?
    /// The children loaded so far.
    public private(set) var children: [TreeNode] = []
    /// Whether the children show.
    public internal(set) var isExpanded = false
    /// Whether the children are being loaded off the main actor (a placeholder row shows).
    public private(set) var isLoading = false
    var source: Source
    private var loaded: Bool
    /// Counts loads started: a slow load's result is taken only if no later one started.
    private var loadGeneration = 0
    private let expandable: Bool
    weak var tree: Tree?

    /// A node with `children` (none: a leaf), expanded or not.
    public init(_ label: String, value: String = "", children: [TreeNode] = [], isExpanded: Bool = false) {
        self.label = label
        self.value = value
        source = .given
        loaded = true
        expandable = !children.isEmpty
        self.isExpanded = isExpanded
        adopt(children)
    }

    /// A node whose children `loadChildren` makes on the first expand (called once).
    public init(_ label: String, value: String = "", loadChildren: @escaping () -> [TreeNode]) {
        self.label = label
        self.value = value
        source = .lazy(loadChildren)
        loaded = false
        expandable = true
    }

    /// A node for a slow source: on the first expand `loadChildren` runs off
    /// the main actor with the node's item, a placeholder row (`Loading…`)
    /// shows meanwhile, and the items it returns become children loaded the
    /// same way when expandable. Input goes on while it loads.
    public init(_ item: TreeItem, loadChildren: @escaping @Sendable (TreeItem) async -> [TreeItem]) {
        label = item.label
        value = item.value
        source = item.isExpandable ? .background(loadChildren) : .given
        loaded = !item.isExpandable
        expandable = item.isExpandable
    }

    /// Whether the node shows an expander (it has or may have children).
    public var isExpandable: Bool { expandable || !children.isEmpty }

    /// The depth below the root (0 for the root).
    public var depth: Int { parent.map { $0.depth + 1 } ?? 0 }

    /// Replaces the children (the tree redraws).
    public func setChildren(_ nodes: [TreeNode]) {
        for child in children { child.parent = nil }
        children = []
        adopt(nodes)
        loaded = true
        tree?.structureChanged()
    }

    /// Adds a child at the end.
    public func addChild(_ node: TreeNode) {
        adopt([node])
        tree?.structureChanged()
    }

    private func adopt(_ nodes: [TreeNode]) {
        for node in nodes {
            node.parent = self
            node.attach(to: tree)
        }
        children += nodes
    }

    func attach(to tree: Tree?) {
        self.tree = tree
        for child in children { child.attach(to: tree) }
    }

    /// Loads the children again from a lazy or slow source (given children
    /// stay): a child whose `value` matches a new one keeps its node — expanded,
    /// with its own children, selected — in the new order; the others go. An
    /// expanded node loads now, a collapsed one on its next expand. A file
    /// browser calls it after the directory changed, or to show it sorted anew.
    public func reloadChildren() {
        if case .given = source { return }
        loaded = false
        if isExpanded { load() }
        tree?.structureChanged()
    }

    /// Shows the children, loading them the first time.
    public func expand() {
        guard isExpandable, !isExpanded else { return }
        isExpanded = true
        if !loaded { load() }
        tree?.structureChanged()
    }

    /// Hides the children.
    public func collapse() {
        guard isExpanded else { return }
        isExpanded = false
        tree?.structureChanged()
    }

    func load() {
        loaded = true
        loadGeneration += 1
        switch source {
        case .given: break
        case .lazy(let make):
            replaceChildren(with: make())
            tree?.onLoad?(self)
        case .background(let loader):
            isLoading = true
            let item = TreeItem(label, value: value, isExpandable: true)
            guard let app = tree?.app else {
                // Not in an app yet: it loads when the tree is first drawn there.
                loaded = false
                tree?.waitingToLoad.append(self)
                return
            }
            let generation = loadGeneration
            Task.detached {
                let items = await loader(item)
                app.post { [weak self] in self?.finishLoading(items, generation: generation) }
            }
        }
    }

    private func finishLoading(_ items: [TreeItem], generation: Int) {
        guard generation == loadGeneration, case .background(let loader) = source else { return }
        isLoading = false
        let kept = keptChildren()
        replaceChildren(with: items.map { item in
            guard let node = kept[item.value] else { return TreeNode(item, loadChildren: loader) }
            if node.label != item.label { node.label = item.label }
            return node
        })
        tree?.onLoad?(self)
    }

    /// The children that a reload may keep, by value (the first of each value).
    private func keptChildren() -> [String: TreeNode] {
        var kept: [String: TreeNode] = [:]
        for child in children where !child.value.isEmpty && kept[child.value] == nil { kept[child.value] = child }
        return kept
    }

    /// New children: nodes of the old ones whose value a new one has stay in
    /// their place in the new order; the rest are let go.
    private func replaceChildren(with nodes: [TreeNode]) {
        let kept = keptChildren()
        let fresh = nodes.map { kept[$0.value] ?? $0 }
        let staying = Set(fresh.map(ObjectIdentifier.init))
        for child in children where !staying.contains(ObjectIdentifier(child)) { child.parent = nil }
        children = []
        for node in fresh where node.parent !== self { node.parent = self; node.attach(to: tree) }
        children = fresh
        tree?.structureChanged()
    }
}

/// One row of a tree: a node, or the placeholder under a node loading its children.
struct TreeRow {
    let node: TreeNode
    let isPlaceholder: Bool
}

/// A tree of nodes, one row each, with guide lines (`├─ └─ │`): the root is
/// shown and selected first; ↑ ↓ PgUp PgDn Home End move the selection, →
/// expands (or steps into the children), ← collapses (or goes to the parent),
/// Enter calls `onActivate`, a click selects (on the expander: toggles), the
/// wheel scrolls. Children load on the first expand; a node of a slow source
/// loads off the main actor and shows `Loading…` meanwhile.
///
/// `.cas`: the box; the selected row is the style view `#<id>-row` (class `row`,
/// state `selected`, plus `focused`; reversed without a style); guide lines are
/// the style view `#<id>-guide` (class `guide`; dim without a style). Class `tree`.
@MainActor
public final class Tree: Widget {
    /// The top node (always shown).
    public let root: TreeNode
    /// Called with a node when Enter is pressed on it.
    public var onActivate: ((TreeNode) -> Void)?
    /// Called with the node the selection moved to.
    public var onSelect: ((TreeNode) -> Void)?
    /// Called with a node whose children were just loaded (lazily, or from a
    /// slow source once they came back): to select one of them, say.
    public var onLoad: ((TreeNode) -> Void)?
    /// The rows shown, top to bottom: the visible nodes and, under a node
    /// loading its children, its placeholder (rebuilt after an expand or collapse).
    private var rows: [TreeRow] = []
    private var rowsAreStale = true
    private var cursor = RowCursor()
    private var visibleRows = 0
    private var rowStyle: View?
    private var guideStyle: View?
    /// Nodes of a slow source expanded before the tree was in an app: they load
    /// when it is first drawn (their placeholder shows until then).
    var waitingToLoad: [TreeNode] = []
    /// The row of the loading placeholder under a node (its index in `rows` + 1 is where it shows).
    static let placeholder = "Loading…"

    /// A tree showing `root` (selected) and what of it is expanded.
    public init(root: TreeNode, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.root = root
        super.init(id: id, widgetClass: "tree", classes: classes, file: file, line: line, column: column)
        root.attach(to: self)
        rowStyle = addStyleView(id: "row", classes: ["row"])
        guideStyle = addStyleView(id: "guide", classes: ["guide"])
        cursor.selected = 0
    }

    /// The selected node.
    public var selectedNode: TreeNode? {
        refreshRows()
        return cursor.selected.flatMap { rows.indices.contains($0) ? rows[$0].node : nil }
    }

    /// Selects a node (its ancestors are expanded to show it).
    /// A node of another tree is a warning in `app.diagnostics` (at the line
    /// that made this tree), and nothing changes.
    public func select(_ node: TreeNode) {
        var top = node
        while let parent = top.parent { top = parent }
        guard top === root else {
            warnUsage("select(_:) was given '\(node.label)', a node that is not in this tree: the selection stays",
                      hint: "select a node reached from this tree's root")
            return
        }
        var ancestor = node.parent
        while let current = ancestor {
            if !current.isExpanded { current.isExpanded = true; rowsAreStale = true }
            ancestor = current.parent
        }
        refreshRows()
        guard let index = rowIndex(of: node) else { return }
        moveSelection(to: index)
    }

    /// The nodes shown, top to bottom (placeholders excluded).
    public var visibleNodes: [TreeNode] {
        refreshRows()
        return rows.filter { !$0.isPlaceholder }.map(\.node)
    }

    /// Lists the rows again if an expand or collapse made them stale (a key or
    /// a frame otherwise costs only the rows it touches, not the whole tree).
    private func refreshRows() {
        if rowsAreStale { rebuildRows() }
    }

    /// The first row shown.
    public var scrollOffset: Int { cursor.top }

    func structureChanged() {
        rowsAreStale = true
        setNeedsDisplay()
    }

    private func rebuildRows() {
        let selected = cursor.selected.flatMap { rows.indices.contains($0) ? rows[$0].node : nil }
        // The selection stays on its node, or (its branch collapsed) goes to the
        // nearest shown ancestor: the deepest of its chain that is listed.
        var chain: [ObjectIdentifier: Int] = [:]
        var level = 0
        var ancestor = selected
        while let node = ancestor {
            chain[ObjectIdentifier(node)] = level
            level -= 1
            ancestor = node.parent
        }
        var nearest: (row: Int, level: Int)?
        rows.removeAll(keepingCapacity: true)
        var stack: [TreeNode] = [root]
        while let node = stack.popLast() {
            if let level = chain[ObjectIdentifier(node)], level > nearest?.level ?? Int.min {
                nearest = (rows.count, level)
            }
            rows.append(TreeRow(node: node, isPlaceholder: false))
            guard node.isExpanded else { continue }
            if node.isLoading { rows.append(TreeRow(node: node, isPlaceholder: true)) }
            stack.append(contentsOf: node.children.reversed())
        }
        rowsAreStale = false
        if selected != nil { cursor.selected = nearest?.row ?? 0 }
        cursor.clamp(count: rows.count, visible: visibleRows)
    }

    /// The row of a node shown (not its placeholder), searched outwards from
    /// the selection: a parent or a first child is found in the rows between,
    /// not by a walk from the top of a large tree.
    private func rowIndex(of node: TreeNode) -> Int? {
        func matches(_ index: Int) -> Bool { rows[index].node === node && !rows[index].isPlaceholder }
        let start = min(max(0, cursor.selected ?? 0), max(0, rows.count - 1))
        var below = start, above = start - 1
        while below < rows.count || above >= 0 {
            if below < rows.count { if matches(below) { return below }; below += 1 }
            if above >= 0 { if matches(above) { return above }; above -= 1 }
        }
        return nil
    }

    /// A placeholder cannot be selected: the selection moves on past it in the
    /// direction it went (down), or back onto the node it belongs to.
    private func skipPlaceholder(goingDown: Bool) {
        guard let index = cursor.selected, rows.indices.contains(index), rows[index].isPlaceholder else { return }
        cursor.selected = goingDown && index + 1 < rows.count ? index + 1 : index - 1
        cursor.clamp(count: rows.count, visible: visibleRows)
    }

    public override var canFocus: Bool { true }
    public override var hugsContent: Bool { false }

    private func moveSelection(to index: Int) {
        let before = cursor.selected
        cursor.selected = index
        cursor.clamp(count: rows.count, visible: visibleRows)
        if cursor.selected != before, let node = selectedNode { onSelect?(node) }
        setNeedsDisplay()
    }

    public override func handle(_ event: Event) -> Bool {
        refreshRows()
        switch event {
        case .key(.enter):
            guard let node = selectedNode else { return false }
            onActivate?(node)
        case .key(.right):
            guard let node = selectedNode else { return false }
            if !node.isExpanded { node.expand() } else if let first = node.children.first {
                select(first)
            }
        case .key(.left):
            guard let node = selectedNode else { return false }
            if node.isExpanded { node.collapse() } else if let parent = node.parent { select(parent) }
        case .key(let key):
            let before = cursor.selected
            guard cursor.move(for: key, count: rows.count, visible: visibleRows) else { return false }
            skipPlaceholder(goingDown: key == .down || key == .pageDown)
            if cursor.selected != before, let node = selectedNode { onSelect?(node) }
            setNeedsDisplay()
        case .click(let x, let y):
            let index = cursor.top + y
            guard y >= 0, index < rows.count else { return false }
            guard !rows[index].isPlaceholder else { return true }
            let node = rows[index].node
            moveSelection(to: index)
            let expander = node.depth * 3
            if node.isExpandable, x >= expander, x < expander + 2 {
                node.isExpanded ? node.collapse() : node.expand()
            }
        case .scrollUp, .scrollDown:
            cursor.scroll(by: event == .scrollUp ? -3 : 3, count: rows.count, visible: visibleRows)
            setNeedsDisplay()
        }
        return true
    }

    public override func draw(in canvas: inout ContentCanvas) {
        if !waitingToLoad.isEmpty {
            let waiting = waitingToLoad
            waitingToLoad = []
            for node in waiting where node.isExpanded && node.isLoading { node.load() }
        }
        refreshRows()
        if canvas.height != visibleRows {
            cursor.keepSelectionInView(count: rows.count, from: visibleRows, to: canvas.height)
            visibleRows = canvas.height
        }
        cursor.clampRange(count: rows.count, visible: visibleRows)
        let selectedLook = RowLook.selected(rowStyle.flatMap(style(of:)), fallback: canvas.textStyle)
        var guideLook = guideStyle.flatMap(style(of:)).map(CellStyle.init) ?? canvas.textStyle
        if guideLook.isPlain { guideLook = canvas.textStyle; guideLook.attributes.insert(.dim) }
        var dim = canvas.textStyle
        dim.attributes.insert(.dim)
        for row in 0..<canvas.height {
            let index = cursor.top + row
            guard index < rows.count else { break }
            let node = rows[index].node
            guard !rows[index].isPlaceholder else {
                canvas.write(Self.guides(of: node, child: true) + "  " + Self.placeholder, x: 0, y: row, style: dim)
                continue
            }
            let guides = Self.guides(of: node)
            let x = canvas.write(guides, x: 0, y: row, style: guideLook)
            let expander = node.isExpandable ? (node.isExpanded ? "▾ " : "▸ ") : "  "
            let isSelected = index == cursor.selected
            if isSelected { canvas.fill(x: x, y: row, style: selectedLook) }
            let look = isSelected ? selectedLook : canvas.textStyle
            let written = canvas.write(expander, x: x, y: row, style: look)
            canvas.write(node.label, x: x + written, y: row, style: look)
        }
    }

    /// The guide lines before a node: `│  ` for each ancestor level that has
    /// more below, `├─ ` or `└─ ` for the node itself (nothing for the root).
    static func guides(of node: TreeNode, child: Bool = false) -> String {
        var parts: [String] = []
        var current: TreeNode? = child ? nil : node
        if child {
            parts.append("└─ ")
            current = node
        } else if let parent = node.parent {
            parts.append(parent.children.last === node ? "└─ " : "├─ ")
        }
        var ancestor = child ? node : node.parent
        _ = current
        while let level = ancestor, let above = level.parent {
            parts.append(above.children.last === level ? "   " : "│  ")
            ancestor = above
        }
        return parts.reversed().joined()
    }
}
