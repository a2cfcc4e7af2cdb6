import Canvas
import CNcurses
import Cells

/// The session's colour pairs: maps cell colours to terminal colour numbers,
/// allocates pairs for them and defines new pairs in ncurses.
final class ColorPairs {
    let mapping: TerminalColorMapping
    private(set) var allocator: ColorPairAllocator
    /// Colours whose pair was recycled since the last frame: cells still drawn
    /// with them must be drawn again.
    private var evicted: Set<ColorPairKey> = []

    /// Mapped colour numbers: finding the nearest palette colour is not cheap,
    /// and a screen uses few colour pairs. Bounded, for gradients.
    private var numbers: [ColorUse: ColorPairKey] = [:]

    /// A cell's two colours, mapped together so the glyph stays readable.
    private struct ColorUse: Hashable {
        var foreground: Color?
        var background: Color?
    }

    init(mapping: TerminalColorMapping, capacity: Int) {
        self.mapping = mapping
        allocator = ColorPairAllocator(capacity: mapping.support.depth == nil ? 1 : capacity)
    }

    func key(for cell: Cell) -> ColorPairKey {
        let use = ColorUse(foreground: cell.foreground, background: cell.background)
        if let known = numbers[use] { return known }
        if numbers.count >= 4096 { numbers.removeAll(keepingCapacity: true) }
        let mapped = mapping.numbers(foreground: cell.foreground, background: cell.background)
        let key = ColorPairKey(foreground: mapped.foreground, background: mapped.background)
        numbers[use] = key
        return key
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
