import Foundation
import Testing

@testable import casement

/// `casement fmt`: prints, checks and rewrites, and leaves a broken file alone.
@Suite struct FmtCommandTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "casement-fmt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func printsTheCanonicalFormAndChangesNoFile() throws {
        let path = try file("a.cas", "box\n    bg   red\n")
        let output = FmtCommand.output(files: [path], mode: .print, reader: .fileSystem)
        #expect(output == CommandOutput(stdout: "box\n  bg red\n", stderr: "", status: 0))
        #expect(try contents(path) == "box\n    bg   red\n")
    }

    @Test func checkListsTheFilesThatWouldChangeAndExitsOne() throws {
        let untidy = try file("a.layout", "screen root {\n box a\n}\n")
        let tidy = try file("b.layout", "screen root {\n  box a\n}\n")
        let output = FmtCommand.output(files: [untidy, tidy], mode: .check, reader: .fileSystem)
        #expect(output.stdout == untidy + "\n")
        #expect(output.status == 1)
        #expect(FmtCommand.output(files: [tidy], mode: .check, reader: .fileSystem).status == 0)
        #expect(try contents(untidy) == "screen root {\n box a\n}\n")
    }

    @Test func writeRewritesInPlaceKeepingThePermissionsAndFollowingASymlink() throws {
        let path = try file("a.cas", "box\n    bg   red\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let link = directory + "/link.cas"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let output = FmtCommand.output(files: [link], mode: .write, reader: .fileSystem)
        #expect(output == CommandOutput(stdout: link + "\n", stderr: "", status: 0))
        #expect(try contents(path) == "box\n  bg red\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        // A second run has nothing to write.
        #expect(FmtCommand.output(files: [link], mode: .write, reader: .fileSystem).stdout == "")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("casement-fmt") }
        #expect(leftovers.isEmpty)
    }

    @Test func aFileWithSyntaxErrorsIsLeftAloneWithItsErrorsAndExitOne() throws {
        let broken = try file("a.cas", "box {\n    bg   red\n")
        let fine = try file("b.cas", "box\n    bg   red\n")
        let output = FmtCommand.output(files: [broken, fine], mode: .write, reader: .fileSystem)
        #expect(output.status == 1)
        #expect(output.stderr.contains(broken + ":1:5: error: '{' is never closed"))
        #expect(output.stderr.contains(broken + ": not formatted"))
        #expect(try contents(broken) == "box {\n    bg   red\n")
        #expect(try contents(fine) == "box\n  bg red\n")
    }

    @Test func otherFilesAndMissingFilesAreErrors() throws {
        let text = try file("notes.txt", "hello\n")
        let output = FmtCommand.output(files: [text, directory + "/missing.cas"], mode: .print, reader: .fileSystem)
        #expect(output.status == 1)
        #expect(output.stderr.contains("not a .cas or .layout file"))
        #expect(output.stderr.contains("cannot read '\(directory)/missing.cas'"))
    }
}
