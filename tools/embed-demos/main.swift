// The generator behind the EmbedDemos build-tool plugin: writes a Swift file
// holding a copy of the demos and stylesheets, so `casement` with no arguments
// can show the gallery even where the package's files are not around.
//
//     embed-demos OUTPUT ROOT DIRECTORY/*SUFFIX...
//
// OUTPUT is the Swift file to write. Each pattern names a directory under the
// package root ROOT and the suffix of the files taken from it (`demo/*.layout`);
// every such file becomes one entry, keyed by its path relative to ROOT. The
// directories are listed here, when the command runs, not when the plugin
// planned it: SwiftPM may reuse an old plan, and its list of files with it.
// By hand, from the package root:
//
//     swift run embed-demos /tmp/demos.swift . 'demo/*.layout' 'styles/*.cas'
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write("usage: embed-demos OUTPUT ROOT DIRECTORY/*SUFFIX...\n".data(using: .utf8)!)
    exit(2)
}
let outputPath = arguments[0]
let root = arguments[1]

/// The files a `directory/*suffix` pattern names, relative to `root`, sorted.
func files(matching pattern: String) -> [String] {
    guard let star = pattern.range(of: "/*") else { return [pattern] }
    let directory = String(pattern[..<star.lowerBound]), suffix = String(pattern[star.upperBound...])
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + directory)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.map { directory + "/" + $0 }
}
let paths = arguments.dropFirst(2).flatMap(files(matching:)).sorted()

/// A raw string delimiter the text cannot end early.
func delimiter(for text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes
}

var output = """
    // Generated at build time by tools/embed-demos (the EmbedDemos plugin) from
    // demo/ and styles/; do not edit.

    /// Path (relative to the package root) to contents.
    let generatedDemoFiles: [String: String] = [

    """
for path in paths {
    let text: String
    do {
        text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    } catch {
        FileHandle.standardError.write("embed-demos: cannot read \(root)/\(path): \(error)\n".data(using: .utf8)!)
        exit(1)
    }
    let hashes = delimiter(for: text)
    output += "    \"\(path)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
}
output += paths.isEmpty ? "    :]\n" : "]\n"
do {
    try output.write(toFile: outputPath, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write("embed-demos: cannot write \(outputPath): \(error)\n".data(using: .utf8)!)
    exit(1)
}
