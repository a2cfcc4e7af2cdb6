import Testing
@testable import Cassowary

@Suite struct ExpressionTests {
    @Test func variablesHaveIdentityAndNames() {
        let a = Variable("a"), b = Variable("a")
        #expect(a != b)
        #expect(a == a)
        #expect(a.description == "a")
        #expect(Variable().description.hasPrefix("v"))
        #expect(Set([a, b, a]).count == 2)
    }

    @Test func arithmeticBuildsLinearExpressions() {
        let x = Variable("x"), y = Variable("y")
        let e = 2 * x + y - 3 + x / 2 - (y - 1) * 4
        let s = e.simplified()
        #expect(s.terms.count == 2)
        #expect(s.terms[0].variable == x && s.terms[0].coefficient == 2.5)
        #expect(s.terms[1].variable == y && s.terms[1].coefficient == -3)
        #expect(s.constant == 1)
        #expect(e.value { $0 == x ? 2 : 10 } == 5 + -30 + 1)
        #expect((-x).terms[0].coefficient == -1)
        #expect((x - x).simplified().terms.isEmpty)
    }

    @Test func simplifyingManyTermsKeepsFirstOccurrenceOrder() {
        let vars = (0..<20).map { Variable("v\($0)") }
        var e = Expression()
        for v in vars { e = e + v }
        for v in vars.reversed() { e = e + 2 * v }
        let s = e.simplified()
        #expect(s.terms.map(\.variable) == vars)
        #expect(s.terms.allSatisfy { $0.coefficient == 3 })
    }

    @Test func relationsBuildNormalisedConstraints() {
        let x = Variable("x"), y = Variable("y")
        let c = x + 2 == y + 5
        #expect(c.relation == .equal)
        #expect(c.constant == 3)
        #expect(c.expression.terms.map(\.coefficient) == [1, -1])
        #expect(c.priority == .required && c.isRequired)
        #expect((x >= 1).constant == 1)
        #expect((2 * x <= y).relation == .lessThanOrEqual)
        #expect((1 <= x).relation == .lessThanOrEqual)
        #expect((1 <= x).constant == -1)
        #expect((x == y).constant == 0)
        #expect(c.description == "x - y == 3")
        #expect((x >= 1).priority(.high).description == "x >= 1 @high")
    }

    @Test func constraintIdentityIgnoresContent() {
        let x = Variable("x")
        let a = x >= 1, b = x >= 1
        #expect(a != b)
        #expect(a == a)
        let weak = a.priority(.low)
        #expect(weak != a)
        #expect(weak.priority == .low)
        #expect((a.priority(250)).priority == Priority.low)
        var seen: [Constraint: String] = [:]
        seen[a] = "a"
        seen[b] = "b"
        #expect(seen[a] == "a" && seen.count == 2)
    }
}
