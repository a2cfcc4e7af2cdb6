import Cells

/// One message between a language server (the editor's side) and a designer.
///
/// A connection starts with a `hello` from each side. Then the designer says what it
/// shows (`showing`: the spec, every file it reads, the size it lays out at), and
/// the editor's side sends the buffers of those files as they are typed (`buffer`),
/// and says when one is saved (`saved`) or closed (`closed`): the disk copy counts
/// again. Paths are real paths (absolute, symlinks resolved), so both sides name a
/// file the same way whatever path they opened it by.
public enum LiveMessage: Hashable, Sendable {
    /// The first message each side sends: who it is.
    case hello(LiveHello)
    /// Designer → editor: what it shows now.
    case showing(LiveShowing)
    /// Editor → designer: a buffer's whole text, unsaved.
    case buffer(LiveBuffer)
    /// Editor → designer: the buffer was saved; the file on disk is the text again.
    case saved(path: String)
    /// Editor → designer: the buffer was closed; the file on disk is the text again.
    case closed(path: String)
}

/// Which side of a connection a peer is.
public enum LiveRole: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// A running `casement open`: shows buffers, tells its size.
    case designer = 1
    /// A language server (`casement lsp`): sends the buffers its editor changes.
    case editor = 2

    /// The role a peer of this one has.
    public var other: LiveRole { self == .designer ? .editor : .designer }

    /// `designer` or `editor`.
    public var description: String { self == .designer ? "designer" : "editor" }
}

/// Who a peer is: its role, process and a number that tells its runs apart.
public struct LiveHello: Hashable, Sendable {
    /// Designer or editor.
    public var role: LiveRole
    /// The peer's process id (for messages; its credentials are checked by the kernel's word, not this).
    public var processID: UInt32
    /// Random per endpoint: two endpoints of one process, or a restarted process, differ.
    public var instance: UInt64

    /// A hello from `role`, process `processID`, endpoint `instance`.
    public init(role: LiveRole, processID: UInt32, instance: UInt64) {
        self.role = role
        self.processID = processID
        self.instance = instance
    }
}

/// What a designer shows: the spec, every file it reads, and the size it lays out at.
public struct LiveShowing: Hashable, Sendable {
    /// The spec's real path.
    public var spec: String
    /// The real paths of the files the layout reads: the spec, its stylesheets and their imports.
    public var files: [String]
    /// The size the spec is laid out at (the designer's canvas).
    public var size: TerminalSize

    /// A designer showing `spec`, reading `files`, laid out at `size`.
    public init(spec: String, files: [String], size: TerminalSize) {
        self.spec = spec
        self.files = files
        self.size = size
    }
}

/// A buffer's whole text as the editor has it now, unsaved.
public struct LiveBuffer: Hashable, Sendable {
    /// The file's real path.
    public var path: String
    /// Grows with every change the sender sends: an older text never replaces a newer one.
    public var revision: UInt64
    /// The whole text.
    public var text: String

    /// The text of `path` at `revision`.
    public init(path: String, revision: UInt64, text: String) {
        self.path = path
        self.revision = revision
        self.text = text
    }
}

/// The limits every decoded message is held to. A message past one is dropped.
public enum LiveLimits {
    /// Bytes in one message's payload: 32 MiB (a buffer's text, a list of files).
    public static let payloadBytes = 32 << 20
    /// Bytes in one path (PATH_MAX).
    public static let pathBytes = 4096
    /// Files one designer may say it reads.
    public static let files = 20_000
    /// A layout size's width and height: 1 to this.
    public static let sizeSide = 10_000
}
