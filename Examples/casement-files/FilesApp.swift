import CasementApp
import Foundation

/// The browser's widgets and state, on the main actor. Directories are listed,
/// files previewed and their details read off the main actor (FileSystem);
/// the results come back through `app.post`, so input never waits for the disk.
@MainActor
final class FilesApp {
    let app: App
    let options = SharedOptions()
    /// The directory at the top of the tree.
    private(set) var rootPath: String
    private(set) var tree: Tree
    // The toolbar.
    let filter = TextField(placeholder: "filter (/)", id: "filter")
    let sort = Select(SortOrder.allCases.map(\.title), id: "sort")
    let hidden = Checkbox("Hidden", id: "hidden")
    let wrapLabel = Label("Wrap", id: "wrap-label")
    let wrap = Switch(isOn: true, id: "wrap")
    // The preview, and the panel under it: details, the log, notes.
    let preview = TextView(text: "", id: "preview")
    let panels = Tabs(["Details", "Log", "Notes"], id: "panels")
    let details = ScrollView(id: "details")
    let log = LogView(maximumLines: 500, id: "log")
    let notes = TextArea(text: "", id: "notes")
    let footer = Footer(id: "footer")
    /// The details form: one label per line (`Size  1.2 MB`), in `details.content`.
    private var detailRows: [Label] = []
    private var lastDetails: FileDetails?
    /// Sizes in powers of 1000 (`kB`) rather than 1024 (the Options screen).
    private(set) var decimalSizes = false
    /// Counts selections: a preview or details result is shown only if no later selection came.
    private var selectionToken = 0
    /// The path shown in the preview and details.
    private(set) var shownPath: String?
    /// A file gone to: selected in the tree once its directory is listed.
    private var pendingSelection: String?

    init(specPath: String, directory: String, devMode: Bool) throws {
        app = try App(spec: specPath, devMode: devMode)
        rootPath = directory
        tree = Self.makeTree(at: directory, loader: Self.loader(options: options, app: app, log: log))
        attach(tree)
        placeWidgets()
        bindKeys()
        addCommands()
        showPanel(0)
        app.view("header")?.text = " casement-files   \(directory)"
        app.focus(tree)
    }

    // MARK: Layout

    private func placeWidgets() {
        if let toolbar = app.view("toolbar") {
            toolbar.addSubviews(filter, sort, hidden, wrapLabel, wrap)
            wrap.makeConstraints { make in make.top.right.equalToSuperview() }
            wrapLabel.makeConstraints { make in
                make.top.equalToSuperview()
                make.right.equalTo(wrap.left).offset(-1)
            }
            hidden.makeConstraints { make in
                make.top.equalToSuperview()
                make.right.equalTo(wrapLabel.left).offset(-2)
            }
            sort.makeConstraints { make in
                make.top.equalToSuperview()
                make.right.equalTo(hidden.left).offset(-2)
            }
            filter.makeConstraints { make in
                make.top.left.equalToSuperview()
                make.right.equalTo(sort.left).offset(-2)
            }
        }
        app.view("browser")?.addSubview(tree)
        fill(tree)
        app.view("viewer")?.addSubview(preview)
        fill(preview)
        if let info = app.view("info") {
            info.addSubviews(panels, details, log, notes)
            panels.makeConstraints { make in
                make.top.equalToSuperview()
                make.left.equalToSuperview().offset(1)
            }
            for panel in [details, log, notes] as [Widget] {
                panel.makeConstraints { make in
                    make.top.equalTo(panels.bottom)
                    make.left.right.bottom.equalToSuperview()
                }
            }
        }
        buildDetailRows()
        app.view("bar")?.addSubview(footer)
        fill(footer)
        filter.onChange = { [unowned self] text in change { $0.filter = text } }
        filter.onSubmit = { [unowned self] _ in app.focus(tree) }
        sort.onChange = { [unowned self] index in change { $0.sort = SortOrder(rawValue: index) ?? .name } }
        hidden.onChange = { [unowned self] on in change { $0.showsHidden = on } }
        wrap.onChange = { [unowned self] on in preview.wraps = on }
        panels.onChange = { [unowned self] index in showPanel(index) }
    }

    private func fill(_ widget: Widget) {
        widget.makeConstraints { make in make.edges.equalToSuperview() }
    }

    /// Name, kind, size, modified, permissions, owner, link and path: one label each,
    /// stacked in the scroll view's content (the path wraps, and the form scrolls).
    private func buildDetailRows() {
        detailRows = (0..<8).map { Label("", id: "detail\($0)", classes: ["detail"]) }
        details.content.addSubviews(detailRows)
        for (index, row) in detailRows.enumerated() {
            row.makeConstraints { make in
                make.left.right.equalToSuperview()
                make.top.equalTo(index == 0 ? details.content.top : detailRows[index - 1].bottom)
                if index == detailRows.count - 1 { make.bottom.equalToSuperview() }
            }
        }
    }

    /// Shows one of the panel's pages: the others are hidden by their class (files.cas).
    func showPanel(_ index: Int) {
        panels.selectedIndex = index
        for (page, widget) in ([details, log, notes] as [Widget]).enumerated() {
            widget.view.classes = [widget.view.classes[0], page == index ? "shown" : "page"]
        }
    }

    // MARK: Keys and commands

    private func bindKeys() {
        app.bind(.character("/"), "Filter") { [unowned self] in app.focus(filter) }
        app.bind(.character("s"), "Sort") { [unowned self] in cycleSort() }
        app.bind(.character("."), "Hidden") { [unowned self] in hidden.toggle() }
        app.bind(.character("g"), "Go to") { [unowned self] in showGoTo() }
        app.bind(.character("r"), "Reload") { [unowned self] in reload() }
        app.bind(.character("o"), "Options") { [unowned self] in showOptions() }
        app.bind(.character("?"), "Help") { [unowned self] in showHelp() }
        app.bind(.character("q"), "Quit") { [unowned self] in app.quit() }
        app.bind(.escape) { [unowned self] in
            // Escape in the filter clears it and goes back to the tree.
            guard app.focusedWidget === filter else { return }
            filter.text = ""
            change { $0.filter = "" }
            app.focus(tree)
        }
    }

    private func addCommands() {
        for order in SortOrder.allCases {
            app.addCommand("Sort by \(order.title.lowercased())") { [unowned self] in setSort(order) }
        }
        app.addCommand("Go to home directory") { [unowned self] in
            go(to: ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory())
        }
        app.addCommand("Go to parent directory") { [unowned self] in go(to: (rootPath as NSString).deletingLastPathComponent) }
        app.addCommand("Show details") { [unowned self] in showPanel(0) }
        app.addCommand("Show log") { [unowned self] in showPanel(1) }
        app.addCommand("Show notes") { [unowned self] in showPanel(2); app.focus(notes) }
    }

    private func cycleSort() {
        setSort(SortOrder(rawValue: (sort.selectedIndex + 1) % SortOrder.allCases.count) ?? .name)
    }

    private func setSort(_ order: SortOrder) {
        sort.selectedIndex = order.rawValue
        change { $0.sort = order }
    }

    /// Changes the listing options and lists every open directory again: the
    /// nodes that stay keep their state (TreeNode.reloadChildren).
    private func change(_ edit: (inout ListingOptions) -> Void) {
        var next = options.current
        edit(&next)
        guard next != options.current else { return }
        options.current = next
        reload()
    }

    /// Lists every expanded directory again.
    func reload() {
        for node in tree.visibleNodes where node.isExpanded { node.reloadChildren() }
    }

    // MARK: The tree

    /// A tree of the directory, listed off the main actor (a `Loading…` row meanwhile).
    private static func makeTree(at directory: String, loader: @escaping @Sendable (TreeItem) async -> [TreeItem]) -> Tree {
        let name = directory == "/" ? "/" : (directory as NSString).lastPathComponent + "/"
        return Tree(root: TreeNode(TreeItem(name, value: directory, isExpandable: true), loadChildren: loader), id: "tree")
    }

    /// Selecting shows a path; Enter opens or closes a directory, or goes to a file's preview.
    private func attach(_ tree: Tree) {
        tree.onSelect = { [unowned self] node in show(node.value) }
        tree.onLoad = { [unowned self, unowned tree] node in
            guard let path = pendingSelection, let file = node.children.first(where: { $0.value == path }) else { return }
            pendingSelection = nil
            tree.select(file)
        }
        tree.onActivate = { [unowned self] node in
            if node.isExpandable {
                node.isExpanded ? node.collapse() : node.expand()
            } else {
                app.focus(preview)
            }
        }
    }

    /// Lists a directory with the options of the moment; a problem is a toast,
    /// and the directory shows empty. Each listing goes into the log.
    private static func loader(options: SharedOptions, app: App, log: LogView) -> @Sendable (TreeItem) async -> [TreeItem] {
        { item in
            switch FileSystem.list(item.value) {
            case .success(let entries):
                let shown = options.current.arrange(entries)
                app.post { log.append("listed \(item.value): \(shown.count) of \(entries.count) entries") }
                return shown.map { entry in
                    TreeItem(entry.isDirectory ? entry.name + "/" : entry.name, value: entry.path,
                             isExpandable: entry.isDirectory)
                }
            case .failure(let problem):
                app.post {
                    app.notify(problem.message, severity: .error)
                    log.append("error: " + problem.message)
                }
                return []
            }
        }
    }

    /// Opens the root directory (it is listed once the tree is first drawn) and shows it.
    func start() {
        tree.root.expand()
        show(rootPath)
    }

    /// Makes `path` the tree's root: a directory, or the directory of a file
    /// (which is selected once listed).
    func go(to path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            app.notify("\(path) is gone (deleted or moved)", severity: .error)
            return
        }
        let directory = isDirectory.boolValue ? path : (path as NSString).deletingLastPathComponent
        let slot = tree.view.superview
        tree.view.removeFromSuperview()
        rootPath = directory
        tree = Self.makeTree(at: directory, loader: Self.loader(options: options, app: app, log: log))
        attach(tree)
        slot?.addSubview(tree)
        fill(tree)
        app.focus(tree)
        app.view("header")?.text = " casement-files   \(directory)"
        pendingSelection = isDirectory.boolValue ? nil : path
        tree.root.expand()
        show(isDirectory.boolValue ? directory : path)
    }

    // MARK: Preview and details

    /// Reads what the preview and the details show for `path`, off the main actor.
    func show(_ path: String) {
        selectionToken += 1
        let token = selectionToken
        shownPath = path
        Task.detached { [app] in
            let preview = FileSystem.preview(path)
            let details = FileSystem.details(path)
            app.post { [weak self] in
                guard let self, token == selectionToken else { return }
                showPreview(preview, of: path)
                showDetails(details)
            }
        }
    }

    private func showPreview(_ result: Result<Preview, FileProblem>, of path: String) {
        switch result {
        case .success(.text(let text, let size, let isCut)):
            preview.text = isCut
                ? text + "\n\n— the first \(formatSize(Int64(FileSystem.previewLimit))) of \(formatSize(size)) —"
                : text
        case .success(.binary(let size, let bytes)):
            let hex = bytes.map { String(format: "%02x", $0) }.joined(separator: " ")
            preview.text = "Binary file, \(formatSize(size))\n\nfirst bytes: \(hex)"
        case .success(.directory(let entries)):
            preview.text = "Directory, \(entries) \(entries == 1 ? "entry" : "entries")"
        case .success(.special(let kind)):
            preview.text = "A \(kind): not read"
        case .failure(let problem):
            preview.text = ""
            app.notify(problem.message, severity: .error)
            log.append("error: " + problem.message)
        }
    }

    private func showDetails(_ result: Result<FileDetails, FileProblem>) {
        guard case .success(let found) = result else {
            lastDetails = nil
            for row in detailRows { row.text = "" }
            return
        }
        lastDetails = found
        let lines = [
            "Name         " + (found.path as NSString).lastPathComponent,
            "Kind         " + found.kind,
            "Size         " + formatSize(found.size) + (found.size >= 1000 ? " (\(found.size) bytes)" : ""),
            "Modified     " + FileSystem.formatDate(found.modified),
            "Permissions  " + found.permissions,
            "Owner        " + found.owner + ":" + found.group,
            "Link to      " + (found.linkTarget ?? "—"),
            "Path         " + found.path,
        ]
        for (row, line) in zip(detailRows, lines) { row.text = line }
        details.scroll(to: (0, 0))
    }

    private func formatSize(_ bytes: Int64) -> String {
        FileSystem.formatSize(bytes, decimal: decimalSizes)
    }

    // MARK: Screens

    /// "Go to path": a modal screen with a field. Enter goes there (a path that
    /// does not exist is a toast and the field stays); Escape closes it.
    func showGoTo() {
        let screen = Screen(id: "goto")
        let box = View(.box, id: "goto-box", classes: ["goto"], title: "Go to path")
        let field = TextField(text: rootPath, placeholder: "a directory or a file; ~ is home", id: "goto-field")
        screen.root.addSubview(box)
        box.addSubview(field)
        box.makeConstraints { make in
            make.center.equalToSuperview()
            make.width.equalToSuperview().multipliedBy(0.6)
            make.height.equalTo(3)
        }
        field.makeConstraints { make in make.edges.equalToSuperview().inset(1) }
        field.onSubmit = { [unowned self] text in
            let target = FileSystem.resolve(text, from: rootPath)
            guard FileManager.default.fileExists(atPath: target) else {
                app.notify("no such file or directory: \(target)", severity: .error)
                return
            }
            app.dismissModal()
            go(to: target)
        }
        app.presentModal(screen)
    }

    /// "Options": a screen pushed over the browser; Escape or `o` goes back.
    func showOptions() {
        let screen = Screen(id: "options")
        let units = RadioGroup(["Sizes in powers of 1024 (KB, MB)", "Sizes in powers of 1000 (kB, MB)"],
                               selectedIndex: decimalSizes ? 1 : 0, id: "units")
        let title = Label("Options — Escape goes back", id: "options-title")
        let back = Footer(id: "options-footer")
        screen.root.addSubviews(title, units, back)
        title.makeConstraints { make in make.top.left.equalToSuperview().offset(1) }
        units.makeConstraints { make in
            make.top.equalTo(title.bottom).offset(1)
            make.left.equalToSuperview().offset(1)
        }
        back.makeConstraints { make in make.left.right.bottom.equalToSuperview() }
        units.onChange = { [unowned self] index in
            decimalSizes = index == 1
            if let lastDetails { showDetails(.success(lastDetails)) }
        }
        screen.bind(.escape, "Back") { [unowned self] in app.pop() }
        screen.bind(.character("o"), "Back") { [unowned self] in app.pop() }
        app.push(screen)
    }

    /// The keys, in a dialog.
    func showHelp() {
        let dialog = Dialog(
            title: "casement-files",
            message: "A read-only file browser. ↑ ↓ move, → ← open and close, Enter opens, "
                + "Tab moves the focus, Ctrl-P lists every command.",
            buttons: ["OK"])
        app.presentModal(dialog)
    }
}
