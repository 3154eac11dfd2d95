import CGtk
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `@State` and `@Binding`: view-local state, tracked like an observable model's.
    @Suite("View state") @MainActor
    struct StateTests {
        @Test("state toggles a branch, and only the widgets that read it are written")
        func stateTogglesBranch() throws {
            let window = showWindow { Answers() }
            defer { window.close() }
            #expect(widgetNamed("answers", in: window) == nil)
            let toggle = try #require(widgetNamed("toggle", in: window))
            let writes = Diagnostics.widgetWrites
            gtk_widget_activate(toggle)
            pump(until: { widgetNamed("answers", in: window) != nil }, "the answers shown")
            // The branch and the label that reads the state; not the label that does not.
            #expect(Diagnostics.widgetWrites - writes == 2)
            #expect(labelText(try #require(widgetNamed("state", in: window))) == "shown")
            #expect(labelText(try #require(widgetNamed("fixed", in: window))) == "fixed")
            gtk_widget_activate(toggle)
            pump(until: { widgetNamed("answers", in: window) == nil }, "the answers hidden again")
        }

        @Test("a child's @Binding writes the parent's state")
        func bindingWritesParent() throws {
            let window = showWindow { ChallengeScreen() }
            defer { window.close() }
            let answer = try #require(widgetNamed("answer", in: window))
            #expect(labelText(try #require(widgetNamed("score", in: window))) == "0/5")
            // A button's activation is a visible press: one click at a time.
            for count in 1...2 {
                gtk_widget_activate(answer)
                pump(until: { labelText(widgetNamed("score", in: window)!) == "\(count)/5" }, "the child's score")
            }
            #expect(labelText(try #require(widgetNamed("total", in: window))) == "Answered: 2")
        }

        @Test("many writes in one turn update a label once")
        func writesCoalesce() throws {
            let counter = StateCounter()
            let window = showWindow { counter }
            defer { window.close() }
            let label = try #require(widgetNamed("count", in: window))
            let writes = Diagnostics.widgetWrites
            for _ in 0..<1_000 { counter.count += 1 }
            nextTurn()
            #expect(labelText(label) == "1000")
            #expect(Diagnostics.widgetWrites - writes == 1)
        }

        @Test("state owning an @Observable model is released with its window")
        func stateReleasedWithWindow() {
            weak var model: OwnedModel?
            do {
                let view = OwnsModel()
                model = view.owned
                let window = showWindow { view }
                #expect(model != nil)
                window.close()
            }
            pump(until: { model == nil }, "the model released with the window's widgets")
        }
    }
}

extension GTKTests {
    @Suite("View state across layouts", .enabled("needs openbox, xdotool and xprop") { await WindowManager.available })
    @MainActor
    struct StateLayoutTests {
        @Test("state survives a re-layout between size classes")
        func stateSurvivesRelayout() throws {
            let counter = Shared { TapCounter() }
            let window = showWindow(width: 800, height: 700) {
                AdaptiveLayout(\.verticalSizeClass) {
                    VStack { counter }.widgetName("regular")
                } compact: {
                    HStack { counter }.widgetName("compact")
                }
            }
            defer { window.close() }
            let tap = try #require(widgetNamed("tap", in: window))
            for count in 1...3 {
                gtk_widget_activate(tap)
                pump(until: { labelText(widgetNamed("taps", in: window)!) == "\(count) taps" }, "tap \(count)")
            }
            window.resize(width: 800, height: 400)
            pump(until: {
                guard let compact = widgetNamed("compact", in: window) else { return false }
                return gtk_widget_is_ancestor(tap, compact) != 0
            }, "moved into the compact layout")
            #expect(labelText(try #require(widgetNamed("taps", in: window))) == "3 taps")
            gtk_widget_activate(tap)
            pump(until: { labelText(widgetNamed("taps", in: window)!) == "4 taps" }, "the same state counts on")
        }
    }
}

private struct TapCounter: View {
    @State private var taps = 0
    var body: some View {
        VStack {
            Text { "\(taps) taps" }.widgetName("taps")
            Button("Tap") { taps += 1 }.widgetName("tap")
        }
    }
}

private struct Answers: View {
    @State private var showAnswers = false

    var body: some View {
        VStack {
            Button("Toggle") { showAnswers.toggle() }.widgetName("toggle")
            Text { showAnswers ? "shown" : "hidden" }.widgetName("state")
            Text("fixed").widgetName("fixed")
            If({ showAnswers }) { Text("1, 2, 3").widgetName("answers") }
        }
    }
}

/// The seeds' ChallengeView and ScoreView: the parent owns the count, the child writes it.
private struct ChallengeScreen: View {
    @State private var numberOfAnswered = 0

    var body: some View {
        VStack {
            Text { "Answered: \(numberOfAnswered)" }.widgetName("total")
            ScoreView(numberOfAnswered: $numberOfAnswered)
        }
    }
}

private struct ScoreView: View {
    @Binding var numberOfAnswered: Int

    var body: some View {
        HStack {
            Text { "\(numberOfAnswered)/5" }.widgetName("score")
            Button("Answer") { numberOfAnswered += 1 }.widgetName("answer")
        }
    }
}

private struct StateCounter: View {
    @State var count = 0
    var body: some View { Text { "\(count)" }.widgetName("count") }
}

@MainActor @Observable private final class OwnedModel {
    var value = 0
}

private struct OwnsModel: View {
    @State private var model = OwnedModel()
    var owned: OwnedModel { model }
    var body: some View { Text { "\(model.value)" } }
}
