import Cells
import Testing
import TestSupport

@testable import LiveLink

@Suite struct WireTests {
    static let messages: [LiveMessage] = [
        .hello(LiveHello(role: .designer, processID: 4711, instance: 0xDEAD_BEEF_0000_0001)),
        .hello(LiveHello(role: .editor, processID: 1, instance: .max)),
        .showing(LiveShowing(
            spec: "/p/demo/boxes.layout", files: ["/p/demo/boxes.layout", "/p/styles/boxes.cas"],
            size: TerminalSize(width: 120, height: 39))),
        .showing(LiveShowing(spec: "/s", files: [], size: TerminalSize(width: 1, height: 1))),
        .buffer(LiveBuffer(path: "/p/styles/boxes.cas", revision: 7, text: "box\n  bg red\n  text \"日本 ✓\"\0\n")),
        .buffer(LiveBuffer(path: "/p/empty.cas", revision: .max, text: "")),
        .saved(path: "/p/styles/boxes.cas"),
        .closed(path: "/p/ünïcödé dir/a.layout"),
    ]

    @Test func everyMessageComesBackAsItWent() {
        for message in Self.messages {
            var decoder = LiveDecoder()
            decoder.append(LiveWire.encode(message))
            #expect(decoder.next() == .message(message))
            #expect(decoder.next() == nil)
            #expect(decoder.pendingBytes == 0)
        }
    }

    @Test func framesSplitAnywhereAreReadWhole() {
        let stream = Self.messages.flatMap(LiveWire.encode)
        var decoder = LiveDecoder()
        var got: [LiveMessage] = []
        for byte in stream {
            decoder.append([byte])
            while let frame = decoder.next() {
                guard case .message(let message) = frame else { Issue.record("\(frame)"); return }
                got.append(message)
            }
        }
        #expect(got == Self.messages)
    }

    /// A frame with the header's magic, version, kind and the payload's true length.
    static func frame(kind: UInt8, payload: [UInt8], version: UInt8 = LiveWire.version) -> [UInt8] {
        var bytes = LiveWire.magic + [version, kind]
        withUnsafeBytes(of: UInt32(payload.count).bigEndian) { bytes.append(contentsOf: $0) }
        return bytes + payload
    }

    static func string(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        withUnsafeBytes(of: UInt32(bytes.count).bigEndian) { out.append(contentsOf: $0) }
        return out + bytes
    }

    static func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

    static let badPayloads: [(String, UInt8, [UInt8])] = [
        ("unknown kind", 9, []),
        ("truncated hello", 1, [2, 0, 0]),
        ("role 3", 1, [3] + be(UInt32(1)) + be(UInt64(1))),
        ("trailing bytes", 5, string(Array("/a".utf8)) + [0]),
        ("relative path", 5, string(Array("a.cas".utf8))),
        ("empty path", 4, string([])),
        ("NUL in a path", 5, string(Array("/a\0b".utf8))),
        ("bytes that are not UTF-8", 3, string([0x2F, 0xFF, 0xFE]) + be(UInt64(1)) + string([])),
        ("text not UTF-8", 3, string(Array("/a".utf8)) + be(UInt64(1)) + string([0xC3])),
        ("zero width", 2, be(UInt16(0)) + be(UInt16(5)) + string(Array("/s".utf8)) + be(UInt32(0))),
        ("huge height", 2, be(UInt16(5)) + be(UInt16(60_000)) + string(Array("/s".utf8)) + be(UInt32(0))),
        ("too many files", 2, be(UInt16(5)) + be(UInt16(5)) + string(Array("/s".utf8)) + be(UInt32(4_000_000_000))),
        ("a file count past the payload", 2, be(UInt16(5)) + be(UInt16(5)) + string(Array("/s".utf8)) + be(UInt32(3))),
        ("a string longer than the payload", 4, be(UInt32(1000)) + Array("/a".utf8)),
        ("a path past PATH_MAX", 4, string([0x2F] + [UInt8](repeating: 0x61, count: 5000))),
    ]

    @Test(arguments: badPayloads.map(\.0))
    func aMalformedPayloadIsDroppedAndTheNextFrameRead(_ name: String) throws {
        let (_, kind, payload) = try #require(Self.badPayloads.first { $0.0 == name })
        var decoder = LiveDecoder()
        decoder.append(Self.frame(kind: kind, payload: payload) + LiveWire.encode(.saved(path: "/next")))
        guard case .dropped = decoder.next() else { Issue.record("\(name) was not dropped"); return }
        #expect(decoder.next() == .message(.saved(path: "/next")))
        #expect(!decoder.isBroken)
    }

    @Test func aBrokenHeaderEndsTheStream() {
        let cases: [([UInt8], LiveWireError)] = [
            (Array("GET / HTTP/1.1\r\n".utf8), .badMagic),
            (Self.frame(kind: 4, payload: Self.string(Array("/a".utf8)), version: 2), .unsupportedVersion(2)),
            (LiveWire.magic + [1, 3] + Self.be(UInt32(LiveLimits.payloadBytes + 1)), .payloadTooLong(UInt32(LiveLimits.payloadBytes + 1))),
        ]
        for (bytes, error) in cases {
            var decoder = LiveDecoder()
            decoder.append(bytes + LiveWire.encode(.saved(path: "/after")))
            #expect(decoder.next() == .broken(error))
            #expect(decoder.next() == nil, "nothing is read after a broken header")
            decoder.append(LiveWire.encode(.saved(path: "/later")))
            #expect(decoder.next() == nil)
            #expect(decoder.pendingBytes == 0, "a broken stream keeps no bytes")
        }
    }

    @Test func aHeaderThatPromisesAHugePayloadHoldsNothingBack() {
        // The limit is checked on the header, before any of the payload is waited for.
        var decoder = LiveDecoder()
        decoder.append(LiveWire.magic + [1, 3] + Self.be(UInt32.max))
        #expect(decoder.next() == .broken(.payloadTooLong(.max)))
    }

    /// Random bytes, and valid frames with random bytes changed: the decoder never
    /// traps, ends every call, and keeps no more than one frame's bytes.
    @Test func randomBytesNeverTrapOrGrow() {
        var random = SplitMix64(seed: 28)
        let valid = Self.messages.map(LiveWire.encode)
        for _ in 0..<3000 {
            var bytes = random.below(2) == 0 ? random.pick(valid) : (0..<random.int(0...64)).map { _ in UInt8(random.below(256)) }
            for _ in 0..<random.int(0...4) where !bytes.isEmpty { bytes[random.below(bytes.count)] = UInt8(random.below(256)) }
            var decoder = LiveDecoder()
            decoder.append(bytes)
            var frames = 0
            while decoder.next() != nil { frames += 1 }
            #expect(frames <= bytes.count / LiveWire.headerBytes + 1)
            #expect(decoder.pendingBytes <= bytes.count)
        }
    }
}
