import FoundationEssentials
import KuchiModel

extension AppModels {
    /// The models of a registered learner ("Bench") whose files are in `folder`
    /// (`config/`, `data/`, imported decks in `data/decks/`), for the benchmarks' probes.
    static func registeredLearner(in folder: URL, bundledDecks: URL?) throws -> AppModels {
        let storage = UserStore(location: StorageLocation(
            configDirectory: folder.appendingPathComponent("config"), dataDirectory: folder.appendingPathComponent("data")))
        try storage.saveProfile(Profile(name: "Bench"))
        return AppModels.load(
            storage: storage,
            catalog: DeckCatalog(bundledFolder: bundledDecks, importedFolder: folder.appendingPathComponent("data/decks")))
    }
}
