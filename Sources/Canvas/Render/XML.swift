/// Text made safe for XML content and attribute values: markup characters
/// escaped, and characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF)
/// replaced by U+FFFD.
func xmlEscaped(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        case "\"": output += "&quot;"
        case "'": output += "&apos;"
        case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
        default:
            let isForbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            output.unicodeScalars.append(isForbidden ? "\u{FFFD}" : scalar)
        }
    }
    return output
}

/// A number for SVG: an integer when whole, else at most two decimals.
func svgNumber(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
