import TestSupport
import Diagnostics
import Foundation
import Testing

@testable import LayoutSpec

/// The compiled document: views in tree order, ids, parameters, uses,
/// constraint ranges and locations.
@Suite struct DocumentTests {
    @Test func viewsInTreeOrderWithEverything() {
        let document = compile(
            """
            screen root .app {
              column list "Items" [gap=1] {
                text "Hello, 世界"
                text greeting .big.bold "Hi" [wrap=yes]
              }
              box
            }
            """, path: "demo/list.layout")
        #expect(document.views.map(\.id) == ["root", "list", "list/text#1", "greeting", "root/box#1"])
        #expect(document.views.map(\.kind) == [.screen, .column, .text, .text, .box])
        #expect(document.views.map(\.parent) == [nil, "root", "list", "list", "root"])
        #expect(document.views.map(\.depth) == [0, 1, 2, 2, 1])
        #expect(document.views.map(\.isGeneratedID) == [false, false, true, false, true])
        #expect(document.view("root")?.children == ["list", "root/box#1"])
        #expect(document.view("root")?.classes == ["app"])
        #expect(document.view("greeting")?.classes == ["big", "bold"])
        #expect(document.view("list/text#1")?.title == "Hello, 世界")
        #expect(document.view("list")?.parameter("gap") == .number(1))
        #expect(document.view("greeting")?.parameter("wrap") == .word("yes"))
        #expect(document.view("greeting")?.params.first?.location == SourceLocation(file: "demo/list.layout", line: 4, column: 35))
        #expect(document.view("list")?.location == SourceLocation(file: "demo/list.layout", line: 2, column: 3))
        #expect(document.diagnostics.map(\.message) == ["parameter 'wrap' means nothing on this text; it is ignored"])
    }

    @Test func eachViewOwnsAContiguousRangeOfConstraints() {
        let document = compile("screen root {\n row r {\n  box a { width == 1 }\n  box b\n }\n height == 3\n}")
        var next = 0
        for view in document.views {
            #expect(view.constraintRange.lowerBound == next)
            next = view.constraintRange.upperBound
            for constraint in document.constraints[view.constraintRange] { #expect(constraint.view == view.id) }
        }
        #expect(next == document.constraints.count)
        #expect(document.constraints(ownedBy: "root").map(\.description) == ["root.height == 3"])
        #expect(document.constraints(ownedBy: "a").map(\.description) == ["a.width == 1"])
    }

    @Test func constraintsCarryTheirSourceLocation() {
        let document = compile("screen root {\n  box a {\n    edges == parent inset 1   as pad\n  }\n}", path: "x.layout")
        #expect(Set(document.constraints.map(\.location)) == [SourceLocation(file: "x.layout", line: 3, column: 5)])
    }

    @Test func locationsCountCharactersOnNonASCIILines() {
        let document = compile("screen root {\n  text \"日本\" { width == 2 }\n}")
        #expect(document.constraints[0].location.column == 15)
    }

    @Test func usesResolveAgainstTheSpecsDirectory() {
        let document = compile(
            "use \"../styles/boxes.cas\"\nuse \"./local.cas\" \"/abs/theme.cas\"\nscreen root", path: "demo/boxes.layout")
        #expect(document.uses.map(\.path) == ["../styles/boxes.cas", "./local.cas", "/abs/theme.cas"])
        #expect(document.uses.map(\.resolvedPath) == ["styles/boxes.cas", "demo/local.cas", "/abs/theme.cas"])
        #expect(document.uses[1].location == SourceLocation(file: "demo/boxes.layout", line: 2, column: 5))
        #expect(compile("use \"a.cas\"\nscreen r", path: "b.layout").uses[0].resolvedPath == "a.cas")
    }

    @Test func pathNormalisation() {
        #expect(SpecPath.normalize("a/./b/../c//d") == "a/c/d")
        #expect(SpecPath.normalize("../../x") == "../../x")
        #expect(SpecPath.normalize("/../x") == "/x")
        #expect(SpecPath.normalize("a/..") == ".")
        #expect(SpecPath.resolve("s.cas", relativeTo: "/work/demo/a.layout") == "/work/demo/s.cas")
        #expect(SpecPath.resolve("s.cas", relativeTo: "/a.layout") == "/s.cas")
    }

    @Test func theLocationCacheAgreesWithSourceText() {
        let text = (0..<200).map { line in
            line % 7 == 3 ? "  text \"é漢\(line)\" { width == \(line) }" : "  box b\(line) { height == \(line) }"
        }.joined(separator: "\n")
        let source = SourceText(path: "c.layout", text: text)
        var cache = LocationCache(source: source)
        var random = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            let offset = Int(random.next() % UInt64(source.utf8.count + 1))
            // Only character boundaries: a caret never points into a character.
            guard offset == source.utf8.count || source.utf8[offset] & 0xC0 != 0x80 else { continue }
            #expect(cache.location(offset) == source.location(atOffset: offset))
        }
    }

    @Test func theLoweredTextListsEveryConstraint() {
        let document = compile("screen root {\n box a {\n  width == 2\n  height >= 1 @low as h\n }\n}")
        #expect(document.loweredText == "a.width == 2\na.height >= 1 @low as h")
        #expect(document.constraints[1].label == "h")
        #expect(document.constraints[1].mentionedViews == ["a"])
    }

    @Test func mentionedViewsListEveryViewOnce() {
        let document = compile("screen root {\n box a\n box b\n box v { left == a.right + b.left - a.right + $margin-left }\n}")
        #expect(document.diagnostics.isEmpty)
        #expect(document.constraints[0].mentionedViews == ["v", "b"])
    }
}

@Suite struct SpecFileTests {
    @Test func readsAFileAndResolvesUsesNextToIt() throws {
        let directory = "/tmp/layoutspec-tests-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory + "/demo", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/demo/a.layout"
        try "use \"../styles/a.cas\"\r\nscreen root {\r\n  width == 3\r\n}\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        let document = try LayoutDocument(contentsOfFile: path)
        #expect(document.diagnostics.isEmpty)
        #expect(document.uses.map(\.resolvedPath) == [directory + "/styles/a.cas"])
        #expect(document.constraints.first?.location == SourceLocation(file: path, line: 3, column: 3))
        #expect(throws: SpecFileError.self) { try LayoutDocument(contentsOfFile: directory + "/missing.layout") }
    }
}

/// A declaration's rarely read fields share one box between copies: changing
/// them in one copy must leave every other copy as it was.
@Suite struct DeclarationCopyTests {
    static let spec = "screen root {\n  column list [gap=1] {\n    box a\n  }\n}"

    @Test func changingACopysParametersLeavesTheOriginal() {
        let document = compile(Self.spec)
        let original = document.view("list")!
        var copy = original
        #expect(copy == original)
        copy.params[0].location.line += 5
        copy.children.append("b")
        #expect(original.params[0].location.line == 2)
        #expect(original.children == ["a"])
        #expect(copy.params[0].location.line == 7)
        #expect(copy.children == ["a", "b"])
        #expect(copy != original)
        #expect(document.view("list")! == original)
    }

    @Test func equalDeclarationsHashAlikeWhetherOrNotTheyShareTheBox() {
        let a = compile(Self.spec).view("list")!
        let b = compile(Self.spec).view("list")!
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        var c = b
        c.params = b.params
        #expect(c == a)
    }
}
