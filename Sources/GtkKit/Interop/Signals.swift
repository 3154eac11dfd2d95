internal import CGtk
internal import CGtkShim

/// A Swift closure handed to GObject as signal user data. GObject owns it:
/// the destroy-notify releases it when the handler is disconnected or the
/// instance finalized.
final class SignalClosure<Function>: @unchecked Sendable {
    let function: Function

    init(_ function: Function) {
        self.function = function
        Diagnostics.liveClosures += 1
    }

    deinit { Diagnostics.liveClosures -= 1 }

    /// Retains `self` for GObject; balanced by `release` in the destroy-notify.
    func retainedPointer() -> gpointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func from(_ data: gpointer?) -> SignalClosure {
        // safe: GObject hands back the pointer `retainedPointer` gave it, never NULL.
        Unmanaged<SignalClosure>.fromOpaque(data!).takeUnretainedValue()
    }

}

typealias VoidAction = SignalClosure<@MainActor () -> Void>
typealias KeyAction = SignalClosure<@MainActor (UInt32, GdkModifierType) -> Bool>
typealias OptionsAction = SignalClosure<@MainActor (UnsafeMutablePointer<GVariantDict>) -> Int32>
typealias CommandLineAction = SignalClosure<@MainActor (LaunchCommandLine) -> Int32>
typealias PointAction = SignalClosure<@MainActor (Double, Double) -> Void>
typealias ResponseAction = SignalClosure<@MainActor (String) -> Void>
typealias ObjectAction = SignalClosure<@MainActor (UnsafeMutableRawPointer) -> Void>

// NB: C function pointers cannot be formed inside a generic type, so each
// closure type gets its own destroy-notify.
// safe (the `$0!` below): GObject calls a destroy-notify with the data it was
// given, which is never NULL.
extension SignalClosure where Function == @MainActor () -> Void {
    static let release: GDestroyNotify = { Unmanaged<VoidAction>.fromOpaque($0!).release() }  // safe: see above
}

extension SignalClosure where Function == @MainActor (UInt32, GdkModifierType) -> Bool {
    static let release: GDestroyNotify = { Unmanaged<KeyAction>.fromOpaque($0!).release() }  // safe: see above
}

extension SignalClosure where Function == @MainActor (LaunchCommandLine) -> Int32 {
    static let release: GDestroyNotify = { Unmanaged<CommandLineAction>.fromOpaque($0!).release() }  // safe: see above
}

extension SignalClosure where Function == @MainActor (Double, Double) -> Void {
    static let release: GDestroyNotify = { Unmanaged<PointAction>.fromOpaque($0!).release() }  // safe: see above
}

extension SignalClosure where Function == @MainActor (String) -> Void {
    static let release: GDestroyNotify = { Unmanaged<ResponseAction>.fromOpaque($0!).release() }  // safe: see above
}

extension SignalClosure where Function == @MainActor (UnsafeMutableRawPointer) -> Void {
    static let release: GDestroyNotify = { Unmanaged<ObjectAction>.fromOpaque($0!).release() }  // safe: see above
}

extension SignalClosure where Function == @MainActor (UnsafeMutablePointer<GVariantDict>) -> Int32 {
    static let release: GDestroyNotify = { Unmanaged<OptionsAction>.fromOpaque($0!).release() }  // safe: see above
}

/// Typed signal connection for any GObject instance.
@MainActor
enum Signal {
    /// Connects a `void (*)(Instance *, gpointer)` signal, or a `notify::property` one.
    @discardableResult
    static func connect(
        _ instance: gpointer, _ name: String, _ action: @escaping @MainActor () -> Void
    ) -> gulong {
        let box = VoidAction(action).retainedPointer()
        if name.hasPrefix("notify::") {
            return gtkkit_connect_notify(instance, name, { _, _, data in
                MainActor.assumeIsolated { VoidAction.from(data).function() }
            }, box, VoidAction.release)
        }
        return gtkkit_connect_void(instance, name, { _, data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
        }, box, VoidAction.release)
    }

    /// Connects a signal with one pointer argument (GSimpleAction::activate), ignoring it.
    @discardableResult
    static func connectIgnoringArgument(
        _ instance: gpointer, _ name: String, _ action: @escaping @MainActor () -> Void
    ) -> gulong {
        let box = VoidAction(action).retainedPointer()
        return gtkkit_connect_pointer(instance, name, { _, _, data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
        }, box, VoidAction.release)
    }

    /// Connects a signal whose one argument is an object, never NULL
    /// (GtkSignalListItemFactory's setup, bind, unbind and teardown: the list item).
    @discardableResult
    static func connectObject(
        _ instance: gpointer, _ name: String, _ action: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
    ) -> gulong {
        gtkkit_connect_pointer(instance, name, { _, object, data in
            // safe: these signals always pass their object.
            MainActor.assumeIsolated { ObjectAction.from(data).function(object!) }
        }, ObjectAction(action).retainedPointer(), ObjectAction.release)
    }

    /// Connects GListModel::items-changed, ignoring where the change happened.
    @discardableResult
    static func connectItemsChanged(
        _ model: gpointer, _ action: @escaping @MainActor () -> Void
    ) -> gulong {
        let box = VoidAction(action).retainedPointer()
        return gtkkit_connect_items_changed(model, { _, _, _, _, data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
        }, box, VoidAction.release)
    }

    /// Connects GtkEventControllerKey::key-pressed.
    @discardableResult
    static func connectKey(
        _ controller: gpointer, _ action: @escaping @MainActor (UInt32, GdkModifierType) -> Bool
    ) -> gulong {
        let box = KeyAction(action).retainedPointer()
        return gtkkit_connect_key(controller, "key-pressed", { _, keyval, _, state, data in
            MainActor.assumeIsolated { KeyAction.from(data).function(keyval, state) ? 1 : 0 }
        }, box, KeyAction.release)
    }

    /// Connects GApplication::handle-local-options.
    @discardableResult
    static func connectOptions(
        _ application: gpointer, _ action: @escaping @MainActor (UnsafeMutablePointer<GVariantDict>) -> Int32
    ) -> gulong {
        let box = OptionsAction(action).retainedPointer()
        return gtkkit_connect_options(application, { _, dict, data in
            // safe: GApplication always passes its options dictionary.
            MainActor.assumeIsolated { OptionsAction.from(data).function(dict!) }
        }, box, OptionsAction.release)
    }

    /// Connects GtkEventControllerKey::key-released, ignoring which key.
    @discardableResult
    static func connectKeyRelease(_ controller: gpointer, _ action: @escaping @MainActor () -> Void) -> gulong {
        gtkkit_connect_key_release(controller, "key-released", { _, _, _, _, data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
        }, VoidAction(action).retainedPointer(), VoidAction.release)
    }

    /// Connects a gesture's (x, y) signal: drag-begin, drag-update, drag-end.
    @discardableResult
    static func connectPoint(
        _ instance: gpointer, _ name: String, _ action: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        gtkkit_connect_point(instance, name, { _, x, y, data in
            MainActor.assumeIsolated { PointAction.from(data).function(x, y) }
        }, PointAction(action).retainedPointer(), PointAction.release)
    }

    /// Connects a GtkGestureClick signal ("pressed", "released") with where it was,
    /// ignoring how many presses.
    @discardableResult
    static func connectClickPoint(
        _ instance: gpointer, _ name: String, _ action: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        gtkkit_connect_click(instance, name, { _, _, x, y, data in
            MainActor.assumeIsolated { PointAction.from(data).function(x, y) }
        }, PointAction(action).retainedPointer(), PointAction.release)
    }

    /// Connects GtkGestureClick::released, ignoring where and how many.
    @discardableResult
    static func connectClick(_ instance: gpointer, _ action: @escaping @MainActor () -> Void) -> gulong {
        gtkkit_connect_click(instance, "released", { _, _, _, _, data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
        }, VoidAction(action).retainedPointer(), VoidAction.release)
    }

    /// Connects AdwMessageDialog::response, which carries the response's id.
    @discardableResult
    static func connectResponse(_ dialog: gpointer, _ action: @escaping @MainActor (String) -> Void) -> gulong {
        gtkkit_connect_response(dialog, { _, response, data in
            let id = response.map { String(cString: $0) } ?? ""
            MainActor.assumeIsolated { ResponseAction.from(data).function(id) }
        }, ResponseAction(action).retainedPointer(), ResponseAction.release)
    }

    /// Blocks `handler` on `instance` while `body` runs (a programmatic write
    /// must not look like a user edit).
    static func blocking(_ instance: gpointer, _ handler: gulong, _ body: () -> Void) {
        g_signal_handler_block(instance, handler)
        body()
        g_signal_handler_unblock(instance, handler)
    }
}
