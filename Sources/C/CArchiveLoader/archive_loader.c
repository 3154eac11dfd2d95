// Loading libarchive with dlopen, and calling through the loaded functions.
#include "CArchiveLoader.h"

#include <dlfcn.h>
#include <pthread.h>

// Each function pointer has the type of libarchive's own prototype (typeof), so the
// headers check every call.
static struct {
    typeof(archive_read_new) *read_new;
    typeof(archive_read_support_format_zip) *read_support_format_zip;
    typeof(archive_read_open_fd) *read_open_fd;
    typeof(archive_read_free) *read_free;
    typeof(archive_filter_bytes) *filter_bytes;
    typeof(archive_read_next_header) *read_next_header;
    typeof(archive_entry_pathname_utf8) *entry_pathname_utf8;
    typeof(archive_entry_pathname) *entry_pathname;
    typeof(archive_entry_filetype) *entry_filetype;
    typeof(archive_read_data) *read_data;
    typeof(archive_error_string) *error_string;
} functions;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static const char *load_error = "libarchive was not loaded";

#define LOAD(field, name)                                   \
    if ((functions.field = (typeof(functions.field))dlsym(library, name)) == NULL) { \
        load_error = dlerror();                             \
        return;                                             \
    }

static void load(void) {
    // The library's soname, as libarchive-dev links it: version 3's ABI.
    void *library = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_error = dlerror();
        return;
    }
    LOAD(read_new, "archive_read_new")
    LOAD(read_support_format_zip, "archive_read_support_format_zip")
    LOAD(read_open_fd, "archive_read_open_fd")
    LOAD(read_free, "archive_read_free")
    LOAD(filter_bytes, "archive_filter_bytes")
    LOAD(read_next_header, "archive_read_next_header")
    LOAD(entry_pathname_utf8, "archive_entry_pathname_utf8")
    LOAD(entry_pathname, "archive_entry_pathname")
    LOAD(entry_filetype, "archive_entry_filetype")
    LOAD(read_data, "archive_read_data")
    LOAD(error_string, "archive_error_string")
    loaded = 1;
}

int kuchi_archive_load(const char **error) {
    pthread_once(&once, load);
    if (!loaded && error != NULL)
        *error = load_error;
    return loaded;
}

struct archive *kuchi_archive_read_new(void) { return functions.read_new(); }
int kuchi_archive_read_support_format_zip(struct archive *archive) { return functions.read_support_format_zip(archive); }
int kuchi_archive_read_open_fd(struct archive *archive, int descriptor, size_t block_size) {
    return functions.read_open_fd(archive, descriptor, block_size);
}
int kuchi_archive_read_free(struct archive *archive) { return functions.read_free(archive); }
la_int64_t kuchi_archive_filter_bytes(struct archive *archive, int filter) { return functions.filter_bytes(archive, filter); }
int kuchi_archive_read_next_header(struct archive *archive, struct archive_entry **entry) {
    return functions.read_next_header(archive, entry);
}
const char *kuchi_archive_entry_pathname_utf8(struct archive_entry *entry) { return functions.entry_pathname_utf8(entry); }
const char *kuchi_archive_entry_pathname(struct archive_entry *entry) { return functions.entry_pathname(entry); }
__LA_MODE_T kuchi_archive_entry_filetype(struct archive_entry *entry) { return functions.entry_filetype(entry); }
la_ssize_t kuchi_archive_read_data(struct archive *archive, void *buffer, size_t size) {
    return functions.read_data(archive, buffer, size);
}
const char *kuchi_archive_error_string(struct archive *archive) { return functions.error_string(archive); }
