import Cells
import Foundation
import Synchronization
import Testing

@testable import LiveLink

/// The two ends as the designer and the language server use them.
@Suite struct LinkTests {
    /// A designer showing `spec.layout` and `look.cas`, spelled through a symbolic link.
    final class Fixture {
        let temporary = TemporaryLiveDirectory()
        let spec: String, sheet: String
        /// The designer's spellings (through `linked/`).
        let shownSpec: String, shownSheet: String

        init() throws {
            spec = try temporary.write("screen root {}\n", to: "project/spec.layout")
            sheet = try temporary.write("box\n", to: "project/look.cas")
            symlink(temporary.root + "/project", temporary.root + "/linked")
            shownSpec = temporary.root + "/linked/spec.layout"
            shownSheet = temporary.root + "/linked/./look.cas"
        }

        func designer(size: TerminalSize = TerminalSize(width: 100, height: 30)) throws -> DesignerLink {
            let link = try DesignerLink(directory: temporary.directory)
            link.show(spec: shownSpec, files: [shownSpec, shownSheet], size: size)
            return link
        }

        func editor() throws -> EditorLink { try EditorLink(directory: temporary.directory) }
    }

    /// Services the designer until the texts it reported satisfy `condition`; returns them all.
    static func texts(
        from designer: DesignerLink, until condition: ([(path: String, text: String?)]) -> Bool
    ) -> [(path: String, text: String?)] {
        var all: [(path: String, text: String?)] = []
        eventually({ all += designer.service().texts }) { condition(all) }
        return all
    }

    @Test func aChangeReachesTheDesignerUnderItsOwnSpellingOfThePath() throws {
        let fixture = try Fixture()
        let designer = try fixture.designer()
        let editor = try fixture.editor()
        defer { editor.stop() }
        #expect(eventually({ _ = designer.service() }) { editor.designerCount == 1 && designer.editorCount == 1 })
        editor.bufferChanged(path: fixture.sheet, text: "box\n  bg red\n")
        let got = Self.texts(from: designer) { !$0.isEmpty }
        #expect(got.map(\.path) == [fixture.shownSheet])
        #expect(got.map(\.text) == ["box\n  bg red\n"])
        // A file the designer does not show is not sent.
        let other = try fixture.temporary.write("x", to: "project/other.cas")
        editor.bufferChanged(path: other, text: "box\n  bg blue\n")
        editor.bufferSaved(path: fixture.sheet)
        let after = Self.texts(from: designer) { !$0.isEmpty }
        #expect(after.map(\.path) == [fixture.shownSheet], "only the save of the file on show")
        #expect(after.map(\.text) == [nil], "saved: the disk copy counts again")
    }

    @Test func aDesignerStartedLaterGetsTheUnsavedBuffersAtOnce() throws {
        let fixture = try Fixture()
        let editor = try fixture.editor()
        defer { editor.stop() }
        editor.bufferChanged(path: fixture.spec, text: "screen root { box a {} }\n")
        editor.bufferChanged(path: fixture.sheet, text: "box\n  bg green\n")
        let designer = try fixture.designer()
        let got = Self.texts(from: designer) { $0.count == 2 }
        #expect(Set(got.map(\.path)) == [fixture.shownSpec, fixture.shownSheet])
        #expect(got.first { $0.path == fixture.shownSheet }?.text == "box\n  bg green\n")
    }

    @Test func twoEditorsOnOneFileTheLastChangeWinsAndTheOtherCountsAgainAfterAClose() throws {
        let fixture = try Fixture()
        let designer = try fixture.designer()
        let first = try fixture.editor(), second = try fixture.editor()
        defer {
            first.stop()
            second.stop()
        }
        #expect(eventually({ _ = designer.service() }) { designer.editorCount == 2 && first.designerCount == 1 && second.designerCount == 1 })
        first.bufferChanged(path: fixture.sheet, text: "first")
        #expect(Self.texts(from: designer) { $0.last?.text == "first" }.last?.text == "first")
        second.bufferChanged(path: fixture.sheet, text: "second")
        #expect(Self.texts(from: designer) { $0.last?.text == "second" }.last?.text == "second")
        first.bufferChanged(path: fixture.sheet, text: "first again")
        #expect(Self.texts(from: designer) { $0.last?.text == "first again" }.last?.text == "first again")
        first.bufferClosed(path: fixture.sheet)
        #expect(Self.texts(from: designer) { $0.last?.text == "second" }.last?.text == "second", "the other editor's text")
        second.stop()  // it goes away (or crashes) with the file unsaved
        let last = Self.texts(from: designer) { !$0.isEmpty }
        #expect(last.map(\.text) == [nil], "nobody has it: the disk copy")
    }

    @Test func aBurstOfChangesEndsAtTheLatestText() throws {
        let fixture = try Fixture()
        let designer = try fixture.designer()
        let editor = try fixture.editor()
        defer { editor.stop() }
        #expect(eventually({ _ = designer.service() }) { editor.designerCount == 1 })
        // The designer is busy (not servicing) while 500 keystrokes come in.
        var text = "box\n"
        for index in 0..<500 {
            text += "  // \(index)\n"
            editor.bufferChanged(path: fixture.sheet, text: text)
        }
        let got = Self.texts(from: designer) { $0.last?.text == text }
        #expect(got.last?.text == text)
        #expect(got.count < 500, "coalesced: \(got.count) texts for 500 changes")
    }

    @Test func theServerKnowsTheDesignersSizeAndHearsWhenItChanges() throws {
        let fixture = try Fixture()
        let editor = try fixture.editor()
        defer { editor.stop() }
        let calls = Atomic<Int>(0)
        editor.onSizesChanged = { calls.add(1, ordering: .relaxed) }
        #expect(editor.size(ofSpec: fixture.spec) == nil)
        let designer = try fixture.designer(size: TerminalSize(width: 100, height: 30))
        #expect(eventually({ _ = designer.service() }) { editor.size(ofSpec: fixture.spec) == TerminalSize(width: 100, height: 30) })
        #expect(calls.load(ordering: .relaxed) == 1)
        designer.show(spec: fixture.shownSpec, files: [fixture.shownSpec, fixture.shownSheet], size: TerminalSize(width: 60, height: 20))
        #expect(eventually({ _ = designer.service() }) { editor.size(ofSpec: fixture.spec) == TerminalSize(width: 60, height: 20) })
        #expect(editor.size(ofSpec: fixture.temporary.root + "/linked/spec.layout") == TerminalSize(width: 60, height: 20))
        #expect(calls.load(ordering: .relaxed) == 2)
        designer.stop()
        #expect(eventually { editor.size(ofSpec: fixture.spec) == nil })
        #expect(eventually { calls.load(ordering: .relaxed) == 3 })
    }

    @Test func aFileNewlyOnShowBringsItsUnsavedTextAlong() throws {
        let fixture = try Fixture()
        let designer = try fixture.designer()
        let editor = try fixture.editor()
        defer { editor.stop() }
        let theme = try fixture.temporary.write("box\n", to: "project/theme.cas")
        editor.bufferChanged(path: theme, text: "box\n  bg red\n")
        #expect(eventually({ _ = designer.service() }) { editor.designerCount == 1 })
        // The spec now imports the theme (the designer read it): it is on show.
        designer.show(spec: fixture.shownSpec, files: [fixture.shownSpec, fixture.shownSheet, theme], size: TerminalSize(width: 100, height: 30))
        let got = Self.texts(from: designer) { !$0.isEmpty }
        #expect(got.map(\.path) == [theme])
        #expect(got.map(\.text) == ["box\n  bg red\n"])
    }
}
