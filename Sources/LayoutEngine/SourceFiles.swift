import Stylesheet
import Synchronization

/// Where a session reads its spec and stylesheets: a path in, the file's text out,
/// `StylesheetReader.Failure.notFound` thrown for a missing file. The same reader
/// the stylesheet loader takes, so tests and the designer inject one for both.
public typealias FileReader = StylesheetReader

/// Files kept in memory that may change between reloads: for tests, benchmarks,
/// and editors that lay out unsaved buffers. `reader` serves them to a session.
public final class MemoryFiles: Sendable {
    private let storage: Mutex<[String: String]>

    /// Starts with `files`, path to text.
    public init(_ files: [String: String] = [:]) {
        storage = Mutex(files)
    }

    /// A file's text; nil for a file that does not exist. Setting nil deletes it.
    public subscript(path: String) -> String? {
        get { storage.withLock { $0[path] } }
        set { storage.withLock { $0[path] = newValue } }
    }

    /// A reader that serves these files' current text and reads every other file
    /// through `base`: an editor's unsaved buffers over the files on disk. A file
    /// held here is never read from `base`.
    public func reader(over base: FileReader) -> FileReader {
        FileReader { path in
            if let text = self[path] { return text }
            return try base.contents(of: path)
        }
    }

    /// A reader that serves the current text of these files; a missing one throws `notFound`.
    public var reader: FileReader {
        FileReader { path in
            guard let text = self[path] else { throw StylesheetReader.Failure.notFound }
            return text
        }
    }
}

/// The latest text of every file a session has read, so a reload re-reads only the
/// files it is told changed, and the stylesheet loader is served from memory.
struct SourceFiles: Sendable {
    let reader: FileReader
    /// Path to latest text, for files that could be read.
    private(set) var contents: [String: String] = [:]

    init(reader: FileReader) {
        self.reader = reader
    }

    /// Reads a file afresh (replacing what was kept), timing the read.
    mutating func read(_ path: String, clock: inout StageClock) -> Result<String, StylesheetReader.Failure> {
        let result = clock.timing(.read) { () -> Result<String, StylesheetReader.Failure> in
            do {
                return .success(try reader.contents(of: path))
            } catch let failure as StylesheetReader.Failure {
                return .failure(failure)
            } catch {
                return .failure(.unreadable("\(error)"))
            }
        }
        switch result {
        case .success(let text): contents[path] = text
        case .failure: contents[path] = nil
        }
        return result
    }

    func isKnown(_ path: String) -> Bool { contents[path] != nil }

    /// A reader for the stylesheet loader: kept text first; files never read
    /// before go to the real reader, and `log` records them (with the time taken)
    /// so they are kept afterwards.
    func stylesheetReader(log: ReadLog) -> StylesheetReader {
        let kept = contents
        let reader = self.reader
        return StylesheetReader { path in
            if let text = kept[path] { return text }
            let clock = ContinuousClock()
            let start = clock.now
            do {
                let text = try reader.contents(of: path)
                log.record(path: path, text: text, took: clock.now - start)
                return text
            } catch {
                log.record(path: path, text: nil, took: clock.now - start)
                throw error
            }
        }
    }

    /// Keeps what the loader read through `stylesheetReader(log:)`.
    mutating func keepTexts(readIn log: ReadLog, clock: inout StageClock) {
        for entry in log.entries {
            if let text = entry.text { contents[entry.path] = text }
            clock.add(entry.took, to: .read)
        }
    }
}

/// Files the stylesheet loader read past the kept contents during one load.
final class ReadLog: Sendable {
    struct Entry: Sendable {
        var path: String
        var text: String?
        var took: Duration
    }

    private let storage = Mutex<[Entry]>([])

    func record(path: String, text: String?, took: Duration) {
        storage.withLock { $0.append(Entry(path: path, text: text, took: took)) }
    }

    var entries: [Entry] { storage.withLock { $0 } }

    /// Time spent reading, to take out of the time the loader took as a whole.
    var readTime: Duration { entries.reduce(.zero) { $0 + $1.took } }
}
