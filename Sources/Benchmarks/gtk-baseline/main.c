// gtk-baseline: the start-up yardstick for Kuchi. A minimal C program on GTK 4
// and libadwaita showing the same widgets as Kuchi's first screen (an
// AdwApplicationWindow with a header bar holding a menu button and a view
// switcher title, heading, name entry with its count, "Remember me", OK, and a
// hidden view switcher bar), in the same scrolled frame; it prints the monotonic
// time of its first painted frame and exits. gtkkit-bench runs it side by side
// with `kuchi`.
// GTK with the API versions Kuchi is written against (CGtk's header).
#include "../../C/CGtk/CGtk.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    printf("first-frame-ns %lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    // The peak resident memory so far, as Kuchi reports it.
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

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = adw_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Kuchi");
    gtk_window_set_default_size(GTK_WINDOW(window), 720, 640);
    gtk_widget_set_size_request(window, 360, 294);

    GtkWidget *header = adw_header_bar_new();
    GtkWidget *menu = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(menu), "open-menu-symbolic");
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), menu);
    GtkWidget *title = adw_view_switcher_title_new();
    adw_view_switcher_title_set_title(ADW_VIEW_SWITCHER_TITLE(title), "Kuchi");
    adw_view_switcher_title_set_subtitle(ADW_VIEW_SWITCHER_TITLE(title), "Kuchi Basics");
    adw_header_bar_set_title_widget(ADW_HEADER_BAR(header), title);

    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
    gtk_widget_set_halign(column, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(column, GTK_ALIGN_CENTER);
    GtkWidget *heading = gtk_label_new("Welcome to Kuchi");
    gtk_widget_add_css_class(heading, "title-1");
    gtk_box_append(GTK_BOX(column), heading);

    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *entry = gtk_entry_new();
    gtk_entry_set_placeholder_text(GTK_ENTRY(entry), "Type your name…");
    gtk_widget_set_hexpand(entry, TRUE);
    gtk_box_append(GTK_BOX(row), entry);
    GtkWidget *indicator = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
    gtk_box_append(GTK_BOX(indicator), gtk_label_new("0"));
    gtk_box_append(GTK_BOX(row), indicator);
    gtk_box_append(GTK_BOX(column), row);

    gtk_box_append(GTK_BOX(column), gtk_check_button_new_with_label("Remember me"));
    GtkWidget *ok = gtk_button_new_with_label("OK");
    gtk_widget_set_sensitive(ok, FALSE);
    gtk_widget_set_halign(ok, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(column), ok);

    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), column);
    gtk_widget_set_vexpand(scroller, TRUE);
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(content), header);
    gtk_box_append(GTK_BOX(content), scroller);
    gtk_box_append(GTK_BOX(content), adw_view_switcher_bar_new());
    GtkWidget *toasts = adw_toast_overlay_new();
    adw_toast_overlay_set_child(ADW_TOAST_OVERLAY(toasts), content);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), toasts);

    g_signal_connect(window, "realize", G_CALLBACK(on_realize), NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    AdwApplication *app = adw_application_new("io.github.kuchi.Baseline", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
