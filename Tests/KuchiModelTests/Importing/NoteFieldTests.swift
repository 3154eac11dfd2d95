import Testing
@testable import KuchiModel

/// The one set of field-cleaning rules both Anki importers use.
@Suite("Anki note fields")
struct NoteFieldTests {
    @Test("HTML becomes text: tags dropped, entities decoded, line breaks between senses", arguments: [
        ("<b>cat</b>&nbsp;&amp;&#x20;kitten<br>", "cat & kitten"),
        ("to eat<br>to consume", "to eat; to consume"),
        ("<div>to eat</div><div>to consume</div>", "to eat; to consume"),
        ("食<span style=\"color:red\">べ</span>る", "食べる"),
        ("&lt;not a tag&gt; &unknown; &#26085;", "<not a tag> &unknown; 日"),
        ("  spaced \t out  ", "spaced out"),
    ])
    func html(raw: String, text: String) {
        #expect(NoteField(raw).text == text)
    }

    @Test("a sound tag is taken out of the text and its file kept")
    func sound() {
        let field = NoteField("[sound:taberu.mp3]食べる[sound:b&amp;c.mp3]")
        #expect(field.text == "食べる")
        #expect(field.sounds == ["taberu.mp3", "b&c.mp3"])
        #expect(NoteField("no sound [sound:unclosed").sounds == [])
    }

    @Test("cloze deletions are found; braces that are not one are not", arguments: [
        ("{{c1::東京}}は首都", true), ("{{c12::x::hint}}", true), ("{{cat}}", false), ("{{c::x}}", false), ("c1::x", false),
    ])
    func cloze(raw: String, isCloze: Bool) {
        #expect(NoteField(raw).isCloze == isCloze)
    }

    @Test("an image leaves no text and is noticed")
    func image() {
        let field = NoteField("<img src=\"bird.png\">")
        #expect(field.text.isEmpty && field.hasImage)
        #expect(!NoteField("bird").hasImage)
    }

    @Test("furigana notation: the base runs back to a space or the previous reading", arguments: [
        ("日本語[にほんご]を 話[はな]す", "日本語を話す", "にほんごをはなす"),
        ("食[た]べる", "食べる", "たべる"),
        ("取[と]り 消[け]す", "取り消す", "とりけす"),
        ("漢字[かんじ]", "漢字", "かんじ"),
        ("見[み]る 人[ひと]", "見る人", "みるひと"),
    ])
    func furigana(text: String, word: String, reading: String) throws {
        let split = try #require(FuriganaNotation.split(text))
        #expect(split.word == word && split.reading == reading)
    }

    @Test("text without notation is not split; brackets that hold nothing are text")
    func noFurigana() {
        #expect(FuriganaNotation.split("食べる") == nil)
        #expect(FuriganaNotation.split("a [] b") == nil)
    }

    @Test("a card: notation splits, a kana reading is the reading, a Latin one the romaji")
    func card() {
        #expect(NoteField.card(word: "日本[にほん]", reading: "", meaning: "Japan")
            == Challenge(question: "日本", reading: "にほん", answer: "Japan"))
        #expect(NoteField.card(word: "猫", reading: "neko", meaning: "cat")
            == Challenge(question: "猫", romaji: "neko", answer: "cat"))
        #expect(NoteField.card(word: "ねこ", reading: "", meaning: "cat")
            == Challenge(question: "ねこ", reading: "ねこ", answer: "cat"))
        #expect(NoteField.card(word: "猫", reading: "猫", meaning: "cat") == Challenge(question: "猫", answer: "cat"))
    }

    @Test("fields are mapped by name, in several spellings; names that say nothing are guessed", arguments: [
        (["Expression", "Meaning", "Reading"], 0, 2, 1, false),
        (["Front", "Back"], 0, nil, 1, false),
        (["Vocab", "Vocab-Kana", "English"], 0, 1, 2, false),
        (["Word", "Furigana", "Definition", "Audio"], 0, 1, 2, false),
        (["意味", "単語", "読み"], 1, 2, 0, false),
        (["Side A", "Side B"], 0, nil, 1, true),
        (["Kanji", "Notes"], 0, nil, 1, true),
    ] as [([String], Int, Int?, Int, Bool)])
    func mapping(fields: [String], word: Int, reading: Int?, meaning: Int, guessed: Bool) {
        let mapping = AnkiFieldMapping(notetypeID: 1, notetype: "t", fields: fields)
        #expect(mapping.word == word && mapping.reading == reading && mapping.meaning == meaning)
        #expect(mapping.isGuessed == guessed)
    }
}
