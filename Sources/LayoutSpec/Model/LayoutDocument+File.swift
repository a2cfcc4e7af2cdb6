import Diagnostics
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

/// A spec file that could not be read.
public struct SpecFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that could not be read.
    public var path: String
    /// `path: cannot read the file`.
    public var description: String { "\(path): cannot read the file" }
}

extension LayoutDocument {
    /// Reads, parses and lowers a spec file. `use` paths resolve against the
    /// file's directory as given in `path`. Bytes that are not UTF-8 are
    /// replaced (and then reported wherever they break the syntax).
    public init(contentsOfFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw SpecFileError(path: path) }
        self.init(source: SourceText(path: path, text: String(decoding: data, as: UTF8.self)))
    }
}
