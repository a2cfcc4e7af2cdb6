import Cells
import Diagnostics
import LayoutSpec
import Stylesheet

// The reload pipeline. Every load and reload runs these phases in order:
//
//   inputs.read          read the files that changed and parse them
//   (decide)             nothing to apply, or new errors that block → finishReport
//   modelToApply         the next AppliedModel: cascade (restyledModel), lower again
//   applyAndSolve        applyModel (solver delta) → solveTextAndReadFrames
//   finishReport         diagnostics, conflict count, timings
//
// Resizes and state changes enter at `restyledModel` / `applyAndSolve`.

/// A model to apply, and whether its document differs from the applied one's.
struct ModelUpdate {
    var model: AppliedModel
    var documentChanged: Bool
}

extension LayoutSession {
    /// Reads the files that changed (all of them when `changed` is nil) and
    /// applies the result, unless it brings new errors or nothing new.
    mutating func readAndApply(changed: [String]?) -> ReloadReport {
        var clock = StageClock()
        let firstLoad = !hasLoaded
        var report = ReloadReport(trigger: firstLoad ? .load : .reload)
        inputs.read(changed: changed, guessingFrom: model, clock: &clock, report: &report)

        var spec = inputs.latestSpec!
        let documentChanged = firstLoad || spec.text != model.specText || spec.revision != model.specRevision
            || spec.readError != model.specReadError
        let sheetChanged = firstLoad || inputs.latestSheetVersion != model.sheetVersion
        guard documentChanged || sheetChanged else {
            // The files are back to what is on screen (say, a blocked edit was undone).
            if isShowingBlockedErrors { showAppliedDiagnostics() }
            finishReport(&report, clock: clock)
            return report
        }
        // An unchanged spec keeps the document on screen: it may have been lowered
        // again for a structural style value (`columns`, `collapse`) since it was
        // parsed, and `relowered` compares the new styles with what it read.
        let document = documentChanged ? spec.document : model.document
        let fileDiagnostics = Self.fileDiagnostics(
            document: document, readError: spec.readError, sheet: inputs.latestSheet)
        // A spec built in code is applied as the program wrote it, errors and
        // all; a stylesheet with new errors is then kept out (the last good
        // one stays) until it is fixed.
        var keepsAppliedSheet = false
        if !firstLoad, !appliesFilesWithErrors {
            var blocking = Self.newErrors(in: fileDiagnostics, comparedTo: model.fileDiagnostics)
            if inputs.isBuilt, !blocking.isEmpty {
                let written = Set(document.diagnostics.lazy.map(\.identity))
                blocking.removeAll { written.contains($0.identity) }
                keepsAppliedSheet = !blocking.isEmpty && documentChanged
            }
            guard blocking.isEmpty || keepsAppliedSheet else {
                report.blockingErrors = blocking
                showBlockedDiagnostics(fileDiagnostics)
                finishReport(&report, clock: clock)
                return report
            }
            report.blockingErrors = blocking
        }
        hasLoaded = true
        report.applied = true
        let sheet = keepsAppliedSheet ? (model.stylesheet, model.sheetVersion) : (inputs.latestSheet, inputs.latestSheetVersion)
        var update = modelToApply(
            spec, document: document, sheet: sheet,
            fileDiagnostics: keepsAppliedSheet
                ? Self.fileDiagnostics(document: document, readError: spec.readError, sheet: model.stylesheet)
                : fileDiagnostics,
            restyle: sheetChanged && !keepsAppliedSheet, clock: &clock)
        update.documentChanged = update.documentChanged || documentChanged
        if droppedParseMemos { dropParseMemos(&update.model, &spec) }
        applyAndSolve(update, clock: &clock, report: &report)
        if keepsAppliedSheet {
            showBlockedDiagnostics(fileDiagnostics)
            report.diagnostics = diagnostics
        }
        return report
    }

    /// Lays out a spec built in code: the layout's whole spec, in place of
    /// `specPath`'s text (which is then never read). Lowered and applied as a
    /// reloaded file is — views that did not change are taken over, constants
    /// updated in place — except that errors in it never keep the last good
    /// layout: a program gets what it wrote, bad rules left out. A stylesheet
    /// with new errors is kept out (the last good one stays) while it has them.
    @discardableResult
    public mutating func apply(built syntax: SpecSyntax) -> ReloadReport {
        restoreParseMemos()
        var clock = StageClock()
        inputs.supply(syntax, guessingFrom: model, clock: &clock)
        var report = readAndApply(changed: hasLoaded ? [] : nil)
        report.timings.parse += clock.timings.parse
        return report
    }

    /// The model of the latest inputs (`document` is the spec's, or the one on
    /// screen when the spec did not change): the applied one's styles unless the
    /// stylesheet (`restyle`) or the views changed, lowered again if those
    /// styles change a structural value the spec read.
    private func modelToApply(
        _ spec: ParsedSpec, document: LayoutDocument, sheet: (Stylesheet, Int), fileDiagnostics: [Diagnostic],
        restyle: Bool, clock: inout StageClock
    ) -> ModelUpdate {
        var next = model
        next.syntax = spec.syntax
        next.document = document
        next.constraintViews = AppliedModel.constraintViews(of: document)
        next.specText = spec.text
        next.specRevision = spec.revision
        next.specReadError = spec.readError
        (next.stylesheet, next.sheetVersion) = sheet
        next.fileDiagnostics = fileDiagnostics
        next = restyled(next, clock: &clock, force: restyle)
        if let lowered = relowered(next, clock: &clock) { return ModelUpdate(model: lowered, documentChanged: true) }
        return ModelUpdate(model: next, documentChanged: false)
    }

    /// `base` cascaded again (for a new size or new view states), and lowered
    /// again if that changes a structural value its spec read.
    func restyledModel(_ base: AppliedModel, clock: inout StageClock) -> ModelUpdate {
        let next = restyled(base, clock: &clock)
        if let lowered = relowered(next, clock: &clock) { return ModelUpdate(model: lowered, documentChanged: true) }
        return ModelUpdate(model: next, documentChanged: false)
    }

    /// The model with its spec lowered again when a structural style value it
    /// read (a grid's `columns`) is different in the model's styles; nil when
    /// nothing it read changed. The views stay the same, so the styles stay valid.
    private func relowered(_ next: AppliedModel, clock: inout StageClock) -> AppliedModel? {
        guard let syntax = next.syntax, !next.document.structuralReads.isEmpty else { return nil }
        let lookup = Self.structuralStyle(document: next.document, styles: next.styles)
        guard next.document.needsLowering(with: lookup) else { return nil }
        var copy = next
        copy.document = clock.timing(.parse) { SpecLowering.lower(syntax, styles: lookup, reusing: next.document) }
        copy.constraintViews = AppliedModel.constraintViews(of: copy.document)
        copy.fileDiagnostics = Self.fileDiagnostics(
            document: copy.document, readError: copy.specReadError, sheet: copy.stylesheet)
        return copy
    }

    /// Answers a lowering's structural style questions from computed styles.
    static func structuralStyle(document: LayoutDocument, styles: ViewStyles) -> StructuralStyle {
        // Every child of a row or column reads `collapse`, which is almost never set:
        // answer those without a lookup when no view is collapsed.
        let anyCollapsed = styles.anyCollapsed
        return { id, name in
            if !anyCollapsed, name == "collapse" { return nil }
            guard let index = document.viewIndex[id], index < styles.count else { return nil }
            return styles.value(name, ofView: index)
        }
    }

    /// Applies a new model (or, with nil, only what the solver already changed),
    /// reads the frames back, and finishes the report.
    mutating func applyAndSolve(_ update: ModelUpdate?, clock: inout StageClock, report: inout ReloadReport) {
        var dirty = DirtyViews(count: update?.model.document.views.count ?? views.count)
        var replaced: AppliedModel?
        clock.timing(.solve) {
            if let update {
                replaced = applyModel(update.model, documentChanged: update.documentChanged, dirty: &dirty, report: &report)
            }
            solveTextAndReadFrames(&dirty, report: &report)
        }
        // Here nothing else holds the replaced spec any more, so all of it is freed off the reload's path.
        releaseInBackground(&replaced)
        finishReport(&report, clock: clock)
    }

    /// The model with styles cascaded again when the stylesheet, the views or their
    /// states changed (or `force`), else the applied model's styles.
    func restyled(_ base: AppliedModel, clock: inout StageClock, force: Bool = true) -> AppliedModel {
        var next = base
        let document = base.document
        let media = base.stylesheet.mediaSignature(width: size.width, height: size.height)
        if !force, media == model.cascadeMedia, Self.sameStyleInputs(model.document, document) {
            next.styledViews = model.styledViews
            next.keepCascade(of: model)
            // The spec's quoted strings are the only other input: while they stay, so do the styles.
            if Self.sameTitles(model.document, document) {
                next.keepStyles(of: model)
            } else {
                next.setStyles(Self.effectiveStyles(model.cascadedStyles, document))
            }
            return next
        }
        if !force, media == model.cascadeMedia, base.sheetVersion == model.sheetVersion,
            let restyled = clock.timing(.cascade, { incrementallyRestyled(next) })
        {
            return restyled
        }
        let styled = reusableStyledViews(for: document) ?? Self.styledViews(document, states: inputs.statesByView)
        next.styledViews = styled
        next.styledStates = inputs.statesByView
        next.setCascade(clock.timing(.cascade) { base.stylesheet.cascade(styled, media: media) })
        next.setStyles(Self.effectiveStyles(next.cascadedStyles, document))
        return next
    }

    /// `next` (a new document, the applied stylesheet, media and states) styled
    /// without cascading every view again, when only a few views came or went:
    /// a view's style depends only on itself and its ancestors (selectors
    /// match up the tree, nothing is inherited; docs/cas.md), so a view that
    /// stayed, under ancestors that stayed, keeps its style, and only the views
    /// that came are cascaded (with their ancestors, for the selectors). Nil when
    /// a view that stayed has other style inputs (kind, id, classes, parent) or
    /// many views came: then everything is cascaded again.
    private func incrementallyRestyled(_ base: AppliedModel) -> AppliedModel? {
        let document = base.document, old = model.document
        guard model.styledStates == inputs.statesByView, model.styledViews.count == old.views.count,
            model.cascadedStyles.count == old.views.count
        else { return nil }
        let previous = document.previousIndices(in: old)
        var added: [Int] = []
        for index in previous.indices where previous[index] == nil { added.append(index) }
        guard added.count <= max(16, document.views.count / 16),
            Self.keptViewsHaveSameStyleInputs(old, document, previous: previous)
        else { return nil }

        let addedStyles = Self.cascade(added, of: document, states: inputs.statesByView, with: base.stylesheet, media: model.cascadeMedia)
        var styled: [StyledView] = [], cascaded: [ComputedStyle] = []
        styled.reserveCapacity(document.views.count)
        cascaded.reserveCapacity(document.views.count)
        var nextAdded = 0
        for index in document.views.indices {
            if let before = previous[index] {
                styled.append(model.styledViews[before])
                styled[index].parent = document.parentIndex(ofView: index)
                cascaded.append(model.cascadedStyles[before])
            } else {
                styled.append(Self.styledView(document, index, states: inputs.statesByView))
                cascaded.append(addedStyles[nextAdded])
                nextAdded += 1
            }
        }
        var next = base
        next.styledViews = styled
        next.styledStates = inputs.statesByView
        next.setCascadedStyles(cascaded, media: model.cascadeMedia)
        next.setStyles(Self.effectiveStyles(cascaded, document))
        return next
    }

    /// The styles of some views of a document (in increasing index order), by
    /// cascading only them and their ancestors.
    static func cascade(
        _ views: [Int], of document: LayoutDocument, states: [String: [String]], with stylesheet: Stylesheet,
        media: MediaSignature
    ) -> [ComputedStyle] {
        guard !views.isEmpty else { return [] }
        var wanted = Set<Int>()
        for view in views {
            var current: Int? = view
            while let index = current, wanted.insert(index).inserted { current = document.parentIndex(ofView: index) }
        }
        // Tree order puts every parent before its children.
        let subset = wanted.sorted()
        var position: [Int: Int] = [:]
        var inputs: [StyledView] = []
        inputs.reserveCapacity(subset.count)
        for index in subset {
            position[index] = inputs.count
            inputs.append(styledView(document, index, states: states))
            inputs[inputs.count - 1].parent = inputs[inputs.count - 1].parent.flatMap { position[$0] }
        }
        let styles = stylesheet.cascade(inputs, media: media).styles
        return views.map { styles[position[$0]!] }
    }

    /// The applied model's cascade input, when `document` gives the cascade the
    /// same views with the same states (a stylesheet edit, a resize): building
    /// it again copies every view's classes, only to compare equal.
    private func reusableStyledViews(for document: LayoutDocument) -> [StyledView]? {
        guard model.styledStates == inputs.statesByView, model.styledViews.count == document.views.count,
            Self.sameStyleInputs(model.document, document)
        else { return nil }
        return model.styledViews
    }

    /// Fills in what every report ends with.
    mutating func finishReport(_ report: inout ReloadReport, clock: StageClock) {
        if report.applied { showAppliedDiagnostics() }
        report.conflictCount = binding.conflictRecords.count
        report.diagnostics = diagnostics
        report.timings = clock.timings
    }

    /// `diagnostics` for the applied files and the engine.
    mutating func showAppliedDiagnostics() {
        isShowingBlockedErrors = false
        diagnostics = Self.sorted(model.fileDiagnostics + engineDiagnostics(), files: diagnosticFileOrder)
    }

    /// `diagnostics` for files that were not applied. The engine's are the applied
    /// layout's, located in the spec it was built from: they are shown only while
    /// that is still the spec's text, else their lines would point into a file that
    /// now says something else.
    private mutating func showBlockedDiagnostics(_ fileDiagnostics: [Diagnostic]) {
        isShowingBlockedErrors = true
        let engine = appliedSpecIsStale ? [] : engineDiagnostics()
        diagnostics = Self.sorted(fileDiagnostics + engine, files: diagnosticFileOrder)
    }

    /// True while a reload with new errors is blocked and the spec's text is no
    /// longer the one the layout on screen was built from.
    var appliedSpecIsStale: Bool {
        isShowingBlockedErrors && (inputs.latestSpec?.text != model.specText || inputs.latestSpec?.readError != nil)
    }
}
