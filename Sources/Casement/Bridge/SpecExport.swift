import Diagnostics
import Foundation
import LayoutSpec

/// Writes a layout's spec syntax as `.layout` text (`Layout.writtenSpec`): the
/// very syntax the engine is given, printed. What a spec file wrote is copied
/// from its text; what code made is printed, one constraint per line. An
/// export only: nothing reads it back into the layout. (An id or class that is
/// not a spec word, such as `"}"`, is written as it is, and such a file does
/// not parse the same.)
enum SpecExport {
    static func text(of syntax: SpecSyntax, header: SpecHeader) -> String {
        var printer = Printer(source: syntax.source)
        for use in header.uses {
            printer.line(use.span.isCode ? "use " + quoted(use.path) : "use " + printer.written(use.span), depth: 0)
        }
        for definition in header.lets { printer.line(printer.written(definition.span), depth: 0) }
        let views = syntax.views
        var open: [Int] = []
        for view in views {
            while open.count > view.depth { printer.line("}", depth: open.popLast()!) }
            printer.line(printer.header(of: view) + " {", depth: view.depth)
            for definition in view.lets { printer.line(printer.written(definition.span), depth: view.depth + 1) }
            for statement in view.statements { printer.line(printer.statement(statement), depth: view.depth + 1) }
            open.append(view.depth)
        }
        while let depth = open.popLast() { printer.line("}", depth: depth) }
        return printer.text
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

    private struct Printer {
        let source: SourceText
        var text = ""

        mutating func line(_ content: String, depth: Int) {
            text += String(repeating: "  ", count: depth) + content + "\n"
        }

        /// What a span of the spec's text says, as written.
        func written(_ span: SourceSpan) -> String {
            let end = min(span.end, source.utf8.count)
            return String(decoding: source.utf8[min(span.start, end)..<end], as: UTF8.self)
        }

        func header(of view: ViewSyntax) -> String {
            var text = view.kind.text
            if let id = view.id { text += " " + id.text }
            if !view.classes.isEmpty { text += " ." + view.classes.map(\.text).joined(separator: ".") }
            if let title = view.title { text += " " + quoted(title) }
            let params = view.params.map { parameter in
                parameter.valueSpan.isCode
                    ? parameter.name.text + "=" + value(parameter.value)
                    : written(parameter.name.span.through(parameter.valueSpan))
            }
            if !params.isEmpty { text += " [" + params.joined(separator: " ") + "]" }
            return text
        }

        func value(_ value: ParameterValue) -> String {
            switch value {
            case .number(let number): number < 0 ? "(\(format(number)))" : format(number)
            case .word(let word): word
            case .string(let text): quoted(text)
            case .style(let name): "$" + name
            case .list(let items): "(" + items.map(self.value).joined(separator: ", ") + ")"
            case .expression(let expression): "(" + self.expression(expression) + ")"
            }
        }

        func statement(_ statement: StatementSyntax) -> String {
            switch statement {
            case .rule(let rule) where rule.span.isCode:
                let attributes = rule.attributes.map(\.text).joined(separator: ", ")
                return attributes + " " + rule.relation.rawValue + " " + expression(rule.expression) + tail(rule.tail)
            case .rule(let rule) where rule.attributes.contains(where: { written($0.span) != $0.text }):
                // One attribute of a written composite, split by an update of another.
                return rule.attributes.map(\.text).joined(separator: ", ") + " "
                    + written(SourceSpan(start: rule.relationSpan.start, end: rule.span.end))
            case .rule(let rule): return written(rule.span)
            case .shorthand(.distribute(let line)) where line.span.isCode:
                func number(_ value: ExpressionSyntax?) -> String { value.map(expression) ?? "0" }
                var text = "distribute \(line.axis.rawValue) (" + line.views.map(\.text).joined(separator: " ") + ")"
                switch line.mode {
                case .spacing(let spacing): text += " spacing " + number(spacing)
                case .length(let length): text += " length " + number(length)
                }
                return text + " lead " + number(line.lead) + " tail " + number(line.trail)
            case .shorthand(let shorthand): return written(shorthand.span)
            case .visualFormat(let line): return written(line.span)
            }
        }

        private func tail(_ tail: StatementTail) -> String {
            var text = ""
            switch tail.priority {
            case .number(let value, _): text += " @" + format(value)
            case .name(let name): text += " @" + name.text
            case nil: break
            }
            if let label = tail.label { text += " as " + label.text }
            return text
        }

        func expression(_ expression: ExpressionSyntax) -> String {
            if !expression.span.isCode { return written(expression.span) }
            switch expression {
            case .number(let value, _): return format(value)
            case .style(let name, _): return "$" + name
            case .name(let name): return name.text
            case .member(let view, let attribute): return view.text + "." + attribute.text
            case .negate(let inner, _): return "(-" + self.expression(inner) + ")"
            case .sum(let parts):
                var text = ""
                for (index, part) in parts.enumerated() {
                    let operand = self.expression(part.operand)
                    if index == 0 { text = part.isSubtracted ? "-" + operand : operand } else {
                        text += (part.isSubtracted ? " - " : " + ") + operand
                    }
                }
                return text
            case .product(let first, let parts):
                return ([self.expression(first)] + parts.map { ($0.isDivision ? "/ " : "* ") + self.expression($0.operand) })
                    .joined(separator: " ")
            }
        }
    }
}
