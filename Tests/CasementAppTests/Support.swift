import CasementApp
import Foundation

/// A screen with widgets pinned where a test wants them.
@MainActor
func screen(_ build: (View) -> Void) -> View {
    let root = View(.screen, id: "root")
    build(root)
    return root
}

@MainActor
func place(_ widget: Widget, in root: View, x: Int, y: Int, width: Int, height: Int) {
    root.addSubview(widget)
    widget.view.makeConstraints { make in
        make.left.equalToSuperview().offset(x)
        make.top.equalToSuperview().offset(y)
        make.width.equalTo(width)
        make.height.equalTo(height)
    }
}

/// A scratch directory with files, removed by the caller.
func scratchDirectory(_ files: [String: String]) throws -> String {
    let directory = NSTemporaryDirectory() + "casement-app-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8) }
    return directory
}

/// A pilot on one widget filling a `width` × `height` screen (focused when it
/// takes focus), styled by `stylesheet` when given.
@MainActor
func pilot(on widget: Widget, width: Int, height: Int, stylesheet: String? = nil) throws -> AppPilot {
    let root = screen { place(widget, in: $0, x: 0, y: 0, width: width, height: height) }
    var sheets: [String] = []
    if let stylesheet {
        let directory = try scratchDirectory(["app.cas": stylesheet])
        sheets = [directory + "/app.cas"]
    }
    let app = try App(root: root, stylesheets: sheets, devMode: false)
    let pilot = AppPilot(app, size: TerminalSize(width: width, height: height))
    if widget.canFocus { app.focus(widget); pilot.settle() }
    return pilot
}
