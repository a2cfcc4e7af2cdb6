/// What happened to a watched file, as far as a reload cares.
public enum FileChange: Hashable, Sendable {
    /// Written, created, or replaced by a rename (editors' atomic save).
    case modified(path: String)
    /// Gone: deleted or renamed away.
    case removed(path: String)

    public var path: String {
        switch self {
        case .modified(let path), .removed(let path): path
        }
    }
}
