import CasementApp
import Foundation
import Testing

/// A scroll view of `count` one-row labels stacked in its content.
@MainActor
func labelColumn(_ count: Int, in scroll: ScrollView, prefix: String = "row") -> [Label] {
    let labels = (0..<count).map { Label("\(prefix) \($0)", id: "\(prefix)\($0)") }
    for (index, label) in labels.enumerated() {
        scroll.content.addSubview(label)
        label.makeConstraints { make in
            make.left.right.equalToSuperview()
            if index == 0 { make.top.equalToSuperview() } else { make.top.equalTo(labels[index - 1].bottom) }
            if index == count - 1 { make.bottom.equalToSuperview() }
        }
    }
    return labels
}

@MainActor
@Suite struct ScrollViewTests {
    @Test func contentIsSizedByItsChildrenAndScrolledByKeys() throws {
        let scroll = ScrollView(id: "form")
        _ = labelColumn(10, in: scroll)
        let pilot = try pilot(on: scroll, width: 12, height: 4)
        #expect(pilot.app.diagnostics.isEmpty)
        #expect(scroll.contentSize.height == 10)
        #expect(scroll.contentSize.width == 11)        // the bar takes the last column
        #expect(scroll.viewportSize.width == 11 && scroll.viewportSize.height == 4)
        #expect(pilot.lines[0].hasPrefix("row 0"))
        #expect(pilot.lines[3].hasPrefix("row 3"))
        #expect(pilot.lines[0].hasSuffix("┃"))          // the thumb at the top
        #expect(pilot.app.focusedWidget === scroll)     // it overflows: it takes the focus
        pilot.press(.down)
        #expect(scroll.scrollOffset.y == 1)
        #expect(pilot.lines[0].hasPrefix("row 1"))
        pilot.press(.pageDown)
        #expect(scroll.scrollOffset.y == 4)
        pilot.press(.end)
        #expect(scroll.scrollOffset.y == 6)
        #expect(pilot.lines[3].hasPrefix("row 9"))
        #expect(pilot.lines[3].hasSuffix("┃"))          // the thumb at the bottom
        pilot.press(.down)
        #expect(scroll.scrollOffset.y == 6)             // clamped to the content
        pilot.press(.home)
        #expect(scroll.scrollOffset.y == 0)
        pilot.send(.scrollDown(x: 2, y: 2))
        #expect(scroll.scrollOffset.y == 3)
        pilot.send(.scrollUp(x: 2, y: 2))
        #expect(scroll.scrollOffset.y == 0)
    }

    @Test func contentThatFitsShowsNoBarAndTakesNoFocus() throws {
        let scroll = ScrollView(id: "short")
        _ = labelColumn(2, in: scroll)
        let pilot = try pilot(on: scroll, width: 10, height: 4)
        #expect(scroll.contentSize.height == 2)
        #expect(scroll.contentSize.width == 10)
        #expect(!scroll.canFocus)
        #expect(pilot.lines[0] == "row 0")
        pilot.press(.down)
        #expect(scroll.scrollOffset.y == 0)
    }

    @Test func aClickOnTheBarJumpsThere() throws {
        let scroll = ScrollView(id: "form")
        _ = labelColumn(20, in: scroll)
        let pilot = try pilot(on: scroll, width: 10, height: 5)
        pilot.click(x: 9, y: 4)
        #expect(scroll.scrollOffset.y == 15)
        pilot.click(x: 9, y: 0)
        #expect(scroll.scrollOffset.y == 0)
        pilot.click(x: 9, y: 2)
        #expect(scroll.scrollOffset.y == 7)
        pilot.click(x: 3, y: 2)                          // on the content: nothing moves
        #expect(scroll.scrollOffset.y == 7)
    }

    @Test func aWidgetTakingTheFocusIsScrolledIntoView() throws {
        let scroll = ScrollView(id: "form")
        let labels = labelColumn(8, in: scroll)
        let field = TextField(placeholder: "name", id: "name")
        let below = Button("Save", id: "save")
        scroll.content.addSubviews(field, below)
        labels[7].view.remakeConstraints { make in
            make.left.right.equalToSuperview()
            make.top.equalTo(labels[6].bottom)
        }
        field.makeConstraints { make in
            make.top.equalTo(labels[7].bottom)
            make.left.right.equalToSuperview()
        }
        below.makeConstraints { make in
            make.top.equalTo(field.bottom)
            make.left.bottom.equalToSuperview()
        }
        let pilot = try pilot(on: scroll, width: 20, height: 4)
        #expect(pilot.app.diagnostics.isEmpty)
        #expect(scroll.contentSize.height == 10)        // 8 labels, the field, the button
        pilot.app.focus(field)
        pilot.settle()
        #expect(scroll.scrollOffset.y == 5)             // the field on the last row
        #expect(pilot.lines[3].hasPrefix("row 8") == false)
        #expect(pilot.lines[2].hasPrefix("row 7"))
        pilot.press(.tab)
        #expect(pilot.app.focusedWidget === below)
        #expect(scroll.scrollOffset.y == 6)
        #expect(pilot.lines[3].contains("Save"))
        pilot.press(.tab, .tab)                          // around, by the scroll view, to the field
        #expect(pilot.app.focusedWidget === field)
        #expect(scroll.scrollOffset.y == 6)              // it is shown already: nothing moves
        scroll.scroll(to: (0, 0))
        pilot.settle()
        #expect(pilot.lines[0].hasPrefix("row 0"))
        pilot.app.focus(below)
        pilot.settle()
        #expect(scroll.scrollOffset.y == 6)
    }

    @Test func scrollsSidewaysWhenTheContentIsWider() throws {
        let scroll = ScrollView(axes: .both, id: "wide")
        let label = Label(String(repeating: "abcdefghij", count: 3), id: "long")
        scroll.content.addSubview(label)
        label.makeConstraints { make in make.edges.equalToSuperview() }
        let pilot = try pilot(on: scroll, width: 10, height: 3)
        #expect(scroll.contentSize.width == 30)
        #expect(pilot.lines[0] == "abcdefghij")
        #expect(pilot.lines[2].hasPrefix("━"))           // the horizontal bar on the last row
        pilot.press(.right)
        #expect(scroll.scrollOffset.x == 4)
        #expect(pilot.lines[0] == "efghijabcd")
        pilot.press(.left, .left)
        #expect(scroll.scrollOffset.x == 0)
    }

    @Test func scrollToVisibleOutsideTheContentWarns() throws {
        let scroll = ScrollView(id: "form")
        _ = labelColumn(3, in: scroll)
        let stranger = View(.box, id: "stranger")
        let pilot = try pilot(on: scroll, width: 10, height: 3)
        let callLine = #line + 1
        scroll.scrollToVisible(stranger)
        pilot.settle()
        let warning = try #require(pilot.app.diagnostics.first { $0.message.contains("scrollToVisible") })
        #expect(warning.location.file.hasSuffix("ScrollViewTests.swift"))
        #expect(warning.location.line == callLine)
    }

    @Test func stylesReachTheBarAndTheBox() throws {
        let scroll = ScrollView(id: "form")
        _ = labelColumn(10, in: scroll)
        let pilot = try pilot(on: scroll, width: 12, height: 5, stylesheet: """
            .scroll { border rounded }
            .scroll[state:focused] { border-color yellow }
            .scrollbar { color blue }
            """)
        #expect(pilot.app.diagnostics.isEmpty)
        #expect(pilot.lines[0].hasPrefix("╭"))
        #expect(pilot.lines[1].hasPrefix("│row 0"))
        #expect(scroll.viewportSize.height == 3)
        #expect(pilot.cell(x: 10, y: 1).foreground == .ansi(4))
        #expect(pilot.cell(x: 0, y: 0).foreground == .ansi(3))   // focused
        pilot.press(.end)
        #expect(pilot.lines[3].hasPrefix("│row 9"))
        #expect(pilot.lines[4].hasPrefix("╰"))          // the border is never scrolled over
    }
}
