import Cells
import Diagnostics
import Dispatch
import LayoutSpec
import Stylesheet

/// Frees a large value on a background queue. Replacing the model of a big spec
/// drops tens of thousands of strings and arrays; doing that off the reload's
/// path keeps save-to-screen time down (the memory is the same, just freed later).
/// The value moves into a parcel that only the background job empties, so it is
/// freed there even when that job finishes before this thread lets go of the
/// parcel. (Capturing the value itself would free it on whichever thread
/// released it last — often this one.) `value` is left nil.
func releaseInBackground<T: Sendable>(_ value: inout T?) {
    guard value != nil else { return }
    let parcel = Parcel(taking: &value)
    DispatchQueue.global(qos: .utility).async { parcel.empty() }
}

/// A value handed from one thread to another, which alone then touches it.
private final class Parcel<T: Sendable>: @unchecked Sendable {
    private var value: T?

    init(taking value: inout T?) {
        swap(&self.value, &value)
    }

    func empty() { value = nil }
}

/// A cascade, or what it is made from until it is first asked for: a reload
/// that adds a view cascades only that view, and the whole cascade is needed
/// only for provenance (the inspector, `explain`, hover). Shared by the copies
/// of a model, which all have the same inputs; the lock makes a lazy fill from
/// two threads safe.
final class CascadeBox: Sendable {
    private let inputs: (stylesheet: Stylesheet, views: [StyledView], media: MediaSignature)?
    private let memo: Memo<CascadeResult>

    init(_ result: CascadeResult) {
        inputs = nil
        memo = Memo(result)
    }

    init(stylesheet: Stylesheet, views: [StyledView], media: MediaSignature) {
        inputs = (stylesheet, views, media)
        memo = Memo()
    }

    /// Whether the styles came from cascading only some views (the whole
    /// cascade is made when first asked for).
    var isDeferred: Bool { inputs != nil }

    var result: CascadeResult {
        memo.value(orMake: { inputs!.stylesheet.cascade(inputs!.views, media: inputs!.media) })
    }
}

/// Tells one setting of a model's styles from another (see `AppliedModel.stylesIdentity`).
final class StylesIdentity: Sendable {}

/// The spec as last read.
struct ParsedSpec: Sendable {
    /// nil when the file could not be read.
    var text: String?
    /// For a spec built in code, which one (each is a change); 0 for a file.
    var revision = 0
    /// Kept so the spec can be lowered again when a structural style value changes.
    var syntax: SpecSyntax?
    var document: LayoutDocument
    var readError: Diagnostic?
}

/// What the layout on screen was built from: the spec and stylesheets last
/// applied, and the cascade and styles worked out from them.
///
/// Invariants: `styledViews`, `styles` and `constraintViews` match `document`
/// (one entry per view, per view, per constraint); `cascade` is
/// `stylesheet`'s cascade of `styledViews` with `cascadeMedia`, and
/// `cascadedStyles` its styles (also when the cascade is left for later); `fileDiagnostics` are the
/// document's and the stylesheet's, sorted. Two models with the same
/// `stylesIdentity` have the very same styles.
struct AppliedModel: Sendable {
    var syntax: SpecSyntax?
    var document: LayoutDocument
    var specText: String?
    /// The built spec's revision (see `ParsedSpec.revision`).
    var specRevision = 0
    var specReadError: Diagnostic?
    var stylesheet: Stylesheet
    var sheetVersion: Int
    var fileDiagnostics: [Diagnostic]
    var styledViews: [StyledView]
    /// The live states `styledViews` were built with.
    var styledStates: [String: [String]] = [:]
    /// The cascade of `styledViews`: for provenance. Worked out when first
    /// asked for when the styles were cascaded only for the views that came
    /// (see `LayoutSession.incrementallyRestyled`).
    private var cascadeBox: CascadeBox
    /// The cascade's styles, one per view (before the spec's quoted strings).
    private(set) var cascadedStyles: [ComputedStyle]
    /// The `@media` blocks that held for `cascadedStyles`.
    private(set) var cascadeMedia: MediaSignature
    /// Effective styles (the spec's quoted strings on top), one per view:
    /// `cascadedStyles` and the document's views, not a second array.
    private(set) var styles: ViewStyles
    /// Made afresh whenever `styles` is set, kept when they are taken over: two
    /// models share it only when their styles are the same, so comparing them
    /// view by view can be skipped.
    private(set) var stylesIdentity = StylesIdentity()
    /// The index of the view that owns each constraint.
    var constraintViews: [Int]

    init(
        syntax: SpecSyntax?, document: LayoutDocument, specText: String?, specReadError: Diagnostic?, stylesheet: Stylesheet,
        sheetVersion: Int, fileDiagnostics: [Diagnostic], styledViews: [StyledView], cascade: CascadeResult,
        constraintViews: [Int]? = nil
    ) {
        self.syntax = syntax
        self.document = document
        self.specText = specText
        self.specReadError = specReadError
        self.stylesheet = stylesheet
        self.sheetVersion = sheetVersion
        self.fileDiagnostics = fileDiagnostics
        self.styledViews = styledViews
        self.cascadeBox = CascadeBox(cascade)
        self.cascadedStyles = cascade.styles
        self.cascadeMedia = cascade.media
        self.styles = ViewStyles(cascaded: cascade.styles, views: document.views)
        self.constraintViews = constraintViews ?? Self.constraintViews(of: document)
    }

    /// The cascade behind the styles (worked out now if it was left for later).
    var cascade: CascadeResult { cascadeBox.result }

    /// Sets the cascade of `styledViews` (and its styles).
    mutating func setCascade(_ cascade: CascadeResult) {
        cascadeBox = CascadeBox(cascade)
        cascadedStyles = cascade.styles
        cascadeMedia = cascade.media
    }

    /// Whether the styles were cascaded only for the views that came (for tests).
    var isIncrementallyCascaded: Bool { cascadeBox.isDeferred }

    /// Takes another model's cascade as it is (same stylesheet, views and media).
    mutating func keepCascade(of other: AppliedModel) {
        cascadeBox = other.cascadeBox
        cascadedStyles = other.cascadedStyles
        cascadeMedia = other.cascadeMedia
    }

    /// Sets styles `stylesheet` gives `styledViews` with `media`, worked out
    /// without a whole cascade; the cascade itself is made when first asked for.
    mutating func setCascadedStyles(_ styles: [ComputedStyle], media: MediaSignature) {
        cascadeBox = CascadeBox(stylesheet: stylesheet, views: styledViews, media: media)
        cascadedStyles = styles
        cascadeMedia = media
    }

    /// Sets the styles (new ones: see `stylesIdentity`).
    mutating func setStyles(_ styles: ViewStyles) {
        self.styles = styles
        stylesIdentity = StylesIdentity()
    }

    /// Takes the styles of another model of the same views with the same
    /// quoted strings, as they are (read over this model's document).
    mutating func keepStyles(of other: AppliedModel) {
        styles = other.styles.over(document.views)
        stylesIdentity = other.stylesIdentity
    }

    /// Whether both models have the very same styles (not compared, known).
    func hasSameStyles(as other: AppliedModel) -> Bool {
        stylesIdentity === other.stylesIdentity && styles.count == other.styles.count
    }

    static func constraintViews(of document: LayoutDocument) -> [Int] {
        var owners = [Int](repeating: 0, count: document.constraints.count)
        for index in document.views.indices {
            for constraint in document.views[index].constraintRange { owners[constraint] = index }
        }
        return owners
    }

    static func empty(specPath: String, stylesheet: Stylesheet) -> AppliedModel {
        AppliedModel(
            syntax: nil, document: LayoutDocument(source: SourceText(path: specPath, text: "")), specText: nil,
            specReadError: nil, stylesheet: stylesheet, sheetVersion: -1, fileDiagnostics: [], styledViews: [],
            cascade: stylesheet.cascade([], width: 1, height: 1))
    }
}
