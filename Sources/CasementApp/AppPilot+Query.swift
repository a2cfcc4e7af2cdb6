import Canvas
import Casement
import Foundation
import Stylesheet

/// How a pilot writes the screen: as text, with colours as terminal escape
/// sequences, or as an SVG picture.
public enum SnapshotFormat: String, Sendable, CaseIterable {
    /// The characters, one line per row, trailing spaces trimmed.
    case plain
    /// The characters with their colours and attributes as ANSI escape sequences.
    case ansi
    /// An SVG image of the cells.
    case svg
}

/// What comparing a pilot's screen with a stored snapshot found.
public struct SnapshotComparison: Sendable, CustomStringConvertible {
    /// Whether the screen equals the stored snapshot (or the snapshot was just recorded).
    public let matches: Bool
    /// Whether there was no stored snapshot (or recording was asked for) and it was written.
    public let recorded: Bool
    /// A line diff, stored lines `-`, new lines `+` (empty when they match).
    public let diff: String
    /// Where the new screen was written when it differs (`<path>.new`).
    public let newPath: String?

    /// The diff with the paths, for a test failure message.
    public var description: String {
        matches ? "the screen matches the snapshot" : "the screen differs from the snapshot (new one at \(newPath ?? "?")):\n\(diff)"
    }
}

extension AppPilot {
    /// The widgets on the screen on top (and what shows over it) whose views a
    /// `.cas` selector matches, in tree order: `"#save"`, `".checkbox"`, `"box .row"`,
    /// `".button[state:focused]"`. The stylesheet's own parser and matcher decide;
    /// a malformed selector matches nothing (`selectorDiagnostics(_:)` says why).
    public func query(_ selector: String) -> [Widget] {
        let query = SelectorQuery(selector)
        var views: [View] = []
        var styled: [StyledView] = []
        for screen in app.layers {
            for root in screen.layout?.roots ?? [screen.root] { collect(root, parent: nil, into: &views, &styled) }
        }
        return query.matches(in: styled).compactMap { views[$0].widget }
    }

    /// What is wrong with a selector (empty when it is well formed).
    public func selectorDiagnostics(_ selector: String) -> [Diagnostic] { SelectorQuery(selector).diagnostics }

    private func collect(_ view: View, parent: Int?, into views: inout [View], _ styled: inout [StyledView]) {
        let index = views.count
        views.append(view)
        styled.append(StyledView(kind: view.kind.rawValue, id: view.id, classes: view.classes,
                                 states: app.appliedStates[ObjectIdentifier(view)] ?? [], parent: parent))
        for child in view.subviews { collect(child, parent: index, into: &views, &styled) }
    }

    /// The screen in a format: plain text (the size on the first line, as
    /// `snapshot()`), ANSI text or SVG.
    public func snapshot(format: SnapshotFormat) -> String {
        switch format {
        case .plain: return snapshot()
        case .ansi: return ANSIRenderer(depth: .trueColor).render(grid)
        case .svg: return SVGRenderer().render(grid)
        }
    }

    /// Compares the screen with the snapshot stored at `path`: when it differs,
    /// the new screen is written beside it (`<path>.new`) and the comparison has a
    /// line diff; when there is none (or `CASEMENT_RECORD_SNAPSHOTS=1`) it is
    /// written and counts as a match. A matching screen removes a stale `.new`.
    public func compareSnapshot(at path: String, format: SnapshotFormat = .plain) -> SnapshotComparison {
        let current = snapshot(format: format)
        let record = ProcessInfo.processInfo.environment["CASEMENT_RECORD_SNAPSHOTS"] == "1"
        let newPath = path + ".new"
        guard !record, let stored = try? String(contentsOfFile: path, encoding: .utf8) else {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let written = (try? current.write(toFile: path, atomically: true, encoding: .utf8)) != nil
            return SnapshotComparison(matches: written, recorded: written, diff: "", newPath: nil)
        }
        if stored == current {
            try? FileManager.default.removeItem(atPath: newPath)
            return SnapshotComparison(matches: true, recorded: false, diff: "", newPath: nil)
        }
        try? current.write(toFile: newPath, atomically: true, encoding: .utf8)
        return SnapshotComparison(matches: false, recorded: false, diff: LineDiff.text(from: stored, to: current),
                                  newPath: newPath)
    }
}

/// A line diff of two texts (the longest common subsequence of lines), written
/// as unified diffs are: ` ` kept, `-` only in the first, `+` only in the second.
enum LineDiff {
    static func text(from old: String, to new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false)
        // Screens are a few dozen lines: the quadratic table is small.
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append(" " + a[i]); i += 1; j += 1
            } else if j < b.count, i == a.count || common[i][j + 1] >= common[i + 1][j] {
                lines.append("+" + b[j]); j += 1
            } else {
                lines.append("-" + a[i]); i += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
