internal import CGtk
internal import CGtkShim

/// An AdwLeaflet: one page shown at a time while folded, sliding in from the side. A
/// navigation stack's pages keep it folded; a split view's sidebar and detail unfold
/// side by side where the window is wide enough. (libadwaita 1.2 has neither
/// AdwNavigationView nor AdwNavigationSplitView.)
final class LeafletWidget: Widget {
    init() {
        super.init(adw_leaflet_new())
        adw_leaflet_set_can_unfold(opaque, 0)
        adw_leaflet_set_transition_type(opaque, ADW_LEAFLET_TRANSITION_TYPE_SLIDE)
    }

    /// Lets the pages stand side by side when their widths fit, or keeps one at a time.
    func setCanUnfold(_ canUnfold: Bool) { adw_leaflet_set_can_unfold(opaque, canUnfold ? 1 : 0) }

    /// Appends `page` after the others and owns it.
    func append(_ page: Widget) { add(page) { _ = adw_leaflet_append(opaque, $0) } }

    /// Appends a vertical line between the pages beside it, shown only when unfolded:
    /// navigation passes over it.
    func appendDivider() {
        let divider = Widget(gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        add(divider) { adw_leaflet_page_set_navigatable(adw_leaflet_append(opaque, $0), 0) }
    }

    /// Takes `page` out and drops it: its bindings and tasks stop.
    func remove(_ page: Widget) {
        adw_leaflet_remove(opaque, page.pointer)
        release(page)
    }

    func show(_ page: Widget) { adw_leaflet_set_visible_child(opaque, page.pointer) }
}
