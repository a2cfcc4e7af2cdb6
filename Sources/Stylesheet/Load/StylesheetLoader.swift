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
        var linker = Linker(hierarchy: hierarchy)
        for path in paths {
            linker.link(entry: ImportPath.normalize(path)) { self.parsedFile(at: $0) }
        }
        // Keep only what this load used: the cache follows the import graph.
        cache = cache.filter { linker.linkedPaths.contains($0.key) }
        return linker.finish()
    }

    /// The parse of a file, from the cache when its contents are unchanged.
    private mutating func parsedFile(at path: String) -> FileRead {
        let contents: String
        do {
            contents = try reader.contents(of: path)
        } catch let failure as StylesheetReader.Failure {
            return .failed(failure == .notFound ? .missing : .unreadable(failure.description))
        } catch {
            return .failed(.unreadable("\(error)"))
        }
        if let cached = cache[path], ImportPath.sameBytes(cached.contents, contents) {
            return .parsed(cached)
        }
        let parsed = ParsedFile(path: path, contents: contents, hierarchy: hierarchy)
        cache[path] = parsed
        parsedByLastLoad.append(path)
        return .parsed(parsed)
    }
}

/// The outcome of reading one file for a load.
enum FileRead {
    case parsed(ParsedFile)
    case failed(StylesheetFile.Status)
}
