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
