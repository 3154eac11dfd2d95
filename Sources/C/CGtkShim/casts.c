#include "CGtkShim.h"

gboolean gtkkit_is_a(gpointer instance, GType type) {
    return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

const char *gtkkit_type_name(gpointer instance) { return G_OBJECT_TYPE_NAME(instance); }

void gtkkit_watch_finalize(gpointer object, GtkKitFinalizeCallback callback, gpointer data) {
    // GWeakNotify's second argument (the dying object) is not needed by callers.
    g_object_weak_ref(G_OBJECT(object), (GWeakNotify)(void (*)(void))callback, data);
}
