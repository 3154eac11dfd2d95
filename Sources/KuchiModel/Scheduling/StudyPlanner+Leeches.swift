/// Leeches as the planner reports them: each lapse that makes a card a leech, or says
/// so again (``Leech``).
extension StudyPlanner {
    /// Told, after the answer is saved, of the card (its deck's name in the schedule and
    /// its question) and its number of lapses.
    public var onLeech: @MainActor (CardID, Int) -> Void {
        get { answers.onLeech }
        set { answers.onLeech = newValue }
    }
}
