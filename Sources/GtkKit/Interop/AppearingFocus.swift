internal import CGtk

/// Keeps the focus a widget took as it was shown (`focusOnAppear()`) through
/// the page switch that showed it.
///
/// GtkStack and AdwViewStack, switching pages while the focus is inside the page they
/// leave, carry the focus into the page they show: back where it was when that page
/// was last left, or else to its first control. They do it after the new page has
/// mapped, so after the widget that takes the focus when shown has taken it, and the
/// focus moves on from it (Home's Start gave it to Type Answers, the next control, so
/// Enter opened typed answers). Both stacks then say that their visible child changed,
/// before the switch returns: there the widget takes the focus back, once.
///
/// A relayout (`AdaptiveLayout` moving the same widgets to new parents) maps the
/// widget as well, but switches no page: the focus stays where `FocusSnapshot` put
/// it back, on the control the learner had reached.
@MainActor
enum AppearingFocus {
    /// The widget that last took the focus as it was shown, until a page switch that
    /// showed it has given the focus back to it.
    private static weak var shown: Widget?

    /// `widget` took the focus as it was mapped.
    static func widgetShown(_ widget: Widget) { shown = widget }

    /// A stack has switched to `page` and moved the focus as it does: if that switch
    /// showed the widget that took the focus, the widget takes it back.
    static func pageShown(_ page: UnsafeMutablePointer<GtkWidget>) {
        // Mapped inside the page just shown, it was mapped by this switch: the page's
        // widgets were unmapped while another page showed.
        guard let widget = shown, widget.isMapped,
              widget.pointer == page || gtk_widget_is_ancestor(widget.pointer, page) != 0
        else { return }
        shown = nil
        if !widget.containsFocus { widget.grabFocus() }
    }
}
