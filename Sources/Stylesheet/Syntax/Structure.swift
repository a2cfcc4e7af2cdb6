/// One statement of a file: its header tokens and, when it has one, its body block.
/// `box { … }`, `box` followed by an indented block, and `bg red;` are statements.
struct Statement: Sendable {
    var tokens: Range<Int>
    var body: Int?
    var endedBySemicolon = false
    /// Characters before the statement's first token on its line.
    var indent: Int
    /// The next statement of the same block, or -1 (blocks are linked lists, so
    /// building them allocates nothing per block).
    var next = -1
}

/// A block of statements, opened by `{` or by deeper indentation.
struct Block: Sendable {
    /// First and last statements, or -1 when empty.
    var first = -1
    var last = -1
    /// The `{` token, or nil for an indentation block and the file's top level.
    var opener: Int?
    var isBrace: Bool
    /// Indentation of the statement owning the block (-1 at top level).
    var ownerIndent: Int
    /// Indentation of the block's first line, for indentation blocks.
    var level: Int
    var depth: Int
}

/// The statement tree of one file. Blocks live in one flat array (index 0 is the
/// top level), so building and walking it needs no recursion at any depth.
struct Structure: Sendable {
    var statements: [Statement] = []
    var blocks: [Block] = []

    /// Blocks nested deeper than this are reported once and skipped.
    static let maxDepth = 64

    /// The statements of a block, in order.
    func statements(of block: Int) -> StatementSequence {
        StatementSequence(statements: statements, current: blocks[block].first)
    }

    struct StatementSequence: Sequence, IteratorProtocol {
        let statements: [Statement]
        var current: Int

        mutating func next() -> Statement? {
            guard current >= 0 else { return nil }
            defer { current = statements[current].next }
            return statements[current]
        }
    }
}

/// Builds the statement tree from tokens. Braces and indentation are two spellings
/// of the same block: a line indented deeper than the statement before it opens a
/// block owned by that statement, unless the statement ended with `;` or already has
/// a block; a dedent closes indentation blocks, and only `}` closes a brace block.
/// Inside parentheses, or after a trailing `,` `+` `-` `/` `>`, a newline continues
/// the statement (selector groups, long values).
struct StructureBuilder {
    private let tokens: [Token]
    private var log: DiagnosticLog
    private var structure = Structure()
    private var open: [Int] = [0]
    private var current: (start: Int, indent: Int)?
    private var nesting = 0
    private var reportedDepth = false

    static func build(_ tokens: [Token], log: DiagnosticLog) -> Structure {
        var builder = StructureBuilder(tokens: tokens, log: log)
        builder.run()
        return builder.structure
    }

    private init(tokens: [Token], log: DiagnosticLog) {
        self.tokens = tokens
        self.log = log
        structure.statements.reserveCapacity(tokens.count / 3)
        structure.blocks.reserveCapacity(tokens.count / 12)
        structure.blocks.append(Block(opener: nil, isBrace: false, ownerIndent: -1, level: 0, depth: 0))
    }

    private var top: Int { open[open.count - 1] }

    private mutating func run() {
        for index in tokens.indices {
            let token = tokens[index]
            if token.firstOnLine { startLine(at: index) }
            switch token.kind {
            case .leftBrace:
                openBrace(at: index)
            case .rightBrace:
                closeBrace(at: index)
            case .semicolon:
                finishStatement(end: index, semicolon: true)
            default:
                if current == nil { current = (index, token.indent) }
                switch token.kind {
                case .leftParen, .leftBracket: nesting += 1
                case .rightParen, .rightBracket: nesting = max(0, nesting - 1)
                default: break
                }
            }
        }
        finishStatement(end: tokens.count, semicolon: false)
        while open.count > 1, !structure.blocks[top].isBrace { open.removeLast() }
        let unclosed = open.dropFirst().filter { structure.blocks[$0].isBrace }
        if let outermost = unclosed.first, let opener = structure.blocks[outermost].opener {
            let more = unclosed.count > 1 ? " (nor are \(unclosed.count - 1) more inside it)" : ""
            log.report(.error, .casSyntax, "'{' is never closed\(more)", at: tokens[opener], hint: "add a matching '}'")
        }
        open.removeSubrange(1...)
    }

    private mutating func startLine(at index: Int) {
        let token = tokens[index]
        if let statement = current {
            if continues(statement, at: index) { return }
            finishStatement(end: index, semicolon: false)
        }
        let indent = token.indent
        while !structure.blocks[top].isBrace, open.count > 1, structure.blocks[top].ownerIndent >= indent {
            open.removeLast()
        }
        let block = structure.blocks[top]
        if !block.isBrace, open.count > 1, indent < block.level, token.kind != .rightBrace {
            log.report(
                .error, .casSyntax, "this line's indentation matches no enclosing block", at: token,
                hint: "indent it like the lines above it (\(block.level) characters) or like its parent")
        }
        guard token.kind != .leftBrace, token.kind != .rightBrace,
            let last = eligibleOwner(), indent > structure.statements[last].indent
        else { return }
        pushBlock(
            Block(
                opener: nil, isBrace: false, ownerIndent: structure.statements[last].indent,
                level: indent, depth: block.depth + 1),
            owner: last, at: token)
    }

    /// A newline inside parentheses, or after an operator or comma, does not end a statement.
    private func continues(_ statement: (start: Int, indent: Int), at index: Int) -> Bool {
        let token = tokens[index]
        if nesting > 0, token.indent > statement.indent || token.kind == .rightParen || token.kind == .rightBracket {
            return true
        }
        if token.kind == .comma { return true }
        switch tokens[index - 1].kind {
        case .comma, .plus, .minus, .slash, .greater: return true
        default: return false
        }
    }

    /// The statement a new block would belong to: the block's last statement, if it
    /// has no block yet and did not end with `;`.
    private func eligibleOwner() -> Int? {
        let last = structure.blocks[top].last
        guard last >= 0 else { return nil }
        let statement = structure.statements[last]
        return statement.body == nil && !statement.endedBySemicolon ? last : nil
    }

    private mutating func finishStatement(end: Int, semicolon: Bool) {
        nesting = 0
        guard let statement = current else { return }
        current = nil
        guard end > statement.start else { return }
        append(Statement(tokens: statement.start..<end, endedBySemicolon: semicolon, indent: statement.indent))
    }

    private mutating func append(_ statement: Statement) {
        let index = structure.statements.count
        structure.statements.append(statement)
        let last = structure.blocks[top].last
        if last >= 0 { structure.statements[last].next = index } else { structure.blocks[top].first = index }
        structure.blocks[top].last = index
    }

    private mutating func openBrace(at index: Int) {
        finishStatement(end: index, semicolon: false)
        var owner = eligibleOwner()
        if owner == nil {
            log.report(
                .error, .casSyntax, "'{' has no selector or property before it", at: tokens[index],
                hint: "write a selector before '{'; this block is ignored")
            append(Statement(tokens: index..<index, indent: tokens[index].indent))
            owner = structure.statements.count - 1
        }
        let depth = structure.blocks[top].depth + 1
        pushBlock(
            Block(
                opener: index, isBrace: true, ownerIndent: structure.statements[owner!].indent,
                level: 0, depth: depth),
            owner: owner!, at: tokens[index])
    }

    private mutating func pushBlock(_ block: Block, owner: Int, at token: Token) {
        if block.depth > Structure.maxDepth, !reportedDepth {
            reportedDepth = true
            log.report(
                .error, .casSyntax, "blocks are nested more than \(Structure.maxDepth) levels deep", at: token,
                hint: "the blocks below this depth are ignored")
        }
        structure.blocks.append(block)
        structure.statements[owner].body = structure.blocks.count - 1
        open.append(structure.blocks.count - 1)
    }

    private mutating func closeBrace(at index: Int) {
        finishStatement(end: index, semicolon: false)
        while open.count > 1, !structure.blocks[top].isBrace { open.removeLast() }
        guard open.count > 1 else {
            log.report(.error, .casSyntax, "'}' has no matching '{'", at: tokens[index], hint: "remove it")
            return
        }
        open.removeLast()
    }
}
