import Foundation
import Testing

/// The demos' golden snapshots, in Tests/DemoTests/Golden.
///
/// After an intended change to a demo, a stylesheet or the renderer, rewrite them
/// with
///
///     CASEMENT_UPDATE_GOLDEN=1 swift test --filter DemoTests
///
/// and read the diff (`git diff Tests/DemoTests/Golden`) before committing: every
/// changed line is a change a user will see.
enum GoldenFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var updating: Bool { ProcessInfo.processInfo.environment["CASEMENT_UPDATE_GOLDEN"] == "1" }

    /// The golden files present on disk, by name.
    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// Compares `actual` with Golden/`name`, or writes it there when updating.
    static func compare(_ actual: String, to name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if updating {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("cannot write Golden/\(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "Golden/\(name) is missing; run CASEMENT_UPDATE_GOLDEN=1 swift test --filter DemoTests",
                sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            Issue.record(
                "output differs from Golden/\(name): \(firstDifference(expected, actual))",
                sourceLocation: sourceLocation)
        }
    }

    /// Where two texts first differ, as a line number and both lines, so a
    /// failure in a big file points at the spot.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let was = index < old.count ? String(old[index]) : "(end of file)"
            let now = index < new.count ? String(new[index]) : "(end of file)"
            if was != now { return "line \(index + 1): expected \(was.debugDescription), got \(now.debugDescription)" }
        }
        return "the texts differ only in their line ends"
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes: a change detector for output too
    /// big to keep as a golden file (not a security measure).
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
