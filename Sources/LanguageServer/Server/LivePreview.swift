import LiveLink

/// The live preview from the server's side: every buffer change goes to the
/// designers showing the file, and a designer's size is the size its spec is
/// laid out at here (inlay hints, hover, diagnostics). `casement lsp` makes one
/// and gives it to the server as both its `observer` and its `sizes`.
extension EditorLink: BufferObserver, LayoutSizeSource {
    /// Sends the buffer's whole text to the designers that show its file.
    public func bufferChanged(_ document: TextDocument) {
        bufferChanged(path: document.path, text: document.text)
    }
}
