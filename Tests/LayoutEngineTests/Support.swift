import Cells
import Testing

@testable import LayoutEngine

let specPath = "spec.layout"

/// A loaded session on an in-memory spec (and stylesheets), with its files.
/// `stagingThreshold` overrides when a load's additions go in stages.
func loaded(
    _ spec: String, styles: [String: String] = [:], width: Int = 80, height: Int = 24, stagingThreshold: Int? = nil
) -> (session: LayoutSession, files: MemoryFiles) {
    var files = styles
    files[specPath] = spec
    let memory = MemoryFiles(files)
    var session = LayoutSession(specPath: specPath, reader: memory.reader, size: TerminalSize(width: width, height: height))
    if let stagingThreshold { session.binding.stagingThreshold = stagingThreshold }
    session.load()
    return (session, memory)
}

/// A solved layout's frames by id.
func frames(
    _ spec: String, styles: [String: String] = [:], width: Int = 80, height: Int = 24
) -> [String: ViewFrame] {
    let session = loaded(spec, styles: styles, width: width, height: height).session
    var result: [String: ViewFrame] = [:]
    for view in session.views { result[view.id] = view.frame }
    return result
}

func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> ViewFrame {
    ViewFrame(x: x, y: y, width: width, height: height)
}

extension LayoutSession {
    func frame(_ id: String) -> ViewFrame? { view(id)?.frame }
}
