import Foundation
import Testing

/// The built `casement` binary: arguments, exit codes, streams.
@Suite struct BinaryTests {
    /// The executable next to the test bundle (SwiftPM builds it for this target).
    static func binary() throws -> URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("casement")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        for directory in ["debug", "release"] {
            let candidate = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/\(directory)/casement")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.currentDirectoryURL = CommandTests.golden
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func checkExitCodes() throws {
        #expect(try Self.run(["check", "row.layout"]).status == 0)
        let conflict = try Self.run(["check", "boxes.layout", "--size", "60x14"])
        #expect(conflict.status == 1)
        #expect(conflict.stdout.hasPrefix("boxes.layout:23:5: error: "))
        let missing = try Self.run(["check", "missing.layout"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("error: cannot read spec 'missing.layout'"))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let size = try Self.run(["check", "row.layout", "--size", "80"])
        #expect(size.status == 64)
        #expect(size.stderr.contains("--size"))
        let colors = try Self.run(["render", "row.layout", "--colors", "lots"])
        #expect(colors.status == 64)
        let format = try Self.run(["render", "row.layout", "--format", "png"])
        #expect(format.status == 64)
    }

    @Test func renderJSONFromTheBinaryMatchesTheCommandsCode() throws {
        let run = try Self.run(["render", "row.layout", "--size", "60x14", "--format", "json"])
        #expect(run.status == 0)
        let golden = try String(contentsOf: CommandTests.golden.appendingPathComponent("row.json"), encoding: .utf8)
        #expect(run.stdout == golden.replacingOccurrences(of: "demo/", with: ""))
    }

    @Test func explainUnknownViewExitsOne() throws {
        let run = try Self.run(["explain", "row.layout", "feild"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("did you mean 'field'?"))
        #expect(try Self.run(["explain", "row.layout", "field"]).status == 0)
    }

    @Test func helpListsTheHeadlessCommands() throws {
        let run = try Self.run(["--help"])
        #expect(run.status == 0)
        for command in ["check", "explain", "render"] { #expect(run.stdout.contains(command)) }
    }
}
