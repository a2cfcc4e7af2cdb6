import Foundation

/// Files in a fresh temporary directory, for stylesheets and specs a test reads.
struct Fixture {
    let directory: String

    init(_ files: [String: String]) throws {
        directory = NSTemporaryDirectory() + "casement-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    }
}

/// The package's root directory (tests may run from anywhere).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
