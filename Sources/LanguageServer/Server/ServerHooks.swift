import Cells

/// Where the server gets a spec's terminal size from, besides its settings: a
/// running designer showing that spec, for example. The inlay hints, hover and
/// diagnostics of a spec use the size the source gives; a spec it has no size
/// for uses the latest of the initialization options,
/// `workspace/didChangeConfiguration` and the `casement.setSize` command. Call
/// `LanguageServer.layoutSizesChanged()` when a size the source gives changes.
public protocol LayoutSizeSource: Sendable {
    /// The size `spec` (a file path) is shown at, or nil when the source has none.
    func size(ofSpec spec: String) -> TerminalSize?
}

extension TerminalSize {
    /// A size from the forms a client may send: `{"width": 100, "height": 30}`,
    /// `{"size": "100x30"}`, `"100x30"`, `[100, 30]`; nil for anything else or a
    /// size below 1×1 or above 10,000×10,000.
    static func fromSettings(_ value: JSONValue?) -> TerminalSize? {
        guard let value else { return nil }
        var width: Int?, height: Int?
        if let text = value.stringValue ?? value["size"]?.stringValue {
            let parts = text.split(whereSeparator: { $0 == "x" || $0 == "×" || $0 == "," }).compactMap { Int($0) }
            if parts.count == 2 { (width, height) = (parts[0], parts[1]) }
        } else if let pair = value.arrayValue, pair.count == 2 {
            (width, height) = (pair[0].intValue, pair[1].intValue)
        } else {
            (width, height) = (value["width"]?.intValue, value["height"]?.intValue)
        }
        guard let width, let height, (1...10_000).contains(width), (1...10_000).contains(height) else { return nil }
        return TerminalSize(width: width, height: height)
    }
}

/// Told of every change to an open `.cas` or `.layout` buffer the moment the
/// notification is read, before the diagnostics' debounce: what a live preview
/// of unsaved buffers needs (a running designer showing what is typed). Called
/// on the server's reading thread; keep the work short or hand it off.
public protocol BufferObserver: Sendable {
    /// A buffer was opened or changed; `document` holds its whole text and version.
    func bufferChanged(_ document: TextDocument)
    /// A buffer was saved (`textDocument/didSave`): the file on disk holds its text.
    func bufferSaved(path: String)
    /// A buffer was closed; the file on disk is what counts again.
    func bufferClosed(path: String)
}

extension BufferObserver {
    /// By default a save needs nothing: the file on disk and the buffer agree.
    public func bufferSaved(path: String) {}
}
