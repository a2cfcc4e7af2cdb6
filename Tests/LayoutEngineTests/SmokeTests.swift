import Testing

@testable import LayoutEngine

@Suite struct SmokeTests {
    @Test func boxesDemo() {
        let styles = [
            "boxes.cas": """
            .blue-box { size 20 5; margin 1 2 }
            .red-box { size 10 3; margin 1 3 }
            """
        ]
        let spec = """
            use "boxes.cas"
            screen root {
              box blue .blue-box "Blue" {
                size == $size
                top  == parent.top  + $margin-top
                left == parent.left + $margin-left
              }
              box red .red-box "Red" {
                top, size == blue
                left == blue.right + $margin-left  @high  as red-gap
                edges within parent inset 1             as on-screen
              }
            }
            """
        var (session, _) = loaded(spec, styles: styles)
        print(session.diagnostics.map(\.summary))
        for view in session.views { print(view.id, view.frame) }
        #expect(session.frame("root") == rect(0, 0, 80, 24))
        #expect(session.frame("blue") == rect(2, 1, 20, 5))
        #expect(session.frame("red") == rect(25, 1, 20, 5))
        print(session.unsatisfiedPreferences())
        print(session.ambiguities())
        print(session.explain("red")!.formatted())
    }
}
