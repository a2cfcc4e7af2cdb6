#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads JSON text into a `JSONValue` in one pass, in time linear in the text.
///
/// `JSONValue`'s `Decodable` conformance can only find out what a value is by
/// trying each kind in turn, and every failed try builds an error whose coding
/// path is rebuilt from the root: a tree N deep cost N³ (a 250-deep outline took
/// seconds). Messages and results are read here instead. Nesting deeper than
/// `maximumDepth` is an error, so no input can exhaust the stack.
struct JSONParser {
    /// Arrays and objects nest at most this deep (a spec's views nest at most 256
    /// deep, and its outline takes two levels a view).
    static let maximumDepth = 1024

    struct Failure: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// A request's id as it was written, before the dispatcher decides whether it is valid.
    enum RawID: Equatable {
        case valid(RequestID)
        case invalid
    }

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The one JSON value in `data` (whitespace around it allowed).
    static func parse(_ data: Data) throws -> JSONValue {
        var parser = JSONParser([UInt8](data))
        let value = try parser.value(depth: 0)
        try parser.expectEnd()
        return value
    }

    /// A message: its members when it is an object (nil for any other JSON value),
    /// and how its `id` was written (an integer read exactly, as `RequestID`).
    static func parseMessage(_ data: Data) throws -> (members: [String: JSONValue]?, id: RawID?) {
        var parser = JSONParser([UInt8](data))
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: "{") else {
            _ = try parser.value(depth: 0)
            try parser.expectEnd()
            return (nil, nil)
        }
        var id: RawID?
        let members = try parser.object(depth: 0) { key, start, end, value in
            if key == "id" { id = Self.rawID(text: start..<end, value: value, in: data) }
        }
        try parser.expectEnd()
        return (members, id)
    }

    /// Classifies an id from its text: an integer literal fitting 64 bits, a string, or null.
    private static func rawID(text range: Range<Int>, value: JSONValue, in data: Data) -> RawID {
        switch value {
        case .string(let text): return .valid(.string(text))
        case .null: return .valid(.null)
        case .number:
            let text = String(decoding: data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound], as: UTF8.self)
            guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return .invalid }
            if let signed = Int64(text) { return .valid(.integer(signed)) }
            if let unsigned = UInt64(text) { return .valid(.unsigned(unsigned)) }
            return .invalid
        default: return .invalid
        }
    }

    // MARK: Values

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func fail(_ message: String) -> Failure { Failure(message: message, offset: position) }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expectEnd() throws {
        skipWhitespace()
        guard position == bytes.count else { throw fail("text after the JSON value") }
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        skipWhitespace()
        guard let byte = peek else { throw fail("expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try object(depth: depth) { _, _, _, _ in })
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    /// An object; `member` hears each key with the byte range of its value.
    private mutating func object(
        depth: Int, member: (String, Int, Int, JSONValue) -> Void
    ) throws -> [String: JSONValue] {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            position += 1
            return members
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try string()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw fail("expected ':'") }
            position += 1
            skipWhitespace()
            let start = position
            let item = try value(depth: depth + 1)
            member(key, start, position, item)
            members[key] = item
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return members
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(items)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    private mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard position + expected.count <= bytes.count, bytes[position..<(position + expected.count)].elementsEqual(expected)
        else { throw fail("expected \(word)") }
        position += expected.count
    }

    /// A number as JSON writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws -> Double {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, isDigit(first) else { throw fail("expected a value") }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let next = peek, isDigit(next) else { throw fail("expected a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let next = peek, isDigit(next) else { throw fail("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let number = Double(text) else { throw fail("'\(text)' is not a number") }
        return number
    }

    private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private mutating func skipDigits() {
        while let byte = peek, isDigit(byte) { position += 1 }
    }

    /// A string, its escapes decoded (a lone surrogate becomes U+FFFD).
    private mutating func string() throws -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        var text = ""
        while true {
            guard let byte = peek else { throw fail("the string is never closed") }
            if byte == UInt8(ascii: "\"") {
                text += String(decoding: bytes[runStart..<position], as: UTF8.self)
                position += 1
                return text
            }
            if byte < 0x20 { throw fail("a control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            text += String(decoding: bytes[runStart..<position], as: UTF8.self)
            position += 1
            scalars.removeAll(keepingCapacity: true)
            try escape(into: &scalars)
            text.unicodeScalars.append(contentsOf: scalars)
            runStart = position
        }
    }

    private mutating func escape(into scalars: inout String.UnicodeScalarView) throws {
        guard let byte = peek else { throw fail("the string is never closed") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit), peek == UInt8(ascii: "\\"), position + 1 < bytes.count,
                bytes[position + 1] == UInt8(ascii: "u")
            {
                let save = position
                position += 2
                let low = try hexUnit()
                if (0xDC00..<0xE000).contains(low) {
                    let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                    return
                }
                position = save
            }
            scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        default: throw fail("an unknown escape in a string")
        }
    }

    private mutating func hexUnit() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
