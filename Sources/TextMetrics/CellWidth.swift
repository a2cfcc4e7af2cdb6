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
    // One scalar (most characters): its own width, a lone emoji or regional
    // indicator included. Decoded from UTF-8 directly, the fastest way in.
    if let scalar = singleScalar(of: character) { return cellWidth(ofScalar: scalar) }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.properties.generalCategory == .control { return 0 }   // "\r\n"
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
    // Punctuation, symbols, arrows, box drawing, shapes and dingbats: blocks with
    // no marks or format characters, answered without a property lookup.
    if (0x2100...0x2BFF).contains(value) || (0x2010...0x2027).contains(value) || (0x2030...0x205F).contains(value) {
        return 1
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control,
         .lineSeparator, .paragraphSeparator:
        return 0
    default:
        return ranges(zeroWidthLetterRanges, contain: value) ? 0 : 1
    }
}

/// The character's only scalar, or nil when it has several.
@inline(__always)
private func singleScalar(of character: Character) -> Unicode.Scalar? {
    let utf8 = character.utf8
    var bytes = utf8.makeIterator()
    guard let lead = bytes.next() else { return nil }
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    guard utf8.count == length else { return nil }
    var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
    while let byte = bytes.next() { value = value << 6 | UInt32(byte & 0x3F) }
    return Unicode.Scalar(value)
}

private func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
}

private func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F3FB...0x1F3FF).contains(scalar.value)
}
