/// Path arithmetic for `use` lines, done on strings so it needs no file system
/// and gives the same answer on every machine.
enum SpecPath {
    /// `path` relative to the directory holding `specPath`, normalised.
    static func resolve(_ path: String, relativeTo specPath: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        let directory = directory(of: specPath)
        return normalize(directory.isEmpty ? path : directory + "/" + path)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Removes `.` and empty components and folds `x/..`; keeps a leading `/`
    /// and any `..` that climbs above a relative start.
    static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if component == "..", isAbsolute {
                continue
            } else {
                parts.append(component)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
