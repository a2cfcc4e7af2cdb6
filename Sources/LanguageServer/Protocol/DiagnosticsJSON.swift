#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `textDocument/publishDiagnostics`, written straight to JSON bytes. A spec
/// with hundreds of warnings is published after every keystroke in it; through
/// the general coders (to `JSONValue` and back) that cost three quarters of the
/// keystroke (issue 28 §3.9). The shape is fixed, so it is written by hand.
enum DiagnosticsJSON {
    static func notification(uri: String, version: Int?, diagnostics: [LSPDiagnostic]) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(160 + diagnostics.count * 200)
        out += Array(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#.utf8)
        string(uri, into: &out)
        if let version {
            out += Array(#","version":"#.utf8)
            out += Array(String(version).utf8)
        }
        out += Array(#","diagnostics":["#.utf8)
        for (index, diagnostic) in diagnostics.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"range":"#.utf8)
            range(diagnostic.range, into: &out)
            out += Array(#","severity":"#.utf8)
            out += Array(String(diagnostic.severity).utf8)
            out += Array(#","code":"#.utf8)
            string(diagnostic.code, into: &out)
            out += Array(#","source":"#.utf8)
            string(diagnostic.source, into: &out)
            out += Array(#","message":"#.utf8)
            string(diagnostic.message, into: &out)
            if let related = diagnostic.relatedInformation {
                out += Array(#","relatedInformation":["#.utf8)
                for (number, information) in related.enumerated() {
                    if number > 0 { out.append(UInt8(ascii: ",")) }
                    out += Array(#"{"location":{"uri":"#.utf8)
                    string(information.location.uri, into: &out)
                    out += Array(#","range":"#.utf8)
                    range(information.location.range, into: &out)
                    out += Array(#"},"message":"#.utf8)
                    string(information.message, into: &out)
                    out.append(UInt8(ascii: "}"))
                }
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "}"))
        }
        out += Array("]}}".utf8)
        return Data(out)
    }

    private static func range(_ range: LSPRange, into out: inout [UInt8]) {
        out += Array(#"{"start":{"line":"#.utf8)
        out += Array(String(range.start.line).utf8)
        out += Array(#","character":"#.utf8)
        out += Array(String(range.start.character).utf8)
        out += Array(#"},"end":{"line":"#.utf8)
        out += Array(String(range.end.line).utf8)
        out += Array(#","character":"#.utf8)
        out += Array(String(range.end.character).utf8)
        out += Array("}}".utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [92, 34]
            case UInt8(ascii: "\\"): out += [92, 92]
            case 10: out += [92, UInt8(ascii: "n")]
            case 13: out += [92, UInt8(ascii: "r")]
            case 9: out += [92, UInt8(ascii: "t")]
            case 0..<32:
                let hex = Array("0123456789abcdef".utf8)
                out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
