#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How both sides name a file: its real path, absolute with symbolic links resolved,
/// so `demo/../styles/a.cas`, `/home/me/proj/styles/a.cas` and a link to it match.
public enum RealPath {
    /// The real path of `path`; for a file that does not exist (yet), its directory's
    /// real path and its name; for a path whose directory does not exist either,
    /// the path made absolute.
    public static func resolve(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        let slash = absolute.lastIndex(of: "/")!
        let name = absolute[absolute.index(after: slash)...]
        let directory = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        if !name.isEmpty, name != ".", name != "..", let real = realPath(directory) {
            return (real == "/" ? "" : real) + "/" + name
        }
        return absolute
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "" }
        defer { free(directory) }
        return String(cString: directory)
    }
}
