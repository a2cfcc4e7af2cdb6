/// The demos and stylesheets built into the executable: demo/*.layout and
/// styles/*.cas as they were when it was built. The EmbedDemos build-tool
/// plugin generates the copy on every build in which one of those files
/// changed, so it never drifts from the files.
public enum BuiltInDemos {
    /// Path relative to the package root (`demo/boxes.layout`) to contents.
    public static let files: [String: String] = generatedDemoFiles
}
