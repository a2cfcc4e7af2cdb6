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
import Stylesheet

/// The open documents, shared by the thread that reads messages and the one
/// that analyses them.
public final class DocumentStore: @unchecked Sendable {
    private let lock = ServerLock()
    private var documents: [String: TextDocument] = [:]

    /// An empty store: no document is open.
    public init() {}

    /// Opens (or reopens) a document.
    public func open(uri: String, version: Int, text: String) {
        let path = Paths.path(ofURI: uri)
        lock.withLock { documents[path] = TextDocument(uri: uri, path: path, version: version, text: text) }
    }

    /// Applies changes in order; false for a document that is not open.
    @discardableResult
    public func change(uri: String, version: Int?, changes: [(range: LSPRange?, text: String)]) -> Bool {
        let path = Paths.path(ofURI: uri)
        return lock.withLock {
            guard var document = documents[path] else { return false }
            documents[path] = nil  // keep the text uniquely referenced while editing
            for change in changes { document.apply(range: change.range, text: change.text) }
            document.setVersion(version ?? document.version + 1)
            documents[path] = document
            return true
        }
    }

    /// Forgets an open document; the analysis reads its file from disk again.
    public func close(uri: String) {
        let path = Paths.path(ofURI: uri)
        lock.withLock { documents[path] = nil }
    }

    /// The open document for a `file://` URI; nil when it is not open.
    public func document(uri: String) -> TextDocument? { document(path: Paths.path(ofURI: uri)) }

    /// The open document at a file path; nil when it is not open.
    public func document(path: String) -> TextDocument? { lock.withLock { documents[path] } }

    /// Every open document at this moment.
    public func snapshot() -> [String: TextDocument] { lock.withLock { documents } }
}

/// Files as the analysis sees them: the open buffers it was last given, then the disk.
final class OverlayFiles: @unchecked Sendable {
    private let lock = ServerLock()
    private var texts: [String: String] = [:]
    private let disk: StylesheetReader

    init(disk: StylesheetReader) {
        self.disk = disk
    }

    /// Replaces the buffers; returns the paths whose text differs (opened, edited or closed).
    func update(_ buffers: [String: String]) -> [String] {
        lock.withLock {
            var changed: [String] = []
            for (path, text) in buffers where texts[path] != text { changed.append(path) }
            for path in texts.keys where buffers[path] == nil { changed.append(path) }
            texts = buffers
            return changed.sorted()
        }
    }

    func text(_ path: String) -> String? {
        if let text = lock.withLock({ texts[path] }) { return text }
        return try? disk.contents(of: path)
    }

    var reader: StylesheetReader {
        StylesheetReader { path in
            if let text = self.lock.withLock({ self.texts[path] }) { return text }
            return try self.disk.contents(of: path)
        }
    }
}

/// `file://` URIs and paths.
public enum Paths {
    /// The file system path of a `file://` URI, percent-decoded; other URIs are kept whole.
    public static func path(ofURI uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        if let url = URL(string: uri), url.isFileURL { return url.standardizedFileURL.path }
        let rest = String(uri.dropFirst("file://".count))
        return percentDecoded(rest) ?? rest
    }

    /// `text` with each `%XX` replaced by its byte; nil when an escape is
    /// malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The `file://` URI of an absolute path.
    public static func uri(ofPath path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: path).absoluteString
    }
}
