import Cells
import Foundation
import LiveLink
import Testing

@testable import Designer

/// docs/live.md's designer example, as written there but for a live directory of the
/// test's own (not the user's) and files in memory, run against a real editor's end.
@Suite struct LiveDocExampleTests {
    @Test func theDesignersEndAsTheDocsShowIt() throws {
        let root = "/tmp/cl-doc-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let directory = LiveDirectory(path: root + "/live")
        let files = EditableFiles([root + "/boxes.layout": twoBoxesSpec.replacing("look.cas", with: root + "/look.cas"), root + "/look.cas": twoBoxesStyle])
        let editor = try EditorLink(directory: directory)
        defer { editor.stop() }

        var state = DesignerState(specPath: root + "/boxes.layout", reader: files.reader, screen: TerminalSize(width: 80, height: 24))
        state.load()
        let link = try DesignerLink(directory: directory)
        link.show(spec: state.session.specPath, files: state.watchedFiles, size: state.session.size)
        editor.bufferChanged(path: root + "/look.cas", text: twoBoxesStyle.replacing("size 12 5", with: "size 20 6"))
        let end = ContinuousClock.now + .seconds(10)
        while state.unsavedFiles.isEmpty, ContinuousClock.now < end {
            let update = link.service()
            state.showUnsaved(update.texts)
            usleep(2_000)
        }
        link.stop()
        #expect(state.unsavedFiles == [root + "/look.cas"])
        #expect(state.session.view("alpha")?.frame.width == 20)
    }
}
