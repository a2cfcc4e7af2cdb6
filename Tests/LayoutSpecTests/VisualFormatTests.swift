import Testing

@testable import LayoutSpec

/// Golden lowering of Visual Format Language lines, and their errors.
@Suite struct VisualFormatTests {
    /// VFL lines inside `box v { box a  box b  box c … }`.
    private func vfl(_ body: String, lets: String = "") -> String {
        cleanLowered("\(lets)\nscreen root {\n box v {\n  box a\n  box b\n  box c\n  \(body)\n }\n}")
    }

    private func errors(_ body: String) -> [String] {
        messages(compile("screen root {\n box v {\n  box a\n  box b\n  \(body)\n }\n}"))
    }

    @Test func theProductExample() {
        #expect(
            vfl("H:|-2-[a(>=10@high)]-[b(==a)]-2-|") == lines(
                "a.left == v.left + 2 as vfl",
                "a.width >= 10 @high as vfl",
                "b.left == a.right + 1 as vfl",
                "b.width == a.width as vfl",
                "v.right == b.right + 2 as vfl"))
    }

    @Test func verticalFlushConnections() {
        #expect(vfl("V:|[a][b]|") == lines("a.top == v.top as vfl", "b.top == a.bottom as vfl", "v.bottom == b.bottom as vfl"))
    }

    @Test func standardSpacingToTheSuperviewIsOneCell() {
        #expect(vfl("|-[a]-|") == lines("a.left == v.left + 1 as vfl", "v.right == a.right + 1 as vfl"))
    }

    @Test func predicateListsOnConnections() {
        #expect(vfl("[a]-(>=1,<=3@low)-[b]") == lines("b.left >= a.right + 1 as vfl", "b.left <= a.right + 3 @low as vfl"))
        #expect(vfl("[a]-(-1)-[b]") == "b.left == a.right - 1 as vfl")
        #expect(vfl("[a]-(>=0)-|") == "v.right >= a.right as vfl")
    }

    @Test func viewPredicates() {
        #expect(vfl("[a(10)]") == "a.width == 10 as vfl")
        #expect(vfl("V:[a(==b@500,<=m)]", lets: "let m = 20") == lines("a.height == b.height @medium as vfl", "a.height <= 20 as vfl"))
        #expect(vfl("[a(>=10@p)]", lets: "let p = 300") == "a.width >= 10 @300 as vfl")
    }

    @Test func metricsFromLetsAndStyleValues() {
        #expect(vfl("|-m-[a]-(m)-|", lets: "let m = 2") == lines("a.left == v.left + 2 as vfl", "v.right == a.right + 2 as vfl"))
        #expect(vfl("|-$margin-left-[a($size-width)]") == lines("a.left == v.left + v.$margin-left as vfl", "a.width == $size-width as vfl"))
    }

    @Test func aLoneViewAddsNothingAndLabelsOverrideVfl() {
        #expect(vfl("[a]") == "")
        #expect(vfl("[a]-[b] as pair") == "b.left == a.right + 1 as pair")
    }

    @Test func aLongLine() {
        #expect(
            vfl("H:|[a]-2-[b(>=3)]-(>=1@weak)-[c(==a)]-|") == lines(
                "a.left == v.left as vfl",
                "b.left == a.right + 2 as vfl",
                "b.width >= 3 as vfl",
                "c.left >= b.right + 1 @weak as vfl",
                "c.width == a.width as vfl",
                "v.right == c.right + 1 as vfl"))
    }

    @Test func unknownViewsSkipTheLine() {
        #expect(errors("[a]-[b]-[zz]") == ["5:12: error: unknown view 'zz'; the rule is skipped"])
        #expect(errors("[a]-[bz]").first == "5:8: error: unknown view 'bz'; the rule is skipped")
        let document = compile("screen root {\n box v {\n  box ab\n  [ab]-[ac]\n }\n}")
        #expect(document.constraints.isEmpty)
        #expect(document.diagnostics.first?.hint == "did you mean 'ab'?")
    }

    @Test func aSpacingCannotBeAView() {
        #expect(errors("[a]-b-[b]") == ["5:7: error: a spacing cannot be a view ('b'); it must be a number or a metric"])
        #expect(errors("[a]-gap-[b]") == ["5:7: error: unknown metric 'gap'"])
    }

    @Test func syntaxErrors() {
        #expect(errors("|-[a]-|-[b]") == ["5:9: error: '|' (the superview) may only start or end a VFL line"])
        #expect(errors("[a") == ["5:5: error: expected ']' to close the view 'a', found the end of the line"])
        #expect(errors("H:|-") == ["5:7: error: expected a view such as [name] or '|' after '-', found the end of the line"])
        #expect(errors("H:") == ["5:5: error: expected a view such as [name], found the end of the line"])
        #expect(errors("[a]-(>=1-[b]") == ["5:11: error: expected ',' or ')' in the predicate list, found '-'"])
        #expect(errors("[a]-1[b]") == ["5:8: error: expected '-' after the spacing, found '['"])
        #expect(errors("[a(>=10@2000)]") == ["5:10: error: priority 2000 is not a whole number from 1 to 1000"])
    }
}
