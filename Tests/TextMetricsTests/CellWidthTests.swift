import Testing
@testable import TextMetrics

@Suite struct CellWidthTests {
    @Test func asciiIsOneCellAndControlsAreZero() {
        #expect(cellWidth(of: "a") == 1)
        #expect(cellWidth(of: " ") == 1)
        #expect(cellWidth(of: "~") == 1)
        #expect(cellWidth(of: "\u{7}") == 0)
        #expect(cellWidth(of: "\u{1B}") == 0)
        #expect(cellWidth(of: "\u{7F}") == 0)
        #expect(cellWidth(of: "\u{85}") == 0)       // C1 NEL
        #expect(cellWidth(of: "\t") == 0)
        #expect(cellWidth(of: "\r\n" as Character) == 0)
    }

    @Test func cjkHangulAndFullwidthFormsAreTwoCells() {
        #expect(cellWidth(of: "漢") == 2)             // CJK unified
        #expect(cellWidth(of: "㐀") == 2)             // extension A
        #expect(cellWidth(of: "\u{20B9F}" as Character) == 2)  // extension B, plane 2
        #expect(cellWidth(of: "\u{30000}" as Character) == 2)  // plane 3
        #expect(cellWidth(of: "ひ") == 2)             // hiragana
        #expect(cellWidth(of: "カ") == 2)             // katakana
        #expect(cellWidth(of: "ｶ") == 1)              // halfwidth katakana
        #expect(cellWidth(of: "한") == 2)             // Hangul syllable
        #expect(cellWidth(of: "Ａ") == 2)             // fullwidth A
        #expect(cellWidth(of: "！") == 2)             // fullwidth !
        #expect(cellWidth(of: "￦") == 2)             // fullwidth won
        #expect(cellWidth(of: "\u{3000}" as Character) == 2)   // ideographic space (F)
        #expect(cellWidth(of: "。") == 2)
        #expect(cellWidth(of: "ab漢字") == 6)
    }

    @Test func tableEdgesAreExact() {
        #expect(cellWidth(ofScalar: "\u{10FF}") == 1)
        #expect(cellWidth(ofScalar: "\u{1100}") == 2)
        #expect(cellWidth(ofScalar: "\u{115F}") == 2)
        #expect(cellWidth(ofScalar: "\u{1160}") == 0)  // medial vowel
        #expect(cellWidth(ofScalar: "\u{FF00}") == 1)  // unassigned
        #expect(cellWidth(ofScalar: "\u{FF60}") == 2)
        #expect(cellWidth(ofScalar: "\u{FF61}") == 1)  // halfwidth ideographic full stop
        #expect(cellWidth(ofScalar: "\u{A4C6}") == 2)
        #expect(cellWidth(ofScalar: "\u{A4D0}") == 1)  // Lisu
        #expect(cellWidth(ofScalar: "\u{4DC0}") == 1)  // Yijing hexagram: neutral
        #expect(cellWidth(ofScalar: "\u{3FFFD}") == 2)
        #expect(cellWidth(ofScalar: "\u{E0000}") == 1 || cellWidth(ofScalar: "\u{E0000}") == 0)
    }

    @Test func tablesAreSortedAndDisjoint() {
        for table in [wideScalarRanges, zeroWidthLetterRanges] {
            for (a, b) in zip(table, table.dropFirst()) {
                #expect(a.upperBound + 1 < b.lowerBound, "\(a) and \(b) overlap or should be merged")
            }
        }
        // Binary search agrees with a linear scan across the whole BMP and the emoji planes.
        for value in stride(from: UInt32(0), through: 0x3FFFF, by: 7) {
            #expect(ranges(wideScalarRanges, contain: value) == wideScalarRanges.contains { $0.contains(value) })
        }
    }

    @Test func ambiguousCharactersAreNarrow() {
        for box in ["─", "│", "┌", "═", "╭", "█", "…", "°", "±", "→", "α", "Ж"] as [Character] {
            #expect(cellWidth(of: box) == 1, "\(box)")
        }
    }

    @Test func combiningMarksStayWithTheirBase() {
        #expect(cellWidth(of: "e\u{301}" as Character) == 1)
        #expect(cellWidth(of: "e\u{301}\u{308}\u{323}" as Character) == 1)
        #expect(cellWidth(of: "漢\u{302}" as Character) == 2)
        #expect(cellWidth(of: "Zalgo\u{300}\u{301}\u{302}o") == 6)
        #expect(cellWidth(of: "\u{301}" as Character) == 0)   // a mark alone has no base
        #expect(cellWidth(of: "a\u{20DD}" as Character) == 1)  // enclosing circle
    }

    @Test func hangulJamoSequencesMakeOneWideSyllable() {
        let syllable: Character = "\u{1112}\u{1161}\u{11AB}"   // ᄒ ᅡ ᆫ = 한
        #expect(syllable.unicodeScalars.count == 3)
        #expect(cellWidth(of: syllable) == 2)
        #expect(cellWidth(of: "\u{1100}\u{1161}" as Character) == 2)
    }

    @Test func formatCharactersTakeNoCell() {
        #expect(cellWidth(of: "\u{200B}" as Character) == 0)   // zero width space
        #expect(cellWidth(of: "\u{200D}" as Character) == 0)   // ZWJ alone
        #expect(cellWidth(of: "\u{FEFF}" as Character) == 0)   // BOM
        #expect(cellWidth(of: "a\u{200B}b") == 2)
        #expect(cellWidth(of: "\u{AD}" as Character) == 1)     // soft hyphen is shown
    }

    @Test func emojiArePictures() {
        #expect(cellWidth(of: "😀") == 2)
        #expect(cellWidth(of: "🚀") == 2)
        #expect(cellWidth(of: "🥺") == 2)
        #expect(cellWidth(of: "⌚") == 2)                        // emoji presentation by default
        #expect(cellWidth(of: "❤") == 1)                         // text presentation by default
        #expect(cellWidth(of: "❤\u{FE0F}" as Character) == 2)    // VS16 asks for the picture
        #expect(cellWidth(of: "☝\u{1F3FD}" as Character) == 2)   // modifier makes it a picture
        #expect(cellWidth(of: "👍🏽") == 2)
        #expect(cellWidth(of: "1\u{FE0F}\u{20E3}" as Character) == 2)   // keycap
        #expect(cellWidth(of: "1\u{20E3}" as Character) == 1)           // keycap without VS16
    }

    @Test func zwjSequencesAndFlagsAreOnePicture() {
        let family: Character = "👨‍👩‍👧‍👦"
        #expect(family.unicodeScalars.count == 7)
        #expect(cellWidth(of: family) == 2)
        #expect(cellWidth(of: "🧑🏽‍💻") == 2)
        #expect(cellWidth(of: "🏳️‍🌈") == 2)                    // starts with a text-default emoji + VS16
        #expect(cellWidth(of: "❤️‍🔥") == 2)
        #expect(cellWidth(of: "🇯🇵") == 2)
        #expect(cellWidth(of: "🇫🇷🇩🇪") == 4)                     // two flags
        #expect(cellWidth(of: "\u{1F1E6}" as Character) == 1)    // a lone regional indicator
        #expect(cellWidth(of: "🏴󠁧󠁢󠁳󠁣󠁴󠁿") == 2)                 // tag sequence (Scotland)
    }

    @Test func clustersOfSeveralSpacingLettersAddUp() {
        // ka + virama + ssa: one cluster since Unicode 15.1, two letters drawn.
        #expect(cellWidth(of: "क्ष") == 2)
        // ka + vowel sign i: the sign is a spacing mark (Mc) and takes a cell, as in wcwidth.
        #expect(cellWidth(of: "कि" as Character) == 2)
    }
}
