#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes messages as JSON text in one pass: object keys sorted, slashes not
/// escaped, whole numbers without a fraction (what the server's encoder wrote),
/// at any depth. Foundation's encoder refuses values nested more than 512 deep,
/// and an outline of a spec whose views nest 256 deep is deeper than that: the
/// server then wrote no answer at all.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    /// `value` as JSON text.
    static func data(_ value: JSONValue) -> Data {
        var writer = JSONWriter()
        writer.write(value)
        return Data(writer.bytes)
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): write(number)
        case .string(let text): write(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            writeObject(members.keys.sorted().map { key in (key, { (writer: inout JSONWriter) in writer.write(members[key]!) }) })
        }
    }

    /// An object whose members are written by closures, in the order given
    /// (callers give them sorted, as every object here is).
    mutating func writeObject(_ members: [(String, (inout JSONWriter) -> Void)]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, (key, writeValue)) in members.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(key)
            bytes.append(UInt8(ascii: ":"))
            writeValue(&self)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A whole number below 10^15 as an integer, another finite one as Swift
    /// prints it (`0.5`, `1e+20`), anything else as null (JSON has no infinity).
    mutating func write(_ number: Double) {
        if number == number.rounded(), abs(number) < 1e15 {
            append(String(Int64(number)))
        } else if number.isFinite {
            append(String(number))
        } else {
            append("null")
        }
    }

    mutating func write(_ id: RequestID) {
        switch id {
        case .integer(let value): append(String(value))
        case .unsigned(let value): append(String(value))
        case .string(let text): write(text)
        case .null: append("null")
        }
    }

    /// A string with `"`, `\` and control characters escaped.
    mutating func write(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Text that is JSON already (punctuation, keys written by hand), as it is.
    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
}
