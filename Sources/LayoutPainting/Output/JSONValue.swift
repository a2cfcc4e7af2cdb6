/// A JSON value whose objects keep their keys in the order given, so output is
/// the same on every run and reads in the documented order.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction (non-finite ones print as `null`).
    case number(Double)
    /// A string, escaped on output.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object whose keys keep the order given.
    case object([(String, JSONValue)])

    /// Equal when they render the same.
    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

    /// A number: whole values without a fraction, non-finite ones as null.
    public static func cells(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 { return .int(Int(value)) }
        return .number(value)
    }

    /// Two-space indented; arrays of scalars and small objects of scalars on one line.
    public func rendered() -> String {
        var output = JSONText()
        write(into: &output, indent: 0)
        return output.string
    }

    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// Writes the value as `rendered()` does, nested `indent` levels deep
    /// (the caller has written the indentation of its first line).
    func write(into output: inout JSONText, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .number(let value): output += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, into: &output)
        case .array(let items):
            if items.isEmpty {
                output += "[]"
            } else if items.allSatisfy(\.isScalar) {
                output += "["
                for (index, item) in items.enumerated() {
                    if index > 0 { output += ", " }
                    item.write(into: &output, indent: indent)
                }
                output += "]"
            } else {
                output += "[\n"
                for (index, item) in items.enumerated() {
                    output += Self.indentation(indent + 1)
                    item.write(into: &output, indent: indent + 1)
                    output += index == items.count - 1 ? "\n" : ",\n"
                }
                output += Self.indentation(indent) + "]"
            }
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            // Small all-scalar objects (sizes, frames) read best on one line.
            if members.count <= 4, members.allSatisfy({ $0.1.isScalar }) {
                output += "{"
                for (index, (key, value)) in members.enumerated() {
                    if index > 0 { output += ", " }
                    Self.writeString(key, into: &output)
                    output += ": "
                    value.write(into: &output, indent: indent)
                }
                output += "}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += Self.indentation(indent + 1)
                Self.writeString(key, into: &output)
                output += ": "
                value.write(into: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += Self.indentation(indent) + "}"
        }
    }

    /// Two spaces per level; the usual depths made once, not for every line.
    private static let indents = (0..<8).map { String(repeating: "  ", count: $0) }

    private static func indentation(_ level: Int) -> String {
        level < indents.count ? indents[level] : String(repeating: "  ", count: level)
    }

    static func writeString(_ text: String, into output: inout JSONText) {
        output += "\""
        // Ids, kinds, colours and paths need no escape: appended whole. Going
        // scalar by scalar took most of the time of a big layout's JSON.
        if text.utf8.contains(where: mayNeedEscape) {
            writeEscaped(text, into: &output)
        } else {
            output += text
        }
        output += "\""
    }

    /// Every byte of a character `writeEscaped` may escape: ASCII controls,
    /// quote, backslash, DEL, and every byte of a non-ASCII character (C1
    /// controls and line separators among them).
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x7F
    }

    private static func writeEscaped(_ text: String, into output: inout JSONText) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            // C0, DEL, C1 and the Unicode line separators: JSON allows the last two
            // kinds raw, but a reader's terminal or line splitter should never see them.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output += String(scalar)
            }
        }
    }
}

/// JSON text as it is written: UTF-8 bytes. A document is hundreds of thousands
/// of small pieces, and appending bytes costs a fraction of appending to a
/// `String`.
struct JSONText {
    private(set) var bytes: [UInt8] = []

    init(_ text: String = "") {
        self += text
    }

    static func += (text: inout JSONText, piece: String) {
        // Through the string's contiguous UTF-8: appending its `utf8` view went
        // byte by byte.
        var piece = piece
        piece.withUTF8 { text.bytes.append(contentsOf: $0) }
    }

    /// The text so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
