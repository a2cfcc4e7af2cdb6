import Cells
import LiveLink

extension FuzzTarget {
    /// The live preview's decoder: the input is a byte stream as a peer could send it
    /// (its first byte picks the size of the pieces it arrives in). Every call
    /// returns; the frames are the same whether the stream comes whole or in pieces;
    /// nothing is read after a broken header; the decoder keeps no more bytes than it
    /// was given; and every message decoded encodes to a frame that decodes to itself.
    static let liveWire = FuzzTarget(
        name: "live",
        summary: "live-preview frames in pieces through LiveDecoder: same frames whole or cut, nothing after a broken header, messages round-trip"
    ) { input, found in
        guard let first = input.first else { return }
        let stream = Array(input.dropFirst())
        let piece = Int(first % 17) + 1  // 1 to 17 bytes at a time
        let whole = LiveWireFuzzing.frames(stream, pieceSize: stream.count + 1)
        let cut = LiveWireFuzzing.frames(stream, pieceSize: piece)
        found.expect(whole.frames == cut.frames, "the frames differ when the stream arrives in pieces of \(piece)")
        found.expect(whole.frames.count <= stream.count / LiveWire.headerBytes + 1, "\(whole.frames.count) frames from \(stream.count) bytes")
        found.expect(cut.largestPending <= stream.count, "kept \(cut.largestPending) bytes of \(stream.count)")
        if let broken = whole.frames.firstIndex(where: { if case .broken = $0 { true } else { false } }) {
            found.expect(broken == whole.frames.count - 1, "frames read after a broken header")
        }
        for case .message(let message) in whole.frames {
            var decoder = LiveDecoder()
            decoder.append(LiveWire.encode(message))
            found.expect(decoder.next() == .message(message), "\(message) does not round-trip")
        }
    }
}

enum LiveWireFuzzing {
    /// Every frame `stream` gives when it arrives `pieceSize` bytes at a time, and the
    /// most bytes the decoder held at once.
    static func frames(_ stream: [UInt8], pieceSize: Int) -> (frames: [LiveDecoder.Frame], largestPending: Int) {
        var decoder = LiveDecoder()
        var frames: [LiveDecoder.Frame] = []
        var largest = 0
        var start = 0
        repeat {
            let end = min(stream.count, start + pieceSize)
            decoder.append(stream[start..<end])
            start = end
            largest = max(largest, decoder.pendingBytes)
            while let frame = decoder.next() { frames.append(frame) }
        } while start < stream.count
        return (frames, largest)
    }

    /// Seeds: each message kind alone, a conversation, and some broken frames; the
    /// first byte of each is the piece size.
    static func seeds() -> [String: [UInt8]] {
        let hello = LiveWire.encode(.hello(LiveHello(role: .editor, processID: 4712, instance: 42)))
        let showing = LiveWire.encode(.showing(LiveShowing(
            spec: "/p/demo/boxes.layout", files: ["/p/demo/boxes.layout", "/p/styles/boxes.cas", "/p/styles/theme.cas"],
            size: TerminalSize(width: 120, height: 39))))
        let buffer = LiveWire.encode(.buffer(LiveBuffer(path: "/p/styles/boxes.cas", revision: 7, text: "$box = 30 9\nbox\n  size $box\n")))
        let closed = LiveWire.encode(.closed(path: "/p/styles/boxes.cas"))
        let saved = LiveWire.encode(.saved(path: "/p/ü/a.layout"))
        var versionTwo = saved
        versionTwo[4] = 2
        var relative = closed
        relative[14] = UInt8(ascii: "p")
        return [
            "hello": [0] + hello,
            "showing": [3] + showing,
            "buffer": [16] + buffer,
            "conversation": [5] + hello + showing + buffer + saved + buffer + closed,
            "relative-path-then-valid": [1] + relative + saved,
            "version-two": [0] + versionTwo + saved,
            "huge-length": [2] + LiveWire.magic + [1, 3, 0xFF, 0xFF, 0xFF, 0xFF],
            "not-a-frame": [0] + Array("GET / HTTP/1.1\r\n\r\n".utf8),
        ]
    }
}
