import Canvas
import CNcurses

/// The session's colour pairs: maps cell colours to terminal colour numbers,
/// allocates pairs for them and defines new pairs in ncurses.
final class ColorPairs {
    let mapping: TerminalColorMapping
    private(set) var allocator: ColorPairAllocator
    /// Colours whose pair was recycled since the last frame: cells still drawn
    /// with them must be drawn again.
    private var evicted: Set<ColorPairKey> = []

    init(mapping: TerminalColorMapping, capacity: Int) {
        self.mapping = mapping
        allocator = ColorPairAllocator(capacity: mapping.depth == .monochrome ? 1 : capacity)
    }

    func key(for cell: Cell) -> ColorPairKey {
        ColorPairKey(
            foreground: mapping.number(for: cell.foreground, foreground: true),
            background: mapping.number(for: cell.background, foreground: false)
        )
    }

    func pair(for cell: Cell) -> Int32 {
        let key = key(for: cell)
        switch allocator.allocate(key) {
        case .reused(let pair):
            return pair
        case .assigned(let pair, let evicting):
            if let evicting { evicted.insert(evicting) }
            return casement_init_pair(pair, key.foreground, key.background) == OK ? pair : 0
        case .exhausted:
            return 0
        }
    }

    func takeEvicted() -> Set<ColorPairKey> {
        defer { evicted = [] }
        return evicted
    }

    func advanceFrame() {
        allocator.advanceFrame()
    }
}
