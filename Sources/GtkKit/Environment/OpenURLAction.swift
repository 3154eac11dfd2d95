import FoundationEssentials

/// Opens a URL, as SwiftUI's `OpenURLAction`: read it with `@Environment(\.openURL)`
/// and call it, or give a ``Link`` its URL.
///
/// ```swift
/// @Environment(\.openURL) private var openURL
/// …
/// Button("Report a Problem") { openURL(issuesPage) }
/// ```
///
/// By default the desktop opens the URL in the application the user chose for it
/// (`gtk_show_uri`, over the window that has the focus; in a Flatpak GLib asks the
/// OpenURI portal). A view may handle the URLs opened below it instead — to open
/// some of them in the app, or in a test to see what would have opened:
///
/// ```swift
/// HelpView()
///     .environment(\.openURL, OpenURLAction { url in opened.append(url) })
/// ```
public struct OpenURLAction {
    private let handler: @MainActor (URL) -> Void

    /// An action that passes each URL to `handler`, in place of the desktop.
    public init(handler: @escaping @MainActor (URL) -> Void) { self.handler = handler }

    /// Opens `url`.
    @MainActor
    public func callAsFunction(_ url: URL) { handler(url) }
}

private struct OpenURLKey: EnvironmentKey {
    // Computed: a stored closure would be shared state across isolation domains.
    static var defaultValue: OpenURLAction { OpenURLAction(handler: DefaultApplications.open) }
}

extension EnvironmentValues {
    /// Opens a URL, by default in the desktop's application for it; see ``OpenURLAction``.
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
}
