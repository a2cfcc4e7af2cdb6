import Canvas
import Cells
import Foundation
import LayoutPainting
import LayoutEngine
import Testing

@testable import casement

/// Every demo, painted and mapped to each reduced palette: no glyph may come out
/// in its own background's colour unless the stylesheet made the two alike.
@Suite struct ContrastTests {
    static let sizes = [TerminalSize(width: 100, height: 30), TerminalSize(width: 80, height: 24)]

    static func grids() -> [(String, Grid)] {
        DemoFiles.demoNames.flatMap { demo in
            sizes.compactMap { size -> (String, Grid)? in
                guard case .success(let session) = SpecLoading.load(
                    DemoFiles.relativeSpec(demo), size: size, reader: DemoFiles.rootReader)
                else { return nil }
                let painting = Painter().paint(PaintNode.nodes(from: session.views), width: size.width, height: size.height)
                return ("\(demo) \(size.width)x\(size.height)", painting.grid)
            }
        }
    }

    /// Glyphs drawn in their background's colour, mapped as `render --format ansi`
    /// maps them, or (`together: false`) as Casement mapped them before: colour
    /// by colour, with 8 colours as the 16 folded onto the basic ones.
    static func hiddenGlyphs(in grid: Grid, depth: ColorDepth, together: Bool) -> Int {
        let colors = grid.cells.flatMap { [$0.foreground, $0.background].compactMap { $0 } }
        let mapper = together ? ColorMapper(depth: depth).keepingApart(colors) : ColorMapper(depth: depth)
        let sixteen = ColorMapper(depth: .ansi16)
        func alone(_ color: Color) -> TerminalColor {
            guard depth == .ansi8, case .ansi(let index) = sixteen.map(color) else { return mapper.map(color) }
            return .ansi(index % 8)
        }
        var hidden = 0
        for cell in grid.cells where !cell.isContinuation && cell.grapheme != " " {
            let source = (mapper.theme.rgb(of: cell.foreground, isForeground: true),
                          mapper.theme.rgb(of: cell.background, isForeground: false))
            guard source.0 != source.1 else { continue }
            let mapped = together
                ? mapper.map(foreground: cell.foreground, background: cell.background)
                : (cell.foreground.map(alone), cell.background.map(alone))
            let fore = mapped.0.map(mapper.rgb(of:)) ?? mapper.theme.foreground
            let back = mapped.1.map(mapper.rgb(of:)) ?? mapper.theme.background
            if fore == back { hidden += 1 }
        }
        return hidden
    }

    @Test(arguments: [ColorDepth.ansi16])
    func noGlyphTakesItsBackgroundsColour(_ depth: ColorDepth) {
        var before = 0
        for (name, grid) in Self.grids() {
            #expect(Self.hiddenGlyphs(in: grid, depth: depth, together: true) == 0, "\(name) at \(depth.rawValue) colours")
            before += Self.hiddenGlyphs(in: grid, depth: depth, together: false)
        }
        // Colours mapped one by one, as before, did lose glyphs: the check above
        // has something to catch.
        if depth != .palette256 { #expect(before > 0) }
    }

    @Test func dashboardKeepsGoodAndWarnApartAtSixteenColours() throws {
        let size = TerminalSize(width: 100, height: 30)
        let output = RenderCommand.output(
            spec: DemoFiles.relativeSpec("dashboard"), size: size, format: .ansi, depth: .ansi16,
            reader: DemoFiles.rootReader)
        #expect(output.status == 0)
        // `● healthy` is drawn in $good, `▲ degraded` in $warn.
        let healthy = try #require(Self.sgrBefore("● healthy", in: output.stdout))
        let degraded = try #require(Self.sgrBefore("▲ degraded", in: output.stdout))
        #expect(healthy != degraded)
    }

    /// The last foreground SGR code written before `text` on its line.
    static func sgrBefore(_ text: String, in output: String) -> String? {
        guard let line = output.split(separator: "\n").first(where: { $0.contains(text) }),
              let range = line.range(of: text) else { return nil }
        let before = line[..<range.lowerBound]
        let codes = before.split(separator: "\u{1B}").compactMap { chunk -> [Substring]? in
            guard chunk.hasPrefix("["), let end = chunk.firstIndex(of: "m") else { return nil }
            return chunk[chunk.index(after: chunk.startIndex)..<end].split(separator: ";")
        }
        return codes.flatMap { $0 }.last { code in
            guard let value = Int(code) else { return false }
            return (30...37).contains(value) || (90...97).contains(value)
        }.map(String.init)
    }
}

/// The other colour depths of `ContrastTests`: the fast loop checks 16 colours (docs/testing.md).
@Suite struct SlowContrastTests {
    @Test(arguments: [ColorDepth.ansi8, .palette256])
    func noGlyphTakesItsBackgroundsColour(_ depth: ColorDepth) { ContrastTests().noGlyphTakesItsBackgroundsColour(depth) }
}
