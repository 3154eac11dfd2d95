// CZinnia: Zinnia, the handwriting recogniser GNOME's and fcitx's handwriting input
// methods use (libzinnia), loaded at run time with dlopen, behind a small typed API.
//
// Why dlopen: Kuchi must start where libzinnia.so.0 or a model is missing (a system
// without them, a Flatpak built without them) and say then why it cannot read
// handwriting, as it does for speech. The few declarations used are copied in
// zinnia_client.c from <zinnia.h> 0.06 (Debian 12's libzinnia-dev, whose ABI has
// not changed since 2009), so building needs no -dev package.
//
// Threading rule: a recogniser is used from one thread at a time.
#pragma once

#include <stddef.h>

/// What kuchi_handwriting_open found.
typedef enum {
    /// The library and the model are loaded.
    KUCHI_HANDWRITING_READY = 0,
    /// libzinnia could not be loaded, or lacks a function used here.
    KUCHI_HANDWRITING_NO_LIBRARY = 1,
    /// The model file could not be opened (missing, or not a Zinnia model).
    KUCHI_HANDWRITING_NO_MODEL = 2,
} KuchiHandwritingStatus;

/// A recogniser with a model loaded.
typedef struct KuchiHandwriting KuchiHandwriting;

/// Loads `library` (e.g. "libzinnia.so.0") and the model file `model`. Returns the
/// recogniser with `*status` KUCHI_HANDWRITING_READY, or NULL with the reason in
/// `*status` and, when `detail` is not NULL, a description in `*detail` (free it with
/// free()).
KuchiHandwriting *kuchi_handwriting_open(const char *library, const char *model, KuchiHandwritingStatus *status,
                                         char **detail);

/// Recognises a character written in a `width`×`height` box: point i lies on stroke
/// `strokes[i]` (0, 1, 2… in the order written, each stroke's points in order) at
/// (`xs[i]`, `ys[i]`). Writes up to `limit` candidates, best first, into `values`
/// (UTF-8, each to be freed with free()) and their scores into `scores`; returns how
/// many it wrote (0 for no points, or when Zinnia could not classify them).
size_t kuchi_handwriting_recognize(KuchiHandwriting *handwriting, int width, int height, const int *strokes,
                                   const int *xs, const int *ys, size_t points, size_t limit, char **values,
                                   float *scores);

/// Frees the recogniser; NULL is allowed.
void kuchi_handwriting_close(KuchiHandwriting *handwriting);
