/// The stage of the pipeline that produced a diagnostic.
public enum DiagnosticOrigin: String, Hashable, Sendable, CaseIterable {
    /// Reading a file from disk (a missing or unreadable spec or stylesheet).
    case io
    /// Parsing, linking or evaluating a `.cas` stylesheet.
    case stylesheet
    /// Parsing or lowering a `.layout` spec.
    case spec
    /// Solving the layout: conflicts, constraints left out, ambiguity, overflow.
    case engine
    /// The diagnostics machinery itself (the note that says how many were not shown).
    case report
}

/// A stable name for a kind of diagnostic, such as `cas.unknown-property`.
///
/// Code compares diagnostics by code, never by message text: messages are for
/// people and may be reworded. `check` prints the code after the message, the JSON
/// output carries it as `"code"`, and docs/diagnostics.md lists every code.
/// The part before the first `.` names the stage (see `origin`).
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The code as written, such as `cas.unknown-property`.
    public let rawValue: String

    /// The code spelled `rawValue`; any string is accepted (the known codes are static members).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The code as written (`rawValue`).
    public var description: String { rawValue }

    /// Orders codes alphabetically by `rawValue`.
    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }

    /// The stage named by the code's prefix (`io.`, `cas.`, `layout.`, `engine.`).
    public var origin: DiagnosticOrigin {
        let prefix = rawValue.prefix(while: { $0 != "." })
        switch prefix {
        case "io": return .io
        case "cas": return .stylesheet
        case "layout": return .spec
        case "engine": return .engine
        default: return .report
        }
    }
}

extension DiagnosticCode {
    // MARK: Files and the report itself

    /// A spec or stylesheet file that cannot be read.
    public static let unreadableFile = DiagnosticCode(rawValue: "io.unreadable")
    /// Closes a capped list: how many more diagnostics the file had.
    public static let moreNotShown = DiagnosticCode(rawValue: "report.more-not-shown")
    /// A diagnostic made without a code (tests and ad-hoc tools only).
    public static let unclassified = DiagnosticCode(rawValue: "report.unclassified")

    // MARK: Stylesheets (.cas)

    /// Malformed `.cas` syntax: unclosed blocks, stray characters, missing values.
    public static let casSyntax = DiagnosticCode(rawValue: "cas.syntax")
    /// A malformed selector.
    public static let casSelector = DiagnosticCode(rawValue: "cas.selector")
    /// A property name the catalog does not know.
    public static let casUnknownProperty = DiagnosticCode(rawValue: "cas.unknown-property")
    /// A value of the wrong kind or out of range for its property.
    public static let casInvalidValue = DiagnosticCode(rawValue: "cas.invalid-value")
    /// A word that is not one of the property's values (a border style, a boolean).
    public static let casUnknownValue = DiagnosticCode(rawValue: "cas.unknown-value")
    /// A colour name the palette does not know.
    public static let casUnknownColor = DiagnosticCode(rawValue: "cas.unknown-color")
    /// `$name` used but never defined.
    public static let casUndefinedVariable = DiagnosticCode(rawValue: "cas.undefined-variable")
    /// A function other than rgb(), hsl(), color(), min(), max() and the like.
    public static let casUnknownFunction = DiagnosticCode(rawValue: "cas.unknown-function")
    /// A unit such as `px` or `em`: lengths are cells.
    public static let casUnit = DiagnosticCode(rawValue: "cas.unit")
    /// Arithmetic that cannot be evaluated (division by zero, mixed kinds).
    public static let casArithmetic = DiagnosticCode(rawValue: "cas.arithmetic")
    /// A malformed `@media` query.
    public static let casMediaQuery = DiagnosticCode(rawValue: "cas.media-query")
    /// An `@import` that cannot be followed (a cycle, a missing path).
    public static let casImport = DiagnosticCode(rawValue: "cas.import")
    /// A variable problem: defined in the wrong place, without a value, or shadowing a word.
    public static let casVariable = DiagnosticCode(rawValue: "cas.variable")
    /// A view kind in a selector that the layout language does not have.
    public static let casUnknownKind = DiagnosticCode(rawValue: "cas.unknown-kind")
    /// A state in a selector (`[state:…]`) that views never have.
    public static let casUnknownState = DiagnosticCode(rawValue: "cas.unknown-state")

    // MARK: Layout specs (.layout)

    /// Malformed `.layout` syntax: unclosed bodies, stray tokens, unclosed strings.
    public static let layoutSyntax = DiagnosticCode(rawValue: "layout.syntax")
    /// A view kind that does not exist (`bx` for `box`).
    public static let layoutUnknownViewKind = DiagnosticCode(rawValue: "layout.unknown-view-kind")
    /// A rule names a view id that does not exist.
    public static let layoutUnknownView = DiagnosticCode(rawValue: "layout.unknown-view")
    /// A name in an expression that is neither a view, a let nor an attribute.
    public static let layoutUnknownName = DiagnosticCode(rawValue: "layout.unknown-name")
    /// An attribute a view does not have (`wdth`).
    public static let layoutUnknownAttribute = DiagnosticCode(rawValue: "layout.unknown-attribute")
    /// A view parameter that does not exist or has a wrong value.
    public static let layoutParameter = DiagnosticCode(rawValue: "layout.parameter")
    /// A `$style` value the spec cannot use.
    public static let layoutStyleValue = DiagnosticCode(rawValue: "layout.style-value")
    /// An expression that is not linear, or a value that must be a plain number.
    public static let layoutExpression = DiagnosticCode(rawValue: "layout.expression")
    /// A priority that is not a known name or a whole number from 1 to 1000.
    public static let layoutPriority = DiagnosticCode(rawValue: "layout.priority")
    /// A name defined twice, or a reserved word used as a name.
    public static let layoutName = DiagnosticCode(rawValue: "layout.name")
    /// A `let` that refers to itself or nests too deep.
    public static let layoutLet = DiagnosticCode(rawValue: "layout.let")
    /// A statement in the wrong place (a rule outside a view, `use` inside one).
    public static let layoutPlacement = DiagnosticCode(rawValue: "layout.placement")
    /// A malformed shorthand, stack, grid or visual-format line.
    public static let layoutShorthand = DiagnosticCode(rawValue: "layout.shorthand")
    /// A spec nested or chained beyond the parser's limits.
    public static let layoutTooDeep = DiagnosticCode(rawValue: "layout.too-deep")
    /// A `use` line that cannot be followed.
    public static let layoutUse = DiagnosticCode(rawValue: "layout.use")
    /// A CSS unit written after a number (`2px`, `10%`): specs count cells.
    public static let layoutUnit = DiagnosticCode(rawValue: "layout.unit")
    /// A spec with nothing to lay out (no views, or only empty screens).
    public static let layoutEmpty = DiagnosticCode(rawValue: "layout.empty")

    // MARK: The engine

    /// Required constraints that cannot all hold; one of them was broken.
    public static let engineConflict = DiagnosticCode(rawValue: "engine.conflict")
    /// A constraint left out, for example for an unset style value.
    public static let engineInactive = DiagnosticCode(rawValue: "engine.inactive")
    /// The layout needs a bigger (or smaller) screen than the terminal.
    public static let engineOverflow = DiagnosticCode(rawValue: "engine.overflow")
    /// A view whose position or size the rules do not pin down.
    public static let engineAmbiguous = DiagnosticCode(rawValue: "engine.ambiguous")
    /// A view that came out with a negative width or height.
    public static let engineNegativeSize = DiagnosticCode(rawValue: "engine.negative-size")
    /// A view that reaches past the edge of the canvas (`check` only).
    public static let engineOffCanvas = DiagnosticCode(rawValue: "engine.off-canvas")
    /// A view whose text does not fit in its box (`check` only).
    public static let engineTextClipped = DiagnosticCode(rawValue: "engine.text-clipped")

    // MARK: Apps

    /// A widget, screen or app call used in a way that cannot work (no options,
    /// an index out of range, a screen pushed twice, popping the last screen),
    /// reported at the Swift line; the call does the nearest safe thing instead.
    public static let appUsage = DiagnosticCode(rawValue: "app.usage")

    /// Every code above, in a stable order (docs/diagnostics.md lists each).
    public static let all: [DiagnosticCode] = [
        .unreadableFile, .moreNotShown, .unclassified,
        .casSyntax, .casSelector, .casUnknownProperty, .casInvalidValue, .casUnknownValue, .casUnknownColor,
        .casUndefinedVariable, .casUnknownFunction, .casUnit, .casArithmetic, .casMediaQuery, .casImport,
        .casVariable, .casUnknownKind, .casUnknownState,
        .layoutSyntax, .layoutUnknownViewKind, .layoutUnknownView, .layoutUnknownName, .layoutUnknownAttribute,
        .layoutParameter, .layoutStyleValue, .layoutExpression, .layoutPriority, .layoutName, .layoutLet,
        .layoutPlacement, .layoutShorthand, .layoutTooDeep, .layoutUse, .layoutUnit, .layoutEmpty,
        .engineConflict, .engineInactive, .engineOverflow, .engineAmbiguous, .engineNegativeSize,
        .engineOffCanvas, .engineTextClipped,
        .appUsage,
    ]
}
