#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls behind the live link: Unix stream sockets, non-blocking and
/// closed on exec, with the peer's credentials read from the kernel.
enum UnixSocket {
    /// The most bytes `sun_path` holds, its closing NUL excluded (108 on Linux).
    static let pathLimit: Int = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    enum Failure: Error, Equatable {
        /// Nobody listens there: the socket is left from a process that ended.
        case refused
        /// No socket there (any more).
        case missing
        /// Any other error, with errno.
        case system(String, Int32)
    }

    /// A listening socket bound to `path` (a file left there first is removed).
    static func listen(at path: String) throws(Failure) -> Int32 {
        let descriptor = try makeSocket()
        unlink(path)
        let bound = withAddress(path) { bind(descriptor, $0, $1) }
        guard bound == 0 else { return try fail("bind", closing: descriptor) }
        guard Glibc.listen(descriptor, 64) == 0 else { return try fail("listen", closing: descriptor) }
        return descriptor
    }

    /// A connection to the socket at `path`.
    static func connect(to path: String) throws(Failure) -> Int32 {
        let descriptor = try makeSocket()
        let result = withAddress(path) { Glibc.connect(descriptor, $0, $1) }
        guard result == 0 else {
            let error = errno
            close(descriptor)
            switch error {
            case ECONNREFUSED: throw .refused
            case ENOENT: throw .missing
            default: throw .system("connect", error)
            }
        }
        return descriptor
    }

    /// The next connection waiting on a listening socket, or nil when none is.
    static func accept(on listener: Int32) -> Int32? {
        while true {
            let descriptor = Glibc.accept(listener, nil, nil)
            if descriptor >= 0 {
                setNonBlockingAndCloseOnExec(descriptor)
                return descriptor
            }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// The user id of the process at the other end, as the kernel recorded it when
    /// the connection was made (SO_PEERCRED); nil when it cannot be read.
    static func peerUser(of descriptor: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }, which Swift's Glibc does not import.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
            Int(length) == MemoryLayout.size(ofValue: credentials)
        else { return nil }
        return credentials.uid
    }

    /// Reads what is there, up to `limit` bytes: the bytes (empty when none are
    /// waiting), and whether the stream is still open (false at its end or on an error).
    static func readAvailable(_ descriptor: Int32, limit: Int) -> (bytes: [UInt8], isOpen: Bool) {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while result.count < limit {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, min($0.count, limit - result.count), 0) }
            if count > 0 {
                result.append(contentsOf: chunk[0..<count])
                continue
            }
            if count == 0 { return (result, false) }
            if errno == EINTR { continue }
            return (result, errno == EAGAIN || errno == EWOULDBLOCK)
        }
        return (result, true)
    }

    /// Writes as much of `bytes` as the socket takes now; the count written, or nil
    /// when the connection is gone.
    static func writeAvailable(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                written += count
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return written }
            return nil
        }
        return written
    }

    /// Glibc's `accept4` and `pipe2`, which would do this in the same call, are not
    /// imported into Swift. Between the two calls a descriptor could leak only into a
    /// program exec'd meanwhile, and neither the designer nor the server execs one.
    static func setNonBlockingAndCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func makeSocket() throws(Failure) -> Int32 {
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .system("socket", errno) }
        return descriptor
    }

    private static func fail(_ call: String, closing descriptor: Int32) throws(Failure) -> Int32 {
        let error = errno
        close(descriptor)
        throw .system(call, error)
    }

    /// Calls `body` with `path` as a `sockaddr_un`; -1 with ENAMETOOLONG for a path too long for one.
    private static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let utf8 = Array(path.utf8)
        guard utf8.count <= pathLimit, !utf8.contains(0) else {
            errno = ENAMETOOLONG
            return -1
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: utf8)
            raw[utf8.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
