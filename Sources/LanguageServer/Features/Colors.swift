import Canvas
import Cells
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Stylesheet

extension LanguageServer {
    /// `textDocument/documentColor`: every colour written in a stylesheet — hex,
    /// `rgb()`, `hsl()`, `color(N)`, colour names where a colour is meant — and the
    /// definition of each variable whose value is a colour by way of others.
    /// ANSI names show as xterm's default palette draws them.
    func documentColors(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        guard let colors = colorValues(in: document) else { return .array([]) }
        return .array(colors.map { value in
            .object(["range": .encoding(value.range), "color": Self.lspColor(value.color.color)])
        })
    }

    /// `textDocument/colorPresentation`: the picked colour written in the notation
    /// of the value it replaces (hex for a colour name, a variable or a palette
    /// index), then in the other notations.
    func colorPresentations(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        guard let range = try? (params["range"] ?? .null).decoded(as: LSPRange.self),
            let color = params["color"], let picked = Self.pickedColor(color)
        else { throw ResponseError.invalidParams("missing range or color") }
        let notation = colorValues(in: document)?.first { $0.range == range }?.color.notation ?? .hex
        var labels: [String] = []
        for candidate in [notation, .hex, .rgb, .hsl] {
            let label = Self.written(picked, in: candidate)
            if !labels.contains(label) { labels.append(label) }
        }
        return .array(labels.map { label in
            .object(["label": .string(label), "textEdit": .encoding(TextEdit(range: range, newText: label))])
        })
    }

    private func colorValues(in document: TextDocument) -> [(range: LSPRange, color: StylesheetOutline.ColorValue)]? {
        let file = sourceIndex.file(document)
        guard let outline = file.outline else { return nil }
        var variables: [String: Value] = [:]
        for binding in workspace.stylesheet(containing: document.path)?.variables ?? [] {
            if let value = binding.value { variables[Self.bare(binding.name)] = value }
        }
        return outline.colors(variables: variables).map { (file.range($0.range), $0) }
    }

    /// An LSP `Color`: red, green, blue and alpha from 0 to 1.
    static func lspColor(_ color: Color) -> JSONValue {
        let rgb = TerminalTheme.xterm.rgb(of: color)
        var alpha = 1.0
        if case .rgb(_, _, _, let a) = color { alpha = Double(a) / 255 }
        return .object([
            "red": .number(Double(rgb.red) / 255), "green": .number(Double(rgb.green) / 255),
            "blue": .number(Double(rgb.blue) / 255), "alpha": .number(alpha),
        ])
    }

    /// The picked LSP colour as 8-bit channels.
    static func pickedColor(_ value: JSONValue) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: Double)? {
        func channel(_ key: String) -> Double? {
            guard case .number(let x)? = value[key], x.isFinite else { return nil }
            return min(1, max(0, x))
        }
        guard let red = channel("red"), let green = channel("green"), let blue = channel("blue") else { return nil }
        let byte = { (x: Double) in UInt8((x * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), channel("alpha") ?? 1)
    }

    /// A colour as a stylesheet writes it in a notation.
    static func written(
        _ color: (red: UInt8, green: UInt8, blue: UInt8, alpha: Double), in notation: StylesheetOutline.ColorValue.Notation
    ) -> String {
        let alphaByte = UInt8((color.alpha * 255).rounded())
        let opaque = alphaByte == 255
        switch notation {
        case .rgb:
            let channels = "\(color.red), \(color.green), \(color.blue)"
            return opaque ? "rgb(\(channels))" : "rgba(\(channels), \(number(color.alpha)))"
        case .hsl:
            let (hue, saturation, lightness) = hsl(color.red, color.green, color.blue)
            let parts = "\(Int(hue.rounded())), \(Int(saturation.rounded()))%, \(Int(lightness.rounded()))%"
            return opaque ? "hsl(\(parts))" : "hsla(\(parts), \(number(color.alpha)))"
        case .palette where opaque:
            return "color(\(nearestPaletteIndex(to: RGB(color.red, color.green, color.blue))))"
        case .hex, .name, .variable, .palette:
            return Color.rgb(red: color.red, green: color.green, blue: color.blue, alpha: alphaByte).stylesheetText
        }
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Hue in degrees, saturation and lightness in percent.
    static func hsl(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> (Double, Double, Double) {
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2
        guard high != low else { return (0, 0, lightness * 100) }
        let delta = high - low
        let saturation = lightness > 0.5 ? delta / (2 - high - low) : delta / (high + low)
        var hue: Double
        switch high {
        case r: hue = (g - b) / delta + (g < b ? 6 : 0)
        case g: hue = (b - r) / delta + 2
        default: hue = (r - g) / delta + 4
        }
        hue *= 60
        return (hue, saturation * 100, lightness * 100)
    }
}
