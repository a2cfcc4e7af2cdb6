import CasementApp
import Foundation

/// `casement-files [DIR]`: a read-only file browser built only on the public
/// `CasementApp` library. The frame is `files.layout`, the look `files.cas`
/// (both embedded; `--dev` reads the repository's copies and reloads them
/// live); the widgets inside the frame are placed in Swift (FilesApp.swift).
@main
struct CasementFiles {
    @MainActor
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print("""
                usage: casement-files [--dev] [DIR]
                  A read-only file browser: a tree of DIR (the current directory by default), a
                  preview of the selected file (its first 256 KB) and its details.
                  Keys: ↑ ↓ → ← move, open, close · Enter open · Tab focus · / filter · s sort ·
                  . hidden files · g go to path · r reload · Ctrl-P commands · q quit.
                  --dev (or CASEMENT_DEV=1): reload files.layout and files.cas while running; F12 inspector.
                """)
            return
        }
        let directory = FileSystem.resolve(arguments.first { !$0.hasPrefix("-") } ?? ".",
                                           from: FileManager.default.currentDirectoryPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            FileHandle.standardError.write(Data("casement-files: not a directory: \(directory)\n".utf8))
            exit(2)
        }
        let dev = App.devModeRequested()
        let spec = try FrameFiles.specPath(dev: dev)
        let ending: AppEnding
        do {
            defer { FrameFiles.removeCopies(of: spec) }
            let files = try FilesApp(specPath: spec, directory: directory, devMode: dev)
            files.start()
            ending = try files.app.run()
        }
        // As a shell expects: 130 after Ctrl-C, 143 after SIGTERM, 0 after q.
        if ending.exitStatus != 0 { exit(ending.exitStatus) }
    }
}

/// Where the frame and the look come from: the repository's files in dev mode,
/// otherwise the embedded copies written to a private temporary directory.
enum FrameFiles {
    static let repositoryDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    /// In dev mode: `CASEMENT_FILES_DIR` names a directory with copies of the two
    /// files to run from instead of the repository's (the end-to-end test edits one).
    static func specPath(dev: Bool) throws -> String {
        let source = ProcessInfo.processInfo.environment["CASEMENT_FILES_DIR"] ?? repositoryDirectory
        let repositorySpec = source + "/files.layout"
        if dev, FileManager.default.fileExists(atPath: repositorySpec) { return repositorySpec }
        let directory = NSTemporaryDirectory() + "casement-files-\(getuid())-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try EmbeddedFiles.layout.write(toFile: directory + "/files.layout", atomically: true, encoding: .utf8)
        try EmbeddedFiles.stylesheet.write(toFile: directory + "/files.cas", atomically: true, encoding: .utf8)
        return directory + "/files.layout"
    }

    /// Removes the temporary copies (never the repository's files, nor anything browsed).
    static func removeCopies(of spec: String) {
        let directory = (spec as NSString).deletingLastPathComponent
        guard directory.hasPrefix(NSTemporaryDirectory()), directory.contains("casement-files-") else { return }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
