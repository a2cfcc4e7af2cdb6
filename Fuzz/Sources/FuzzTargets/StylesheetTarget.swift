import Cells
import Stylesheet

extension FuzzTarget {
    /// `.cas`: the input is `main.cas` (up to the first NUL; what follows is
    /// `other.cas`, which either may `@import`), parsed, its variables and values
    /// evaluated, and cascaded over a small tree at two terminal sizes (so `@media`
    /// goes both ways).
    static let stylesheet = FuzzTarget(
        name: "cas",
        summary: "a .cas stylesheet (and one it may @import): parse, evaluate, cascade at two sizes"
    ) { input, found in
        let parts = input.nulSeparatedParts(limit: 2)
        var files = ["main.cas": parts[0], "theme.cas": "$accent = cyan\nbox { fg $accent }\n"]
        if parts.count > 1 { files["other.cas"] = parts[1] }
        var loader = StylesheetLoader(reader: .inMemory(files))
        let sheet = loader.load("main.cas")
        found.expectLocated(sheet.diagnostics, in: files)
        for (width, height) in [(80, 24), (200, 60)] {
            let result = sheet.cascade(StylesheetFuzzing.views, width: width, height: height)
            found.expect(result.styles.count == StylesheetFuzzing.views.count,
                         "\(result.styles.count) styles for \(StylesheetFuzzing.views.count) views")
            for (index, style) in result.styles.enumerated() {
                found.expectStyleIsSane(style, "view \(index) at \(width)x\(height)")
            }
            // Provenance is worked out again on request: it must not trap either.
            for index in StylesheetFuzzing.views.indices { _ = result.provenance(ofView: index) }
        }
    }
}

enum StylesheetFuzzing {
    /// Every kind of selector has something to match: kinds, ids, classes, states,
    /// children and descendants.
    static let views = [
        StyledView(kind: "screen", id: "root"),
        StyledView(kind: "box", id: "main", classes: ["card", "x"], states: ["focused"], parent: 0),
        StyledView(kind: "text", id: "label", classes: ["wide"], parent: 1),
        StyledView(kind: "row", classes: ["a", "b"], states: ["selected", "hover"], parent: 0),
        StyledView(kind: "grid", id: "g", parent: 3),
        StyledView(kind: "overlay", classes: ["card"], states: ["disabled"], parent: 4),
    ]
}

extension Violations {
    /// A computed style holds no NaN or infinite size, whatever the stylesheet said.
    mutating func expectStyleIsSane(_ style: ComputedStyle, _ what: @autoclosure () -> String) {
        expectFinite(style.sizeWidth, "\(what()): size-width")
        expectFinite(style.sizeHeight, "\(what()): size-height")
        expectFinite(style.minWidth, "\(what()): min-width")
        expectFinite(style.maxWidth, "\(what()): max-width")
        expectFinite(style.minHeight, "\(what()): min-height")
        expectFinite(style.maxHeight, "\(what()): max-height")
        if let columns = style.columns { expect(columns >= 0, "\(what()): columns \(columns)") }
    }
}
