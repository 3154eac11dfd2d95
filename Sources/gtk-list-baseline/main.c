// gtk-list-baseline: the floor for GtkKit's List in gtkkit-bench. A plain C
// GtkListView of 100,000 rows ("word 0" … "word 99999", a GtkStringList with a
// label per row from a signal factory) in a scrolled window, in the same kind of
// window GtkKit makes (an AdwWindow); it prints the monotonic time of its first
// painted frame, the time from building the window to that frame, and its peak
// resident memory, and exits.
#include <adwaita.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static long long window_start;

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    long long now = now_ns();
    printf("first-frame-ns %lld\nwindow-ns %lld\n", now, now - window_start);
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
    exit(0);
}

static void on_realize(GtkWidget *window, gpointer data) {
    (void)data;
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(on_after_paint), NULL);
}

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    (void)data;
    gtk_list_item_set_child(item, gtk_label_new(NULL));
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    (void)data;
    GtkStringObject *string = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

int main(void) {
    gtk_init();
    adw_init();
    window_start = now_ns();
    GtkStringList *words = gtk_string_list_new(NULL);
    char text[32];
    for (int index = 0; index < 100000; index++) {
        snprintf(text, sizeof text, "word %d", index);
        gtk_string_list_append(words, text);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkSingleSelection *selection = gtk_single_selection_new(G_LIST_MODEL(words));
    gtk_single_selection_set_autoselect(selection, FALSE);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    gtk_widget_set_vexpand(scroller, TRUE);

    GtkWidget *window = adw_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "List benchmark");
    gtk_window_set_default_size(GTK_WINDOW(window), 640, 480);
    adw_window_set_content(ADW_WINDOW(window), scroller);
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), NULL);
    gtk_window_present(GTK_WINDOW(window));
    while (TRUE)
        g_main_context_iteration(NULL, TRUE);
}
