import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Everything casement-files reads from the disk, and nothing that writes: it
// opens files read-only, lists directories and reads their entries' status.
// All of it runs off the main actor (it may be slow: a network mount, a
// directory of 100,000 entries); results are values, handed to the app with
// `app.post`.

/// One entry of a directory.
struct FileEntry: Hashable, Sendable {
    var name: String
    var path: String
    var isDirectory: Bool
    var size: Int64
    /// Seconds since 1970.
    var modified: Double

    var isHidden: Bool { name.hasPrefix(".") }
}

/// Why something could not be read, in words for a toast.
struct FileProblem: Error, Hashable, Sendable {
    var path: String
    var code: Int32

    var message: String {
        switch code {
        case EACCES, EPERM: "permission denied: \(path)"
        case ENOENT: "\(path) is gone (deleted or moved)"
        case ENOTDIR: "not a directory: \(path)"
        default: "\(path): \(String(cString: strerror(code)))"
        }
    }
}

/// How a directory's entries are listed.
enum SortOrder: Int, Sendable, CaseIterable {
    case name, size, modified

    var title: String {
        switch self {
        case .name: "Name"
        case .size: "Size"
        case .modified: "Modified"
        }
    }
}

/// What the toolbar sets: the order, dot files, and a filter on file names.
struct ListingOptions: Hashable, Sendable {
    var sort = SortOrder.name
    var showsHidden = false
    /// Files whose names do not contain it (ignoring case) are left out;
    /// directories always show, to walk through.
    var filter = ""

    /// The entries to show, in order: directories first, then files.
    func arrange(_ entries: [FileEntry]) -> [FileEntry] {
        let needle = filter.lowercased()
        let shown = entries.filter { entry in
            (showsHidden || !entry.isHidden)
                && (needle.isEmpty || entry.isDirectory || entry.name.lowercased().contains(needle))
        }
        return shown.sorted { a, b in
            if a.isDirectory != b.isDirectory { return a.isDirectory }
            switch sort {
            case .name: break
            case .size where a.size != b.size: return a.size > b.size
            case .modified where a.modified != b.modified: return a.modified > b.modified
            default: break
            }
            return a.name.localizedStandardCompare(b.name) == .orderedAscending
        }
    }
}

/// The options, read by loaders off the main actor while the toolbar changes them.
final class SharedOptions: @unchecked Sendable {
    private let lock = NSLock()
    private var options = ListingOptions()

    var current: ListingOptions {
        get { lock.withLock { options } }
        set { lock.withLock { options = newValue } }
    }
}

/// What the preview shows for a path.
enum Preview: Hashable, Sendable {
    /// UTF-8 text (at most the first `FileSystem.previewLimit` bytes of it).
    case text(String, size: Int64, isCut: Bool)
    /// Not text: its size and first bytes.
    case binary(size: Int64, firstBytes: [UInt8])
    /// A directory and how many entries it has.
    case directory(entries: Int)
    /// Something else: a device, a socket, a pipe (never opened).
    case special(kind: String)
}

/// A path's status, as the details panel shows it.
struct FileDetails: Hashable, Sendable {
    var path: String
    var kind: String
    var size: Int64
    var modified: Double
    var permissions: String
    var owner: String
    var group: String
    var linkTarget: String?
}

enum FileSystem {
    /// The most a preview reads from a file.
    static let previewLimit = 256 * 1024

    /// The entries of a directory (not `.` and `..`), unsorted.
    static func list(_ directory: String) -> Result<[FileEntry], FileProblem> {
        guard let handle = opendir(directory) else { return .failure(FileProblem(path: directory, code: errno)) }
        defer { closedir(handle) }
        var entries: [FileEntry] = []
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        while let record = readdir(handle) {
            let name = withUnsafePointer(to: record.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            let path = prefix + name
            var status = stat()
            // stat follows a link: a link to a directory is walked into.
            guard stat(path, &status) == 0 || lstat(path, &status) == 0 else { continue }
            entries.append(FileEntry(name: name, path: path, isDirectory: status.st_mode & S_IFMT == S_IFDIR,
                                     size: Int64(status.st_size), modified: seconds(status.st_mtim)))
        }
        return .success(entries)
    }

    /// The start of a file as text, or a summary when it is not text; for a
    /// directory the number of its entries. Reads at most `limit` bytes.
    static func preview(_ path: String, limit: Int = previewLimit) -> Result<Preview, FileProblem> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(FileProblem(path: path, code: errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return list(path).map { .directory(entries: $0.count) }
        case S_IFREG:
            break
        default:
            return .success(.special(kind: kind(of: status.st_mode)))
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(FileProblem(path: path, code: errno)) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, limit - count)
            }
            if got < 0 { return .failure(FileProblem(path: path, code: errno)) }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        let size = max(Int64(status.st_size), Int64(count))
        let isCut = Int64(count) < size
        guard let text = text(from: bytes, isCut: isCut) else {
            return .success(.binary(size: size, firstBytes: Array(bytes.prefix(16))))
        }
        return .success(.text(text, size: size, isCut: isCut))
    }

    /// UTF-8 text without NUL bytes; a character cut at the end of what was read is dropped.
    static func text(from bytes: [UInt8], isCut: Bool) -> String? {
        guard !bytes.contains(0) else { return nil }
        for trim in 0...(isCut ? min(3, bytes.count) : 0) {
            if let text = String(validating: bytes.dropLast(trim), as: UTF8.self) { return text }
        }
        return nil
    }

    /// A path's status (the link itself for a symbolic link, and where it points).
    static func details(_ path: String) -> Result<FileDetails, FileProblem> {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .failure(FileProblem(path: path, code: errno)) }
        var target: String?
        if status.st_mode & S_IFMT == S_IFLNK {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(path, &buffer, buffer.count - 1)
            if length >= 0 { target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return .success(FileDetails(
            path: path, kind: kind(of: status.st_mode), size: Int64(status.st_size), modified: seconds(status.st_mtim),
            permissions: permissions(status.st_mode), owner: userName(status.st_uid), group: groupName(status.st_gid),
            linkTarget: target))
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "directory"
        case S_IFREG: "file"
        case S_IFLNK: "symbolic link"
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        case S_IFIFO: "pipe"
        case S_IFSOCK: "socket"
        default: "other"
        }
    }

    /// `drwxr-xr-x`, as `ls -l` writes it.
    static func permissions(_ mode: mode_t) -> String {
        let type: Character = switch mode & S_IFMT {
        case S_IFDIR: "d"
        case S_IFLNK: "l"
        case S_IFCHR: "c"
        case S_IFBLK: "b"
        case S_IFIFO: "p"
        case S_IFSOCK: "s"
        default: "-"
        }
        let bits: [(mode_t, Character)] = [
            (S_IRUSR, "r"), (S_IWUSR, "w"), (S_IXUSR, "x"), (S_IRGRP, "r"), (S_IWGRP, "w"), (S_IXGRP, "x"),
            (S_IROTH, "r"), (S_IWOTH, "w"), (S_IXOTH, "x"),
        ]
        return String(type) + String(bits.map { mode & $0.0 != 0 ? $0.1 : "-" })
    }

    private static func userName(_ id: uid_t) -> String {
        guard let entry = getpwuid(id), let name = entry.pointee.pw_name else { return String(id) }
        return String(cString: name)
    }

    private static func groupName(_ id: gid_t) -> String {
        guard let entry = getgrgid(id), let name = entry.pointee.gr_name else { return String(id) }
        return String(cString: name)
    }

    private static func seconds(_ time: timespec) -> Double {
        Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `1.2 MB`, `512 B`: powers of 1024 (or of 1000, `kB`), one decimal.
    static func formatSize(_ bytes: Int64, decimal: Bool = false) -> String {
        let base: Double = decimal ? 1000 : 1024
        guard Double(bytes) >= base else { return "\(bytes) B" }
        var value = Double(bytes)
        for unit in decimal ? ["kB", "MB", "GB", "TB"] : ["KB", "MB", "GB", "TB"] {
            value /= base
            if value < base || unit == "TB" { return String(format: "%.1f %@", value, unit) }
        }
        return "\(bytes) B"
    }

    /// `2024-05-01 14:03`, in the local time zone.
    static func formatDate(_ seconds: Double) -> String {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min))
    }

    /// `~` and `~/…` are the home directory; a relative path is taken from `base`.
    static func resolve(_ path: String, from base: String) -> String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        var expanded = path.trimmingCharacters(in: .whitespaces)
        if expanded == "~" { expanded = home } else if expanded.hasPrefix("~/") { expanded = home + expanded.dropFirst() }
        if !expanded.hasPrefix("/") { expanded = base + "/" + expanded }
        return (expanded as NSString).standardizingPath
    }
}
