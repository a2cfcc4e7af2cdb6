import CasementApp
import Foundation

/// `casement-top`: a live system monitor for Linux, built only on the public
/// `CasementApp` library. The frame is `top.layout`, the look `top.cas` (both
/// embedded; `--dev` reads the repository's copies and reloads them live); the
/// widgets inside the frame are placed here with the DSL.
@main
struct CasementTop {
    @MainActor
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print("""
                usage: casement-top [--dev]
                  A system monitor: per-core CPU, memory, load, uptime and processes from /proc.
                  Keys: ↑ ↓ PgUp PgDn move · c m p sort by CPU, memory, PID · / filter (Enter keeps,
                  Escape clears) · Enter details · Tab focus · q quit. --dev (or CASEMENT_DEV=1):
                  reload top.layout and top.cas from the repository while running; F12 inspector.
                """)
            return
        }
        let dev = App.devModeRequested()
        let spec = try EmbeddedFiles.specPath(dev: dev)
        let ending: AppEnding
        do {
            defer { EmbeddedFiles.removeCopies(of: spec) }
            let top = try TopApp(specPath: spec, devMode: dev)
            top.startSampling()
            ending = try top.app.run()
        }
        // As a shell expects: 130 after Ctrl-C, 143 after SIGTERM, 0 after q.
        if ending.exitStatus != 0 { exit(ending.exitStatus) }
    }
}

/// Where the frame and the look come from: the repository's files in dev mode,
/// otherwise the embedded copies written to a private temporary directory.
enum EmbeddedFiles {
    static let repositoryDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    /// In dev mode: `CASEMENT_TOP_DIR` names a directory with copies of the two
    /// files to run from instead of the repository's (the end-to-end test edits one).
    static func specPath(dev: Bool) throws -> String {
        let source = ProcessInfo.processInfo.environment["CASEMENT_TOP_DIR"] ?? repositoryDirectory
        let repositorySpec = source + "/top.layout"
        if dev, FileManager.default.fileExists(atPath: repositorySpec) { return repositorySpec }
        let directory = NSTemporaryDirectory() + "casement-top-\(getuid())-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try EmbeddedTop.layout.write(toFile: directory + "/top.layout", atomically: true, encoding: .utf8)
        try EmbeddedTop.stylesheet.write(toFile: directory + "/top.cas", atomically: true, encoding: .utf8)
        return directory + "/top.layout"
    }

    /// Removes the temporary copies (never the repository's files).
    static func removeCopies(of spec: String) {
        let directory = (spec as NSString).deletingLastPathComponent
        guard directory.hasPrefix(NSTemporaryDirectory()), directory.contains("casement-top-") else { return }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
