#include "CGtkShim.h"
#include <sys/eventfd.h>
#include <glib-unix.h>

// libdispatch's hooks for CoreFoundation's run loop. On Linux the handle is
// an eventfd that libdispatch writes whenever work is queued on the main queue.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean drain_main_queue(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    (void)data;
    eventfd_t value;
    // Reset the eventfd before draining, so work queued while draining wakes us again.
    (void)eventfd_read(fd, &value);
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

void gtkkit_attach_main_queue(void) {
    static gsize attached = 0;
    if (g_once_init_enter(&attached)) {
        int fd = _dispatch_get_main_queue_handle_4CF();
        guint id = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, drain_main_queue, NULL, NULL);
        g_once_init_leave(&attached, id);
    }
}

typedef struct {
    GSource source;
    GtkKitFlushCallback callback;
} FlushSource;

static gboolean flush_dispatch(GSource *source, GSourceFunc unused, gpointer data) {
    (void)unused;
    (void)data;
    g_source_set_ready_time(source, -1);
    ((FlushSource *)source)->callback();
    return G_SOURCE_CONTINUE;
}

static GSourceFuncs flush_funcs = {NULL, NULL, flush_dispatch, NULL, NULL, NULL};

GSource *gtkkit_flush_source_new(GtkKitFlushCallback callback, int priority) {
    GSource *source = g_source_new(&flush_funcs, sizeof(FlushSource));
    ((FlushSource *)source)->callback = callback;
    g_source_set_priority(source, priority);
    g_source_set_name(source, "GtkKit binding flush");
    g_source_attach(source, NULL);
    return source;
}

void gtkkit_flush_source_wake(GSource *source) { g_source_set_ready_time(source, 0); }
