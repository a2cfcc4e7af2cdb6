import TestSupport
import Testing
@testable import TerminalUI

private func guarded(_ text: String) -> String {
    var reports = MouseReportGuard()
    return String(decoding: reports.filter(Array(text.utf8)), as: UTF8.self)
}

/// What ncurses 6.4 would read as SGR reports in `bytes`: from `ESC [ <` to the
/// next byte in 0x40–0x7E (or the end), as ncurses' `read_SGR` ends them.
private func reports(in bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var found: [ArraySlice<UInt8>] = []
    var index = 0
    while let start = bytes[index...].firstRange(of: [0x1B, 0x5B, 0x3C]) {
        let body = start.upperBound
        let end = bytes[body...].firstIndex { (0x40...0x7E).contains($0) } ?? bytes.count
        found.append(bytes[body..<end])
        index = min(end + 1, bytes.count)
    }
    return found
}

/// SGR mouse reports reach ncurses only in the shape a terminal sends, so that
/// ncurses 6.4, which overflows its nine-parameter array, never sees more.
@Suite struct MouseReportGuardTests {
    @Test func whatATerminalSendsPassesUnchanged() {
        for text in [
            "hello", "\u{1B}[<0;10;5M", "\u{1B}[<0;10;5m", "\u{1B}[<64;200;50M", "\u{1B}[<2;65535;65535M",
            "\u{1B}[A\u{1B}OP\u{1B}[1;5C", "漢字 😀", "\u{1B}\u{1B}[<0;1;1M", "\u{1B}[<", "a<b", "[<1;2;3;4M",
        ] {
            #expect(guarded(text) == text, "\(text.debugDescription)")
        }
    }

    @Test func aFourthParameterEndsTheReportAndTheRestIsDropped() {
        #expect(guarded("\u{1B}[<0;1;2;3Mx") == "\u{1B}[<0;1;2mx")
        #expect(guarded("\u{1B}[<0;1;2;3;4;5;6;7;8;9;10;11Mabc") == "\u{1B}[<0;1;2mabc")
    }

    /// The report the `keys` fuzz target found (Fuzz/crashes/keys/sgr-many-parameters):
    /// forty-six separators and a digit took ncurses far past its array.
    @Test func theReportThatCrashedNcursesIsCutAfterItsThirdParameter() {
        let report = "\u{1B}[<" + String(repeating: ";", count: 46) + "0M"
        #expect(guarded(report + "q") == "\u{1B}[<;;mq")
    }

    @Test func aParameterOfTenDigitsEndsTheReport() {
        #expect(guarded("\u{1B}[<0;123456789;1M") == "\u{1B}[<0;123456789;1M")
        #expect(guarded("\u{1B}[<0;1234567890;1Mz") == "\u{1B}[<0;123456789mz")
    }

    @Test func aBodyLongerThan32BytesEndsTheReport() {
        let body = String(repeating: "\u{7}", count: 40)
        #expect(guarded("\u{1B}[<" + body + "Mz") == "\u{1B}[<" + String(body.prefix(32)) + "mz")
    }

    @Test func anEscapeEndsWhatIsDroppedAndStartsANewSequence() {
        #expect(guarded("\u{1B}[<1;2;3;4;5\u{1B}[Ax") == "\u{1B}[<1;2;3m\u{1B}[Ax")
        #expect(guarded("\u{1B}[<1;2;3;4\u{1B}[<0;1;1M") == "\u{1B}[<1;2;3m\u{1B}[<0;1;1M")
    }

    @Test func theEndOfInputEndsAReportNcursesWouldWaitFor() {
        var reports = MouseReportGuard()
        #expect(reports.filter(Array("\u{1B}[<65;300;".utf8)) == Array("\u{1B}[<65;300;".utf8))
        #expect(reports.isInsideReport)
        #expect(reports.finish() == Array("m".utf8))
        #expect(!reports.isInsideReport)
        #expect(reports.finish().isEmpty)
        var plain = MouseReportGuard()
        _ = plain.filter(Array("abc\u{1B}[".utf8))
        #expect(plain.finish().isEmpty)
    }

    /// Random bytes, heavy in the report's own characters: whatever comes, every
    /// report ncurses would read has at most three parameters, nine digits to a
    /// parameter and 32 bytes; and the result does not depend on how the bytes
    /// were split into reads.
    @Test func randomInputNeverReachesNcursesAsAnOversizedReport() {
        var random = SplitMix64(seed: 26)
        let alphabet = Array("0123456789;;;;;<[\u{1B}Mmx\u{7}".utf8) + [0xC3, 0xA9, 0x7F]
        for _ in 0..<2000 {
            let input = (0..<random.below(300)).map { _ in alphabet[random.below(alphabet.count)] }
            var whole = MouseReportGuard()
            let passed = whole.filter(input) + whole.finish()
            for report in reports(in: passed) {
                #expect(report.count <= MouseReportGuard.maximumBodyLength)
                #expect(report.count { $0 == UInt8(ascii: ";") } < MouseReportGuard.maximumParameters)
                let longestNumber = report.split { !(0x30...0x39).contains($0) }.map(\.count).max() ?? 0
                #expect(longestNumber <= MouseReportGuard.maximumDigits)
            }
            var split = MouseReportGuard(), piecewise: [UInt8] = []
            var rest = input[...]
            while !rest.isEmpty {
                let count = 1 + random.below(rest.count)
                piecewise += split.filter(rest.prefix(count))
                rest = rest.dropFirst(count)
            }
            #expect(piecewise + split.finish() == passed)
            #expect(passed.count <= input.count + 1)
        }
    }
}
