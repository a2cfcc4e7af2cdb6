import Diagnostics
import LayoutSpec

// One frame, then exit: `casement render` and `casement check` load a spec,
// print what it gives and end. A session normally keeps the spec's syntax tree
// so that an edit parses and lowers only what changed; a one-frame load lets
// it go before the solve, whose peak (the solver's tableau, the document, the
// styles and the frames, all at once) is the command's peak memory. Nothing a
// read answers comes from it: the frames, diagnostics, snapshot, explanations
// and queries are those of `load()` (`OneFrameLoadTests`). The designer, the
// language server and apps use `load()` and keep it.

extension LayoutSession {
    /// Loads for a session that shows one frame and is then dropped (what
    /// `casement render` does): like `load()`, but the spec's syntax tree,
    /// kept only so that a later edit can be parsed and lowered
    /// incrementally, is let go before the solve. Every read answers
    /// exactly as after `load()`. A later reload, resize or state change still
    /// works: it first parses the spec's text again (kept with the applied
    /// model), so its first edit costs a full parse and lowering.
    @discardableResult
    public mutating func loadForOneFrame() -> ReloadReport {
        restoreParseMemos()
        droppedParseMemos = true
        return readAndApply(changed: nil)
    }

    /// Lets go of the syntax tree, which only incremental parsing and a new
    /// lowering reuse, in the model about to be applied, in the inputs and in
    /// the load's own copy of the parse (all three hold it). It is freed on a
    /// background queue: tens of thousands of small objects, freed while the
    /// solve runs instead of on its path. (The lowering memo stays: it is
    /// small, and the engine reads each view's parent from it.)
    mutating func dropParseMemos(_ model: inout AppliedModel, _ spec: inout ParsedSpec) {
        var syntax = model.syntax
        model.syntax = nil
        spec.syntax = nil
        inputs.latestSpec?.syntax = nil
        releaseInBackground(&syntax)
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
