internal import CGtk
internal import CGtkShim

/// A libadwaita spring animation of one number, for a widget (it runs on the
/// widget's frame clock and ends when the widget goes).
@MainActor
final class SpringAnimation {
    private let animation: UnsafeMutablePointer<AdwAnimation>

    /// Animates from `from` to `to`, calling `apply` with each value.
    init(on widget: Widget, from: Double, to: Double, apply: @escaping @MainActor (Double) -> Void) {
        let box = ValueAction(apply)
        let target = adw_callback_animation_target_new({ value, data in
            MainActor.assumeIsolated { ValueAction.from(data).function(value) }
        }, box.retainedPointer(), ValueAction.release)
        // A critically damped spring: back to rest without bouncing past it. The
        // animation takes both the parameters and the target (transfer full).
        animation = adw_spring_animation_new(widget.pointer, from, to, adw_spring_params_new(1, 1, 400), target)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(animation)) }

    func play() { adw_animation_play(animation) }
    func skip() { adw_animation_skip(animation) }
}

typealias ValueAction = SignalClosure<@MainActor (Double) -> Void>

extension SignalClosure where Function == @MainActor (Double) -> Void {
    // safe: libadwaita hands back the pointer it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<ValueAction>.fromOpaque($0!).release() }
}
