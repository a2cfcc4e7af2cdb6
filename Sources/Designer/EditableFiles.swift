import LayoutEngine
import Stylesheet
import Synchronization

/// Files kept in memory and changed in place: a `FileReader` for the designer
/// that serves an editor's unsaved buffers, a benchmark's edits or a test's
/// files. After changing one, tell the designer (`reload(changedFiles:)`).
public final class EditableFiles: Sendable {
    private let files: Mutex<[String: String]>

    /// In-memory files keyed by path, with their text.
    public init(_ files: [String: String] = [:]) {
        self.files = Mutex(files)
    }

    /// A file's text; nil removes it (reading it then fails with `notFound`).
    public subscript(path: String) -> String? {
        get { files.withLock { $0[path] } }
        set { files.withLock { $0[path] = newValue } }
    }

    /// A reader serving the files as they are when read; a missing path fails with `notFound`.
    public var reader: FileReader {
        FileReader { path in
            guard let text = self[path] else { throw FileReader.Failure.notFound }
            return text
        }
    }
}
