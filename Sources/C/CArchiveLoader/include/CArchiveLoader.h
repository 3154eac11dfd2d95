// libarchive, loaded at run time (dlopen) the first time an Anki package is opened:
// Kuchi reads zip files only to import a package, and linking libarchive would load it
// and six libraries it needs (nettle, acl, lz4, bz2, xml2, …) at every start (README.md,
// Start-up). The types and prototypes come from libarchive's own headers, so a
// mismatch is a compile error here rather than a crash.
#ifndef KUCHI_ARCHIVE_LOADER_H
#define KUCHI_ARCHIVE_LOADER_H

#include <archive.h>
#include <archive_entry.h>
#include <stddef.h>

/// Loads libarchive once (thread-safe). Returns 1 when it is loaded; else 0, and
/// `*error` says why (dlopen's words; valid until the next call).
int kuchi_archive_load(const char **error);

// libarchive's own functions of the same names without `kuchi_`; call them only after
// kuchi_archive_load returned 1.
struct archive *kuchi_archive_read_new(void);
int kuchi_archive_read_support_format_zip(struct archive *archive);
int kuchi_archive_read_open_fd(struct archive *archive, int descriptor, size_t block_size);
int kuchi_archive_read_free(struct archive *archive);
la_int64_t kuchi_archive_filter_bytes(struct archive *archive, int filter);
int kuchi_archive_read_next_header(struct archive *archive, struct archive_entry **entry);
const char *kuchi_archive_entry_pathname_utf8(struct archive_entry *entry);
const char *kuchi_archive_entry_pathname(struct archive_entry *entry);
__LA_MODE_T kuchi_archive_entry_filetype(struct archive_entry *entry);
la_ssize_t kuchi_archive_read_data(struct archive *archive, void *buffer, size_t size);
const char *kuchi_archive_error_string(struct archive *archive);

#endif
