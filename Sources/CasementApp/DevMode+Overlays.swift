import Canvas
import Casement
import Diagnostics
import Foundation
import LayoutEngine
import TerminalUI

// Dev mode's keys and what it draws over the app: the F12 inspector and the
// error drawer. Watching and reloading are in DevMode.swift.
extension DevMode {
    // MARK: Keys

    /// F12 toggles the inspector; while it is open the arrows walk the views,
    /// Escape closes it and a click picks the view under the pointer.
    func handle(_ key: Key, in app: App) -> Bool {
        if key == .function(12) {
            inspectorOpen.toggle()
            if inspectorOpen, inspectedID == nil { inspectedID = app.focusedWidget?.view.id ?? app.frameState.views.first?.id }
            return true
        }
        guard inspectorOpen else { return false }
        let ids = app.frameState.views.map(\.id)
        let index = inspectedID.flatMap { ids.firstIndex(of: $0) } ?? 0
        switch key {
        case .escape: inspectorOpen = false
        case .up: inspectedID = ids.isEmpty ? nil : ids[max(0, index - 1)]
        case .down: inspectedID = ids.isEmpty ? nil : ids[min(ids.count - 1, index + 1)]
        case .mouseClick(let x, let y):
            if let node = app.frameState.painting?.node(atX: x, y: y) { inspectedID = app.frameState.views[node].id }
        default: return false
        }
        return true
    }

    /// The view outlined on the app while the inspector is open.
    var highlightedID: String? { inspectorOpen ? inspectedID : nil }

    func canvasSize(for size: TerminalSize) -> TerminalSize { size }

    // MARK: Overlays

    func drawOverlays(of app: App, into grid: inout Grid) {
        if inspectorOpen { drawInspector(of: app, into: &grid) }
        if !errors.isEmpty { drawDrawer(into: &grid) }
    }

    private static let panel = CellStyle(foreground: .ansi(15), background: .ansi(236))
    private static let overridden = CellStyle(foreground: .ansi(8), background: .ansi(236), attributes: .strikethrough)
    private static let heading = CellStyle(foreground: .ansi(0), background: .ansi(11), attributes: .bold)
    private static let errorLook = CellStyle(foreground: .ansi(9), background: .ansi(236), attributes: .bold)

    /// The inspector: the view tree (with frames), then the inspected view's
    /// `explain` text — its constraints with their Swift or spec lines and
    /// status, and each style value with the declaration it came from.
    private func drawInspector(of app: App, into grid: inout Grid) {
        let width = min(max(50, grid.width * 3 / 5), grid.width)
        let area = CellRect(x: grid.width - width, y: 0, width: width, height: grid.height)
        var lines: [(String, CellStyle)] = [(" Inspector — F12 closes, ↑↓ or click picks", Self.heading)]
        for view in app.frameState.views {
            let marker = view.id == inspectedID ? "▶ " : "  "
            let frame = view.frame
            let text = marker + String(repeating: " ", count: view.depth * 2)
                + "\(view.kind.rawValue)\(view.classes.map { "." + $0 }.joined()) #\(view.id)  \(frame.x),\(frame.y) \(frame.width)×\(frame.height)"
            lines.append((text, view.id == inspectedID ? CellStyle(foreground: .ansi(11), background: .ansi(236), attributes: .bold) : Self.panel))
        }
        if let inspectedID, let explanation = app.layout.explain(inspectedID) {
            lines.append(("", Self.panel))
            lines.append((" \(inspectedID)", Self.heading))
            for line in explanation.split(separator: "\n", omittingEmptySubsequences: false) {
                // A declaration another one beat reads struck through, as in the designer.
                let overridden = line.trimmingCharacters(in: .whitespaces).hasPrefix("overridden:")
                lines.append((" " + line, overridden ? Self.overridden : Self.panel))
            }
        }
        paint(lines, in: area, into: &grid)
    }

    /// The error drawer: each error with file:line:col, the source line and the hint.
    private func drawDrawer(into grid: inout Grid) {
        let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
        var lines: [(String, CellStyle)] = [(" ✖ \(count) — the last good layout and styles stay on screen; fix and save to reload", Self.heading)]
        for error in errors {
            lines.append((" \(Self.shortened(error.location.file)):\(error.location.line):\(error.location.column): \(error.message)", Self.errorLook))
            if let excerpt = error.excerpt { lines.append(("   \(error.location.line) │ \(excerpt)", Self.panel)) }
            if let hint = error.hint { lines.append(("   hint: \(hint)", Self.panel)) }
        }
        let height = min(lines.count, max(3, grid.height / 3))
        paint(lines, in: CellRect(x: 0, y: grid.height - height, width: grid.width, height: height), into: &grid)
    }

    /// A path as the drawer shows it: relative to the working directory when
    /// inside it, otherwise its last two components (the line must fit).
    static func shortened(_ path: String) -> String {
        let directory = FileManager.default.currentDirectoryPath + "/"
        if path.hasPrefix(directory) { return String(path.dropFirst(directory.count)) }
        let parts = path.split(separator: "/")
        return parts.count > 2 ? "…/" + parts.suffix(2).joined(separator: "/") : path
    }

    private func paint(_ lines: [(String, CellStyle)], in area: CellRect, into grid: inout Grid) {
        var canvas = ContentCanvas(grid: grid)
        grid = Grid(width: 0, height: 0)
        canvas.area = area
        canvas.clip = area.intersection(canvas.grid.bounds)
        canvas.fill(y: 0, height: area.height, style: Self.panel)
        for (row, (text, look)) in lines.prefix(area.height).enumerated() {
            canvas.fill(y: row, style: look)
            canvas.write(text, x: 0, y: row, style: look)
        }
        grid = canvas.grid
    }
}
