// KuchiApp — the screens and the application shell of Kuchi, on GtkKit.
//
// What it owns
//   Its rooms: App/ the application (`KuchiApplication`: the actions and shortcuts,
//   and the one main window, `MainWindow`); Controllers/ what decides between the
//   models and the window (choosing and importing decks, the card browser's actions,
//   exports, undo, speech); CommandLine/ what `kuchi --check-deck` answers without a
//   window; Localization/ gettext and the locale's digit grouping; Screens/ the views;
//   Interop/ the C libraries only Kuchi uses; BenchmarkHooks/ what gtkkit-bench drives.
//   `AppModels.load` makes the shared models once, at the first activation, and the
//   window injects them at its root by type, where every screen reads them with
//   `@Environment(Type.self)`:
//     `UserManager`          the profile and settings, and saving them (KuchiModel)
//     `DeckInUse`            the deck in use, its one owner: the deck, its key in the
//                            schedule, its questions and whether it is loading; the
//                            sessions, the card browser and Statistics read it (KuchiModel)
//     `CardShelf`            the card browser's actions on the deck in use
//     `CardBrowser`          what the card browser shows (KuchiModel)
//     `ChallengesViewModel`  the practice session and all its rules (KuchiModel)
//     `LearnSession`         the Learn page's round of flash cards (KuchiModel)
//     `TypingSession`        typed answers in every direction, and kanji written (KuchiModel)
//     `StudyPlanner`         the schedule and the review database (KuchiModel)
//     `DeckChooser`          the decks to choose from (a `DeckCatalog`), and choosing
//                            one: it makes it the deck in use
//     `DeckImports`          importing decks from files, and the Anki field choice
//     `Speaker`              says words in Japanese through speech-dispatcher, and
//                            whether it can (`SpeechDispatcher`, Interop/)
//     `Handwriting`          the writing pad's strokes, whether it is open, and the
//                            characters Zinnia reads in them (`HandwritingRecognizer`,
//                            KuchiModel), and whether it can
//     `WritingQuestions`     what `TypingSession` asks kanji to be written with (the
//                            strokes while Zinnia is there, the pad's reading), and
//                            a round planned again once it can ask them
//     `AppState`             the screen, Home's page and the challenge's step, open
//                            dialogs, problems for the banner, toasts
//   Screens (Screens/) are views and nothing else: they own no model and keep no
//   state of their own; what they show is read from the models in binding closures,
//   and what the person does is a call on a model.
//
// The threading rule
//   Everything runs on the main actor, inside GTK's main loop. Profile and settings
//   are read and written synchronously by KuchiModel (they are small), and each
//   answer is committed to the review database before its feedback shows (about a
//   millisecond); only the check of the review log, the load of a large deck
//   (`DeckChooser`) and an import (`DeckImports`) run on threads of their own, and
//   report back to the main actor. Speech is the other exception: every call into
//   speech-dispatcher can block (connecting may start the daemon), so they run on a
//   serial queue of their own (`SpeechDispatcher`), and `Speaker` hears back on the
//   main actor through the main loop (`MainLoop.perform`); nothing waits for
//   speech-dispatcher on the main thread. Handwriting is read the same way: Zinnia is
//   opened and asked in an actor of its own, and `Handwriting` hears back through the
//   main loop.
//
// The lifetime rule
//   The models live as long as the application. Screens are built once (pages
//   lazily, on first show) and survive re-layout: size-class flips move the same
//   widgets, so nothing a screen shows is re-created. Every way out (Quit, the window
//   closed, SIGTERM, SIGINT, SIGHUP) ends in the application's shutdown, which calls
//   `StudyPlanner.close()`: answers still waiting are saved and the write-ahead log is
//   folded into the database file; and `UserManager.saveFailedFiles()`: a settings or
//   profile file whose save failed is tried once more.
