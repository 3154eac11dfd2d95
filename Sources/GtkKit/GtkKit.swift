// GtkKit — SwiftUI's data flow, natively on GTK 4.
//
// The design notes (where things are, what GtkKit owns, the threading rule, the
// lifetime rule, how a change travels from a model to a widget) are in
// GtkKit.docc/GtkKit.md, with a glossary beside it; they are built and their symbol
// links checked by `meson test docs` (tools/build-docs.sh), so a type renamed without
// them breaks that build.
