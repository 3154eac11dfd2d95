#include "CGtkShim.h"

// GtkKitIndexModel: a GListModel that is only a count. GtkKit's List keeps its
// elements in Swift and shows each row by the row's position, so an item here
// carries nothing: a plain GObject made when GTK asks for it (GTK asks only for
// the rows it shows), released when GTK lets it go. 100,000 rows cost one guint.
struct _GtkKitIndexModel {
    GObject parent_instance;
    guint n_items;
};

static GType index_model_get_item_type(GListModel *list) {
    (void)list;
    return G_TYPE_OBJECT;
}

static guint index_model_get_n_items(GListModel *list) {
    return GTKKIT_INDEX_MODEL(list)->n_items;
}

static gpointer index_model_get_item(GListModel *list, guint position) {
    if (position >= GTKKIT_INDEX_MODEL(list)->n_items)
        return NULL;
    return g_object_new(G_TYPE_OBJECT, NULL);
}

static void index_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = index_model_get_item_type;
    iface->get_n_items = index_model_get_n_items;
    iface->get_item = index_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(GtkKitIndexModel, gtkkit_index_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, index_model_list_model_init))

static void gtkkit_index_model_class_init(GtkKitIndexModelClass *class) { (void)class; }

static void gtkkit_index_model_init(GtkKitIndexModel *self) { self->n_items = 0; }

GtkKitIndexModel *gtkkit_index_model_new(void) {
    return g_object_new(GTKKIT_TYPE_INDEX_MODEL, NULL);
}

void gtkkit_index_model_splice(GtkKitIndexModel *self, guint position, guint removed, guint added) {
    g_return_if_fail(GTKKIT_IS_INDEX_MODEL(self));
    g_return_if_fail(position + removed <= self->n_items);
    self->n_items = self->n_items - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}
