import CGtk
import CGtkShim
import FoundationEssentials
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `@Environment(\.openURL)` and `Link`: URLs go to the nearest `OpenURLAction`.
    @Suite("Open URL") @MainActor
    struct OpenURLTests {
        @Test("a Link passes its destination to the OpenURLAction set above it")
        func linkReachesAction() throws {
            var opened: [URL] = []
            let page = try #require(URL(string: "https://example.org/help"))
            let window = showWindow {
                Link("Help", destination: page)
                    .widgetName("help-link")
                    .environment(\.openURL, OpenURLAction { opened.append($0) })
            }
            defer { window.close() }
            let link = try #require(widgetNamed("help-link", in: window))
            nextTurn()
            #expect(opened.isEmpty, "control: nothing opens before the click")
            gtkkit_emit(link, "clicked")
            #expect(opened == [page])
        }

        @Test("a view calling openURL reaches the nearest action, not one further up")
        func nearestActionWins() throws {
            var outer: [URL] = []
            var inner: [URL] = []
            let page = try #require(URL(string: "https://example.org/inner"))
            let window = showWindow {
                VStack {
                    OpensURL(url: page).widgetName("outer-caller")
                    OpensURL(url: page).widgetName("inner-caller")
                        .environment(\.openURL, OpenURLAction { inner.append($0) })
                }
                .environment(\.openURL, OpenURLAction { outer.append($0) })
            }
            defer { window.close() }
            gtkkit_emit(try #require(widgetNamed("inner-caller", in: window)), "clicked")
            #expect(inner == [page])
            #expect(outer.isEmpty)
            // Positive control: a caller outside the inner scope reaches the outer action.
            gtkkit_emit(try #require(widgetNamed("outer-caller", in: window)), "clicked")
            #expect(outer == [page])
            #expect(inner == [page])
        }
    }
}

/// A button that opens `url` through `@Environment(\.openURL)`.
private struct OpensURL: View {
    let url: URL
    @Environment(\.openURL) private var openURL

    var body: some View {
        Button("Open") { openURL(url) }
    }
}
