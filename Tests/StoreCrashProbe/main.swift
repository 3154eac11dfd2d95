// Records reviews into a review store until killed, writing "committed N" to stdout
// after each record() returns. ReviewStoreCrashTests launches it and kills it with
// SIGKILL at random moments, then checks the database.
//
// Usage: store-crash-probe DATABASE FIRST — reviews are numbered from FIRST; review N
// is timed at 1,800,000,000 + N seconds after 1970, so each is found by its time.
import Foundation
import KuchiModel

let arguments = CommandLine.arguments
guard arguments.count == 3, let first = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: store-crash-probe DATABASE FIRST\n".utf8))
    exit(2)
}
do {
    let store = try ReviewStore(path: arguments[1])
    let ratings: [FSRSRating] = [.again, .hard, .good, .easy]
    for number in first... {
        let time = Date(timeIntervalSince1970: 1_800_000_000 + Double(number))
        let state: FSRSState = number % 3 == 0 ? .relearning : .review
        try store.record(Review(
            card: CardID(deck: "crash", question: "q\(number % 50)"), rating: ratings[number % 4], time: time,
            answerTime: .milliseconds(number % 5_000),
            after: FSRSCard(state: state, step: state == .review ? nil : 0, stability: Double(number % 97) / 7,
                            difficulty: 5, due: time.addingTimeInterval(86_400), lastReview: time)))
        // One unbuffered write per line: what was printed was committed.
        FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("store-crash-probe: \(error)\n".utf8))
    exit(1)
}
