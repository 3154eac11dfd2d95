import CGtk
import CGtkShim

/// The GtkApplication under `Application`: single-instance activation, actions with
/// accelerators, and command-line options parsed by GApplication.
@MainActor
final class ApplicationHandle {
    let gtkApplication: UnsafeMutablePointer<GtkApplication>

    init(id: String) {
        // safe: GTK constructors abort on out-of-memory; they never return NULL.
        gtkApplication = gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)!
    }

    isolated deinit { g_object_unref(gtkApplication) }

    private var object: gpointer { UnsafeMutableRawPointer(gtkApplication) }
    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(gtkApplication).assumingMemoryBound(to: GApplication.self)
    }

    func onActivate(_ action: @escaping @MainActor () -> Void) { Signal.connect(object, "activate", action) }
    func onStartup(_ action: @escaping @MainActor () -> Void) { Signal.connect(object, "startup", action) }

    /// Adds a --long option shown by `--help`; `argument` names its value (a file).
    func addOption(_ name: String, description: String, argument: String?) {
        gtkkit_application_add_option(gApplication, name, description, argument, argument != nil ? 1 : 0)
    }

    /// Handles parsed options in the launching process: an exit status, or -1 to go on.
    func onOptions(_ handler: @escaping @MainActor (CommandLineOptions) -> Int32) {
        Signal.connectOptions(object) { dict in handler(CommandLineOptions(dict: dict)) }
    }

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
