import Foundation
import Testing

@testable import LanguageServer

/// The language server links FoundationEssentials only (docs/cli.md, "Memory"):
/// these stand in for what all of Foundation gave it.
@Suite struct EssentialsTests {
    @Test func percentEscapesDecodeToUTF8() {
        #expect(Paths.percentDecoded("a%20b%C3%A9") == "a bé")
        #expect(Paths.percentDecoded("plain/path.layout") == "plain/path.layout")
        #expect(Paths.percentDecoded("%2") == nil)
        #expect(Paths.percentDecoded("%zz") == nil)
        #expect(Paths.percentDecoded("%FF") == nil)  // not UTF-8
        #expect(Paths.path(ofURI: "file:///tmp/a%20b.layout") == "/tmp/a b.layout")
        #expect(Paths.path(ofURI: Paths.uri(ofPath: "/tmp/x y/é.layout")) == "/tmp/x y/é.layout")
    }

    @Test func headersAreTrimmedOfSpacesAndTabs() {
        #expect(MessageReader.contentLength(in: Array("Content-Length: \t12 \r\n".utf8)) == 12)
        #expect(MessageReader.contentLength(in: Array(" content-length :7".utf8)) == 7)
        #expect(MessageReader.contentLength(in: Array("Content-Length:  ".utf8)) == nil)
    }

    /// The walk lists a folder's names (sorted) before what its folders hold,
    /// and leaves out hidden names and `node_modules`.
    @Test func theWalkSkipsHiddenFoldersAndNodeModules() throws {
        let root = NSTemporaryDirectory() + "casement-walk-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["b", "a/inner", ".git", "node_modules/x"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["z.layout", "a/one.layout", "a/inner/two.layout", ".git/three.layout", "node_modules/x/four.layout", "b/s.cas"] {
            #expect(FileManager.default.createFile(atPath: root + "/" + file, contents: Data()))
        }
        #expect(SpecDiscovery.walk(root) == [
            "a", "b", "z.layout", "a/inner", "a/one.layout", "a/inner/two.layout", "b/s.cas",
        ])
        #expect(SpecDiscovery.walk(root + "/missing").isEmpty)
    }
}
