/// Word-wraps `text` into lines of at most `width` cells.
///
/// - Explicit newlines always start a new line; an empty text gives no lines.
/// - Lines break at spaces (dropped at the break), after a hyphen inside a word,
///   and between wide (CJK) characters, except before closing punctuation and
///   after opening punctuation.
/// - A word longer than a line goes on a line of its own and is broken between
///   graphemes; a grapheme is never split, and wide characters count as two cells.
/// - Leading spaces of a paragraph (indentation) are kept when they fit with the
///   first word; no line ends in a space; tabs count as one space.
/// - Only a grapheme wider than the whole width (a wide character when `width`
///   is 1) makes a line wider than `width`; it sits alone on its line.
/// - `width` below 1 is taken as 1. At most `maxLines` lines are returned.
public func wrap(_ text: String, width: Int, maxLines: Int = .max) -> [TextLine] {
    guard !text.isEmpty, maxLines > 0 else { return [] }
    var wrapper = LineWrapper(limit: max(1, width), maxLines: maxLines)
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
        wrapper.add(paragraph: paragraph)
        if wrapper.isFull { break }
    }
    return wrapper.lines
}

/// Greedy line filling: each word goes on the current line when it fits, else on
/// the next one.
private struct LineWrapper {
    let limit: Int
    let maxLines: Int
    private(set) var lines: [TextLine] = []
    private var line = ""
    private var lineWidth = 0
    private var lineIsEmpty = true
    private var atParagraphStart = true

    init(limit: Int, maxLines: Int) {
        self.limit = limit
        self.maxLines = maxLines
    }

    var isFull: Bool { lines.count >= maxLines }

    mutating func add(paragraph: Substring) {
        atParagraphStart = true
        var spaces = "", spacesWidth = 0
        var word = "", wordWidth = 0
        var previous: (character: Character, width: Int)?
        for character in paragraph {
            if isFull { return }
            if isBreakingSpace(character) {
                if !word.isEmpty {
                    place(spaces: spaces, spacesWidth, word: word, wordWidth)
                    (spaces, spacesWidth, word, wordWidth) = ("", 0, "", 0)
                }
                let space: Character = character == "\t" ? " " : character
                spaces.append(space)
                spacesWidth += cellWidth(of: space)
                previous = nil
                continue
            }
            let width = cellWidth(of: character)
            if let previous, !word.isEmpty, mayBreak(between: previous.character, width: previous.width,
                                                     and: character, width: width, wordSoFar: word) {
                place(spaces: spaces, spacesWidth, word: word, wordWidth)
                (spaces, spacesWidth, word, wordWidth) = ("", 0, "", 0)
            }
            word.append(character)
            wordWidth += width
            previous = (character, width)
        }
        if !word.isEmpty { place(spaces: spaces, spacesWidth, word: word, wordWidth) }
        finishLine()
    }

    private mutating func place(spaces: String, _ spacesWidth: Int, word: String, _ wordWidth: Int) {
        defer { atParagraphStart = false }
        if lineIsEmpty {
            if atParagraphStart, spacesWidth + wordWidth <= limit {
                append(spaces + word, width: spacesWidth + wordWidth)
            } else {
                placeOnFreshLine(word, width: wordWidth)
            }
        } else if lineWidth + spacesWidth + wordWidth <= limit {
            append(spaces + word, width: spacesWidth + wordWidth)
        } else {
            finishLine()
            placeOnFreshLine(word, width: wordWidth)
        }
    }

    private mutating func placeOnFreshLine(_ word: String, width: Int) {
        guard width > limit else {
            append(word, width: width)
            return
        }
        // A word longer than a line: break it between graphemes.
        for character in word {
            if isFull { return }
            let characterWidth = cellWidth(of: character)
            if !lineIsEmpty, lineWidth + characterWidth > limit { finishLine() }
            append(String(character), width: characterWidth)
        }
    }

    private mutating func append(_ text: String, width: Int) {
        line += text
        lineWidth += width
        lineIsEmpty = false
    }

    private mutating func finishLine() {
        guard !isFull else { return }
        lines.append(TextLine(line, width: lineWidth))
        line = ""
        lineWidth = 0
        lineIsEmpty = true
    }
}

/// Break opportunities inside a run of non-space characters, after UAX #14 in
/// spirit: after a hyphen that follows a letter, and around ideographs and other
/// wide characters (CJK text has no spaces), keeping closing punctuation with
/// what precedes it and opening punctuation with what follows it.
private func mayBreak(
    between previous: Character, width previousWidth: Int,
    and next: Character, width nextWidth: Int,
    wordSoFar: String
) -> Bool {
    let afterHyphen = isHyphen(previous)
    // Most pairs (two narrow letters) are settled before any set lookup.
    guard afterHyphen || previousWidth == 2 || nextWidth == 2 else { return false }
    if noBreakBefore.contains(next) || noBreakAfter.contains(previous) { return false }
    if afterHyphen {
        // "well-known" breaks after the hyphen; "-5" or "--x" does not.
        return wordSoFar.count > 1 && !(wordSoFar.dropLast().last.map(isHyphen) ?? true) && !isHyphen(next)
    }
    return previousWidth == 2 || nextWidth == 2
}

/// Whitespace a line may break at: not the no-break spaces.
private func isBreakingSpace(_ character: Character) -> Bool {
    if let ascii = character.asciiValue { return ascii == 0x20 || ascii == 0x09 }
    return character.isWhitespace && character != "\u{A0}" && character != "\u{202F}" && character != "\u{2007}"
}

private func isHyphen(_ character: Character) -> Bool {
    character == "-" || character == "\u{2010}"
}

/// Closing punctuation, small kana and prolonged sound marks: never first on a line.
private let noBreakBefore: Set<Character> = [
    "、", "。", "，", "．", "：", "；", "！", "？", "）", "］", "｝", "」", "』", "】", "〕", "〉", "》",
    "〙", "〗", "”", "’", "ー", "々", "〜", "ゝ", "ゞ", "ヽ", "ヾ", "・", "｡", "｣", "､",
    "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ゎ",
    "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ヮ", "ヵ", "ヶ",
    ".", ",", ";", ":", "!", "?", ")", "]", "}", "%",
]

/// Opening punctuation: never last on a line.
private let noBreakAfter: Set<Character> = [
    "（", "［", "｛", "「", "『", "【", "〔", "〈", "《", "〘", "〖", "“", "‘", "｢",
    "(", "[", "{",
]
