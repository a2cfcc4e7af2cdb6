import Foundation

/// The seed inputs of every target, made from the demos and themes (`demo/`,
/// `styles/`) and from the cases the tests and issues name, in each target's input
/// format. `casement-fuzz --write-seeds ROOT` writes them to
/// `ROOT/Fuzz/corpus/<target>/seed-<name>`; fuzzing grows the corpus from there.
enum Seeds {
    /// Writes every target's seeds under `root/Fuzz/corpus`, reading `root/demo`
    /// and `root/styles`; returns how many files it wrote.
    @MainActor
    static func write(packageRoot root: String) throws -> Int {
        var files: [String: String] = [:]
        for folder in ["demo", "styles"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)
            where name.hasSuffix(".layout") || name.hasSuffix(".cas") {
                files[folder + "/" + name] = try String(contentsOfFile: root + "/" + folder + "/" + name, encoding: .utf8)
            }
        }
        var written = 0
        for (target, seeds) in all(from: files) {
            let folder = root + "/Fuzz/corpus/" + target
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, bytes) in seeds {
                try Data(bytes).write(to: URL(fileURLWithPath: folder + "/seed-" + name))
                written += 1
            }
        }
        return written
    }

    /// `files` holds the package's `demo/*.layout` and `styles/*.cas`, keyed by
    /// their paths relative to the package (`demo/boxes.layout`).
    @MainActor
    static func all(from files: [String: String]) -> [String: [String: [UInt8]]] {
        [
            "cas": stylesheets(files),
            "layout": layouts(files),
            "lsp": languageServer(files),
            "keys": keys(),
            "textfield": textField(),
            "textarea": textArea(),
            "dsl": viewTree(),
            "live": LiveWireFuzzing.seeds(),
        ]
    }

    /// A stylesheet with its `@import "theme.cas"` (and the theme's palette import)
    /// written in place, so it stands alone.
    static func inlined(_ path: String, _ files: [String: String], depth: Int = 0) -> String {
        guard let text = files[path] else { return "" }
        guard depth < 4 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("@import \""), let name = line.split(separator: "\"").dropFirst().first else { return String(line) }
            return inlined("styles/" + name, files, depth: depth + 1)
        }.joined(separator: "\n")
    }

    static func stylesheets(_ files: [String: String]) -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for path in files.keys.sorted() where path.hasPrefix("styles/") {
            let name = String(path.dropFirst("styles/".count).dropLast(".cas".count))
            seeds[name] = Array(inlined(path, files).utf8)
        }
        seeds["import-other"] = Array("@import \"other.cas\"\n$w = 3\nbox { size $w $v }\0$v = $w * 2\n.card { bg red }\n".utf8)
        seeds["variable-chain"] = Array((0..<12).map { $0 == 0 ? "$v0 = 1 2" : "$v\($0) = $v\($0 - 1) $v\($0 - 1)" }.joined(separator: "\n").utf8)
        return seeds
    }

    /// The spec's `use` lines replaced by one `use "s.cas"`, the first stylesheet
    /// it used inlined after a NUL, and after another NUL the spec with its first
    /// number changed (a reload).
    static func layouts(_ files: [String: String]) -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for path in files.keys.sorted() where path.hasPrefix("demo/") && path.hasSuffix(".layout") && !path.contains("stress") {
            let name = String(path.dropFirst("demo/".count).dropLast(".layout".count))
            var sheet: String?
            let spec = files[path]!.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
                guard line.hasPrefix("use \"") else { return String(line) }
                if sheet == nil, let used = line.split(separator: "\"").dropFirst().first {
                    sheet = inlined("styles/" + used.replacingOccurrences(of: "../styles/", with: ""), files)
                    return "use \"s.cas\""
                }
                return nil
            }.joined(separator: "\n")
            var edited = spec
            if let digit = edited.firstRange(of: /[0-9]+/) { edited.replaceSubrange(digit, with: "7") }
            seeds[name] = Array((spec + "\0" + (sheet ?? "") + "\0" + edited).utf8)
        }
        return seeds
    }

    static func message(_ object: [String: Any]) -> [UInt8] {
        Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any]) -> [UInt8] {
        message(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }

    static func notification(_ method: String, _ params: [String: Any]) -> [UInt8] {
        message(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// A session over one demo and its stylesheet: open both, ask everything at a
    /// few positions, edit, rename, shut down. Bodies are NUL-separated (the
    /// target frames them); one seed also sends broken frames raw.
    static func languageServer(_ files: [String: String]) -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for name in ["boxes", "dashboard", "grid", "conflict"] {
            guard let spec = files["demo/\(name).layout"], let sheet = files["styles/\(name).cas"] else { continue }
            let specURI = "file:///w/demo/\(name).layout", sheetURI = "file:///w/styles/\(name).cas"
            func at(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
                ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
            }
            var messages: [[UInt8]] = [
                request(1, "initialize", ["rootUri": "file:///w", "capabilities": [:] as [String: Any]]),
                notification("initialized", [:]),
                notification("textDocument/didOpen", ["textDocument": ["uri": specURI, "languageId": "casement-layout", "version": 1, "text": spec]]),
                notification("textDocument/didOpen", ["textDocument": ["uri": sheetURI, "languageId": "casement-cas", "version": 1, "text": sheet]]),
            ]
            var id = 2
            for (line, character) in [(8, 8), (10, 12), (12, 4)] {
                for method in ["textDocument/hover", "textDocument/definition", "textDocument/completion"] {
                    messages.append(request(id, method, at(specURI, line, character)))
                    id += 1
                }
            }
            messages.append(request(id, "textDocument/documentSymbol", ["textDocument": ["uri": specURI]]))
            messages.append(request(id + 1, "textDocument/hover", at(sheetURI, 4, 3)))
            var references = at(specURI, 10, 8)
            references["context"] = ["includeDeclaration": true]
            messages.append(request(id + 2, "textDocument/references", references))
            var rename = at(specURI, 10, 8)
            rename["newName"] = "renamed"
            messages.append(request(id + 3, "textDocument/rename", rename))
            messages.append(notification("textDocument/didChange", [
                "textDocument": ["uri": specURI, "version": 2],
                "contentChanges": [["text": spec.replacingOccurrences(of: "parent", with: "parnt")]],
            ]))
            messages.append(request(id + 4, "textDocument/codeAction", [
                "textDocument": ["uri": specURI],
                "range": ["start": ["line": 0, "character": 0], "end": ["line": 40, "character": 0]],
                "context": ["diagnostics": [] as [Any]],
            ]))
            messages.append(request(id + 5, "shutdown", [:]))
            messages.append(notification("exit", [:]))
            seeds["session-\(name)"] = Array(messages.joined(separator: [0]))
        }
        let open = notification("textDocument/didOpen", ["textDocument": ["uri": "file:///w/a.layout", "languageId": "casement-layout", "version": 1, "text": "screen root {\n  box a\n}\n"]])
        seeds["broken-frames"] = Array([
            request(1, "initialize", [:]),
            [1] + Array("Content-Length: -5\r\n\r\n{}".utf8),
            [1] + Array("Content-Length: abc\r\n\r\n".utf8),
            [1] + Array("Content-Length: 2\n\n{}".utf8),
            open,
            Array(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"textDocument/hover","params":{}}"#.utf8),
            Array(#"{"jsonrpc":"1.0","id":"x","method":"shutdown"}"#.utf8),
            Array(#"{"jsonrpc":"2.0","id":[1],"method":"shutdown"}"#.utf8),
            Array(#"{"jsonrpc":"2.0","id":null,"method":"shutdown"}"#.utf8),
        ].joined(separator: [0]))
        return seeds
    }

    /// What terminals send: cursor keys in both modes, function keys, modified
    /// keys, mouse reports (X10 and SGR), Alt as ESC, UTF-8 text, pasted text.
    static func keys() -> [String: [UInt8]] {
        let escape = "\u{1B}"
        let sequences: [String: String] = [
            "cursor-normal": "\(escape)[A\(escape)[B\(escape)[C\(escape)[D\(escape)[H\(escape)[F",
            "cursor-application": "\(escape)OA\(escape)OB\(escape)OC\(escape)OD\(escape)OH\(escape)OF",
            "function": "\(escape)OP\(escape)OQ\(escape)[15~\(escape)[17~\(escape)[24~\(escape)[1;2P\(escape)[2~\(escape)[3~\(escape)[5~\(escape)[6~",
            "modified": "\(escape)[1;5C\(escape)[1;3D\(escape)[Z\(escape)x\(escape)\(escape)[A",
            "mouse-sgr": "\(escape)[<0;10;5M\(escape)[<0;10;5m\(escape)[<64;3;3M\(escape)[<65;300;200M",
            "mouse-x10": "\(escape)[M !!\(escape)[M`++\(escape)[Ma++",
            "text": "hello wörld 漢字 👩‍💻 🇫🇷 e\u{301}",
            "controls": "\u{1}\u{5}\u{8}\t\r\n\u{7F}\u{15}\u{1B}",
            "paste": "\(escape)[200~pasted \(escape)[A text\(escape)[201~",
        ]
        return sequences.mapValues { Array($0.utf8) }
    }

    /// Key sequences in the text-editing target's encoding: a step, then for a
    /// typed piece its index in `TextEditingFuzzing.pieces` (issue 26 §2.1's cases).
    @MainActor
    static func textField() -> [String: [UInt8]] {
        func piece(_ text: String) -> UInt8 { UInt8(TextEditingFuzzing.pieces.firstIndex(of: text)!) }
        func step(_ step: TextEditingFuzzing.Step) -> UInt8 { UInt8(TextEditingFuzzing.Step.allCases.firstIndex(of: step)!) }
        let type = step(.type), back = step(.backspace)
        let width: UInt8 = 12
        return [
            "backspace-at-end": [width, type, piece("a"), type, piece("Z"), type, piece("0"), back, type, piece("é")],
            "backspace-only": [width, type, piece("a"), back, back, step(.delete)],
            "combining": [width, type, piece("e"), type, piece("\u{301}"), type, piece("a"), step(.left), back],
            "flags": [width, type, piece("🇫"), type, piece("🇷"), type, piece("a"), step(.home), step(.delete), type, piece("🇩")],
            "emoji-joined": [3, type, piece("👩"), type, piece("\u{200D}"), type, piece("💻"), type, piece("\u{1F3FD}"), step(.resize), 4, 2],
            "hangul": [width, type, piece("\u{1100}"), type, piece("\u{1161}"), type, piece("\u{11A8}"), step(.left), back],
        ]
    }

    /// The text field's seeds, and lines broken, joined and walked up and down.
    @MainActor
    static func textArea() -> [String: [UInt8]] {
        func piece(_ text: String) -> UInt8 { UInt8(TextEditingFuzzing.pieces.firstIndex(of: text)!) }
        func step(_ step: TextEditingFuzzing.Step) -> UInt8 { UInt8(TextEditingFuzzing.Step.allCases.firstIndex(of: step)!) }
        let type = step(.type), enter = step(.enter)
        var seeds = textField()
        seeds["lines"] = [10, type, piece("a"), enter, type, piece("漢"), type, piece("e"), type, piece("\u{301}"), enter,
                          step(.up), step(.end), step(.down), step(.backspace), step(.home), step(.backspace)]
        seeds["undo"] = [6, type, piece("👩"), type, piece("\u{200D}"), enter, type, piece("💻"), step(.controlZ),
                         step(.controlZ), step(.controlY), step(.pageUp), step(.pageDown), step(.delete)]
        return seeds
    }

    /// Fixed pseudo-random decisions for the DSL target.
    static func viewTree() -> [String: [UInt8]] {
        var state: UInt64 = 0x5EED_D51
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        var seeds: [String: [UInt8]] = [:]
        for index in 0..<6 {
            seeds["random-\(index)"] = (0..<(64 << (index % 3))).map { _ in next() }
        }
        return seeds
    }
}
