import CGtk
import CGtkShim
import Foundation
@_spi(Interop) @_spi(Diagnostics) import GtkKit

// Helpers shared by the GTK test targets: finding widgets, the display and
// the window manager. Nothing here asserts; each test target wraps these
// with its own expectations.

/// Whether GTK could open a display (tests that need one are skipped, not
/// passed, without it: run them under `xvfb-run -a`).
@MainActor
public enum Display {
    public static let available: Bool = {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil
            || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil
        else { return false }
        // Swift Testing's entry point is async, and on Linux an async main parks the
        // main thread in dispatch_main(): from then on the main actor, so GTK, runs on
        // whichever libdispatch worker drains the main queue (the crash below showed the
        // main thread in _dispatch_sig_thread). A GL context is current on one thread
        // only, so GTK's GL renderer failed there ("gdk_gl_context_make_current()
        // failed") and the process died on a NULL dereference in libc (Debian 13, GTK
        // 4.18, a fresh chroot). The test process draws with cairo, unless the runner
        // names a renderer; the shipped app runs GTK on its one main thread, and the
        // shipped-app and wayland tests run it as built.
        setenv("GSK_RENDERER", "cairo", 0)
        return gtk_init_check() != 0
    }()
}

/// The first descendant (depth first, including `root`) of a GTK type.
@MainActor
public func descendant(
    of root: UnsafeMutablePointer<GtkWidget>, type: GType,
    matching: (UnsafeMutablePointer<GtkWidget>) -> Bool = { _ in true }
) -> UnsafeMutablePointer<GtkWidget>? {
    if gtkkit_is_a(root, type) != 0 && matching(root) { return root }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        if let found = descendant(of: current, type: type, matching: matching) { return found }
        child = gtk_widget_get_next_sibling(current)
    }
    return nil
}

/// The widget with this name (set with `.widgetName(...)`) inside `window`.
@MainActor
public func widgetNamed(_ name: String, in window: Window) -> UnsafeMutablePointer<GtkWidget>? {
    descendant(of: typed(window.gtkWindow), type: gtk_widget_get_type()) {
        String(cString: gtk_widget_get_name($0)) == name
    }
}

@MainActor
public func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
    String(cString: gtk_label_get_text(OpaquePointer(label)))
}

@MainActor
public func children(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var result: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        result.append(current)
        child = gtk_widget_get_next_sibling(current)
    }
    return result
}

/// Every toplevel window GTK knows, as widgets.
@MainActor
public func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
    let list = gtk_window_get_toplevels()!
    return (0..<g_list_model_get_n_items(list)).compactMap { index in
        guard let item = g_list_model_get_item(list, index) else { return nil }
        g_object_unref(item)
        return item.assumingMemoryBound(to: GtkWidget.self)
    }
}

/// A pointer as the GTK type a function expects (public structs import as
/// typed pointers, private ones as OpaquePointer).
public func typed<T>(_ pointer: UnsafeMutablePointer<some Any>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

public func typed(_ pointer: UnsafeMutablePointer<some Any>) -> OpaquePointer { OpaquePointer(pointer) }

/// Runs a program built next to the test bundle and captures its standard
/// output (and, with `standardError`, its standard error appended after it).
public func runBuiltProgram(
    _ name: String, _ arguments: [String] = [], environment: [String: String] = [:],
    standardError: Bool = false
) throws -> (status: Int32, output: String) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw ProgramNotBuilt(path: binary.path)
    }
    let process = Process()
    let output = Pipe()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = output
    process.standardError = standardError ? output : FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A program the tests run was not built next to the test bundle.
public struct ProgramNotBuilt: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "\(path) is not built: run swift build first" }
}

// NB: Testing is found only when tests are built; a plain release build of
// the package compiles this target too, without it.
#if canImport(Testing)
import Testing

/// Iterates the main loop until `condition` holds, failing the test after `timeout`.
@MainActor
public func pump(
    until condition: () -> Bool, timeout: Duration = .seconds(5),
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let held = MainLoop.run(until: condition, timeout: timeout)
    #expect(held, comment ?? "condition not reached in time", sourceLocation: sourceLocation)
}

/// Makes a GTK window the active one through the window manager, as a click on it
/// would, so that key presses typed with xdotool reach it. The window is given a title
/// of its own to be found by.
@MainActor
public func activate(
    _ window: UnsafeMutablePointer<GtkWidget>, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let title = "GtkKit test window \(UInt(bitPattern: window))"
    gtk_window_set_title(typed(window), title)
    var id: UInt?
    pump(until: {
        id = WindowManager.windowID(title: title)
        return id != nil
    }, "the window has an X id", sourceLocation: sourceLocation)
    WindowManager.run("xdotool", ["windowactivate", "\(try #require(id, sourceLocation: sourceLocation))"])
    pump(until: { gtk_window_is_active(typed(window)) != 0 }, "the window is active", sourceLocation: sourceLocation)
}

/// Clicks mouse `button` (1 the primary, 3 the secondary) in the middle of `widget`
/// through the X server, as a user's click: GTK's gestures see it as they would a
/// real one. The widget's window must have been made active with ``activate(_:sourceLocation:)``
/// first (which gives it the title it is found by).
@MainActor
public func click(
    button: Int, on widget: UnsafeMutablePointer<GtkWidget>, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let root = try #require(gtk_widget_get_root(widget), "the widget is in a window", sourceLocation: sourceLocation)
    let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
    var x = 0.0, y = 0.0
    gtk_widget_translate_coordinates(widget, window, Double(gtk_widget_get_width(widget)) / 2,
                                     Double(gtk_widget_get_height(widget)) / 2, &x, &y)
    // From the window's coordinates to its surface's (an X window's), past any shadow.
    var surfaceX = 0.0, surfaceY = 0.0
    gtk_native_get_surface_transform(OpaquePointer(window), &surfaceX, &surfaceY)
    let title = String(cString: gtk_window_get_title(typed(window)))
    let id = try #require(WindowManager.windowID(title: title), sourceLocation: sourceLocation)
    WindowManager.run("xdotool", ["mousemove", "--window", "\(id)", "\(Int(x + surfaceX))", "\(Int(y + surfaceY))",
                                  "click", "\(button)"])
}
#endif
