import Cells
import Diagnostics
import Testing

@testable import Stylesheet

@Suite struct PropertyTests {
    @Test func everyTerminalProperty() {
        let s = sheet("""
            box {
              background-color #102030
              color yellow
              border heavy
              border-color cyan
              title "Panel"
              title-align center
              text "Body"
              text-align right
              bold true; dim true; italic true; underline true; reverse true; strikethrough true
              padding 1
              visible NO
              z-index 3
            }
            """)
        #expect(s.diagnostics.isEmpty)
        var expected = ComputedStyle()
        expected.backgroundColor = .rgb(red: 0x10, green: 0x20, blue: 0x30)
        expected.foregroundColor = .ansi(3)
        expected.border = .heavy
        expected.borderColor = .ansi(6)
        expected.title = "Panel"
        expected.titleAlign = .center
        expected.text = "Body"
        expected.textAlign = .right
        expected.bold = true
        expected.dim = true
        expected.italic = true
        expected.underline = true
        expected.reverse = true
        expected.strikethrough = true
        expected.padding = Insets(all: 1)
        expected.visible = false
        expected.zIndex = 3
        #expect(style("box", in: s) == expected)
    }

    @Test func everyLayoutProperty() {
        let s = sheet("""
            box {
              size 30 8
              margin 1 2 3 4
              min-width 10; max-width 60; min-height 3; max-height 20
            }
            text { size-width 12; size-height 1; margin-top 2; margin-left 3; margin-bottom 4; margin-right 5 }
            """)
        #expect(s.diagnostics.isEmpty)
        let box = style("box", in: s)
        #expect(box.sizeWidth == 30 && box.sizeHeight == 8)
        #expect(box.margin == Insets(top: 1, left: 2, bottom: 3, right: 4))
        #expect([box.minWidth, box.maxWidth, box.minHeight, box.maxHeight] == [10, 60, 3, 20])
        let text = style("text", in: s)
        #expect(text.sizeWidth == 12 && text.sizeHeight == 1)
        #expect(text.margin == Insets(top: 2, left: 3, bottom: 4, right: 5))
    }

    @Test func namesMayBeKebabOrCamelCaseAndHaveAliases() {
        let forms = [
            "background-color: red", "backgroundColor: red", "bg red", "background red",
        ]
        for form in forms {
            #expect(style("box", in: sheet("box { \(form) }")).backgroundColor == .ansi(1), "\(form)")
        }
        #expect(style("box", in: sheet("box { fg red }")).foregroundColor == .ansi(1))
        #expect(style("box", in: sheet("box { zIndex 4 }")).zIndex == 4)
        #expect(style("box", in: sheet("box { sizeWidth 4; marginTop 2 }")).margin.top == 2)
        #expect(style("box", in: sheet("box { borderColor red }")).borderColor == .ansi(1))
    }

    @Test func paddingAndMarginTakeOneTwoOrFourValues() {
        let box = { (text: String) in style("box", in: sheet("box { \(text) }")) }
        #expect(box("padding 2").padding == Insets(all: 2))
        #expect(box("padding 1 3").padding == Insets(top: 1, left: 3, bottom: 1, right: 3))
        #expect(box("padding 1, 2, 3, 4").padding == Insets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(box("margin 1 2").margin == Insets(top: 1, left: 2, bottom: 1, right: 2))
        let three = sheet("box { padding 1 2 3; margin 1 2 3 }")
        #expect(messages(three) == ["'padding' takes 1, 2 or 4 values, found 3", "'margin' takes 1, 2 or 4 values, found 3"])
        #expect(three.diagnostics[0].severity == .error)
        #expect(messages(sheet("box { padding -1 }")) == ["'padding' cannot be negative, found -1"])
        #expect(box("margin -1").margin == Insets(all: -1))
        #expect(box("padding-left 2; padding-top 1").padding == Insets(top: 1, left: 2, bottom: 0, right: 0))
    }

    @Test func sizeWithOneValueMeansBoth() {
        let box = style("box", in: sheet("box { size 7 }"))
        #expect(box.sizeWidth == 7 && box.sizeHeight == 7)
        #expect(messages(sheet("box { size 1 2 3 }")) == ["'size' takes 1 or 2 values (width height), found 3"])
        let unset = style("box", in: sheet("box { size 5; size-width none; max-width none }"))
        #expect(unset.sizeWidth == nil && unset.sizeHeight == 5)
    }

    @Test func borderShorthandTakesAStyleAndAColour() {
        let box = style("box", in: sheet("box { border rounded yellow }"))
        #expect(box.border == .rounded && box.borderColor == .ansi(3))
        let reversed = style("box", in: sheet("box { border #fff double }"))
        #expect(reversed.border == .double && reversed.borderColor == .rgb(red: 255, green: 255, blue: 255))
        #expect(messages(sheet("box { border single double }")) == ["'border' has two styles"])
        #expect(style("box", in: sheet("box { border none }")).border == BorderStyle.none)
    }

    @Test func nestedPropertyBlocksGroupProperties() {
        let s = sheet("""
            box {
              border @{ style rounded; color red }
              margin: @{ top 1; left 2 }
              title @
                align center
            }
            """)
        #expect(s.diagnostics.isEmpty, "\(s.diagnostics.map(\.summary))")
        let box = style("box", in: s)
        #expect(box.border == .rounded && box.borderColor == .ansi(1))
        #expect(box.margin == Insets(top: 1, left: 2, bottom: 0, right: 0))
        #expect(box.titleAlign == .center)
        let bad = sheet("box { border @{ colour red } }")
        #expect(messages(bad) == ["unknown property 'border-colour'"])
        #expect(bad.diagnostics[0].hint == "did you mean 'border-color'?")
    }

    @Test func stateArgumentsOnProperties() {
        let s = sheet("box { border-color[state:selected] yellow; border-color gray }")
        #expect(style("box", in: s).borderColor == .rgb(red: 128, green: 128, blue: 128))
        // The state counts like a state on the selector, so it wins whatever the order.
        #expect(style("box", states: ["selected"], in: s).borderColor == .ansi(3))
        let grouped = sheet("box { border[state:focused] @{ style double } }")
        #expect(style("box", states: ["focused"], in: grouped).border == .double)
        #expect(style("box", in: grouped).border == BorderStyle.none)
    }

    @Test func unknownPropertiesWarnWithTheNearestNameAndTheRestApplies() {
        let s = sheet("box { bordr-color red; z-index 2; colour blue }")
        #expect(s.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(s.diagnostics.map(\.hint) == ["did you mean 'border-color'?", "did you mean 'color'?"])
        #expect(style("box", in: s).zIndex == 2)
    }

    @Test func valueTypeMismatchesAreErrors() {
        #expect(messages(sheet("box { z-index 1.5 }")) == ["'z-index' takes a whole number, found a number"])
        #expect(messages(sheet("box { size-width red }")) == ["'size-width' takes a number of cells, found the word 'red'"])
        #expect(messages(sheet("box { title #fff }")) == ["'title' takes text, found a colour"])
        #expect(messages(sheet("box { bold 1 }")) == ["'bold' takes true or false, found a number"])
        #expect(messages(sheet("box { bg }")) == ["'bg' has no value"])
    }

    @Test func propertiesOutsideRulesAreErrors() {
        let s = sheet("bg red\nbox { z-index 1 }")
        #expect(messages(s) == ["'bg' is a property, but it is outside any rule"])
        #expect(style("box", in: s).zIndex == 1)
    }
}
