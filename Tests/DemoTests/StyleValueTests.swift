import LayoutSpec
import Stylesheet
import Testing

/// The layout engine reads `$size-width`, `$margin-top`, … from the cascade.
/// A demo that reads a value no rule sets would be placed by a default (0, or
/// nothing for an unset size), which is never what its author meant.
@Suite struct StyleValueTests {
    static let sizes = [(80, 24), (120, 40)]

    @Test(arguments: DemoFiles.specPaths)
    func everyStyleValueReadIsSetByARule(_ path: String) throws {
        let document = try DemoFiles.document(path)
        let sheet = DemoFiles.stylesheet(for: document)
        let views = DemoFiles.styledViews(document)
        for (width, height) in Self.sizes {
            let cascade = sheet.cascade(views, width: width, height: height)
            for constraint in document.constraints {
                for style in constraint.right.styles {
                    let index = try #require(document.viewIndex[style.view])
                    let where_ = "\(constraint.location) at \(width)x\(height): \(style.view).$\(style.name)"
                    let property = try #require(StyleProperty(rawValue: style.name), "\(where_) is no property")
                    #expect(cascade.provenance(ofView: index, property: property) != nil, "\(where_) is set by no rule")
                    guard case .success(.number) = cascade.styles[index].layoutValue(named: "$" + style.name) else {
                        Issue.record("\(where_) is not a number")
                        continue
                    }
                }
            }
        }
    }

    /// The responsive demo reflows only if its grid's column count, which its
    /// stylesheet sets, changes when the terminal crosses 100 columns.
    @Test func responsiveGridGetsASecondColumnFrom100Columns() throws {
        let path = DemoFiles.spec("responsive")
        let narrow = try DemoFiles.document(path, width: 99, height: 30)
        let wide = try DemoFiles.document(path, width: 100, height: 30)
        #expect(narrow.structuralReads.map(\.value) == [1])
        #expect(wide.structuralReads.map(\.value) == [2])
        #expect(narrow.diagnostics.isEmpty && wide.diagnostics.isEmpty)

        func placement(_ document: LayoutDocument, _ view: String) -> [String] {
            document.constraints.map(\.description)
                .filter { $0.hasPrefix(view + ".") && ($0.hasSuffix("as grid.col") || $0.hasSuffix("as grid.row")) }
        }
        // Narrow: traffic below sales in the only column; wide: beside it, in the first row.
        #expect(placement(narrow, "traffic") == [
            "traffic.left == cards.left as grid.col",
            "traffic.top == cards.top + cards.~row-height + 1 as grid.row",
        ])
        #expect(placement(wide, "traffic") == [
            "traffic.left == cards.left + cards.~column-width + 2 as grid.col",
            "traffic.top == cards.top as grid.row",
        ])
    }
}
