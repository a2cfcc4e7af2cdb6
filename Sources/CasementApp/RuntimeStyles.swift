/// The look of the screens the runtime makes itself — dialogs, the command
/// palette, toasts — as a stylesheet that comes before the app's, so any rule of
/// the app's sheets for the same selector wins (docs/apps.md prints it).
enum RuntimeStyles {
    static let path = "casement-app-defaults.cas"

    static let text = """
        // The runtime's own screens; an app's stylesheets override any of it.
        .dialog { border rounded; border-color bright-black; background-color black; color white; padding 0 1 }
        .dialog-title { bold true }
        .dialog-buttons .button { margin-left 1 }
        .dialog .button[state:focused] { reverse true }
        .palette { border rounded; border-color bright-black; background-color black; color white }
        .palette-input { background-color bright-black }
        .toast { background-color bright-black; color white; padding 0 1 }
        .toast.warning { background-color yellow; color black }
        .toast.error { background-color red; color white }
        """

    static let sheets: KeyValuePairs<String, String> = [path: text]
}
