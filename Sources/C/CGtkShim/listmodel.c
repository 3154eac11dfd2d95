#include "CGtkShim.h"

// GtkKitIndexModel: a GListModel that is only a count. GtkKit's List keeps its
// elements in Swift and shows each row by the row's position, so an item carries
// no element: a small GObject made when GTK asks for a position (GTK asks only for
// the rows it shows) and kept in a table while GTK holds it. A splice hands the
// items GTK holds in the replaced range to the positions that replace them, so GTK
// finds the same items there and keeps their widgets, instead of destroying every
// row on screen and making new ones (and their accessible objects) when a filter
// replaces them all. 100,000 rows cost one guint; the table holds the rows shown.

#define GTKKIT_TYPE_INDEX_ITEM (gtkkit_index_item_get_type())
G_DECLARE_FINAL_TYPE(GtkKitIndexItem, gtkkit_index_item, GTKKIT, INDEX_ITEM, GObject)

struct _GtkKitIndexItem {
    GObject parent_instance;
    GtkKitIndexModel *model;  // not owned; cleared when the model goes or drops the item
    guint position;
};

struct _GtkKitIndexModel {
    GObject parent_instance;
    guint n_items;
    GHashTable *items;  // position -> GtkKitIndexItem, not owned
};

G_DEFINE_FINAL_TYPE(GtkKitIndexItem, gtkkit_index_item, G_TYPE_OBJECT)

static void gtkkit_index_item_finalize(GObject *object) {
    GtkKitIndexItem *self = GTKKIT_INDEX_ITEM(object);
    if (self->model != NULL &&
        g_hash_table_lookup(self->model->items, GUINT_TO_POINTER(self->position)) == self)
        g_hash_table_remove(self->model->items, GUINT_TO_POINTER(self->position));
    G_OBJECT_CLASS(gtkkit_index_item_parent_class)->finalize(object);
}

static void gtkkit_index_item_class_init(GtkKitIndexItemClass *class) {
    G_OBJECT_CLASS(class)->finalize = gtkkit_index_item_finalize;
}

static void gtkkit_index_item_init(GtkKitIndexItem *self) { (void)self; }

static GType index_model_get_item_type(GListModel *list) {
    (void)list;
    return GTKKIT_TYPE_INDEX_ITEM;
}

static guint index_model_get_n_items(GListModel *list) {
    return GTKKIT_INDEX_MODEL(list)->n_items;
}

static gpointer index_model_get_item(GListModel *list, guint position) {
    GtkKitIndexModel *self = GTKKIT_INDEX_MODEL(list);
    if (position >= self->n_items)
        return NULL;
    GtkKitIndexItem *item = g_hash_table_lookup(self->items, GUINT_TO_POINTER(position));
    if (item != NULL)
        return g_object_ref(item);
    item = g_object_new(GTKKIT_TYPE_INDEX_ITEM, NULL);
    item->model = self;
    item->position = position;
    g_hash_table_insert(self->items, GUINT_TO_POINTER(position), item);
    return item;
}

static void index_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = index_model_get_item_type;
    iface->get_n_items = index_model_get_n_items;
    iface->get_item = index_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(GtkKitIndexModel, gtkkit_index_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, index_model_list_model_init))

static void gtkkit_index_model_finalize(GObject *object) {
    GtkKitIndexModel *self = GTKKIT_INDEX_MODEL(object);
    GHashTableIter iter;
    gpointer item;
    g_hash_table_iter_init(&iter, self->items);
    while (g_hash_table_iter_next(&iter, NULL, &item))
        GTKKIT_INDEX_ITEM(item)->model = NULL;
    g_hash_table_destroy(self->items);
    G_OBJECT_CLASS(gtkkit_index_model_parent_class)->finalize(object);
}

static void gtkkit_index_model_class_init(GtkKitIndexModelClass *class) {
    G_OBJECT_CLASS(class)->finalize = gtkkit_index_model_finalize;
}

static void gtkkit_index_model_init(GtkKitIndexModel *self) {
    self->n_items = 0;
    self->items = g_hash_table_new(g_direct_hash, g_direct_equal);
}

GtkKitIndexModel *gtkkit_index_model_new(void) {
    return g_object_new(GTKKIT_TYPE_INDEX_MODEL, NULL);
}

void gtkkit_index_model_splice(GtkKitIndexModel *self, guint position, guint removed, guint added) {
    g_return_if_fail(GTKKIT_IS_INDEX_MODEL(self));
    g_return_if_fail(position + removed <= self->n_items);
    // The items after the range move with it; those in it go to the positions that
    // replace them, as far as there are any; the rest are dropped from the table.
    GHashTable *moved = g_hash_table_new(g_direct_hash, g_direct_equal);
    GHashTableIter iter;
    gpointer value;
    g_hash_table_iter_init(&iter, self->items);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        GtkKitIndexItem *item = value;
        if (item->position >= position + removed) {
            item->position = item->position - removed + added;
        } else if (item->position >= position && item->position - position >= added) {
            item->model = NULL;
            continue;
        }
        g_hash_table_insert(moved, GUINT_TO_POINTER(item->position), item);
    }
    g_hash_table_destroy(self->items);
    self->items = moved;
    self->n_items = self->n_items - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}
