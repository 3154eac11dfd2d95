import Foundation
import GtkKit

/// A real window manager (openbox) on the test display, started once, so
/// that maximise and fullscreen go through a WM as on a desktop, and an
/// external resize (xdotool) is a ConfigureRequest like a user's drag.
@MainActor
public enum WindowManager {
    public static let available: Bool = {
        guard Display.available, let openbox = which("openbox"), which("xdotool") != nil,
              which("xprop") != nil
        else {
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openbox)
        process.arguments = ["--sm-disable"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        wm = process
        atexit { WindowManager.stop() }
        // Wait until openbox announces itself, then until it has managed a
        // window end to end: a window mapped during its start-up can stay frozen.
        return MainLoop.run(until: { managerRunning() }, timeout: .seconds(10))
            && managesWindows()
    }()

    private static func managesWindows() -> Bool {
        let probe = Window(title: "window manager probe", width: 200, height: 100) { EmptyView() }
        probe.present()
        defer { probe.close() }
        return MainLoop.run(until: { probe.size.width > 0 }, timeout: .seconds(10))
    }

    nonisolated(unsafe) private static var wm: Process?

    nonisolated private static func stop() { wm?.terminate() }

    private static func managerRunning() -> Bool {
        run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"])?.contains("window id") == true
    }

    /// The X window id of the toplevel with this exact title.
    public static func windowID(title: String) -> UInt? {
        guard let output = run("xdotool", ["search", "--name", "^\(title)$"]) else { return nil }
        return output.split(separator: "\n").first.flatMap { UInt($0) }
    }

    /// Resizes an X window from outside the app, as a window manager does on a drag.
    public static func resize(windowID: UInt, width: Int, height: Int) {
        _ = run("xdotool", ["windowsize", "\(windowID)", "\(width)", "\(height)"])
    }

    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) -> String? {
        guard let path = which(tool) else { return nil }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    public static func which(_ tool: String) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
