extension Deck {
    /// The nine classic words, built into the program.
    ///
    /// This is the deck the app falls back to when a deck file is missing or bad, so it
    /// lives in code rather than in a file that could itself be missing or bad.
    /// `data/decks/kuchi-basics.json` holds the same cards (a test keeps them equal), with
    /// the pitch accents `tools/make-decks.py` found for them in UniDic.
    public static let kuchiBasics = Deck(
        name: "Kuchi Basics",
        language: "ja",
        license: "CC0-1.0",
        attribution: "The Kuchi project",
        cards: [
            Challenge(question: "はい", pronunciation: "hai", answer: "yes", pitch: [1]),
            Challenge(question: "いいえ", pronunciation: "iie", answer: "no", pitch: [3]),
            Challenge(question: "おねがい します", pronunciation: "onegai shimasu", answer: "please"),
            Challenge(question: "こんにちは", pronunciation: "konnichiwa", answer: "hello", pitch: [5]),
            Challenge(question: "はじめまして", pronunciation: "hajimemashite", answer: "nice to meet you"),
            Challenge(question: "もしもし", pronunciation: "moshimoshi", answer: "hello (on the phone)", pitch: [1]),
            Challenge(question: "すみません", pronunciation: "sumimasen", answer: "excuse me"),
            Challenge(question: "ありがとう", pronunciation: "arigatō", answer: "thank you", pitch: [2]),
            Challenge(question: "ごめんなさい", pronunciation: "gomen nasai", answer: "sorry"),
        ]
    )
}
