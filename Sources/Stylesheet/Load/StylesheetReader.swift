#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where stylesheet text comes from. Injected, so tests and the live designer can
/// supply contents (the designer from its own file cache).
public struct StylesheetReader: Sendable {
    /// Why a file could not be read; any other thrown error is shown as it describes itself.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case notFound
        case unreadable(String)

        /// The reason, as the error drawer shows it.
        public var description: String {
            switch self {
            case .notFound: "file not found"
            case .unreadable(let reason): reason
            }
        }
    }

    private let read: @Sendable (String) throws -> String

    /// `read` returns a file's contents for a path, or throws (`Failure.notFound` when
    /// the file does not exist).
    public init(_ read: @escaping @Sendable (String) throws -> String) {
        self.read = read
    }

    /// The text of the file at `path`; throws when it cannot be read.
    public func contents(of path: String) throws -> String {
        try read(path)
    }

    /// Reads files from disk as UTF-8 (invalid bytes become U+FFFD).
    public static let fileSystem = StylesheetReader { path in
        guard FileManager.default.fileExists(atPath: path) else { throw Failure.notFound }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure.unreadable("cannot read the file")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Serves files from a dictionary keyed by path.
    public static func inMemory(_ files: [String: String]) -> StylesheetReader {
        StylesheetReader { path in
            guard let text = files[path] else { throw Failure.notFound }
            return text
        }
    }
}

/// Import paths: relative to the importing file's folder, with `.` and `..` resolved
/// lexically, so one file always has one spelling (for the read-once rule and cycles).
enum ImportPath {
    static func resolve(_ target: String, from importer: String) -> String {
        if target.hasPrefix("/") { return normalize(target) }
        guard let slash = importer.lastIndex(of: "/") else { return normalize(target) }
        return normalize(String(importer[...slash]) + target)
    }

    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }
}
