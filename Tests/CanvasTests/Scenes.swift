import Canvas
import Cells

/// Small scenes shared by the golden tests.
enum Scenes {
    /// ClassyLiveLayout's red box / blue box on a titled screen: borders, titles,
    /// wrapped centred text, wide characters, a translucent overlap, a highlight.
    static let boxes: [PaintNode] = [
        node("root", 0, 0, 30, 10) { $0.border = .rounded; $0.title = "Casement"; $0.foregroundColor = .ansi(2) },
        node("blue", parent: 0, 2, 1, 14, 6) {
            $0.border = .double; $0.title = "Blue"; $0.backgroundColor = .rgb(red: 0, green: 0, blue: 255)
            $0.foregroundColor = .rgb(red: 255, green: 255, blue: 255); $0.text = "Hello 漢字 world, wrapping here"
            $0.textAlign = .center
        },
        node("red", parent: 0, 12, 4, 20, 5, highlight: .selected) {
            $0.border = .heavy; $0.title = "A very long title"; $0.titleAlign = .right
            $0.backgroundColor = .rgb(red: 255, green: 0, blue: 0, alpha: 128); $0.bold = true
            $0.text = "z-index 0, clipped"; $0.textAlign = .right
        },
    ]

    /// Every border style, side by side, with colours and attributes.
    static let borders: [PaintNode] = {
        var nodes: [PaintNode] = []
        let styles: [BorderStyle] = [.single, .double, .rounded, .heavy, .ascii, .dashed, .dotted, .block, .hidden]
        for (index, border) in styles.enumerated() {
            nodes.append(node(border.rawValue, (index % 5) * 12, (index / 5) * 5, 11, 4) {
                $0.border = border; $0.title = border.rawValue; $0.borderColor = .ansi(UInt8(1 + index % 7))
                $0.text = "text"; $0.underline = index == 0; $0.italic = index == 1; $0.strikethrough = index == 2
                $0.textAlign = .center
            })
        }
        nodes.append(node("emoji", 48, 5, 11, 4) {
            $0.border = .single; $0.text = "🇯🇵 <&> é👍🏽"; $0.dim = true; $0.backgroundColor = .indexed(236)
        })
        return nodes
    }()
}
