import Foundation

/// A table cell as a sort reads it, worked out once per cell rather than once
/// per comparison. The order is a `Table`'s: cells that both read as numbers
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
struct TableSortKey {
    let text: String
    let number: Double?
    /// nil: not printable ASCII (or a locale whose collation the weights do not
    /// describe), so every comparison with it goes to the locale.
    let primary: [UInt32]?

    init(_ text: String) {
        self.text = text
        number = Double(text)
        primary = PrimaryWeights.current?.key(of: text)
    }

    /// `a` before `b` in ascending order; nil when neither comes first.
    static func ascending(_ a: TableSortKey, _ b: TableSortKey, compare: (String, String) -> ComparisonResult) -> Bool? {
        if let x = a.number, let y = b.number, x != y { return x < y }
        if let p = a.primary, let q = b.primary, p != q { return p.lexicographicallyPrecedes(q) }
        if a.text == b.text { return nil }
        return compare(a.text, b.text) == .orderedAscending
    }
}

/// The primary collation weights of printable ASCII in the current locale,
/// read from the locale itself: the 85 characters that are not digits, sorted
/// by `localizedStandardCompare`, numbered in that order (a letter and its
/// other case sharing a number). Digit runs become one weight between the
/// last character that sorts before `0` and the first that sorts after `9`,
/// followed by their length and digits, so they compare by value.
struct PrimaryWeights: Sendable {
    private var weight: [UInt32]
    private let numberWeight: UInt32

    /// nil when the locale's collation of ASCII is not one weight per character
    /// (checked on known cases: contractions such as Czech `ch` or Danish `aa`,
    /// punctuation ignored at the primary level).
    static let current: PrimaryWeights? = PrimaryWeights(compare: { $0.localizedStandardCompare($1) })

    init?(compare: (String, String) -> ComparisonResult) {
        let others = (0x20...0x7E).filter { !(0x30...0x39).contains($0) }.map { String(UnicodeScalar(UInt8($0))) }
        let sorted = others.sorted { compare($0, $1) == .orderedAscending }
        weight = [UInt32](repeating: 0, count: 128)
        var next: UInt32 = 1
        var numberWeight: UInt32 = 0
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
    func key(of text: String) -> [UInt32]? {
        var key: [UInt32] = []
        key.reserveCapacity(text.utf8.count)
        var digits: [UInt8] = []
        func endNumber() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == 0x30 }
            let value = significant.isEmpty ? [0x30] : Array(significant)
            key.append(numberWeight)
            key.append(UInt32(value.count))
            for digit in value { key.append(UInt32(digit)) }
            digits.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            if byte >= 0x30, byte <= 0x39 {
                digits.append(byte)
            } else {
                endNumber()
                key.append(weight[Int(byte)])
            }
        }
        endNumber()
        return key
    }
}
