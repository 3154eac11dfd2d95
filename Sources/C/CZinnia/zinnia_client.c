// Loading libzinnia and its model, and recognising one character.
#define _GNU_SOURCE  // asprintf
#include "CZinnia.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libzinnia's types and functions used here, as <zinnia.h> (0.06) declares them;
// zinnia_abi_check.c compares these with the header where it is installed.
typedef struct zinnia_character_t zinnia_character_t;
typedef struct zinnia_recognizer_t zinnia_recognizer_t;
typedef struct zinnia_result_t zinnia_result_t;

#define KUCHI_ZINNIA_FUNCTIONS(F)                                                                  \
    F(zinnia_character_t *, zinnia_character_new, (void))                                          \
    F(void, zinnia_character_destroy, (zinnia_character_t *))                                      \
    F(void, zinnia_character_set_width, (zinnia_character_t *, size_t))                            \
    F(void, zinnia_character_set_height, (zinnia_character_t *, size_t))                           \
    F(int, zinnia_character_add, (zinnia_character_t *, size_t, int, int))                         \
    F(zinnia_recognizer_t *, zinnia_recognizer_new, (void))                                        \
    F(void, zinnia_recognizer_destroy, (zinnia_recognizer_t *))                                    \
    F(int, zinnia_recognizer_open, (zinnia_recognizer_t *, const char *))                          \
    F(const char *, zinnia_recognizer_strerror, (zinnia_recognizer_t *))                           \
    F(zinnia_result_t *, zinnia_recognizer_classify,                                               \
      (zinnia_recognizer_t *, const zinnia_character_t *, size_t))                                 \
    F(const char *, zinnia_result_value, (zinnia_result_t *, size_t))                              \
    F(float, zinnia_result_score, (zinnia_result_t *, size_t))                                     \
    F(size_t, zinnia_result_size, (zinnia_result_t *))                                             \
    F(void, zinnia_result_destroy, (zinnia_result_t *))

typedef struct {
#define FIELD(result, name, parameters) result(*name) parameters;
    KUCHI_ZINNIA_FUNCTIONS(FIELD)
#undef FIELD
} KuchiZinniaFunctions;

struct KuchiHandwriting {
    void *library;
    KuchiZinniaFunctions functions;
    zinnia_recognizer_t *recognizer;
};

static KuchiHandwriting *fail(KuchiHandwritingStatus *status, KuchiHandwritingStatus reason, char **detail,
                              const char *format, const char *first, const char *second) {
    *status = reason;
    if (detail != NULL && asprintf(detail, format, first, second) < 0) *detail = NULL;
    return NULL;
}

KuchiHandwriting *kuchi_handwriting_open(const char *library, const char *model, KuchiHandwritingStatus *status,
                                         char **detail) {
    if (detail != NULL) *detail = NULL;
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        return fail(status, KUCHI_HANDWRITING_NO_LIBRARY, detail, "%s: %s", library, reason ? reason : "not found");
    }
    KuchiHandwriting *handwriting = calloc(1, sizeof *handwriting);
    if (handwriting == NULL) {
        dlclose(handle);
        return fail(status, KUCHI_HANDWRITING_NO_LIBRARY, detail, "%s: %s", library, "out of memory");
    }
    handwriting->library = handle;
#define LOAD(result, name, parameters)                                                          \
    *(void **)(&handwriting->functions.name) = dlsym(handle, #name);                           \
    if (handwriting->functions.name == NULL) {                                                  \
        kuchi_handwriting_close(handwriting);                                                   \
        return fail(status, KUCHI_HANDWRITING_NO_LIBRARY, detail, "%s lacks %s", library, #name); \
    }
    KUCHI_ZINNIA_FUNCTIONS(LOAD)
#undef LOAD
    handwriting->recognizer = handwriting->functions.zinnia_recognizer_new();
    if (handwriting->recognizer == NULL || !handwriting->functions.zinnia_recognizer_open(handwriting->recognizer, model)) {
        char *reason = NULL;
        if (handwriting->recognizer != NULL) {
            const char *text = handwriting->functions.zinnia_recognizer_strerror(handwriting->recognizer);
            reason = strdup(text != NULL && *text != '\0' ? text : "cannot be opened");
        }
        kuchi_handwriting_close(handwriting);
        KuchiHandwriting *none = fail(status, KUCHI_HANDWRITING_NO_MODEL, detail, "%s: %s", model,
                                      reason != NULL ? reason : "cannot be opened");
        free(reason);
        return none;
    }
    *status = KUCHI_HANDWRITING_READY;
    return handwriting;
}

size_t kuchi_handwriting_recognize(KuchiHandwriting *handwriting, int width, int height, const int *strokes,
                                   const int *xs, const int *ys, size_t points, size_t limit, char **values,
                                   float *scores) {
    if (handwriting == NULL || points == 0 || limit == 0 || width <= 0 || height <= 0) return 0;
    const KuchiZinniaFunctions *f = &handwriting->functions;
    zinnia_character_t *character = f->zinnia_character_new();
    if (character == NULL) return 0;
    f->zinnia_character_set_width(character, (size_t)width);
    f->zinnia_character_set_height(character, (size_t)height);
    for (size_t i = 0; i < points; i++) {
        if (strokes[i] < 0) continue;
        f->zinnia_character_add(character, (size_t)strokes[i], xs[i], ys[i]);
    }
    size_t written = 0;
    zinnia_result_t *result = f->zinnia_recognizer_classify(handwriting->recognizer, character, limit);
    if (result != NULL) {
        size_t size = f->zinnia_result_size(result);
        for (size_t i = 0; i < size && written < limit; i++) {
            const char *value = f->zinnia_result_value(result, i);
            if (value == NULL) continue;
            char *copy = strdup(value);
            if (copy == NULL) break;
            values[written] = copy;
            scores[written] = f->zinnia_result_score(result, i);
            written++;
        }
        f->zinnia_result_destroy(result);
    }
    f->zinnia_character_destroy(character);
    return written;
}

void kuchi_handwriting_close(KuchiHandwriting *handwriting) {
    if (handwriting == NULL) return;
    if (handwriting->recognizer != NULL) handwriting->functions.zinnia_recognizer_destroy(handwriting->recognizer);
    if (handwriting->library != NULL) dlclose(handwriting->library);
    free(handwriting);
}
