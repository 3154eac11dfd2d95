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

// The flush source is ready while `pending` is set. Waking it from the
// loop's own thread is a plain store: the loop calls prepare() before it
// polls, so no wake-up write (a system call) is needed. From another thread
// the context is woken explicitly.
typedef struct {
    GSource source;
    GtkKitFlushCallback callback;
    gboolean pending;
} FlushSource;

static gboolean flush_prepare(GSource *source, gint *timeout) {
    *timeout = -1;
    return ((FlushSource *)source)->pending;
}

static gboolean flush_check(GSource *source) { return ((FlushSource *)source)->pending; }

static gboolean flush_dispatch(GSource *source, GSourceFunc unused, gpointer data) {
    (void)unused;
    (void)data;
    ((FlushSource *)source)->pending = FALSE;
    ((FlushSource *)source)->callback();
    return G_SOURCE_CONTINUE;
}

static GSourceFuncs flush_funcs = {flush_prepare, flush_check, flush_dispatch, NULL, NULL, NULL};

GSource *gtkkit_flush_source_new(GtkKitFlushCallback callback, int priority) {
    GSource *source = g_source_new(&flush_funcs, sizeof(FlushSource));
    ((FlushSource *)source)->callback = callback;
    g_source_set_priority(source, priority);
    g_source_set_name(source, "GtkKit binding flush");
    g_source_attach(source, NULL);
    return source;
}

void gtkkit_flush_source_wake(GSource *source) {
    FlushSource *flush = (FlushSource *)source;
    if (flush->pending)
        return;
    flush->pending = TRUE;
    GMainContext *context = g_source_get_context(source);
    if (!g_main_context_is_owner(context))
        g_main_context_wakeup(context);
}
