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

void gtkkit_set_accessible_hidden(gpointer widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

void gtkkit_set_accessible_label_only(gpointer widget, const char *label) {
    // A labelled-by relation takes precedence over the label property; drop it.
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void gtkkit_reset_labelled_by(gpointer widget) {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

gboolean gtkkit_accessible_label_is(gpointer widget, const char *label) {
    // The test API is the only public way to read an accessible property back in GTK 4.8.
    char *actual = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget),
                                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    gboolean equal = actual == NULL;
    g_free(actual);
    return equal;
}
