// gtk-list-baseline: the floor for GtkKit's List in gtkkit-bench. A plain C
// GtkListView of 100,000 rows ("word 0" … "word 99999", a GtkStringList with a
// label per row from a signal factory) in a scrolled window, in the same kind of
// window GtkKit makes (an AdwWindow); it prints the monotonic time of its first
// painted frame, the time from building the window to that frame, and its peak
// resident memory, and exits. With GTK_LIST_BASELINE=filter it then also times the
// change List makes for a filter to every hundredth row (one splice of 99,999 rows
// for 999 new ones) and prints the median of seven as filter-ns.
// GTK_LIST_BASELINE=lazy shows the same 100,000 rows from a model that makes each
// row's GtkStringObject only when GTK asks for it (as GtkKit's index model does), so
// the window costs only what GTK spends on the rows it shows; GTK_LIST_BASELINE=empty
// shows a list of no rows. Those two are GTK's own floor for List's first-frame
// ratio (lazy over empty); GTK_LIST_BASELINE=inscription is the lazy one with a
// GtkInscription (GTK 4.8's label for list rows) in each row instead of a GtkLabel.
// GTK_LIST_BASELINE=grid and grid-empty are lazy and empty with a one-column
// GtkGridView instead of the GtkListView: GTK 4.8's list view keeps about 200 rows
// alive whatever its height, its grid view 30 rows of columns and one more row, so
// this is the floor of a List made of a one-column grid (an experiment, see README).
// GTK_LIST_BASELINE_SIZE=WIDTHxHEIGHT sizes the window (640x480 by default), and
// GTK_LIST_BASELINE_STAY=1 keeps it open after its first frame until it is closed,
// to look at it.
// With setup-ns and bind-ns it prints the time spent in the factory's handlers,
// rows-built the number of list items GTK made, items-made the number of items the lazy
// model made when GTK asked for them, and window-cpu-ns the process's CPU
// time from building the window to its first frame.
// GTK with the API versions Kuchi is written against (CGtk's header).
#include "../../C/CGtk/CGtk.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// This process's CPU time (every thread): on a loaded machine, what waiting for a
// core adds to the wall clock is left out.
static long long cpu_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static long long now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static long long window_start, window_cpu_start;
static gboolean painted;
static long long setup_ns, bind_ns;
// Rows of GtkInscription (GTK 4.8's label for list rows) instead of GtkLabel.
static gboolean inscriptions;
static int rows_built;
// Items the lazy model made for GTK (GtkStringObjects asked for by position).
static int items_made;

// A list of `count` rows that makes a row's string only when GTK asks for it.
#define LAZY_TYPE_MODEL (lazy_model_get_type())
G_DECLARE_FINAL_TYPE(LazyModel, lazy_model, LAZY, MODEL, GObject)

struct _LazyModel {
    GObject parent;
    guint count;
};

static GType lazy_model_get_item_type(GListModel *list) {
    (void)list;
    return GTK_TYPE_STRING_OBJECT;
}

static guint lazy_model_get_n_items(GListModel *list) { return LAZY_MODEL(list)->count; }

static gpointer lazy_model_get_item(GListModel *list, guint position) {
    if (position >= LAZY_MODEL(list)->count)
        return NULL;
    char text[32];
    snprintf(text, sizeof text, "word %u", position);
    items_made++;
    return gtk_string_object_new(text);
}

static void lazy_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = lazy_model_get_item_type;
    iface->get_n_items = lazy_model_get_n_items;
    iface->get_item = lazy_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(LazyModel, lazy_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, lazy_model_list_model_init))

static void lazy_model_class_init(LazyModelClass *class) { (void)class; }

static void lazy_model_init(LazyModel *model) { (void)model; }

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    gboolean first = window_start != 0;
    long long start = window_start;
    painted = TRUE;
    if (!first)
        return;
    window_start = 0;
    long long now = now_ns();
    printf("first-frame-ns %lld\nwindow-ns %lld\n", now, now - start);
    printf("window-cpu-ns %lld\n", cpu_ns() - window_cpu_start);
    printf("setup-ns %lld\nbind-ns %lld\nrows-built %d\nitems-made %d\n", setup_ns, bind_ns, rows_built, items_made);
    char line[256];
    FILE *status = fopen("/proc/self/status", "r");
    while (status != NULL && fgets(line, sizeof line, status) != NULL) {
        long kilobytes;
        if (sscanf(line, "VmHWM: %ld kB", &kilobytes) == 1)
            printf("peak-rss-kb %ld\n", kilobytes);
    }
    if (status != NULL)
        fclose(status);
    fflush(stdout);
}

static void on_realize(GtkWidget *window, gpointer data) {
    (void)data;
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(on_after_paint), NULL);
}

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    (void)data;
    long long start = now_ns();
    gtk_list_item_set_child(item, inscriptions ? gtk_inscription_new(NULL) : gtk_label_new(NULL));
    rows_built++;
    setup_ns += now_ns() - start;
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    (void)data;
    long long start = now_ns();
    GtkStringObject *string = gtk_list_item_get_item(item);
    const char *text = gtk_string_object_get_string(string);
    if (inscriptions)
        gtk_inscription_set_text(GTK_INSCRIPTION(gtk_list_item_get_child(item)), text);
    else
        gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), text);
    bind_ns += now_ns() - start;
}

static void on_destroy(GtkWidget *window, gpointer data) {
    (void)window;
    *(gboolean *)data = TRUE;
}

static gboolean stop_waiting(gpointer data) {
    (void)data;
    painted = TRUE;
    return G_SOURCE_REMOVE;
}

// Runs the loop until the next frame is painted (at most a second).
static void wait_for_paint(void) {
    painted = FALSE;
    guint timeout = g_timeout_add(1000, stop_waiting, NULL);
    while (!painted)
        g_main_context_iteration(NULL, TRUE);
    GSource *source = g_main_context_find_source_by_id(NULL, timeout);
    if (source != NULL)
        g_source_destroy(source);
}

static int compare(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

// Every hundredth word stays: rows 1 to 99,999 are replaced by words 100 to 99,900,
// then the words come back, eight times; the first round warms up.
static void time_filter(GtkStringList *words) {
    static char texts[100000][16];
    const char *kept[1000];
    const char *all[100000];
    for (int index = 0; index < 100000; index++) {
        snprintf(texts[index], sizeof texts[index], "word %d", index);
        all[index] = texts[index];
    }
    long long samples[7];
    for (int round = 0; round < 8; round++) {
        long long start = now_ns();
        int count = 0;
        for (int index = 100; index < 100000; index += 100)
            kept[count++] = texts[index];
        kept[count] = NULL;
        gtk_string_list_splice(words, 1, 99999, kept);
        long long elapsed = now_ns() - start;
        if (round > 0)
            samples[round - 1] = elapsed;
        wait_for_paint();
        const char *rest[100000];
        memcpy(rest, all + 1, sizeof(char *) * 99999);
        rest[99999] = NULL;
        gtk_string_list_splice(words, 1, 999, rest);
        wait_for_paint();
    }
    qsort(samples, 7, sizeof samples[0], compare);
    printf("filter-ns %lld\n", samples[3]);
    fflush(stdout);
}

int main(void) {
    gtk_init();
    adw_init();
    const char *mode = g_getenv("GTK_LIST_BASELINE");
    gboolean lazy = mode != NULL && strcmp(mode, "lazy") == 0;
    gboolean empty = mode != NULL && strcmp(mode, "empty") == 0;
    inscriptions = mode != NULL && strcmp(mode, "inscription") == 0;
    gboolean grid = mode != NULL && strncmp(mode, "grid", 4) == 0;
    if (grid) {
        lazy = strcmp(mode, "grid") == 0;
        empty = !lazy;
    }
    lazy = lazy || inscriptions;
    int width = 640, height = 480;
    const char *size = g_getenv("GTK_LIST_BASELINE_SIZE");
    if (size != NULL && sscanf(size, "%dx%d", &width, &height) != 2) {
        fprintf(stderr, "GTK_LIST_BASELINE_SIZE: \"%s\" is not WIDTHxHEIGHT\n", size);
        return 2;
    }
    window_start = now_ns();
    window_cpu_start = cpu_ns();
    GtkStringList *words = gtk_string_list_new(NULL);
    GListModel *rows = G_LIST_MODEL(words);
    if (lazy || empty) {
        LazyModel *model = g_object_new(LAZY_TYPE_MODEL, NULL);
        model->count = lazy ? 100000 : 0;
        rows = G_LIST_MODEL(model);
    } else {
        char text[32];
        for (int index = 0; index < 100000; index++) {
            snprintf(text, sizeof text, "word %d", index);
            gtk_string_list_append(words, text);
        }
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkSingleSelection *selection = gtk_single_selection_new(rows);
    gtk_single_selection_set_autoselect(selection, FALSE);
    GtkWidget *list;
    if (grid) {
        list = gtk_grid_view_new(GTK_SELECTION_MODEL(selection), factory);
        gtk_grid_view_set_min_columns(GTK_GRID_VIEW(list), 1);
        gtk_grid_view_set_max_columns(GTK_GRID_VIEW(list), 1);
    } else {
        list = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
    }
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    gtk_widget_set_vexpand(scroller, TRUE);

    GtkWidget *window = adw_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "List benchmark");
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    adw_window_set_content(ADW_WINDOW(window), scroller);
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), NULL);
    gboolean closed = FALSE;
    g_signal_connect(window, "destroy", G_CALLBACK(on_destroy), &closed);
    gtk_window_present(GTK_WINDOW(window));
    wait_for_paint();
    if (mode != NULL && strcmp(mode, "filter") == 0)
        time_filter(words);
    if (g_strcmp0(g_getenv("GTK_LIST_BASELINE_STAY"), "1") == 0)
        while (!closed)
            g_main_context_iteration(NULL, TRUE);
    return 0;
}
