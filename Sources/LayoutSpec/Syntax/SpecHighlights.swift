import Diagnostics

/// What a piece of a `.layout` text is, as the parser reads it: the data behind
/// an editor's semantic highlighting, and behind finding every mention of a view
/// id or a `let` name without matching words in comments or inside `blue-2`.
public struct SpecHighlight: Hashable, Sendable {
    /// The role of a lexeme in the spec.
    public enum Role: Hashable, Sendable {
        /// A view kind word (`box`, `row`).
        case kind
        /// A view id, where declared or where a rule names it.
        case viewID
        /// `parent`.
        case parent
        /// A style class in a view header (`.card`), its dot included.
        case styleClass
        /// A layout attribute or composite (`left`, `size`, `blue.right`'s `right`).
        case attribute
        /// `$name`, a layout value of the view from its stylesheets.
        case styleValue
        /// A `let` name, where bound or where used.
        case letName
        /// A word of the grammar: `use`, `let`, `within`, `inset`, `distribute`, `H`, …
        case keyword
        /// `@` and the priority after it.
        case priority
        /// The label after `as`.
        case label
        /// A parameter's name in `[name=value]`.
        case parameter
        /// Any other word: a parameter's value such as `center`.
        case word
        /// A number.
        case number
        /// A quoted string: a title, a text, a `use` path.
        case string
        /// A `#` comment.
        case comment
        /// `==`, `>=`, `<=`, `+`, `-`, `*`, `/`, `=`.
        case `operator`
        /// Braces, brackets, parentheses, commas and the like.
        case punctuation
        /// Something the language does not allow here.
        case invalid
    }

    /// The role.
    public var role: Role
    /// Where the lexeme is.
    public var span: SourceSpan
    /// True where a view id or a `let` name is declared (its header, its `let` line).
    public var isDeclaration: Bool
    /// For a `let` name: the span of the name in the `let` line it refers to
    /// (a `let` in a body hides an outer one of the same name).
    public var binding: SourceSpan?

    /// A highlight of `role` at `span`.
    public init(role: Role, span: SourceSpan, isDeclaration: Bool = false, binding: SourceSpan? = nil) {
        self.role = role
        self.span = span
        self.isDeclaration = isDeclaration
        self.binding = binding
    }

    /// Every lexeme of a parsed spec with its role, in source order. Lexemes the
    /// syntax does not place (in a line that failed to parse) take the role their
    /// spelling suggests.
    public static func classify(_ syntax: SpecSyntax, lexemes: [SpecLexeme]) -> [SpecHighlight] {
        var walker = HighlightWalker(syntax: syntax)
        walker.walk()
        let bytes = syntax.source.utf8
        var result: [SpecHighlight] = []
        result.reserveCapacity(lexemes.count)
        for (index, lexeme) in lexemes.enumerated() {
            if let found = walker.found[lexeme.span.start] {
                result.append(SpecHighlight(
                    role: found.role, span: lexeme.span, isDeclaration: found.isDeclaration, binding: found.binding))
                continue
            }
            var role = defaultRole(lexeme, bytes: bytes)
            // The dot of `.card` belongs to the class.
            if role == .punctuation, index + 1 < lexemes.count, bytes[lexeme.span.start] == UInt8(ascii: "."),
                lexemes[index + 1].span.start == lexeme.span.end,
                walker.found[lexemes[index + 1].span.start]?.role == .styleClass
            {
                role = .styleClass
            }
            result.append(SpecHighlight(role: role, span: lexeme.span))
        }
        return result
    }

    /// Words the grammar reserves or gives a meaning in some statement.
    public static let keywords: Set<String> = [
        "use", "let", "as", "within", "inset", "offset", "equal", "align", "distribute", "aspect", "spacing",
        "length", "lead", "tail", "horizontal", "vertical", "cells", "H", "V",
    ]

    private static func defaultRole(_ lexeme: SpecLexeme, bytes: [UInt8]) -> Role {
        switch lexeme.kind {
        case .number: return .number
        case .string: return .string
        case .style: return .styleValue
        case .comment: return .comment
        case .invalid: return .invalid
        case .punctuation:
            switch bytes[lexeme.span.start] {
            case UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                UInt8(ascii: "*"), UInt8(ascii: "/"):
                return .operator
            case UInt8(ascii: "@"): return .priority
            default: return .punctuation
            }
        case .word:
            let text = String(decoding: bytes[lexeme.span.start..<lexeme.span.end], as: UTF8.self)
            if text == "parent" { return .parent }
            if keywords.contains(text) { return .keyword }
            if ViewKind(rawValue: text) != nil { return .kind }
            if LayoutPriority(name: text) != nil { return .priority }
            if Attribute.expanding(text) != nil { return .attribute }
            return .word
        }
    }
}

/// Walks the syntax once, noting the role of every name it places, by the
/// UTF-8 offset the name starts at.
private struct HighlightWalker {
    let syntax: SpecSyntax
    var found: [Int: (role: SpecHighlight.Role, isDeclaration: Bool, binding: SourceSpan?)] = [:]
    private let viewIDs: Set<String>
    private let topLets: [String: SourceSpan]

    init(syntax: SpecSyntax) {
        self.syntax = syntax
        viewIDs = Set(syntax.views.compactMap { $0.id?.text })
        var lets: [String: SourceSpan] = [:]
        for definition in syntax.lets where lets[definition.name.text] == nil { lets[definition.name.text] = definition.name.span }
        topLets = lets
    }

    mutating func walk() {
        for definition in syntax.lets { letLine(definition, scope: nil) }
        for (index, view) in syntax.views.enumerated() {
            note(view.kind.span, .kind)
            if let id = view.id { note(id.span, .viewID, declaration: true) }
            for name in view.classes { note(name.span, .styleClass) }
            for parameter in view.params {
                note(parameter.name.span, .parameter)
                parameterValue(parameter.value, span: parameter.valueSpan, scope: index)
            }
            for definition in view.lets { letLine(definition, scope: index) }
            for statement in view.statements { self.statement(statement, scope: index) }
        }
    }

    private mutating func note(
        _ span: SourceSpan, _ role: SpecHighlight.Role, declaration: Bool = false, binding: SourceSpan? = nil
    ) {
        found[span.start] = (role, declaration, binding)
    }

    private mutating func letLine(_ definition: LetSyntax, scope: Int?) {
        note(definition.name.span, .letName, declaration: true, binding: definition.name.span)
        expression(definition.value, scope: scope)
    }

    private mutating func statement(_ statement: StatementSyntax, scope: Int) {
        switch statement {
        case .rule(let rule):
            for attribute in rule.attributes { note(attribute.span, .attribute) }
            expression(rule.expression, scope: scope)
            for value in rule.inset + rule.offset { expression(value, scope: scope) }
            tail(rule.tail, scope: scope)
        case .shorthand(let shorthand):
            switch shorthand {
            case .equal(let attribute, let views, let tail, _), .align(let attribute, let views, let tail, _):
                note(attribute.span, .attribute)
                for view in views { viewName(view) }
                self.tail(tail, scope: scope)
            case .distribute(let distribute):
                for view in distribute.views { viewName(view) }
                switch distribute.mode {
                case .spacing(let value), .length(let value): expression(value, scope: scope)
                }
                for value in [distribute.lead, distribute.trail].compactMap({ $0 }) { expression(value, scope: scope) }
                tail(distribute.tail, scope: scope)
            case .aspect(let width, let height, _, let tail, _):
                expression(width, scope: scope)
                expression(height, scope: scope)
                self.tail(tail, scope: scope)
            }
        case .visualFormat(let line):
            for item in line.items {
                switch item {
                case .superview: break
                case .view(let name, let predicates, _):
                    viewName(name)
                    for predicate in predicates { self.predicate(predicate, scope: scope) }
                case .connection(.predicates(let predicates, _)):
                    for predicate in predicates { self.predicate(predicate, scope: scope) }
                case .connection: break
                }
            }
            if let label = line.label { note(label.span, .label) }
        }
    }

    private mutating func predicate(_ predicate: VisualFormatSyntax.Predicate, scope: Int) {
        switch predicate.object {
        case .number(_, let span): note(span, .number)
        case .style(_, let span): note(span, .styleValue)
        case .name(let name): bareName(name, scope: scope)
        }
        if let priority = predicate.priority { self.priority(priority, scope: scope) }
    }

    private mutating func tail(_ tail: StatementTail, scope: Int) {
        if let priority = tail.priority { self.priority(priority, scope: scope) }
        if let label = tail.label { note(label.span, .label) }
    }

    private mutating func priority(_ priority: PrioritySyntax, scope: Int) {
        switch priority {
        case .number(_, let span): note(span, .priority)
        case .name(let name):
            if let binding = letBinding(name.text, scope: scope), LayoutPriority(name: name.text) == nil {
                note(name.span, .letName, binding: binding)
            } else {
                note(name.span, .priority)
            }
        }
    }

    private mutating func parameterValue(_ value: ParameterValue, span: SourceSpan, scope: Int) {
        switch value {
        case .word(let word):
            if let binding = letBinding(word, scope: scope) { note(span, .letName, binding: binding) } else { note(span, .word) }
        case .style: note(span, .styleValue)
        case .expression(let expression): self.expression(expression, scope: scope)
        case .number, .string, .list: break
        }
    }

    private mutating func viewName(_ name: NameSyntax) {
        note(name.span, name.text == "parent" ? .parent : .viewID)
    }

    /// Sums and products are flat lists; only parentheses and negation nest, and
    /// the parser bounds those, so a work list keeps the walk off the call stack.
    private mutating func expression(_ root: ExpressionSyntax, scope: Int?) {
        var pending = [root]
        while let expression = pending.popLast() {
            switch expression {
            case .number(_, let span): note(span, .number)
            case .style(_, let span): note(span, .styleValue)
            case .name(let name): bareName(name, scope: scope)
            case .member(let view, let attribute):
                viewName(view)
                note(attribute.span, .attribute)
            case .negate(let inner, _): pending.append(inner)
            case .sum(let parts): pending += parts.map(\.operand)
            case .product(let first, let parts): pending += [first] + parts.map(\.operand)
            }
        }
    }

    /// As lowering resolves a bare name: `parent`, then a `let`, then a view id, then an attribute.
    private mutating func bareName(_ name: NameSyntax, scope: Int?) {
        if name.text == "parent" {
            note(name.span, .parent)
        } else if let binding = letBinding(name.text, scope: scope) {
            note(name.span, .letName, binding: binding)
        } else if viewIDs.contains(name.text) {
            note(name.span, .viewID)
        } else if Attribute(spelling: name.text) != nil {
            note(name.span, .attribute)
        }
    }

    /// The `let` a name means in a view's body: its own, an ancestor's, or a top-level one.
    private func letBinding(_ name: String, scope: Int?) -> SourceSpan? {
        var current = scope
        while let view = current {
            if let definition = syntax.views[view].lets.first(where: { $0.name.text == name }) { return definition.name.span }
            current = syntax.views[view].parent
        }
        return topLets[name]
    }
}
