// Records reviews into a review store until killed, writing "committed N" to stdout
// after each record() returns. ReviewStoreCrashTests launches it and kills it with
// SIGKILL at random moments, then checks the database.
//
// Usage: store-crash-probe DATABASE FIRST [undo] — reviews are numbered from FIRST;
// review N is timed at 1,800,000,000 + N seconds after 1970, so each is found by its
// time. With "undo", every third review (N % 3 == 1) is taken back right after it is
// recorded, and "undone N" written once undo(reviewID:) returns; some cards are new
// before it, others not.
import Foundation
import KuchiModel

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let first = Int(arguments[2]),
      arguments.count == 3 || arguments[3] == "undo"
else {
    FileHandle.standardError.write(Data("usage: store-crash-probe DATABASE FIRST [undo]\n".utf8))
    exit(2)
}
let takesBack = arguments.count == 4
do {
    let store = try ReviewStore(path: arguments[1])
    let ratings: [FSRSRating] = [.again, .hard, .good, .easy]
    for number in first... {
        let time = Date(timeIntervalSince1970: 1_800_000_000 + Double(number))
        let state: FSRSState = number % 3 == 0 ? .relearning : .review
        let id = try store.record(Review(
            card: CardID(deck: "crash", question: "q\(number % 50)"), rating: ratings[number % 4], time: time,
            answerTime: .milliseconds(number % 5_000),
            after: FSRSCard(state: state, step: state == .review ? nil : 0, stability: Double(number % 97) / 7,
                            difficulty: 5, due: time.addingTimeInterval(86_400), lastReview: time)))
        // One unbuffered write per line: what was printed was committed.
        FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
        if takesBack, number % 3 == 1 {
            try store.undo(reviewID: id)
            FileHandle.standardOutput.write(Data("undone \(number)\n".utf8))
        }
    }
} catch {
    FileHandle.standardError.write(Data("store-crash-probe: \(error)\n".utf8))
    exit(1)
}
