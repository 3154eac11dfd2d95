import CGtk
import CGtkShim
import FoundationEssentials

/// A GtkApplication: the app id, single-instance activation, actions with
/// accelerators, and the windows it keeps alive until GTK destroys them.
@MainActor
public final class Application {
    let gtkApplication: UnsafeMutablePointer<GtkApplication>
    private var windows: [ObjectIdentifier: Window] = [:]
    private var activate: (@MainActor (Application) -> Void)?
    private var startup: (@MainActor (Application) -> Void)?

    public init(id: String) {
        Diagnostics.configureFromEnvironment()
        MainLoop.attach()
        gtkApplication = gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)
        let object = UnsafeMutableRawPointer(gtkApplication)
        Signal.connect(object, "activate") { [unowned self] in self.activate?(self) }
        Signal.connect(object, "startup") { [unowned self] in self.startup?(self) }
    }

    isolated deinit { g_object_unref(gtkApplication) }

    /// Runs once per process, before the first activation (primary instance only).
    public func onStartup(_ action: @escaping @MainActor (Application) -> Void) { startup = action }

    /// Runs on every launch; a second launch activates the first instance.
    public func onActivate(_ action: @escaping @MainActor (Application) -> Void) { activate = action }

    /// Adds a command-line option shown by `--help`, parsed by GApplication.
    public func addOption(_ name: String, description: String, argument: String? = nil) {
        gtkkit_application_add_option(gApplication, name, description, argument, argument != nil ? 1 : 0)
    }

    /// Handles parsed options in the launching process: return an exit status
    /// to stop there, or nil to go on and activate.
    public func onOptions(_ handler: @escaping @MainActor (CommandLineOptions) -> Int32?) {
        Signal.connectOptions(UnsafeMutableRawPointer(gtkApplication)) { dict in
            handler(CommandLineOptions(dict: dict)) ?? -1
        }
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    ///
    /// The process's own arguments are handed to GLib as the bytes they are:
    /// `CommandLine.arguments` would replace a file name's bytes that are not UTF-8.
    public func run() -> Int32 {
        g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv)
    }

    /// Runs with `arguments` in place of the process's own (for tests).
    public func run(_ arguments: [String]) -> Int32 {
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { argv in
            g_application_run(gApplication, Int32(argv.count), argv.baseAddress)
        }
    }

    /// Adds an app action (`app.NAME`) with keyboard accelerators such as "<Control>q".
    public func addAction(
        _ name: String, accelerators: [String] = [], _ action: @escaping @MainActor () -> Void
    ) {
        // safe: GLib and GTK constructors abort on out-of-memory; they never return NULL.
        let simple = g_simple_action_new(name, nil)!
        Signal.connectIgnoringArgument(UnsafeMutableRawPointer(simple), "activate", action)
        g_action_map_add_action(OpaquePointer(gtkApplication), simple)
        g_object_unref(UnsafeMutableRawPointer(simple))
        setAccelerators(accelerators, for: "app.\(name)")
    }

    private func setAccelerators(_ accelerators: [String], for action: String) {
        withCStrings(accelerators) { gtk_application_set_accels_for_action(gtkApplication, action, $0) }
    }

    /// Quits the main loop.
    public func quit() { g_application_quit(gApplication) }

    var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(gtkApplication).assumingMemoryBound(to: GApplication.self)
    }

    func keep(_ window: Window) {
        let id = ObjectIdentifier(window)
        windows[id] = window
        window.whenDestroyed { [weak self] in self?.windows[id] = nil }
    }
}

/// The options GApplication parsed, as seen by `Application.onOptions`.
@MainActor
public struct CommandLineOptions {
    let dict: UnsafeMutablePointer<GVariantDict>

    /// Whether a flag such as `--version` was given.
    public func contains(_ name: String) -> Bool { gtkkit_options_contains(dict, name) != 0 }

    /// The argument of an option such as `--deck PATH`, as text.
    public func string(_ name: String) -> String? {
        bytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The argument of an option exactly as given: a file name need not be UTF-8.
    public func bytes(_ name: String) -> [UInt8]? {
        guard let value = gtkkit_options_lookup_string(dict, name) else { return nil }
        defer { g_free(value) }
        return Array(UnsafeBufferPointer(start: value, count: strlen(value))).map { UInt8(bitPattern: $0) }
    }
}
