import Diagnostics
import LayoutSpec

// One frame, then exit: `casement render` and `casement check` load a spec,
// print what it gives and end. A session normally keeps the spec's syntax tree
// and its lowering memo so that an edit parses and lowers only what changed;
// a one-frame load lets them go before the solve, whose peak (the solver's
// tableau, the document, the styles and the frames, all at once) is the
// command's peak memory. Nothing a read answers comes from them: the frames,
// diagnostics, snapshot, explanations and queries are those of `load()`
// (`OneFrameLoadTests`). The designer, the language server and apps use
// `load()` and keep them.

extension LayoutSession {
    /// Loads for a session that shows one frame and is then dropped (what
    /// `casement render` does): like `load()`, but the spec's syntax tree and
    /// lowering memo, kept only so that a later edit can be parsed and
    /// lowered incrementally, are let go before the solve. Every read answers
    /// exactly as after `load()`. A later reload, resize or state change still
    /// works: it first parses the spec's text again (kept with the applied
    /// model), so its first edit costs a full parse and lowering.
    @discardableResult
    public mutating func loadForOneFrame() -> ReloadReport {
        restoreParseMemos()
        droppedParseMemos = true
        return readAndApply(changed: nil)
    }

    /// Lets go of what only incremental parsing and lowering reuse, in the
    /// model about to be applied, in the inputs and in the load's own copy of
    /// the parse (all three hold them).
    mutating func dropParseMemos(_ model: inout AppliedModel, _ spec: inout ParsedSpec) {
        model.syntax = nil
        model.document.dropLoweringMemo()
        spec.syntax = nil
        spec.document.dropLoweringMemo()
        inputs.latestSpec?.syntax = nil
        inputs.latestSpec?.document.dropLoweringMemo()
    }

    /// After a one-frame load, before the session changes: the syntax tree is
    /// parsed again from the applied text, so a change that lowers the spec
    /// again (a structural style value) has it.
    mutating func restoreParseMemos() {
        guard droppedParseMemos else { return }
        droppedParseMemos = false
        guard let text = model.specText, model.syntax == nil else { return }
        let syntax = SpecParser.parse(SourceText(path: specPath, text: text))
        model.syntax = syntax
        if inputs.latestSpec?.text == text { inputs.latestSpec?.syntax = syntax }
    }
}
