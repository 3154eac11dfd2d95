#!/usr/bin/env python3
"""Writes the Anki packages and text exports Kuchi's import tests read, with Anki itself.

Run (the fixtures are committed; run this only to remake them):

    python3 -m venv /tmp/anki-venv && /tmp/anki-venv/bin/pip install anki==26.9.3
    /tmp/anki-venv/bin/python tools/make-anki-fixtures.py            # into Tests/KuchiModelTests/Fixtures/anki/
    /tmp/anki-venv/bin/python tools/make-anki-fixtures.py --bench 25000 /tmp/anki-bench.apkg   # store-bench --anki

Fixtures (a few KiB each):

Anki stores a 50 KiB placeholder collection.anki2 uncompressed in every package; the
script deflates that one entry (shrink()), so the fixtures stay small.

- vocab-modern.apkg: Anki's current package (meta, zstd collection.anki21b, protobuf
  media list, zstd media files).
- vocab-legacy.apkg: Anki's legacy export (collection.anki21, JSON media list).
- vocab-anki2.apkg: the same legacy export repacked as an Anki 2.0-era package
  (collection.anki2 alone, no meta): Anki 26 no longer writes that generation, so the
  entries Anki wrote are renamed, not rewritten.
- all-cloze.apkg: cloze notes only (refused).
- zip-bomb.apkg: not Anki's: a collection.anki2 of 16 MiB of zeros in 16 KiB (refused
  past the test's 1 MiB limit).
- notes-headers.txt: "Notes in Plain Text" with every header Anki writes (HTML kept,
  tags, deck, notetype, guid); notes-plain.txt: without HTML (a field with a line
  break is quoted across lines).

Every package holds the same notes: a "Japanese (Kuchi)" note type
(Expression/Reading/Meaning/Audio) with HTML, furigana notation and a sound; a note type
whose field names say nothing ("Kotoba"/"Imi"); a cloze note; an image-only note; and a
review history with one entry of each kind (see REVIEWS).
"""
import argparse
import os
import shutil
import sys
import tempfile
import zipfile

from anki.collection import Collection, ExportAnkiPackageOptions, NoteIdsLimit

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "KuchiModelTests", "Fixtures", "anki")

# The fake sound: enough bytes to be a file, small enough to commit.
SOUND = b"ID3\x03\x00\x00\x00\x00\x00\x00" + bytes(range(64))

# (Expression, Reading, Meaning, Audio)
JAPANESE = [
    ("食べる", "食[た]べる", "to eat<br>to consume", "[sound:taberu.mp3]"),
    ("日本語[にほんご]を 話[はな]す", "", "<b>to speak</b> Japanese &amp; more", ""),
    ("猫", "ねこ", "cat", ""),
    ("犬", "いぬ", "dog&nbsp;", ""),
    ("水", "みず", "water\ncold water", ""),
    ('<img src="bird.png">', "", '<img src="bird-back.png">', ""),
]
# Reviews of the first three notes' cards: (note index, time in ms since 1970, ease,
# duration in ms, revlog type). Type 4 (manual) and ease 0 are written to be skipped.
REVIEWS = [
    (0, 1_700_000_000_000, 3, 4_000, 0),
    (0, 1_700_000_600_000, 1, 12_000, 1),
    (0, 1_700_086_400_000, 4, 2_500, 2),
    (1, 1_700_000_100_000, 2, 7_000, 0),
    (2, 1_700_000_200_000, 3, 3_000, 3),
    (2, 1_700_000_300_000, 0, 0, 4),
    (1, 1_700_000_400_000, 0, 0, 1),
]


def japanese_notetype(col):
    models = col.models
    notetype = models.new("Japanese (Kuchi)")
    for name in ("Expression", "Reading", "Meaning", "Audio"):
        models.add_field(notetype, models.new_field(name))
    template = models.new_template("Recognition")
    template["qfmt"] = "{{Expression}}"
    template["afmt"] = "{{FrontSide}}<hr id=answer>{{furigana:Reading}}<br>{{Meaning}}{{Audio}}"
    models.add_template(notetype, template)
    models.add(notetype)
    return models.by_name("Japanese (Kuchi)")


def unnamed_notetype(col):
    models = col.models
    notetype = models.new("Kotoba")
    for name in ("Kotoba", "Imi"):
        models.add_field(notetype, models.new_field(name))
    template = models.new_template("Card 1")
    template["qfmt"] = "{{Kotoba}}"
    template["afmt"] = "{{FrontSide}}<hr id=answer>{{Imi}}"
    models.add_template(notetype, template)
    models.add(notetype)
    return models.by_name("Kotoba")


def add(col, notetype, deck_id, fields):
    note = col.new_note(notetype)
    for index, value in enumerate(fields):
        note.fields[index] = value
    col.add_note(note, deck_id)
    return note


def build(folder, cloze_only=False, notes=None):
    col = Collection(os.path.join(folder, "collection.anki2"))
    deck_id = col.decks.id("Kuchi Fixture")
    cloze = col.models.by_name("Cloze")
    added = []
    if cloze_only:
        added.append(add(col, cloze, deck_id, ["{{c1::東京}}は日本の首都です", ""]))
        added.append(add(col, cloze, deck_id, ["{{c1::猫}}が好き", ""]))
    elif notes is not None:
        notetype = japanese_notetype(col)
        for number in range(notes):
            added.append(add(col, notetype, deck_id, [f"語{number}", "ご", f"word {number}<br>meaning", ""]))
        # Four answers per note, as a year of study might leave.
        rows = [(1_700_000_000_000 + number * 10 + step, note.card_ids()[0], -1, 1 + (number + step) % 4, 1, 0, 2500,
                 3_000, step % 3) for number, note in enumerate(added) for step in range(4)]
        col.db.executemany(
            "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)", rows)
    else:
        col.media.write_data("taberu.mp3", SOUND)
        col.media.write_data("bird.png", b"\x89PNG\r\n\x1a\n")
        col.media.write_data("bird-back.png", b"\x89PNG\r\n\x1a\n")
        notetype = japanese_notetype(col)
        added += [add(col, notetype, deck_id, list(fields)) for fields in JAPANESE]
        added.append(add(col, unnamed_notetype(col), deck_id, ["鳥", "bird"]))
        added.append(add(col, cloze, deck_id, ["{{c1::東京}}は日本の首都です", ""]))
        for number, (note_index, time, ease, duration, kind) in enumerate(REVIEWS):
            card_id = added[note_index].card_ids()[0]
            col.db.execute(
                "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
                time + number, card_id, -1, ease, 1, 0, 2500, duration, kind)
    return col, [note.id for note in added]


def export(col, note_ids, path, legacy):
    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False, with_media=True, legacy=legacy)
    col.export_anki_package(out_path=path, options=options, limit=NoteIdsLimit(note_ids))
    shrink(path)


def shrink(path):
    """Deflates the entry Anki stores uncompressed for clients too old to read the rest
    (a 50 KiB placeholder collection.anki2 in a package that has a newer collection).
    Every entry keeps Anki's bytes; only that one's zip compression changes."""
    with zipfile.ZipFile(path) as source:
        entries = [(info, source.read(info.filename)) for info in source.infolist()]
    has_newer = any(info.filename in ("collection.anki21", "collection.anki21b") for info, _ in entries)
    with zipfile.ZipFile(path, "w") as target:
        for info, data in entries:
            placeholder = has_newer and info.filename == "collection.anki2"
            target.writestr(info.filename, data, zipfile.ZIP_DEFLATED if placeholder else info.compress_type)


def repack_as_anki2(legacy_path, path):
    """Anki 2.0's layout: the collection as collection.anki2, no meta."""
    with zipfile.ZipFile(legacy_path) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename in ("meta", "collection.anki2"):
                continue
            name = "collection.anki2" if info.filename == "collection.anki21" else info.filename
            target.writestr(name, source.read(info.filename))


def write_zip_bomb(path):
    """A package whose collection.anki2 is 16 MiB of zeros, deflated to about 16 KiB."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        with target.open("collection.anki2", "w", force_zip64=False) as entry:
            for _ in range(16):
                entry.write(bytes(1 << 20))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", nargs=2, metavar=("NOTES", "OUT"), help="write one large modern package")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="kuchi-anki-")
    try:
        if arguments.bench:
            col, ids = build(work, notes=int(arguments.bench[0]))
            export(col, ids, arguments.bench[1], legacy=False)
            col.close()
            print(f"wrote {arguments.bench[1]} ({os.path.getsize(arguments.bench[1])} bytes)")
            return
        os.makedirs(FIXTURES, exist_ok=True)
        col, ids = build(work)
        export(col, ids, os.path.join(FIXTURES, "vocab-modern.apkg"), legacy=False)
        legacy = os.path.join(work, "legacy.apkg")
        export(col, ids, legacy, legacy=True)
        shutil.copy(legacy, os.path.join(FIXTURES, "vocab-legacy.apkg"))
        repack_as_anki2(legacy, os.path.join(FIXTURES, "vocab-anki2.apkg"))
        japanese = col.models.by_name("Japanese (Kuchi)")
        text_ids = [note_id for note_id in ids if col.get_note(note_id).mid == japanese["id"]]
        col.export_note_csv(
            out_path=os.path.join(FIXTURES, "notes-headers.txt"), limit=NoteIdsLimit(text_ids),
            with_html=True, with_tags=True, with_deck=True, with_notetype=True, with_guid=True)
        col.export_note_csv(
            out_path=os.path.join(FIXTURES, "notes-plain.txt"), limit=NoteIdsLimit(text_ids),
            with_html=False, with_tags=False, with_deck=False, with_notetype=False, with_guid=False)
        col.close()
        cloze_folder = os.path.join(work, "cloze")
        os.makedirs(cloze_folder)
        col, ids = build(cloze_folder, cloze_only=True)
        export(col, ids, os.path.join(FIXTURES, "all-cloze.apkg"), legacy=False)
        col.close()
        write_zip_bomb(os.path.join(FIXTURES, "zip-bomb.apkg"))
        for name in sorted(os.listdir(FIXTURES)):
            print(f"{name}: {os.path.getsize(os.path.join(FIXTURES, name))} bytes")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
