import Diagnostics
import Testing

@testable import LayoutSpec

/// Stage one: the syntax tree, with spans, for every construct.
@Suite struct ParserTests {
    private func parse(_ text: String) -> SpecSyntax {
        SpecParser.parse(SourceText(path: "p.layout", text: text))
    }

    private func written(_ syntax: SpecSyntax, _ span: SourceSpan) -> String {
        String(decoding: syntax.source.utf8[span.start..<span.end], as: UTF8.self)
    }

    @Test func viewHeaderWithEveryPart() {
        let syntax = parse(#"box blue .blue-box.big "Blue" [gap=2, padding=(1 2) justify=center] { }"#)
        #expect(syntax.diagnostics.isEmpty)
        let view = syntax.views[0]
        #expect(view.kind.text == "box")
        #expect(view.id?.text == "blue")
        #expect(view.classes.map(\.text) == ["blue-box", "big"])
        #expect(view.title == "Blue")
        #expect(view.params.map(\.name.text) == ["gap", "padding", "justify"])
        #expect(view.params[0].value == .number(2))
        #expect(view.params[1].value == .list([.number(1), .number(2)]))
        #expect(view.params[2].value == .word("center"))
        #expect(written(syntax, view.params[1].valueSpan) == "(1 2)")
        #expect(written(syntax, view.span) == #"box blue .blue-box.big "Blue" [gap=2, padding=(1 2) justify=center]"#)
    }

    @Test func parameterValuesOfEveryForm() {
        let syntax = parse(#"row r [a=-1 b=$padding c="s" d=(gap * 2) e=(1, -2, 3, 4) f=w]"#)
        #expect(syntax.diagnostics.isEmpty)
        let values = syntax.views[0].params.map(\.value)
        #expect(values[0] == .number(-1))
        #expect(values[1] == .style("padding"))
        #expect(values[2] == .string("s"))
        if case .expression(.product(.name(let name), _)) = values[3] { #expect(name.text == "gap") } else {
            Issue.record("expected an expression, got \(values[3])")
        }
        #expect(values[4] == .list([.number(1), .number(-2), .number(3), .number(4)]))
        #expect(values[5] == .word("w"))
    }

    @Test func anonymousViewsAndBodiesOnTheNextLine() {
        let syntax = parse("screen root\n{\n  text \"hi\"\n  box { width == 1 }\n}\n")
        #expect(syntax.diagnostics.isEmpty)
        #expect(syntax.views.count == 3)
        #expect(syntax.views[1].id == nil && syntax.views[1].title == "hi")
        #expect(syntax.views[1].parent == 0 && syntax.views[2].parent == 0)
        #expect(syntax.views[2].depth == 1)
        #expect(syntax.views[2].statements.count == 1)
    }

    @Test func treeOrderAndParents() {
        let syntax = parse("screen a {\n box b {\n  box c\n }\n box d\n}\nbox e\n")
        #expect(syntax.views.map { $0.id!.text } == ["a", "b", "c", "d", "e"])
        #expect(syntax.views.map(\.parent) == [nil, 0, 1, 0, nil])
        #expect(syntax.views.map(\.depth) == [0, 1, 2, 1, 0])
    }

    @Test func usesAndLets() {
        let syntax = parse("use \"a.cas\" \"b.cas\"\nuse \"c.cas\"\nlet gap = 2\nbox x {\n let inner = gap * 2\n}\n")
        #expect(syntax.diagnostics.isEmpty)
        #expect(syntax.uses.map(\.path) == ["a.cas", "b.cas", "c.cas"])
        #expect(syntax.lets.map(\.name.text) == ["gap"])
        #expect(syntax.views[0].lets.map(\.name.text) == ["inner"])
    }

    @Test func ruleWithEveryPart() {
        let syntax = parse("box v {\n  top, size within parent.top + 2 * $margin-top inset 1 2 offset 3 as on-screen @low\n}")
        #expect(syntax.diagnostics.isEmpty)
        guard case .rule(let rule) = syntax.views[0].statements.first else {
            Issue.record("no rule")
            return
        }
        #expect(rule.attributes.map(\.text) == ["top", "size"])
        #expect(rule.relation == .within)
        #expect(rule.inset.count == 2 && rule.offset.count == 1)
        #expect(rule.tail.label?.text == "on-screen")
        if case .name(let name) = rule.tail.priority { #expect(name.text == "low") } else { Issue.record("priority") }
        #expect(written(syntax, rule.span) == "top, size within parent.top + 2 * $margin-top inset 1 2 offset 3 as on-screen @low")
        #expect(written(syntax, rule.expression.span) == "parent.top + 2 * $margin-top")
    }

    @Test func expressionsAreFlatSumsAndProducts() {
        let syntax = parse("box v { width == a.width * 2 / 4 - -3 + (b.width - 1) }")
        guard case .rule(let rule) = syntax.views[0].statements.first, case .sum(let parts) = rule.expression else {
            Issue.record("expected a sum: \(syntax.diagnostics)")
            return
        }
        #expect(parts.count == 3)
        #expect(parts.map(\.isSubtracted) == [false, true, false])
        if case .product(_, let factors) = parts[0].operand { #expect(factors.map(\.isDivision) == [false, true]) }
        #expect(parts[1].operand == .number(-3, SourceSpan(start: 35, end: 37)))
    }

    @Test func shorthandLines() {
        let syntax = parse("""
            box v {
              equal width (a b, c) @high
              align centerY (a b) as mid
              distribute vertical (a b) length 3 lead 1 tail 2
              aspect 16:9 cells
              aspect 2
            }
            """)
        #expect(syntax.diagnostics.isEmpty)
        let statements = syntax.views[0].statements
        #expect(statements.count == 5)
        if case .shorthand(.equal(let attribute, let views, let tail, _)) = statements[0] {
            #expect(attribute.text == "width" && views.map(\.text) == ["a", "b", "c"] && tail.priority != nil)
        } else { Issue.record("equal") }
        if case .shorthand(.align(_, _, let tail, _)) = statements[1] { #expect(tail.label?.text == "mid") } else {
            Issue.record("align")
        }
        if case .shorthand(.distribute(let distribute)) = statements[2] {
            #expect(distribute.axis == .vertical && distribute.lead != nil && distribute.trail != nil)
            if case .length = distribute.mode {} else { Issue.record("length mode") }
        } else { Issue.record("distribute") }
        if case .shorthand(.aspect(_, _, let cells, _, _)) = statements[3] { #expect(cells) } else { Issue.record("aspect") }
        if case .shorthand(.aspect(_, .number(let height, _), false, _, _)) = statements[4] { #expect(height == 1) } else {
            Issue.record("aspect R")
        }
    }

    @Test func visualFormatItems() {
        let syntax = parse("box v {\n  H:|-2-[a(>=10@high,<=b)]-[b][c]-(>=m@250)-|\n}")
        #expect(syntax.diagnostics.isEmpty)
        guard case .visualFormat(let line) = syntax.views[0].statements.first else {
            Issue.record("no VFL")
            return
        }
        #expect(line.axis == .horizontal)
        var shape: [String] = []
        for item in line.items {
            switch item {
            case .superview: shape.append("|")
            case .view(let name, let predicates, _): shape.append("[\(name.text)/\(predicates.count)]")
            case .connection(.flush): shape.append("flush")
            case .connection(.standard): shape.append("-")
            case .connection(.predicates(let predicates, _)): shape.append("-\(predicates.count)-")
            }
        }
        #expect(shape == ["|", "-1-", "[a/2]", "-", "[b/0]", "flush", "[c/0]", "-1-", "|"])
        if case .view(_, let predicates, _) = line.items[2] {
            #expect(predicates[0].relation == .greaterOrEqual && predicates[1].relation == .lessOrEqual)
            #expect(predicates[0].priority != nil)
        }
    }

    @Test func verticalAndOrientationlessVFL() {
        let syntax = parse("box v {\n V:[a]|\n [a]-(-1)-[b]\n}")
        #expect(syntax.diagnostics.isEmpty)
        guard case .visualFormat(let vertical) = syntax.views[0].statements[0],
            case .visualFormat(let horizontal) = syntax.views[0].statements[1]
        else {
            Issue.record("VFL lines")
            return
        }
        #expect(vertical.axis == .vertical && horizontal.axis == .horizontal)
        if case .connection(.predicates(let predicates, _)) = horizontal.items[1],
            case .number(let value, _) = predicates[0].object
        {
            #expect(value == -1)
        } else { Issue.record("negative spacing") }
    }

    @Test func statementsEndAtSemicolonsAndBraces() {
        let syntax = parse("box v { width == 1; height == 2 }")
        #expect(syntax.diagnostics.isEmpty)
        #expect(syntax.views[0].statements.count == 2)
    }

    @Test func crlfSourcesParseLikeLF() {
        let lf = parse("box v {\n  width == 1\n}\n")
        let crlf = parse("box v {\r\n  width == 1\r\n}\r\n")
        #expect(crlf.diagnostics.isEmpty)
        #expect(crlf.views == lf.views)
    }
}
