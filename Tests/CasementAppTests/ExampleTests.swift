import Foundation
import Testing

/// casement-top embeds its frame and look; the copies must match the files.
@Suite struct ExampleTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/casement-top").path

    @Test func embeddedFilesMatchTheRepositoryCopies() throws {
        let embedded = try String(contentsOfFile: Self.directory + "/Embedded.swift", encoding: .utf8)
        for name in ["top.layout", "top.cas"] {
            let file = try String(contentsOfFile: Self.directory + "/" + name, encoding: .utf8)
            #expect(embedded.contains("#\"\"\"\n" + file + "\"\"\"#"), "run Examples/casement-top/gen-embedded.sh after editing \(name)")
        }
    }
}
