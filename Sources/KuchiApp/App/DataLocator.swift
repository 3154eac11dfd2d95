import CKuchiConfig
import FoundationEssentials

/// Finds Kuchi's data (decks, the dictionary, stroke order, icons) wherever the app runs from.
///
/// In order: `$KUCHI_DATA_DIR`; `data/` beside the executable (meson's build tree, where
/// `build/data/decks` and `build/data/icons` link to the source tree's, so `build/kuchi`
/// shows its logo and decks as `swift run kuchi` does); the folder an installed build
/// was configured with (meson passes it at build time); and, in a debug build that was not configured for
/// an installation (`swift run kuchi`), the source tree's `data/`. An installed or
/// release build never looks into the tree it was built from.
public enum DataLocator {
    public static var dataDirectory: URL? {
        candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("decks").path) }
    }

    public static var decksDirectory: URL? { dataDirectory?.appendingPathComponent("decks") }

    /// The bundled dictionary (`JapaneseDictionary` reads it), when it is there: a data
    /// folder from before it was bundled has none.
    public static var dictionaryFile: URL? {
        guard let file = dataDirectory?.appendingPathComponent("dictionary/jmdict-common.sqlite3") else { return nil }
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// The bundled stroke order (``KuchiModel/StrokeOrder`` reads it), when it is there: a
    /// data folder from before it was bundled has none.
    public static var strokesFile: URL? {
        guard let file = dataDirectory?.appendingPathComponent("strokes/strokes.json") else { return nil }
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// An hicolor icon tree next to the data, when not installed system-wide.
    public static var iconsDirectory: URL? {
        guard let data = dataDirectory else { return nil }
        let icons = data.appendingPathComponent("icons")
        return FileManager.default.fileExists(atPath: icons.path) ? icons : nil
    }

    private static var candidates: [URL] {
        folders(
            environment: "KUCHI_DATA_DIR", besideExecutable: "data", configured: kuchi_config_pkgdatadir(),
            sourceTree: "data")
    }

    /// Where to look for one of Kuchi's folders, in order: `$variable`; the folder
    /// `besideExecutable` next to the running binary (meson's build tree); the folder an
    /// installed build was configured with; and, in a debug build that was not
    /// configured for an installation (`swift run kuchi`), `sourceTree` in the
    /// repository. An installed or release build never looks into the tree it was
    /// built from. The data (above) and the translations (``Translations``) are found so.
    static func folders(
        environment variable: String, besideExecutable: String? = nil, configured: UnsafePointer<CChar>?,
        sourceTree: String
    ) -> [URL] {
        var urls: [URL] = []
        if let override = ProcessInfo.processInfo.environment[variable], !override.isEmpty {
            urls.append(URL(fileURLWithPath: override))
        }
        if let besideExecutable,
           let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            urls.append(URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(besideExecutable))
        }
        if let configured {
            urls.append(URL(fileURLWithPath: String(cString: configured)))
        } else {
            #if DEBUG
            // Sources/KuchiApp/App/DataLocator.swift → the repository.
            urls.append(URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(sourceTree))
            #endif
        }
        return urls
    }

    /// The version meson configured, or the development version.
    public static var version: String {
        kuchi_config_version().map { String(cString: $0) } ?? "0.1.0-dev"
    }
}
