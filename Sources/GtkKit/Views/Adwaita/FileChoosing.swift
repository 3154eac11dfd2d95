extension View {
    /// Opens the desktop's file chooser (the portal in a Flatpak) while
    /// `isPresented` holds, for one file matching `patterns` ("*.json"); `onChoose`
    /// gets the path as bytes (it need not be UTF-8), `onCancel` runs otherwise.
    /// Both should make `isPresented` false.
    public func fileChooser(
        isPresented: @escaping @MainActor () -> Bool, title: String, filterName: String, patterns: [String],
        onChoose: @escaping @MainActor ([UInt8]) -> Void, onCancel: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        modified { widget in
            widget.bind("file-chooser", isPresented) { widget, presented in
                guard presented else { return }
                FileChooser.open(title: title, filterName: filterName, patterns: patterns, over: widget) { path in
                    if let path { onChoose(path) } else { onCancel() }
                }
            }
        }
    }

    /// Opens the desktop's file chooser to save a file while `isPresented` holds,
    /// proposing the name `name` reads; `onChoose` gets the path as bytes, `onCancel`
    /// runs otherwise. Both should make `isPresented` false.
    public func fileSaver(
        isPresented: @escaping @MainActor () -> Bool, title: @escaping @MainActor () -> String,
        name: @escaping @MainActor () -> String,
        onChoose: @escaping @MainActor ([UInt8]) -> Void, onCancel: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        modified { widget in
            widget.bind("file-saver", isPresented) { widget, presented in
                guard presented else { return }
                FileChooser.save(title: title(), name: name(), over: widget) { path in
                    if let path { onChoose(path) } else { onCancel() }
                }
            }
        }
    }

    /// Opens the desktop's folder chooser while `isPresented` holds; `onChoose` gets
    /// the folder's path as bytes, `onCancel` runs otherwise. Both should make
    /// `isPresented` false.
    public func folderChooser(
        isPresented: @escaping @MainActor () -> Bool, title: String,
        onChoose: @escaping @MainActor ([UInt8]) -> Void, onCancel: @escaping @MainActor () -> Void
    ) -> ModifiedView<Self> {
        modified { widget in
            widget.bind("folder-chooser", isPresented) { widget, presented in
                guard presented else { return }
                FileChooser.chooseFolder(title: title, over: widget) { path in
                    if let path { onChoose(path) } else { onCancel() }
                }
            }
        }
    }
}
