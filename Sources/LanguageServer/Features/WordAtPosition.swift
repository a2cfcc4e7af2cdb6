/// The name under the cursor: `blue`, `$margin-top`, `#header`, `.title` —
/// its text, the sigil in front, what a `.` joins it to, and its UTF-16 span.
struct WordAtPosition: Equatable {
    var name: String
    /// `$`, `#`, `.` or nil.
    var sigil: Character?
    /// For `blue.right` with the cursor on `right`: `blue`.
    var qualifier: String?
    /// The name's span on its line (the sigil excluded), in UTF-16 units.
    var start: Int
    var end: Int
    var line: Int

    var range: LSPRange {
        LSPRange(start: Position(line: line, character: start), end: Position(line: line, character: end))
    }

    static func isNameCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "-"
    }

    /// The name at or just before `position` in `document`; nil on blank space or punctuation.
    static func find(in document: TextDocument, at position: Position) -> WordAtPosition? {
        let text = document.line(position.line)
        let characters = Array(text)
        var offsets: [Int] = [0]  // UTF-16 offset of each character start
        for character in characters { offsets.append(offsets.last! + character.utf16.count) }
        var index = offsets.lastIndex(where: { $0 <= position.character }) ?? 0
        index = min(index, characters.count)
        if index == characters.count || !isNameCharacter(characters[index]) {
            guard index > 0, isNameCharacter(characters[index - 1]) else { return nil }
            index -= 1
        }
        var first = index
        while first > 0, isNameCharacter(characters[first - 1]) { first -= 1 }
        var last = index
        while last + 1 < characters.count, isNameCharacter(characters[last + 1]) { last += 1 }
        let name = String(characters[first...last])
        let sigil: Character? = first > 0 && "$#.".contains(characters[first - 1]) ? characters[first - 1] : nil
        var qualifier: String?
        if sigil == ".", first > 1, isNameCharacter(characters[first - 2]) {
            var start = first - 2
            while start > 0, isNameCharacter(characters[start - 1]) { start -= 1 }
            qualifier = String(characters[start...(first - 2)])
        }
        return WordAtPosition(
            name: name, sigil: sigil, qualifier: qualifier, start: offsets[first], end: offsets[last + 1], line: position.line)
    }

    /// Every whole-name occurrence of `name` in `text`, with the sigil before
    /// it, as (line, UTF-16 start, UTF-16 end).
    static func occurrences(of name: String, in document: TextDocument) -> [(line: Int, start: Int, end: Int, sigil: Character?)] {
        var result: [(line: Int, start: Int, end: Int, sigil: Character?)] = []
        let target = Array(name)
        guard !target.isEmpty else { return result }
        for number in 0..<document.lineCount {
            let line = document.line(number)
            guard line.contains(name) else { continue }
            let characters = Array(line)
            var offset = 0
            var index = 0
            while index < characters.count {
                let before = index > 0 ? characters[index - 1] : nil
                if characters[index] == target[0], index + target.count <= characters.count,
                    Array(characters[index..<(index + target.count)]) == target,
                    before.map({ !isNameCharacter($0) }) ?? true,
                    index + target.count == characters.count || !isNameCharacter(characters[index + target.count])
                {
                    let length = target.reduce(0) { $0 + $1.utf16.count }
                    let sigil = before.flatMap { "$#.".contains($0) ? $0 : nil }
                    result.append((number, offset, offset + length, sigil))
                }
                offset += characters[index].utf16.count
                index += 1
            }
        }
        return result
    }
}
