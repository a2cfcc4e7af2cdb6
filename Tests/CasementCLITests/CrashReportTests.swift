import Testing

@testable import casement

/// The backtracer must never wait for a key: casement re-executes itself with
/// `SWIFT_BACKTRACE=interactive=no` when both streams are terminals.
@Suite struct CrashReportTests {
    @Test func aTerminalSessionGetsNonInteractiveReports() {
        #expect(
            CrashReports.settingToApply(current: nil, alreadySet: false, stdinIsTerminal: true, stdoutIsTerminal: true)
                == "interactive=no")
        #expect(
            CrashReports.settingToApply(current: "", alreadySet: false, stdinIsTerminal: true, stdoutIsTerminal: true)
                == "interactive=no")
    }

    @Test func theUsersOwnSettingsAreKept() {
        #expect(
            CrashReports.settingToApply(
                current: "color=no", alreadySet: false, stdinIsTerminal: true, stdoutIsTerminal: true)
                == "color=no,interactive=no")
        #expect(
            CrashReports.settingToApply(
                current: "interactive=yes", alreadySet: false, stdinIsTerminal: true, stdoutIsTerminal: true) == nil)
    }

    @Test func scriptsAndTheReexecutedProcessRunAsTheyAre() {
        // Not both terminals: the backtracer is already non-interactive.
        #expect(CrashReports.settingToApply(current: nil, alreadySet: false, stdinIsTerminal: true, stdoutIsTerminal: false) == nil)
        #expect(CrashReports.settingToApply(current: nil, alreadySet: false, stdinIsTerminal: false, stdoutIsTerminal: true) == nil)
        // Already re-executed once: never again.
        #expect(CrashReports.settingToApply(current: nil, alreadySet: true, stdinIsTerminal: true, stdoutIsTerminal: true) == nil)
    }
}
