import CGtk
import CGtkShim

/// A numeric spin button (GtkSpinButton) bound two ways to an integer.
public struct Stepper: PrimitiveView {
    let title: String
    let value: Binding<Int>
    let range: ClosedRange<Int>

    public init(_ title: String, value: Binding<Int>, in range: ClosedRange<Int>) {
        self.title = title
        self.value = value
        self.range = range
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let spin = Widget(gtk_spin_button_new_with_range(
            Double(range.lowerBound), Double(range.upperBound), 1))
        gtkkit_set_accessible_label(spin.pointer, title)
        let value = self.value
        let changed = Signal.connect(spin.pointer, "value-changed") { [unowned spin] in
            let current = Int(gtk_spin_button_get_value_as_int(spin.raw()))
            if value.wrappedValue != current { value.wrappedValue = current }
        }
        spin.bind("value", { value.wrappedValue }, current: {
            Int(gtk_spin_button_get_value_as_int($0.raw()))
        }) { spin, number in
            Signal.blocking(spin.pointer, changed) {
                gtk_spin_button_set_value(spin.raw(), Double(number))
            }
        }
        return [spin]
    }
}
