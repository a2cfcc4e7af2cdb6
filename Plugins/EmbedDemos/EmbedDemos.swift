import Foundation
import PackagePlugin

/// Embeds demo/*.layout and styles/*.cas into the target it is applied to (the
/// `EmbeddedDemos` module) at build time, by running `tools/embed-demos`.
///
/// The command's inputs are every embedded file (an edit reruns it) and the two
/// directories themselves, named with a trailing slash so the build system
/// compares their listings (a file added or removed reruns it); the generator
/// lists the directories itself when it runs, so a file added since SwiftPM
/// last planned the build is embedded too.
@main
struct EmbedDemos: BuildToolPlugin {
    /// The directories embedded, and the suffix of the files taken from each.
    static let sources = [("demo", ".layout"), ("styles", ".cas")]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let files = try Self.sources.flatMap { directory, suffix in
            try FileManager.default.contentsOfDirectory(atPath: root.appending(path: directory).path)
                .filter { $0.hasSuffix(suffix) }
                .map { root.appending(path: directory + "/" + $0) }
        }
        let directories = Self.sources.map { root.appending(path: $0.0, directoryHint: .isDirectory) }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedDemoFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the demos and stylesheets",
                executable: try context.tool(named: "embed-demos").url,
                arguments: [output.path, root.path] + Self.sources.map { "\($0.0)/*\($0.1)" },
                inputFiles: files + directories,
                outputFiles: [output]
            )
        ]
    }
}
