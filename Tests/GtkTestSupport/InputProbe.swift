import CGtk
import GtkKit

/// Sees the input events that reach a widget (a window), before any widget inside it
/// does, and lets them go on. A test that types or drags through the X server
/// (xdotool) waits on it to know its events have been handled — a key arrived, the
/// pointer is where it was moved — instead of waiting for a time.
///
/// The probe stays on the widget until ``detach()`` or until the widget goes.
@MainActor
public final class InputProbe {
    /// The key values of the key presses seen, in order (`GDK_KEY_Return`, …).
    public private(set) var keyPresses: [UInt32] = []
    /// Where the pointer was at the last pointer event seen, in the surface's
    /// coordinates (an X window's, as xdotool's `mousemove --window` takes them).
    public private(set) var pointer: (x: Int, y: Int)?
    /// How many mouse button releases were seen.
    public private(set) var buttonReleases = 0

    private let widget: UnsafeMutablePointer<GtkWidget>
    private var controller: OpaquePointer?

    public init(on widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        let controller: OpaquePointer = gtk_event_controller_legacy_new()
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let handler: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, data in
            guard let event, let data else { return 0 }
            MainActor.assumeIsolated {
                Unmanaged<InputProbe>.fromOpaque(data).takeUnretainedValue().saw(event)
            }
            return 0  // the event goes on to the widgets
        }
        // The controller holds the probe until it is finalized (detached, or its widget gone).
        g_signal_connect_data(
            UnsafeMutableRawPointer(controller), "event", unsafeBitCast(handler, to: GCallback.self),
            Unmanaged.passRetained(self).toOpaque(), { data, _ in
                if let data { Unmanaged<InputProbe>.fromOpaque(data).release() }
            }, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(widget, controller)
        self.controller = controller
    }

    /// Takes the probe off its widget.
    public func detach() {
        guard let controller else { return }
        self.controller = nil
        gtk_widget_remove_controller(widget, controller)
    }

    private func saw(_ event: OpaquePointer) {
        let type = gdk_event_get_event_type(event)
        if type == GDK_KEY_PRESS { keyPresses.append(gdk_key_event_get_keyval(event)) }
        if type == GDK_BUTTON_RELEASE { buttonReleases += 1 }
        var x = 0.0, y = 0.0
        if type == GDK_MOTION_NOTIFY || type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE,
           gdk_event_get_position(event, &x, &y) != 0 {
            pointer = (Int(x.rounded()), Int(y.rounded()))
        }
    }
}
