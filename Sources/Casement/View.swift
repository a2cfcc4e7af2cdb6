import Diagnostics
import LayoutSpec
import Synchronization

/// A view built in code: the same kinds, ids, classes and titles as a `.layout`
/// view, in a tree, constrained with `makeConstraints { make in … }`.
///
///     let root = View(.screen, id: "root")
///     let header = View(.box, id: "header", classes: ["bar"], title: "Casement")
///     root.addSubview(header)
///     header.makeConstraints { make in
///         make.top.leading.trailing.equalToSuperview()
///         make.height.equalTo(3)
///     }
///
/// Every change is recorded in the view and counted up its tree, so the
/// `Layout` of the tree knows what to apply at its next read, and nothing else
/// does.
public final class View {
    /// `.screen .box .text .row .column .grid .overlay`, as in `.layout`.
    public let kind: ViewKind
    /// The id stylesheets and rules name; nil for an anonymous view (it gets one
    /// of its own when a rule elsewhere names it).
    public private(set) var id: String?
    /// Classes for the stylesheets' selectors.
    public var classes: [String] { didSet { changed() } }
    /// The title on the border; for a `text` view, the text it shows.
    public var title: String? { didSet { changed() } }
    /// Header parameters (`gap`, `padding`, `columns`, `grow`, …), as in `.layout`.
    public var params: [String: Parameter] { didSet { changed() } }
    /// The view this one is inside.
    public private(set) weak var superview: View?
    /// Direct children, in order.
    public private(set) var subviews: [View] = []
    /// Where the view was created: its header's location in diagnostics.
    public let location: SourceLocation
    /// Whatever a runtime attaches to the view (the app runtime's widget that draws
    /// it); the layout never reads it.
    ///
    /// The view keeps its attachment alive, as a tree keeps the widgets in it, and
    /// the attachment (a widget) keeps its view. When the superview that holds the
    /// view is freed, or the last `Layout` whose root it is, the view holds the
    /// attachment weakly instead: then the two are freed together unless something
    /// else still holds one of them. A view you take out of its tree with
    /// `removeFromSuperview()` keeps its attachment, so it can be added back.
    public var attachment: AnyObject? {
        get { heldAttachment ?? watchedAttachment }
        set {
            heldAttachment = newValue
            watchedAttachment = newValue
        }
    }
    private var heldAttachment: AnyObject?
    private weak var watchedAttachment: AnyObject?
    /// How many layouts have this view as a root (see `attachment`).
    var layoutsHoldingAsRoot = 0

    /// Rules this view made in code, in order.
    var rules: [Rule] = []
    /// For a view loaded with `Layout(spec:)`: its header and body as parsed.
    var spec: SpecOrigin?
    /// For a spec's view: what names it across saves (see `Layout.reloadSpec()`).
    var specKey = ""
    /// Rules `updateConstraints` matched to the spec's own rules, newest last.
    var specUpdates: [Rule] = []
    /// `distribute` lines this view holds (made by `distribute(_:along:…)`).
    var distributions: [Distribution] = []
    /// Hugging and compression resistance set in code (`setContentHuggingPriority(_:for:)`, …).
    var contentPrioritySettings = ContentPrioritySettings() { didSet { if contentPrioritySettings != oldValue { changed() } } }
    /// Misuse reported at the call that made it (a refused `addSubview`), shown
    /// in the layout's diagnostics while the view is in it.
    var problems: [Diagnostic] = [] { didSet { changed() } }

    /// Counts the changes inside this view's subtree (its own included); a
    /// layout compares its roots' counts with those it applied.
    private(set) var subtreeRevision = 0
    /// Counts the changes to the subtree's shape (views added, removed, renamed).
    private(set) var structureRevision = 0
    /// The view's syntax as last built, with the warnings found building it;
    /// nil after any change to the view.
    var built: BuiltView?
    /// For a tree's top view: the views in the tree whose built syntax a change
    /// dropped since its layout last read them (that layout rebuilds just those
    /// when the tree kept its shape).
    /// Held weakly: the top view itself may be one of them, and a view taken
    /// out of the tree may later hold the top view.
    var pendingRebuilds: [WeakView] = []
    /// For a tree's top view: counts the builds of its tree's syntax, so a
    /// layout can tell whether another one built it since (then it builds it whole).
    var buildStamp = 0

    /// A view of a kind; `text` is the same as `title` (the words a text view shows).
    public convenience init(
        _ kind: ViewKind, id: String? = nil, classes: [String] = [], title: String? = nil, text: String? = nil,
        params: [String: Parameter] = [:], file: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        self.init(kind, id: id, classes: classes, title: text ?? title, params: params,
                  location: SourceLocation(file: file, line: line, column: column))
    }

    init(_ kind: ViewKind, id: String?, classes: [String], title: String?, params: [String: Parameter], location: SourceLocation) {
        self.kind = kind
        self.id = id
        self.classes = classes
        self.title = title
        self.params = params
        self.location = location
        if id == "parent" {
            problems.append(Diagnostic(.error, .layoutName,
                "'parent' cannot be a view's id: rules read that word as the superview",
                at: location, hint: "give the view another id"))
        }
    }

    /// The words a `text` view shows (its title).
    public var text: String? {
        get { title }
        set { title = newValue }
    }

    // MARK: Changes

    /// Records a change to the view itself: its syntax is built again, and
    /// every layout of a tree holding it sees a new revision.
    func changed(structure: Bool = false) {
        let wasBuilt = built != nil
        built = nil
        var node: View = self
        while true {
            node.subtreeRevision &+= 1
            if structure { node.structureRevision &+= 1 }
            guard let parent = node.superview else { break }
            node = parent
        }
        if wasBuilt, !structure { node.pendingRebuilds.append(WeakView(view: self)) }
    }

    /// A rule of the view changed (through a handle or the maker chain).
    func rulesChanged() { changed() }

    deinit {
        for child in subviews { child.treeLetGo() }
    }

    /// The tree (a superview or a layout) that held the view let it go: hold the
    /// attachment weakly, unless another layout still has the view as a root.
    func treeLetGo() {
        guard superview == nil, layoutsHoldingAsRoot == 0 else { return }
        heldAttachment = nil
    }

    /// Lets go of the attachment at once, for a runtime that drops a view it took
    /// out of its tree (a toast that went away): the two are then freed together.
    package func letGoOfAttachment() { heldAttachment = nil }

    // MARK: The tree

    /// Appends a child (taking it from its old superview first). A view cannot
    /// be its own subview, nor the subview of a view inside it: such a call
    /// changes nothing and is reported, at its line, in the layout's diagnostics.
    public func addSubview(_ view: View, file: String = #fileID, line: Int = #line, column: Int = #column) {
        if let problem = cycleProblem(adding: view) {
            problems.append(Diagnostic(.error, .layoutName, problem,
                at: SourceLocation(file: file, line: line, column: column),
                hint: "a view tree has no cycles; take the view out of the tree first"))
            return
        }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        view.changed(structure: true)
    }

    /// Why `view` cannot become a subview of this view, or nil.
    private func cycleProblem(adding view: View) -> String? {
        if view === self { return "view '\(name)' cannot be its own subview; it was not added" }
        var node: View? = superview
        while let ancestor = node {
            if ancestor === view {
                return "view '\(view.name)' holds '\(name)'; making it a subview of '\(name)' would be a cycle, so it was not added"
            }
            node = ancestor.superview
        }
        return nil
    }

    /// Appends children in order.
    public func addSubviews(_ views: View..., file: String = #fileID, line: Int = #line, column: Int = #column) {
        for view in views { addSubview(view, file: file, line: line, column: column) }
    }

    /// Appends children in order.
    public func addSubviews(_ views: [View], file: String = #fileID, line: Int = #line, column: Int = #column) {
        for view in views { addSubview(view, file: file, line: line, column: column) }
    }

    /// Takes the view out of its superview; rules elsewhere that name it are then
    /// reported (and left out) until it is added again.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        parent.changed(structure: true)
        superview = nil
        changed(structure: true)
    }

    /// This view and every view inside it, in tree order.
    public var allViews: [View] {
        var result: [View] = []
        var stack: [View] = [self]
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return result
    }

    /// The first view in this subtree with an id.
    public func view(_ id: String) -> View? {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.id == id { return view }
            stack.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    /// The id, or the kind for an anonymous view: how messages name it.
    var name: String { id ?? kind.rawValue }

    private static let generatedIDs = Atomic<Int>(0)

    /// Gives an anonymous view an id of its own when a rule must name it.
    @discardableResult
    func ensureID() -> String {
        if let id { return id }
        let generated = "_v\(Self.generatedIDs.add(1, ordering: .relaxed).newValue)"
        id = generated
        changed(structure: true)
        return generated
    }

    // MARK: Constraints

    /// Adds the rules the closure makes (SnapKit's `snp.makeConstraints`).
    public func makeConstraints(_ closure: (ConstraintMaker) -> Void) {
        let maker = ConstraintMaker(view: self)
        closure(maker)
        add(maker.finish())
    }

    /// Makes the rules without adding them (SnapKit's `prepareConstraints`): each
    /// handle's `activate()` adds its rule later.
    @discardableResult
    public func prepareConstraints(_ closure: (ConstraintMaker) -> Void) -> [Constraint] {
        let maker = ConstraintMaker(view: self)
        closure(maker)
        let made = maker.finish()
        for rule in made { rule.isActive = false }
        add(made)
        return made.map { Constraint(rules: [$0]) }
    }

    func add(_ made: [Rule]) {
        for rule in made { rule.owner = self }
        rules += made
        changed()
    }

    /// For each rule the closure makes, changes the constant of the view's rule
    /// it stands for, which the solver then updates in place: first a rule made
    /// in code (the same label, or the same attributes, relation, right side,
    /// multiplier and priority, as SnapKit), then, for a view loaded from a
    /// spec, a rule of the spec (by label, then by shape: the same attribute,
    /// relation and right side; a composite such as `size == $size` matches
    /// per attribute). A rule with no match is added, and several matches
    /// change nothing; both are a warning at the update's line in
    /// `Layout.diagnostics` (SnapKit stops the app). A view without rules just
    /// makes them, as in SnapKit.
    public func updateConstraints(_ closure: (ConstraintMaker) -> Void) {
        let maker = ConstraintMaker(view: self)
        closure(maker)
        let hadRules = !rules.isEmpty || spec?.keepsStatements == true
        for rule in maker.finish() {
            rule.owner = self
            guard hadRules else {
                rules.append(rule)
                continue
            }
            if let existing = rules.first(where: { $0.matchesForUpdate(rule, of: self) }) {
                existing.takeConstant(of: rule)
                continue
            }
            // Attribute by attribute (SnapKit matches each constraint of a rule):
            // a rule made for several attributes gives up the one updated.
            var unmatched: [AnchorAttribute] = []
            for attribute in rule.attributes {
                guard let index = rules.firstIndex(where: { $0.matches(rule, on: attribute, of: self) }) else {
                    unmatched.append(attribute)
                    continue
                }
                let piece = rules[index].attributes.count == 1 ? rules[index] : rules[index].splitOff(attribute)
                if piece !== rules[index] {
                    piece.owner = self
                    rules.insert(piece, at: index + 1)
                }
                piece.takeConstant(of: rule)
            }
            guard !unmatched.isEmpty else { continue }
            rule.attributes = unmatched
            updateSpecRule(rule)
        }
        changed()
    }

    /// Matches an update to the spec's own rules; with none (or several), adds
    /// it (or leaves it out) with a warning at its line.
    private func updateSpecRule(_ rule: Rule) {
        switch SpecRuleMatch.find(rule, in: self) {
        case .matched:
            specUpdates.removeAll { earlier in SpecRuleMatch.sameTarget(earlier, rule, in: self) }
            specUpdates.append(rule)
        case .ambiguous(let places):
            rule.warning = "updateConstraints: this rule matches \(places.count) rules of '\(name)' (\(places.joined(separator: ", "))); none was changed"
            rule.isActive = false
            rules.append(rule)
        case .none:
            rule.warning = "updateConstraints found no rule of '\(name)' with these attributes, relation, target, multiplier and priority\(rule.label.map { " or the label '\($0)'" } ?? ""); the rule was added"
            rules.append(rule)
        }
    }

    /// Removes every rule this view made (in code or in its spec body), then adds
    /// the ones the closure makes.
    public func remakeConstraints(_ closure: (ConstraintMaker) -> Void) {
        removeConstraints()
        makeConstraints(closure)
    }

    /// Removes every rule this view made, in code or in its spec body.
    public func removeConstraints() {
        for rule in rules { rule.owner = nil }
        rules.removeAll()
        specUpdates.removeAll()
        spec?.keepsStatements = false
        distributions.removeAll()
        changed()
    }
}

extension Array where Element == View {
    /// Makes the same rules for every view (Masonry's `NSArray mas_makeConstraints`).
    public func makeConstraints(_ closure: (ConstraintMaker) -> Void) {
        for view in self { view.makeConstraints(closure) }
    }

    /// Updates the same rules of every view.
    public func updateConstraints(_ closure: (ConstraintMaker) -> Void) {
        for view in self { view.updateConstraints(closure) }
    }

    /// Remakes every view's rules with the same closure.
    public func remakeConstraints(_ closure: (ConstraintMaker) -> Void) {
        for view in self { view.remakeConstraints(closure) }
    }
}

/// A view held weakly, for lists that must not keep their views alive.
struct WeakView {
    weak var view: View?
}
