#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where designers and language servers of one user on one machine find each other:
/// a private directory of Unix sockets, one per running endpoint, named by role,
/// process and a serial number (`d4711.1` for a designer, `e4712.1` for an editor's
/// language server).
///
///     let directory = LiveDirectory.standard()      // $XDG_RUNTIME_DIR/casement or /tmp/casement-<uid>
///     try directory.prepare()                       // made, or checked: ours, a directory, mode 0700
public struct LiveDirectory: Hashable, Sendable {
    /// The directory's path.
    public let path: String

    /// The directory at `path` (nothing is made or checked until `prepare()`).
    public init(path: String) {
        self.path = path
    }

    /// Bytes a socket's name takes after the directory: `/`, a role letter, a process
    /// id and a serial number of up to 10 digits each, and a dot.
    static let nameBytes = 23

    /// The directory every designer and language server of this user uses:
    /// `$CASEMENT_LIVE_DIR` when set (tests, or two separate sets of sessions),
    /// else `$XDG_RUNTIME_DIR/casement` when that variable holds an absolute path
    /// short enough for a socket's path (108 bytes on Linux, `sun_path`), else
    /// `/tmp/casement-<uid>`.
    public static func standard(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> LiveDirectory {
        if let chosen = environment("CASEMENT_LIVE_DIR"), !chosen.isEmpty { return LiveDirectory(path: chosen) }
        if let runtime = environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") {
            var base = runtime
            while base.hasSuffix("/") { base.removeLast() }
            let candidate = LiveDirectory(path: base + "/casement")
            if candidate.fitsSocketPaths { return candidate }
        }
        return LiveDirectory(path: "/tmp/casement-\(geteuid())")
    }

    /// Whether every socket name fits in a socket address under this directory.
    public var fitsSocketPaths: Bool { path.utf8.count + Self.nameBytes <= UnixSocket.pathLimit }

    /// Makes the directory (mode 0700) or checks the one there: a directory, not a
    /// symbolic link, owned by this user; one of ours that others may enter is
    /// closed to them (mode 0700).
    public func prepare() throws(LiveDirectoryError) {
        guard fitsSocketPaths else { throw .pathTooLong(path) }
        if mkdir(path, 0o700) != 0, errno != EEXIST { throw .cannotCreate(path, String(cString: strerror(errno))) }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .cannotCreate(path, String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path) }
        guard info.st_uid == geteuid() else { throw .notOwned(path, owner: info.st_uid) }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw .cannotCreate(path, String(cString: strerror(errno)))
        }
    }

    /// The path of the socket of `role`'s endpoint number `serial` in process `processID`.
    func socketPath(role: LiveRole, processID: Int32, serial: Int) -> String {
        "\(path)/\(Self.letter(role))\(processID).\(serial)"
    }

    static func letter(_ role: LiveRole) -> String { role == .designer ? "d" : "e" }

    /// The sockets of `role`'s endpoints here (names as `socketPath` makes them), in name order.
    func sockets(of role: LiveRole) -> [String] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        let prefix = Self.letter(role)
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix), Self.isSocketName(name.dropFirst()) else { continue }
            found.append(path + "/" + name)
        }
        return found.sorted()
    }

    /// `4711.1`: digits, a dot, digits.
    private static func isSocketName(_ rest: Substring) -> Bool {
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.count <= 10 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}

/// Why the live directory cannot be used.
public enum LiveDirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory's path leaves no room for a socket's name in 108 bytes.
    case pathTooLong(String)
    /// It could not be made or read.
    case cannotCreate(String, String)
    /// Something other than a directory (a file, a symbolic link) is there.
    case notADirectory(String)
    /// Another user owns it.
    case notOwned(String, owner: UInt32)

    /// What is wrong, with the path.
    public var description: String {
        switch self {
        case .pathTooLong(let path): "\(path): too long for socket paths (at most \(UnixSocket.pathLimit - LiveDirectory.nameBytes) bytes)"
        case .cannotCreate(let path, let reason): "\(path): \(reason)"
        case .notADirectory(let path): "\(path): not a directory"
        case .notOwned(let path, let owner): "\(path): owned by user \(owner), not by this user"
        }
    }
}
