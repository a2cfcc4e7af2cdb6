import LayoutEngine

// The live preview: an editor's unsaved text of the files the designer reads,
// laid out as a save would be (errors open the drawer, the last good layout stays),
// and forgotten when the file on disk holds that text again.
extension DesignerState {
    /// Lays out files as an editor has them, unsaved: for each path (as
    /// `watchedFiles` spells it) its text, or nil to go back to the file as saved.
    /// A text equal to the saved file is the saved file. Returns the paths whose
    /// text changed (reloaded).
    @discardableResult
    public mutating func showUnsaved(_ texts: [(path: String, text: String?)]) -> [String] {
        var changed: [String] = []
        for (path, text) in texts {
            let shown = text.flatMap { $0 == (try? savedReader.contents(of: path)) ? nil : $0 }
            guard shown != unsaved[path] else { continue }
            unsaved[path] = shown
            if !changed.contains(path) { changed.append(path) }
        }
        guard !changed.isEmpty else { return [] }
        let report = session.reload(changedFiles: changed)
        absorb(report)
        return changed
    }

    /// The files on show whose text is an editor's, unsaved, as `watchedFiles` spells them.
    public var unsavedFiles: [String] {
        watchedFiles.filter { unsaved[$0] != nil }
    }

    /// The files the watcher saw change that now hold what an editor had unsaved
    /// (it was saved): the disk copy takes over.
    mutating func forgetUnsavedTextSaved(in paths: [String]) {
        for path in paths {
            guard let text = unsaved[path], text == (try? savedReader.contents(of: path)) else { continue }
            unsaved[path] = nil
        }
    }
}
