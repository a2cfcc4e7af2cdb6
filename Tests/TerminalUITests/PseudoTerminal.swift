#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair for tests: a session runs on `terminal` (the slave
/// side) as it would on a real one; the test reads what it wrote, types keys
/// and changes the size on `controller` (the master side).
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32
    private var controllerOpen = true

    init(width: Int, height: Int) {
        var controller: Int32 = -1, terminal: Int32 = -1
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        precondition(openpty(&controller, &terminal, nil, nil, &size) == 0, "openpty failed")
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        self.controller = controller
        self.terminal = terminal
    }

    deinit {
        closeController()
        close(terminal)
    }

    /// The device path, for a child process to open. (`ttyname_r`: `ttyname`'s
    /// one static buffer is shared by the tests running at the same time, and a
    /// child was once handed another test's half-written path.)
    var path: String {
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(terminal, &name, name.count) == 0 else { return "" }
        return String(cString: name)
    }

    var modes: termios {
        var modes = termios()
        _ = tcgetattr(terminal, &modes)
        return modes
    }

    /// Everything written so far: reads until nothing more arrives for `quiet`
    /// (the kernel hands data across a pty asynchronously).
    func output(quiet: Duration = .milliseconds(60)) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let quietMilliseconds = Int32(quiet.components.seconds * 1000 + quiet.components.attoseconds / 1_000_000_000_000_000)
        while true {
            var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, quietMilliseconds) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    /// Sends bytes as if typed on the terminal's keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
        precondition(written == bytes.count, "typing failed")
    }

    func setSize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    /// Hangs the terminal up, as closing a terminal emulator's window does.
    func closeController() {
        guard controllerOpen else { return }
        controllerOpen = false
        close(controller)
    }
}

extension Array where Element == UInt8 {
    func contains(_ text: String) -> Bool { occurrences(of: text) > 0 }

    func occurrences(of text: String) -> Int {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return 0 }
        var found = 0
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) {
            found += 1
        }
        return found
    }
}
