import Diagnostics
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

/// Checks made on the raw arguments before the argument parser sees them. `open` is
/// the default command, so `casement frobnicate x.layout` would otherwise parse as
/// `open frobnicate` with an unexpected extra argument.
enum CommandLineTriage {
    /// Every command name, in help order (the parser's own `help` included).
    static var commandNames: [String] {
        (Casement.headlessCommands + Casement.liveCommands).compactMap { $0.configuration.commandName } + ["help"]
    }

    /// An "unknown command" failure when the first argument reads as a mistyped command
    /// rather than a spec: a plain word (no `.` or `/`) that names no file.
    static func unknownCommand(in arguments: [String], fileExists: (String) -> Bool) -> CommandFailure? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first),
            !first.contains("."), !first.contains("/"), !fileExists(first)
        else { return nil }
        let hint = Suggestion.closest(to: first, among: commandNames).map(Suggestion.hint(offering:))
            ?? "commands: " + commandNames.joined(separator: ", ") + "; to open a spec, name its .layout file"
        return CommandFailure(message: "unknown command '\(first)'", hint: hint)
    }

    /// Exits with a usage error (64, as the argument parser's own) for an unknown command.
    static func rejectUnknownCommand() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let failure = unknownCommand(in: arguments, fileExists: { FileManager.default.fileExists(atPath: $0) })
        else { return }
        var output = failure.output
        output.status = 64
        output.write()
        exit(64)
    }
}

/// Spec paths that are not files get their own message before any read.
enum SpecPathCheck {
    /// A failure naming the directory (and a few specs in it), or nil for anything else.
    static func directoryFailure(_ path: String) -> CommandFailure? {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory else {
            return nil
        }
        let specs = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            .filter { $0.hasSuffix(".layout") }.sorted()
        let folder = path.hasSuffix("/") ? path : path + "/"
        let hint = specs.isEmpty
            ? "name a .layout file; there is none in this directory"
            : "name a .layout file in it, e.g. " + specs.prefix(3).map { folder + $0 }.joined(separator: ", ")
        return CommandFailure(message: "'\(path)' is a directory, not a spec", hint: hint)
    }
}
