import Cells
import Diagnostics
import LayoutSpec
import Stylesheet

// The reload pipeline: read what changed, parse it, decide whether to apply it,
// cascade, and hand the difference to the solver.

extension LayoutSession {
    mutating func refresh(changed: [String]?) -> ReloadReport {
        var clock = StageClock()
        let firstLoad = !hasLoaded
        var report = ReloadReport(trigger: firstLoad ? .load : .reload)

        // Read: the spec and the stylesheets that changed (everything on load).
        var readSpec = changed == nil || latestSpec == nil
        var sheetTouched = changed == nil
        if changed == nil {
            sources = SourceFiles(reader: sources.reader)
        } else {
            let sheetPaths = latestSheet.files.map(\.path)
            var seen: Set<String> = []
            for path in changed! where seen.insert(path).inserted {
                if path == specPath {
                    readSpec = true
                } else if sheetPaths.contains(path) {
                    _ = sources.read(path, clock: &clock)
                    sheetTouched = true
                }
            }
        }
        if readSpec { readAndParseSpec(clock: &clock, report: &report) }
        let spec = latestSpec!
        let uses = spec.document.uses.map(\.resolvedPath)
        // An unreadable spec names no stylesheets, but has not dropped them either:
        // keep them, and load them once the spec is back.
        if spec.readError != nil {
            stylesheetsStale = stylesheetsStale || sheetTouched
        } else if sheetTouched || stylesheetsStale || uses != latestSheetUses {
            stylesheetsStale = false
            loadStylesheets(uses, clock: &clock, report: &report)
        }

        let documentChanged = firstLoad || spec.text != model.specText || spec.readError != model.specReadError
        let sheetChanged = firstLoad || latestSheetVersion != model.sheetVersion
        guard documentChanged || sheetChanged else {
            // The files are back to what is on screen (say, a blocked edit was undone).
            if isShowingBlockedErrors {
                isShowingBlockedErrors = false
                diagnostics = Self.sorted(model.fileDiagnostics + engineDiagnostics(), files: diagnosticFileOrder)
            }
            report.timings = clock.timings
            report.diagnostics = diagnostics
            report.conflictCount = conflictRecords.count
            return report
        }

        // An unchanged spec keeps the document on screen: it may have been lowered
        // again for a structural style value (`columns`, `collapse`) since it was
        // parsed, and `relowered` compares the new styles with what it read.
        let document = documentChanged ? spec.document : model.document
        let fileDiagnostics = Self.fileDiagnostics(
            document: document, readError: spec.readError, sheet: latestSheet)
        if !firstLoad {
            let blocking = Self.newErrors(in: fileDiagnostics, comparedTo: model.fileDiagnostics)
            if !blocking.isEmpty {
                report.blockingErrors = blocking
                diagnostics = Self.sorted(fileDiagnostics + engineDiagnostics(), files: diagnosticFileOrder)
                isShowingBlockedErrors = true
                report.diagnostics = diagnostics
                report.timings = clock.timings
                report.conflictCount = conflictRecords.count
                return report
            }
        }

        hasLoaded = true
        report.applied = true
        var next = AppliedModel(
            syntax: spec.syntax, document: document, specText: spec.text, specReadError: spec.readError,
            stylesheet: latestSheet, sheetVersion: latestSheetVersion, fileDiagnostics: fileDiagnostics,
            styledViews: model.styledViews, cascade: model.cascade, styles: model.styles)
        next = restyled(next, clock: &clock, force: sheetChanged)
        let lowered = relowered(next, clock: &clock)
        complete(
            applying: lowered ?? next, documentChanged: documentChanged || lowered != nil, clock: &clock,
            report: &report)
        return report
    }

    /// The model with its spec lowered again when a structural style value it
    /// read (a grid's `columns`) is different in the model's styles; nil when
    /// nothing it read changed. The views stay the same, so the styles stay valid.
    func relowered(_ next: AppliedModel, clock: inout StageClock) -> AppliedModel? {
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
    static func structuralStyle(document: LayoutDocument, styles: [ComputedStyle]) -> StructuralStyle {
        // Every child of a row or column reads `collapse`, which is almost never set:
        // answer those without a lookup when no view is collapsed.
        let anyCollapsed = styles.contains { $0.collapse }
        return { id, name in
            if !anyCollapsed, name == "collapse" { return nil }
            guard let index = document.viewIndex[id], index < styles.count else { return nil }
            return StyleValues.value(name, in: styles[index])
        }
    }

    /// Applies a new model (or, with nil, only what the solver already changed),
    /// reads the frames back, and finishes the report.
    mutating func complete(
        applying next: AppliedModel?, documentChanged: Bool, clock: inout StageClock, report: inout ReloadReport
    ) {
        var dirty = DirtyViews(count: next?.document.views.count ?? views.count)
        var replaced: AppliedModel?
        clock.timing(.solve) {
            if let next {
                replaced = applyChanges(to: next, documentChanged: documentChanged, dirty: &dirty, report: &report)
            }
            settle(&dirty, report: &report)
        }
        // Here nothing else holds the replaced spec any more, so all of it is freed off the reload's path.
        releaseInBackground(&replaced)
        report.timings = clock.timings
        finish(&report)
    }

    private mutating func readAndParseSpec(clock: inout StageClock, report: inout ReloadReport) {
        switch sources.read(specPath, clock: &clock) {
        case .success(let text):
            guard latestSpec?.text != text else { return }
            // Structural style values (a grid's columns) are first guessed from the
            // styles on screen; `relowered` corrects them after the cascade.
            let guess = Self.structuralStyle(document: model.document, styles: model.styles)
            let (syntax, document) = clock.timing(.parse) { () -> (SpecSyntax, LayoutDocument) in
                let syntax = SpecParser.parse(SourceText(path: specPath, text: text))
                return (syntax, SpecLowering.lower(syntax, styles: guess, reusing: latestSpec?.document))
            }
            latestSpec = ParsedSpec(text: text, syntax: syntax, document: document, readError: nil)
            report.parsedFiles.append(specPath)
        case .failure(let failure):
            let error = Diagnostic(
                .error, .unreadableFile, "cannot read spec '\(specPath)': \(failure)", at: SourceLocation(file: specPath, line: 1, column: 1))
            latestSpec = ParsedSpec(
                text: nil, syntax: nil, document: LayoutDocument(source: SourceText(path: specPath, text: "")),
                readError: error)
        }
    }

    private mutating func loadStylesheets(_ uses: [String], clock: inout StageClock, report: inout ReloadReport) {
        let log = ReadLog()
        loader.reader = sources.stylesheetReader(log: log)
        let wall = ContinuousClock()
        let start = wall.now
        let sheet = loader.load(uses)
        let took = wall.now - start
        sources.absorb(log, clock: &clock)
        clock.add(took - log.readTime, to: .parse)
        // Re-reading files whose text did not change gives the same stylesheet.
        let same = uses == latestSheetUses && loader.parsedByLastLoad.isEmpty && sheet.files == latestSheet.files
        latestSheet = sheet
        latestSheetUses = uses
        if !same { latestSheetVersion += 1 }
        report.parsedFiles += loader.parsedByLastLoad
    }

    /// The model with styles cascaded again when the stylesheet, the views or their
    /// states changed (or `force`), else the same styles.
    func restyled(_ base: AppliedModel, clock: inout StageClock, force: Bool = true) -> AppliedModel {
        var next = base
        let document = base.document
        let media = base.stylesheet.mediaSignature(width: size.width, height: size.height)
        if !force, media == model.cascade.media, Self.sameStyleInputs(model.document, document) {
            next.styledViews = model.styledViews
            next.cascade = model.cascade
            // The spec's quoted strings are the only other input: while they stay, so do the styles.
            next.styles = Self.sameTitles(model.document, document)
                ? model.styles : Self.effectiveStyles(model.cascade.styles, document)
            return next
        }
        let styled = Self.styledViews(document, states: viewStatesByID)
        next.styledViews = styled
        next.cascade = clock.timing(.cascade) { base.stylesheet.cascade(styled, media: media) }
        next.styles = Self.effectiveStyles(next.cascade.styles, document)
        return next
    }

    /// Whether two documents give the cascade the same views: ids, kinds, classes
    /// and parents (checked field by field, without building the cascade's input).
    static func sameStyleInputs(_ a: LayoutDocument, _ b: LayoutDocument) -> Bool {
        viewsAgree(a, b) { a, b in
            a.pointee.id == b.pointee.id && a.pointee.kind == b.pointee.kind
                && a.pointee.isGeneratedID == b.pointee.isGeneratedID && a.pointee.parent == b.pointee.parent
                && a.pointee.classes == b.pointee.classes
        }
    }

    /// Whether two documents with the same views give them the same quoted strings.
    static func sameTitles(_ a: LayoutDocument, _ b: LayoutDocument) -> Bool {
        viewsAgree(a, b) { $0.pointee.title == $1.pointee.title }
    }

    static func styledViews(_ document: LayoutDocument, states: [String: [String]]) -> [StyledView] {
        // In place through pointers: binding each declaration would copy it.
        document.views.withUnsafeBufferPointer { views in
            views.indices.map { index in
                let view = views.baseAddress! + index
                return StyledView(
                    kind: view.pointee.kind.rawValue, id: view.pointee.isGeneratedID ? nil : view.pointee.id,
                    classes: view.pointee.classes, states: states.isEmpty ? [] : states[view.pointee.id] ?? [],
                    parent: document.parentIndex(ofView: index))
            }
        }
    }

    static func effectiveStyles(_ cascaded: [ComputedStyle], _ document: LayoutDocument) -> [ComputedStyle] {
        var styles = cascaded
        // By index, through the buffer: binding each view to a local would copy it.
        document.views.withUnsafeBufferPointer { views in
            for index in views.indices where views[index].title != nil {
                styles[index] = StyleValues.effective(cascaded[index], for: views[index])
            }
        }
        return styles
    }

    /// The spec's and the stylesheets' diagnostics, sorted. A stylesheet that
    /// cannot be read is reported at the `use` line that names it.
    static func fileDiagnostics(document: LayoutDocument, readError: Diagnostic?, sheet: Stylesheet) -> [Diagnostic] {
        var result = document.diagnostics
        if let error = readError { result.append(error) }
        for var diagnostic in sheet.diagnostics {
            if diagnostic.location.line == 1, diagnostic.location.column == 1,
                diagnostic.code == .unreadableFile,
                let use = document.uses.first(where: { $0.resolvedPath == diagnostic.location.file })
            {
                diagnostic.location = use.location
                diagnostic.excerpt = nil
            }
            result.append(diagnostic)
        }
        return sorted(result, files: [document.path] + sheet.files.map(\.path))
    }

    /// Diagnostics in file order (the spec, then stylesheets in the order they were
    /// read; any other file after them, by name), each file by line and column.
    static func sorted(_ diagnostics: [Diagnostic], files: [String]) -> [Diagnostic] {
        var rank: [String: Int] = [:]
        for (position, file) in files.enumerated() where rank[file] == nil { rank[file] = position }
        return diagnostics.enumerated().sorted { a, b in
            let fileA = rank[a.element.location.file] ?? files.count, fileB = rank[b.element.location.file] ?? files.count
            if fileA != fileB { return fileA < fileB }
            if a.element.location != b.element.location { return a.element.location < b.element.location }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The files diagnostics are ordered by.
    var diagnosticFileOrder: [String] { [specPath] + model.stylesheet.files.map(\.path) }

    /// Errors in `diagnostics` that the applied files did not have (the same
    /// `identity`: file, code and subject): these keep the last good layout.
    /// Errors the layout already had do not block, so a file with a standing
    /// error still reloads.
    static func newErrors(in diagnostics: [Diagnostic], comparedTo applied: [Diagnostic]) -> [Diagnostic] {
        // A "more not shown" note stands for the errors it counts.
        let isError = { (d: Diagnostic) in d.severity == .error || (d.omitted?.errors ?? 0) > 0 }
        let known = Set(applied.lazy.filter(isError).map(\.identity))
        return diagnostics.filter { isError($0) && !known.contains($0.identity) }
    }

    /// Fills in what every report ends with.
    mutating func finish(_ report: inout ReloadReport) {
        report.conflictCount = conflictRecords.count
        if report.applied {
            isShowingBlockedErrors = false
            diagnostics = Self.sorted(model.fileDiagnostics + engineDiagnostics(), files: diagnosticFileOrder)
        }
        report.diagnostics = diagnostics
    }
}
