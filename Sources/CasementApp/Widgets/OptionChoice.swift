import TextMetrics

/// Options with one of them chosen, as `RadioGroup` and `Select` keep them: the
/// index is always in range (0 when there are no options).
struct OptionChoice: Equatable {
    var options: [String]
    var index = 0

    init(_ options: [String]) {
        self.options = options
    }

    /// The chosen option's text (nil when there are no options).
    var selected: String? { options.indices.contains(index) ? options[index] : nil }

    /// The widest option in cells (0 when there are none).
    var widest: Int { options.map(cellWidth(of:)).max() ?? 0 }
}

/// A widget that keeps an `OptionChoice`: its options and index are set
/// through here, so that an empty list or an index out of range is clamped and
/// warned about (at the line that made the widget) the same way everywhere.
@MainActor
protocol ChoosesAnOption: Widget {
    var choice: OptionChoice { get set }
    /// What the warnings call one option ("option", "title").
    var optionNoun: String { get }
}

extension ChoosesAnOption {
    var optionNoun: String { "option" }

    /// New options; the index is clamped into them (with a warning when it was outside).
    func setOptions(_ options: [String]) {
        var next = OptionChoice(options)
        next.index = checkedIndex(choice.index, count: options.count, what: optionNoun)
        choice = next
    }

    /// Chooses `index`, clamped into the options (with a warning when it was outside).
    func setIndex(_ index: Int) {
        var next = choice
        next.index = checkedIndex(index, count: choice.options.count, what: optionNoun)
        if next != choice { choice = next }
    }
}
