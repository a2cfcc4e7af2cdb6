import CasementApp
import Canvas
import TextMetrics

/// A text-editing widget as the editing fuzz targets see it: made fresh for each
/// input, its text as lines, its cursor as a line and a column, both counted in
/// characters (grapheme clusters). A new editor is a target in a few lines: see
/// `textField` and `textArea` below.
struct EditingSubject: Sendable {
    /// The target's name.
    var name: String
    /// Rows the widget gets on screen.
    var height = 1
    /// The keys to try (an input's bytes pick among them, so a subject's list
    /// only ever grows at its end, or its corpus reads as other keys).
    var steps = TextEditingFuzzing.Step.lineKeys
    /// A new widget, with the id `edited`.
    var make: @MainActor @Sendable () -> Widget
    /// The widget's text, line by line (one line for a one-line field).
    var lines: @MainActor @Sendable (Widget) -> [String]
    /// The widget's cursor: a line index and a column in characters.
    var cursor: @MainActor @Sendable (Widget) -> (line: Int, column: Int)
}

extension FuzzTarget {
    /// `TextField`: random keys over graphemes that merge and split (combining
    /// marks, regional indicators, emoji with joiners and modifiers, wide
    /// characters, Hangul jamo), with the cursor and text checked after every key
    /// against what the key must do.
    static let textField = editing(EditingSubject(
        name: "textfield",
        make: { TextField(id: "edited") },
        lines: { [($0 as! TextField).text] },
        cursor: { (0, ($0 as! TextField).cursor) }))

    /// `TextArea`: the same keys, Enter breaking lines, the vertical keys and undo
    /// and redo, in a box of five rows.
    static let textArea = editing(EditingSubject(
        name: "textarea",
        height: 5,
        steps: TextEditingFuzzing.Step.allCases,
        make: { TextArea(id: "edited") },
        lines: { widget in
            let area = widget as! TextArea
            return (0..<area.lineCount).map { area.editor.line($0) }
        },
        cursor: { ((($0 as! TextArea).cursor.line), ($0 as! TextArea).cursor.column) }))

    /// A target that types random keys into the subject in a small app and checks
    /// it after each: the cursor inside the text, drawn inside the widget, and for
    /// a one-line subject the exact text and cursor each key must leave.
    static func editing(_ subject: EditingSubject) -> FuzzTarget {
        FuzzTarget(
            name: subject.name,
            summary: "\(subject.name): random keys over combining graphemes; cursor, text and drawing checked after every key"
        ) { input, found in
            TextEditingFuzzing.run(subject, FuzzInput(input), &found)
        }
    }
}

@MainActor
enum TextEditingFuzzing {
    /// Pieces of text that join and split: single scalars as a terminal sends
    /// them, and a few whole clusters as a paste would.
    static let pieces: [String] = [
        "a", "Z", " ", "0", "é", "e", "\u{301}", "\u{308}", "\u{20DD}", "🇫", "🇷", "🇩", "🇪", "👍", "\u{1F3FD}",
        "\u{200D}", "👩", "💻", "\u{FE0F}", "❤", "漢", "字", "ｗ", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}",
        "\t", "\u{200B}", "\u{0}", "\r", "🇫🇷", "👩\u{200D}💻", "e\u{301}", "\u{7F}", "\u{85}", "\u{2028}",
    ]

    enum Step: CaseIterable {
        case type, type2, type3, backspace, delete, left, right, home, end, controlA, controlE, controlU, enter, click, resize
        case up, down, pageUp, pageDown, controlZ, controlY

        /// The keys of a one-line editor: every case before `up`.
        static let lineKeys = Array(allCases.prefix { $0 != .up })

        /// Keys that move the cursor or the view and never change the text.
        var onlyMoves: Bool {
            switch self {
            case .left, .right, .home, .end, .controlA, .controlE, .click, .resize, .up, .down, .pageUp, .pageDown: true
            default: false
            }
        }
    }

    static func run(_ subject: EditingSubject, _ input: FuzzInput, _ found: inout Violations) {
        var input = input
        let root = View(.screen, id: "root")
        let widget = subject.make()
        root.addSubview(widget)
        let width = 1 + input.below(24)
        widget.view.makeConstraints { make in
            make.left.equalToSuperview().offset(2)
            make.top.equalToSuperview().offset(1)
            make.width.equalTo(width)
            make.height.equalTo(subject.height)
        }
        guard let app = try? App(root: root, devMode: false) else {
            found.record("the app did not start")
            return
        }
        var screen = TerminalSize(width: 40, height: 8)
        let pilot = AppPilot(app, size: screen)
        pilot.click(widget)
        var steps = 0
        while !input.isAtEnd, steps < 400, found.messages.isEmpty {
            steps += 1
            let before = (lines: subject.lines(widget), cursor: subject.cursor(widget))
            let step = input.pick(subject.steps)
            var typed: String?
            switch step {
            case .type, .type2, .type3:
                let piece = input.pick(pieces)
                typed = piece
                pilot.send(.character(Character(piece)))
            case .backspace: pilot.send(.backspace)
            case .delete: pilot.send(.delete)
            case .left: pilot.send(.left)
            case .right: pilot.send(.right)
            case .home: pilot.send(.home)
            case .end: pilot.send(.end)
            case .controlA: pilot.send(.control("a"))
            case .controlE: pilot.send(.control("e"))
            case .controlU: pilot.send(.control("u"))
            case .enter: pilot.send(.enter)
            case .up: pilot.send(.up)
            case .down: pilot.send(.down)
            case .pageUp: pilot.send(.pageUp)
            case .pageDown: pilot.send(.pageDown)
            case .controlZ: pilot.send(.control("z"))
            case .controlY: pilot.send(.control("y"))
            case .click: pilot.click(widget, x: input.below(width + 2), y: input.below(subject.height))
            case .resize:
                screen = TerminalSize(width: 1 + input.below(60), height: 1 + input.below(12))
                pilot.resize(to: screen)
            }
            let lines = subject.lines(widget), cursor = subject.cursor(widget)
            let what = "after \(step)\(typed.map { " \($0.unicodeScalars.map { String($0.value, radix: 16) })" } ?? "") on \(before)"
            found.expect(lines.indices.contains(cursor.line), "\(what): cursor on line \(cursor.line) of \(lines.count)")
            if lines.indices.contains(cursor.line) {
                found.expect((0...lines[cursor.line].count).contains(cursor.column),
                             "\(what): cursor at column \(cursor.column) of \(lines[cursor.line].debugDescription)")
            }
            if step.onlyMoves {
                found.expect(lines == before.lines, "\(what): the text changed to \(lines)")
            }
            if screen.width >= 2 + width, screen.height >= 1 + subject.height {
                found.expectCursorDrawn(in: pilot.grid, x: 2..<2 + width, y: 1..<1 + subject.height, what)
            }
            if subject.height == 1, before.lines.count == 1, lines.count == 1 {
                let expected = expectedLine(after: step, typed: typed, line: before.lines[0], cursor: before.cursor.column)
                if let text = expected.text {
                    found.expect(Array(lines[0].unicodeScalars) == Array(text.unicodeScalars),
                                 "\(what): text \(lines[0].debugDescription), expected \(text.debugDescription)")
                }
                if let column = expected.cursor(lines[0]) {
                    found.expect(cursor.column == column, "\(what): cursor \(cursor.column), expected \(column) in \(lines[0].debugDescription)")
                }
            }
        }
    }

    /// What a key must leave in a one-line editor holding `line` with the cursor at
    /// `cursor`: the text (nil: not checked) and the cursor, worked out from the
    /// text it left (nil: not checked).
    static func expectedLine(after step: Step, typed: String?, line: String, cursor: Int)
        -> (text: String?, cursor: (String) -> Int?)
    {
        let characters = Array(line)
        let count = characters.count
        func joined(_ parts: ArraySlice<Character>...) -> String { parts.map { String($0) }.joined() }
        switch step {
        case .type, .type2, .type3:
            guard let typed, !typed.contains(where: \.isNewline) else { return (line, { _ in cursor }) }
            let text = String(characters[..<cursor]) + typed + String(characters[cursor...])
            // The cursor ends on the character boundary just after what was typed
            // (after the character it merged into, when it merged).
            let end = String(characters[..<cursor]).utf8.count + typed.utf8.count
            return (text, { now in
                var offset = 0, index = 0
                for character in now {
                    if offset >= end { break }
                    offset += character.utf8.count
                    index += 1
                }
                return index
            })
        case .backspace:
            guard cursor > 0 else { return (line, { _ in 0 }) }
            return (joined(characters[..<(cursor - 1)], characters[cursor...]), { _ in nil })
        case .delete:
            guard cursor < count else { return (line, { _ in cursor }) }
            return (joined(characters[..<cursor], characters[(cursor + 1)...]), { _ in nil })
        case .left: return (line, { _ in max(0, cursor - 1) })
        case .right: return (line, { _ in min(count, cursor + 1) })
        case .home, .controlA: return (line, { _ in 0 })
        case .end, .controlE: return (line, { _ in count })
        case .controlU: return ("", { _ in 0 })
        case .enter, .resize, .up, .down, .pageUp, .pageDown, .controlZ, .controlY: return (line, { _ in cursor })
        case .click: return (line, { _ in nil })
        }
    }
}

extension Violations {
    /// The focused editor draws its cursor (reversed cells), and only inside its box.
    mutating func expectCursorDrawn(in grid: Grid, x columns: Range<Int>, y rows: Range<Int>, _ what: String) {
        var inside = 0
        for y in 0..<grid.height {
            for x in 0..<grid.width where grid[x, y].attributes.contains(.reverse) {
                if columns.contains(x) && rows.contains(y) { inside += 1 } else { record("\(what): a reversed cell at \(x),\(y), outside the editor") }
            }
        }
        if inside == 0 {
            let drawn = rows.filter { $0 < grid.height }.map { y in (0..<grid.width).map { String(grid[$0, y].grapheme) }.joined() }
            record("\(what): no cursor drawn in \(drawn), columns \(columns)")
        }
    }
}
