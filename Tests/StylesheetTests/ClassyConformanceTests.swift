import Diagnostics
import Testing

@testable import Stylesheet

/// Grammar that Classy's own test stylesheets use and Casement must read: argument
/// lists with commas in selectors, and property groups inside property groups. UIKit
/// class and property names stay warnings.
@Suite struct ClassyConformanceTests {
    @Test func aCommaInsideSelectorArgumentsSplitsArgumentsNotSelectors() {
        let result = sheet("""
            box[state:selected, coolness:alot].command , column text.star {
                bg #ffffff
                border-width 1
            }
            """)
        #expect(messages(result, .error).isEmpty, "\(messages(result))")
        #expect(result.rules.map(\.selector.description) == ["box.command[state:selected]", "column text.star"])
        let warnings = messages(result, .warning)
        #expect(warnings.contains("argument 'coolness' has no meaning here; it is ignored"), "\(warnings)")
        #expect(style("box", classes: ["command"], states: ["selected"], in: result).backgroundColor != nil)
        #expect(style("box", classes: ["command"], in: result).backgroundColor == nil)
    }

    @Test func severalStateArgumentsAreAllRequired() {
        let result = sheet("box[state:selected, state:focused] { bold true }")
        #expect(result.diagnostics.isEmpty)
        #expect(style("box", states: ["selected", "focused"], in: result).bold)
        #expect(!style("box", states: ["selected"], in: result).bold)
    }

    @Test func argumentListsWorkOnPropertiesAndGroupsToo() {
        let result = sheet("""
            box {
                bg[ state : pressed , shade:dark ] red
                border[state:focused, x:y] @{ style double }
            }
            """)
        #expect(messages(result, .error).isEmpty, "\(messages(result))")
        #expect(messages(result, .warning).count == 2)
        #expect(style("box", states: ["pressed"], in: result).backgroundColor != nil)
        #expect(style("box", states: ["focused"], in: result).border == .double)
        #expect(style("box", in: result).border == .none)
    }

    @Test func malformedArgumentListsAreStillErrors() {
        for (text, message) in [
            ("box[state:a, ] { bold true }", "expected 'name:value' after ','"),
            ("box[state:a, b] { bold true }", "expected 'name:value' after ','"),
            ("box[state:a, b:] { bold true }", "expected a value after 'b:'"),
            ("box[state:a, state:b { bold true }", "'[' is never closed"),
        ] {
            #expect(messages(sheet(text), .error) == [message], "\(text)")
        }
    }

    @Test func propertyGroupsNestAndFlattenToJoinedNames() {
        let result = sheet("""
            box
              bg #fff
              embed @
                font arial 15
                paragraphStyle @{
                  maximumLineHeight 2
                }
                kern 5
              border @{ style rounded; color red }
            """)
        #expect(messages(result, .error).isEmpty, "\(messages(result))")
        #expect(messages(result, .warning) == [
            "unknown property 'embed-font'", "unknown property 'embed-paragraph-style-maximumLineHeight'",
            "unknown property 'embed-kern'",
        ])
        let computed = style("box", in: result)
        #expect(computed.border == .rounded)
        #expect(computed.backgroundColor != nil)
    }

    @Test func groupsNestToAnyDepthAndKeepTheirSiblings() {
        let result = sheet("""
            box {
              a @{ b @{ c @{ d 1 } } }
              padding @
                top 1
              title[state:focused] @{ align center }
            }
            """)
        #expect(messages(result, .error).isEmpty, "\(messages(result))")
        #expect(messages(result, .warning) == ["unknown property 'a-b-c-d'"])
        #expect(style("box", in: result).padding.top == 1)
        #expect(style("box", states: ["focused"], in: result).titleAlign == .center)
        #expect(style("box", in: result).titleAlign == .left)
    }

    @Test func aBlockWithoutAtInsideAGroupIsAnError() {
        let result = sheet("box { embed @{ inner { kern 5 } } }")
        #expect(messages(result, .error) == ["a property group holds only properties and groups"])
    }
}
