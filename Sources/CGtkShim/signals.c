#include "CGtkShim.h"

// NB: GClosureNotify takes (data, closure); every caller here only needs the
// data, so the destroy-notify is adapted through a cast, as g_signal_connect
// users do in C.
static gulong connect(gpointer instance, const char *signal, GCallback handler,
                      gpointer data, GDestroyNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data,
                                 (GClosureNotify)(void (*)(void))destroy, 0);
}

gulong gtkkit_connect_void(gpointer instance, const char *signal, GtkKitVoidHandler handler,
                           gpointer data, GDestroyNotify destroy) {
    return connect(instance, signal, G_CALLBACK(handler), data, destroy);
}

gulong gtkkit_connect_notify(gpointer instance, const char *signal, GtkKitNotifyHandler handler,
                             gpointer data, GDestroyNotify destroy) {
    return connect(instance, signal, G_CALLBACK(handler), data, destroy);
}

gulong gtkkit_connect_key(gpointer instance, const char *signal, GtkKitKeyHandler handler,
                          gpointer data, GDestroyNotify destroy) {
    return connect(instance, signal, G_CALLBACK(handler), data, destroy);
}

gulong gtkkit_connect_bool(gpointer instance, const char *signal, GtkKitBoolHandler handler,
                           gpointer data, GDestroyNotify destroy) {
    return connect(instance, signal, G_CALLBACK(handler), data, destroy);
}

gulong gtkkit_connect_pointer(gpointer instance, const char *signal, GtkKitPointerHandler handler,
                              gpointer data, GDestroyNotify destroy) {
    return connect(instance, signal, G_CALLBACK(handler), data, destroy);
}

void gtkkit_emit(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

gulong gtkkit_connect_items_changed(gpointer model, GtkKitItemsChangedHandler handler,
                                   gpointer data, GDestroyNotify destroy) {
    return connect(model, "items-changed", G_CALLBACK(handler), data, destroy);
}
