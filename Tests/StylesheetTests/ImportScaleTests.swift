import Testing

@testable import Stylesheet

/// A chain of imports used to cost O(N²): every import copied the whole import stack
/// to check for cycles, and every file re-reserved the rule arrays at exactly their
/// new size (a full copy per file). 20,000 files took about 40 s; now well under one.
@Suite struct ImportScaleTests {
    static func chain(_ count: Int, closingCycle: Bool = false) -> [String: String] {
        var files: [String: String] = [:]
        for n in 0..<count {
            let next = n + 1 < count ? "@import \"f\(n + 1).cas\"\n" : (closingCycle ? "@import \"f0.cas\"\n" : "")
            files["f\(n).cas"] = next + "#v\(n) { z-index \(n % 7) }\n"
        }
        return files
    }

    @Test func aLongImportChainLinksEveryFileInOrder() {
        let count = 20_000
        let sheet = load(Self.chain(count), entry: "f0.cas")
        #expect(sheet.diagnostics.isEmpty)
        #expect(sheet.files.count == count)
        #expect(sheet.rules.count == count)
        // Imported rules sit at their @import: the deepest file's rule comes first.
        #expect(sheet.rules.first?.selector.description == "#v\(count - 1)")
        #expect(sheet.rules.last?.selector.description == "#v0")
    }

    @Test func aCycleAtTheEndOfALongChainStillNamesTheWholeChain() {
        let sheet = load(Self.chain(500, closingCycle: true), entry: "f0.cas")
        let errors = messages(sheet, .error)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("import cycle: f0.cas → f1.cas → ") == true)
        #expect(errors.first?.hasSuffix("f499.cas → f0.cas") == true)
    }

    @Test func aFileImportedAgainAfterItsChainEndedIsNotACycle() {
        let sheet = load(
            ["main.cas": "@import \"a.cas\"\n@import \"a.cas\"\n@import \"b.cas\"", "a.cas": "box { bold true }",
             "b.cas": "@import \"a.cas\""], entry: "main.cas")
        #expect(sheet.diagnostics.isEmpty, "\(messages(sheet))")
        #expect(sheet.files.count == 3)
    }

    @Test func growingReservationsAtLeastDouble() {
        var array: [Int] = []
        var reallocations = 0
        var capacity = array.capacity
        for _ in 0..<10_000 {
            array.reserveGrowing(1)
            array.append(0)
            if array.capacity != capacity { reallocations += 1; capacity = array.capacity }
        }
        #expect(reallocations < 40)
    }
}
