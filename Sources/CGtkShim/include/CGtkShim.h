// CGtkShim: typed C helpers for what Swift cannot import from GTK directly:
// function-like macros (casts, type checks), signal connection with a
// destroy-notify, a main-loop bridge for libdispatch's main queue, a cheap
// wake-up source for coalesced binding flushes, and GtkKitBin, a one-child
// widget that reports its allocated size.
//
// Threading rule: every function here must be called on the thread that runs
// the default GMainContext (the main thread).
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

// MARK: - Casts and type checks (the GObject macros, as functions)

gboolean gtkkit_is_a(gpointer instance, GType type);
const char *gtkkit_type_name(gpointer instance);

// MARK: - Accessibility (gtk_accessible_update_* are variadic)

void gtkkit_set_accessible_label(gpointer widget, const char *label);
void gtkkit_set_accessible_description(gpointer widget, const char *description);
void gtkkit_set_accessible_described_by(gpointer widget, gpointer description_widget);
/// A new widget of `type` whose accessible role is `role` (a construct-only property).
GtkWidget *gtkkit_widget_new_with_role(GType type, GtkAccessibleRole role);

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

// MARK: - Desktop colour scheme

/// 0 no preference, 1 prefer dark, 2 prefer light (the freedesktop values).
typedef void (*GtkKitColorSchemeCallback)(int scheme, gpointer data);
/// Reports the desktop's colour scheme now (from GSettings, when the schema is
/// installed) and whenever it changes, from GSettings or from the Settings
/// portal (which is what a Flatpak sees). `data` lives for the process.
void gtkkit_watch_color_scheme(GtkKitColorSchemeCallback callback, gpointer data);

// MARK: - GtkKitBin

#define GTKKIT_TYPE_BIN (gtkkit_bin_get_type())
G_DECLARE_FINAL_TYPE(GtkKitBin, gtkkit_bin, GTKKIT, BIN, GtkWidget)

typedef void (*GtkKitAllocateCallback)(int width, int height, gpointer data);

GtkWidget *gtkkit_bin_new(void);
/// Replaces the child (unparenting the old one; it survives if someone else holds a ref).
void gtkkit_bin_set_child(GtkKitBin *bin, GtkWidget *child);
GtkWidget *gtkkit_bin_get_child(GtkKitBin *bin);
/// Called after every size_allocate with the bin's new size.
void gtkkit_bin_set_allocate_callback(GtkKitBin *bin, GtkKitAllocateCallback callback,
                                      gpointer data, GDestroyNotify destroy);

G_END_DECLS
