import Cells
import Diagnostics
import LayoutEngine
import Stylesheet

/// `casement render --format json`: the schema of PRODUCT.md §1, documented in docs/cli.md.
public enum LayoutJSON {
    /// The whole document: size, views, diagnostics, conflicts. (To print it,
    /// `write(_:to:)` streams the same text without building this tree.)
    public static func document(_ snapshot: LayoutSnapshot) -> JSONValue {
        .object([
            ("size", sizeValue(snapshot.size)),
            ("views", .array(snapshot.views.indices.map { view(snapshot.views[$0], flags: snapshot.flags[$0]) })),
            ("diagnostics", .array(snapshot.diagnostics.map(diagnostic))),
            ("conflicts", .array(snapshot.conflicts.map(conflict))),
        ])
    }

    /// One view: id, kind, classes, parent, frame, style and flags.
    public static func view(_ view: ViewLayout, flags: [ViewFlag]) -> JSONValue {
        .object([
            ("id", .string(view.id)),
            ("kind", .string(view.kind.rawValue)),
            ("classes", .array(view.classes.map(JSONValue.string))),
            ("parent", view.parent.map(JSONValue.string) ?? .null),
            ("frame", .object([
                ("x", .int(view.frame.x)), ("y", .int(view.frame.y)),
                ("width", .int(view.frame.width)), ("height", .int(view.frame.height)),
            ])),
            ("style", .object(view.style.allValues.map { ($0.property.name, styleValue($0.value)) })),
            ("flags", .array(flags.map { .string($0.rawValue) })),
        ])
    }

    /// One computed style value as JSON.
    public static func styleValue(_ value: StyleValue) -> JSONValue {
        switch value {
        case .color(let color): color == nil ? .null : .string(value.description)
        case .number(let number): number.map(JSONValue.cells) ?? .null
        case .text(let text): text.map(JSONValue.string) ?? .null
        case .flag(let flag): .bool(flag)
        case .border(let border): .string(border.rawValue)
        case .alignment(let alignment): .string(alignment.rawValue)
        }
    }

    /// One diagnostic with its file, line and column.
    public static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("file", .string(diagnostic.location.file)),
            ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("code", .string(diagnostic.code.rawValue)),
            ("message", .string(diagnostic.message)),
        ])
    }

    /// One conflict set and the member that was broken.
    public static func conflict(_ conflict: ConflictReport) -> JSONValue {
        .object([
            ("constraints", .array(conflict.constraints.map(constraint))),
            ("broken", constraint(conflict.broken)),
        ])
    }

    /// One constraint as the inspector names it, with its location.
    public static func constraint(_ info: ConstraintInfo) -> JSONValue {
        .object([
            ("constraint", .string(info.text)),
            ("view", .string(info.view)),
            ("label", info.label.map(JSONValue.string) ?? .null),
            ("priority", .int(info.priority.value)),
            ("file", .string(info.location.file)),
            ("line", .int(info.location.line)),
            ("column", .int(info.location.column)),
        ])
    }
}
