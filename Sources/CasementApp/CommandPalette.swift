import Casement
import TerminalUI

/// A command of the palette: a title and what it does, with the key that also
/// runs it (nil for a command added with `addCommand`).
struct PaletteCommand {
    let title: String
    let key: Key?
    let action: () -> Void
}

extension App {
    /// Adds a command to the command palette (Ctrl-P) that no key runs.
    public func addCommand(_ title: String, _ action: @escaping () -> Void) {
        commands.append(PaletteCommand(title: title, key: nil, action: action))
    }

    /// Every command the palette lists: the described bindings of the current
    /// screen and of the app, then the commands added with `addCommand`.
    var paletteCommands: [PaletteCommand] {
        (currentScreen.bindings.described + bindings.described).map {
            PaletteCommand(title: $0.description ?? "", key: $0.key, action: $0.action)
        } + commands
    }

    /// Opens the command palette over everything (a modal screen).
    public func openCommandPalette() {
        guard !modals.contains(where: { $0 is CommandPalette }) else { return }
        presentModal(CommandPalette(commands: paletteCommands))
    }

    /// Whether the command palette is open.
    public var isCommandPaletteOpen: Bool { modals.last is CommandPalette }

    /// Keys no binding took: Ctrl-P opens the palette (unless bound to something else).
    func handleUnbound(_ key: Key) {
        if key == Self.paletteKey, commandPaletteEnabled { openCommandPalette() }
    }

    /// The key that opens the command palette.
    static let paletteKey = Key.control("p")
}

/// The command palette: a field that filters the commands as you type (fuzzy:
/// the letters in order, anywhere in the title), the matches below it, Enter
/// runs the highlighted one, ↑ ↓ move, Escape closes.
///
/// `.cas`: the screen's root has the class `palette-screen`, the box the class
/// `palette` (id `palette`), the field `palette-input` and the list `palette-list`
/// (a `ListView`: `.palette-list .row[state:selected]`).
@MainActor
final class CommandPalette: Screen {
    let commands: [PaletteCommand]
    let field = TextField(placeholder: "Search commands…", id: "palette-input", classes: ["palette-input"])
    let list = ListView(id: "palette-list", classes: ["palette-list"])
    private(set) var matches: [Int] = []

    init(commands: [PaletteCommand]) {
        self.commands = commands
        super.init(id: "command-palette")
        usesRuntimeStyles = true
        root.classes.append("palette-screen")
        let box = View(.box, id: "palette", classes: ["palette"])
        root.addSubview(box)
        box.addSubviews(field, list)
        box.makeConstraints { make in
            make.top.equalToSuperview().offset(1)
            make.centerX.equalToSuperview()
            make.width.equalTo(60).priority(500)
            make.width.lessThanOrEqualToSuperview().offset(-4)
        }
        // Inside the box's border (the runtime's look has one).
        field.view.makeConstraints { make in
            make.top.left.equalToSuperview().offset(1)
            make.right.equalToSuperview().offset(-1)
        }
        list.view.makeConstraints { make in
            make.top.equalTo(field.view.bottom)
            make.left.equalToSuperview().offset(1)
            make.right.bottom.equalToSuperview().offset(-1)
            make.height.equalTo(min(10, max(1, commands.count)))
        }
        field.onChange = { [weak self] _ in self?.filter() }
        field.onSubmit = { [weak self] _ in self?.runSelected() }
        list.onActivate = { [weak self] _ in self?.runSelected() }
        bind(.up) { [weak self] in self?.move(by: -1) }
        bind(.down) { [weak self] in self?.move(by: 1) }
        filter()
    }

    private func filter() {
        let query = field.text
        matches = FuzzyMatch.rank(commands.map(\.title), query: query)
        list.items = matches.map { index in
            let command = commands[index]
            return command.key.map { "\(command.title)  \($0.label)" } ?? command.title
        }
        list.selectedIndex = matches.isEmpty ? nil : 0
    }

    private func move(by step: Int) {
        guard let selected = list.selectedIndex, !matches.isEmpty else { return }
        list.selectedIndex = min(max(0, selected + step), matches.count - 1)
    }

    /// Closes the palette, then runs the highlighted command.
    func runSelected() {
        guard let selected = list.selectedIndex, matches.indices.contains(selected) else { return }
        let action = commands[matches[selected]].action
        app?.dismissModal()
        action()
    }
}

/// Fuzzy matching as command palettes do it: the query's letters in order
/// anywhere in the title, case ignored; matches that start words, start the
/// title or run together rank first.
enum FuzzyMatch {
    /// The score of `title` for `query` (nil: no match; higher is better).
    static func score(_ title: String, query: String) -> Int? {
        let wanted = Array(query.lowercased().filter { !$0.isWhitespace })
        guard !wanted.isEmpty else { return 0 }
        let letters = Array(title.lowercased())
        var score = 0, at = 0, previous = -2
        for (index, letter) in letters.enumerated() where at < wanted.count && letter == wanted[at] {
            if index == 0 { score += 8 }
            if index > 0, !letters[index - 1].isLetter { score += 6 }
            if index == previous + 1 { score += 4 }
            score += 1
            previous = index
            at += 1
        }
        return at == wanted.count ? score : nil
    }

    /// The indices of the titles that match, best first (ties keep their order).
    static func rank(_ titles: [String], query: String) -> [Int] {
        let scored = titles.enumerated().compactMap { index, title in score(title, query: query).map { (index, $0) } }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
    }
}
