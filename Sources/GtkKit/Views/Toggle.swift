import CGtk
import CGtkShim

/// An on/off control bound two ways: a check button, or a labelled switch.
public struct Toggle: PrimitiveView {
    public enum Style: Sendable { case check, `switch` }

    let title: String
    let isOn: Binding<Bool>
    let style: Style

    public init(_ title: String, isOn: Binding<Bool>, style: Style = .check) {
        self.title = title
        self.isOn = isOn
        self.style = style
    }

    public func _build(in context: BuildContext) -> [Widget] {
        style == .check ? [buildCheck()] : [buildSwitch()]
    }

    private func buildCheck() -> Widget {
        let check = Widget(gtk_check_button_new_with_label(title))
        let isOn = self.isOn
        let toggled = Signal.connect(check.pointer, "toggled") { [unowned check] in
            let active = gtk_check_button_get_active(check.raw()) != 0
            if isOn.wrappedValue != active { isOn.wrappedValue = active }
        }
        check.bind("active", { isOn.wrappedValue }, current: {
            gtk_check_button_get_active($0.raw()) != 0
        }) { check, value in
            Signal.blocking(check.pointer, toggled) {
                gtk_check_button_set_active(check.raw(), value ? 1 : 0)
            }
        }
        return check
    }

    private func buildSwitch() -> Widget {
        let row = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
        let label = Widget(gtk_label_new(title))
        gtk_widget_set_hexpand(label.pointer, 1)
        gtk_label_set_xalign(label.raw(), 0)
        let toggle = Widget(gtk_switch_new())
        gtk_widget_set_valign(toggle.pointer, GTK_ALIGN_CENTER)
        gtkkit_set_accessible_label(toggle.pointer, title)
        row.appendToBox(label)
        row.appendToBox(toggle)
        let isOn = self.isOn
        let notify = Signal.connect(toggle.pointer, "notify::active") { [unowned toggle] in
            let active = gtk_switch_get_active(toggle.raw()) != 0
            if isOn.wrappedValue != active { isOn.wrappedValue = active }
        }
        toggle.bind("active", { isOn.wrappedValue }, current: {
            gtk_switch_get_active($0.raw()) != 0
        }) { toggle, value in
            Signal.blocking(toggle.pointer, notify) {
                gtk_switch_set_active(toggle.raw(), value ? 1 : 0)
            }
        }
        return row
    }
}
