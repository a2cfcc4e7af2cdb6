import Testing

@testable import LayoutEngine

/// Reads are not `mutating`: their caches (the answers, the owner map, the
/// solver's own) sit in boxes that copies share while they are the same. A
/// copy that changes must never change what another copy answers.
@Suite struct SessionCopyTests {
    static let wish = "screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 25 @high as wish }\n}"
    static let granted = "screen root {\n  box a { left == 0; top == 0; height == 1; width == 25 @high as wish }\n}"

    @Test func aCopyKeepsItsAnswersWhenTheOriginalReloads() {
        var (session, files) = loaded(Self.wish)
        let before = session
        // Fill the shared caches first, then change the original.
        #expect(before.unsatisfiedPreferences().count == 1)
        files[specPath] = Self.granted
        #expect(session.reload(changedFiles: [specPath]).applied)

        #expect(session.unsatisfiedPreferences().isEmpty)
        #expect(session.frame("a")?.width == 25)
        #expect(before.unsatisfiedPreferences().count == 1)
        #expect(before.unsatisfiedPreferences().first?.violation == 15)
        #expect(before.frame("a")?.width == 10)
        #expect(before.explain("a")?.constraints.contains { $0.status == .unsatisfied(by: 15) } == true)
    }

    @Test func aCopyReadFirstAfterTheOriginalChangedStillAnswersForItself() {
        var (session, files) = loaded(Self.wish)
        let before = session
        files[specPath] = Self.granted
        session.reload(changedFiles: [specPath])
        // Nothing was cached before the change: the copy works its answers out now.
        #expect(before.unsatisfiedPreferences().map(\.violation) == [15])
        #expect(session.unsatisfiedPreferences().isEmpty)
        #expect(before.ambiguities().isEmpty)
    }

    @Test func conflictsOfACopyStayWhenTheOriginalResolvesThem() {
        let conflicted = "screen root {\n  box a { left == 0; top == 0; height == 1; width == 10; width == 20 }\n}"
        var (session, files) = loaded(conflicted)
        let before = session
        #expect(before.conflicts().count == 1)
        files[specPath] = Self.granted
        session.reload(changedFiles: [specPath])
        #expect(session.conflicts().isEmpty)
        #expect(before.conflicts().count == 1)
        #expect(before.snapshot().conflicts.count == 1)
    }
}
