internal import CGtk
internal import CGtkShim

/// An AdwViewStack: titled pages, one shown at a time, switched by view switchers.
final class ViewStackWidget: Widget {
    init() {
        super.init(adw_view_stack_new())
        // Each page is measured on its own: one page's width is not every page's minimum.
        adw_view_stack_set_hhomogeneous(opaque, 0)
        adw_view_stack_set_vhomogeneous(opaque, 0)
        // After the switch has moved the focus into the page: see AppearingFocus.
        let stack = opaque
        on("notify::visible-child") {
            if let page = adw_view_stack_get_visible_child(stack) { AppearingFocus.pageShown(page) }
        }
    }

    /// Adds a page; returns it, to show or hide it later.
    @discardableResult
    func addPage(_ child: Widget, name: String, title: String, iconName: String) -> OpaquePointer {
        var page: OpaquePointer?
        add(child) { page = adw_view_stack_add_titled(opaque, $0, name, title) }
        // safe: adw_view_stack_add_titled always returns the page it made.
        adw_view_stack_page_set_icon_name(page!, iconName)
        return page!  // safe: as above
    }

    func setPageVisible(_ page: OpaquePointer, _ visible: Bool) { adw_view_stack_page_set_visible(page, visible ? 1 : 0) }
    func show(_ name: String) { adw_view_stack_set_visible_child_name(opaque, name) }

    /// Hides the pages not shown from assistive technology, which libadwaita leaves in
    /// its tree (a screen reader would find the other pages' buttons).
    func hideOtherPagesFromAssistiveTechnology() {
        let shown = adw_view_stack_get_visible_child(opaque)
        for child in children { gtkkit_set_accessible_hidden(child.pointer, child.pointer == shown ? 0 : 1) }
    }
    var shownName: String? { adw_view_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
}

/// An AdwViewSwitcherTitle: the window's title and subtitle, or the view switcher.
final class ViewSwitcherTitleWidget: Widget {
    init() { super.init(adw_view_switcher_title_new()) }

    func setStack(_ stack: ViewStackWidget) { adw_view_switcher_title_set_stack(opaque, stack.opaque) }
    func setTitle(_ text: String) { adw_view_switcher_title_set_title(opaque, text) }
    func setSubtitle(_ text: String) { adw_view_switcher_title_set_subtitle(opaque, text) }
    /// Whether the switcher shows (else the title and subtitle do).
    func setSwitcherEnabled(_ enabled: Bool) { adw_view_switcher_title_set_view_switcher_enabled(opaque, enabled ? 1 : 0) }
}

/// An AdwViewSwitcherBar: the view switcher at the bottom of a narrow window.
final class ViewSwitcherBarWidget: Widget {
    init() { super.init(adw_view_switcher_bar_new()) }

    func setStack(_ stack: ViewStackWidget) { adw_view_switcher_bar_set_stack(opaque, stack.opaque) }
    /// Shows or hides the bar; hidden, it is hidden from assistive technology too
    /// (libadwaita leaves its buttons in the tree, beside the header bar's).
    func setRevealed(_ revealed: Bool) {
        adw_view_switcher_bar_set_reveal(opaque, revealed ? 1 : 0)
        gtkkit_set_accessible_hidden(pointer, revealed ? 0 : 1)
    }
}

/// An AdwToastOverlay: brief news over its content.
final class ToastOverlayWidget: Widget {
    init() { super.init(adw_toast_overlay_new()) }

    func setChild(_ child: Widget) { add(child) { adw_toast_overlay_set_child(opaque, $0) } }

    /// Shows `title` for a few seconds (the overlay queues them), with a `button` that
    /// runs its action, if given.
    func show(_ title: String, button: (title: String, action: @MainActor () -> Void)? = nil) {
        // safe: libadwaita's constructors never return NULL (they abort on out-of-memory).
        let toast = adw_toast_new(title)!
        adw_toast_set_timeout(toast, 4)
        if let button {
            adw_toast_set_button_label(toast, button.title)
            Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked", button.action)
        }
        adw_toast_overlay_add_toast(opaque, toast)
        nameCloseButtons()
        // Once more when the loop is next idle: a toast built or renamed after this call
        // (the test failed once on a bare Debian, and not here) is named then.
        MainLoop.idle { [weak self] in self?.nameCloseButtons() }
        // A toast queued behind another is built when that one is dismissed, by the
        // overlay's handler, connected first, so run first. (The toast lives as long as
        // the overlay, which dismisses it on disposal, when the wrapper has gone.)
        Signal.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self] in self?.nameCloseButtons() }
    }

    /// Names the close button of each toast shown, "Close" as GTK translates it:
    /// libadwaita 1.2 leaves this icon-only button unnamed (GTK 4.8 reads it as
    /// "GtkImage"); later versions add a tooltip, "Dismiss", but no name. It is found as
    /// the toast's button that shows an icon (its other button, for an action, shows
    /// text), not by libadwaita's private names, which are not the same in every version.
    private func nameCloseButtons() {
        let content = adw_toast_overlay_get_child(opaque)
        var child = gtk_widget_get_first_child(pointer)
        while let toast = child {
            if toast != content { nameIconButtons(in: toast) }
            child = gtk_widget_get_next_sibling(toast)
        }
    }

    private func nameIconButtons(in widget: UnsafeMutablePointer<GtkWidget>) {
        forEachWidget(in: widget) { widget in
            if gtkkit_is_a(widget, gtk_button_get_type()) != 0,
               gtk_button_get_icon_name(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self)) != nil {
                gtkkit_set_accessible_label(widget, StockLabels.close)
            }
        }
    }
}

/// An AdwStatusPage: an icon, a title, a description and a child, for empty and end states.
final class StatusPageWidget: Widget {
    init() { super.init(adw_status_page_new()) }

    func setIconName(_ name: String?) { adw_status_page_set_icon_name(opaque, name) }
    func setTitle(_ text: String) { adw_status_page_set_title(opaque, text) }
    func setDescription(_ text: String) { adw_status_page_set_description(opaque, text) }
    func setChild(_ child: Widget) { add(child) { adw_status_page_set_child(opaque, $0) } }
}

/// An AdwPreferencesPage of groups.
final class PreferencesPageWidget: Widget {
    init() { super.init(adw_preferences_page_new()) }

    func addGroup(_ group: PreferencesGroupWidget) {
        add(group) { _ in adw_preferences_page_add(gtk(AdwPreferencesPage.self), group.group) }
    }
}

/// An AdwPreferencesGroup: a titled list of rows.
final class PreferencesGroupWidget: Widget {
    var group: UnsafeMutablePointer<AdwPreferencesGroup> { gtk(AdwPreferencesGroup.self) }

    init(title: String, description: String?) {
        super.init(adw_preferences_group_new())
        adw_preferences_group_set_title(group, title)
        if let description { adw_preferences_group_set_description(group, description) }
    }

    func addRow(_ row: Widget) { add(row) { adw_preferences_group_add(group, $0) } }
}

/// An AdwActionRow: a title, a subtitle, and controls at its end.
final class ActionRowWidget: Widget {
    private var row: UnsafeMutablePointer<AdwActionRow> { gtk(AdwActionRow.self) }

    init(title: String) {
        super.init(adw_action_row_new())
        adw_preferences_row_set_title(gtk(AdwPreferencesRow.self), title)
    }

    func setSubtitle(_ text: String) { adw_action_row_set_subtitle(row, text) }

    /// Adds `control` at the row's end; activating the row activates it.
    func addSuffix(_ control: Widget, activates: Bool) {
        add(control) { adw_action_row_add_suffix(row, $0) }
        if activates { adw_action_row_set_activatable_widget(row, control.pointer) }
        // NB: libadwaita 1.2 labels a row's controls by the row's title on top of their
        // own name ("Import… Import a Deck"); a control's own name says it once.
        gtkkit_reset_labelled_by(control.pointer)
    }
}

/// An AdwComboRow over a list of strings that may change.
final class ComboRowWidget: Widget, TwoWayControl {
    static let changeSignal = "notify::selected"
    private let strings: OpaquePointer

    private var row: UnsafeMutablePointer<AdwComboRow> { gtk(AdwComboRow.self) }

    init(title: String) {
        strings = gtk_string_list_new(nil)
        super.init(adw_combo_row_new())
        adw_preferences_row_set_title(gtk(AdwPreferencesRow.self), title)
        adw_combo_row_set_model(row, strings)
        hideArrowFromAssistiveTechnology()
    }

    /// The row's drop-down arrow is decoration, but libadwaita 1.2 leaves it in the
    /// accessibility tree, where GTK 4.8 names it "GtkImage" (libadwaita 1.4 gives it
    /// the presentation role). It is found by the style class libadwaita gives it.
    private func hideArrowFromAssistiveTechnology() {
        forEachWidget(in: pointer) { widget in
            if gtk_widget_has_css_class(widget, "dropdown-arrow") != 0 { gtkkit_set_accessible_hidden(widget, 1) }
        }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(strings)) }

    func setSubtitleText(_ text: String) { adw_action_row_set_subtitle(gtk(AdwActionRow.self), text) }

    /// Replaces the options (the selection is set again by its binding).
    func setOptions(_ options: [String]) {
        let count = g_list_model_get_n_items(strings)
        withCStrings(options) { gtk_string_list_splice(strings, 0, count, $0) }
    }

    var value: Int { Int(adw_combo_row_get_selected(row)) }
    func setValue(_ index: Int) { adw_combo_row_set_selected(row, guint(clamping: index)) }
}
