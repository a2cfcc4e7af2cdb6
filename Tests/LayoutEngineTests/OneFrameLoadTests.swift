import Cells
import TestSupport
import Testing

@testable import LayoutEngine
@testable import LayoutSpec

/// `loadForOneFrame()` lets go of the spec's syntax tree before the solve (what `casement render` uses); `load()` keeps them for the
/// designer's incremental edits. Everything a read answers must be the same,
/// and a one-frame session must still take edits, resizes and states exactly
/// as a loaded one does.
@Suite struct OneFrameLoadTests {
    /// Every answer of a session, in one comparable text.
    static func answers(_ session: LayoutSession) -> String {
        var text = ""
        dump(session.snapshot(), to: &text)
        dump(session.checkDiagnostics(), to: &text)
        for view in session.views { dump(session.explain(view.id), to: &text) }
        return text
    }

    static func sessions(spec: String, sheet: String, size: TerminalSize) -> (MemoryFiles, LayoutSession, LayoutSession) {
        let files = MemoryFiles([specPath: spec, "s.cas": sheet])
        var kept = LayoutSession(specPath: specPath, reader: files.reader, size: size)
        kept.load()
        var oneFrame = LayoutSession(specPath: specPath, reader: files.reader, size: size)
        oneFrame.loadForOneFrame()
        return (files, kept, oneFrame)
    }

    @Test func aOneFrameLoadAnswersAsALoad() {
        var generator = IncrementalEquivalenceTests.Generator(random: SplitMix64(seed: 20_261_126))
        for _ in 0..<16 {
            let spec = generator.spec(views: 14), sheet = generator.sheet()
            let (_, kept, oneFrame) = Self.sessions(spec: spec, sheet: sheet, size: TerminalSize(width: 90, height: 40))
            #expect(Self.answers(oneFrame) == Self.answers(kept), "\(spec)")
        }
    }

    @Test func onlyTheOneFrameLoadDropsTheSyntaxTree() {
        let (_, kept, oneFrame) = Self.sessions(
            spec: StructuralStyleTests.spec, sheet: StructuralStyleTests.styles, size: TerminalSize(width: 80, height: 24))
        // The designer's load keeps what an edit reuses.
        #expect(kept.model.syntax != nil)
        #expect(kept.inputs.latestSpec?.syntax != nil)
        #expect(oneFrame.model.syntax == nil)
        #expect(oneFrame.inputs.latestSpec?.syntax == nil)
        // Both keep the lowering memo (small; the engine reads parents from it).
        #expect(kept.model.document.memo != nil)
        #expect(oneFrame.model.document.memo != nil)
    }

    /// A resize that switches `@media` changes a grid's `columns`, which lowers
    /// the spec again from its syntax tree: the one-frame session parses it first.
    @Test func aOneFrameSessionStillReflowsOnResize() {
        var (_, kept, oneFrame) = Self.sessions(
            spec: StructuralStyleTests.spec, sheet: StructuralStyleTests.styles, size: TerminalSize(width: 80, height: 24))
        for width in [120, 80, 130] {
            kept.resize(to: TerminalSize(width: width, height: 24))
            oneFrame.resize(to: TerminalSize(width: width, height: 24))
            #expect(oneFrame.views == kept.views)
        }
        #expect(oneFrame.frame("b") == rect(65, 0, 65, 24))
        #expect(oneFrame.model.syntax != nil)
    }

    @Test func aOneFrameSessionTakesEditsAsALoadedOne() {
        var generator = IncrementalEquivalenceTests.Generator(random: SplitMix64(seed: 20_261_127))
        for _ in 0..<6 {
            var spec = generator.spec(views: 12)
            var sheet = generator.sheet()
            var (files, kept, oneFrame) = Self.sessions(spec: spec, sheet: sheet, size: TerminalSize(width: 90, height: 40))
            for step in 0..<6 {
                var changed: [String] = []
                if step % 3 == 2 {
                    sheet = generator.sheet()
                    files["s.cas"] = sheet
                    changed.append("s.cas")
                } else {
                    spec = generator.edit(spec)
                    files[specPath] = spec
                    changed.append(specPath)
                }
                if step == 1 {
                    kept.setStates(["selected"], ofView: kept.views.last?.id ?? "")
                    oneFrame.setStates(["selected"], ofView: oneFrame.views.last?.id ?? "")
                }
                kept.reload(changedFiles: changed)
                oneFrame.reload(changedFiles: changed)
                #expect(Self.answers(oneFrame) == Self.answers(kept), "after step \(step):\n\(spec)")
            }
        }
    }
}
