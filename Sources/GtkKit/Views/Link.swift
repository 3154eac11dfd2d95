import FoundationEssentials

/// A button that opens a URL, styled as a link, as SwiftUI's `Link`: it calls the
/// environment's ``OpenURLAction`` (`@Environment(\.openURL)`), so the desktop opens
/// the URL unless a view above handles it.
///
/// ```swift
/// Link("Project Page", destination: URL(string: "https://example.org")!)
/// ```
public struct Link: View {
    private let title: String
    private let destination: URL
    @Environment(\.openURL) private var openURL

    public init(_ title: String, destination: URL) {
        self.title = title
        self.destination = destination
    }

    public var body: some View {
        // The action is read when the link is clicked, so a handler set later counts.
        // NB: not GtkLinkButton: it calls gtk_show_uri itself, past the environment.
        Button(title) { openURL(destination) }
            .cssClass("link")
            .help(destination.absoluteString)
    }
}
