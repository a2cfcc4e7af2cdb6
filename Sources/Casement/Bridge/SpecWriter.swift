import Foundation
import LayoutSpec

// The one place where the DSL's model becomes the engine's input: the view tree
// and its rules are written out as `.layout` text (one constraint per line), and
// every line remembers the Swift (or spec) line it came from. The engine then
// parses, lowers, diffs by identity and solves it exactly as it does a file.

/// A statement a spec file wrote, kept as written, and where.
struct SpecStatement {
    var text: String
    var location: SourceLocation
}

/// Where a line of the written spec came from.
enum LineOrigin {
    /// A Swift call (or a view's header): every column maps to this location.
    case fixed(SourceLocation)
    /// A spec statement copied as written: columns shift by `shift`.
    case shifted(file: String, line: Int, shift: Int)

    func location(column: Int) -> SourceLocation {
        switch self {
        case .fixed(let location): location
        case .shifted(let file, let line, let shift): SourceLocation(file: file, line: line, column: max(1, column + shift))
        }
    }
}

/// The written spec: its text, each line's origin, the views in the order the
/// engine lists them, and the problems found while writing.
struct WrittenSpec {
    var text = ""
    var origins: [LineOrigin?] = []
    var order: [View] = []
    var warnings: [Diagnostic] = []
}

/// Writes a view tree as `.layout` text.
struct SpecWriter {
    private var spec = WrittenSpec()
    private var lineCount = 0

    /// `uses` are stylesheet paths as written in `use` lines, `header` statements
    /// come first (a spec's own `use` and `let` lines).
    static func write(roots: [View], uses: [String], usesLocation: SourceLocation, header: [SpecStatement]) -> WrittenSpec {
        var writer = SpecWriter()
        for root in roots { nameTargets(in: root) }
        if !uses.isEmpty {
            writer.emit("use " + uses.map(quoted).joined(separator: " "), .fixed(usesLocation))
        }
        for statement in header { writer.emitStatement(statement, indent: 0) }
        for root in roots { writer.emitTree(root) }
        return writer.spec
    }

    /// Gives an id to every anonymous view a rule or a `distribute` elsewhere names.
    private static func nameTargets(in root: View) {
        for view in root.allViews {
            for rule in view.rules where rule.isActive {
                if case .anchor(let target, _) = rule.target, target !== view, target !== view.superview {
                    _ = target.ensureID()
                }
            }
            for distribution in view.distributions { for member in distribution.views { _ = member.ensureID() } }
        }
    }

    private mutating func emit(_ line: String, _ origin: LineOrigin?) {
        spec.text += line
        spec.text += "\n"
        spec.origins.append(origin)
        lineCount += 1
    }

    private mutating func emitStatement(_ statement: SpecStatement, indent: Int) {
        let location = statement.location
        emit(
            String(repeating: " ", count: indent) + statement.text,
            .shifted(file: location.file, line: location.line, shift: location.column - (indent + 1)))
    }

    /// The tree without recursion (views nest up to 256 deep): an explicit stack
    /// of views to open and bodies to close.
    private mutating func emitTree(_ root: View) {
        enum Step { case open(View, depth: Int), close(depth: Int) }
        var stack: [Step] = [.open(root, depth: 0)]
        while let step = stack.popLast() {
            switch step {
            case .close(let depth):
                emit(String(repeating: "  ", count: depth) + "}", nil)
            case .open(let view, let depth):
                spec.order.append(view)
                emit(String(repeating: "  ", count: depth) + Self.header(of: view) + " {", .fixed(view.location))
                emitBody(of: view, indent: 2 * (depth + 1))
                stack.append(.close(depth: depth))
                for child in view.subviews.reversed() { stack.append(.open(child, depth: depth + 1)) }
            }
        }
    }

    private mutating func emitBody(of view: View, indent: Int) {
        for statement in view.specStatements { emitStatement(statement, indent: indent) }
        let pad = String(repeating: " ", count: indent)
        for rule in view.rules where rule.isActive {
            if let warning = rule.warning { spec.warnings.append(Diagnostic(.warning, warning, at: rule.location)) }
            for attribute in rule.attributes {
                switch Self.line(for: rule, attribute: attribute, in: view) {
                case .success(let text): emit(pad + text, .fixed(rule.location))
                case .failure(let problem): spec.warnings.append(Diagnostic(.error, problem.message, at: rule.location))
                }
            }
        }
        for distribution in view.distributions {
            emit(pad + Self.line(for: distribution), .fixed(distribution.location))
        }
    }

    // MARK: Headers

    static func header(of view: View) -> String {
        var text = view.kind.rawValue
        if let id = view.id { text += " " + id }
        if !view.classes.isEmpty { text += " ." + view.classes.joined(separator: ".") }
        if let title = view.title { text += " " + quoted(title) }
        var params = view.params.keys.sorted().map { "\($0)=\(parameter(view.params[$0]!))" }
        params += view.specParameters
        if !params.isEmpty { text += " [" + params.joined(separator: " ") + "]" }
        return text
    }

    static func parameter(_ value: Parameter) -> String {
        switch value {
        case .number(let number): number < 0 ? "(\(format(number)))" : format(number)
        case .word(let word): word
        case .string(let text): quoted(text)
        case .style(let name): "$" + name
        case .list(let items): "(" + items.map(parameter).joined(separator: ", ") + ")"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// A number as the spec grammar reads it: no exponent.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let text = String(value)
        guard text.contains("e") else { return text }
        var fixed = String(format: "%.15f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }

    // MARK: Rules

    struct Problem: Error { var message: String }

    /// One attribute of a rule as a `.layout` line: `attr REL right [@p] [as label]`.
    static func line(for rule: Rule, attribute: AnchorAttribute, in view: View) -> Result<String, Problem> {
        var pieces: [(sign: Double, text: String)] = []
        var constant = rule.offset + rule.insetConstant(for: attribute)
        let name = attribute.attribute.rawValue
        let scale = rule.multiplier == 1 ? "" : " * " + format(rule.multiplier)
        switch rule.target {
        case .anchor(let target, let members):
            guard let member = member(of: members, for: attribute) else {
                let list = members.map(\.rawValue).joined(separator: ", ")
                return .failure(Problem(message: "`\(attribute.rawValue)` has no matching member in (\(list)); the constraint is left out"))
            }
            pieces.append((1, reference(to: target, from: view) + member + scale))
        case .superview:
            guard view.superview != nil else {
                return .failure(Problem(message: "view '\(view.id ?? view.kind.rawValue)' has no superview; the constraint is left out"))
            }
            pieces.append((1, "parent." + name + scale))
        case .number(let number):
            constant += number
            if !attribute.isLength, view.superview != nil { pieces.append((1, "parent." + name + scale)) }
        case .style(let style):
            pieces.append((1, "$" + style))
        }
        for style in rule.styleOffsets { pieces.append((style.sign, "$" + style.name)) }
        var text = attribute.attribute.rawValue + " " + rule.relation.rawValue + " " + sum(pieces, constant)
        if !rule.priority.isRequired { text += " @\(rule.priority.value)" }
        if let label = rule.label { text += " as " + label }
        return .success(text)
    }

    /// The attribute read from a target: the constrained one for a whole view,
    /// the anchor's own, or a composite's member of the same name.
    private static func member(of members: [AnchorAttribute], for attribute: AnchorAttribute) -> String? {
        if members.isEmpty { return attribute.attribute.rawValue }
        if members.count == 1 { return members[0].attribute.rawValue }
        return members.first { $0.attribute == attribute.attribute }?.attribute.rawValue
    }

    /// `id.`, `parent.`, or nothing for the rule's own view when it has no id.
    private static func reference(to target: View, from view: View) -> String {
        if target === view { return view.id.map { $0 + "." } ?? "" }
        if target === view.superview, target.id == nil { return "parent." }
        return target.ensureID() + "."
    }

    private static func sum(_ pieces: [(sign: Double, text: String)], _ constant: Double) -> String {
        var text = ""
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                text = piece.sign < 0 ? "-" + piece.text : piece.text
            } else {
                text += (piece.sign < 0 ? " - " : " + ") + piece.text
            }
        }
        if pieces.isEmpty { return format(constant) }
        if constant != 0 { text += (constant < 0 ? " - " : " + ") + format(abs(constant)) }
        return text
    }

    // MARK: distribute

    static func line(for distribution: Distribution) -> String {
        func number(_ value: Double) -> String { value < 0 ? "(\(format(value)))" : format(value) }
        var text = "distribute \(distribution.axis.rawValue) ("
        text += distribution.views.map { $0.ensureID() }.joined(separator: " ") + ")"
        switch distribution.mode {
        case .spacing(let spacing): text += " spacing " + number(spacing)
        case .length(let length): text += " length " + number(length)
        }
        return text + " lead " + number(distribution.lead) + " tail " + number(distribution.tail)
    }
}
