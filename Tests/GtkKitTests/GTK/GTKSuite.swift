import Testing

/// Every test that drives real GTK widgets. They share one display and one
/// main loop, so they run one at a time; without a display they are skipped.
@Suite("GTK", .serialized, .enabled("needs a display: run under xvfb-run -a") { await Display.available })
@MainActor
struct GTKTests {}
