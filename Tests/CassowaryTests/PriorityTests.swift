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
