// KuchiModel — the quiz's data and rules, with no user interface.
//
// What it owns
//   Decks: vocabulary cards (`Deck`, `Challenge`; Kuchi Basics is built in), the
//   loader that turns a JSON file into a checked deck or a `DeckError` listing each
//   `DeckProblem` in plain words (`DeckLoader`, within `DeckLimits`), the importer of
//   Anki's plain-text notes and packages (`DeckImporter`, returning an `ImportedDeck`
//   with the package's review history as `ImportedReview`s), and the decks a learner
//   can choose, built in, bundled or imported (`DeckCatalog`, `DeckEntry`).
//   Anki packages (AnkiImport/): the zip and its collections (`AnkiPackage`, over
//   `ZipArchiveReader` and `ZstdDecoder`, the only C calls there, and `ScratchFile`),
//   the collection's tables (`AnkiCollection`), notes to cards (`AnkiPackageImport`,
//   fields chosen by `AnkiFieldMapping`); the field rules both Anki importers share
//   (`NoteField`: `HTMLText`, sound tags, cloze; `FuriganaNotation`). A package is
//   untrusted: sizes are counted as entries unpack, media names are checked
//   (`MediaName`), the collection's schema is checked and its rows streamed and
//   capped under a time budget, an import is cancellable (`ImportProgress`), and
//   nothing half-imported is left. A card's text is bounded by what it costs to show
//   (`TextCost`), wherever it comes from. Where a word's
//   reading goes over it as furigana (`Furigana`, `FuriganaSegment`).
//   Practice: a challenge session and every rule of it (`ChallengesViewModel`), and
//   the Learn page's round of flash cards (`LearnSession`). Romaji typed by a learner
//   becomes kana as they type (`KanaInput`, reading `RomajiTable`); a typed answer is
//   judged against the reading or the word, or the senses (`TypedAnswer`, comparing
//   `MeaningForms`, in either `TextWidth`), and its difference from the expected one
//   marked for the feedback (`AnswerDiff`, in `DiffRun`s).
//   The user: the profile and settings and saving them (`UserManager`), in files
//   written atomically (`UserStore`, `AtomicFile`); a file that cannot be used is
//   moved aside and named (`UserFileProblem`).
//   The schedule: `StudyPlanner` decides what a session asks (cards due, then new
//   ones up to the daily limit) and keeps each answer as an FSRS review in
//   `ReviewStore`, one SQLite file holding every card's FSRS state and the log of
//   every answer, with local study days (`StudyDay`). An answer the
//   database cannot take (locked, the disk full, the folder read-only, not open)
//   waits as a `PendingAnswer`, in memory and in an `AnswerJournal` beside the
//   database, until it can be saved (StudyPlanner+WaitingAnswers.swift). Another
//   program's SQLite file at the database's path is left untouched and the run's
//   reviews go to `ReviewStore.inMemory()`. `StudyPlanner.close()`, called on every
//   way out of the app, saves what waits, checkpoints the write-ahead log into the
//   database file and closes it; a quiet moment checkpoints it too. The run's last
//   answer, saved or waiting, can be taken back once (`StudyPlanner.undoLastAnswer()`,
//   StudyPlanner+Undo.swift, over `ReviewStore.undo(reviewID:)`).
//   When a card comes back: the FSRS-6 scheduler (`FSRSScheduler`, `FSRSCard`, under
//   FSRS/), a pure value-type port of py-fsrs checked against it.
//
// Threading rule: the four observable models (`UserManager`, `StudyPlanner`,
// `ChallengesViewModel`, `LearnSession`) are `@MainActor`. Every state change that a
// screen can see happens on the main actor, so the UI layer's bindings never race the
// model. Everything else here is a value type or immutable (`Sendable`) and can be used
// from any thread — a deck can be loaded in the background and handed over.
//
// `ReviewStore` is the exception: a plain class, not `Sendable`, owning one SQLite
// connection (opened without SQLite's mutex) and used on the main actor through the
// `StudyPlanner`; every call is short (targets at 100,000 cards and 1,000,000 reviews,
// measured by store-bench: open ≤ 150 ms, a session's queries ≤ 20 ms, a durable
// commit ≤ 2 ms, statistics ≤ 100 ms; all are met several times over). Only the static
// `ReviewStore.checkReviewLog(path:)` opens a connection of its own, to run in the
// background.
//
// The review store (ReviewStore/): durability first. WAL with synchronous=FULL, and one
// transaction per review (card state + log entry), committed before `record` returns,
// and one per review taken back (`undo`); SIGKILL tests check 200 random crashes, and
// 100 while reviews are taken back. A file it cannot use (not a database,
// damaged, newer schema, locked, read-only, another program's) is reported as a
// `ReviewStoreError` and never replaced, repaired or deleted. The schema is an
// append-only list of migrations keyed by `PRAGMA user_version`. Speed comes from
// indexes that answer each query alone: the review log repeats its card's deck so
// statistics read one index per day, and deck question lists are registered with a
// per-question "reviewed" flag so the next new cards come from a partial index,
// whatever the deck's size. `PRAGMA quick_check` on opening covers everything but the
// review log (nine tenths of a big file, read by no session), which `checkReviewLog`
// covers. C and pointers stay in `SQLiteDatabase` and `SQLiteStatement`.
//
// Local time: no Calendar, TimeZone or DateFormatter (they need ICU, which the app does
// not ship; tests link full Foundation, so a mistake passes tests and crashes the app).
// `StudyDay` uses the C library's localtime_r and mktime.
//
// Lifetime rule: the models are created once near the root of the app and outlive every
// screen and every layout switch; screens hold them, never re-create them. The
// `StudyPlanner` is closed once, at exit; after `close()` it saves and schedules nothing.
//
// Determinism: randomness (`any RandomNumberGenerator`) and the clock (`StudyPlanner`'s
// `clock`, `UserStore`'s `now`; `ReviewStore` takes every time as an argument) are
// injected, so tests are exact. Nothing here reads the environment or picks a directory
// on its own: the app passes the XDG directories it got from GLib.
//
// Dependencies: FoundationEssentials and Observation, and the system's SQLite, libarchive
// and zstd through the CSQLite, CArchive and CZstd module maps. This module never
// imports GTK.
