#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A column of table cells as a sort reads them, worked out once per cell
/// rather than once per comparison. The order is a `Table`'s: cells that both read as numbers
/// and differ compare as numbers; otherwise two different texts compare as
/// Finder does (`localizedStandardCompare`: the locale's collation, case
/// ignored but for ties, digit runs by value).
///
/// That compare costs microseconds (Foundation opens an ICU collator for every
/// call), and a sort of 10,000 rows makes about 130,000 of them. So a cell of
/// printable ASCII also gets its collation's **primary key**: one weight per
/// character (upper and lower case sharing one) and one per run of digits, by
/// value. A multi-level collation compares the primary level of the whole text
/// first, so two cells whose primary keys differ are ordered by them exactly;
/// only cells that tie there (`Name` and `name`, `a9` and `a09`), or that are
/// not ASCII, are handed to the locale's compare.
struct TableSortKeys {
    private let texts: [String]
    private let numbers: [Double?]
    /// Every cell's primary key, one after another; `starts[i]..<starts[i + 1]`
    /// is cell `i`'s, and a negative start marks a cell without one (not
    /// printable ASCII, or a locale whose collation the weights do not
    /// describe): every comparison with it goes to the locale.
    private let weights: [UInt8]
    private let starts: [Int32]

    init(_ texts: [String]) {
        self.texts = texts
        numbers = texts.map { Double($0) }
        var weights: [UInt8] = [], starts: [Int32] = []
        weights.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count })
        starts.reserveCapacity(texts.count + 1)
        let primary = PrimaryWeights.current
        for text in texts {
            let start = Int32(weights.count)
            starts.append(primary?.append(keyOf: text, to: &weights) == true ? start : -1 - start)
        }
        starts.append(Int32(weights.count))
        self.weights = weights
        self.starts = starts
    }

    var count: Int { texts.count }

    /// The cells' indices in order (`ascending` or not), as `sort` with the
    /// cells' compare would order them: the same compares answered the same.
    func sortedIndices(ascending: Bool, compare: (String, String) -> ComparisonResult) -> [Int] {
        var order = Array(texts.indices)
        withBuffers { keys in
            order.sort { i, j in
                guard let before = keys.ascending(i, j, compare: compare) else { return false }
                return ascending ? before : !before
            }
        }
        return order
    }

    /// Cell `i` before cell `j` in ascending order; nil when neither comes first.
    func ascending(_ i: Int, _ j: Int, compare: (String, String) -> ComparisonResult) -> Bool? {
        withBuffers { $0.ascending(i, j, compare: compare) }
    }

    /// The keys as buffers: a sort reads them some 130,000 times for 10,000
    /// cells, without a bounds check or a retain each time.
    private func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
        texts.withUnsafeBufferPointer { texts in
            numbers.withUnsafeBufferPointer { numbers in
                weights.withUnsafeBufferPointer { weights in
                    starts.withUnsafeBufferPointer { starts in
                        body(Buffers(texts: texts, numbers: numbers, weights: weights, starts: starts))
                    }
                }
            }
        }
    }

    private struct Buffers {
        let texts: UnsafeBufferPointer<String>
        let numbers: UnsafeBufferPointer<Double?>
        let weights: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int32>

        func ascending(_ i: Int, _ j: Int, compare: (String, String) -> ComparisonResult) -> Bool? {
            if let x = numbers[i], let y = numbers[j], x != y { return x < y }
            if starts[i] >= 0, starts[j] >= 0, let before = primaryAscending(i, j) { return before }
            if texts[i] == texts[j] { return nil }
            return compare(texts[i], texts[j]) == .orderedAscending
        }

        /// The order of two primary keys; nil when they are equal. Weights are
        /// bytes, so this is `memcmp`, then the shorter key first.
        private func primaryAscending(_ i: Int, _ j: Int) -> Bool? {
            let a = Int(starts[i]), b = Int(starts[j])
            let lengthA = end(of: i) - a, lengthB = end(of: j) - b
            let order = memcmp(weights.baseAddress! + a, weights.baseAddress! + b, min(lengthA, lengthB))
            if order != 0 { return order < 0 }
            return lengthA == lengthB ? nil : lengthA < lengthB
        }

        /// Where cell `i`'s key ends: where the next cell's starts.
        private func end(of i: Int) -> Int {
            let next = starts[i + 1]
            return Int(next >= 0 ? next : -1 - next)
        }
    }
}

/// The primary collation weights of printable ASCII in the current locale,
/// read from the locale itself: the 85 characters that are not digits, sorted
/// by `localizedStandardCompare`, numbered in that order (a letter and its
/// other case sharing a number). Digit runs become one weight between the
/// last character that sorts before `0` and the first that sorts after `9`,
/// followed by their length and digits, so they compare by value.
struct PrimaryWeights: Sendable {
    private var weight: [UInt8]
    private let numberWeight: UInt8

    /// nil when the locale's collation of ASCII is not one weight per character
    /// (checked on known cases: contractions such as Czech `ch` or Danish `aa`,
    /// punctuation ignored at the primary level).
    static let current: PrimaryWeights? = PrimaryWeights(compare: { $0.localizedStandardCompare($1) })

    init?(compare: (String, String) -> ComparisonResult) {
        let others = (0x20...0x7E).filter { !(0x30...0x39).contains($0) }.map { String(UnicodeScalar(UInt8($0))) }
        let sorted = others.sorted { compare($0, $1) == .orderedAscending }
        weight = [UInt8](repeating: 0, count: 128)
        var next: UInt8 = 1
        var numberWeight: UInt8 = 0
        for (index, character) in sorted.enumerated() {
            if index > 0, character.lowercased() != sorted[index - 1].lowercased() { next += 1 }
            // Digits sort between the last character before "0" and the first after it.
            if numberWeight == 0, compare("0", character) == .orderedAscending {
                numberWeight = next
                next += 1
            }
            weight[Int(character.utf8.first!)] = next
        }
        self.numberWeight = numberWeight == 0 ? next + 1 : numberWeight
        guard Self.probes.allSatisfy({ a, b in
            (key(of: a)!.lexicographicallyPrecedes(key(of: b)!)) == (compare(a, b) == .orderedAscending)
        }) else { return nil }
    }

    /// Pairs whose order shows whether the weights describe the collation.
    private static let probes: [(String, String)] = [
        ("ab", "a-b"), ("a-b", "ab"), ("ab", "a b"), ("a b", "ab"), ("ca", "ch"), ("ch", "ci"), ("ch", "cz"),
        ("aa", "ab"), ("az", "aa"), ("ll", "lm"), ("lz", "ll"), ("i", "J"), ("I", "j"), ("v", "w"), ("w", "x"),
        ("y", "j"), ("j", "y"), ("dz", "e"), ("cs", "d"), ("x9", "x10"), ("x10", "x9"), ("a1", "a-"), ("a-", "a1"),
        ("Ib", "ia"), ("ia", "Ib"),
    ]

    /// The primary key of a printable ASCII text; nil for any other text.
    func key(of text: String) -> [UInt8]? {
        var key: [UInt8] = []
        return append(keyOf: text, to: &key) ? key : nil
    }

    /// Appends the primary key of a printable ASCII text to `key` and returns
    /// true; for any other text (or a run of more than 255 digits) appends
    /// nothing and returns false. A run of digits is the number weight, the
    /// count of its digits without leading zeros (at least one), then those
    /// digits: runs compare by value.
    func append(keyOf text: String, to key: inout [UInt8]) -> Bool {
        let start = key.count
        var run = -1  // where the current run's digit count is, or -1
        var valid = true
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else {
                valid = false
                break
            }
            if byte >= 0x30, byte <= 0x39 {
                if run < 0 {
                    key.append(numberWeight)
                    run = key.count
                    key.append(0)
                }
                if byte == 0x30, key.count == run + 1 { continue }  // a leading zero
                guard key[run] < 255 else {
                    valid = false
                    break
                }
                key[run] += 1
                key.append(byte)
            } else {
                if run >= 0 { endRun(at: run, in: &key) }
                run = -1
                key.append(weight[Int(byte)])
            }
        }
        guard valid else {
            key.removeSubrange(start...)
            return false
        }
        if run >= 0 { endRun(at: run, in: &key) }
        return true
    }

    /// A run of zeros alone is the number 0: one digit.
    private func endRun(at run: Int, in key: inout [UInt8]) {
        if key[run] == 0 {
            key[run] = 1
            key.append(0x30)
        }
    }
}
