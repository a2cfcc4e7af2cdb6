/// An opaque 24-bit colour, as the screen finally shows it.
public struct RGB: Hashable, Sendable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// The colour with these red, green and blue components, 0–255 each.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`, lower case.
    public var hex: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// This colour painted with opacity `alpha` (0–255) over `beneath`: the usual
    /// "source over" compositing, per channel in sRGB as CSS does it.
    public func blended(over beneath: RGB, alpha: UInt8) -> RGB {
        let a = Int(alpha), rest = 255 - Int(alpha)
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Int(top) * a + Int(bottom) * rest + 127) / 255)
        }
        return RGB(mix(red, beneath.red), mix(green, beneath.green), mix(blue, beneath.blue))
    }
}

extension RGB {
    /// The xterm-256 palette's fixed part: the 6×6×6 colour cube (16–231) and
    /// the 24-step grey ramp (232–255). Indices 0–15 are the theme's own.
    static func xtermPalette(_ index: UInt8) -> RGB? {
        switch index {
        case 0..<16:
            return nil
        case 16..<232:
            let cube = Int(index) - 16
            return RGB(cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
        default:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return RGB(grey, grey, grey)
        }
    }

    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]
}
