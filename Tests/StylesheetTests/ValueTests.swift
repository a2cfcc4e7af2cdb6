import Cells
import Diagnostics
import Testing

@testable import Stylesheet

/// The computed style of a box given one declaration.
private func box(_ declaration: String) -> (ComputedStyle, [String]) {
    let s = sheet("box { \(declaration) }")
    return (style("box", in: s), messages(s))
}

@Suite struct ValueTests {
    @Test func numbersAreCells() {
        #expect(box("size 12 3.5").0.sizeHeight == 3.5)
        #expect(box("size .5").0.sizeWidth == 0.5)
    }

    @Test func unitSuffixesAreErrorsThatSayWhich() {
        let (px, pxMessages) = box("padding 10px")
        #expect(pxMessages == ["'px' has no meaning in a terminal: lengths are counted in cells"])
        #expect(px.padding == .zero)
        #expect(box("padding 2pt").1 == ["'pt' has no meaning in a terminal: lengths are counted in cells"])
        #expect(box("padding 50%").1 == ["'%' is not meaningful for 'padding': lengths are counted in cells"])
        #expect(box("padding 3em").1 == ["unknown unit 'em'"])
        let s = sheet("box { padding 10px }")
        #expect(s.diagnostics[0].hint == "write 10 instead of 10px")
        // In rgb() and hsl(), % is meaningful.
        #expect(box("bg rgb(100%, 0%, 50%)").0.backgroundColor == .rgb(red: 255, green: 0, blue: 128))
    }

    @Test func arithmeticHasPrecedenceAndParentheses() {
        #expect(box("z-index 2 + 3 * 4").0.zIndex == 14)
        #expect(box("z-index (2 + 3) * 4").0.zIndex == 20)
        #expect(box("z-index 20 / 4 - 1").0.zIndex == 4)
        #expect(box("z-index -(2 + 3) * -2").0.zIndex == 10)
        #expect(box("z-index 10-5").0.zIndex == 5)
        #expect(box("z-index 1 / 0").1 == ["division by zero"])
    }

    @Test func aSignTouchingItsNumberAfterASpaceStartsANewValue() {
        #expect(box("margin 10 -5").0.margin == Insets(top: 10, left: -5, bottom: 10, right: -5))
        #expect(box("margin 10 - 5").0.margin == Insets(all: 5))
        #expect(box("margin 1 -2 3 -4").0.margin == Insets(top: 1, left: -2, bottom: 3, right: -4))
    }

    @Test func arithmeticIsElementWiseOnTuples() {
        let (scaled, _) = box("size (4.5, 2) * 5")
        #expect(scaled.sizeWidth == 22.5 && scaled.sizeHeight == 10)
        #expect(box("padding (1, 2) + (3, 4)").0.padding == Insets(top: 4, left: 6, bottom: 4, right: 6))
        #expect(box("padding 10 / (2, 5)").0.padding == Insets(top: 5, left: 2, bottom: 5, right: 2))
        #expect(box("padding (1, 2) + (1, 2, 3)").1 == ["'+' needs tuples of the same length, found 2 and 3 values"])
        #expect(box("padding red + 1").1 == ["'+' cannot combine the word 'red' and a number"])
    }

    @Test func mathFunctions() {
        #expect(box("z-index floor(2.7)").0.zIndex == 2)
        #expect(box("z-index ceil(2.1)").0.zIndex == 3)
        #expect(box("z-index round(2.5)").0.zIndex == 3)
        #expect(box("z-index abs(-4)").0.zIndex == 4)
        #expect(box("z-index min(5, 3, 9)").0.zIndex == 3)
        #expect(box("z-index max(5, 3, 9)").0.zIndex == 9)
        #expect(box("padding floor((1.5, 2.5))").0.padding == Insets(top: 1, left: 2, bottom: 1, right: 2))
        #expect(box("z-index flor(2)").1 == ["unknown function 'flor'"])
        #expect(sheet("box { z-index flor(2) }").diagnostics[0].hint == "did you mean 'floor'?")
    }

    @Test func hexColours() {
        #expect(box("bg #f80").0.backgroundColor == .rgb(red: 255, green: 136, blue: 0))
        #expect(box("bg #f808").0.backgroundColor == .rgb(red: 255, green: 136, blue: 0, alpha: 136))
        #expect(box("bg #1a2b3c").0.backgroundColor == .rgb(red: 0x1a, green: 0x2b, blue: 0x3c))
        #expect(box("bg #1a2b3c80").0.backgroundColor == .rgb(red: 0x1a, green: 0x2b, blue: 0x3c, alpha: 0x80))
        #expect(box("bg #12345").1 == ["'#12345' is not a colour"])
        #expect(box("bg #ggg").1 == ["'#ggg' is not a colour"])
    }

    @Test func colourFunctions() {
        #expect(box("bg rgb(255, 128, 0)").0.backgroundColor == .rgb(red: 255, green: 128, blue: 0))
        #expect(box("bg rgba(255, 128, 0, 0.5)").0.backgroundColor == .rgb(red: 255, green: 128, blue: 0, alpha: 128))
        #expect(box("bg rgb(255, 128, 0, 0.5)").0.backgroundColor == .rgb(red: 255, green: 128, blue: 0, alpha: 128))
        #expect(box("bg rgb(300, 0, 0)").1 == ["rgb() channel 300 is outside 0–255 (or 0%–100%)"])
        #expect(box("bg rgb(1, 2)").1 == ["rgb() takes 3 or 4 values, found 2"])
        #expect(box("bg color(208)").0.backgroundColor == .indexed(208))
        #expect(box("bg color(256)").1 == ["color() takes one palette index from 0 to 255"])
    }

    @Test func hslIsTrueHSLNotHSB() {
        #expect(box("bg hsl(0, 100%, 50%)").0.backgroundColor == .rgb(red: 255, green: 0, blue: 0))
        #expect(box("bg hsl(120, 100%, 25%)").0.backgroundColor == .rgb(red: 0, green: 128, blue: 0))
        #expect(box("bg hsl(240, 100%, 50%)").0.backgroundColor == .rgb(red: 0, green: 0, blue: 255))
        // HSB would give pure white here; HSL gives a mid grey-blue.
        #expect(box("bg hsl(210, 60%, 40%)").0.backgroundColor == .rgb(red: 41, green: 102, blue: 163))
        #expect(box("bg hsl(0, 0%, 100%)").0.backgroundColor == .rgb(red: 255, green: 255, blue: 255))
        #expect(box("bg hsla(360, 100, 50, 50%)").0.backgroundColor == .rgb(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(box("bg hsl(0, 120%, 50%)").1 == ["hsl() saturation and lightness must be 0–100%"])
    }

    @Test func colourNames() {
        #expect(box("bg red").0.backgroundColor == .ansi(1))
        #expect(box("bg bright-red").0.backgroundColor == .ansi(9))
        #expect(box("bg brightRed").0.backgroundColor == .ansi(9))
        #expect(box("bg BRIGHT-WHITE").0.backgroundColor == .ansi(15))
        #expect(box("bg rebeccapurple").0.backgroundColor == .rgb(red: 0x66, green: 0x33, blue: 0x99))
        #expect(box("bg slategray").0.backgroundColor == .rgb(red: 0x70, green: 0x80, blue: 0x90))
        #expect(box("bg none").0.backgroundColor == nil)
        #expect(box("bg transparent").0.backgroundColor == nil)
        #expect(box("bg redd").1 == ["unknown colour 'redd'"])
        #expect(sheet("box { bg redd }").diagnostics[0].severity == .warning)
        #expect(sheet("box { bg redd }").diagnostics[0].hint == "did you mean 'red'?")
        #expect(box("bg 5").1 == ["'background-color' takes a colour, found a number"])
    }

    @Test func stringsInEitherQuote() {
        #expect(box("title \"Blue box\"").0.title == "Blue box")
        #expect(box("title 'It\\'s \"here\"'").0.title == "It's \"here\"")
        #expect(box("text \"a\\nb\"").0.text == "a\nb")
        #expect(box("title Hello world").0.title == "Hello world")
        #expect(box("title \"Total: \" + \"3\"").0.title == "Total: 3")
        #expect(box("title \"漢字 ok\"").0.title == "漢字 ok")
        // An unclosed string ends at the end of its line; the next line parses on.
        let open = sheet("box { title \"open\n  bold true }")
        #expect(messages(open) == ["string is never closed"])
        #expect(style("box", in: open).title == "open")
        #expect(style("box", in: open).bold)
    }

    @Test func booleans() {
        for (word, expected) in [("true", true), ("false", false), ("YES", true), ("NO", false), ("yes", true)] {
            #expect(box("bold \(word)").0.bold == expected, "\(word)")
        }
        #expect(box("bold maybe").1 == ["'bold' takes true or false, not 'maybe'"])
        #expect(sheet("box { bold maybe }").diagnostics[0].severity == .warning)
    }

    @Test func enumWordsArePerPropertyAndUnknownOnesListTheValidValues() {
        #expect(box("border double").0.border == .double)
        #expect(box("title-align center").0.titleAlign == .center)
        #expect(box("text-align right").0.textAlign == .right)
        let s = sheet("box { border roundd; title-align middle }")
        #expect(s.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(s.diagnostics[0].message == "'roundd' is not a value of 'border-style'"
            || s.diagnostics[0].message == "'roundd' is neither a border style nor a colour")
        #expect(s.diagnostics[0].hint == "did you mean 'rounded'?")
        #expect(s.diagnostics[1].hint == "valid values: left, center, right")
    }
}
