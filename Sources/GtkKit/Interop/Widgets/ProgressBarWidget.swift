internal import CGtk

/// A GtkProgressBar (role progress-bar: a screen reader says how far it has come).
final class ProgressBarWidget: Widget {
    init() {
        super.init(gtk_progress_bar_new())
    }

    /// How much is done, from 0 to 1.
    func setFraction(_ fraction: Double) {
        gtk_progress_bar_set_fraction(opaque, min(max(fraction, 0), 1))
    }
}
