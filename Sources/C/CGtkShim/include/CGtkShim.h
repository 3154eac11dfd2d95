// CGtkShim: typed C helpers for what Swift cannot import from GTK directly:
// function-like macros (casts, type checks), signal connection with a
// destroy-notify, a main-loop bridge for libdispatch's main queue, a cheap
// wake-up source for coalesced binding flushes, GtkKitBin, a one-child
// widget that reports its allocated size, GtkKitIndexModel, the count
// behind a List, and GtkKitRuby, text with readings over it.
//
// Threading rule: every function here must be called on the thread that runs
// the default GMainContext (the main thread).
#pragma once
// GTK through CGtk's header, whose API-version macros must come before GTK's own.
#include "../../CGtk/CGtk.h"

G_BEGIN_DECLS

// MARK: - Casts and type checks (the GObject macros, as functions)

gboolean gtkkit_is_a(gpointer instance, GType type);
const char *gtkkit_type_name(gpointer instance);

// MARK: - Accessibility (gtk_accessible_update_* are variadic)

void gtkkit_set_accessible_label(gpointer widget, const char *label);
/// Drops a labelled-by relation, so the widget's own name is read.
void gtkkit_reset_labelled_by(gpointer widget);
/// The same, dropping any labelled-by relation (which would take precedence).
void gtkkit_set_accessible_label_only(gpointer widget, const char *label);
void gtkkit_set_accessible_description(gpointer widget, const char *description);
void gtkkit_set_accessible_described_by(gpointer widget, gpointer description_widget);
/// Hides a widget that GTK keeps in the tree from assistive technology (a stack's
/// page not shown), or shows it again.
void gtkkit_set_accessible_hidden(gpointer widget, gboolean hidden);
void gtkkit_name_menu_item(GtkWidget *widget);
/// Whether the widget's accessible name is `label` (for tests: GTK 4.8 has no getter).
gboolean gtkkit_accessible_label_is(gpointer widget, const char *label);
/// Whether the widget's accessible description is `description` (for tests, likewise).
gboolean gtkkit_accessible_description_is(gpointer widget, const char *description);
/// A new widget of `type` whose accessible role is `role` (a construct-only property).
GtkWidget *gtkkit_widget_new_with_role(GType type, GtkAccessibleRole role);

/// Names `widget` after every GtkLabel inside `content` (the labelled-by relation), in
/// order: a screen reader reads a list row by its labels' text, which follows them.
void gtkkit_set_accessible_labelled_by_labels(gpointer widget, GtkWidget *content);
/// Whether `widget` is labelled by exactly `label` (for tests: GTK 4.8 has no getter).
gboolean gtkkit_accessible_labelled_by_is(gpointer widget, gpointer label);

// MARK: - Input methods

/// Has the entry (a GtkEntry, GtkText or other editable with a GtkText inside) record
/// whether an input method is composing in it, for `gtkkit_focus_is_composing`.
void gtkkit_watch_preedit(GtkWidget *editable);
/// Whether an input method is composing in the focused widget of `widget`'s window
/// (an entry watched with `gtkkit_watch_preedit`).
gboolean gtkkit_focus_is_composing(GtkWidget *widget);

// MARK: - Drop-down (string models)

GtkWidget *gtkkit_drop_down_new_from_strings(const char *const *strings, int count);

// MARK: - Signals

/// Handler for signals of the shape `void (*)(Instance *, gpointer)`:
/// clicked, toggled, changed, value-changed, destroy, activate, ...
typedef void (*GtkKitVoidHandler)(gpointer instance, gpointer data);
/// Handler for `notify::property` signals.
typedef void (*GtkKitNotifyHandler)(gpointer instance, GParamSpec *pspec, gpointer data);
/// Handler for signals with one pointer argument: GSimpleAction::activate (GVariant *).
typedef void (*GtkKitPointerHandler)(gpointer instance, gpointer argument, gpointer data);
/// Handler for GtkEventControllerKey::key-released.
typedef void (*GtkKitKeyReleaseHandler)(gpointer controller, guint keyval, guint keycode,
                                        GdkModifierType state, gpointer data);
/// Handler for gestures' two-coordinate signals: GtkGestureDrag::drag-begin,
/// drag-update and drag-end (offsets or start point).
typedef void (*GtkKitPointHandler)(gpointer gesture, double x, double y, gpointer data);
/// Handler for GtkGestureClick::released (n_press, x, y).
typedef void (*GtkKitClickHandler)(gpointer gesture, int n_press, double x, double y, gpointer data);
/// Handler for GApplication::command-line; returns the exit status.
typedef int (*GtkKitCommandLineHandler)(gpointer application, gpointer command_line, gpointer data);
/// Handler for GListModel::items-changed.
typedef void (*GtkKitItemsChangedHandler)(gpointer model, guint position, guint removed,
                                          guint added, gpointer data);
/// Handler for GtkEventControllerKey::key-pressed.
typedef gboolean (*GtkKitKeyHandler)(gpointer controller, guint keyval, guint keycode,
                                     GdkModifierType state, gpointer data);

/// Connects `handler`; `destroy` is called with `data` when the handler is
/// disconnected or the instance is finalized.
gulong gtkkit_connect_void(gpointer instance, const char *signal, GtkKitVoidHandler handler,
                           gpointer data, GDestroyNotify destroy);
gulong gtkkit_connect_notify(gpointer instance, const char *signal, GtkKitNotifyHandler handler,
                             gpointer data, GDestroyNotify destroy);
gulong gtkkit_connect_pointer(gpointer instance, const char *signal, GtkKitPointerHandler handler,
                              gpointer data, GDestroyNotify destroy);
gulong gtkkit_connect_items_changed(gpointer model, GtkKitItemsChangedHandler handler,
                                   gpointer data, GDestroyNotify destroy);
gulong gtkkit_connect_key(gpointer instance, const char *signal, GtkKitKeyHandler handler,
                          gpointer data, GDestroyNotify destroy);

gulong gtkkit_connect_key_release(gpointer instance, const char *signal,
                                  GtkKitKeyReleaseHandler handler, gpointer data,
                                  GDestroyNotify destroy);
gulong gtkkit_connect_point(gpointer instance, const char *signal, GtkKitPointHandler handler,
                            gpointer data, GDestroyNotify destroy);
gulong gtkkit_connect_click(gpointer instance, const char *signal, GtkKitClickHandler handler,
                            gpointer data, GDestroyNotify destroy);
gulong gtkkit_connect_command_line(gpointer instance, const char *signal,
                                   GtkKitCommandLineHandler handler, gpointer data,
                                   GDestroyNotify destroy);

/// Emits a signal that takes no arguments and returns nothing ("clicked"),
/// as GTK does when the user acts (g_signal_emit_by_name is variadic).
void gtkkit_emit(gpointer instance, const char *signal);

// MARK: - Main loop

/// Attaches libdispatch's main queue to the default GMainContext, so that
/// `DispatchQueue.main` and the Swift main actor run while GTK's loop runs.
/// Idempotent.
void gtkkit_attach_main_queue(void);

/// A source that dispatches `callback` once per wake-up, on the next main-loop
/// iteration, at `priority`. Waking it again before it runs is free.
typedef void (*GtkKitFlushCallback)(void);
GSource *gtkkit_flush_source_new(GtkKitFlushCallback callback, int priority);
void gtkkit_flush_source_wake(GSource *source);

/// Counts GObject finalizations: calls `callback(data)` when `object` is finalized.
typedef void (*GtkKitFinalizeCallback)(gpointer data);
void gtkkit_watch_finalize(gpointer object, GtkKitFinalizeCallback callback, gpointer data);

// MARK: - Application options (GVariantDict lookups are variadic or macros)

/// Adds a --long option; `takes_argument` makes it a string (or filename) option.
void gtkkit_application_add_option(GApplication *application, const char *long_name,
                                   const char *description, const char *argument_description,
                                   gboolean takes_argument);
gboolean gtkkit_options_contains(GVariantDict *options, const char *name);
/// The string value of an option, newly allocated (g_free it), or NULL.
char *gtkkit_options_lookup_string(GVariantDict *options, const char *name);

/// Handler for GApplication::handle-local-options.
typedef gint (*GtkKitOptionsHandler)(gpointer application, GVariantDict *options, gpointer data);
gulong gtkkit_connect_options(gpointer application, GtkKitOptionsHandler handler, gpointer data,
                              GDestroyNotify destroy);

/// Sets a boolean property (g_object_set is variadic).
void gtkkit_set_boolean_property(gpointer object, const char *name, gboolean value);
/// Reads a boolean property (g_object_get is variadic).
gboolean gtkkit_get_boolean_property(gpointer object, const char *name);

/// Builds an object from GtkBuilder XML and returns it with a reference the caller owns.
gpointer gtkkit_builder_object(const char *xml, const char *name);

/// Calls `callback(data)` once, after the widget's first frame is painted.
typedef void (*GtkKitFrameCallback)(gpointer data);
void gtkkit_after_first_paint(GtkWidget *widget, GtkKitFrameCallback callback, gpointer data);

// Makes SIGTERM, SIGINT and SIGHUP quit `application` through g_application_quit
// while it runs (from its "startup" to its "shutdown"), so a logout, Ctrl+C or a
// closed terminal end it the way the Quit action does and its "shutdown" handlers run.
void gtkkit_application_quit_on_termination_signals(GApplication *application);

// MARK: - Application command line

/// The options a (possibly remote) launch was given, and its working folder.
GVariantDict *gtkkit_command_line_options(gpointer command_line);
const char *gtkkit_command_line_cwd(gpointer command_line);
/// Whether the command line came from a later launch (1) or this process's own (0).
int gtkkit_command_line_is_remote(gpointer command_line);
/// Prints to the launching process's standard error (a remote one's too).
void gtkkit_command_line_printerr(gpointer command_line, const char *message);

// MARK: - Message dialog responses (AdwMessageDialog::response carries a string)

typedef void (*GtkKitResponseHandler)(gpointer dialog, const char *response, gpointer data);
gulong gtkkit_connect_response(gpointer dialog, GtkKitResponseHandler handler, gpointer data,
                               GDestroyNotify destroy);

// MARK: - Choosing a file

/// Called once with the chosen file's path (NULL when cancelled).
typedef void (*GtkKitFileCallback)(const char *path, gpointer data);
/// Opens the desktop's file chooser over `parent` for one file matching `patterns`
/// (NULL-terminated, e.g. "*.json"); `destroy` frees `data` after the callback.
void gtkkit_choose_file(GtkWindow *parent, const char *title, const char *filter_name,
                        const char *const *patterns, GtkKitFileCallback callback, gpointer data,
                        GDestroyNotify destroy);
/// Opens the desktop's file chooser over `parent` to save one file, proposing
/// `current_name`; the chooser asks before replacing a file.
void gtkkit_save_file(GtkWindow *parent, const char *title, const char *current_name,
                      GtkKitFileCallback callback, gpointer data, GDestroyNotify destroy);
/// Asks for a folder (the portal in a Flatpak); `callback` gets its path, or NULL.
void gtkkit_choose_folder(GtkWindow *parent, const char *title, GtkKitFileCallback callback, gpointer data,
                          GDestroyNotify destroy);

typedef void (*GtkKitVoidCallback)(gpointer data);
/// Watches the folder at `path` (not its subfolders): `callback` runs on the main
/// loop after each change in it. Returns the GFileMonitor (unref it to stop), or
/// NULL when the folder cannot be watched (then `destroy` has run).
gpointer gtkkit_monitor_folder(const char *path, GtkKitVoidCallback callback, gpointer data, GDestroyNotify destroy);

// MARK: - GtkKitBin

#define GTKKIT_TYPE_BIN (gtkkit_bin_get_type())
G_DECLARE_FINAL_TYPE(GtkKitBin, gtkkit_bin, GTKKIT, BIN, GtkWidget)

typedef void (*GtkKitAllocateCallback)(int width, int height, gpointer data);

GtkWidget *gtkkit_bin_new(void);
/// Replaces the child (unparenting the old one; it survives if someone else holds a ref).
void gtkkit_bin_set_child(GtkKitBin *bin, GtkWidget *child);
GtkWidget *gtkkit_bin_get_child(GtkKitBin *bin);
/// Draws the child moved sideways by `offset` pixels and turned by a little with
/// it (a card being swiped); 0 puts it back. Allocation and size are unchanged.
void gtkkit_bin_set_offset(GtkKitBin *bin, double offset);
double gtkkit_bin_get_offset(GtkKitBin *bin);
/// Makes the bin exactly `width` pixels wide (its child laid out at that width, and
/// clipped where its minimum is wider); -1 goes back to the child's own width.
void gtkkit_bin_set_fixed_width(GtkKitBin *bin, int width);
/// Called after every size_allocate with the bin's new size.
void gtkkit_bin_set_allocate_callback(GtkKitBin *bin, GtkKitAllocateCallback callback,
                                      gpointer data, GDestroyNotify destroy);

// MARK: - GtkKitIndexModel

/// A GListModel that is only a count: its items are small GObjects made when asked
/// for, carrying no element. GtkKit's List keeps the elements and shows each row by
/// its position. A splice gives the items GTK holds in the replaced range to the
/// positions replacing them, so GTK keeps their widgets.
#define GTKKIT_TYPE_INDEX_MODEL (gtkkit_index_model_get_type())
G_DECLARE_FINAL_TYPE(GtkKitIndexModel, gtkkit_index_model, GTKKIT, INDEX_MODEL, GObject)

GtkKitIndexModel *gtkkit_index_model_new(void);
/// Replaces `removed` items at `position` with `added` ones and emits items-changed.
void gtkkit_index_model_splice(GtkKitIndexModel *self, guint position, guint removed, guint added);

// MARK: - GtkKitRuby

/// Text in segments, each with an optional ruby (a reading) centred over it in a font
/// half the size; wraps at segment boundaries, height for width. Its accessible role
/// is label, named "text, reading" (the reading takes a segment's own text where it
/// has no ruby), or the text alone when no segment has a ruby.
#define GTKKIT_TYPE_RUBY (gtkkit_ruby_get_type())
G_DECLARE_FINAL_TYPE(GtkKitRuby, gtkkit_ruby, GTKKIT, RUBY, GtkWidget)

GtkWidget *gtkkit_ruby_new(void);
/// Replaces the segments: `count` bases and, for each, its ruby (NULL or "" for none)
/// and whether its base is emphasised, set in bold (`emphasised` NULL: none is).
/// The same segments again change nothing.
void gtkkit_ruby_set_segments(GtkKitRuby *self, const char *const *bases, const char *const *rubies,
                              const gboolean *emphasised, int count);
/// Replaces the overlines: `count` lines over the text as read (each segment's ruby, or
/// the segment itself where it has none), from Unicode character `starts[i]` to before
/// `ends[i]`, turning down at the end where `drops[i]` (a pitch accent's drop). Drawn
/// in the text colour above the rubies (or the text), a band kept for them.
void gtkkit_ruby_set_overlines(GtkKitRuby *self, const int *starts, const int *ends, const gboolean *drops,
                               int count);
/// Where the overlines are drawn in a widget of `width` × `height`, as rectangles: the
/// lines and the downstrokes, up to `capacity`; returns how many there are. For tests.
int gtkkit_ruby_get_overline_rectangles(GtkKitRuby *self, int width, int height, GdkRectangle *rectangles,
                                        int capacity);
/// Where the cells go in a widget of `width` × `height` (-1: its natural size), as drawn:
/// each cell's base and ruby rectangle (an empty rectangle for no ruby), up to
/// `capacity` of them. Returns the number of cells: the segments, and the pieces of a
/// segment broken across lines. For tests.
int gtkkit_ruby_get_rectangles(GtkKitRuby *self, int width, int height, GdkRectangle *bases,
                               GdkRectangle *rubies, int capacity);

G_END_DECLS
