import FoundationEssentials
import KuchiModel

/// `kuchi --check-deck FILE`: `ok: N cards`, or one line per problem.
enum DeckCheck {
    static func run(path: String) -> Int32 {
        switch DeckLoader.check(contentsOf: URL(fileURLWithPath: path)) {
        case .success(let count):
            print("ok: \(count) cards")
            return 0
        case .failure(let error):
            for problem in error.problems { print(problem.description) }
            return 1
        }
    }
}
