internal import CGtk
internal import CGtkShim

/// An AdwLeaflet kept folded: one page shown at a time, sliding in from the side,
/// the pages a navigation stack's. (libadwaita 1.2 has no AdwNavigationView.)
final class LeafletWidget: Widget {
    init() {
        super.init(adw_leaflet_new())
        adw_leaflet_set_can_unfold(opaque, 0)
        adw_leaflet_set_transition_type(opaque, ADW_LEAFLET_TRANSITION_TYPE_SLIDE)
    }

    /// Appends `page` after the others and owns it.
    func append(_ page: Widget) { add(page) { _ = adw_leaflet_append(opaque, $0) } }

    /// Takes `page` out and drops it: its bindings and tasks stop.
    func remove(_ page: Widget) {
        adw_leaflet_remove(opaque, page.pointer)
        release(page)
    }

    func show(_ page: Widget) { adw_leaflet_set_visible_child(opaque, page.pointer) }
}
