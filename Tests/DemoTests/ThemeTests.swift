import Foundation
import Stylesheet
import Testing

/// The two palettes are interchangeable: theme.cas imports one of them, and
/// switching is a one-line edit.
@Suite struct ThemeTests {
    static let palettes = ["palette-dark", "palette-light"]

    func variableNames(_ name: String) -> [String] {
        var loader = StylesheetLoader(reader: .fileSystem)
        return loader.load(DemoFiles.stylesheet(name)).variables.map(\.name).sorted()
    }

    @Test func palettesDefineTheSameVariables() {
        let dark = variableNames("palette-dark")
        let light = variableNames("palette-light")
        #expect(dark.count >= 10)
        #expect(dark == light)
    }

    @Test func themeImportsExactlyOnePaletteOnOneLine() throws {
        let text = try String(contentsOfFile: DemoFiles.stylesheet("theme"), encoding: .utf8)
        let imports = text.split(separator: "\n").filter { $0.hasPrefix("@import") && $0.contains("palette-") }
        #expect(imports.count == 1)
    }

    /// Every demo loads cleanly with either palette: the one-line switch in
    /// theme.cas can never break a demo.
    @Test(arguments: palettes)
    func everyDemoLoadsWithPalette(_ palette: String) throws {
        let themePath = DemoFiles.stylesheet("theme")
        let theme = try String(contentsOfFile: themePath, encoding: .utf8)
        let switched = theme.replacingOccurrences(
            of: #"@import "palette-[a-z]+\.cas""#, with: "@import \"\(palette).cas\"", options: .regularExpression)
        let reader = StylesheetReader { path in
            if URL(fileURLWithPath: path).standardizedFileURL.path == themePath { return switched }
            return try StylesheetReader.fileSystem.contents(of: path)
        }
        for spec in DemoFiles.specPaths {
            let document = try DemoFiles.document(spec)
            var loader = StylesheetLoader(reader: reader)
            let sheet = loader.load(document.uses.map(\.resolvedPath))
            #expect(sheet.diagnostics.isEmpty, "\(spec): \(sheet.diagnostics.summaries)")
            let paths = sheet.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }
            #expect(paths.contains(palette + ".cas"), "\(spec) does not reach \(palette).cas")
        }
    }
}
