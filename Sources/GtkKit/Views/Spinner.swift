/// A spinning indicator of work under way (GtkSpinner), for a text that says what
/// the work is ("Loading JLPT N1…"): it is decoration, hidden from assistive
/// technology, which reads the text.
public struct Spinner: PrimitiveView {
    private let size: Int

    /// `size` in pixels, width and height (GtkSpinner's own is 16).
    public init(size: Int = 32) {
        self.size = size
    }

    public func _build(in context: BuildContext) -> [Widget] {
        let spinner = SpinnerWidget()
        spinner.setMinimumSize(width: size, height: size)
        spinner.setAlignment(horizontal: .center, vertical: .center)
        return [spinner]
    }
}
