import Canvas
import Cells
import Testing

@testable import Designer

/// The live preview in the designer: an editor's unsaved text shown as a save
/// would be, said so in the status line, and given up for the disk copy.
@Suite struct UnsavedTextTests {
    @Test("unsaved text is laid out and the status line says the screen shows it")
    func unsavedTextShows() throws {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files, width: 100)
        let saved = designer.renderFrame().canvas
        let changed = designer.showUnsaved([("look.cas", twoBoxesStyle.replacing("size 12 5", with: "size 20 6"))])
        #expect(changed == ["look.cas"])
        #expect(designer.session.view("alpha")?.frame.width == 20)
        let frame = designer.renderFrame()
        #expect(frame.canvas != saved)
        #expect(try #require(frame.status).plainLines()[0].contains("● live: look.cas (unsaved)"))
        #expect(files["look.cas"] == twoBoxesStyle, "the designer never writes a file")
        #expect(designer.unsavedFiles == ["look.cas"])

        // Both files unsaved: both named.
        designer.showUnsaved([("spec.layout", twoBoxesSpec.replacing("top == 1", with: "top == 2"))])
        #expect(try #require(designer.renderFrame().status).plainLines()[0].contains("● live: spec.layout, look.cas (unsaved)"))

        // The editor closes both without saving: the files as saved, and no note.
        designer.showUnsaved([("look.cas", nil), ("spec.layout", nil)])
        let back = designer.renderFrame()
        #expect(back.canvas == saved)
        #expect(try #require(back.status).plainLines()[0].contains("live") == false)
    }

    @Test("an error in unsaved text opens the drawer as a save would, and the last good layout stays")
    func unsavedErrorsOpenTheDrawer() throws {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files, width: 100)
        designer.showUnsaved([("look.cas", twoBoxesStyle.replacing("size 12 5", with: "size 20 6"))])
        let good = designer.renderFrame().canvas
        designer.showUnsaved([("spec.layout", twoBoxesSpec.replacing("top == 1", with: "top == == 1"))])
        let frame = designer.renderFrame()
        #expect(frame.canvas == good)
        #expect(designer.drawer?.situation == .keptLastLayout)
        let drawer = try #require(frame.drawer).plainLines()
        #expect(drawer[1].hasPrefix(" spec.layout:4:12:"))
        let status = try #require(frame.status).plainLines()[0]
        #expect(status.contains("● live: spec.layout, look.cas (unsaved)"))
        #expect(status.contains("last good layout kept"))
        // The next keystroke fixes it: the drawer closes.
        designer.showUnsaved([("spec.layout", twoBoxesSpec.replacing("top == 1", with: "top == 3"))])
        #expect(designer.drawer == nil)
        #expect(designer.session.view("alpha")?.frame.y == 3)
    }

    @Test("text equal to the file is the file; a save of the text hands over to the disk copy")
    func theDiskCopyTakesOver() throws {
        let files = twoBoxesFiles()
        var designer = makeDesigner(files, width: 100)
        // Opened in the editor, not changed: nothing unsaved.
        #expect(designer.showUnsaved([("look.cas", twoBoxesStyle)]).isEmpty)
        #expect(designer.unsavedFiles.isEmpty)
        let edited = twoBoxesStyle.replacing("size 12 5", with: "size 20 6")
        designer.showUnsaved([("look.cas", edited)])
        #expect(designer.unsavedFiles == ["look.cas"])
        // Saved: the watcher sees the file hold the text.
        files["look.cas"] = edited
        designer.reload(changedFiles: ["look.cas"])
        #expect(designer.unsavedFiles.isEmpty)
        #expect(designer.session.view("alpha")?.frame.width == 20)
        // Undone in the editor back to the saved text: nothing unsaved either.
        designer.showUnsaved([("look.cas", edited + "\n// more\n")])
        designer.showUnsaved([("look.cas", edited)])
        #expect(designer.unsavedFiles.isEmpty)
    }

    @Test("a stylesheet imported only by the unsaved text is read and shown")
    func anImportTypedIsFollowed() throws {
        let files = twoBoxesFiles()
        files["extra.cas"] = "#beta\n  bg green\n"
        var designer = makeDesigner(files, width: 100)
        #expect(!designer.watchedFiles.contains("extra.cas"))
        designer.showUnsaved([("look.cas", "@import \"extra.cas\"\n" + twoBoxesStyle.replacing("#beta\n  bg red\n", with: ""))])
        #expect(designer.watchedFiles.contains("extra.cas"))
        #expect(designer.session.view("beta")?.style.backgroundColor != designer.session.view("alpha")?.style.backgroundColor)
        #expect(designer.session.view("beta")?.style.backgroundColor != nil)
    }
}
