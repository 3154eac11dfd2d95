// KuchiModel — the quiz's data and rules, with no user interface.
//
// What it owns: vocabulary decks (`Deck`, `Challenge`) and the loader that turns a JSON
// file into a checked deck or a list of plain-words problems (`DeckLoader`,
// `DeckProblem`); a practice session (`ChallengesViewModel`); the user's profile,
// settings and progress (`UserManager`) and where they are kept (`UserStore`,
// `AtomicFile`).
// When a card comes back: the FSRS-6 spaced-repetition scheduler (`FSRSScheduler`,
// `FSRSCard`, under FSRS/), a pure value-type port of py-fsrs checked against it.
//
// Threading rule: the two observable models are `@MainActor`. Every state change that a
// screen can see happens on the main actor, so the UI layer's bindings never race the
// model. Everything else here is a value type or immutable (`Sendable`) and can be used
// from any thread — a deck can be loaded in the background and handed over.
//
// Lifetime rule: the models are created once near the root of the app and outlive every
// screen and every layout switch; screens hold them, never re-create them.
//
// Determinism: randomness (`any RandomNumberGenerator`) and the clock (`UserStore`'s
// `now`) are injected, so tests are exact. Nothing here reads the environment or picks
// a directory on its own: the app passes the XDG directories it got from GLib.
//
// Dependencies: Foundation and Observation only. This module never imports GTK.
