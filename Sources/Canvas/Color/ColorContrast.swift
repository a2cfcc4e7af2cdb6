import Cells

/// What a reduced palette must not lose: text readable on its background, and
/// colours that differ told apart. Both matter only when colours are mapped to
/// 256, 16 or 8; true colour shows every colour as it is.
extension ColorMapper {
    /// A cell's two colours as the terminal is told to show them (nil: the
    /// terminal's default colour).
    ///
    /// Each maps as `map(_:)` does, except that a foreground that would land on
    /// (or too near) its background gets the palette entry nearest to it that
    /// stands as far from the background as the stylesheet put the two
    /// (`minimumContrast` at most). Colours the stylesheet made alike stay alike:
    /// text meant to be hidden stays hidden.
    public func map(foreground: Color?, background: Color?) -> (foreground: TerminalColor?, background: TerminalColor?) {
        let back = background.map(map)
        let fore = foreground.map(map)
        guard depth != .trueColor else { return (fore, back) }
        let intended = OKLab(theme.rgb(of: foreground, isForeground: true))
            .distance(to: OKLab(theme.rgb(of: background, isForeground: false)))
        let wanted = min(intended, Self.minimumContrast)
        guard wanted > Self.alike else { return (fore, back) }
        let backLab = OKLab(back.map(rgb(of:)) ?? theme.background)
        let foreLab = OKLab(fore.map(rgb(of:)) ?? theme.foreground)
        guard foreLab.distance(to: backLab) < wanted else { return (fore, back) }
        return (entry(readableOver: backLab, closestTo: intendedLab(foreground), contrast: wanted), back)
    }

    /// This mapper with `colors` (say every colour one screen uses) given palette
    /// entries that keep them apart: two colours that do not look alike get
    /// different entries wherever an unused entry lies within `spareDistance` of
    /// the one each would take alone. The closest matches choose first, so the
    /// result does not depend on the order of `colors` beyond breaking exact ties.
    public func keepingApart<Colors: Sequence>(_ colors: Colors) -> ColorMapper where Colors.Element == Color {
        guard depth == .ansi16 || depth == .ansi8 else { return self }
        var plan = PaletteAssignment(palette: paletteLab)
        var seen: Set<Color> = []
        for color in colors where seen.insert(color).inserted {
            if isFixed(color), case .ansi(let index) = map(color) {
                plan.hold(Int(index), for: OKLab(theme.rgb(of: color)))
            } else {
                plan.add(OKLab(theme.rgb(of: color)), for: color)
            }
        }
        var result = self
        result.assigned = plan.solve().mapValues { .ansi(UInt8($0)) }
        return result
    }

    /// Colours whose entry the stylesheet named: ANSI colours, and at 16
    /// colours `color(0)`…`color(15)`.
    private func isFixed(_ color: Color) -> Bool {
        switch color {
        case .ansi: true
        case .indexed(let index): depth == .ansi16 && index < 16
        case .rgb: false
        }
    }

    private func intendedLab(_ color: Color?) -> OKLab {
        OKLab(theme.rgb(of: color, isForeground: true))
    }

    /// The palette entry closest to `target` among those at least `contrast` from
    /// `background`, or the one furthest from it when none is.
    private func entry(readableOver background: OKLab, closestTo target: OKLab, contrast: Double) -> TerminalColor {
        var best: Int?
        var bestDistance = Double.infinity
        var furthest = 0
        var furthestDistance = -1.0
        for (index, lab) in paletteLab.enumerated() {
            let fromBackground = lab.distance(to: background)
            if fromBackground > furthestDistance { (furthest, furthestDistance) = (index, fromBackground) }
            guard fromBackground >= contrast else { continue }
            let fromTarget = lab.squaredDistance(to: target)
            if fromTarget < bestDistance { (best, bestDistance) = (index, fromTarget) }
        }
        let index = UInt8(best ?? furthest)
        return depth == .palette256 ? .indexed(index) : .ansi(index)
    }
}

/// Gives colours palette entries so that colours which look different stay
/// different: a greedy matching over (colour, entry) pairs, closest first.
struct PaletteAssignment {
    let palette: [OKLab]
    private var colors: [(color: Color, lab: OKLab)] = []
    /// The colours already standing on each entry.
    private var holders: [[OKLab]]

    init(palette: [OKLab]) {
        self.palette = palette
        holders = Array(repeating: [], count: palette.count)
    }

    /// An entry a colour takes whatever happens (an ANSI colour named as such).
    mutating func hold(_ entry: Int, for lab: OKLab) {
        holders[entry].append(lab)
    }

    mutating func add(_ lab: OKLab, for color: Color) {
        colors.append((color, lab))
    }

    /// The entry of every colour that moves off its nearest; the others keep it.
    mutating func solve() -> [Color: Int] {
        var candidates: [(distance: Double, color: Int, entry: Int)] = []
        for (index, color) in colors.enumerated() {
            let distances = palette.map { $0.distance(to: color.lab) }
            let limit = distances.min()! + ColorMapper.spareDistance
            for (entry, distance) in distances.enumerated() where distance <= limit {
                candidates.append((distance, index, entry))
            }
        }
        candidates.sort { ($0.distance, $0.color, $0.entry) < ($1.distance, $1.color, $1.entry) }
        var chosen: [Int?] = Array(repeating: nil, count: colors.count)
        for candidate in candidates where chosen[candidate.color] == nil {
            let lab = colors[candidate.color].lab
            guard holders[candidate.entry].allSatisfy({ $0.distance(to: lab) < ColorMapper.alike }) else { continue }
            chosen[candidate.color] = candidate.entry
            holders[candidate.entry].append(lab)
        }
        var result: [Color: Int] = [:]
        for (index, entry) in chosen.enumerated() {
            if let entry { result[colors[index].color] = entry }
        }
        return result
    }
}
