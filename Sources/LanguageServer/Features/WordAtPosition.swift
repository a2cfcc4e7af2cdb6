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

    /// The name at or just before `position` in `document`; nil on blank space or
    /// punctuation. It looks only at the name and the characters around it, so a
    /// request on a line of megabytes costs what it costs on a short one.
    static func find(in document: TextDocument, at position: Position) -> WordAtPosition? {
        let line = document.line(position.line)
        let utf16 = line.utf16
        let offset = min(max(0, position.character), utf16.count)
        var index = characterStart(utf16.index(line.startIndex, offsetBy: offset), in: line)
        if index == line.endIndex || !isNameCharacter(line[index]) {
            guard index > line.startIndex else { return nil }
            let before = line.index(before: index)
            guard isNameCharacter(line[before]) else { return nil }
            index = before
        }
        let first = nameStart(endingAt: index, in: line)
        var end = line.index(after: index)
        while end < line.endIndex, isNameCharacter(line[end]) { line.formIndex(after: &end) }
        let sigilIndex = first > line.startIndex ? line.index(before: first) : nil
        let sigil = sigilIndex.map { line[$0] }.flatMap { "$#.".contains($0) ? $0 : nil }
        var qualifier: String?
        if sigil == ".", let dot = sigilIndex, dot > line.startIndex {
            let last = line.index(before: dot)
            if isNameCharacter(line[last]) { qualifier = String(line[nameStart(endingAt: last, in: line)...last]) }
        }
        return WordAtPosition(
            name: String(line[first..<end]), sigil: sigil, qualifier: qualifier,
            start: utf16.distance(from: line.startIndex, to: first), end: utf16.distance(from: line.startIndex, to: end),
            line: position.line)
    }

    /// The start of the character that holds `index` (a position inside a
    /// surrogate pair or a cluster moves back to where the character starts).
    private static func characterStart(_ index: String.Index, in line: Substring) -> String.Index {
        guard index < line.endIndex else { return line.endIndex }
        return line.index(before: line.index(after: index))
    }

    /// Where the run of name characters that ends with the one at `index` starts.
    private static func nameStart(endingAt index: String.Index, in line: Substring) -> String.Index {
        var first = index
        while first > line.startIndex {
            let before = line.index(before: first)
            guard isNameCharacter(line[before]) else { break }
            first = before
        }
        return first
    }

    /// Every whole-name occurrence of `name` in `text`, with the sigil before
    /// it, as (line, UTF-16 start, UTF-16 end). It searches the UTF-8 bytes and
    /// looks at characters only around a match, so it keeps no copy of a line.
    static func occurrences(of name: String, in document: TextDocument) -> [(line: Int, start: Int, end: Int, sigil: Character?)] {
        var result: [(line: Int, start: Int, end: Int, sigil: Character?)] = []
        let target = Array(name.utf8)
        guard let head = target.first else { return result }
        for number in 0..<document.lineCount {
            let line = document.line(number)
            let bytes = line.utf8
            var from = bytes.startIndex
            while let hit = bytes[from...].firstIndex(of: head) {
                from = bytes.index(after: hit)
                guard let end = bytes.index(hit, offsetBy: target.count, limitedBy: bytes.endIndex),
                    bytes[hit..<end].elementsEqual(target),
                    isWholeName(from: hit, to: end, in: line, name: name)
                else { continue }
                let start = line.utf16.distance(from: line.startIndex, to: hit)
                let before = hit > line.startIndex ? line[line.index(before: hit)] : nil
                let sigil = before.flatMap { "$#.".contains($0) ? $0 : nil }
                result.append((number, start, start + line.utf16.distance(from: hit, to: end), sigil))
            }
        }
        return result
    }

    /// For matching bytes at `from..<to`: whether they are a whole name, with
    /// character boundaries at both ends, the same characters as `name`, and no
    /// name character on either side.
    private static func isWholeName(from: String.Index, to: String.Index, in line: Substring, name: String) -> Bool {
        guard characterStart(from, in: line) == from, characterStart(to, in: line) == to, line[from..<to] == name
        else { return false }
        if from > line.startIndex, isNameCharacter(line[line.index(before: from)]) { return false }
        return to == line.endIndex || !isNameCharacter(line[to])
    }
}
