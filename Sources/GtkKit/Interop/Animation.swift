import CGtk
import CGtkShim

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

/// The desktop's file chooser (the portal in a Flatpak).
@MainActor
enum FileChooser {
    /// Asks for one file matching `patterns` over the window `owner` sits in; calls
    /// `completion` with the path's bytes, or nil when the person cancels.
    static func open(
        title: String, filterName: String, patterns: [String], over owner: Widget,
        completion: @escaping @MainActor ([UInt8]?) -> Void
    ) {
        let box = FileAction(completion).retainedPointer()
        withCStrings(patterns) { patterns in
            gtkkit_choose_file(owner.rootWindow, title, filterName, patterns, { path, data in
                let bytes = path.map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
                MainActor.assumeIsolated { FileAction.from(data).function(bytes) }
            }, box, FileAction.release)
        }
    }
}

extension FileChooser {
    /// Asks where to save a file, proposing `name`, over the window `owner` sits in;
    /// calls `completion` with the path's bytes, or nil when the person cancels.
    static func save(
        title: String, name: String, over owner: Widget, completion: @escaping @MainActor ([UInt8]?) -> Void
    ) {
        let box = FileAction(completion).retainedPointer()
        gtkkit_save_file(owner.rootWindow, title, name, { path, data in
            let bytes = path.map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
            MainActor.assumeIsolated { FileAction.from(data).function(bytes) }
        }, box, FileAction.release)
    }
}

typealias FileAction = SignalClosure<@MainActor ([UInt8]?) -> Void>

extension SignalClosure where Function == @MainActor ([UInt8]?) -> Void {
    // safe: the C side hands back the pointer it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<FileAction>.fromOpaque($0!).release() }
}
