#include "CGtkShim.h"

#include <glib-unix.h>
#include <signal.h>

void gtkkit_application_add_option(GApplication *application, const char *long_name,
                                   const char *description, const char *argument_description,
                                   gboolean takes_argument) {
    g_application_add_main_option(application, long_name, 0, G_OPTION_FLAG_NONE,
                                  takes_argument ? G_OPTION_ARG_FILENAME : G_OPTION_ARG_NONE,
                                  description, argument_description);
}

gboolean gtkkit_options_contains(GVariantDict *options, const char *name) {
    return g_variant_dict_contains(options, name);
}

char *gtkkit_options_lookup_string(GVariantDict *options, const char *name) {
    // Filename options arrive as bytestrings.
    GVariant *value = g_variant_dict_lookup_value(options, name, G_VARIANT_TYPE_BYTESTRING);
    if (value == NULL)
        value = g_variant_dict_lookup_value(options, name, G_VARIANT_TYPE_STRING);
    if (value == NULL)
        return NULL;
    char *result = g_variant_is_of_type(value, G_VARIANT_TYPE_BYTESTRING)
                       ? g_variant_dup_bytestring(value, NULL)
                       : g_variant_dup_string(value, NULL);
    g_variant_unref(value);
    return result;
}

gulong gtkkit_connect_options(gpointer application, GtkKitOptionsHandler handler, gpointer data,
                              GDestroyNotify destroy) {
    return g_signal_connect_data(application, "handle-local-options", G_CALLBACK(handler), data,
                                 (GClosureNotify)(void (*)(void))destroy, 0);
}

void gtkkit_set_boolean_property(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

gboolean gtkkit_get_boolean_property(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}

gpointer gtkkit_builder_object(const char *xml, const char *name) {
    GtkBuilder *builder = gtk_builder_new_from_string(xml, -1);
    GObject *object = gtk_builder_get_object(builder, name);
    if (object != NULL)
        g_object_ref(object);
    g_object_unref(builder);
    return object;
}

typedef struct {
    GtkKitFrameCallback callback;
    gpointer data;
    gulong handler;
} FirstPaint;

static void on_after_paint(GdkFrameClock *clock, gpointer user_data) {
    FirstPaint *first = user_data;
    g_signal_handler_disconnect(clock, first->handler);
    first->callback(first->data);
    g_free(first);
}

static void on_realize(GtkWidget *widget, gpointer user_data) {
    g_signal_handlers_disconnect_by_func(widget, on_realize, user_data);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    FirstPaint *first = user_data;
    first->handler = g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), first);
}

void gtkkit_after_first_paint(GtkWidget *widget, GtkKitFrameCallback callback, gpointer data) {
    FirstPaint *first = g_new0(FirstPaint, 1);
    first->callback = callback;
    first->data = data;
    if (gtk_widget_get_realized(widget))
        on_realize(widget, first);
    else
        g_signal_connect(widget, "realize", G_CALLBACK(on_realize), first);
}

GVariantDict *gtkkit_command_line_options(gpointer command_line) {
    return g_application_command_line_get_options_dict(G_APPLICATION_COMMAND_LINE(command_line));
}

const char *gtkkit_command_line_cwd(gpointer command_line) {
    return g_application_command_line_get_cwd(G_APPLICATION_COMMAND_LINE(command_line));
}

int gtkkit_command_line_is_remote(gpointer command_line) {
    return g_application_command_line_get_is_remote(G_APPLICATION_COMMAND_LINE(command_line));
}

void gtkkit_command_line_printerr(gpointer command_line, const char *message) {
    g_application_command_line_printerr(G_APPLICATION_COMMAND_LINE(command_line), "%s\n", message);
}

// MARK: - Termination signals

static const int termination_signals[] = {SIGTERM, SIGINT, SIGHUP};
#define TERMINATION_SIGNAL_COUNT (sizeof termination_signals / sizeof termination_signals[0])

typedef struct {
    guint sources[TERMINATION_SIGNAL_COUNT];
} TerminationSources;

static gboolean on_termination_signal(gpointer application) {
    g_application_quit(G_APPLICATION(application));
    return G_SOURCE_CONTINUE;
}

static void on_startup_watch_signals(GApplication *application, gpointer user_data) {
    TerminationSources *watch = user_data;
    for (gsize index = 0; index < TERMINATION_SIGNAL_COUNT; index++) {
        if (watch->sources[index] == 0)
            watch->sources[index] = g_unix_signal_add(termination_signals[index], on_termination_signal, application);
    }
}

static void on_shutdown_unwatch_signals(GApplication *application, gpointer user_data) {
    (void)application;
    TerminationSources *watch = user_data;
    for (gsize index = 0; index < TERMINATION_SIGNAL_COUNT; index++) {
        if (watch->sources[index] != 0)
            g_source_remove(watch->sources[index]);
        watch->sources[index] = 0;
    }
}

void gtkkit_application_quit_on_termination_signals(GApplication *application) {
    TerminationSources *watch = g_new0(TerminationSources, 1);
    // The sources hold the application without a reference: they exist only from its
    // startup to its shutdown, while it runs. The struct goes with the application.
    g_signal_connect(application, "startup", G_CALLBACK(on_startup_watch_signals), watch);
    g_signal_connect_after(application, "shutdown", G_CALLBACK(on_shutdown_unwatch_signals), watch);
    g_object_set_data_full(G_OBJECT(application), "gtkkit-termination-sources", watch, g_free);
}
