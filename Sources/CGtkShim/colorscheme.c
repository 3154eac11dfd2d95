#include "CGtkShim.h"
#include <string.h>

// The desktop's light/dark preference comes from two places: GNOME's
// GSettings key on the host, and the freedesktop Settings portal, which is
// the only one a Flatpak can read. Both are watched; the latest report wins.

typedef struct {
    GtkKitColorSchemeCallback callback;
    gpointer data;
} Watch;

static int scheme_from_gsettings_string(const char *value) {
    if (g_strcmp0(value, "prefer-dark") == 0)
        return 1;
    if (g_strcmp0(value, "prefer-light") == 0)
        return 2;
    return 0;
}

static void on_gsettings_changed(GSettings *settings, const char *key, gpointer user_data) {
    Watch *watch = user_data;
    char *value = g_settings_get_string(settings, key);
    watch->callback(scheme_from_gsettings_string(value), watch->data);
    g_free(value);
}

static void report_portal_value(Watch *watch, GVariant *value) {
    // Read wraps the value in one or two variants depending on the portal version.
    GVariant *inner = g_variant_ref(value);
    while (g_variant_is_of_type(inner, G_VARIANT_TYPE_VARIANT)) {
        GVariant *next = g_variant_get_variant(inner);
        g_variant_unref(inner);
        inner = next;
    }
    if (g_variant_is_of_type(inner, G_VARIANT_TYPE_UINT32))
        watch->callback((int)g_variant_get_uint32(inner), watch->data);
    g_variant_unref(inner);
}

static void on_portal_read(GObject *source, GAsyncResult *result, gpointer user_data) {
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, NULL);
    if (reply == NULL)
        return;  // no portal: GSettings (or the default) stands
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    report_portal_value(user_data, value);
    g_variant_unref(value);
    g_variant_unref(reply);
}

static void on_portal_changed(GDBusConnection *connection, const char *sender, const char *path,
                              const char *interface, const char *signal, GVariant *parameters,
                              gpointer user_data) {
    (void)connection, (void)sender, (void)path, (void)interface, (void)signal;
    const char *namespace = NULL, *key = NULL;
    GVariant *value = NULL;
    g_variant_get(parameters, "(&s&sv)", &namespace, &key, &value);
    if (strcmp(namespace, "org.freedesktop.appearance") == 0 && strcmp(key, "color-scheme") == 0)
        report_portal_value(user_data, value);
    g_variant_unref(value);
}

void gtkkit_watch_color_scheme(GtkKitColorSchemeCallback callback, gpointer data) {
    Watch *watch = g_new0(Watch, 1);
    watch->callback = callback;
    watch->data = data;

    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    GSettingsSchema *schema =
        source ? g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", TRUE) : NULL;
    if (schema != NULL && g_settings_schema_has_key(schema, "color-scheme")) {
        // Kept for the life of the process, so its change signal keeps coming.
        GSettings *settings = g_settings_new("org.gnome.desktop.interface");
        on_gsettings_changed(settings, "color-scheme", watch);
        g_signal_connect(settings, "changed::color-scheme", G_CALLBACK(on_gsettings_changed), watch);
    }
    g_clear_pointer(&schema, g_settings_schema_unref);

    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL)
        return;
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.portal.Desktop",
                                       "org.freedesktop.portal.Settings", "SettingChanged",
                                       "/org/freedesktop/portal/desktop", NULL,
                                       G_DBUS_SIGNAL_FLAGS_NONE, on_portal_changed, watch, NULL);
    // Asynchronous, so start-up does not wait for the portal to be activated.
    g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                           "org.freedesktop.portal.Settings", "Read",
                           g_variant_new("(ss)", "org.freedesktop.appearance", "color-scheme"),
                           G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, NULL,
                           on_portal_read, watch);
    g_object_unref(bus);
}
