#include "CGtkShim.h"

// NB: GClosureNotify takes (data, closure); every caller here only needs the
// data, so the destroy-notify is adapted through a cast, as g_signal_connect
// users do in C.
static gulong connect(gpointer instance, const char *signal, GCallback handler,
                      gpointer data, GDestroyNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data,
                                 (GClosureNotify)(void (*)(void))destroy, 0);
}

// The typed connectors: each takes its own handler type (so Swift passes a checked
// function pointer) and hands it to the one `connect` above.
#define TYPED_CONNECT(NAME, HANDLER)                                                    \
    gulong NAME(gpointer instance, const char *signal, HANDLER handler, gpointer data, \
                GDestroyNotify destroy) {                                               \
        return connect(instance, signal, G_CALLBACK(handler), data, destroy);          \
    }

TYPED_CONNECT(gtkkit_connect_void, GtkKitVoidHandler)
TYPED_CONNECT(gtkkit_connect_notify, GtkKitNotifyHandler)
TYPED_CONNECT(gtkkit_connect_key, GtkKitKeyHandler)
TYPED_CONNECT(gtkkit_connect_pointer, GtkKitPointerHandler)
TYPED_CONNECT(gtkkit_connect_key_release, GtkKitKeyReleaseHandler)
TYPED_CONNECT(gtkkit_connect_point, GtkKitPointHandler)
TYPED_CONNECT(gtkkit_connect_click, GtkKitClickHandler)
TYPED_CONNECT(gtkkit_connect_command_line, GtkKitCommandLineHandler)

gulong gtkkit_connect_response(gpointer dialog, GtkKitResponseHandler handler, gpointer data,
                               GDestroyNotify destroy) {
    return connect(dialog, "response", G_CALLBACK(handler), data, destroy);
}

void gtkkit_emit(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

gulong gtkkit_connect_items_changed(gpointer model, GtkKitItemsChangedHandler handler,
                                   gpointer data, GDestroyNotify destroy) {
    return connect(model, "items-changed", G_CALLBACK(handler), data, destroy);
}
