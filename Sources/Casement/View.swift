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
public final class View {
    /// `.screen .box .text .row .column .grid .overlay`, as in `.layout`.
    public let kind: ViewKind
    /// The id stylesheets and rules name; nil for an anonymous view (it gets one
    /// of its own when a rule elsewhere names it).
    public private(set) var id: String?
    /// Classes for the stylesheets' selectors.
    public var classes: [String] { didSet { Revision.bump() } }
    /// The title on the border; for a `text` view, the text it shows.
    public var title: String? { didSet { Revision.bump() } }
    /// Header parameters (`gap`, `padding`, `columns`, `grow`, …), as in `.layout`.
    public var params: [String: Parameter] { didSet { Revision.bump() } }
    /// The view this one is inside.
    public private(set) weak var superview: View?
    /// Direct children, in order.
    public private(set) var subviews: [View] = []
    /// Where the view was created: its header's location in diagnostics.
    public let location: SourceLocation
    /// Whatever a runtime attaches to the view (the app runtime's widget that draws
    /// it); the layout never reads it.
    public var attachment: AnyObject?

    /// Rules this view made in code, in order.
    var rules: [Rule] = []
    /// Statements a spec wrote in this view's body, kept as written.
    var specStatements: [SpecStatement] = []
    /// The view's header as a spec wrote it (for views loaded with `Layout(spec:)`).
    var specHeader: SpecStatement?
    /// Header parameters a spec wrote, as written (`gap=1`).
    var specParameters: [String] = []
    /// `distribute` lines this view holds (made by `distribute(_:along:…)`).
    var distributions: [Distribution] = []

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
        Revision.bump()
    }

    /// The words a `text` view shows (its title).
    public var text: String? {
        get { title }
        set { title = newValue }
    }

    // MARK: The tree

    /// Appends a child (taking it from its old superview first).
    public func addSubview(_ view: View) {
        precondition(view !== self, "a view cannot be its own subview")
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        Revision.bump()
    }

    /// Appends children in order.
    public func addSubviews(_ views: View...) {
        for view in views { addSubview(view) }
    }

    /// Appends children in order.
    public func addSubviews(_ views: [View]) {
        for view in views { addSubview(view) }
    }

    /// Takes the view out of its superview; rules elsewhere that name it are then
    /// reported (and left out) until it is added again.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        Revision.bump()
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
        allViews.first { $0.id == id }
    }

    /// Gives an anonymous view an id of its own when a rule must name it.
    func ensureID() -> String {
        if let id { return id }
        let generated = "_v\(Revision.nextID())"
        id = generated
        return generated
    }

    // MARK: Constraints

    /// Adds the rules the closure makes (SnapKit's `snp.makeConstraints`).
    public func makeConstraints(_ closure: (ConstraintMaker) -> Void) {
        let maker = ConstraintMaker(view: self)
        closure(maker)
        rules += maker.finish()
        Revision.bump()
    }

    /// Makes the rules without adding them (SnapKit's `prepareConstraints`): each
    /// handle's `activate()` adds its rule later.
    @discardableResult
    public func prepareConstraints(_ closure: (ConstraintMaker) -> Void) -> [Constraint] {
        let maker = ConstraintMaker(view: self)
        closure(maker)
        let made = maker.finish()
        for rule in made { rule.isActive = false }
        rules += made
        Revision.bump()
        return made.map { Constraint(rules: [$0]) }
    }

    /// For each rule the closure makes, changes the constant of this view's rule
    /// with the same attributes, relation, target, multiplier and priority (or
    /// the same label); the solver updates it in place. A rule with no match is
    /// added, with a warning at its line in `Layout.diagnostics` (SnapKit stops the app).
    public func updateConstraints(_ closure: (ConstraintMaker) -> Void) {
        let maker = ConstraintMaker(view: self)
        closure(maker)
        // As SnapKit: a view without rules just makes them.
        let hadRules = !rules.isEmpty || !specStatements.isEmpty
        for rule in maker.finish() {
            if !hadRules {
                rules.append(rule)
            } else if let existing = rules.first(where: { $0.matchesForUpdate(rule) }) {
                existing.takeConstant(of: rule)
            } else {
                rule.warning = "updateConstraints found no rule of '\(id ?? kind.rawValue)' with these attributes, relation, target, multiplier and priority; the rule was added"
                rules.append(rule)
            }
        }
        Revision.bump()
    }

    /// Removes every rule this view made (in code or in its spec body), then adds
    /// the ones the closure makes.
    public func remakeConstraints(_ closure: (ConstraintMaker) -> Void) {
        removeConstraints()
        makeConstraints(closure)
    }

    /// Removes every rule this view made, in code or in its spec body.
    public func removeConstraints() {
        rules.removeAll()
        specStatements.removeAll()
        distributions.removeAll()
        Revision.bump()
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
