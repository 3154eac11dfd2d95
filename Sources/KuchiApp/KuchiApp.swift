// KuchiApp — the screens and the application shell of Kuchi, on GtkKit.
//
// What it owns
//   The application (`KuchiApplication`): command line, actions, the one
//   main window, and the three shared models it injects at the root by type:
//   `UserManager` (profile, settings, progress), `ChallengesViewModel` (the
//   quiz) and `AppState` (which screen shows, problems to report). Screens
//   own only view state (`PracticeState`), never a model.
//
// The threading rule
//   Everything runs on the main actor, inside GTK's main loop. Files are
//   read and written synchronously by KuchiModel; they are small.
//
// The lifetime rule
//   Models live as long as the application; screens are built once (pages
//   lazily, on first show) and survive re-layout: size-class flips move the
//   same widgets, so a screen's state is never re-created.
