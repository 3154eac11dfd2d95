/// A Japanese word and three meanings, one of them right.
struct Question: Equatable, Sendable {
    let word: String
    let choices: [String]
    let answer: String

    static let all = [
        Question(word: "猫", choices: ["cat", "dog", "bird"], answer: "cat"),
        Question(word: "犬", choices: ["fish", "dog", "horse"], answer: "dog"),
        Question(word: "水", choices: ["fire", "tree", "water"], answer: "water"),
        Question(word: "山", choices: ["mountain", "river", "sea"], answer: "mountain"),
        Question(word: "本", choices: ["pen", "book", "desk"], answer: "book"),
        Question(word: "花", choices: ["flower", "leaf", "root"], answer: "flower"),
    ]
}
