// KuchiModel — the quiz's data and rules, with no user interface.
//
// The design notes (what it owns, topic by topic, the threading rule, the lifetime
// rule, the review store, local time, determinism) are in KuchiModel.docc/KuchiModel.md,
// and where Kuchi comes from and what its words mean in
// KuchiModel.docc/Origins-and-Glossary.md; they are built and their symbol links checked
// by `meson test docs` (tools/build-docs.sh), so a type renamed without them breaks that
// build.
