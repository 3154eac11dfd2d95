import CGtk
import CGtkShim

/// A drop-down (GtkDropDown) of fixed options, bound two ways to the selected index.
public struct Picker: PrimitiveView {
    let title: String
    let selection: Binding<Int>
    let options: [String]

    public init(_ title: String, selection: Binding<Int>, options: [String]) {
        self.title = title
        self.selection = selection
        self.options = options
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let dropDown = Widget(makeDropDown())
        gtkkit_set_accessible_label(dropDown.pointer, title)
        let selection = self.selection
        let notify = Signal.connect(dropDown.pointer, "notify::selected") { [unowned dropDown] in
            let selected = Int(gtk_drop_down_get_selected(dropDown.raw()))
            if selection.wrappedValue != selected { selection.wrappedValue = selected }
        }
        dropDown.bind("selected", { selection.wrappedValue }, current: {
            Int(gtk_drop_down_get_selected($0.raw()))
        }) { dropDown, index in
            Signal.blocking(dropDown.pointer, notify) {
                gtk_drop_down_set_selected(dropDown.raw(), guint(index))
            }
        }
        return [dropDown]
    }

    private func makeDropDown() -> UnsafeMutablePointer<GtkWidget> {
        let strings = options.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        return strings.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            gtkkit_drop_down_new_from_strings(buffer.baseAddress, Int32(buffer.count))
        }
    }
}
