import Foundation
import Testing
import TestSupport

@testable import LanguageServer

/// Reads `bytes` in chunks of the given sizes (cycled), then ends.
private func reader(_ bytes: [UInt8], chunks: [Int] = [65536], maximumLength: Int = MessageReader.defaultMaximumLength)
    -> MessageReader
{
    var position = 0
    var turn = 0
    return MessageReader(maximumLength: maximumLength) {
        guard position < bytes.count else { return [] }
        let size = max(1, chunks[turn % chunks.count])
        turn += 1
        let end = min(bytes.count, position + size)
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

private func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

private func allFrames(_ reader: inout MessageReader, limit: Int = 100_000) -> [Frame] {
    var frames: [Frame] = []
    while frames.count < limit, let frame = reader.next() { frames.append(frame) }
    return frames
}

@Suite struct FramingTests {
    @Test func readsMessagesWhateverTheChunkSizes() {
        let bytes = frame("{\"a\":1}") + frame("{\"b\":\"é😀\"}")
        for chunks in [[1], [2, 3], [7], [65536]] {
            var input = reader(bytes, chunks: chunks)
            #expect(allFrames(&input) == [.message(Data("{\"a\":1}".utf8)), .message(Data("{\"b\":\"é😀\"}".utf8))])
        }
    }

    @Test func otherHeadersAndCaseAreAccepted() {
        let bytes = Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        var input = reader(bytes)
        #expect(allFrames(&input) == [.message(Data("{}".utf8))])
    }

    @Test func aHeaderWithoutAValidLengthIsSkippedAndReadingGoesOn() {
        for header in ["Content-Type: x", "Content-Length: -3", "Content-Length: 12abc", "Content-Length: 99999999999999999999999"] {
            var input = reader(Array("\(header)\r\n\r\n".utf8) + frame("{}"))
            let frames = allFrames(&input)
            #expect(frames.count == 2)
            #expect(frames.last == .message(Data("{}".utf8)))
            if case .malformed = frames.first {} else { Issue.record("expected a malformed frame for \(header)") }
        }
    }

    /// Issue 26 §2.3: a frame whose header is bad has a body of unknown length;
    /// its bytes came in front of the next header, which then never parsed, and
    /// every later message was lost. Each bad frame is one malformed frame, and
    /// the messages after it are read.
    @Test func aBadFrameWithABodyIsSkippedAndTheNextMessagesAreRead() {
        let body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}"
        let badHeaders = [
            "Content-Length: -5\r\n\r\n", "Content-Length: abc\r\n\r\n", "Content-Type: text/plain\r\n\r\n",
            "Content-Length: 1234567890123456789\r\n\r\n", "Content-Length: \u{0665}\u{0660}\r\n\r\n",
            "Content-Length: 5x\r\n\r\n",
        ]
        let good = frame("{\"a\":1}") + frame("{\"b\":2}")
        for header in badHeaders {
            for chunks in [[1], [5, 3], [65536]] {
                var input = reader(Array((header + body).utf8) + good, chunks: chunks)
                let frames = allFrames(&input)
                #expect(frames.count == 3, "\(header.debugDescription) in chunks of \(chunks)")
                if case .malformed = frames.first {} else { Issue.record("expected one malformed frame for \(header.debugDescription)") }
                #expect(Array(frames.dropFirst()) == [.message(Data("{\"a\":1}".utf8)), .message(Data("{\"b\":2}".utf8))])
            }
        }
    }

    /// A header block ended by bare LFs is read as if it had CRLFs.
    @Test func aHeaderEndedByBareLineFeedsIsRead() {
        var input = reader(Array("Content-Length: 7\n\n{\"a\":1}".utf8) + frame("{\"b\":2}"), chunks: [1])
        #expect(allFrames(&input) == [.message(Data("{\"a\":1}".utf8)), .message(Data("{\"b\":2}".utf8))])
    }

    /// The server end to end: after each bad frame, one parse error, and the
    /// request after it is answered.
    @Test func theServerAnswersTheRequestAfterABadFrame() {
        let bad = ["Content-Length: -5\r\n\r\n{\"x\":1}", "Content-Length: abc\r\n\r\n{}", "\r\n\r\n{\"id\":3}",
                   "Content-Length: 99999999999999999999\r\n\r\n[]"]
        let initialize = frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}")
        let shutdown = frame("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}")
        for junk in bad {
            var written: [Data] = []
            let server = LanguageServer(options: .init(debounceMilliseconds: 0), writer: MessageWriter { written.append($0) })
            var input = reader(initialize + Array(junk.utf8) + shutdown)
            server.run(reader: &input)
            let texts = written.map { String(decoding: $0, as: UTF8.self) }
            #expect(texts.count == 3, "\(junk.debugDescription)")
            #expect(texts.filter { $0.contains("-32700") }.count == 1)
            #expect(texts.last?.contains("\"id\":2,\"jsonrpc\":\"2.0\",\"result\":null") == true, "\(texts)")
        }
    }

    @Test func aHugeLengthIsSkippedWithoutBufferingIt() {
        let body = String(repeating: "x", count: 5000)
        var input = reader(frame(body) + frame("{}"), chunks: [333], maximumLength: 1000)
        let frames = allFrames(&input)
        #expect(frames.count == 2)
        #expect(frames.last == .message(Data("{}".utf8)))
    }

    @Test func aTruncatedMessageEndsTheStream() {
        var input = reader(Array("Content-Length: 100\r\n\r\n{\"partial\"".utf8))
        #expect(input.next() == nil)
        var headerOnly = reader(Array("Content-Length: 10\r\n".utf8))
        #expect(headerOnly.next() == nil)
    }

    @Test func aHeaderBlockThatNeverEndsIsGarbage() {
        let garbage = [UInt8](repeating: UInt8(ascii: "a"), count: 20000)
        var input = reader(garbage + Array("\r\n\r\n".utf8) + frame("{}"), chunks: [4096])
        let frames = allFrames(&input)
        #expect(frames.contains(.message(Data("{}".utf8))) || frames.allSatisfy { if case .malformed = $0 { true } else { false } })
        #expect(frames.count < 10)
    }

    /// Random bytes mixed with frames, read in random chunk sizes: the reader
    /// always ends (no crash, no endless loop), and frames after garbage that
    /// ends in a blank line are still found.
    @Test func randomInputNeverCrashesOrHangs() {
        var random = SplitMix64(seed: 0x15F)
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<random.int(1...6) {
                switch random.below(4) {
                case 0: bytes += (0..<random.int(0...200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                case 1: bytes += Array("Content-Length: \(random.int(0...5000))\r\n\r\n".utf8)
                case 2: bytes += Array("Content-Length: \(random.next())\r\n".utf8)
                default: bytes += frame("{\"id\":\(random.below(100))}")
                }
            }
            let chunks = (0..<4).map { _ in random.int(1...64) }
            var input = reader(bytes, chunks: chunks, maximumLength: 4096)
            let frames = allFrames(&input, limit: bytes.count + 2)
            #expect(frames.count <= bytes.count + 1)
        }
    }

    @Test func aServerFedRandomBytesAnswersWithParseErrorsAndNeverCrashes() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            var written: [Data] = []
            let server = LanguageServer(options: .init(debounceMilliseconds: 0), writer: MessageWriter { written.append($0) })
            var bytes: [UInt8] = []
            for _ in 0..<random.int(1...8) {
                let body = (0..<random.int(0...80)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                bytes += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
            }
            var input = reader(bytes, chunks: [random.int(1...50)])
            server.run(reader: &input)
            #expect(written.allSatisfy { String(decoding: $0, as: UTF8.self).contains("\"error\"") })
        }
    }
}

@Suite struct TextDocumentTests {
    @Test func incrementalEditsCountUTF16UnitsAcrossWideCharactersAndEmoji() {
        var document = TextDocument(uri: "file:///a.layout", path: "/a.layout", version: 1, text: "a😀b\n漢字c\r\nend")
        // "😀" is two UTF-16 units: character 3 is just after it (before "b").
        document.apply(range: LSPRange(start: .init(line: 0, character: 3), end: .init(line: 0, character: 4)), text: "X")
        #expect(document.text == "a😀X\n漢字c\r\nend")
        document.apply(range: LSPRange(start: .init(line: 1, character: 2), end: .init(line: 2, character: 0)), text: "")
        #expect(document.text == "a😀X\n漢字end")
        #expect(document.line(1) == "漢字end")
    }

    @Test func positionsInsideASurrogatePairOrPastTheEndAreClamped() {
        var document = TextDocument(uri: "u", path: "p", version: 1, text: "😀\nab")
        document.apply(range: LSPRange(start: .init(line: 0, character: 1), end: .init(line: 0, character: 1)), text: "x")
        #expect(document.text == "x😀\nab")
        document.apply(range: LSPRange(start: .init(line: 1, character: 99), end: .init(line: 7, character: 3)), text: "!")
        #expect(document.text == "x😀\nab!")
    }

    @Test func diagnosticColumnsBecomeUTF16Ranges() {
        let document = TextDocument(uri: "u", path: "p", version: 1, text: "  😀 colr red\r\nnext")
        // Column 6 (characters) is "colr"; the emoji before it counts two UTF-16 units.
        #expect(document.range(line: 1, column: 6, length: 4)
            == LSPRange(start: .init(line: 0, character: 6), end: .init(line: 0, character: 10)))
        #expect(document.position(line: 2, column: 1) == Position(line: 1, character: 0))
    }
}
