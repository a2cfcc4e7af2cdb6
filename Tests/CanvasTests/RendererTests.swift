import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Canvas
import Cells

@Suite struct PlainTextTests {
    @Test func rowsAreTrimmedAndWideCharactersAppearOnce() {
        var grid = Grid(width: 8, height: 3)
        grid.write("漢字 x", x: 1, y: 0)
        grid.write("y", x: 7, y: 2)
        #expect(grid.plainLines() == [" 漢字 x", "", "       y"])
        #expect(grid.plainText() == " 漢字 x\n\n       y\n")
        #expect(Grid(width: 0, height: 0).plainText() == "")
    }

    @Test func goldenScenes() {
        Golden.check(Painter().paint(Scenes.boxes, width: 32, height: 11).grid.plainText(), named: "boxes.txt")
        Golden.check(Painter().paint(Scenes.borders, width: 60, height: 9).grid.plainText(), named: "borders.txt")
    }
}

@Suite struct ANSIRendererTests {
    private let esc = "\u{1B}"

    @Test func plainCellsNeedNoEscapes() {
        var grid = Grid(width: 5, height: 2)
        grid.write("hi", x: 0, y: 0)
        #expect(ANSIRenderer(depth: .trueColor).render(grid) == "hi\n\n")
    }

    @Test func onlyWhatChangesIsSetAndEveryStyledRowIsReset() {
        var grid = Grid(width: 6, height: 1)
        grid.write("ab", x: 0, y: 0, foreground: .ansi(1), attributes: .bold)
        grid.write("c", x: 2, y: 0, foreground: .ansi(1))
        grid.write("d", x: 3, y: 0, foreground: .ansi(1), attributes: [.bold, .underline])
        let ansi = ANSIRenderer(depth: .ansi16).render(grid)
        #expect(ansi == "\(esc)[1;31mab\(esc)[22mc\(esc)[1;4md\(esc)[0m\n")
    }

    @Test func resetIsUsedWhenItIsShorter() {
        var grid = Grid(width: 2, height: 1)
        grid.write("a", x: 0, y: 0, foreground: .ansi(1), background: .ansi(2), attributes: [.bold, .italic, .underline])
        grid.write("b", x: 1, y: 0)
        let ansi = ANSIRenderer(depth: .ansi16).render(grid)
        #expect(ansi == "\(esc)[1;3;4;31;42ma\(esc)[0mb\n")
    }

    @Test func blanksKeepTheForegroundAndTrailingDefaultBlanksGo() {
        var grid = Grid(width: 8, height: 1)
        grid.write("a b", x: 0, y: 0, foreground: .ansi(3))
        grid[3, 0].background = nil
        grid.write("c", x: 4, y: 0, foreground: .ansi(3))
        let ansi = ANSIRenderer(depth: .ansi16).render(grid)
        // The blank between words and the one after b keep colour 33: no changes.
        #expect(ansi == "\(esc)[33ma b c\(esc)[0m\n")
        var underlined = Grid(width: 4, height: 1)
        underlined.write("a ", x: 0, y: 0, attributes: .underline)
        #expect(ANSIRenderer(depth: .ansi16).render(underlined) == "\(esc)[4ma \(esc)[0m\n")
        var painted = Grid(width: 4, height: 1)
        painted[3, 0].background = .ansi(4)
        #expect(ANSIRenderer(depth: .ansi16).render(painted) == "   \(esc)[44m \(esc)[0m\n")
    }

    @Test func colourCodesAtEachDepth() {
        var grid = Grid(width: 3, height: 1)
        grid.write("x", x: 0, y: 0, foreground: .rgb(red: 255, green: 0, blue: 0), background: .indexed(236))
        grid.write("y", x: 1, y: 0, foreground: .ansi(12), background: .ansi(0))
        #expect(ANSIRenderer(depth: .trueColor).render(grid)
                == "\(esc)[38;2;255;0;0;48;5;236mx\(esc)[94;40my\(esc)[0m\n")
        #expect(ANSIRenderer(depth: .palette256).render(grid)
                == "\(esc)[38;5;196;48;5;236mx\(esc)[94;40my\(esc)[0m\n")
        #expect(ANSIRenderer(depth: .ansi16).render(grid)
                == "\(esc)[91;100mx\(esc)[94;40my\(esc)[0m\n")   // 236 is nearer bright black
    }

    @Test func wideCharactersAreWrittenOnce() {
        var grid = Grid(width: 4, height: 1)
        grid.write("漢x", x: 0, y: 0, foreground: .ansi(1))
        #expect(ANSIRenderer(depth: .ansi16).render(grid) == "\(esc)[31m漢x\(esc)[0m\n")
        #expect(ANSIRenderer(depth: .ansi16).renderRow(0, of: grid) == "\(esc)[31m漢x\(esc)[0m")
    }

    @Test func goldenScenesAtEveryDepth() {
        let grid = Painter().paint(Scenes.boxes, width: 32, height: 11).grid
        for depth in ColorDepth.allCases {
            Golden.check(Golden.readable(ANSIRenderer(depth: depth).render(grid)), named: "boxes-\(depth.rawValue).ans.txt")
        }
        let borders = Painter().paint(Scenes.borders, width: 60, height: 9).grid
        Golden.check(Golden.readable(ANSIRenderer(depth: .palette256).render(borders)), named: "borders-256.ans.txt")
    }
}

@Suite struct SVGRendererTests {
    private func parses(_ svg: String) -> Bool {
        let parser = XMLParser(data: Data(svg.utf8))
        return parser.parse()
    }

    @Test func goldenScenes() {
        let boxes = SVGRenderer().render(Painter().paint(Scenes.boxes, width: 32, height: 11).grid)
        #expect(parses(boxes))
        Golden.check(boxes, named: "boxes.svg")
        let borders = SVGRenderer().render(Painter().paint(Scenes.borders, width: 60, height: 9).grid)
        #expect(parses(borders))
        Golden.check(borders, named: "borders.svg")
        let sixteen = SVGRenderer(depth: .ansi16).render(Painter().paint(Scenes.boxes, width: 32, height: 11).grid)
        Golden.check(sixteen, named: "boxes-16.svg")
    }

    @Test func textIsEscapedAndTheResultIsValidXML() {
        var grid = Grid(width: 12, height: 2)
        grid.write("<a&b> \"'", x: 0, y: 0)
        grid[0, 1] = Cell("\u{1}")          // a control set directly
        grid[1, 1] = Cell("\u{FFFE}")       // not allowed in XML
        let svg = SVGRenderer().render(grid)
        #expect(svg.contains("&lt;a&amp;b&gt; &quot;&apos;"))
        #expect(!svg.contains("\u{1}") && !svg.contains("\u{FFFE}"))
        #expect(parses(svg))
    }

    @Test func backgroundsMergePerRunAndBordersBecomeLines() {
        var grid = Grid(width: 6, height: 2)
        for x in 1..<5 { grid[x, 0].background = .ansi(4) }
        grid.write("──", x: 1, y: 1, foreground: .ansi(1))
        let svg = SVGRenderer().render(grid)
        #expect(svg.contains("<rect x=\"10\" y=\"0\" width=\"40\" height=\"20\" fill=\"#0000ee\"/>"))
        #expect(svg.components(separatedBy: "fill=\"#0000ee\"").count == 2)
        // Two ─ cells make one line from edge to edge, in the foreground colour.
        #expect(svg.contains("<path stroke=\"#cd0000\" stroke-width=\"1.2\" d=\"M10 30H30\"/>"))
        #expect(!svg.contains(">─<"))
    }

    @Test func wideCharactersAreCentredOnTwoCells() {
        var grid = Grid(width: 4, height: 1)
        grid.write("漢", x: 1, y: 0)
        let svg = SVGRenderer().render(grid)
        #expect(svg.contains("<text x=\"20\" y=\"15\" text-anchor=\"middle\" fill=\"#e5e5e5\">漢</text>"))
    }

    @Test func reverseSwapsColoursAndAttributesMapToSVG() {
        var grid = Grid(width: 3, height: 1)
        grid.write("r", x: 0, y: 0, foreground: .ansi(1), background: .ansi(4), attributes: .reverse)
        grid.write("b", x: 1, y: 0, attributes: [.bold, .italic, .underline, .strikethrough])
        grid.write("d", x: 2, y: 0, foreground: .rgb(red: 200, green: 200, blue: 200), attributes: .dim)
        let svg = SVGRenderer().render(grid)
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"10\" height=\"20\" fill=\"#cd0000\"/>"))
        #expect(svg.contains("fill=\"#0000ee\">r</text>"))
        #expect(svg.contains("font-weight=\"bold\" font-style=\"italic\" text-decoration=\"underline line-through\">b</text>"))
        #expect(svg.contains("fill=\"#646464\">d</text>"))   // half-way to the black background
    }
}

@Suite struct BoxDrawingSVGTests {
    /// Junctions of every weight, to look at: Golden/box-drawing.svg.
    static let sampler = [
        "┌─┬─┐ ┏━┳━┓ ╔═╦═╗ ╒═╤═╕ ╓─╥─╖ ╭─┬─╮",
        "├─┼─┤ ┣━╋━┫ ╠═╬═╣ ╞═╪═╡ ╟─╫─╢ │ │ │",
        "└─┴─┘ ┗━┻━┛ ╚═╩═╝ ╘═╧═╛ ╙─╨─╜ ╰─┴─╯",
        "┍┑┎┒ ┝┥┠┨ ┯┷┰┸ ┿╂╋ ╼╾╽╿ ╴╵╶╷ ╱╲╳",
        "┄┅┆┇ ┈┉┊┋ ╌╍╎╏ █▀▄▌▐ ░▒▓",
    ]

    @Test func everyGlyphIsDrawnAsShapes() {
        var grid = Grid(width: 36, height: Self.sampler.count)
        for (y, line) in Self.sampler.enumerated() { grid.write(line, x: 0, y: y, foreground: .ansi(7)) }
        let svg = SVGRenderer().render(grid)
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(!svg.contains("<text"))   // nothing left to a font
        Golden.check(svg, named: "box-drawing.svg")
    }

    @Test func doubleCornersNestAndLinesJoinAcrossCells() {
        var grid = Grid(width: 3, height: 3)
        for (y, line) in ["╔═╗", "║ ║", "╚═╝"].enumerated() { grid.write(line, x: 0, y: y) }
        let svg = SVGRenderer().render(grid)
        // Outer rectangle (offset 2 outside the centre lines) and inner one (2 inside),
        // each side one stroke: 4 horizontal + 4 vertical.
        #expect(svg.contains("d=\"M3 8H27 M7 12H23 M7 48H23 M3 52H27 M3 8V52 M7 12V48 M23 12V48 M27 8V52\""))
    }
}
