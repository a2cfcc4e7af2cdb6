import Foundation
import LayoutSpec
import Stylesheet
import Testing

/// Checks that each demo shows what it claims to, as far as that can be seen
/// without solving: the right counts, the right rules, nothing extra.
@Suite struct DemoIntentTests {
    @Test func stressDemoHasAThousandBoxes() throws {
        let document = try DemoFiles.document(DemoFiles.spec("stress"))
        #expect(document.views.count >= 1_000)
        #expect(document.views.filter { $0.kind == .box }.count >= 1_000)
    }

    @Test func galleryListsEveryDemo() throws {
        let gallery = try DemoFiles.document(DemoFiles.spec("gallery"))
        let listed = gallery.views.filter { !$0.isGeneratedID }.map(\.id).filter { $0.hasPrefix("demo-") }.map { String($0.dropFirst(5)) }
        let files = DemoFiles.specPaths.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
        #expect(listed.sorted() == files.filter { $0 != "gallery" }.sorted())
    }

    /// The conflict demo: exactly two required rules on one attribute, with
    /// different constants, so they can never both hold.
    @Test func conflictDemoFixesTheDialogWidthTwice() throws {
        let document = try DemoFiles.document(DemoFiles.spec("conflict"))
        let widthRules = document.constraints.filter { $0.left == .attribute(view: "dialog", .width) }
        #expect(widthRules.map(\.label) == ["design-width", "compact-width"])
        #expect(widthRules.allSatisfy { $0.priority.isRequired && $0.relation == .equal && $0.right.isConstant })
        #expect(Set(widthRules.map(\.right.constant)).count == 2)
    }

    /// The ambiguity demo: `drifting` has a top, a width and a height, and no
    /// rule anywhere mentions where it is horizontally.
    @Test func ambiguityDemoLeavesOnlyTheHorizontalPositionOpen() throws {
        let document = try DemoFiles.document(DemoFiles.spec("ambiguity"))
        let horizontal: Set<Attribute> = [.left, .right, .centerX]
        var constrained = Set<Attribute>()
        for constraint in document.constraints {
            for variable in [constraint.left] + constraint.right.terms.map(\.variable) {
                if case .attribute("drifting", let attribute) = variable { constrained.insert(attribute) }
            }
        }
        #expect(constrained.isDisjoint(with: horizontal))
        #expect(constrained.isSuperset(of: [.top, .width, .height]))
    }
}
