/// A small open-addressing map from non-negative integer ids to Int32 slots.
///
/// Faster than `Dictionary` for the solver's hot lookups (variable id to symbol,
/// constraint id to record) and unseeded, so its cost never varies between runs.
/// It is only ever looked up, never iterated.
struct IdentityMap: Sendable {
    private var keys: [Int] = Array(repeating: -1, count: 16)
    private var values: [Int32] = Array(repeating: 0, count: 16)
    private(set) var count = 0
    private var shift = 60  // 64 - log2(capacity)

    @inline(__always) private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    subscript(key: Int) -> Int32? {
        var i = home(key)
        let mask = keys.count - 1
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k < 0 { return nil }
            i = (i + 1) & mask
        }
    }

    mutating func set(_ key: Int, _ value: Int32) {
        precondition(key >= 0)
        if (count + 1) * 2 > keys.count { grow() }
        var i = home(key)
        let mask = keys.count - 1
        while true {
            let k = keys[i]
            if k == key { values[i] = value; return }
            if k < 0 { keys[i] = key; values[i] = value; count += 1; return }
            i = (i + 1) & mask
        }
    }

    mutating func remove(_ key: Int) {
        let mask = keys.count - 1
        var i = home(key)
        while true {
            let k = keys[i]
            if k < 0 { return }
            if k == key { break }
            i = (i + 1) & mask
        }
        // Backward-shift deletion keeps probe chains intact without tombstones.
        var hole = i
        var j = (i + 1) & mask
        while keys[j] >= 0 {
            let h = home(keys[j])
            let distanceJ = (j - h) & mask
            let distanceHole = (hole - h) & mask
            if distanceHole <= distanceJ {
                keys[hole] = keys[j]
                values[hole] = values[j]
                hole = j
            }
            j = (j + 1) & mask
        }
        keys[hole] = -1
        count -= 1
    }

    mutating func removeAll() { self = IdentityMap() }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: -1, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for i in 0..<oldKeys.count where oldKeys[i] >= 0 { set(oldKeys[i], oldValues[i]) }
    }
}

/// A map from non-negative ids to Int32 slots stored as directly indexed
/// pages of 1024 entries, created on demand. Ids handed out in sequence (as
/// `Variable` ids are) land in the same pages, so lookups are two array reads
/// with good locality. Only ever looked up, never iterated.
struct PagedIdentityMap: Sendable {
    private static let pageBits = 10
    private static let pageMask = (1 << pageBits) - 1
    /// Page number -> offset of that page in `storage`, or -1.
    private var directory: [Int] = []
    private var storage: [Int32] = []
    private(set) var count = 0

    @inline(__always) subscript(key: Int) -> Int32? {
        let p = key >> Self.pageBits
        guard p < directory.count else { return nil }
        let offset = directory[p]
        guard offset >= 0 else { return nil }
        let v = storage[offset + (key & Self.pageMask)]
        return v >= 0 ? v : nil
    }

    mutating func set(_ key: Int, _ value: Int32) {
        precondition(key >= 0 && value >= 0)
        let p = key >> Self.pageBits
        if p >= directory.count { directory.append(contentsOf: repeatElement(-1, count: p + 1 - directory.count)) }
        if directory[p] < 0 {
            directory[p] = storage.count
            storage.append(contentsOf: repeatElement(-1, count: 1 << Self.pageBits))
        }
        let i = directory[p] + (key & Self.pageMask)
        if storage[i] < 0 { count += 1 }
        storage[i] = value
    }

    mutating func remove(_ key: Int) {
        let p = key >> Self.pageBits
        guard p < directory.count, directory[p] >= 0 else { return }
        let i = directory[p] + (key & Self.pageMask)
        if storage[i] >= 0 {
            storage[i] = -1
            count -= 1
        }
    }
}
