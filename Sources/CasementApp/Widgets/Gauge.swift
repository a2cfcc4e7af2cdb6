import Foundation
import Canvas
import Casement

/// A horizontal bar filled to a fraction, with an optional label at its left
/// and the percentage at its right (`mem ███████▌      48%`). Eighth blocks give
/// the bar a resolution of 1/8 cell.
///
/// `.cas`: `color` (the bar), `background`, `bold`, … of the box; the label and the
/// percentage use the same colour. Class `gauge`. Intrinsic height 1.
@MainActor
public final class Gauge: Widget {
    /// From 0 to 1 (clamped when drawn).
    public var value: Double { didSet { if value != oldValue { setNeedsDisplay() } } }
    /// Shown before the bar.
    public var label: String { didSet { if label != oldValue { setNeedsDisplay() } } }
    /// Whether the percentage is shown after the bar.
    public var showsPercentage = true { didSet { setNeedsDisplay() } }

    /// A gauge at `value` (0–1) with `label` before the bar; the call site locates its view in diagnostics.
    public init(value: Double = 0, label: String = "", id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.value = value
        self.label = label
        super.init(id: id, widgetClass: "gauge", classes: classes, file: file, line: line, column: column)
    }

    public override var intrinsicSize: IntrinsicSize { IntrinsicSize(height: 1) }

    /// The bar for `width` cells: full blocks, one partial block, spaces.
    static func bar(fraction: Double, width: Int) -> String {
        guard width > 0 else { return "" }
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let eighths = Int((clamped * Double(width * 8)).rounded())
        let full = eighths / 8, rest = eighths % 8
        let partials: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var text = String(repeating: "█", count: full)
        if full < width { text.append(partials[rest]) }
        return text + String(repeating: " ", count: max(0, width - full - 1))
    }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0 else { return }
        var x = 0
        if !label.isEmpty { x = canvas.write(label + " ", x: 0, y: 0) }
        let percent = showsPercentage ? String(format: "%4d%%", Int((min(max(value, 0), 1) * 100).rounded())) : ""
        let barWidth = max(0, canvas.width - x - percent.count)
        canvas.write(Self.bar(fraction: value, width: barWidth), x: x, y: 0)
        canvas.write(percent, x: x + barWidth, y: 0)
    }
}
