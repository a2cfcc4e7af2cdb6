import Canvas
import Casement

/// The recent values of a series as a row of bars (`▁▂▄█▅▃`), newest at the right,
/// scaled from 0 (or the smallest value, if negative) to `maximum` (or the largest value).
///
/// `.cas`: `color` (the bars), `background`. Class `sparkline`. Intrinsic height 1.
@MainActor
public final class Sparkline: Widget {
    /// The series, oldest first; only the last `width` values are shown.
    public var values: [Double] { didSet { setNeedsDisplay() } }
    /// The value drawn as a full bar; nil: the largest value shown.
    public var maximum: Double? { didSet { setNeedsDisplay() } }

    /// A sparkline of `values` scaled up to `maximum` (nil: the largest shown); the call site locates its view.
    public init(values: [Double] = [], maximum: Double? = nil, id: String? = nil, classes: [String] = [],
                file: String = #fileID, line: Int = #line, column: Int = #column) {
        self.values = values
        self.maximum = maximum
        super.init(id: id, widgetClass: "sparkline", classes: classes, file: file, line: line, column: column)
    }

    public override var intrinsicSize: IntrinsicSize { IntrinsicSize(height: 1) }
    public override var hugsContent: Bool { true }

    /// The bars for the last `width` values.
    static func bars(_ values: [Double], maximum: Double?, width: Int) -> String {
        let shown = values.suffix(max(0, width))
        guard !shown.isEmpty else { return "" }
        let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let low = min(0, shown.min() ?? 0)
        let high = max(maximum ?? shown.max() ?? 1, low + .ulpOfOne)
        return String(shown.map { value -> Character in
            let fraction = value.isFinite ? (min(max(value, low), high) - low) / (high - low) : 0
            return levels[min(levels.count - 1, Int((fraction * Double(levels.count - 1)).rounded()))]
        })
    }

    public override func draw(in canvas: inout ContentCanvas) {
        guard canvas.height > 0 else { return }
        let bars = Self.bars(values, maximum: maximum, width: canvas.width)
        canvas.write(bars, x: canvas.width - bars.count, y: canvas.height - 1)
    }
}
