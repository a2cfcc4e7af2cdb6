#if canImport(Glibc)
import Glibc
#endif

/// The allocator setting of the long-running sessions (the designer, the
/// language server, and the benchmarks that measure them).
///
/// Every edit of a large spec makes new per-view and per-constraint arrays
/// (megabytes at 10,000 views) and frees the previous ones. glibc's defaults
/// give big blocks pages of their own and hand the top of the heap back to the
/// system once it is free, so each edit touches fresh pages: about 400 page
/// faults per `structural-view` edit of the 10,000-view `grow` spec, none with
/// this setting (docs/engine.md, "Speed"). No library calls it: a library must
/// not change the whole process's allocator. An executable that runs a session
/// for long (`casement open`, `casement lsp`, the benchmarks of them) calls it
/// from its entry point; the one-shot commands (`render`, `check`) keep the
/// defaults, which give memory back sooner.
public enum AllocatorSetting {
    /// Blocks up to 32 MB (glibc's largest threshold) come from the heap, and
    /// up to 64 MB of free memory at its top is kept for the next edit.
    public static func keepMemoryForEdits() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module does not
        // bring in: it is looked up among the process's symbols instead.
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let mmapThreshold: Int32 = -3, trimThreshold: Int32 = -1  // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 64 << 20)
        #endif
    }
}
