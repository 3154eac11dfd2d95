import Foundation
import KuchiModel

/// The golden vectors of `tools/fsrs-golden.py`: review sequences computed by the
/// reference FSRS implementation (py-fsrs 6.3.2, fuzz off). The file's layout is
/// described at the top of that script.
struct FSRSGolden: Decodable {
    struct Scheduler: Decodable {
        let parameters: [Double]
        let desiredRetention: Double
        let learningSteps: [Double]
        let relearningSteps: [Double]
        let maximumInterval: Int

        var scheduler: FSRSScheduler {
            FSRSScheduler(
                parameters: parameters, desiredRetention: desiredRetention, learningSteps: learningSteps,
                relearningSteps: relearningSteps, maximumInterval: maximumInterval)
        }
    }

    /// One card's fields as the reference held them.
    struct Card: Decodable {
        let state: Int
        let step: Int?
        let stability: Double?
        let difficulty: Double?
        let due: Double
        let lastReview: Double?

        init(from decoder: any Decoder) throws {
            var fields = try decoder.unkeyedContainer()
            try self.init(fields: &fields, lastReview: nil)
        }

        /// Reads state, step, stability, difficulty and due, then the last review unless
        /// the caller knows it.
        init(fields: inout any UnkeyedDecodingContainer, lastReview known: Double?) throws {
            state = try fields.decode(Int.self)
            step = try fields.decodeIfPresent(Int.self)
            stability = try fields.decodeIfPresent(Double.self)
            difficulty = try fields.decodeIfPresent(Double.self)
            due = try fields.decode(Double.self)
            lastReview = try known ?? fields.decodeIfPresent(Double.self)
        }

        var fsrsCard: FSRSCard? {
            guard let state = FSRSState(rawValue: state) else { return nil }
            return FSRSCard(
                state: state, step: step, stability: stability, difficulty: difficulty,
                due: Date(timeIntervalSince1970: due), lastReview: lastReview.map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// A review (rating and time), the card the reference returned, and its
    /// retrievability at one sample time.
    struct Review: Decodable {
        let rating: Int
        let time: Double
        let card: Card
        let sampleTime: Double
        let retrievability: Double

        init(from decoder: any Decoder) throws {
            var fields = try decoder.unkeyedContainer()
            rating = try fields.decode(Int.self)
            time = try fields.decode(Double.self)
            card = try Card(fields: &fields, lastReview: time)
            sampleTime = try fields.decode(Double.self)
            retrievability = try fields.decode(Double.self)
        }
    }

    struct Sequence: Decodable {
        let scheduler: Int
        let card: Card
        let reviews: [Review]
    }

    /// The reference's fuzz for one interval: its range, and the extremes it produced.
    struct Fuzz: Decodable {
        let days: Int
        let maximumInterval: Int
        let low: Int
        let high: Int
        let smallest: Int
        let largest: Int

        init(from decoder: any Decoder) throws {
            var fields = try decoder.unkeyedContainer()
            days = try fields.decode(Int.self)
            maximumInterval = try fields.decode(Int.self)
            low = try fields.decode(Int.self)
            high = try fields.decode(Int.self)
            smallest = try fields.decode(Int.self)
            largest = try fields.decode(Int.self)
        }
    }

    let reference: String
    let schedulers: [Scheduler]
    let sequences: [Sequence]
    let fuzz: [Fuzz]

    static let url = RepositoryPaths.root.appendingPathComponent("Tests/KuchiModelTests/Fixtures/fsrs-golden.json")

    static func load() throws -> FSRSGolden {
        try JSONDecoder().decode(FSRSGolden.self, from: Data(contentsOf: url))
    }
}
