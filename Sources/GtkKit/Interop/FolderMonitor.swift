internal import CGtk
internal import CGtkShim

/// Watches folders for changes (GFileMonitor, on the main loop), as a synced folder
/// a file synchronizer writes into: `onChange` runs after changes in any of them,
/// once for a burst (it waits `quiet` after the last one), and reads the folders
/// again itself. A folder that cannot be watched is left out. Watching stops when the
/// monitor is released.
@MainActor
public final class FolderMonitor {
    private var monitors: [UnsafeMutableRawPointer] = []
    private let onChange: @MainActor () -> Void
    private let quiet: Duration
    private var pending = false

    public init(folders: [String], quiet: Duration = .milliseconds(500), onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
        self.quiet = quiet
        watch(folders)
    }

    isolated deinit {
        for monitor in monitors { g_object_unref(monitor) }
    }

    /// Watches `folders` in place of those watched so far (a new subfolder appeared).
    public func watch(_ folders: [String]) {
        for monitor in monitors { g_object_unref(monitor) }
        monitors = folders.compactMap { folder in
            gtkkit_monitor_folder(folder, { data in
                MainActor.assumeIsolated { VoidAction.from(data).function() }
            }, VoidAction { [weak self] in self?.changed() }.retainedPointer(), VoidAction.release)
        }
    }

    /// How many folders are watched.
    public var count: Int { monitors.count }

    private func changed() {
        guard !pending else { return }
        pending = true
        MainLoop.after(quiet) { [weak self] in
            guard let self else { return }
            pending = false
            onChange()
        }
    }
}
