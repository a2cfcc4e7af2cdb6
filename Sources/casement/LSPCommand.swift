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

    func run() throws {
        AllocatorSetting.keepMemoryForEdits()
        // A client that goes away must not kill the server mid-write with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(
            options: LanguageServer.Options(debounceMilliseconds: max(0, debounce)),
            writer: MessageWriter(fileDescriptor: 1))
        var reader = MessageReader(fileDescriptor: 0)
        server.run(reader: &reader)
        throw ExitCode(server.hasExited ? server.exitStatus : 1)
    }
}
