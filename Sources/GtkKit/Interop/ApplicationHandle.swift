internal import CGtk
internal import CGtkShim

/// The AdwApplication under `Application`: single-instance activation, actions with
/// accelerators, command-line options parsed by GApplication, and libadwaita's
/// style (initialised with the application).
@MainActor
final class ApplicationHandle {
    let gtkApplication: UnsafeMutablePointer<GtkApplication>

    /// With `handlesCommandLine`, a second launch's options reach this (first)
    /// instance through `onCommandLine` instead of only activating it.
    init(id: String, handlesCommandLine: Bool) {
        let flags = handlesCommandLine ? G_APPLICATION_HANDLES_COMMAND_LINE : G_APPLICATION_DEFAULT_FLAGS
        gtkApplication = UnsafeMutableRawPointer(adw_application_new(id, flags)).assumingMemoryBound(to: GtkApplication.self)
        gtkkit_application_quit_on_termination_signals(gApplication)
    }

    isolated deinit { g_object_unref(gtkApplication) }

    private var object: gpointer { UnsafeMutableRawPointer(gtkApplication) }
    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(gtkApplication).assumingMemoryBound(to: GApplication.self)
    }

    func onActivate(_ action: @escaping @MainActor () -> Void) { Signal.connect(object, "activate", action) }
    func onStartup(_ action: @escaping @MainActor () -> Void) { Signal.connect(object, "startup", action) }
    func onShutdown(_ action: @escaping @MainActor () -> Void) { Signal.connect(object, "shutdown", action) }

    /// Adds a --long option shown by `--help`; `argument` names its value (a file).
    func addOption(_ name: String, description: String, argument: String?) {
        gtkkit_application_add_option(gApplication, name, description, argument, argument != nil ? 1 : 0)
    }

    /// Handles parsed options in the launching process: an exit status, or -1 to go on.
    func onOptions(_ handler: @escaping @MainActor (CommandLineOptions) -> Int32) {
        Signal.connectOptions(object) { dict in handler(CommandLineOptions(dict: dict)) }
    }

    /// Handles a launch's command line in this instance (the first one's, or a later
    /// one's sent over): returns its exit status.
    func onCommandLine(_ handler: @escaping @MainActor (LaunchCommandLine) -> Int32) {
        let box = CommandLineAction(handler).retainedPointer()
        gtkkit_connect_command_line(object, "command-line", { _, commandLine, data in
            MainActor.assumeIsolated {
                // safe: GApplication always passes the command line it emits for.
                CommandLineAction.from(data).function(LaunchCommandLine(handle: commandLine!))
            }
        }, box, CommandLineAction.release)
    }

    /// Shows the application's windows as a launch does (the command-line handler's job).
    func activate() { g_application_activate(gApplication) }

    /// Runs with the process's own arguments, as the bytes they are.
    func run() -> Int32 { g_application_run(gApplication, CommandLine.argc, CommandLine.unsafeArgv) }

    /// Runs with `arguments` in place of the process's own (for tests).
    func run(_ arguments: [String]) -> Int32 {
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { argv in
            g_application_run(gApplication, Int32(argv.count), argv.baseAddress)
        }
    }

    /// Adds `app.NAME` with keyboard accelerators such as "<Control>q".
    func addAction(_ name: String, accelerators: [String], _ action: @escaping @MainActor () -> Void) {
        // safe: GLib constructors abort on out-of-memory; they never return NULL.
        let simple = g_simple_action_new(name, nil)!
        Signal.connectIgnoringArgument(UnsafeMutableRawPointer(simple), "activate", action)
        g_action_map_add_action(OpaquePointer(gtkApplication), simple)
        g_object_unref(UnsafeMutableRawPointer(simple))
        withCStrings(accelerators) { gtk_application_set_accels_for_action(gtkApplication, "app.\(name)", $0) }
    }

    func quit() { g_application_quit(gApplication) }
}

/// One launch's command line, seen by the first instance: its options, the folder
/// it was started in (relative paths are relative to that), and its standard error.
@MainActor
public struct LaunchCommandLine {
    let handle: gpointer

    public var options: CommandLineOptions {
        // safe: GApplication keeps an options dictionary for every command line.
        CommandLineOptions(dict: gtkkit_command_line_options(handle)!)
    }

    /// The launch's working folder, as bytes (a path need not be UTF-8).
    public var workingDirectory: [UInt8] {
        guard let cwd = gtkkit_command_line_cwd(handle) else { return [] }
        return Array(UnsafeBufferPointer(start: cwd, count: strlen(cwd))).map { UInt8(bitPattern: $0) }
    }

    /// Whether a later launch sent it (false: the first instance's own). A later
    /// launch exits with the status the handler returns; the first instance keeps
    /// running, and GApplication exits it with 0 (see ``Application/run()``'s caller).
    public var isRemote: Bool { gtkkit_command_line_is_remote(handle) != 0 }

    /// Prints a line on the launching terminal.
    public func printError(_ message: String) { gtkkit_command_line_printerr(handle, message) }

    /// Keeps the launch waiting after the handler has returned, until
    /// ``PendingLaunch/finish(status:)``: for work that ends later, such as an import on
    /// a thread of its own, whose outcome a later launch's terminal and exit status
    /// should still show. The handler's own return value is then not the exit status.
    public func finishLater() -> PendingLaunch { PendingLaunch(handle: handle) }
}

/// A launch's command line kept after its handler returned (``LaunchCommandLine/finishLater()``):
/// a later launch waits, and exits with the status given to ``finish(status:)``.
/// Finish it exactly once.
@MainActor
public final class PendingLaunch {
    private var handle: gpointer?
    /// Whether a later launch sent it (false: the first instance's own).
    public let isRemote: Bool

    init(handle: gpointer) {
        // safe: a GObject reference; GApplication sends a later launch its exit status
        // once the last one is dropped (in finish).
        self.handle = g_object_ref(handle)
        isRemote = gtkkit_command_line_is_remote(handle) != 0
    }

    /// Prints a line on the launching terminal.
    public func printError(_ message: String) {
        guard let handle else { return }
        gtkkit_command_line_printerr(handle, message)
    }

    /// Ends the launch with `status` (a later launch exits with it).
    public func finish(status: Int32) {
        guard let handle else { return }
        self.handle = nil
        g_application_command_line_set_exit_status(handle.assumingMemoryBound(to: GApplicationCommandLine.self), status)
        g_object_unref(handle)
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

/// Runs `body` with a NULL-terminated C array of copies of `strings`.
func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
    pointers.append(nil)
    defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    // safe: the array holds at least the terminating nil, so its buffer has an address.
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
