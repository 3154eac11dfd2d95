import FoundationEssentials
import KuchiModel

/// What the window says of a change made both here and on another computer: "New cards
/// per day was also changed on laptop today at 10:02, later than here: that change is
/// kept".
/// Shown as a toast after the merge that found it, and in Settings → Sync's last result.
extension SyncClash {
    func sentence(now: Date = Date()) -> String {
        let midnight = StudyDay(rolloverHour: 0)
        let when = midnight.start(of: changedAt) == midnight.start(of: now)
            ? tr("today at {time}", ["time": DueTime.timeOfDay(changedAt)])
            : tr("on {day} at {time}", ["day": DueTime.dayAndMonth(changedAt), "time": DueTime.timeOfDay(changedAt)])
        return keptHere
            ? tr("{what} was also changed on {device} {when}; the change made here is later and is kept", [
                "what": subjectWords, "device": deviceLabel, "when": when,
            ])
            : tr("{what} was also changed on {device} {when}, later than here: that change is kept", [
                "what": subjectWords, "device": deviceLabel, "when": when,
            ])
    }

    /// The setting or card, as Settings and the card browser name it.
    private var subjectWords: String {
        switch subject {
        case .setting(let key):
            switch key {
            case "dailyNewCards": tr("New cards per day")
            case "desiredRetention": tr("Desired retention")
            case "productionDecks": tr("Type the Japanese Too")
            case "readings": tr("Readings")
            case "fsrsParameters", "fsrsLastFitReviews": tr("Memory model")
            default: tr("A setting")
            }
        case .suspension(let card): tr("Suspending {word}", ["word": card.question])
        case .field(let card, _), .word(let card): tr("The card {word}", ["word": card.question])
        }
    }
}
