import LanguageServer
import LiveLink
import Testing

/// docs/live.md's server example, as written there: compiled (running it would serve
/// this process's standard input).
@Suite struct LiveDocExampleTests {
    static func serverExample() throws {
        let editor = try EditorLink(directory: .standard()) { warning in print(warning) }
        let server = LanguageServer(writer: MessageWriter(fileDescriptor: 1), sizes: editor, observer: editor)
        editor.onSizesChanged = { server.layoutSizesChanged() }
        var reader = MessageReader(fileDescriptor: 0)
        server.run(reader: &reader)
        editor.stop()
    }

    @Test func theServerExampleCompiles() {
        let _: () throws -> Void = Self.serverExample
    }
}
