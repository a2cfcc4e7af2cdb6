import Diagnostics
import LayoutSpec
import Stylesheet

/// What the files and the UI say now, applied or not: the spec's latest text
/// and parse, the stylesheets as last loaded, and the views' live states.
///
/// Invariants:
/// - `latestSpec` is nil only before the first load.
/// - `latestSheetVersion` changes whenever a load gives a different stylesheet
///   (other files, or any file parsed again), and only then.
/// - `stylesheetsStale` is true only while the spec cannot be read: a
///   stylesheet changed that is loaded again once the spec names it.
struct LayoutInputs: Sendable {
    let specPath: String
    var sources: SourceFiles
    var loader: StylesheetLoader
    /// The spec's latest text and parse.
    var latestSpec: ParsedSpec?
    /// The stylesheets as last loaded, and for which `use` paths.
    var latestSheet: Stylesheet
    var latestSheetUses: [String] = []
    var latestSheetVersion = 0
    /// A stylesheet changed while the spec could not be read.
    var stylesheetsStale = false
    /// Each view's live UI states (`selected`, `focused`, …), by id; views without any are absent.
    var statesByView: [String: [String]] = [:]
    /// True once the spec is built in code (`supply(_:…)`): `specPath` is then never read.
    var isBuilt = false
    /// Counts the built specs supplied, so each one is a change to apply.
    var builtRevision = 0

    init(specPath: String, reader: FileReader) {
        self.specPath = specPath
        sources = SourceFiles(reader: reader)
        loader = StylesheetLoader(reader: reader)
        latestSheet = loader.load([])
    }

    /// Every file the inputs come from: the spec, then every stylesheet it uses
    /// and every file those import (missing ones too, so creating one is noticed).
    var watchedFiles: [String] {
        var files = [specPath]
        for file in latestSheet.files where !files.contains(file.path) { files.append(file.path) }
        return files
    }

    /// Reads what changed (`changed`: paths as `watchedFiles` spells them;
    /// nil: everything) and parses it. Structural style values (a grid's
    /// columns) are first guessed from the styles of `applied`.
    mutating func read(
        changed: [String]?, guessingFrom applied: AppliedModel, clock: inout StageClock, report: inout ReloadReport
    ) {
        var readSpec = !isBuilt && (changed == nil || latestSpec == nil)
        var sheetTouched = changed == nil
        if let changed {
            let sheetPaths = latestSheet.files.map(\.path)
            var seen: Set<String> = []
            for path in changed where seen.insert(path).inserted {
                if path == specPath {
                    readSpec = !isBuilt
                } else if sheetPaths.contains(path) {
                    _ = sources.read(path, clock: &clock)
                    sheetTouched = true
                }
            }
        } else {
            sources = SourceFiles(reader: sources.reader)
        }
        if readSpec { readAndParseSpec(guessingFrom: applied, clock: &clock, report: &report) }
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
    }

    /// Takes a spec built in code instead of reading one: lowered (taking over
    /// the views that did not change) as a parsed spec is.
    mutating func supply(
        _ syntax: SpecSyntax, guessingFrom applied: AppliedModel, clock: inout StageClock
    ) {
        isBuilt = true
        builtRevision += 1
        let document = clock.timing(.parse) { () -> LayoutDocument in
            let guess = LayoutSession.structuralStyle(document: applied.document, styles: applied.styles)
            return SpecLowering.lower(syntax, styles: guess, reusing: latestSpec?.document)
        }
        latestSpec = ParsedSpec(
            text: syntax.source.text, revision: builtRevision, syntax: syntax, document: document, readError: nil)
    }

    private mutating func readAndParseSpec(
        guessingFrom applied: AppliedModel, clock: inout StageClock, report: inout ReloadReport
    ) {
        switch sources.read(specPath, clock: &clock) {
        case .success(let text):
            guard latestSpec?.text != text else { return }
            let (syntax, document) = clock.timing(.parse) { () -> (SpecSyntax, LayoutDocument) in
                // The guess holds the applied document: it must not outlive the
                // parse, or that document is freed on the reload's path instead of
                // in the background (see `releaseInBackground`).
                let guess = LayoutSession.structuralStyle(document: applied.document, styles: applied.styles)
                let syntax = SpecParser.parse(SourceText(path: specPath, text: text), reusing: latestSpec?.syntax)
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
        sources.keepTexts(readIn: log, clock: &clock)
        clock.add(took - log.readTime, to: .parse)
        // Re-reading files whose text did not change gives the same stylesheet.
        let same = uses == latestSheetUses && loader.parsedByLastLoad.isEmpty && sheet.files == latestSheet.files
        latestSheet = sheet
        latestSheetUses = uses
        if !same { latestSheetVersion += 1 }
        report.parsedFiles += loader.parsedByLastLoad
    }
}
