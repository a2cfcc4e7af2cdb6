import EmbeddedDemos
import LayoutEngine
import Stylesheet
#if canImport(Glibc)
import Glibc
#endif

/// Where `casement` with no arguments finds the gallery, in this order:
///
/// 1. `demo/gallery.layout` under the current directory (a clone: `swift run casement`);
/// 2. `demo/gallery.layout` in the package the executable was built in: the
///    directories above the executable are searched for one holding both
///    `Package.swift` and `demo/gallery.layout` (running `.build/debug/casement`
///    from anywhere);
/// 3. the copy built into the executable (read-only: nothing to watch or edit).
public struct DefaultSpec: Sendable {
    /// The gallery's path relative to a checkout of the package.
    public static let relativePath = "demo/gallery.layout"

    /// The gallery's path, as the reader spells it.
    public var path: String
    /// Reads the gallery and its stylesheets: the file system, or the built-in copy.
    public var reader: FileReader
    /// False for the built-in copy: there are no files to watch.
    public var isFile: Bool

    /// A gallery at `path`, read with `reader`; `isFile` says whether there are files to watch.
    public init(path: String, reader: FileReader, isFile: Bool) {
        self.path = path
        self.reader = reader
        self.isFile = isFile
    }

    /// The built-in copy of the demos and styles.
    public static let embedded = DefaultSpec(
        path: relativePath, reader: .inMemory(BuiltInDemos.files), isFile: false)

    /// The built-in demos and styles: path (relative to the package root) to contents.
    public static var embeddedFiles: [String: String] { BuiltInDemos.files }

    /// Finds the gallery (see the type's comment).
    public static func locate(
        currentDirectory: String? = currentDirectoryPath(), executable: String? = executablePath()
    ) -> DefaultSpec {
        if let currentDirectory, exists(currentDirectory + "/" + relativePath) {
            return DefaultSpec(path: relativePath, reader: .fileSystem, isFile: true)
        }
        if let executable, let root = packageRoot(above: executable) {
            return DefaultSpec(path: root + "/" + relativePath, reader: .fileSystem, isFile: true)
        }
        return embedded
    }

    /// The nearest directory above `path` with `Package.swift` and the gallery.
    static func packageRoot(above path: String) -> String? {
        var directory = path
        while let slash = directory.lastIndex(of: "/") {
            directory = String(directory[..<slash])
            let candidate = directory.isEmpty ? "" : directory
            if exists(candidate + "/Package.swift"), exists(candidate + "/" + relativePath) {
                return candidate.isEmpty ? "/" : candidate
            }
            if directory.isEmpty { break }
        }
        return nil
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The process's current directory (getcwd), or nil when it cannot be read.
    public static func currentDirectoryPath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return string(from: buffer)
    }

    /// This process's executable, symbolic links resolved (Linux: /proc/self/exe).
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first }
        buffer[count] = 0
        return string(from: buffer)
    }

    /// The text of a NUL-terminated buffer.
    private static func string(from buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
