#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says about a file at one moment: enough to tell a write, a
/// replacement by rename, or a deletion from no change at all.
struct FileSnapshot: Hashable, Sendable {
    var exists: Bool
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var size: Int64 = 0
    var modifiedSeconds: Int = 0
    var modifiedNanoseconds: Int = 0
    var changedSeconds: Int = 0
    var changedNanoseconds: Int = 0

    static let missing = FileSnapshot(exists: false)

    /// Follows symbolic links: a link is watched for its target's content.
    static func take(_ path: String) -> FileSnapshot {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return FileSnapshot(
            exists: true,
            device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino),
            size: Int64(info.st_size),
            modifiedSeconds: Int(info.st_mtim.tv_sec),
            modifiedNanoseconds: Int(info.st_mtim.tv_nsec),
            changedSeconds: Int(info.st_ctim.tv_sec),
            changedNanoseconds: Int(info.st_ctim.tv_nsec)
        )
    }
}
