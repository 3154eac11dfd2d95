import CGtk
import Observation
import Testing
@_spi(Interop) @_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `@FocusState` and key phases, with real key presses from the X server.
    @Suite("Focus and keys", .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    @MainActor
    struct FocusAndKeyTests {
        @Test("setting focus state moves the focus, and the focus moving sets it")
        func focusFollowsState() throws {
            let form = SignUpForm()
            let window = showWindow { form }
            defer { window.close() }
            let name = try #require(widgetNamed("name", in: window))
            let email = try #require(widgetNamed("email", in: window))
            try activate(window)
            form.field = .email
            pump(until: { contains(focusOf: window, email) }, "the email entry focused")
            form.field = .name
            pump(until: { contains(focusOf: window, name) }, "the name entry focused")
            // And back: the focus moved by GTK (a click, Tab) sets the state.
            gtk_widget_grab_focus(email)
            pump(until: { form.field == .email }, "the state follows the focus")
            form.field = nil
            pump(until: { !contains(focusOf: window, email) }, "nil takes the focus away")
        }

        @Test("a Bool focus state follows the focus both ways")
        func boolFocus() throws {
            let search = SearchField()
            let window = showWindow { search }
            defer { window.close() }
            let entry = try #require(widgetNamed("search", in: window))
            let other = try #require(widgetNamed("other", in: window))
            try activate(window)
            gtk_widget_grab_focus(other)
            pump(until: { !search.isFocused }, "false once the focus is elsewhere")
            search.isFocused = true
            pump(until: { contains(focusOf: window, entry) }, "the entry focused")
            search.isFocused = false
            pump(until: { !contains(focusOf: window, entry) }, "false takes the focus away")
            gtk_widget_grab_focus(entry)
            pump(until: { search.isFocused }, "true once the focus is back")
        }

        @Test("an entry receives the digit typed into it while its parent handles 1–3")
        func bubblingLeavesDigitsToEntry() throws {
            for phase in [KeyPressPhase.bubble, .capture] {
                let keys = DigitShortcuts()
                let window = showWindow { Digits(keys: keys, phase: phase) }
                defer { window.close() }
                let entry = try #require(widgetNamed("typed", in: window))
                try activate(window)
                gtk_widget_grab_focus(entry)
                pump(until: { contains(focusOf: window, entry) }, "the entry focused")
                WindowManager.run("xdotool", ["key", "--clearmodifiers", "1"])
                pump(until: { keys.text == "1" || keys.chosen == [1] }, "the key arrived")
                nextTurn()
                if phase == .bubble {
                    #expect(keys.text == "1" && keys.chosen.isEmpty, "the entry took it; the handler never saw it")
                } else {
                    // Positive control: the same handler in the capture phase eats the key.
                    #expect(keys.text.isEmpty && keys.chosen == [1])
                }
            }
        }

        @Test("a text field carries its input purpose and hints to GTK")
        func inputTraits() throws {
            let text = StateText()
            let window = showWindow {
                TextField("Reading", text: text.binding).inputPurpose(.alphabetic).inputHints([.noSpellcheck, .noEmoji])
                    .widgetName("reading")
            }
            defer { window.close() }
            let entry: UnsafeMutablePointer<GtkEntry> = typed(try #require(widgetNamed("reading", in: window)))
            #expect(gtk_entry_get_input_purpose(entry) == GTK_INPUT_PURPOSE_ALPHA)
            #expect(gtk_entry_get_input_hints(entry).rawValue
                == GTK_INPUT_HINT_NO_SPELLCHECK.rawValue | GTK_INPUT_HINT_NO_EMOJI.rawValue)
        }

        @Test("a widget that takes the focus when shown keeps it through the page switch that shows it")
        func focusOnAppearThroughPageSwitches() throws {
            let pages = SwitchedPages()
            let window = showWindow { TabsWithSteps(pages: pages) }
            defer { window.close() }
            try activate(window)
            let elsewhere = try #require(widgetNamed("elsewhere", in: window))
            gtk_widget_grab_focus(elsewhere)
            pump(until: { contains(focusOf: window, elsewhere) }, "the focus on the first tab")

            // A view stack (AdwViewStack) showing a tab for the first time: it moves the
            // focus on to the tab's first control after Start has taken it.
            pages.tab = .second
            pump(until: { widgetNamed("start", in: window).map { gtk_widget_get_mapped($0) != 0 } ?? false },
                 "the second tab shown")
            nextTurn()
            let start = try #require(widgetNamed("start", in: window))
            let other = try #require(widgetNamed("other", in: window))
            #expect(gtk_widget_has_focus(start) != 0, "Start has the focus once the second tab shows")

            // Shown again, the view stack puts the focus back where it was when the tab
            // was left, on Other, after Start has taken it.
            gtk_widget_grab_focus(other)
            pages.tab = .first
            pump(until: { gtk_widget_get_mapped(start) == 0 }, "the first tab shown again")
            gtk_widget_grab_focus(elsewhere)
            pages.tab = .second
            pump(until: { gtk_widget_get_mapped(start) != 0 }, "the second tab shown again")
            nextTurn()
            #expect(gtk_widget_has_focus(start) != 0, "Start has the focus, not Other, where it was left")

            // A page stack (GtkStack) inside the tab, switching back to Start's page.
            pages.step = .next
            pump(until: { widgetNamed("back", in: window).map { gtk_widget_get_mapped($0) != 0 } ?? false },
                 "the next step shown")
            let back = try #require(widgetNamed("back", in: window))
            gtk_widget_grab_focus(back)
            pages.step = .start
            pump(until: { gtk_widget_get_mapped(start) != 0 }, "Start's step shown again")
            nextTurn()
            #expect(gtk_widget_has_focus(start) != 0, "Start has the focus once its step shows again")
        }

        private func activate(_ window: Window) throws {
            try GtkTestSupport.activate(typed(window.gtkWindow))
        }

        private func contains(focusOf window: Window, _ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
            guard let focus = gtk_root_get_focus(gtk_widget_get_root(widget)) else { return false }
            return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
        }
    }
}

private enum Field: Hashable { case name, email }

@MainActor
private struct SignUpForm: View {
    @FocusState var field: Field?
    @State private var name = ""
    @State private var email = ""

    var body: some View {
        VStack {
            TextField("Name", text: $name).focused($field, equals: .name).widgetName("name")
            TextField("Email", text: $email).focused($field, equals: .email).widgetName("email")
        }
    }
}

@MainActor
private struct SearchField: View {
    @FocusState var isFocused: Bool
    @State private var text = ""

    var body: some View {
        VStack {
            TextField("Search", text: $text).focused($isFocused).widgetName("search")
            Button("Other") {}.widgetName("other")
        }
    }
}

@MainActor @Observable private final class DigitShortcuts {
    var text = ""
    var chosen: [Int] = []
}

private struct Digits: View {
    @Bindable var keys: DigitShortcuts
    let phase: KeyPressPhase

    var body: some View {
        VStack {
            TextField("Answer", text: $keys.text).widgetName("typed")
        }
        .onKeyPress(phase: phase) { key in
            guard let digit = key.character?.wholeNumberValue, (1...3).contains(digit) else { return false }
            keys.chosen.append(digit)
            return true
        }
    }
}

@MainActor
private final class StateText {
    var value = ""
    var binding: Binding<String> { Binding(get: { self.value }, set: { self.value = $0 }) }
}

@MainActor @Observable private final class SwitchedPages {
    enum Tab: Hashable { case first, second }
    enum Step: Hashable { case start, next }
    var tab = Tab.first
    var step = Step.start
}

/// Two tabs, as Kuchi's Home: the second holds steps, as its Challenge page, the
/// first of which shows Start, taking the focus, before another control.
private struct TabsWithSteps: View {
    @Bindable var pages: SwitchedPages
    private let link = ViewStackLink()

    var body: some View {
        ViewStack(selection: $pages.tab, link: link) {
            ViewStackPage(SwitchedPages.Tab.first, title: "First", iconName: "go-first-symbolic") {
                // In a box: a stack takes the focus along only from inside the page it leaves.
                VStack { Button("Elsewhere") {}.widgetName("elsewhere") }
            }
            ViewStackPage(SwitchedPages.Tab.second, title: "Second", iconName: "go-last-symbolic") {
                PageStack(selection: { pages.step }) {
                    Page(SwitchedPages.Step.start) {
                        VStack {
                            Button("Start") {}.focusOnAppear().widgetName("start")
                            Button("Other") {}.widgetName("other")
                        }
                    }
                    Page(SwitchedPages.Step.next) { VStack { Button("Back") {}.widgetName("back") } }
                }
            }
        }
    }
}
