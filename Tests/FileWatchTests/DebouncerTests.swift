import Testing
@testable import FileWatch

@Suite struct DebouncerTests {
    let start = ContinuousClock.now

    @Test func settlesAfterTheQuietPeriod() {
        var debouncer = Debouncer(quiet: .milliseconds(15), maximumDelay: .seconds(1))
        #expect(debouncer.deadline == nil)
        debouncer.note(["/b", "/a"], at: start)
        #expect(debouncer.deadline == start + .milliseconds(15))
        #expect(debouncer.takeSettled(now: start + .milliseconds(14)) == [])
        #expect(debouncer.takeSettled(now: start + .milliseconds(15)) == ["/a", "/b"])
        #expect(debouncer.deadline == nil)
        #expect(debouncer.takeSettled(now: start + .seconds(5)) == [])
    }

    @Test func everyEventRestartsTheQuietPeriod() {
        var debouncer = Debouncer(quiet: .milliseconds(15), maximumDelay: .seconds(1))
        for step in 0..<10 {
            debouncer.note(["/a"], at: start + .milliseconds(10 * step))
            #expect(debouncer.takeSettled(now: start + .milliseconds(10 * step + 9)) == [])
        }
        #expect(debouncer.deadline == start + .milliseconds(105))
        #expect(debouncer.takeSettled(now: start + .milliseconds(105)) == ["/a"])
    }

    @Test func aFinishedSaveIsDueAtOnceAndTheBurstAfterItOnceMore() {
        var debouncer = Debouncer(quiet: .milliseconds(15), maximumDelay: .seconds(1))
        debouncer.note(["/a"], at: start, finished: true)
        #expect(debouncer.deadline == start)
        #expect(debouncer.takeSettled(now: start) == ["/a"])
        // More of the same burst, finished saves included: the trailing edge.
        debouncer.note(["/a"], at: start + .milliseconds(2))
        debouncer.note(["/a"], at: start + .milliseconds(5), finished: true)
        #expect(debouncer.deadline == start + .milliseconds(20))
        #expect(debouncer.takeSettled(now: start + .milliseconds(19)) == [])
        #expect(debouncer.takeSettled(now: start + .milliseconds(20)) == ["/a"])
        // Once the quiet period has passed, a finished save leads again.
        debouncer.note(["/b"], at: start + .milliseconds(40), finished: true)
        #expect(debouncer.takeSettled(now: start + .milliseconds(40)) == ["/b"])
    }

    @Test func unfinishedWritesStillWaitForQuiet() {
        var debouncer = Debouncer(quiet: .milliseconds(15), maximumDelay: .seconds(1))
        debouncer.note(["/a"], at: start)
        #expect(debouncer.takeSettled(now: start + .milliseconds(1)) == [])
        // The writer closes the file: the save is over, no need to wait.
        debouncer.note(["/a"], at: start + .milliseconds(3), finished: true)
        #expect(debouncer.takeSettled(now: start + .milliseconds(3)) == ["/a"])
    }

    @Test func aSteadyStreamIsReportedAtTheMaximumDelay() {
        var debouncer = Debouncer(quiet: .milliseconds(15), maximumDelay: .milliseconds(100))
        var reports = 0
        for step in 0..<50 {
            let now = start + .milliseconds(5 * step)
            debouncer.note(["/log"], at: now)
            if !debouncer.takeSettled(now: now).isEmpty { reports += 1 }
        }
        // 250 ms of writes every 5 ms: reported at 100 and 200 ms.
        #expect(reports == 2)
    }

    @Test func aLongerQuietPeriodIsKept() {
        var debouncer = Debouncer(quiet: .milliseconds(15), maximumDelay: .seconds(1))
        debouncer.note(["/a"], at: start, quietFor: .milliseconds(50))
        debouncer.note(["/b"], at: start + .milliseconds(1))
        #expect(debouncer.deadline == start + .milliseconds(50))
    }

    @Test func nothingNotedChangesNothing() {
        var debouncer = Debouncer(quiet: .milliseconds(15), maximumDelay: .seconds(1))
        debouncer.note([], at: start)
        #expect(debouncer.deadline == nil)
    }

    @Test func forgettingUnwatchedPaths() {
        var debouncer = Debouncer(quiet: .milliseconds(15), maximumDelay: .seconds(1))
        debouncer.note(["/a", "/b"], at: start)
        debouncer.keep(only: ["/b", "/c"])
        #expect(debouncer.takeSettled(now: start + .seconds(1)) == ["/b"])
        debouncer.note(["/a"], at: start)
        debouncer.keep(only: [])
        #expect(debouncer.deadline == nil)
    }
}

@Suite struct WatchPathTests {
    @Test func normalization() {
        #expect(WatchPath.normalized("a.cas", relativeTo: "/home/me") == "/home/me/a.cas")
        #expect(WatchPath.normalized("./x/../a.cas", relativeTo: "/home/me/") == "/home/me/a.cas")
        #expect(WatchPath.normalized("//etc///./passwd", relativeTo: "/x") == "/etc/passwd")
        #expect(WatchPath.normalized("../../../../a", relativeTo: "/b") == "/a")
        #expect(WatchPath.normalized("/", relativeTo: "/x") == "/")
    }

    @Test func parentsAndNames() {
        #expect(WatchPath.parent(of: "/a/b/c") == "/a/b")
        #expect(WatchPath.parent(of: "/a") == "/")
        #expect(WatchPath.parent(of: "/") == "/")
        #expect(WatchPath.name(of: "/a/b/c.cas") == "c.cas")
        #expect(WatchPath.join("/", "a") == "/a")
        #expect(WatchPath.join("/a", "b") == "/a/b")
    }

    @Test func millisecondsRoundUp() {
        #expect(Duration.milliseconds(15).wholeMillisecondsRoundedUp == 15)
        #expect(Duration.microseconds(15_001).wholeMillisecondsRoundedUp == 16)
        #expect(Duration.nanoseconds(1).wholeMillisecondsRoundedUp == 1)
        #expect(Duration.zero.wholeMillisecondsRoundedUp == 0)
        #expect(Duration.milliseconds(-5).wholeMillisecondsRoundedUp == 0)
    }
}
