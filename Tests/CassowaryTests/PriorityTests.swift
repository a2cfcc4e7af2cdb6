import Testing
import Cassowary

@Suite struct PriorityTests {
    @Test func namedPrioritiesFollowAutoLayout() {
        #expect(Priority.required.value == 1000)
        #expect(Priority.required.isRequired)
        #expect(!Priority(999).isRequired)
        #expect(Priority.weakest < Priority.low && Priority.low < Priority.medium)
        #expect(Priority.medium < Priority.high && Priority.high < Priority.required)
        #expect(Priority.high.description == "high")
        #expect(Priority(42).description == "42")
    }
}

@Suite struct AboveAllPreferencesTests {
    @Test func sitsBetween999AndRequired() {
        let top = Priority.aboveAllPreferences
        #expect(Priority(999) < top && top < Priority.required)
        #expect(!top.isRequired)
        #expect(top != Priority(999))
        #expect(top.description == "above 999")
    }

    /// An edit variable at the top preference level wins against any number of
    /// broken 999 preferences, and loses to a required constraint.
    @Test func outranksEvery999Preference() throws {
        var solver = Solver()
        let size = Variable("size")
        let parts = (0..<5).map { Variable("part\($0)") }
        try solver.addEditVariable(size, priority: .aboveAllPreferences)
        try solver.suggestValue(size, 10)
        try solver.add(parts.dropFirst().reduce(Expression(parts[0])) { $0 + $1 } == Expression(size))
        for part in parts { try solver.add((part == 5).priority(999)) }
        #expect(solver.value(of: size) == 10)

        try solver.add(size >= 30)
        #expect(solver.value(of: size) == 30)
    }
}
