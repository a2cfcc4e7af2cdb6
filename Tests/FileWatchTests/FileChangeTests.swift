import Testing
import FileWatch

@Suite struct FileChangeTests {
    @Test func everyChangeNamesItsPath() {
        #expect(FileChange.modified(path: "/a").path == "/a")
        #expect(FileChange.removed(path: "/b").path == "/b")
    }
}
