/// Numbers the distinct byte runs of one source: the same bytes get the same number
/// wherever they occur. The parser uses it to recognise text it has already read (a
/// selector name, a whole declaration) without building a `String` or hashing one:
/// a run is hashed with FNV-1a and compared byte by byte, and the table is an open
/// addressing array of plain integers, so a lookup allocates nothing. Each run keeps
/// a `Value` the caller attaches (a property's spec, a name's symbol) in the same
/// array, so a table and what it numbers cost one allocation, not two.
struct SliceTable<Value: Sendable>: Sendable {
    private let bytes: [UInt8]
    /// Entry number + 1 per slot, 0 for an empty slot; the count is a power of two.
    private var slots: [Int32]
    private var runs: [(start: Int32, end: Int32, hash: UInt32, value: Value)] = []

    /// Up to this many runs are found by a scan of `runs` and `slots` stays empty:
    /// most files of a many-file import graph hold a name or two, and a hash array
    /// for each would cost more to allocate, fill and free than the scans it saves.
    static var scanLimit: Int { 8 }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.slots = []  // built once the table outgrows `scanLimit`: a small table has none
    }

    /// How many distinct runs the table holds; their numbers are `0..<count`.
    var count: Int { runs.count }

    /// The value attached to run `number`.
    subscript(number: Int) -> Value {
        get { runs[number].value }
        set { runs[number].value = newValue }
    }

    /// The number of the run `range` of the source, and whether it was new (then it
    /// got the next number, `count - 1`, and `value`).
    mutating func number(of range: Range<Int>, inserting value: Value) -> (number: Int, isNew: Bool) {
        let hash = Self.hash(bytes, range)
        if slots.isEmpty { return scanNumber(of: range, hash: hash, inserting: value) }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if runs[entry].hash == hash, equal(runs[entry].start, runs[entry].end, range) {
                return (entry, false)
            }
            slot = (slot + 1) & mask
        }
        runs.append((Int32(range.lowerBound), Int32(range.upperBound), hash, value))
        slots[slot] = Int32(runs.count)
        // Keep the table at most half full, so probe runs stay short.
        if runs.count * 2 > slots.count { grow() }
        return (runs.count - 1, true)
    }

    /// `number(of:)` for a table of at most `scanLimit` runs: compares hashes in order.
    private mutating func scanNumber(of range: Range<Int>, hash: UInt32, inserting value: Value)
        -> (number: Int, isNew: Bool)
    {
        for entry in runs.indices where runs[entry].hash == hash && equal(runs[entry].start, runs[entry].end, range) {
            return (entry, false)
        }
        // One allocation holds every run of a small table.
        if runs.isEmpty { runs.reserveCapacity(Self.scanLimit) }
        runs.append((Int32(range.lowerBound), Int32(range.upperBound), hash, value))
        if runs.count > Self.scanLimit { grow() }
        return (runs.count - 1, true)
    }

    private func equal(_ start: Int32, _ end: Int32, _ range: Range<Int>) -> Bool {
        let start = Int(start)
        guard Int(end) - start == range.count else { return false }
        // Unchecked, unaligned reads eight bytes at a time: both runs were taken from
        // `bytes` (token ranges of its source), and no load passes a run's end.
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= range.count {
                guard raw.loadUnaligned(fromByteOffset: start + offset, as: UInt64.self)
                    == raw.loadUnaligned(fromByteOffset: range.lowerBound + offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            while offset < range.count {
                guard raw[start + offset] == raw[range.lowerBound + offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: max(64, slots.count * 2))
        let mask = slots.count - 1
        for (entry, run) in runs.enumerated() {
            var slot = Int(run.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry + 1)
        }
    }

    /// A multiply-and-fold hash over eight bytes at a time (bytes past the last
    /// whole word one by one), finished with MurmurHash3's mixer so that every byte
    /// reaches the low bits a slot index uses: a declaration's text costs a few
    /// instructions per word instead of per byte.
    private static func hash(_ bytes: [UInt8], _ range: Range<Int>) -> UInt32 {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
        // Unchecked, unaligned reads: the range was checked once above, and no load
        // passes its end.
        return bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(range.count)
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 32
                offset += 8
            }
            while offset < range.upperBound {
                hash = (hash ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01B3
                offset += 1
            }
            hash ^= hash >> 33
            hash &*= 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 33
            return UInt32(truncatingIfNeeded: hash)
        }
    }
}
