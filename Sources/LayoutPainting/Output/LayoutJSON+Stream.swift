import Cells
import LayoutEngine

extension LayoutJSON {
    /// The text of `document(snapshot)` and a newline, exactly as
    /// `document(snapshot).rendered() + "\n"` spells it, written to `output` one
    /// view (diagnostic, conflict) at a time. The document of a 10,000-view spec
    /// is over 10 MB of text and several times that as a `JSONValue` tree;
    /// streamed, only one view's value is ever built.
    public static func write(_ snapshot: LayoutSnapshot, to output: inout some TextOutputStream) {
        output.write("{\n")
        writeMember("size", last: false, to: &output) { text in
            sizeValue(snapshot.size).write(into: &text, indent: 1)
        }
        writeArrayMember("views", count: snapshot.views.count, last: false, to: &output) { index in
            view(snapshot.views[index], flags: snapshot.flags[index])
        }
        writeArrayMember("diagnostics", count: snapshot.diagnostics.count, last: false, to: &output) { index in
            diagnostic(snapshot.diagnostics[index])
        }
        writeArrayMember("conflicts", count: snapshot.conflicts.count, last: true, to: &output) { index in
            conflict(snapshot.conflicts[index])
        }
        output.write("}\n")
    }

    /// The layout's size as `document` writes it.
    static func sizeValue(_ size: TerminalSize) -> JSONValue {
        .object([("width", .int(size.width)), ("height", .int(size.height))])
    }

    /// One member of the top-level object, which is always written over
    /// several lines (its arrays are not scalars): two spaces, the key, the value.
    private static func writeMember(
        _ key: String, last: Bool, to output: inout some TextOutputStream, value: (inout JSONText) -> Void
    ) {
        var text = JSONText("  ")
        JSONValue.writeString(key, into: &text)
        text += ": "
        value(&text)
        text += last ? "\n" : ",\n"
        output.write(text.string)
    }

    /// A top-level member whose value is an array of objects, written item by
    /// item. `JSONValue` writes an empty array as `[]` and an array with a
    /// container in it one item per line, which is the case here: every item
    /// `item` makes is an object.
    private static func writeArrayMember(
        _ key: String, count: Int, last: Bool, to output: inout some TextOutputStream, item: (Int) -> JSONValue
    ) {
        guard count > 0 else {
            writeMember(key, last: last, to: &output) { $0 += "[]" }
            return
        }
        writeMember(key, last: true, to: &output) { $0 += "[" }
        for index in 0..<count {
            let value = item(index)
            assert(!value.isScalar, "an array with scalars in it would be written on one line")
            var text = JSONText("    ")
            value.write(into: &text, indent: 2)
            text += index == count - 1 ? "\n" : ",\n"
            output.write(text.string)
        }
        output.write(last ? "  ]\n" : "  ],\n")
    }
}
