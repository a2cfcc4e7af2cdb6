import Cells
import LayoutSpec
import Stylesheet
import TextMetrics

/// A constraint the engine adds on its own, beside the spec's: the screen filling
/// the terminal, a stylesheet's min/max sizes, a text view's intrinsic size.
public enum ImplicitKind: Int, CaseIterable, Hashable, Sendable, Comparable {
    case screenLeft, screenTop, screenWidth, screenHeight
    /// The screen's floor: never narrower or shorter than the terminal (the
    /// screen may still be laid out larger, and is then clipped).
    case screenMinWidth, screenMinHeight
    case minWidth, maxWidth, minHeight, maxHeight
    /// A collapsed view's width and height, held at 0.
    case collapseWidth, collapseHeight
    case resistWidth, hugWidth, looseHugWidth, resistHeight, hugHeight, looseHugHeight

    /// How the inspector labels it.
    public var label: String {
        switch self {
        case .screenLeft: "screen.left"
        case .screenTop: "screen.top"
        case .screenWidth: "screen.width"
        case .screenHeight: "screen.height"
        case .screenMinWidth: "screen.min-width"
        case .screenMinHeight: "screen.min-height"
        case .minWidth: "style.min-width"
        case .maxWidth: "style.max-width"
        case .minHeight: "style.min-height"
        case .maxHeight: "style.max-height"
        case .collapseWidth: "collapse.width"
        case .collapseHeight: "collapse.height"
        case .resistWidth: "text.resist-width"
        case .hugWidth, .looseHugWidth: "text.hug-width"
        case .resistHeight: "text.resist-height"
        case .hugHeight, .looseHugHeight: "text.hug-height"
        }
    }

    /// The attribute of the view this engine constraint bounds or fixes.
    public var attribute: Attribute {
        switch self {
        case .screenLeft: .left
        case .screenTop: .top
        case .screenWidth, .screenMinWidth, .minWidth, .maxWidth, .collapseWidth, .resistWidth, .hugWidth,
            .looseHugWidth:
            .width
        case .screenHeight, .screenMinHeight, .minHeight, .maxHeight, .collapseHeight, .resistHeight, .hugHeight,
            .looseHugHeight:
            .height
        }
    }

    /// How this engine constraint relates the attribute to its constant.
    public var relation: LayoutSpec.Relation {
        switch self {
        case .screenLeft, .screenTop, .screenWidth, .screenHeight, .collapseWidth, .collapseHeight: .equal
        case .screenMinWidth, .screenMinHeight, .minWidth, .minHeight, .resistWidth, .resistHeight: .greaterOrEqual
        case .maxWidth, .maxHeight, .hugWidth, .hugHeight, .looseHugWidth, .looseHugHeight: .lessOrEqual
        }
    }

    /// Screen pins and style limits are required. A text keeps its size like a
    /// UIKit label: compression resistance at 750 (`high`), above the 500 that
    /// `grow` uses, so growing siblings never squeeze it; hugging at 600, also
    /// above `grow`, so the free space of a row goes to the children that grow and
    /// not to a text beside them. A text that grows itself hugs loosely (250,
    /// `low`) along its row's or column's axis: `grow` stretches it, and when
    /// nothing else sizes it, it keeps its natural length.
    public var priority: LayoutPriority {
        switch self {
        case .resistWidth, .resistHeight: .high
        case .hugWidth, .hugHeight: Self.hugging
        case .looseHugWidth, .looseHugHeight: .low
        default: .required
        }
    }

    /// Hugging of any strength: a text stretched by its container, which is normal.
    var isHugging: Bool {
        self == .hugWidth || self == .hugHeight || self == .looseHugWidth || self == .looseHugHeight
    }

    /// The constraints that hold a text's height (refitted to its width).
    static let textHeights: [ImplicitKind] = [.resistHeight, .hugHeight, .looseHugHeight]

    static let hugging = LayoutPriority(600)!

    /// The stylesheet property a style limit comes from.
    public var styleProperty: StyleProperty? {
        switch self {
        case .minWidth: .minWidth
        case .maxWidth: .maxWidth
        case .minHeight: .minHeight
        case .maxHeight: .maxHeight
        case .collapseWidth, .collapseHeight: .collapse
        default: nil
        }
    }

    /// The screen's own: filling the terminal, and its floor.
    var isScreen: Bool { rawValue <= ImplicitKind.screenMinHeight.rawValue }
    var isText: Bool { rawValue >= ImplicitKind.resistWidth.rawValue }

    /// Orders kinds by declaration: screen pins first, text sizes last.
    public static func < (a: ImplicitKind, b: ImplicitKind) -> Bool { a.rawValue < b.rawValue }
}

/// What a text view needs to show its text: its widest line and line count, and
/// the cells its border and padding take around the text.
struct TextMeasure: Hashable, Sendable {
    let text: String
    let naturalWidth: Int
    let lineCount: Int
    /// Border and padding, left plus right.
    let chromeWidth: Int
    /// Border and padding, top plus bottom.
    let chromeHeight: Int

    init(style: ComputedStyle) {
        text = style.text ?? ""
        let natural = Self.asciiLineSize(of: text) ?? cellSize(of: text)
        naturalWidth = natural.width
        lineCount = natural.height
        let chrome = style.chrome
        chromeWidth = chrome.horizontal
        chromeHeight = chrome.vertical
    }

    /// `cellSize(of:)` of a text that is one line of printable ASCII, as most
    /// labels are, without the grapheme walk the general case needs (a load
    /// measures every text view): a cell per character, less the trailing
    /// spaces a line never ends in. nil for any other text, empty included.
    static func asciiLineSize(of text: String) -> CellSize? {
        var width = 0, widthToLastNonSpace = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            width += 1
            if byte != 0x20 { widthToLastNonSpace = width }
        }
        return width == 0 ? nil : CellSize(width: widthToLastNonSpace, height: 1)
    }


    /// The width the text asks for: its widest line, unwrapped, with its chrome.
    var intrinsicWidth: Int { naturalWidth + chromeWidth }

    /// The height the text needs when its frame is `frameWidth` cells wide: its
    /// lines wrapped to the width left inside border and padding.
    func intrinsicHeight(frameWidth: Int) -> Int {
        let content = frameWidth - chromeWidth
        if content >= naturalWidth { return lineCount + chromeHeight }
        return wrap(text, width: max(1, content)).count + chromeHeight
    }
}

/// One implicit constraint a view should have, with its constant and priority.
struct ImplicitRequest: Hashable, Sendable {
    var kind: ImplicitKind
    var constant: Double
    var priority: LayoutPriority

    init(kind: ImplicitKind, constant: Double, priority: LayoutPriority? = nil) {
        self.kind = kind
        self.constant = constant
        self.priority = priority ?? kind.priority
    }
}

/// A text's hugging and compression resistance per axis, as it applies: what
/// code or the spec's header sets (`[hug=…]`), else the stylesheet's (`hug …`),
/// else the engine's default (hugging 600, loosely 250 along the axis the text
/// grows on; resistance 750).
struct TextPriorities: Hashable, Sendable {
    var hugWidth: LayoutPriority?
    var hugHeight: LayoutPriority?
    var resistWidth: LayoutPriority?
    var resistHeight: LayoutPriority?

    init(parameters: ContentPriorityParameters, style: ContentPriorities) {
        func level(_ value: Int?) -> LayoutPriority? { value.flatMap { LayoutPriority($0) } }
        hugWidth = parameters.hugWidth ?? level(style.hugWidth)
        hugHeight = parameters.hugHeight ?? level(style.hugHeight)
        resistWidth = parameters.resistWidth ?? level(style.resistWidth)
        resistHeight = parameters.resistHeight ?? level(style.resistHeight)
    }

    init() {}
}

enum ImplicitConstraints {
    /// Per view, the axis along which a row or column makes it grow: the views
    /// whose length a `row.grow` or `column.grow` constraint sets.
    static func growAxes(in document: LayoutDocument) -> [Axis?] {
        var axes = [Axis?](repeating: nil, count: document.views.count)
        for view in document.views.indices {
            let kind = document.views[view].kind
            guard kind == .row || kind == .column else { continue }
            let label = kind == .row ? "row.grow" : "column.grow"
            for index in document.views[view].constraintRange where document.constraints[index].identity.label == label {
                guard case .attribute(let id, let attribute) = document.constraints[index].identity.left,
                    let child = document.viewIndex[id]
                else { continue }
                axes[child] = attribute.isHorizontal ? .horizontal : .vertical
            }
        }
        return axes
    }

    /// Everything the engine adds for one view, in kind order. `terminal` is the
    /// size a top-level screen may not shrink below; `textHeight` is the
    /// text's height at its current width (the text pass keeps it up to date);
    /// `growAxis` is the axis along which the view has `grow` in a row or column.
    static func requests(
        isTopLevelScreen: Bool, terminal: TerminalSize, style: ComputedStyle, text: TextMeasure?, textHeight: Int?,
        growAxis: Axis? = nil, priorities: TextPriorities = TextPriorities()
    ) -> [ImplicitRequest] {
        var result: [ImplicitRequest] = []
        if isTopLevelScreen {
            for kind in [ImplicitKind.screenLeft, .screenTop, .screenWidth, .screenHeight] {
                result.append(ImplicitRequest(kind: kind, constant: 0))
            }
            result.append(ImplicitRequest(kind: .screenMinWidth, constant: Double(terminal.width)))
            result.append(ImplicitRequest(kind: .screenMinHeight, constant: Double(terminal.height)))
        }
        // A collapsed view is held at 0 × 0: no style limits, no text size.
        if style.collapse { return result + CollapseRules.requests }
        let limits: [(ImplicitKind, Double?)] = [
            (.minWidth, style.minWidth), (.maxWidth, style.maxWidth),
            (.minHeight, style.minHeight), (.maxHeight, style.maxHeight),
        ]
        for (kind, value) in limits {
            if let value, value.isFinite { result.append(ImplicitRequest(kind: kind, constant: value)) }
        }
        if let text {
            let width = Double(text.intrinsicWidth)
            let height = Double(textHeight ?? text.lineCount + text.chromeHeight)
            result.append(ImplicitRequest(kind: .resistWidth, constant: width, priority: priorities.resistWidth))
            result.append(ImplicitRequest(
                kind: growAxis == .horizontal ? .looseHugWidth : .hugWidth, constant: width, priority: priorities.hugWidth))
            result.append(ImplicitRequest(kind: .resistHeight, constant: height, priority: priorities.resistHeight))
            result.append(ImplicitRequest(
                kind: growAxis == .vertical ? .looseHugHeight : .hugHeight, constant: height, priority: priorities.hugHeight))
        }
        return result
    }
}
