import Cells
import Foundation
import LayoutEngine
import Testing

@testable import casement

/// What a newcomer types wrong on the command line gets a message about that mistake.
@Suite struct CommandLineTriageTests {
    @Test func aMistypedCommandIsNamedWithADidYouMean() {
        let failure = CommandLineTriage.unknownCommand(in: ["chek", "x.layout"], fileExists: { _ in false })
        #expect(failure == CommandFailure(message: "unknown command 'chek'", hint: "did you mean 'check'?"))
        let far = CommandLineTriage.unknownCommand(in: ["frobnicate", "x.layout"], fileExists: { _ in false })
        #expect(far?.message == "unknown command 'frobnicate'")
        #expect(far?.hint?.contains("check, explain, render, fmt, lsp, open") == true)
    }

    @Test func specsCommandsAndOptionsAreNotUnknownCommands() {
        for arguments in [
            ["x.layout"], ["demo/boxes"], ["check", "x.layout"], ["open"], ["help"], ["--help"], ["-h"], [],
        ] {
            #expect(CommandLineTriage.unknownCommand(in: arguments, fileExists: { _ in false }) == nil, "\(arguments)")
        }
        // A file without an extension is still a spec when it exists.
        #expect(CommandLineTriage.unknownCommand(in: ["myspec"], fileExists: { $0 == "myspec" }) == nil)
    }

    @Test func theBinarySaysUnknownCommandAndExitsWithAUsageError() throws {
        let run = try BinaryTests.run(["frobnicate", "x.layout"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: unknown command 'frobnicate'\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("Unexpected argument"))
        let near = try BinaryTests.run(["rendr", "row.layout"])
        #expect(near.stderr == "error: unknown command 'rendr'\nhint: did you mean 'render'?\n")
    }

    @Test func helpShowsTheSpecForm() throws {
        let run = try BinaryTests.run(["--help"])
        #expect(run.stdout.contains("USAGE: casement [<spec>]"), "\(run.stdout)")
        #expect(run.stdout.contains("casement <subcommand>"))
    }

    @Test func aDirectoryIsNamedAsOne() throws {
        let directory = CommandTests.golden.path
        let failure = try #require(SpecPathCheck.directoryFailure(directory))
        #expect(failure.message == "'\(directory)' is a directory, not a spec")
        #expect(failure.hint?.contains(directory + "/boxes.layout") == true)
        #expect(SpecPathCheck.directoryFailure(directory + "/boxes.layout") == nil)
        #expect(SpecPathCheck.directoryFailure("/nowhere/at/all.layout") == nil)
        for arguments in [["check", "."], ["render", "."], ["explain", ".", "a"], ["."]] {
            let run = try BinaryTests.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.hasPrefix("error: '.' is a directory, not a spec\n"), "\(arguments): \(run.stderr)")
        }
    }
}

/// `explain` takes the short id the inspector shows for a generated id.
@Suite struct ExplainShortIDTests {
    static let spec = """
        screen root {
          column list {
            text "a"
            text "b"
            box { text "c" }
          }
        }
        """

    static func explain(_ view: String) -> CommandOutput {
        ExplainCommand.output(
            spec: "s.layout", view: view, size: TerminalSize(width: 40, height: 10),
            reader: .inMemory(["s.layout": spec]))
    }

    @Test func aUniqueShortIDExplainsThatView() {
        let output = Self.explain("text#2")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("view list/text#2  text"), "\(output.stdout)")
        #expect(Self.explain("box#1").stdout.hasPrefix("view list/box#1  box"))
    }

    @Test func anAmbiguousShortIDListsTheFullIDs() {
        let output = Self.explain("text#1")
        #expect(output.status == 1)
        #expect(output.stderr == "error: 'text#1' names 2 views in s.layout\nhint: give the full id: list/text#1, list/box#1/text#1\n")
        #expect(Self.explain("list/box#1/text#1").status == 0)
    }
}
