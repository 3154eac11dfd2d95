import CGtkShim
import Foundation
import Observation
import Testing
@_spi(Diagnostics) @testable import GtkKit

extension GTKTests {
    /// `@AppStorage`: values kept in the app's settings file.
    @Suite("App storage") @MainActor
    struct AppStorageTests {
        @Test("two views on one key agree: a write through one shows in both")
        func twoViewsAgree() {
            let store = AppStorageStore(path: temporaryPath())
            let window = showWindow {
                VStack {
                    VolumeView(name: "a", key: "volume", store: store)
                    VolumeView(name: "b", key: "volume", store: store)
                    VolumeView(name: "other", key: "brightness", store: store)
                }
            }
            defer { window.close() }
            #expect(labelText(widgetNamed("a", in: window)!) == "5", "the default until written")
            gtkkit_emit(widgetNamed("a-up", in: window)!, "clicked")
            nextTurn()
            #expect(labelText(widgetNamed("a", in: window)!) == "6")
            #expect(labelText(widgetNamed("b", in: window)!) == "6", "the other view on the key")
            // Control: a view on another key of the same store is untouched.
            #expect(labelText(widgetNamed("other", in: window)!) == "5")
        }

        @Test("a value survives a relaunch: a new store on the same file reads it")
        func survivesRelaunch() throws {
            let path = temporaryPath()
            do {
                let first = AppStorageStore(path: path)
                @AppStorage("volume", store: first) var volume = 5
                @AppStorage("name", store: first) var name = ""
                volume = 9
                name = "Aiko"
            }
            let relaunched = AppStorageStore(path: path)
            @AppStorage("volume", store: relaunched) var volume = 5
            @AppStorage("name", store: relaunched) var name = ""
            @AppStorage("never-written", store: relaunched) var unset = 3
            #expect(volume == 9)
            #expect(name == "Aiko")
            #expect(unset == 3, "control: an unwritten key reads its default")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("\"volume\" : 9"), "\(text)")
        }

        @Test("a file that is not app storage is reported with its path, and read as unset")
        func badFile() throws {
            let path = temporaryPath()
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "{\"volume\": [1, 2]}".write(toFile: path, atomically: true, encoding: .utf8)
            let warnings = Diagnostics.warnings.count
            let store = AppStorageStore(path: path)
            @AppStorage("volume", store: store) var volume = 5
            #expect(volume == 5)
            #expect(Diagnostics.warnings.dropFirst(warnings).contains { $0.hasPrefix(path) && $0.contains("volume") },
                    "\(Diagnostics.warnings.dropFirst(warnings))")
        }
    }
}

private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("gtkkit-app-storage-\(UUID().uuidString)")
        .appendingPathComponent("app-storage.json").path
}

private struct VolumeView: View {
    let name: String
    @AppStorage private var volume: Int

    init(name: String, key: String, store: AppStorageStore) {
        self.name = name
        _volume = AppStorage(wrappedValue: 5, key, store: store)
    }

    var body: some View {
        HStack {
            Text { "\(volume)" }.widgetName(name)
            Button("+") { volume += 1 }.widgetName("\(name)-up")
        }
    }
}
