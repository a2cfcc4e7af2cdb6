import Cells
import Testing

/// A large spec holds several arrays of styles at once (the cascade's, the
/// effective ones, the views', the painter's), so the size of one counts.
@Suite struct ComputedStyleLayoutTests {
    /// The properties are declared by size (see `ComputedStyle`): declared by
    /// topic again, a style would take 256 bytes and this fails.
    @Test func aStyleTakes216Bytes() {
        #expect(MemoryLayout<ComputedStyle>.stride <= 216)
    }

    /// Reordering the declarations changed no default.
    @Test func theDefaultsAreUnchanged() {
        let style = ComputedStyle()
        #expect(style.backgroundColor == nil && style.foregroundColor == nil && style.borderColor == nil)
        #expect(style.border == .none && style.titleAlign == .left && style.textAlign == .left)
        #expect(style.title == nil && style.text == nil)
        #expect(!style.bold && !style.dim && !style.italic && !style.underline && !style.reverse && !style.strikethrough)
        #expect(style.padding == .zero && style.margin == .zero && style.visible && style.zIndex == 0)
        #expect(style.sizeWidth == nil && style.sizeHeight == nil && style.columns == nil && !style.collapse)
        #expect(style.minWidth == nil && style.maxWidth == nil && style.minHeight == nil && style.maxHeight == nil)
    }
}
