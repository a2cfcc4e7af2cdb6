import ArgumentParser
import Designer
import Testing

@testable import casement

@Suite("casement open: the default command")
struct OpenCommandTests {
    @Test("a spec alone opens it in the designer")
    func specAloneIsOpen() throws {
        let command = try Casement.parseAsRoot(["demo/boxes.layout"])
        let open = try #require(command as? OpenCommand)
        #expect(open.spec == "demo/boxes.layout")
        #expect(open.inspector == false)
    }

    @Test("no arguments opens the gallery")
    func bareCommandIsOpen() throws {
        let command = try Casement.parseAsRoot([])
        let open = try #require(command as? OpenCommand)
        #expect(open.spec == nil)
        #expect(open.resolvedSpec().path.hasSuffix(DefaultSpec.relativePath))
    }

    @Test("open spelled out, with options")
    func explicitOpen() throws {
        let command = try Casement.parseAsRoot(["open", "a.layout", "--inspector", "--colors", "256", "--size", "100x30"])
        let open = try #require(command as? OpenCommand)
        #expect(open.spec == "a.layout")
        #expect(open.inspector)
        #expect(open.colors == "256")
        #expect(open.size.width == 100 && open.size.height == 30)
    }

    @Test("the headless commands keep their names")
    func headlessCommandsStillParse() throws {
        #expect(try Casement.parseAsRoot(["check", "a.layout"]) is CheckCommand)
        #expect(try Casement.parseAsRoot(["render", "a.layout"]) is RenderCommand)
        #expect(try Casement.parseAsRoot(["explain", "a.layout", "v"]) is ExplainCommand)
    }

    @Test("an unknown colour depth is refused")
    func badColors() {
        #expect(throws: (any Error).self) { try Casement.parseAsRoot(["open", "a.layout", "--colors", "7"]) }
    }
}
