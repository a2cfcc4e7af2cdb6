import CasementApp
import Testing

/// Why `run()` ended, and the status a program exits with for it.
@Suite struct AppEndingTests {
    @Test func exitStatusesAreWhatShellsExpect() {
        #expect(AppEnding.quit.exitStatus == 0)
        #expect(AppEnding.interrupt.exitStatus == 130)
        #expect(AppEnding.terminate.exitStatus == 143)
        #expect(AppEnding.hangUp.exitStatus == 129)
        #expect(AppEnding.quitSignal.exitStatus == 131)
        #expect(AppEnding.quit.signalNumber == nil)
        #expect(AppEnding.interrupt.description == "interrupt")
    }
}
