/// Reads decisions out of a fuzz input, front to back: a byte, a number below a
/// bound, one of a list. Past the end every read gives zero, so any input, even an
/// empty one, is a complete run; libFuzzer's mutations of the bytes become changes
/// of the decisions.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// True once every byte was read.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<bound` (0 when `bound` is 1 or less), from one byte, or two
    /// when the bound needs them.
    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let raw = bound > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return raw % bound
    }

    /// One of `items`, which must not be empty.
    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A coin toss.
    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Up to `limit` bytes, the length read first.
    mutating func bytes(upTo limit: Int) -> [UInt8] {
        let count = below(limit + 1)
        var result: [UInt8] = []
        result.reserveCapacity(count)
        for _ in 0..<count where !isAtEnd { result.append(byte()) }
        return result
    }
}

extension Array where Element == UInt8 {
    /// The input cut at every NUL byte: several files (or versions of one) in one
    /// input, which libFuzzer mutates as easily as one.
    func nulSeparatedParts(limit: Int) -> [String] {
        split(separator: 0, maxSplits: limit - 1, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
