import GtkKit
import KuchiModel

/// The Statistics page's memory model: what it was fitted to, how much better it
/// predicts the learner's reviews than the one before (or that the default is in use),
/// and "Fit now", with the fit's progress and its Cancel while it runs.
extension StatisticsView {
    var memoryModel: PreferencesGroup {
        PreferencesGroup(tr("Memory model"), description: tr("How Kuchi predicts when you would forget a card")) {
            Text { users.settings.memoryModel?.summary ?? MemoryModelFit.defaultSummary }
                .wrapping(alignment: .start)
                .widgetName("memory-model")
            // Not an AdwActionRow: a group puts its rows above any other widget, and
            // the summary reads first.
            HStack(spacing: 12) {
                Text { fitStatus }
                    .wrapping(alignment: .start)
                    .cssClass("dim-label")
                    .expand(horizontal: true)
                    .widgetName("fit-status")
                Button(tr("Cancel")) { fitter.cancel() }
                    .visible { fitter.isFitting }
                    .enabled { !fitter.isCancelling }
                    .align(vertical: .center)
                    .widgetName("fit-cancel")
                Button(tr("Fit now")) { fitter.fitNow() }
                    .visible { !fitter.isFitting }
                    .enabled { fitter.unavailableReason == nil }
                    .help { fitter.unavailableReason ?? tr("Fit Kuchi's memory model to your reviews now") }
                    .align(vertical: .center)
                    .widgetName("fit-now")
            }
            .padding(top: 6)
            ProgressView(tr("Fit progress")) { fitter.fraction ?? 0 }
                .visible { fitter.isFitting }
                .padding(top: 6, bottom: 6)
                .widgetName("fit-progress")
        }
    }

    /// What the fit is doing, or why it cannot run, or what it does by itself.
    private var fitStatus: String {
        if fitter.isCancelling { return tr("Cancelling…") }
        if fitter.isFitting { return tr("Fitting… You can go on using Kuchi meanwhile.") }
        return fitter.unavailableReason ?? tr("Kuchi also fits it by itself each time your reviews have doubled.")
    }
}
