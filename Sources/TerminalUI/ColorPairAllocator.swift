/// A foreground/background combination as ncurses colour numbers (-1: default).
public struct ColorPairKey: Hashable, Sendable, CustomStringConvertible {
    /// The foreground colour number; -1 is the terminal's default.
    public var foreground: Int32
    /// The background colour number; -1 is the terminal's default.
    public var background: Int32

    /// The pair of ncurses colour numbers `foreground` on `background`.
    public init(foreground: Int32, background: Int32) {
        self.foreground = foreground
        self.background = background
    }

    /// The terminal's own colours, which pair 0 always holds.
    public static let terminalDefault = ColorPairKey(foreground: -1, background: -1)

    /// `(foreground, background)`, for test failures and logs.
    public var description: String { "(\(foreground), \(background))" }
}

/// Hands out ncurses colour pairs on demand and recycles the least recently used
/// one when the terminal's COLOR_PAIRS run out.
///
/// Pair 0 is the terminal default and never handed out for anything else. Time
/// is counted in frames: a pair used in the current frame is never recycled in
/// it, so one frame never paints two colour combinations with the same pair.
public struct ColorPairAllocator: Sendable {
    /// What asking for a pair came to, and what the caller has to do about it.
    public enum Allocation: Hashable, Sendable {
        /// The pair already holds these colours.
        case reused(Int32)
        /// The caller must define the pair (init_extended_pair). When `evicting`
        /// is set, cells still drawn with those colours show wrong ones until
        /// they are drawn again.
        case assigned(Int32, evicting: ColorPairKey?)
        /// Every pair is in use in this frame: draw with pair 0.
        case exhausted
    }

    /// Pairs the terminal has, pair 0 included.
    public let capacity: Int
    /// The current frame's number, counted from 1; pairs last used in an earlier frame may be recycled.
    public private(set) var frame: UInt64 = 1

    private var pairOfKey: [ColorPairKey: Int32] = [:]
    /// Indexed by pair number; slot 0 is unused.
    private var keyOfPair: [ColorPairKey] = [.terminalDefault]
    private var lastUsed: [UInt64] = [0]
    /// A doubly linked list over pair numbers, most recent first; 0 ends it.
    private var newer: [Int32] = [0]
    private var older: [Int32] = [0]
    private var mostRecent: Int32 = 0
    private var leastRecent: Int32 = 0

    /// An allocator for a terminal with `capacity` pairs (COLOR_PAIRS, pair 0 included; at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Pairs handed out so far (pair 0 not counted).
    public var allocatedCount: Int { keyOfPair.count - 1 }

    /// The pair currently holding `key`, without counting it as used.
    public func pair(holding key: ColorPairKey) -> Int32? {
        key == .terminalDefault ? 0 : pairOfKey[key]
    }

    /// The colours pair `pair` holds, if it was handed out.
    public func key(of pair: Int32) -> ColorPairKey? {
        pair == 0 ? .terminalDefault : (Int(pair) < keyOfPair.count ? keyOfPair[Int(pair)] : nil)
    }

    /// The pair to draw `key` with, marking it used in this frame.
    public mutating func allocate(_ key: ColorPairKey) -> Allocation {
        if key == .terminalDefault { return .reused(0) }
        if let pair = pairOfKey[key] {
            touch(pair)
            return .reused(pair)
        }
        if keyOfPair.count < capacity {
            let pair = Int32(keyOfPair.count)
            keyOfPair.append(key)
            lastUsed.append(frame)
            newer.append(0)
            older.append(0)
            pairOfKey[key] = pair
            pushFront(pair)
            return .assigned(pair, evicting: nil)
        }
        let victim = leastRecent
        guard victim != 0, lastUsed[Int(victim)] < frame else { return .exhausted }
        let evicted = keyOfPair[Int(victim)]
        pairOfKey[evicted] = nil
        pairOfKey[key] = victim
        keyOfPair[Int(victim)] = key
        touch(victim)
        return .assigned(victim, evicting: evicted)
    }

    /// Starts the next frame: pairs used so far become recyclable.
    public mutating func advanceFrame() {
        frame += 1
    }

    // MARK: - Recency list

    private mutating func touch(_ pair: Int32) {
        lastUsed[Int(pair)] = frame
        guard mostRecent != pair else { return }
        unlink(pair)
        pushFront(pair)
    }

    private mutating func pushFront(_ pair: Int32) {
        older[Int(pair)] = mostRecent
        newer[Int(pair)] = 0
        if mostRecent != 0 { newer[Int(mostRecent)] = pair }
        mostRecent = pair
        if leastRecent == 0 { leastRecent = pair }
    }

    private mutating func unlink(_ pair: Int32) {
        let before = newer[Int(pair)], after = older[Int(pair)]
        if before != 0 { older[Int(before)] = after } else { mostRecent = after }
        if after != 0 { newer[Int(after)] = before } else { leastRecent = before }
        newer[Int(pair)] = 0
        older[Int(pair)] = 0
    }
}
