import FoundationEssentials

extension View {
    /// Keeps keys pressed before this view appeared from acting on it: when the key
    /// that dismissed the previous screen is typed twice or held (its repeats start
    /// after about 600 ms), the extra presses would reach the new screen's focused
    /// button. For 800 ms after each appearance key presses stop here, and every
    /// press stopped keeps the guard up 200 ms longer, so a held key stays stopped
    /// until it is let go.
    public func ignoresKeysHeldFromBefore() -> ModifiedView<Self> {
        modified { widget in
            let clock = ContinuousClock()
            var guardedUntil = clock.now
            widget.on("map") { guardedUntil = clock.now.advanced(by: .milliseconds(800)) }
            // Capture: the keys must stop here, before the focused button takes them.
            widget.onKeyPress(phase: .capture) { _ in
                let now = clock.now
                guard now < guardedUntil else { return false }
                guardedUntil = max(guardedUntil, now.advanced(by: .milliseconds(200)))
                return true
            }
        }
    }
}
