// GtkKit — SwiftUI's data flow, natively on GTK 4.
//
// What it owns
//   A tree of `Widget` wrappers, each holding one strong reference to its
//   GtkWidget (ref_sink on creation, unref on deinit). A parent wrapper owns
//   its child wrappers; a `Window` owns the root; the `Application` keeps
//   each window until GTK destroys it. Signal closures are owned by GObject
//   (released by the destroy-notify); they capture models strongly and
//   widgets weakly, so no cycle runs through GTK.
//
// The threading rule
//   All state changes happen on the main thread, which runs the default
//   GMainContext. libdispatch's main queue is attached to that context
//   (`MainLoop.attach()`), so the Swift main actor, `DispatchQueue.main` and
//   GTK share one thread and one loop.
//
// The lifetime rule
//   A binding (an `Effect`) lives exactly as long as the widget it writes:
//   it is cancelled when the widget is destroyed or its wrapper deinits.
//   Views are values evaluated once; the closures they hold are the only
//   parts that run again.
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
//   gtk_label_set_text(...)              one widget write, then GTK lays out
//                                        and paints in the same frame
//
// Only the properties a compute closure actually read are tracked, so a write
// anywhere else touches nothing; many writes in one turn produce one run.
