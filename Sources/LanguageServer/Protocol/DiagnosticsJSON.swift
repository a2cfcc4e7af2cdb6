#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `textDocument/publishDiagnostics`, written straight to JSON bytes. A spec
/// with hundreds of warnings is published after every keystroke in it; through
/// the general coders (to `JSONValue` and back) that cost three quarters of the
/// keystroke (issue 28 §3.9). The shape is fixed, so it is written member by
/// member, keys sorted as `JSONWriter` sorts them.
enum DiagnosticsJSON {
    static func notification(uri: String, version: Int?, diagnostics: [LSPDiagnostic]) -> Data {
        var out = JSONWriter()
        out.append(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":["#)
        for (index, diagnostic) in diagnostics.enumerated() {
            if index > 0 { out.append(",") }
            out.append(#"{"code":"#)
            out.write(diagnostic.code)
            out.append(#","message":"#)
            out.write(diagnostic.message)
            out.append(#","range":"#)
            range(diagnostic.range, into: &out)
            if let related = diagnostic.relatedInformation {
                out.append(#","relatedInformation":["#)
                for (number, information) in related.enumerated() {
                    if number > 0 { out.append(",") }
                    out.append(#"{"location":{"range":"#)
                    range(information.location.range, into: &out)
                    out.append(#","uri":"#)
                    out.write(information.location.uri)
                    out.append(#"},"message":"#)
                    out.write(information.message)
                    out.append("}")
                }
                out.append("]")
            }
            out.append(#","severity":"#)
            out.append(String(diagnostic.severity))
            out.append(#","source":"#)
            out.write(diagnostic.source)
            out.append("}")
        }
        out.append(#"],"uri":"#)
        out.write(uri)
        if let version {
            out.append(#","version":"#)
            out.append(String(version))
        }
        out.append("}}")
        return Data(out.bytes)
    }

    private static func range(_ range: LSPRange, into out: inout JSONWriter) {
        out.append(#"{"end":{"character":"# + String(range.end.character) + #","line":"# + String(range.end.line))
        out.append(#"},"start":{"character":"# + String(range.start.character) + #","line":"# + String(range.start.line) + "}}")
    }
}
