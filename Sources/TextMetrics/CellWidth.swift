/// How many terminal cells a grapheme takes: 0 (controls), 1, or 2 (wide: CJK,
/// most emoji). Combining marks stay inside their base's cluster.
public func cellWidth(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
    return isWide(value) ? 2 : 1
}

/// Total cell width of a string.
public func cellWidth<S: StringProtocol>(of text: S) -> Int {
    text.reduce(0) { $0 + cellWidth(of: $1) }
}

/// East Asian Wide and Fullwidth blocks (a coarse table; see TextMetrics tests).
private func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
         0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
         0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
         0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
        true
    default:
        false
    }
}
