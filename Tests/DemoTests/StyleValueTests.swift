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

    /// The responsive demo reflows only if the values its cards read change
    /// when the terminal crosses 100 columns.
    @Test func responsiveCardsReadOtherValuesFrom100Columns() throws {
        let document = try DemoFiles.document(DemoFiles.spec("responsive"))
        let sheet = DemoFiles.stylesheet(for: document)
        let views = DemoFiles.styledViews(document)
        let narrow = sheet.cascade(views, width: 99, height: 30)
        let wide = sheet.cascade(views, width: 100, height: 30)
        #expect(narrow.media != wide.media)

        func value(_ result: CascadeResult, _ view: String, _ name: String) throws -> Double {
            let index = try #require(document.viewIndex[view])
            guard case .success(.number(let number)) = result.styles[index].layoutValue(named: name) else {
                Issue.record("\(view).\(name) is not a number")
                return .nan
            }
            return number
        }
        // Narrow: the column edges are far away, traffic sits below sales.
        #expect(try value(narrow, "sales", "$margin-right") >= 500)
        #expect(try value(narrow, "traffic", "$margin-left") <= -500)
        #expect(try value(narrow, "traffic", "$margin-top") > value(narrow, "sales", "$size-height"))
        // Wide: both edges at the centre line, traffic level with sales.
        #expect(try value(wide, "sales", "$margin-right") == -1)
        #expect(try value(wide, "traffic", "$margin-left") == 1)
        #expect(try value(wide, "traffic", "$margin-top") == 0)
    }
}
