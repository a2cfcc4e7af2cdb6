import Cells
import LayoutEngine
import Stylesheet
import Synchronization
import Testing

/// The live preview at the engine: an editor's unsaved text laid over the files, read
/// instead of them, never from disk.
@Suite struct UnsavedBufferTests {
    /// The files "on disk": every read is counted, by path.
    final class CountingDisk: Sendable {
        let files: MemoryFiles
        private let reads = Mutex<[String: Int]>([:])

        init(_ files: [String: String]) { self.files = MemoryFiles(files) }

        var reader: FileReader {
            FileReader { path in
                self.reads.withLock { $0[path, default: 0] += 1 }
                return try self.files.reader.contents(of: path)
            }
        }

        func readCount(_ path: String) -> Int { reads.withLock { $0[path] ?? 0 } }
    }

    static let spec = """
        use "look.cas"
        screen root {
          box card { top == 1; left == 2; size == $size }
        }
        """

    @Test func aBuffersTextIsLaidOutWithoutTouchingTheFileOnDisk() throws {
        let disk = CountingDisk(["app.layout": Self.spec, "look.cas": "box\n  size 10 3\n"])
        let buffers = MemoryFiles()
        var session = LayoutSession(specPath: "app.layout", reader: buffers.reader(over: disk.reader), size: TerminalSize(width: 80, height: 24))
        session.load()
        #expect(session.view("card")?.frame == ViewFrame(x: 2, y: 1, width: 10, height: 3))
        let sheetReads = disk.readCount("look.cas"), specReads = disk.readCount("app.layout")

        // The editor types in the stylesheet and in the spec; nothing is saved.
        buffers["look.cas"] = "box\n  size 30 5\n"
        session.reload(changedFiles: ["look.cas"])
        #expect(session.view("card")?.frame == ViewFrame(x: 2, y: 1, width: 30, height: 5))
        buffers["app.layout"] = Self.spec.replacingOccurrences(of: "left == 2", with: "left == 7")
        session.reload(changedFiles: ["app.layout"])
        #expect(session.view("card")?.frame == ViewFrame(x: 7, y: 1, width: 30, height: 5))
        #expect(disk.readCount("look.cas") == sheetReads, "the buffer was read, not the file")
        #expect(disk.readCount("app.layout") == specReads)
        #expect(disk.files["look.cas"] == "box\n  size 10 3\n", "and the file is as it was")

        // An error in the unsaved text is reported as a save's would be.
        buffers["look.cas"] = "box\n  size 30 5x\n"
        let report = session.reload(changedFiles: ["look.cas"])
        #expect(!report.blockingErrors.isEmpty)

        // The editor closes the buffer without saving: the file on disk again.
        buffers["look.cas"] = nil
        buffers["app.layout"] = nil
        session.reload(changedFiles: ["look.cas", "app.layout"])
        #expect(session.view("card")?.frame == ViewFrame(x: 2, y: 1, width: 10, height: 3))
        #expect(disk.readCount("look.cas") == sheetReads + 1)
    }
}
