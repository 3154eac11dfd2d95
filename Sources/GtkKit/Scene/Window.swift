/// A top-level window whose content is a view.
///
/// The window publishes `horizontalSizeClass` and `verticalSizeClass` in the
/// environment of its content, recomputed from its real size after every
/// allocation, so drags, maximise, fullscreen and programmatic resizes all count.
@MainActor
public final class Window {
    let widget: WindowWidget
    private let content: BinWidget
    /// The environment at the root of the content.
    public let environment: EnvironmentValues
    private var onDestroy: [@MainActor () -> Void] = []

    /// Creates a libadwaita window (an application window when `application` is
    /// given) whose content sits under `headerBar` when one is given; a nil size
    /// follows the content. `minimumSize` keeps the user from shrinking the window
    /// below what its screens are laid out for.
    public init<Content: View>(
        title: String, width: Int?, height: Int?, minimumSize: (width: Int, height: Int)? = nil,
        application: Application? = nil, headerBar: HeaderBar? = nil,
        @ViewBuilder content: () -> Content
    ) {
        Diagnostics.configureFromEnvironment()
        MainLoop.attach()
        widget = WindowWidget(application: application?.handle)
        widget.setTitle(title)
        widget.setDefaultSize(width: width, height: height)
        if let minimumSize { widget.setMinimumSize(width: minimumSize.width, height: minimumSize.height) }
        environment = EnvironmentValues()
        var values = environment
        values.horizontalSizeClass = .horizontal(forWidth: width ?? SizeClass.compactWidthLimit)
        values.verticalSizeClass = .vertical(forHeight: height ?? SizeClass.compactHeightLimit)
        self.content = BinWidget()
        let context = BuildContext(environment: environment)
        let column = BoxWidget(.vertical)
        if let headerBar { column.append(headerBar.build(in: context)) }
        let body = content().buildOne(in: context)
        body.setExpand(horizontal: true, vertical: true)
        column.append(body)
        self.content.setChild(column)
        widget.setContent(self.content)
        self.content.onAllocate { [weak self] in self?.updateSizeClasses() }
        widget.onLeavingToplevels { [weak self] in self?.destroyed() }
        application?.keep(self)
    }

    private func updateSizeClasses() {
        let (width, height) = size
        // Equal values do not notify, so only a real flip reaches the layouts.
        var values = environment
        values.horizontalSizeClass = .horizontal(forWidth: width)
        values.verticalSizeClass = .vertical(forHeight: height)
    }

    /// The window left GTK's toplevels: stop every binding in it.
    private func destroyed() {
        widget.tearDown()
        let callbacks = onDestroy
        onDestroy.removeAll()
        callbacks.forEach { $0() }
    }

    func whenDestroyed(_ action: @escaping @MainActor () -> Void) { onDestroy.append(action) }

    /// Shows the window and raises it.
    public func present() { widget.present() }

    /// Undoes the last edit of the text the keyboard focus is in (an entry), as the
    /// text's own Ctrl+Z does; false, doing nothing, when the focus is not in text that
    /// can be edited.
    ///
    /// An application's accelerator gets its key before the focused widget does, so an
    /// app action on Ctrl+Z calls this first and leaves the key to the text it is in.
    public func undoInFocusedText() -> Bool { widget.undoInFocusedText() }

    /// Destroys the window and everything in it.
    public func close() { widget.destroy() }

    /// Asks for a new size, as a program would (the window manager may adjust it).
    public func resize(width: Int, height: Int) { widget.setDefaultSize(width: width, height: height) }

    public func maximize() { widget.maximize() }
    public func unmaximize() { widget.unmaximize() }
    public func fullscreen() { widget.fullscreen() }
    public func unfullscreen() { widget.unfullscreen() }

    /// The window's current size in pixels.
    public var size: (width: Int, height: Int) { (widget.width, widget.height) }
}
