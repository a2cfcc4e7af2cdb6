import Cells
import Diagnostics
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Casement language server: reads JSON-RPC messages, keeps the open
/// documents, and answers from the same parser, cascade and engine as the
/// designer.
///
/// The thread that calls `handle(_:)` (the reader) only updates documents and
/// queues work; every analysis and every answer that needs one runs on a serial
/// analysis queue, so a slow analysis never holds up reading later messages, and
/// diagnostics computed for a version that has since changed are dropped.
public final class LanguageServer: @unchecked Sendable {
    /// Settings a client may pass as `initializationOptions`.
    public struct Options: Sendable {
        /// Milliseconds to wait after the last change before analysing.
        public var debounceMilliseconds: Int
        /// The terminal width, in cells, that hover's frames are solved at.
        public var width: Int
        /// The terminal height, in cells, that hover's frames are solved at.
        public var height: Int

        /// Options with the defaults: 30 ms debounce on an 80×24 terminal.
        public init(debounceMilliseconds: Int = 30, width: Int = 80, height: Int = 24) {
            self.debounceMilliseconds = debounceMilliseconds
            self.width = width
            self.height = height
        }
    }

    let store = DocumentStore()
    /// The parsed files the editor features read (the analysis queue's).
    let sourceIndex = SourceIndex()
    private(set) var workspace: Workspace
    private var options: Options
    private let writer: MessageWriter
    private let analysisQueue = DispatchQueue(label: "casement.lsp.analysis")
    private let lock = ServerLock()
    private var state = LifecycleState.starting
    /// Counts scheduled analyses; a scheduled one runs only if it is still the latest.
    private var scheduled = 0
    /// The diagnostics last published per document, for code actions.
    var published: [String: [PublishedDiagnostic]] = [:]
    /// What was last published per document path: the version and the pipeline's
    /// diagnostics it came from, so an unchanged document is not sent again.
    private var lastPublished: [String: (version: Int, diagnostics: [Diagnostic], placements: [Workspace.Placement])] = [:]
    /// Ids of requests the client cancelled (`$/cancelRequest`) before they ran.
    private var cancelled = Set<RequestID>()
    /// What the client said it can do, from `initialize`.
    private(set) var clientCapabilities: JSONValue = .null
    /// Specs' sizes from elsewhere (a running designer), over the configured size.
    private let sizeSource: LayoutSizeSource?
    /// Told of every buffer change as it arrives (the live preview's hook).
    private let bufferObserver: BufferObserver?
    /// The server's own requests to the client are numbered from here.
    private var nextRequestNumber = 0
    /// The watcher of files on disk, when the client cannot watch them for us
    /// (set on the reader's thread, read on the analysis queue: under the lock).
    private var ownWatcher: DiskWatcher?
    private var diskWatcher: DiskWatcher? { lock.withLock { ownWatcher } }

    enum LifecycleState { case starting, running, shuttingDown, exited }

    /// A server that writes its responses and notifications through `writer`;
    /// `sizes` gives specs a size of their own (a running designer's), over the options'.
    public init(
        options: Options = Options(), writer: MessageWriter, sizes: LayoutSizeSource? = nil, observer: BufferObserver? = nil
    ) {
        self.options = options
        self.writer = writer
        self.sizeSource = sizes
        self.bufferObserver = observer
        workspace = Workspace(width: options.width, height: options.height)
        workspace.sizeForSpec = { [sizes] in sizes?.size(ofSpec: $0) }
    }

    deinit { ownWatcher?.stop() }

    /// True once `exit` arrived.
    public var hasExited: Bool { lock.withLock { state == .exited } }

    /// The exit status `exit` asks for: 0 after a `shutdown`, 1 without.
    public private(set) var exitStatus: Int32 = 1

    /// Reads frames until the stream ends or `exit` arrives.
    public func run(reader: inout MessageReader) {
        while !hasExited, let frame = reader.next() {
            switch frame {
            case .message(let body): handle(body)
            case .malformed(let reason): respond(id: .null, error: ResponseError(code: ResponseError.parseError, message: reason))
            }
        }
        analysisQueue.sync {}
        diskWatcher?.stop()
    }

    /// Holds queued analyses and answers until `resumeAnalysis()` (for tests that
    /// must know a request is still waiting, such as a cancellation's).
    func suspendAnalysis() { analysisQueue.suspend() }

    /// Lets held analyses and answers run again.
    func resumeAnalysis() { analysisQueue.resume() }

    /// Waits until every queued analysis and answer is done (for tests and benchmarks).
    public func waitUntilIdle() {
        analysisQueue.sync {}
    }

    // MARK: Dispatch

    /// Handles one message body.
    public func handle(_ body: Data) {
        switch IncomingMessage(body: body) {
        case .request(let id, let method, let params): request(method, id: id, params: params)
        case .notification(let method, let params): notification(method, params: params)
        case .response: break  // The answer to a request of the server's own (a refresh, a registration): not waited for.
        case .invalid(let error): respond(id: .null, error: error)
        }
    }

    private func request(_ method: String, id: RequestID, params: JSONValue) {
        let current = lock.withLock { state }
        switch (method, current) {
        case ("initialize", .starting):
            initialize(params)
            lock.withLock { state = .running }
            respond(id: id, result: Capabilities.initializeResult)
        case (_, .starting):
            respond(id: id, error: ResponseError(code: ResponseError.serverNotInitialized, message: "initialize first"))
        case ("initialize", _):
            respond(id: id, error: ResponseError(code: ResponseError.invalidRequest, message: "initialize may be sent only once"))
        case ("shutdown", _):
            lock.withLock { state = .shuttingDown }
            diskWatcher?.stop()
            analysisQueue.async { self.respond(id: id, result: .null) }
        case (_, .shuttingDown), (_, .exited):
            respond(id: id, error: ResponseError(code: ResponseError.invalidRequest, message: "the server is shutting down"))
        default:
            guard let feature = Self.features[method] else {
                respond(id: id, error: ResponseError(code: ResponseError.methodNotFound, message: "unknown method '\(method)'"))
                return
            }
            analysisQueue.async {
                // Cancelled while it waited: answered as the protocol says, not computed.
                guard !self.lock.withLock({ self.cancelled.remove(id) != nil }) else {
                    self.respond(id: id, error: ResponseError(code: ResponseError.requestCancelled, message: "cancelled"))
                    return
                }
                do {
                    self.bringUpToDate()
                    self.respond(id: id, result: try feature(self, params))
                } catch let error as ResponseError {
                    self.respond(id: id, error: error)
                } catch {
                    self.respond(id: id, error: .invalidParams("\(error)"))
                }
            }
        }
    }

    private func notification(_ method: String, params: JSONValue) {
        // Before `initialize`, every notification but `exit` is dropped (LSP).
        guard method == "exit" || lock.withLock({ state != .starting }) else { return }
        do {
            switch method {
            case "exit":
                lock.withLock {
                    exitStatus = state == .shuttingDown ? 0 : 1
                    state = .exited
                }
            case "textDocument/didOpen":
                let open = try params.decoded(as: DidOpenParams.self)
                store.open(uri: open.textDocument.uri, version: open.textDocument.version, text: open.textDocument.text)
                tellObserver(uri: open.textDocument.uri)
                scheduleAnalysis()
            case "textDocument/didChange":
                let change = try params.decoded(as: DidChangeParams.self)
                store.change(
                    uri: change.textDocument.uri, version: change.textDocument.version,
                    changes: change.contentChanges.map { ($0.range, $0.text) })
                tellObserver(uri: change.textDocument.uri)
                scheduleAnalysis()
            case "textDocument/didClose":
                let close = try params.decoded(as: DidCloseParams.self)
                store.close(uri: close.textDocument.uri)
                bufferObserver?.bufferClosed(path: Paths.path(ofURI: close.textDocument.uri))
                publish(uri: close.textDocument.uri, version: nil, diagnostics: [])
                scheduleAnalysis()
            case "$/cancelRequest":
                let id: RequestID
                if let number = params["id"]?.intValue {
                    id = .integer(Int64(number))
                } else if let text = params["id"]?.stringValue {
                    id = .string(text)
                } else {
                    break
                }
                lock.withLock {
                    // Ids of requests answered before their cancel arrived would pile up: keep the set small.
                    if cancelled.count > 1000 { cancelled.removeAll() }
                    cancelled.insert(id)
                }
            case "initialized":
                watchFiles()
            case "workspace/didChangeConfiguration":
                let settings = params["settings"]
                if let size = TerminalSize.fromSettings(settings?["casement"] ?? settings) { setLayoutSize(size) }
            case "workspace/didChangeWatchedFiles":
                let paths = (params["changes"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue }.map(Paths.path(ofURI:))
                filesChangedOnDisk(paths)
            case "textDocument/didSave":
                let uri = try params.decoded(as: DidCloseParams.self).textDocument.uri
                bufferObserver?.bufferSaved(path: Paths.path(ofURI: uri))
            default:
                break  // Unknown notifications are ignored, as the protocol says.
            }
        } catch {
            // A notification gets no answer; a malformed one is dropped.
        }
    }

    private func initialize(_ params: JSONValue) {
        lock.withLock { clientCapabilities = params["capabilities"] ?? .null }
        let settings = params["initializationOptions"]
        if let debounce = settings?["debounce"]?.intValue { options.debounceMilliseconds = max(0, debounce) }
        if let width = settings?["width"]?.intValue, width > 0 { options.width = width }
        if let height = settings?["height"]?.intValue, height > 0 { options.height = height }
        if let size = settings?["size"]?.stringValue {
            let parts = size.split(separator: "x").compactMap { Int($0) }
            if parts.count == 2, parts[0] > 0, parts[1] > 0 { (options.width, options.height) = (parts[0], parts[1]) }
        }
        let (width, height) = (options.width, options.height)
        let root = (params["rootUri"]?.stringValue ?? params["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue)
            .map(Paths.path(ofURI:)) ?? params["rootPath"]?.stringValue
        analysisQueue.sync {
            workspace = Workspace(width: width, height: height)
            workspace.root = root
            workspace.sizeForSpec = { [sizeSource] in sizeSource?.size(ofSpec: $0) }
        }
    }

    // MARK: Analysis

    /// Analyses after the debounce delay, unless another change comes first.
    private func scheduleAnalysis() {
        let ticket = lock.withLock { () -> Int in
            scheduled += 1
            return scheduled
        }
        let work: @Sendable () -> Void = {
            guard self.lock.withLock({ self.scheduled == ticket }) else { return }
            self.analyseAndPublish()
        }
        if options.debounceMilliseconds == 0 {
            analysisQueue.async(execute: work)
        } else {
            analysisQueue.asyncAfter(deadline: .now() + .milliseconds(options.debounceMilliseconds), execute: work)
        }
    }

    /// Hands the buffer as it now is to the observer, on the reader's thread, before
    /// any debounce.
    private func tellObserver(uri: String) {
        guard let bufferObserver, let document = store.document(uri: uri) else { return }
        bufferObserver.bufferChanged(document)
    }

    /// Refreshes the workspace from the open buffers.
    func bringUpToDate() {
        workspace.refresh(store.snapshot())
    }

    /// Publishes the diagnostics of each open document whose version or diagnostics
    /// changed since it was last published: a keystroke in one file re-sends that
    /// file's diagnostics, and another file's only when the change altered them.
    private func analyseAndPublish() {
        let documents = store.snapshot()
        workspace.refresh(documents)
        publishChanged(documents)
        diskWatcher?.watch(workspace.filesReadFromDisk(open: Set(documents.keys)))
    }

    private func publishChanged(_ documents: [String: TextDocument]) {
        for (path, document) in documents.sorted(by: { $0.key < $1.key }) {
            let found = workspace.diagnostics(for: path)
            let raw = found.map(\.diagnostic), placements = found.map(\.placement)
            if let last = lastPublished[path], last.version == document.version, last.diagnostics == raw,
                last.placements == placements
            {
                continue
            }
            let diagnostics = DiagnosticConversion.convert(found, in: document, files: workspace.files)
            // A newer version arrived while this one was analysed: its own analysis publishes.
            guard store.document(path: path)?.version == document.version else { continue }
            lastPublished[path] = (document.version, raw, placements)
            lock.withLock { published[document.uri] = diagnostics }
            publish(uri: document.uri, version: document.version, diagnostics: diagnostics.map(\.lsp))
        }
        for path in lastPublished.keys where documents[path] == nil { lastPublished[path] = nil }
    }

    // MARK: Sizes and files on disk

    /// The latest configured size (initialization options, `didChangeConfiguration`,
    /// `casement.setSize`): specs are laid out again, the client is asked to refresh
    /// its inlay hints, and diagnostics that changed are published.
    func setLayoutSize(_ size: TerminalSize) {
        lock.withLock { (options.width, options.height) = (size.width, size.height) }
        analysisQueue.async { self.applySizes(default: size) }
    }

    /// Tells the server that a size its `LayoutSizeSource` gives has changed.
    public func layoutSizesChanged() {
        let size = lock.withLock { TerminalSize(width: options.width, height: options.height) }
        analysisQueue.async { self.applySizes(default: size) }
    }

    private func applySizes(default size: TerminalSize) {
        bringUpToDate()
        workspace.resize(default: size) { [sizeSource] in sizeSource?.size(ofSpec: $0) }
        if lock.withLock({ clientCapabilities })["workspace"]?["inlayHint"]?["refreshSupport"]?.boolValue == true {
            sendRequest("workspace/inlayHint/refresh", params: .null)
        }
        publishChanged(store.snapshot())
    }

    /// Files changed on disk: sessions that read them (and are not open in the
    /// editor) reload, and the diagnostics that changed are published.
    func filesChangedOnDisk(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        analysisQueue.async {
            let documents = self.store.snapshot()
            self.workspace.refresh(documents)
            self.sourceIndex.forgetAll()
            guard self.workspace.diskChanged(paths, open: Set(documents.keys)) else { return }
            self.publishChanged(documents)
            self.diskWatcher?.watch(self.workspace.filesReadFromDisk(open: Set(documents.keys)))
        }
    }

    /// Asks the client to watch `.cas` and `.layout` files for us when it can
    /// register the watcher dynamically; otherwise the server watches the files
    /// its analysis reads from disk itself.
    private func watchFiles() {
        let dynamic = lock.withLock { clientCapabilities }["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
        if dynamic {
            let watchers: JSONValue = .array(["**/*.cas", "**/*.layout"].map { .object(["globPattern": .string($0)]) })
            sendRequest("client/registerCapability", params: .object(["registrations": .array([.object([
                "id": "casement-watched-files", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": .object(["watchers": watchers]),
            ])])]))
            return
        }
        guard diskWatcher == nil, let watcher = DiskWatcher(onChange: { [weak self] in self?.filesChangedOnDisk($0) }) else { return }
        lock.withLock { ownWatcher = watcher }
        analysisQueue.async {
            watcher.watch(self.workspace.filesReadFromDisk(open: Set(self.store.snapshot().keys)))
        }
    }

    /// Sends a request of the server's own; the client's answer is not waited for.
    private func sendRequest(_ method: String, params: JSONValue) {
        let number = lock.withLock { () -> Int in
            nextRequestNumber += 1
            return nextRequestNumber
        }
        var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": .string("casement-\(number)"), "method": .string(method)]
        if params != .null { message["params"] = params }
        send(JSONValue.object(message))
    }

    private func publish(uri: String, version: Int?, diagnostics: [LSPDiagnostic]) {
        writer.send(DiagnosticsJSON.notification(uri: uri, version: version, diagnostics: diagnostics))
    }

    // MARK: Output

    func respond(id: RequestID, result: JSONValue) {
        writer.send(OutgoingResponse(id: id, result: result).json)
    }

    func respond(id: RequestID, error: ResponseError) {
        writer.send(OutgoingResponse(id: id, error: error).json)
    }

    private func send(_ notification: OutgoingNotification) {
        writer.send(notification.json)
    }

    /// Sends a message built as JSON (the server's own requests).
    private func send(_ message: JSONValue) {
        writer.send(JSONWriter.data(message))
    }

    /// The open document a request is about, or the LSP error for one that is not open.
    func openDocument(_ params: JSONValue) throws -> TextDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw ResponseError.invalidParams("missing textDocument.uri")
        }
        guard let document = store.document(uri: uri) else {
            throw ResponseError(code: ResponseError.requestFailed, message: "document '\(uri)' is not open")
        }
        return document
    }

    func position(_ params: JSONValue) throws -> Position {
        guard let position = params["position"], let line = position["line"]?.intValue,
            let character = position["character"]?.intValue
        else { throw ResponseError.invalidParams("missing position") }
        return Position(line: line, character: character)
    }
}
