#if canImport(Glibc)
import Glibc
#endif

/// Keeps a crash report from taking the user's terminal.
///
/// Swift's backtracer is interactive when standard input and output are terminals:
/// after a crash it waits for a key ("Press space to interact, D to debug, or any
/// other key to quit"), so the designer's user loses a keystroke and the shell waits.
/// The runtime reads `SWIFT_BACKTRACE` once, in a static initialiser that runs before
/// `main`, and then write-protects its settings; setting the variable from `main` is
/// too late. So casement re-executes itself once with `interactive=no` added, only
/// when it would matter (both streams are terminals) and only when the user has not
/// chosen backtracer settings of their own. The cost is one `exec` at start-up.
enum CrashReports {
    static let variable = "SWIFT_BACKTRACE"
    static let setting = "interactive=no"
    /// Set on the re-executed process, so a failed or repeated start cannot loop.
    static let marker = "CASEMENT_BACKTRACE_SET"

    /// The `SWIFT_BACKTRACE` value to re-execute with, or nil to run as is.
    static func settingToApply(current: String?, alreadySet: Bool, stdinIsTerminal: Bool, stdoutIsTerminal: Bool)
        -> String?
    {
        guard !alreadySet, stdinIsTerminal, stdoutIsTerminal else { return nil }
        guard let current, !current.isEmpty else { return setting }
        // The user's own settings win; an explicit interactive= choice is kept.
        return current.contains("interactive=") ? nil : current + "," + setting
    }

    /// Re-executes the running binary with non-interactive crash reports when needed.
    /// Returns normally when no re-execution is needed or it failed.
    static func makeNonInteractive() {
        #if os(Linux)
        let value = settingToApply(
            current: getenv(variable).map { String(cString: $0) }, alreadySet: getenv(marker) != nil,
            stdinIsTerminal: isatty(STDIN_FILENO) != 0, stdoutIsTerminal: isatty(STDOUT_FILENO) != 0)
        guard let value else { return }
        setenv(variable, value, 1)
        setenv(marker, "1", 1)
        var arguments = CommandLine.arguments.map { strdup($0) }
        arguments.append(nil)
        execv("/proc/self/exe", &arguments)
        // Still here: exec failed; run without the setting rather than not at all.
        for argument in arguments { free(argument) }
        #endif
    }
}
