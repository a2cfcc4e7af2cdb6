/// How many terminal cells a grapheme cluster takes: 0, 1 or 2.
///
/// - Controls (C0, DEL, C1, and "\r\n") take 0.
/// - East Asian Wide and Fullwidth characters (CJK, Hangul syllables, fullwidth
///   forms) take 2; Ambiguous ones take 1, as in a non-CJK locale.
/// - Emoji shown as pictures take 2: emoji-presentation characters, any emoji
///   followed by VS16 (U+FE0F), skin-tone modifier sequences, ZWJ sequences
///   (measured by their first emoji) and flags (a pair of regional indicators).
///   A lone regional indicator takes 1.
/// - Marks (Mn, Me), format characters (Cf, such as ZWJ and ZWSP) and Hangul
///   medial and final jamo take 0, so a combining mark adds nothing to its base.
/// - Anything else in a cluster adds up, as a terminal would draw it (an Indic
///   conjunct of two consonants takes 2).
public func cellWidth(of character: Character) -> Int {
    if let ascii = character.asciiValue {
        // "\r\n" is one Character whose asciiValue is 0x0A.
        return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.properties.generalCategory == .control { return 0 }
    if isRegionalIndicator(first) {
        return scalars.lazy.filter(isRegionalIndicator).count >= 2 ? 2 : 1
    }
    if first.properties.isEmoji {
        if isWideScalar(first.value) { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0F || isEmojiModifier($0) }) { return 2 }
    }
    var total = 0
    for scalar in scalars { total += cellWidth(ofScalar: scalar) }
    return total
}

/// Total cell width of a string: the sum over its grapheme clusters.
public func cellWidth<S: StringProtocol>(of text: S) -> Int {
    var total = 0
    for character in text { total += cellWidth(of: character) }
    return total
}

/// Cell width of one Unicode scalar taken alone: 0, 1 or 2. Prefer
/// `cellWidth(of:)` on a Character, which knows about emoji sequences and flags.
public func cellWidth(ofScalar scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }            // DEL and C1 controls
    if value == 0xAD { return 1 }           // soft hyphen: terminals show it
    if value < 0x300 { return 1 }           // Latin-1 and Latin Extended: no marks here
    if isWideScalar(value) { return 2 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control,
         .lineSeparator, .paragraphSeparator:
        return 0
    default:
        return ranges(zeroWidthLetterRanges, contain: value) ? 0 : 1
    }
}

private func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
}

private func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F3FB...0x1F3FF).contains(scalar.value)
}
