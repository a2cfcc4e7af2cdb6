/// `text` cut to at most `width` cells, ending in `ellipsis` when anything was
/// cut. Never splits a grapheme: a wide character that would straddle the limit
/// is left out. Spaces just before the ellipsis are dropped ("Hello…", not
/// "Hello …"). A width too small even for the ellipsis gives what fits of the text.
public func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if cellWidth(of: text) <= width { return text }
    let ellipsisWidth = cellWidth(of: ellipsis)
    guard ellipsisWidth <= width else { return prefix(of: text, fittingWidth: width) }
    var kept = prefix(of: text, fittingWidth: width - ellipsisWidth)
    while let last = kept.last, last.isWhitespace { kept.removeLast() }
    return kept + ellipsis
}

/// The longest prefix of `text` that fits in `width` cells, whole graphemes only.
public func prefix(of text: String, fittingWidth width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
        let characterWidth = cellWidth(of: character)
        if used + characterWidth > width { break }
        result.append(character)
        used += characterWidth
    }
    return result
}
