import Canvas
import Cells
import Diagnostics
import LayoutEngine

/// The formats `casement render` writes, and `Layout.render(format:)` in `import Casement`.
public enum RenderFormat: String, CaseIterable, Sendable {
    /// The boxes as text.
    case plain
    /// The same with colours (escape sequences).
    case ansi
    /// Every view's frame and computed style, the diagnostics and the conflicts.
    case json
    /// A picture.
    case svg
}

/// One rendered frame of a laid-out session: the code path `casement render` and
/// the Swift library share, so both print exactly the same.
public enum LayoutOutput {
    /// The text `casement render` writes to standard output for a format.
    /// `drawnSize`, when given, is the part of the layout drawn (its top-left
    /// corner): the Swift library caps drawing as the command line does.
    public static func render(
        _ session: inout LayoutSession, format: RenderFormat, depth: ColorDepth = .trueColor,
        drawnSize: TerminalSize? = nil
    ) -> String {
        if format == .json {
            let snapshot = session.snapshot()
            var text = ""
            LayoutJSON.write(snapshot, to: &text)
            return text
        }
        let size = drawnSize ?? session.size
        // Node by node from the views: an array of paint nodes would be a
        // second copy of every style, alive at the command's peak.
        let views = session.views
        let painting = Painter().paint(count: views.count, width: size.width, height: size.height) {
            PaintNode(views[$0])
        }
        switch format {
        case .plain: return painting.grid.plainText()
        case .ansi: return ANSIRenderer(depth: depth).render(painting.grid)
        case .svg: return SVGRenderer(depth: depth).render(painting.grid)
        case .json: return ""
        }
    }

    /// What `casement render` writes to standard error for the non-JSON formats:
    /// one summary line per error.
    public static func errorLines(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.filter { $0.severity == .error }.map { $0.summary + "\n" }.joined()
    }
}
