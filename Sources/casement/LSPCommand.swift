import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LanguageServer
import Designer
import LiveLink

/// `casement lsp`: the language server over standard input and output.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server for .cas and .layout files over stdin/stdout.",
        discussion: """
            Speaks the Language Server Protocol (JSON-RPC with Content-Length framing) on \
            standard input and output: diagnostics as you type, hover, completion, \
            definition, references, symbols, rename and quick fixes. Initialization \
            options: {"width": 80, "height": 24, "debounce": 30}. See docs/editors.md.
            """)

    @Option(help: ArgumentHelp("Milliseconds to wait after a change before analysing.", valueName: "ms"))
    var debounce = 30

    @Flag(help: "Do not send unsaved buffers to running designers (the live preview).")
    var noLive = false

    func run() throws {
        AllocatorSetting.keepMemoryForEdits()
        // A client that goes away must not kill the server mid-write with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let link = noLive ? nil : Self.joinLiveDirectory()
        let server = LanguageServer(
            options: LanguageServer.Options(debounceMilliseconds: max(0, debounce)),
            writer: MessageWriter(fileDescriptor: 1), sizes: link, observer: link)
        link?.onSizesChanged = { [weak server] in server?.layoutSizesChanged() }
        var reader = MessageReader(fileDescriptor: 0)
        server.run(reader: &reader)
        link?.stop()
        throw ExitCode(server.hasExited ? server.exitStatus : 1)
    }

    /// The live preview's link, or nil (said on standard error, the editor's log) when
    /// the live directory cannot be used: the server works on without it.
    static func joinLiveDirectory() -> EditorLink? {
        do {
            return try EditorLink(directory: .standard()) { warning in
                CommandOutput.write(warning + "\n", to: 2)
            }
        } catch {
            CommandOutput.write("casement lsp: live preview off: \(error)\n", to: 2)
            return nil
        }
    }
}
