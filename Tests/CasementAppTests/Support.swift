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
