// GtkKit — SwiftUI's data flow, natively on GTK 4.
//
// Where things are
//   Interop/      the only code that calls GTK: typed wrappers, one per GTK type
//                 (`LabelWidget`, `EntryWidget`, `WindowWidget`, …, under a base
//                 `Widget`), signals, the main loop, the application, dialogs,
//                 diagnostics, and `GtkWidgetRepresentable` for widgets GtkKit does
//                 not cover. Unsafe pointers stay here.
//   Observation/  bindings: `AnyEffect`, the scheduler that coalesces them, `track`,
//                 and (debug builds) the frozen-read check.
//   Environment/  keyed values and injected objects, SwiftUI style.
//   Views/, Scene/ what apps write: views, modifiers, windows, header bars. They
//                 configure typed wrappers and never touch GTK themselves.
//
// What it owns
//   A tree of `Widget` wrappers, each holding one strong reference to its
//   GtkWidget (ref_sink on creation, unref on deinit). A parent wrapper owns
//   its child wrappers; a `Window` owns the root; the `Application` keeps
//   each window until GTK destroys it. Signal closures are owned by GObject
//   (released by the destroy-notify); they capture models strongly and
//   widgets weakly, so no cycle runs through GTK. A `List` is the one place
//   where GTK decides how many widgets exist: its `ListViewWidget` owns one
//   row view per GtkListItem GTK makes (the rows on screen and a margin),
//   and points it at other elements instead of building new ones.
//
// The threading rule
//   All state changes happen on the main thread, which runs the default
//   GMainContext. libdispatch's main queue is attached to that context
//   (`MainLoop.attach()`), so the Swift main actor, `DispatchQueue.main` and
//   GTK share one thread and one loop.
//
// The lifetime rule
//   A binding (an `Effect`) lives exactly as long as the widget it writes:
//   it is cancelled when the widget's window leaves GTK's toplevels or its
//   wrapper deinits. Views are values evaluated once; the closures they hold
//   are the only parts that run again. A binding's write closure receives its
//   widget rather than capturing it, so no binding keeps its widget alive.
//
// How a change travels
//
//   model.count += 1                     (main thread)
//        │  ObservationRegistrar willSet
//        ▼
//   Effect.onChange ── schedule ──► UpdateScheduler.pending (deduplicated)
//                                        │ wakes one GSource (HIGH_IDLE)
//                                        ▼ next main-loop iteration
//   Effect.run: withObservationTracking { compute() }   (re-arms tracking)
//        │  value != last written?
//        ▼
//   LabelWidget.setText(...)             one widget write, then GTK lays out
//                                        and paints in the same frame
//
// Only the properties a compute closure actually read are tracked, so a write
// anywhere else touches nothing; many writes in one turn produce one run.
