import CGtk
import CGtkShim
import Foundation
@_spi(Interop) import GtkKit
import KuchiModel
import Testing
@testable import KuchiApp

/// The Statistics page's memory model and "Fit now", through the widgets.
@Suite("The memory model on Statistics", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct MemoryModelPageTests {
    /// 600 reviews of 120 words over the last 200 days, replayed as an import's history:
    /// each word learnt, then reviewed 1, 3, 7 and 15 days later, forgotten now and then.
    static func history(now: Date) -> [ImportedReview] {
        var reviews: [ImportedReview] = []
        let start = now.addingTimeInterval(-200 * 86_400)
        for word in 0..<120 {
            var day = Double(word)
            reviews.append(ImportedReview(
                question: "w\(word)", time: start.addingTimeInterval(day * 86_400), rating: .good, duration: .seconds(3),
                kind: .learning))
            for (k, gap) in [1.0, 3, 7, 15].enumerated() {
                day += gap
                let forgot = (word * 7 + k * 3) % 10 == 0
                reviews.append(ImportedReview(
                    question: "w\(word)", time: start.addingTimeInterval(day * 86_400 + 3600), rating: forgot ? .again : .good,
                    duration: .seconds(4), kind: .review))
            }
        }
        return reviews
    }

    func statistics(_ app: AppHarness) {
        app.models.state.homePage = .statistics
        pump(until: { app.isShown("memory-model") }, "the Statistics page shows")
    }

    func isSensitive(_ app: AppHarness, _ name: String) -> Bool {
        app.widget(name).map { gtk_widget_is_sensitive($0) != 0 } ?? false
    }

    @Test("before 400 reviews the default model is named and Fit now is off, saying why; Fit now then fits, shows it and saves it")
    func fitNow() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        statistics(app)
        #expect(app.text("memory-model") == "Kuchi uses the default memory model; it fits one to you at 400 reviews.")
        #expect(!isSensitive(app, "fit-now"))
        #expect(app.labelTexts(in: "statistics").contains("A fit needs 400 reviews; you have 0."))

        _ = try app.models.planner.importHistory(Self.history(now: Date()), deck: "history")
        MainLoop.drain()
        #expect(isSensitive(app, "fit-now"), "600 reviews are enough")
        // Held at its start, so that the page is seen while it runs.
        let gate = Gate()
        app.models.fitter.gate = { gate.wait() }
        app.click("fit-now")
        #expect(app.models.fitter.isFitting)
        #expect(app.isShown("fit-cancel") && app.isShown("fit-progress") && !app.isShown("fit-now"))
        #expect(app.labelTexts(in: "statistics").contains("Fitting… You can go on using Kuchi meanwhile."))
        gate.open()
        pump(until: { !app.models.fitter.isFitting }, timeout: .seconds(60), "the fit ends")
        let model = try #require(app.models.users.settings.memoryModel, "a fit on the learner's own log predicts it better")
        #expect(model.reviewCount == 600 && model.after.logLoss < model.before.logLoss)
        #expect(app.models.users.settings.lastFitReviewCount == 600)
        pump(until: { app.text("memory-model")?.hasPrefix("Your memory model") == true }, "the page follows the settings")
        let text = try #require(app.text("memory-model"))
        #expect(text.hasPrefix("Your memory model: fitted to 600 reviews on ") && text.contains("; log loss "), "\(text)")
        #expect(app.isShown("fit-now") && !app.isShown("fit-cancel"))
        // Saved with the settings.
        let saved = try String(contentsOf: app.folder.appendingPathComponent("config/settings.json"), encoding: .utf8)
        #expect(saved.contains("\"fsrsParameters\""))
    }

    @Test("Cancel stops a fit: nothing changes, and a toast says so")
    func cancelFit() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        _ = try app.models.planner.importHistory(Self.history(now: Date()), deck: "history")
        statistics(app)
        let gate = Gate()
        app.models.fitter.gate = { gate.wait() }
        app.click("fit-now")
        app.click("fit-cancel")
        #expect(!isSensitive(app, "fit-cancel"), "pressed once: it says it is cancelling")
        gate.open()
        pump(until: { !app.models.fitter.isFitting }, timeout: .seconds(60), "the fit ends")
        #expect(app.models.users.settings.memoryModel == nil && app.models.users.settings.lastFitReviewCount == 0)
        pump(until: { allLabels(app).contains("Fitting cancelled: your memory model stays as it was") }, "the toast")
    }

    @Test("no fit during a session: Fit now is off and says why, and the automatic fit waits for the session's end")
    func notDuringASession() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        _ = try app.models.planner.importHistory(Self.history(now: Date()), deck: "history")
        app.startPractice()
        statistics(app)
        #expect(!isSensitive(app, "fit-now"))
        #expect(app.labelTexts(in: "statistics").contains("Finish your session or flash-card round first: Kuchi changes its model only between them."))
        app.models.fitter.watch()
        #expect(!app.models.fitter.isFitting, "the reviews are due a fit, but a session is under way")
        // The session ends: the automatic fit starts, 600 reviews being at least 400.
        app.models.state.challengeStep = .welcome
        pump(until: { app.models.fitter.isFitting }, "the automatic fit starts between sessions")
        pump(until: { !app.models.fitter.isFitting }, timeout: .seconds(60), "the fit ends")
        #expect(app.models.users.settings.lastFitReviewCount == 600)
        // The next waits until the reviews have doubled: not at 600 again…
        app.models.fitter.watch()
        #expect(!app.models.fitter.isFitting, "600 reviews are not twice the 600 of the last fit")
        // …but at twice the last fit's count (here the last fit said 300).
        app.models.users.settings.lastFitReviewCount = 300
        app.models.fitter.watch()
        #expect(app.models.fitter.isFitting, "600 reviews are twice 300")
        pump(until: { !app.models.fitter.isFitting }, timeout: .seconds(60), "the fit ends")
    }
}

/// The workload under the desired-retention setting, through the widgets.
@Suite("The workload in Settings", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct WorkloadRowTests {
    @Test("Settings shows the reviews a day the desired retention implies, and works it out again when it changes")
    func workloadFollowsRetention() throws {
        let app = try AppHarness(registered: true)
        defer { app.close() }
        _ = try app.models.planner.importHistory(MemoryModelPageTests.history(now: Date()), deck: "history")
        app.models.state.homePage = .settings
        pump(until: { app.isShown("workload") }, "Settings shows")
        pump(until: { app.models.workload.words.hasPrefix("About ") }, timeout: .seconds(30), "the figure is worked out")
        let at90 = try #require(app.models.workload.estimate?.reviewsPerDay)
        #expect(allLabels(app).contains(app.models.workload.words), "\(app.models.workload.words)")
        app.models.users.settings.desiredRetention = 95
        #expect(app.models.workload.words == "Working out the reviews a day…")
        pump(until: { app.models.workload.estimate?.key.retention == 95 }, timeout: .seconds(30), "worked out again")
        #expect(try #require(app.models.workload.estimate?.reviewsPerDay) > at90)
    }
}
