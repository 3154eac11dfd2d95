import CGtk
import CGtkShim

/// A top-level window whose content is a view.
///
/// The window publishes `horizontalSizeClass` and `verticalSizeClass` in the
/// environment of its content, recomputed from its real size after every
/// allocation, so drags, maximise, fullscreen and programmatic resizes all count.
@MainActor
public final class Window {
    let widget: Widget
    private let content: Widget
    /// The environment at the root of the content.
    public let environment: EnvironmentValues
    private var onDestroy: [@MainActor () -> Void] = []

    /// What a window is to assistive technology.
    public enum Role: Sendable {
        /// An ordinary window.
        case window
        /// A message that needs attention, announced when it appears.
        case alert
    }

    /// Creates a window (a GtkApplicationWindow when `application` is given),
    /// with a header bar when `headerBar` is given.
    public init<Content: View>(
        title: String, width: Int, height: Int, application: Application? = nil,
        headerBar: HeaderBar? = nil, role: Role = .window,
        @ViewBuilder content: () -> Content
    ) {
        Diagnostics.configureFromEnvironment()
        MainLoop.attach()
        let raw: UnsafeMutablePointer<GtkWidget>
        if let application {
            raw = gtk_application_window_new(application.gtkApplication)
        } else {
            raw = gtkkit_widget_new_with_role(
                gtk_window_get_type(), role == .alert ? GTK_ACCESSIBLE_ROLE_ALERT : GTK_ACCESSIBLE_ROLE_WINDOW)
        }
        // GTK owns a reference to every toplevel until it is destroyed; ours
        // (taken by Widget) keeps the object valid until this wrapper goes.
        widget = Widget(raw)
        gtk_window_set_title(widget.raw(), title)
        gtk_window_set_default_size(widget.raw(), Int32(width), Int32(height))
        environment = EnvironmentValues()
        var values = environment
        values.horizontalSizeClass = .horizontal(forWidth: width)
        values.verticalSizeClass = .vertical(forHeight: height)
        self.content = Widget.bin()
        let view = content()
        let child = view.buildOne(in: BuildContext(environment: environment))
        self.content.setBinChild(child)
        gtk_window_set_child(widget.raw(), self.content.pointer)
        widget.adopt(self.content)
        if let headerBar {
            let bar = headerBar.build(in: BuildContext(environment: environment))
            gtk_window_set_titlebar(widget.raw(), bar.pointer)
            widget.adopt(bar)
        }
        installSizeTracking()
        watchForDestruction()
        application?.keep(self)
    }

    private func installSizeTracking() {
        let box = VoidAction({ [weak self] in self?.updateSizeClasses() })
        gtkkit_bin_set_allocate_callback(content.raw(), { _, _, data in
            MainActor.assumeIsolated { VoidAction.from(data).function() }
        }, box.retainedPointer(), VoidAction.release)
    }

    private func updateSizeClasses() {
        let (width, height) = size
        // Equal values do not notify, so only a real flip reaches the layouts.
        var values = environment
        values.horizontalSizeClass = .horizontal(forWidth: width)
        values.verticalSizeClass = .vertical(forHeight: height)
    }

    private var toplevelsHandler: gulong = 0

    /// gtk_window_destroy() takes the window out of GTK's toplevel list but
    /// does not dispose it while we hold a reference; that removal is the
    /// moment the window is gone for the user, so bindings stop there.
    private func watchForDestruction() {
        // safe: GTK's list of toplevels exists for the life of the process.
        let toplevels = gtk_window_get_toplevels()!
        toplevelsHandler = Signal.connectItemsChanged(UnsafeMutableRawPointer(toplevels)) {
            [weak self] in
            guard let self, !self.isToplevel(in: toplevels) else { return }
            self.destroyed()
        }
    }

    private func isToplevel(in toplevels: OpaquePointer) -> Bool {
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(item)
            if item == UnsafeMutableRawPointer(widget.pointer) { return true }
        }
        return false
    }

    private func destroyed() {
        if toplevelsHandler != 0 {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(gtk_window_get_toplevels()), toplevelsHandler)
            toplevelsHandler = 0
        }
        widget.tearDown()
        let callbacks = onDestroy
        onDestroy.removeAll()
        callbacks.forEach { $0() }
    }

    func whenDestroyed(_ action: @escaping @MainActor () -> Void) { onDestroy.append(action) }

    /// Shows the window and raises it.
    public func present() { gtk_window_present(widget.raw()) }

    /// Destroys the window and everything in it.
    public func close() { gtk_window_destroy(widget.raw()) }

    /// Asks for a new size, as a program would (the window manager may adjust it).
    public func resize(width: Int, height: Int) {
        gtk_window_set_default_size(widget.raw(), Int32(width), Int32(height))
    }

    public func maximize() { gtk_window_maximize(widget.raw()) }
    public func unmaximize() { gtk_window_unmaximize(widget.raw()) }
    public func fullscreen() { gtk_window_fullscreen(widget.raw()) }
    public func unfullscreen() { gtk_window_unfullscreen(widget.raw()) }

    /// The window's current size in pixels.
    public var size: (width: Int, height: Int) {
        (Int(gtk_widget_get_width(widget.pointer)), Int(gtk_widget_get_height(widget.pointer)))
    }

    /// The window's GtkWindow, for tests and benchmarks only: screens never
    /// see pointers (`@_spi(Interop) import GtkKit` to reach it).
    @_spi(Interop) public var gtkWindow: UnsafeMutablePointer<GtkWindow> { widget.raw() }
}
