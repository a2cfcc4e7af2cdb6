import Diagnostics

/// Where two versions of a text differ: a common prefix, a common suffix and
/// one changed region between them.
struct TextEdit {
    /// Bytes both start with.
    let prefix: Int
    /// Bytes both end with (not overlapping the prefix).
    let suffix: Int
    let oldCount: Int
    let newCount: Int
    /// The last line end before the change: a view whose extent ends at or
    /// before it parses the same in both (-1 when there is none).
    let lastLineEndBefore: Int
    /// The first line end in the unchanged tail: a view whose header line
    /// starts after it parses the same in both, at the same columns.
    let firstLineEndAfter: Int

    init(old: [UInt8], new: [UInt8]) {
        oldCount = old.count
        newCount = new.count
        let shorter = min(old.count, new.count)
        var prefix = 0, suffix = 0
        // One of the few unsafe helpers outside the solver: every spec reload
        // compares its whole text with the last, and raw bytes allow eight at a time.
        old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                // Eight bytes at a time while they agree, then byte by byte.
                while prefix + 8 <= shorter,
                    old.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                        == new.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                {
                    prefix += 8
                }
                while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
                while suffix + 8 <= shorter - prefix,
                    old.loadUnaligned(fromByteOffset: old.count - 8 - suffix, as: UInt64.self)
                        == new.loadUnaligned(fromByteOffset: new.count - 8 - suffix, as: UInt64.self)
                {
                    suffix += 8
                }
                while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            }
        }
        self.prefix = prefix
        self.suffix = suffix
        // Parsing a view looks past its extent at most at the next token (the
        // next view's kind word), never past the end of that line; no token
        // spans lines.
        var before = -1
        var index = prefix - 1
        while index >= 0 {
            if new[index] == 10 { before = index; break }
            index -= 1
        }
        lastLineEndBefore = before
        var after = Int.max
        index = new.count - suffix
        while index < new.count {
            if new[index] == 10 { after = index; break }
            index += 1
        }
        firstLineEndAfter = after
    }

    var isUnchanged: Bool { prefix == oldCount && prefix == newCount }

    /// The changed region of the old text, ends included.
    func touchesOld(_ span: SourceSpan) -> Bool {
        !isUnchanged && span.start <= oldCount - suffix && span.end >= prefix
    }

    func touchesNew(_ span: SourceSpan) -> Bool {
        !isUnchanged && span.start <= newCount - suffix && span.end >= prefix
    }

    /// Where an offset of the old text outside the changed region is in the new one.
    func newOffset(ofOld offset: Int) -> Int {
        offset < prefix ? offset : offset + newCount - oldCount
    }

    func oldOffset(ofNew offset: Int) -> Int {
        offset < prefix ? offset : offset - newCount + oldCount
    }
}
