import Foundation
import Testing

@testable import LiveLink

@Suite struct DirectoryTests {
    @Test func theStandardDirectoryIsTheRuntimeDirectoryOrAPrivateOneInTmp() {
        let uid = geteuid()
        func standard(_ environment: [String: String]) -> String { LiveDirectory.standard { environment[$0] }.path }
        #expect(standard(["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/casement")
        #expect(standard(["XDG_RUNTIME_DIR": "/run/user/1000/"]) == "/run/user/1000/casement")
        #expect(standard([:]) == "/tmp/casement-\(uid)")
        #expect(standard(["XDG_RUNTIME_DIR": "relative/dir"]) == "/tmp/casement-\(uid)", "not an absolute path")
        let long = "/" + String(repeating: "x", count: 90)
        #expect(standard(["XDG_RUNTIME_DIR": long]) == "/tmp/casement-\(uid)", "no room for a socket's name")
        #expect(standard(["XDG_RUNTIME_DIR": "/run/user/1000", "CASEMENT_LIVE_DIR": "/tmp/mine"]) == "/tmp/mine")
    }

    @Test func socketPathsFitTheAddressWhenTheDirectoryDoes() throws {
        // The longest directory that fits, and the longest name a socket may get.
        let limit = UnixSocket.pathLimit - LiveDirectory.nameBytes
        let fits = LiveDirectory(path: "/tmp/" + String(repeating: "d", count: limit - 5))
        #expect(fits.fitsSocketPaths)
        let longest = fits.socketPath(role: .designer, processID: .max, serial: 9_999_999_999)
        #expect(longest.utf8.count <= UnixSocket.pathLimit)
        let tooLong = LiveDirectory(path: fits.path + "d")
        #expect(!tooLong.fitsSocketPaths)
        #expect(throws: LiveDirectoryError.pathTooLong(tooLong.path)) { try tooLong.prepare() }
    }

    @Test func aLongDirectoryStillWorksEndToEnd() throws {
        let temporary = TemporaryLiveDirectory()
        let room = UnixSocket.pathLimit - LiveDirectory.nameBytes - temporary.root.utf8.count - 1
        let directory = LiveDirectory(path: temporary.root + "/" + String(repeating: "n", count: room))
        let designer = try LiveEndpoint(role: .designer, directory: directory)
        let editor = try LiveEndpoint(role: .editor, directory: directory)
        let log = EventLog()
        #expect(log.pump(designer) { !EventLog.connected(in: $0).isEmpty })
        _ = editor
    }

    @Test func prepareMakesAPrivateDirectoryAndClosesALooseOne() throws {
        let temporary = TemporaryLiveDirectory()
        try temporary.directory.prepare()
        var info = stat()
        #expect(stat(temporary.directory.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        chmod(temporary.directory.path, 0o755)
        try temporary.directory.prepare()
        #expect(stat(temporary.directory.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700, "others may no longer enter")
    }

    @Test func aSymbolicLinkOrAFileIsRefused() throws {
        let temporary = TemporaryLiveDirectory()
        let target = temporary.root + "/elsewhere"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        symlink(target, temporary.directory.path)
        #expect(throws: LiveDirectoryError.notADirectory(temporary.directory.path)) { try temporary.directory.prepare() }
        unlink(temporary.directory.path)
        try temporary.write("", to: "live")
        #expect(throws: LiveDirectoryError.notADirectory(temporary.directory.path)) { try temporary.directory.prepare() }
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to give a directory to another user"))
    func anotherUsersDirectoryIsRefused() throws {
        let temporary = TemporaryLiveDirectory()
        try temporary.directory.prepare()
        chown(temporary.directory.path, 65534, 65534)
        #expect(throws: LiveDirectoryError.notOwned(temporary.directory.path, owner: 65534)) {
            try temporary.directory.prepare()
        }
    }

    @Test func realPathsResolveLinksAndFilesNotWrittenYet() throws {
        let temporary = TemporaryLiveDirectory()
        let file = try temporary.write("box\n", to: "styles/a.cas")
        let real = RealPath.resolve(file)
        symlink(temporary.root + "/styles", temporary.root + "/linked")
        #expect(RealPath.resolve(temporary.root + "/linked/a.cas") == real)
        #expect(RealPath.resolve(temporary.root + "/styles/../styles/./a.cas") == real)
        #expect(RealPath.resolve(temporary.root + "/linked/new.cas") == RealPath.resolve(temporary.root + "/styles") + "/new.cas")
        // Relative paths are the current directory's (not changed here: tests run side by side).
        let cwd = RealPath.resolve(FileManager.default.currentDirectoryPath)
        #expect(RealPath.resolve("no-such-dir-28/x.cas") == cwd + "/no-such-dir-28/x.cas")
    }
}

extension EventLog {
    static func connected(in events: [LiveEndpoint.Event]) -> [LiveEndpoint.Peer] {
        events.compactMap { if case .connected(let peer) = $0 { peer } else { nil } }
    }
}
