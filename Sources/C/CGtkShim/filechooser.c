#include "CGtkShim.h"

// GtkFileChooserNative: the desktop's own file chooser, through the portal in a
// Flatpak (so the sandbox needs no access to the home folder). The chooser keeps
// itself alive until it answers.

typedef struct {
    GtkKitFileCallback callback;
    gpointer data;
    GDestroyNotify destroy;
} Choice;

static void on_response(GtkNativeDialog *native, int response, gpointer user_data) {
    Choice *choice = user_data;
    char *path = NULL;
    if (response == GTK_RESPONSE_ACCEPT) {
        GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(native));
        if (file != NULL) {
            path = g_file_get_path(file);
            g_object_unref(file);
        }
    }
    choice->callback(path, choice->data);
    g_free(path);
    if (choice->destroy != NULL)
        choice->destroy(choice->data);
    g_free(choice);
    g_object_unref(native);
}

/// Shows `native` modal; its answer goes to `callback` (on_response), once.
static void show_modal(GtkFileChooserNative *native, GtkKitFileCallback callback, gpointer data,
                       GDestroyNotify destroy) {
    gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(native), TRUE);
    Choice *choice = g_new0(Choice, 1);
    choice->callback = callback;
    choice->data = data;
    choice->destroy = destroy;
    g_signal_connect(native, "response", G_CALLBACK(on_response), choice);
    gtk_native_dialog_show(GTK_NATIVE_DIALOG(native));
}

void gtkkit_choose_file(GtkWindow *parent, const char *title, const char *filter_name,
                        const char *const *patterns, GtkKitFileCallback callback, gpointer data,
                        GDestroyNotify destroy) {
    GtkFileChooserNative *native = gtk_file_chooser_native_new(
        title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, g_dgettext("gtk40", "_Open"), g_dgettext("gtk40", "_Cancel"));
    GtkFileFilter *filter = gtk_file_filter_new();
    gtk_file_filter_set_name(filter, filter_name);
    for (const char *const *pattern = patterns; pattern != NULL && *pattern != NULL; pattern++)
        gtk_file_filter_add_pattern(filter, *pattern);
    gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(native), filter);
    g_object_unref(filter);
    show_modal(native, callback, data, destroy);
}

void gtkkit_save_file(GtkWindow *parent, const char *title, const char *current_name,
                      GtkKitFileCallback callback, gpointer data, GDestroyNotify destroy) {
    GtkFileChooserNative *native = gtk_file_chooser_native_new(
        title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel");
    gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(native), current_name);
    show_modal(native, callback, data, destroy);
}

void gtkkit_choose_folder(GtkWindow *parent, const char *title, GtkKitFileCallback callback, gpointer data,
                          GDestroyNotify destroy) {
    GtkFileChooserNative *native = gtk_file_chooser_native_new(
        title, parent, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, g_dgettext("gtk40", "_Select"),
        g_dgettext("gtk40", "_Cancel"));
    show_modal(native, callback, data, destroy);
}

// GFileMonitor: a folder's changes, each reported with no detail (the caller reads
// the folder again), on the main loop.
typedef struct {
    GtkKitVoidCallback callback;
    gpointer data;
    GDestroyNotify destroy;
} Watch;

static void on_changed(GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, gpointer user_data) {
    (void)monitor; (void)file; (void)other;
    if (event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT || event == G_FILE_MONITOR_EVENT_CREATED
        || event == G_FILE_MONITOR_EVENT_DELETED || event == G_FILE_MONITOR_EVENT_MOVED_IN
        || event == G_FILE_MONITOR_EVENT_RENAMED || event == G_FILE_MONITOR_EVENT_CHANGED) {
        Watch *watch = user_data;
        watch->callback(watch->data);
    }
}

static void free_watch(gpointer user_data, GClosure *closure) {
    (void)closure;
    Watch *watch = user_data;
    if (watch->destroy != NULL) watch->destroy(watch->data);
    g_free(watch);
}

gpointer gtkkit_monitor_folder(const char *path, GtkKitVoidCallback callback, gpointer data, GDestroyNotify destroy) {
    GFile *folder = g_file_new_for_path(path);
    GFileMonitor *monitor = g_file_monitor_directory(folder, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
    g_object_unref(folder);
    if (monitor == NULL) {
        if (destroy != NULL) destroy(data);
        return NULL;
    }
    Watch *watch = g_new0(Watch, 1);
    watch->callback = callback;
    watch->data = data;
    watch->destroy = destroy;
    g_signal_connect_data(monitor, "changed", G_CALLBACK(on_changed), watch, free_watch, 0);
    return monitor;
}
