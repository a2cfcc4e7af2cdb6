import Testing
import LayoutSpec

@Suite struct AttributeTests {
    @Test func leadingAndTrailingAreAliases() {
        #expect(Attribute(spelling: "leading") == .left)
        #expect(Attribute(spelling: "trailing") == .right)
        #expect(Attribute(spelling: "centerX") == .centerX)
        #expect(Attribute(spelling: "middle") == nil)
    }

    @Test func classifiesEdges() {
        #expect(Attribute.right.isFarEdge && Attribute.bottom.isFarEdge)
        #expect(!Attribute.left.isFarEdge)
        #expect(!Attribute.width.isPosition && Attribute.centerY.isPosition)
        #expect(Attribute.width.isHorizontal && !Attribute.height.isHorizontal)
    }
}
