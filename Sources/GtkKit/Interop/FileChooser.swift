internal import CGtk
internal import CGtkShim

/// The desktop's file chooser (the portal in a Flatpak).
@MainActor
enum FileChooser {
    /// Asks for one file matching `patterns` over the window `owner` sits in; calls
    /// `completion` with the path's bytes, or nil when the person cancels.
    static func open(
        title: String, filterName: String, patterns: [String], over owner: Widget,
        completion: @escaping @MainActor ([UInt8]?) -> Void
    ) {
        let box = FileAction(completion).retainedPointer()
        withCStrings(patterns) { patterns in
            gtkkit_choose_file(owner.rootWindow, title, filterName, patterns, { path, data in
                let bytes = path.map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
                MainActor.assumeIsolated { FileAction.from(data).function(bytes) }
            }, box, FileAction.release)
        }
    }
}

extension FileChooser {
    /// Asks where to save a file, proposing `name`, over the window `owner` sits in;
    /// calls `completion` with the path's bytes, or nil when the person cancels.
    static func save(
        title: String, name: String, over owner: Widget, completion: @escaping @MainActor ([UInt8]?) -> Void
    ) {
        let box = FileAction(completion).retainedPointer()
        gtkkit_save_file(owner.rootWindow, title, name, { path, data in
            let bytes = path.map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
            MainActor.assumeIsolated { FileAction.from(data).function(bytes) }
        }, box, FileAction.release)
    }
}

extension FileChooser {
    /// Asks for a folder over the window `owner` sits in; calls `completion` with its
    /// path's bytes, or nil when the person cancels.
    static func chooseFolder(title: String, over owner: Widget, completion: @escaping @MainActor ([UInt8]?) -> Void) {
        let box = FileAction(completion).retainedPointer()
        gtkkit_choose_folder(owner.rootWindow, title, { path, data in
            let bytes = path.map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } }
            MainActor.assumeIsolated { FileAction.from(data).function(bytes) }
        }, box, FileAction.release)
    }
}

typealias FileAction = SignalClosure<@MainActor ([UInt8]?) -> Void>

extension SignalClosure where Function == @MainActor ([UInt8]?) -> Void {
    // safe: the C side hands back the pointer it was given, never NULL.
    static let release: GDestroyNotify = { Unmanaged<FileAction>.fromOpaque($0!).release() }
}
