#include "CGtkShim.h"

void gtkkit_set_accessible_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void gtkkit_set_accessible_description(gpointer widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   description, -1);
}

void gtkkit_set_accessible_described_by(gpointer widget, gpointer description_widget) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                   description_widget, NULL, -1);
}

GtkWidget *gtkkit_widget_new_with_role(GType type, GtkAccessibleRole role) {
    g_return_val_if_fail(g_type_is_a(type, GTK_TYPE_WIDGET), NULL);
    return g_object_new(type, "accessible-role", role, NULL);
}

GtkWidget *gtkkit_drop_down_new_from_strings(const char *const *strings, int count) {
    GtkStringList *list = gtk_string_list_new(NULL);
    for (int i = 0; i < count; i++)
        gtk_string_list_append(list, strings[i]);
    // gtk_drop_down_new takes ownership of the model.
    return gtk_drop_down_new(G_LIST_MODEL(list), NULL);
}

// GTK 4.10 and later (seen on 4.18.6) put a widget whose accessible state says hidden
// back into the AT-SPI tree when it is shown again: made visible after being
// invisible, or mapped again under a parent that was. Its state still says hidden, so
// saying it again (false, then true) after the showing takes it out. The re-saying
// waits for an idle after "map", as GTK adds it back after the map itself. No GTK
// issue was found for it from here (gitlab.gnome.org cannot be reached).
static const char *const hidden_key = "gtkkit-accessible-hidden";

static gboolean reassert_hidden(gpointer data) {
    GtkAccessible *accessible = GTK_ACCESSIBLE(data);
    if (GPOINTER_TO_INT(g_object_get_data(G_OBJECT(data), hidden_key)) == 2) {
        gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, FALSE, -1);
        gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
    }
    return G_SOURCE_REMOVE;
}

static void hidden_widget_mapped(GtkWidget *widget, gpointer unused) {
    (void)unused;
    g_idle_add_full(G_PRIORITY_HIGH_IDLE, reassert_hidden, g_object_ref(widget), g_object_unref);
}

void gtkkit_set_accessible_hidden(gpointer widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
    if (gtk_get_minor_version() < 10) return;
    // The key: absent, never hidden; 1, shown to assistive technology; 2, hidden. The
    // map handler is connected once, the first time the widget is hidden.
    int before = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(widget), hidden_key));
    if (before == 0 && !hidden) return;
    if (before == 0) g_signal_connect(widget, "map", G_CALLBACK(hidden_widget_mapped), NULL);
    g_object_set_data(G_OBJECT(widget), hidden_key, GINT_TO_POINTER(hidden ? 2 : 1));
}

void gtkkit_set_accessible_label_only(gpointer widget, const char *label) {
    // A labelled-by relation takes precedence over the label property; drop it.
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void gtkkit_reset_labelled_by(gpointer widget) {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

// Whether the accessible string property `property` of `widget` is `value`. The test
// API is the only public way to read an accessible property back in GTK 4.8.
static gboolean gtkkit_accessible_property_is(gpointer widget, GtkAccessibleProperty property, const char *value) {
    char *actual = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), property, value);
    gboolean equal = actual == NULL;
    g_free(actual);
    return equal;
}

gboolean gtkkit_accessible_label_is(gpointer widget, const char *label) {
    return gtkkit_accessible_property_is(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

gboolean gtkkit_accessible_description_is(gpointer widget, const char *description) {
    return gtkkit_accessible_property_is(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}

// Labels, and widgets that present themselves as one (GtkKitRuby, furigana over a
// word), so a row reads its word as well as its texts.
static GList *prepend_labels(GList *labels, GtkWidget *widget) {
    if (gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget)) == GTK_ACCESSIBLE_ROLE_LABEL)
        labels = g_list_prepend(labels, widget);
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        labels = prepend_labels(labels, child);
    return labels;
}

void gtkkit_set_accessible_labelled_by_labels(gpointer widget, GtkWidget *content) {
    GList *labels = g_list_reverse(prepend_labels(NULL, content));
    if (labels == NULL) {
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
        return;
    }
    // A reference list travels as a GList in a pointer GValue; the accessible value
    // made from it takes the list (not the labels, which it watches with weak refs).
    GtkAccessibleRelation relation = GTK_ACCESSIBLE_RELATION_LABELLED_BY;
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_POINTER);
    g_value_set_pointer(&value, labels);
    gtk_accessible_update_relation_value(GTK_ACCESSIBLE(widget), 1, &relation, &value);
    g_value_unset(&value);
}

gboolean gtkkit_accessible_labelled_by_is(gpointer widget, gpointer label) {
    char *mismatch = gtk_test_accessible_check_relation(
        GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL);
    gboolean equal = mismatch == NULL;
    g_free(mismatch);
    return equal;
}

// GTK 4.18.6 exposes a GtkPopoverMenu's items (GtkModelButton, a private type) to
// AT-SPI with no name: each is labelled by its GtkLabel, which is left out of the tree,
// so a screen reader hears "menu item" alone; GTK 4.8 named each by its label. Names
// `widget` by its text (mnemonic underscores dropped), in place of the relation, when
// it is such an item; else does nothing.
void gtkkit_name_menu_item(GtkWidget *widget) {
    GType model_button = g_type_from_name("GtkModelButton");
    if (model_button == 0 || !G_TYPE_CHECK_INSTANCE_TYPE(widget, model_button)) return;
    char *text = NULL;
    g_object_get(widget, "text", &text, NULL);
    if (text != NULL && text[0] != '\0') {
        GString *name = g_string_new(NULL);
        for (const char *c = text; *c != '\0'; c++) {
            if (*c == '_' && c[1] != '\0') c++;  // "_x" is x with a mnemonic; "__" is "_"
            g_string_append_c(name, *c);
        }
        gtkkit_set_accessible_label_only(widget, name->str);
        g_string_free(name, TRUE);
    }
    g_free(text);
}
