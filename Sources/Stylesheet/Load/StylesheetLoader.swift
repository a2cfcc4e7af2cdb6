/// Loads stylesheets with their imports and keeps every file's parse, so a reload
/// re-parses only the files whose contents changed.
///
///     var loader = StylesheetLoader(reader: .fileSystem)
///     let sheet = loader.load("styles/main.cas")
///     // … a file changed on disk …
///     let next = loader.load("styles/main.cas")   // re-parses only that file
public struct StylesheetLoader: Sendable {
    /// Where file contents come from; replace it to read from another source.
    public var reader: StylesheetReader
    /// The view kinds selectors are checked against.
    public let hierarchy: KindHierarchy
    private var cache: [String: ParsedFile] = [:]
    /// The last load: linking is a function of the files read, so a load that reads
    /// the same files with the same contents returns this stylesheet as it is.
    private var last: (entries: [String], reads: [FileRecord], sheet: Stylesheet)?
    /// What this load read so far, in read order, to check the next load against.
    private var reads: [FileRecord] = []
    /// Contents already read by this load while checking `last`: each file is read
    /// once per load, as if the check had not happened.
    private var prefetched: [String: ReadOutcome] = [:]
    /// Files parsed (not taken from the cache) by the last `load`, in read order.
    public private(set) var parsedByLastLoad: [String] = []

    /// A loader with an empty cache, reading through `reader`.
    public init(reader: StylesheetReader = .fileSystem, hierarchy: KindHierarchy = .standard) {
        self.reader = reader
        self.hierarchy = hierarchy
    }

    /// Loads an entry file and its imports.
    public mutating func load(_ path: String) -> Stylesheet {
        load([path])
    }

    /// Loads several entry files in order, as if one file imported each of them
    /// (a layout spec may `use` several sheets); later files win ties.
    public mutating func load(_ paths: [String]) -> Stylesheet {
        parsedByLastLoad = []
        let entries = paths.map(ImportPath.normalize)
        if let unchanged = unchangedSheet(entries: entries) { return unchanged }
        defer { prefetched = [:] }
        reads = []
        var linker = Linker(hierarchy: hierarchy)
        for path in entries {
            linker.link(entry: path) { self.parsedFile(at: $0) }
        }
        // Keep only what this load used: the cache follows the import graph.
        cache = cache.filter { linker.linkedPaths.contains($0.key) }
        let sheet = linker.finish()
        last = (entries, reads, sheet)
        reads = []
        return sheet
    }

    /// The last load's stylesheet when the same entries read the same files with the
    /// same contents (or the same failures); nil otherwise, keeping what it read for
    /// the load that follows.
    private mutating func unchangedSheet(entries: [String]) -> Stylesheet? {
        guard let last, last.entries == entries else { return nil }
        var unchanged = true
        for record in last.reads {
            let read = readContents(of: record.path)
            prefetched[record.path] = read
            guard unchanged else { continue }
            switch (read, record.outcome) {
            case (.contents(let now), .contents(let before)): unchanged = ImportPath.sameBytes(now, before)
            case (.failed(let now), .failed(let before)): unchanged = now == before
            default: unchanged = false
            }
            // Once something differs, the rest need not be read now: the load reads them.
            if !unchanged { break }
        }
        guard unchanged else { return nil }
        prefetched = [:]
        return last.sheet
    }

    private func readContents(of path: String) -> ReadOutcome {
        do {
            return .contents(try reader.contents(of: path))
        } catch let failure as StylesheetReader.Failure {
            return .failed(failure == .notFound ? .missing : .unreadable(failure.description))
        } catch {
            return .failed(.unreadable("\(error)"))
        }
    }

    /// The parse of a file, from the cache when its contents are unchanged.
    private mutating func parsedFile(at path: String) -> FileRead {
        let contents: String
        // Most loads prefetched nothing: skip hashing the path for an empty dictionary.
        let prefetch = prefetched.isEmpty ? nil : prefetched.removeValue(forKey: path)
        switch prefetch ?? readContents(of: path) {
        case .failed(let status):
            reads.append(FileRecord(path: path, outcome: .failed(status)))
            return .failed(status)
        case .contents(let text):
            contents = text
        }
        if let cached = cache[path], ImportPath.sameBytes(cached.contents, contents) {
            reads.append(FileRecord(path: path, outcome: .contents(cached.contents)))
            return .parsed(cached)
        }
        let parsed = ParsedFile(path: path, contents: contents, hierarchy: hierarchy)
        cache[path] = parsed
        parsedByLastLoad.append(path)
        reads.append(FileRecord(path: path, outcome: .contents(contents)))
        return .parsed(parsed)
    }
}

/// What reading one file gave.
enum ReadOutcome: Sendable {
    case contents(String)
    case failed(StylesheetFile.Status)
}

/// One file a load read: its contents, or why it could not be read.
struct FileRecord: Sendable {
    var path: String
    var outcome: ReadOutcome
}

/// The outcome of reading one file for a load.
enum FileRead {
    case parsed(ParsedFile)
    case failed(StylesheetFile.Status)
}
