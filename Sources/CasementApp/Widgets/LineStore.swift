import TextMetrics

/// Lines of text as a scrolled text widget shows them: each line wrapped to a
/// width (or not), with the rows every line takes summed so that finding the
/// line at a row is a binary search. Lines can be appended and dropped from
/// the front (a log) at amortised constant cost; a new width re-measures every
/// line once.
struct LineStore {
    /// Every line ever kept; the first `head` were dropped.
    private var storage: [String] = []
    private var head = 0
    /// Per stored line, the rows of every line up to and including it (from storage[0]).
    private var rowEnds: [Int] = []
    /// The width lines are wrapped to; nil: not wrapped (a line is one row).
    private(set) var wrapWidth: Int?
    /// The rows of wrapped lines drawn lately, by stored index: a scroll by one
    /// row wraps the one line it brings in, not every long line on screen again.
    private var recentPieces: [Int: [String]] = [:]
    static let recentPiecesLimit = 512

    init(_ lines: [String] = []) {
        storage = lines.map(Self.printable)
        rowEnds.reserveCapacity(storage.count)
        remeasure()
    }

    /// The lines kept.
    var count: Int { storage.count - head }
    /// Line `index` (0 is the first kept).
    subscript(index: Int) -> String { storage[head + index] }
    /// The lines kept, in order.
    var lines: ArraySlice<String> { storage[head...] }

    private var rowBase: Int { head == 0 ? 0 : rowEnds[head - 1] }
    /// Rows all lines take.
    var rowCount: Int { (rowEnds.last ?? 0) - rowBase }

    /// Wraps lines to `width` from now on (nil: no wrapping); re-measures only when it changed.
    mutating func wrap(to width: Int?) {
        let width = width.map { max(1, $0) }
        guard width != wrapWidth else { return }
        wrapWidth = width
        recentPieces.removeAll(keepingCapacity: true)
        remeasure()
    }

    mutating func append(_ line: String) {
        let line = Self.printable(line)
        storage.append(line)
        rowEnds.append((rowEnds.last ?? 0) + rows(of: line))
    }

    /// Drops the first `n` lines (a log over its limit).
    mutating func dropFirst(_ n: Int) {
        head = min(storage.count, head + max(0, n))
        // Compact once the dropped part outweighs the kept one: amortised O(1) per line.
        guard head > 1024, head > count else { return }
        let base = rowBase
        storage.removeFirst(head)
        rowEnds.removeFirst(head)
        recentPieces.removeAll(keepingCapacity: true)
        for index in rowEnds.indices { rowEnds[index] -= base }
        head = 0
    }

    /// The line at a row and the row's place within that line.
    func location(ofRow row: Int) -> (line: Int, rowInLine: Int)? {
        guard row >= 0, row < rowCount else { return nil }
        let wanted = row + rowBase
        // The first stored line whose rows end after `wanted`.
        var low = head, high = storage.count - 1
        while low < high {
            let middle = (low + high) / 2
            if rowEnds[middle] > wanted { high = middle } else { low = middle + 1 }
        }
        let start = low == 0 ? 0 : rowEnds[low - 1]
        return (low - head, wanted - start)
    }

    /// The first row of line `index`.
    func firstRow(ofLine index: Int) -> Int {
        let stored = head + min(max(0, index), count)
        return (stored == 0 ? 0 : rowEnds[stored - 1]) - rowBase
    }

    /// The rows of line `index` as shown (one piece when not wrapped).
    mutating func pieces(ofLine index: Int) -> [String] {
        let line = self[index]
        guard let width = wrapWidth, !Self.fits(line, width) else { return [line] }
        if let recent = recentPieces[head + index] { return recent }
        if recentPieces.count >= Self.recentPiecesLimit { recentPieces.removeAll(keepingCapacity: true) }
        var wrapped = TextMetrics.wrap(line, width: width).map(\.text)
        if wrapped.isEmpty { wrapped = [""] }
        recentPieces[head + index] = wrapped
        wrappedLines += 1
        return wrapped
    }

    /// Lines wrapped for drawing so far (a count of work, for tests).
    private(set) var wrappedLines = 0

    private func rows(of line: String) -> Int {
        guard let width = wrapWidth, !Self.fits(line, width) else { return 1 }
        return max(1, TextMetrics.wrap(line, width: width).count)
    }

    private static func fits(_ line: String, _ width: Int) -> Bool {
        line.utf8.count <= width || cellWidth(of: line) <= width
    }

    /// Lines measured so far, every line again at each new width (a count of work, for tests).
    private(set) var measuredLines = 0

    private mutating func remeasure() {
        measuredLines += storage.count
        rowEnds.removeAll(keepingCapacity: true)
        var total = 0
        for line in storage {
            total += rows(of: line)
            rowEnds.append(total)
        }
    }

    /// A line as a terminal can show it: a tab becomes spaces to the next
    /// multiple of 4, other control characters their visible pictures (␀ ␛ …).
    static func printable(_ line: String) -> String {
        guard line.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return line }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 4 - column % 4
                result += String(repeating: " ", count: spaces)
                column += spaces
                continue
            }
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
               scalar.value < 0x20 || scalar.value == 0x7F {
                result.unicodeScalars.append(Unicode.Scalar(scalar.value == 0x7F ? 0x2421 : 0x2400 + scalar.value)!)
                column += 1
                continue
            }
            result.append(character)
            column += cellWidth(of: character)
        }
        return result
    }

    /// Splits text into lines at every line break (`\n`, `\r\n`, `\r`).
    static func split(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }
}
