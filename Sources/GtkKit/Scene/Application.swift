/// A GNOME application: the app id, single-instance activation, actions with
/// accelerators, command-line options, and the windows it keeps alive until GTK
/// destroys them.
///
/// However it ends — the Quit action, its last window closed, or SIGTERM (a logout),
/// SIGINT (Ctrl+C) or SIGHUP (its terminal closed), which quit it as Quit does — the
/// ``onShutdown(_:)`` handler runs before ``run()`` returns: the place to close files.
@MainActor
public final class Application {
    let handle: ApplicationHandle
    private var windows: [ObjectIdentifier: Window] = [:]
    private var activation: (@MainActor (Application) -> Void)?
    private var startup: (@MainActor (Application) -> Void)?
    private var shutdown: (@MainActor (Application) -> Void)?

    /// With `handlesCommandLine`, a later launch's options reach the running instance
    /// through ``onCommandLine(_:)`` (which must activate it) instead of only raising it.
    public init(id: String, handlesCommandLine: Bool = false) {
        Diagnostics.configureFromEnvironment()
        MainLoop.attach()
        handle = ApplicationHandle(id: id, handlesCommandLine: handlesCommandLine)
        handle.onActivate { [unowned self] in self.activation?(self) }
        handle.onStartup { [unowned self] in self.startup?(self) }
        handle.onShutdown { [unowned self] in self.shutdown?(self) }
    }

    /// Runs once per process, before the first activation (primary instance only).
    public func onStartup(_ action: @escaping @MainActor (Application) -> Void) { startup = action }

    /// Runs once when the application stops, however it stops (see above), after its
    /// main loop and before ``run()`` returns (primary instance only).
    public func onShutdown(_ action: @escaping @MainActor (Application) -> Void) { shutdown = action }

    /// Runs on every launch; a second launch activates the first instance.
    public func onActivate(_ action: @escaping @MainActor (Application) -> Void) { activation = action }

    /// Adds a command-line option shown by `--help`, parsed by GApplication.
    public func addOption(_ name: String, description: String, argument: String? = nil) {
        handle.addOption(name, description: description, argument: argument)
    }

    /// Handles parsed options in the launching process: return an exit status
    /// to stop there, or nil to go on and activate.
    public func onOptions(_ handler: @escaping @MainActor (CommandLineOptions) -> Int32?) {
        handle.onOptions { handler($0) ?? -1 }
    }

    /// Handles each launch's command line in the running instance, this launch's or a
    /// later one's: act on its options, call ``activate()``, return an exit status.
    public func onCommandLine(_ handler: @escaping @MainActor (LaunchCommandLine) -> Int32) {
        handle.onCommandLine(handler)
    }

    /// Shows the application as a plain launch does (runs `onActivate`).
    public func activate() { handle.activate() }

    /// Runs the main loop until the last window closes; returns the exit status.
    ///
    /// The process's own arguments are handed to GLib as the bytes they are:
    /// `CommandLine.arguments` would replace a file name's bytes that are not UTF-8.
    public func run() -> Int32 { handle.run() }

    /// Runs with `arguments` in place of the process's own (for tests).
    public func run(_ arguments: [String]) -> Int32 { handle.run(arguments) }

    /// Adds an app action (`app.NAME`) with keyboard accelerators such as "<Control>q".
    public func addAction(
        _ name: String, accelerators: [String] = [], _ action: @escaping @MainActor () -> Void
    ) {
        handle.addAction(name, accelerators: accelerators, action)
    }

    /// Quits the main loop.
    public func quit() { handle.quit() }

    func keep(_ window: Window) {
        let id = ObjectIdentifier(window)
        windows[id] = window
        window.whenDestroyed { [weak self] in self?.windows[id] = nil }
    }
}
