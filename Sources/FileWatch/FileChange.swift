/// What happened to a watched file, as far as a reload cares.
public enum FileChange: Hashable, Sendable {
    /// Written, created, or replaced by a rename (editors' atomic save).
    case modified(path: String)
    /// Gone: deleted or renamed away.
    case removed(path: String)

    /// The path of the changed file, spelled as the caller gave it to the watcher.
    public var path: String {
        switch self {
        case .modified(let path), .removed(let path): path
        }
    }
}
