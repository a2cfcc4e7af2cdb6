import Testing
@testable import FileWatch

/// Both mechanisms must behave the same on real files.
private let backends: [FileWatcher.Options.Backend] = [.inotify, .polling]

private func makeWatcher(
    _ backend: FileWatcher.Options.Backend,
    debounce: Duration = .milliseconds(15),
    maximumDelay: Duration = .seconds(10),
    reportsFinishedSavesAtOnce: Bool = true
) throws -> FileWatcher {
    try FileWatcher(options: .init(
        backend: backend, debounce: debounce, maximumDelay: maximumDelay, pollInterval: .milliseconds(10),
        reportsFinishedSavesAtOnce: reportsFinishedSavesAtOnce))
}

/// A temporary directory with one file in it, and a watcher watching that file.
private struct WatchedFile {
    let directory = TemporaryDirectory()
    let watcher: FileWatcher
    let name: String
    var path: String { directory.file(name) }

    init(_ backend: FileWatcher.Options.Backend, name: String = "a.cas", debounce: Duration = .milliseconds(15)) throws {
        self.name = name
        directory.write(name, "initial")
        watcher = try makeWatcher(backend, debounce: debounce)
        watcher.setWatchedFiles([directory.file(name)])
    }
}

/// Long enough for any expected report on a loaded machine.
private let patience: Duration = .seconds(5)
/// Long enough for a report that should not come to have come.
private let quietWait: Duration = .milliseconds(250)

@Suite struct SlowFileWatcherTests {
    @Test(arguments: backends) func reportsTheMechanismAsked(backend: FileWatcher.Options.Backend) throws {
        let watcher = try makeWatcher(backend)
        #expect(watcher.mechanism == (backend == .polling ? .polling : .inotify))
        #expect((watcher.fileDescriptor == nil) == (backend == .polling))
    }

    @Test(arguments: backends) func writeInPlaceIsAModification(backend: FileWatcher.Options.Backend) throws {
        let file = try WatchedFile(backend)
        file.directory.write(file.name, "two, longer")
        #expect(file.watcher.waitForChanges(timeout: patience) == [.modified(path: file.path)])
        #expect(file.watcher.waitForChanges(timeout: quietWait) == [])
    }

    @Test(arguments: backends) func saveByRenameIsAModification(backend: FileWatcher.Options.Backend) throws {
        let file = try WatchedFile(backend)
        file.directory.save(file.name, "two")
        #expect(file.watcher.waitForChanges(timeout: patience) == [.modified(path: file.path)])
        #expect(file.directory.read(file.name) == "two")
        // The watch survives the replacement: the next save is seen too.
        file.directory.save(file.name, "three")
        #expect(file.watcher.waitForChanges(timeout: patience) == [.modified(path: file.path)])
    }

    @Test(arguments: backends) func deleteAndRecreate(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        directory.write("a.layout", "one")
        let watcher = try makeWatcher(backend)
        watcher.setWatchedFiles([directory.file("a.layout")])
        directory.remove("a.layout")
        #expect(watcher.waitForChanges(timeout: patience) == [.removed(path: directory.file("a.layout"))])
        directory.write("a.layout", "back")
        #expect(watcher.waitForChanges(timeout: patience) == [.modified(path: directory.file("a.layout"))])
        #expect(directory.read("a.layout") == "back")
    }

    @Test(arguments: backends) func fileCreatedLaterIsSeen(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        let watcher = try makeWatcher(backend)
        watcher.setWatchedFiles([directory.file("later.cas")])
        #expect(watcher.waitForChanges(timeout: quietWait) == [])
        directory.save("later.cas", "hello")
        #expect(watcher.waitForChanges(timeout: patience) == [.modified(path: directory.file("later.cas"))])
    }

    @Test(arguments: backends) func fileInADirectoryCreatedLaterIsSeen(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        let watcher = try makeWatcher(backend)
        let path = directory.file("styles/theme/dark.cas")
        watcher.setWatchedFiles([path])
        directory.makeDirectory("styles")
        directory.makeDirectory("styles/theme")
        directory.write("styles/theme/dark.cas", "dark")
        // Directories appearing settle without a report: only the file counts.
        #expect(watcher.waitForChanges(timeout: patience) == [.modified(path: path)])
        directory.write("styles/theme/dark.cas", "darker")
        #expect(watcher.waitForChanges(timeout: patience) == [.modified(path: path)])
    }

    @Test(arguments: backends) func newlyWatchedFilesAreNotReported(backend: FileWatcher.Options.Backend) throws {
        let file = try WatchedFile(backend)
        #expect(file.watcher.waitForChanges(timeout: quietWait) == [])
    }

    @Test(arguments: backends) func otherFilesInTheDirectoryAreIgnored(backend: FileWatcher.Options.Backend) throws {
        let file = try WatchedFile(backend)
        file.directory.write("notes.txt", "x")
        file.directory.save("other.cas", "y")
        file.directory.remove("notes.txt")
        #expect(file.watcher.waitForChanges(timeout: quietWait) == [])
    }

    @Test(arguments: backends) func aBurstOfSavesEndsInOneReportOfTheLastContent(backend: FileWatcher.Options.Backend) throws {
        // A generous quiet period: a stall of the loaded test machine between two
        // saves must not look like the end of the burst.
        let file = try WatchedFile(backend, debounce: .milliseconds(150))
        for save in 1...100 {
            // Alternate the two ways editors save.
            if save.isMultiple(of: 2) {
                file.directory.save(file.name, "save \(save)")
            } else {
                file.directory.write(file.name, "save \(save)")
            }
        }
        #expect(file.watcher.waitForChanges(timeout: patience) == [.modified(path: file.path)])
        #expect(file.directory.read(file.name) == "save 100")
        #expect(file.watcher.waitForChanges(timeout: .milliseconds(400)) == [])
    }

    @Test(arguments: [true, false]) func aFinishedSaveIsReportedWithoutWaitingOutTheDebounce(byRename: Bool) throws {
        // A debounce far longer than the patience: only the leading edge can
        // report within it.
        let file = try WatchedFile(.inotify, debounce: .seconds(60))
        if byRename {
            file.directory.save(file.name, "renamed into place")
        } else {
            file.directory.write(file.name, "written and closed")
        }
        #expect(file.watcher.waitForChanges(timeout: patience) == [.modified(path: file.path)])
    }

    @Test(arguments: backends) func burstOverSeveralFilesIsOneSortedReport(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        for name in ["c.cas", "a.cas", "b.layout"] { directory.write(name, "0") }
        let watcher = try makeWatcher(backend, debounce: .milliseconds(150))
        watcher.setWatchedFiles(["c.cas", "a.cas", "b.layout"].map(directory.file))
        directory.save("c.cas", "1")
        directory.remove("b.layout")
        directory.write("a.cas", "1")
        #expect(watcher.waitForChanges(timeout: patience) == [
            .modified(path: directory.file("a.cas")),
            .removed(path: directory.file("b.layout")),
            .modified(path: directory.file("c.cas")),
        ])
    }

    @Test(arguments: backends) func createdAndDeletedWithinABurstIsNotReported(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        let watcher = try makeWatcher(backend, debounce: .milliseconds(150))
        watcher.setWatchedFiles([directory.file("ghost.cas")])
        directory.write("ghost.cas", "boo")
        directory.remove("ghost.cas")
        #expect(watcher.waitForChanges(timeout: .milliseconds(500)) == [])
    }

    @Test(arguments: backends) func watchSetChanges(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        directory.makeDirectory("imports")
        directory.write("a.cas", "a")
        directory.write("imports/b.cas", "b")
        let watcher = try makeWatcher(backend)
        watcher.setWatchedFiles([directory.file("a.cas")])
        #expect(watcher.watchedFiles == [directory.file("a.cas")])

        // The import graph grows to b and drops a.
        watcher.setWatchedFiles([directory.file("imports/b.cas")])
        directory.write("a.cas", "a2")
        #expect(watcher.waitForChanges(timeout: quietWait) == [])
        directory.save("imports/b.cas", "b2")
        #expect(watcher.waitForChanges(timeout: patience) == [.modified(path: directory.file("imports/b.cas"))])

        // Both again; a change pending for a file that leaves the set is dropped.
        watcher.setWatchedFiles([directory.file("a.cas"), directory.file("imports/b.cas")])
        directory.write("a.cas", "a3")
        directory.write("imports/b.cas", "b3")
        #expect(watcher.waitForChanges(timeout: patience).count >= 1)
        directory.write("imports/b.cas", "b4")
        _ = watcher.collectChanges()
        watcher.setWatchedFiles([directory.file("a.cas")])
        #expect(watcher.waitForChanges(timeout: quietWait) == [])

        watcher.setWatchedFiles([])
        #expect(watcher.watchedFiles == [])
        directory.write("a.cas", "a4")
        #expect(watcher.waitForChanges(timeout: quietWait) == [])
    }

    @Test(arguments: backends) func pathsAreReportedAsTheCallerSpelledThem(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        directory.makeDirectory("sub")
        directory.write("a.cas", "a")
        let watcher = try makeWatcher(backend)
        let odd = directory.path + "/sub/..//./a.cas"
        watcher.setWatchedFiles([odd, directory.file("a.cas")])
        #expect(watcher.watchedFiles == [directory.file("a.cas"), odd].sorted())
        directory.write("a.cas", "b")
        #expect(watcher.waitForChanges(timeout: patience) == [
            .modified(path: odd), .modified(path: directory.file("a.cas")),
        ].sorted { $0.path < $1.path })
    }

    @Test(arguments: backends) func aLinkIsWatchedForItsTarget(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        directory.makeDirectory("real")
        directory.makeDirectory("project")
        directory.write("real/theme.cas", "one")
        directory.link("project/theme.cas", to: directory.file("real/theme.cas"))
        let watcher = try makeWatcher(backend)
        watcher.setWatchedFiles([directory.file("project/theme.cas")])
        directory.save("real/theme.cas", "two")
        #expect(watcher.waitForChanges(timeout: patience) == [.modified(path: directory.file("project/theme.cas"))])
    }

    @Test(arguments: backends) func aReplacedDirectoryIsWatchedAgain(backend: FileWatcher.Options.Backend) throws {
        let directory = TemporaryDirectory()
        directory.makeDirectory("styles")
        directory.write("styles/a.cas", "a")
        let watcher = try makeWatcher(backend)
        let path = directory.file("styles/a.cas")
        watcher.setWatchedFiles([path])
        removeTree(directory.file("styles"))
        #expect(watcher.waitForChanges(timeout: patience) == [.removed(path: path)])
        directory.makeDirectory("styles")
        directory.write("styles/a.cas", "again")
        #expect(watcher.waitForChanges(timeout: patience) == [.modified(path: path)])
        directory.write("styles/a.cas", "and again")
        #expect(watcher.waitForChanges(timeout: patience) == [.modified(path: path)])
    }

    @Test func eventLoopStyleUseWithAFinishedSave() throws {
        let directory = TemporaryDirectory()
        directory.write("a.cas", "a")
        let watcher = try makeWatcher(.inotify)
        watcher.setWatchedFiles([directory.file("a.cas")])
        directory.write("a.cas", "b")
        // Written and closed: due at once, and nothing after it.
        let start = ContinuousClock.now
        #expect(watcher.collectChanges(now: start) == [.modified(path: directory.file("a.cas"))])
        #expect(watcher.timeUntilNextDeadline(now: start) == nil)
        // A second save within the debounce waits for the quiet period.
        directory.write("a.cas", "c")
        #expect(watcher.collectChanges(now: start + .milliseconds(1)) == [])
        #expect(watcher.collectChanges(now: start + .milliseconds(16)) == [.modified(path: directory.file("a.cas"))])
    }

    @Test func eventLoopStyleUse() throws {
        let directory = TemporaryDirectory()
        directory.write("a.cas", "a")
        let watcher = try makeWatcher(.inotify, reportsFinishedSavesAtOnce: false)
        watcher.setWatchedFiles([directory.file("a.cas")])
        #expect(watcher.timeUntilNextDeadline() == nil)
        directory.write("a.cas", "b")
        // The kernel has queued events by now: draining them starts the debounce.
        let start = ContinuousClock.now
        #expect(watcher.collectChanges(now: start) == [])
        let wait = try #require(watcher.timeUntilNextDeadline(now: start))
        #expect(wait > .zero && wait <= .milliseconds(15))
        #expect(watcher.collectChanges(now: start + .milliseconds(14)) == [])
        #expect(watcher.collectChanges(now: start + .milliseconds(15)) == [.modified(path: directory.file("a.cas"))])
        #expect(watcher.timeUntilNextDeadline(now: start + .milliseconds(15)) == nil)
    }

    @Test func pollingModeHasDeadlinesButNoDescriptor() throws {
        let directory = TemporaryDirectory()
        directory.write("a.cas", "a")
        let watcher = try makeWatcher(.polling)
        #expect(watcher.timeUntilNextDeadline() == nil)
        watcher.setWatchedFiles([directory.file("a.cas")])
        #expect(watcher.polledFiles == [directory.file("a.cas")])
        let wait = try #require(watcher.timeUntilNextDeadline())
        #expect(wait <= .milliseconds(10))
    }
}
