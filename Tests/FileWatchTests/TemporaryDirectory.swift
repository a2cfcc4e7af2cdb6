#if canImport(Glibc)
import Glibc
#endif

/// A scratch directory for one test, removed with everything in it afterwards.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/casement-filewatch-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit {
        removeTree(path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes in place: truncate and write, as `echo > file` does.
    func write(_ name: String, _ text: String) {
        let fd = open(file(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "open \(name) failed")
        writeAll(fd, text)
        close(fd)
    }

    /// Saves as careful editors do: write a temporary file, rename it over.
    func save(_ name: String, _ text: String) {
        let temporary = file("." + name.replacingSlashes() + ".tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "open temporary failed")
        writeAll(fd, text)
        close(fd)
        precondition(rename(temporary, file(name)) == 0, "rename failed")
    }

    func remove(_ name: String) {
        precondition(unlink(file(name)) == 0, "unlink \(name) failed")
    }

    func makeDirectory(_ name: String) {
        precondition(mkdir(file(name), 0o755) == 0, "mkdir \(name) failed")
    }

    func link(_ name: String, to target: String) {
        precondition(symlink(target, file(name)) == 0, "symlink failed")
    }

    func read(_ name: String) -> String? {
        let fd = open(file(name), O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            precondition(written > 0, "write failed")
            offset += written
        }
    }
}

private extension String {
    func replacingSlashes() -> String { String(map { $0 == "/" ? "_" : $0 }) }
}

/// Removes a directory tree without following symbolic links.
func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
        if let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
        }
        rmdir(path)
    } else {
        unlink(path)
    }
}
