#include "CGtkShim.h"

// While an input method composes in an entry (its pre-edit showing, not yet in the
// text), the keys are the input method's: Escape cancels the pre-edit and Enter commits
// it. GTK answers no question about a pre-edit, so each entry's GtkText records it
// from "preedit-changed", which GTK emits with "" when the pre-edit ends.

static const char *const composing_key = "gtkkit-composing";

static void on_preedit_changed(GtkText *text, const char *preedit, gpointer data) {
    (void)data;
    g_object_set_data(G_OBJECT(text), composing_key, GINT_TO_POINTER(preedit != NULL && *preedit != '\0'));
}

void gtkkit_watch_preedit(GtkWidget *editable) {
    GtkEditable *delegate = gtk_editable_get_delegate(GTK_EDITABLE(editable));
    GtkWidget *text = delegate != NULL ? GTK_WIDGET(delegate) : editable;
    if (GTK_IS_TEXT(text)) {
        g_signal_connect(text, "preedit-changed", G_CALLBACK(on_preedit_changed), NULL);
    }
}

gboolean gtkkit_focus_is_composing(GtkWidget *widget) {
    GtkRoot *root = gtk_widget_get_root(widget);
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    return focus != NULL && GPOINTER_TO_INT(g_object_get_data(G_OBJECT(focus), composing_key));
}
