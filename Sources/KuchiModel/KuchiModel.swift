// KuchiModel — the quiz's data and rules, with no user interface.
//
// What it owns: vocabulary decks (`Deck`, `Challenge`) and the loader that turns a JSON
// file into a checked deck or a list of plain-words problems (`DeckLoader`,
// `DeckProblem`); a practice session (`ChallengesViewModel`); the user's profile,
// settings and progress (`UserManager`) and where they are kept (`UserStore`,
// `AtomicFile`); the learner's spaced-repetition memory, FSRS card states and the log of
// every answer, in one SQLite file (`ReviewStore`), with local study days (`StudyDay`).
// When a card comes back: the FSRS-6 spaced-repetition scheduler (`FSRSScheduler`,
// `FSRSCard`, under FSRS/), a pure value-type port of py-fsrs checked against it.
//
// Threading rule: the two observable models are `@MainActor`. Every state change that a
// screen can see happens on the main actor, so the UI layer's bindings never race the
// model. Everything else here is a value type or immutable (`Sendable`) and can be used
// from any thread — a deck can be loaded in the background and handed over.
//
// `ReviewStore` is the exception: a plain class, not `Sendable`, owning one SQLite
// connection (opened without SQLite's mutex) and used on the main actor; every call is
// short (targets at 100,000 cards and 1,000,000 reviews, measured by store-bench: open
// ≤ 150 ms, a session's queries ≤ 20 ms, a durable commit ≤ 2 ms, statistics ≤ 100 ms;
// all are met several times over). Only the static `ReviewStore.checkReviewLog(path:)`
// opens a connection of its own, to run in the background.
//
// The review store (ReviewStore/): durability first. WAL with synchronous=FULL, and one
// transaction per review (card state + log entry), committed before `record` returns;
// a SIGKILL test checks 200 random crashes. A file it cannot use (not a database,
// damaged, newer schema, locked, read-only) is reported as a `ReviewStoreError` and
// never replaced, repaired or deleted. The schema is an append-only list of migrations
// keyed by `PRAGMA user_version`. Speed comes from indexes that answer each query alone:
// the review log repeats its card's deck so statistics read one index per day, and deck
// question lists are registered with a per-question "reviewed" flag so the next new
// cards come from a partial index, whatever the deck's size. `PRAGMA quick_check` on
// opening covers everything but the review log (nine tenths of a big file, read by no
// session), which `checkReviewLog` covers. C and pointers stay in `SQLiteDatabase` and
// `SQLiteStatement`.
//
// Local time: no Calendar, TimeZone or DateFormatter (they need ICU, which the app does
// not ship; tests link full Foundation, so a mistake passes tests and crashes the app).
// `StudyDay` uses the C library's localtime_r and mktime.
//
// Lifetime rule: the models are created once near the root of the app and outlive every
// screen and every layout switch; screens hold them, never re-create them.
//
// Determinism: randomness (`any RandomNumberGenerator`) and the clock (`UserStore`'s
// `now`; `ReviewStore` takes every time as an argument) are injected, so tests are exact. Nothing here reads the environment or picks
// a directory on its own: the app passes the XDG directories it got from GLib.
//
// Dependencies: FoundationEssentials and Observation, and the system's SQLite through the
// CSQLite module map. This module never imports GTK.
