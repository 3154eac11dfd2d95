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

    /// What a window is to assistive technology.
    public enum Role: Sendable {
        /// An ordinary window.
        case window
        /// A message that needs attention, announced when it appears.
        case alert
    }

    /// Creates a window (an application window when `application` is given), with a
    /// header bar when `headerBar` is given; a nil size follows the content.
    public init<Content: View>(
        title: String, width: Int?, height: Int?, application: Application? = nil,
        headerBar: HeaderBar? = nil, role: Role = .window,
        @ViewBuilder content: () -> Content
    ) {
        Diagnostics.configureFromEnvironment()
        MainLoop.attach()
        widget = WindowWidget(application: application?.handle, role: role == .alert ? .alert : .window)
        widget.setTitle(title)
        widget.setDefaultSize(width: width, height: height)
        environment = EnvironmentValues()
        var values = environment
        values.horizontalSizeClass = .horizontal(forWidth: width ?? SizeClass.compactWidthLimit)
        values.verticalSizeClass = .vertical(forHeight: height ?? SizeClass.compactHeightLimit)
        self.content = BinWidget()
        let view = content()
        self.content.setChild(view.buildOne(in: BuildContext(environment: environment)))
        widget.setChild(self.content)
        if let headerBar {
            widget.setTitlebar(headerBar.build(in: BuildContext(environment: environment)))
        }
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
