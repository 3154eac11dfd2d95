// CSoupShim: a loopback-only HTTP server on the GLib main loop (libsoup 3's
// SoupServer), behind a small typed API that names no libsoup type, so the Swift side
// needs libsoup's headers neither to build nor to read.
//
// Threading rule: everything here runs on the thread of GLib's default main context
// (the app's main thread): the server is attached to it, and the handler is called
// there. Lifetime rule: after kuchi_http_server_free returns, the handler is never
// called again; a request paused then is dropped (its connection closed).
#pragma once

#include <stddef.h>
#include <stdint.h>

typedef struct KuchiHttpServer KuchiHttpServer;
/// One request: its method, headers and whole body, and its response.
typedef struct KuchiHttpRequest KuchiHttpRequest;

/// Called for each request whose body has been read whole. Answer it with
/// kuchi_http_request_respond before returning, or call kuchi_http_request_pause and
/// answer it later (still on the main thread).
typedef void (*KuchiHttpHandler)(KuchiHttpRequest *request, void *context);

/// Listens on 127.0.0.1:`port` only (never on another interface). Bodies announced
/// larger than `max_body` bytes, or sent without a length (chunked), are refused with
/// 413 or 411 before they are read. Returns NULL and sets `*error` (free it with
/// kuchi_http_free_text) when the port cannot be had (in use, not allowed).
KuchiHttpServer *kuchi_http_server_new(uint16_t port, uint64_t max_body, KuchiHttpHandler handler, void *context,
                                       char **error);
void kuchi_http_server_free(KuchiHttpServer *server);
void kuchi_http_free_text(char *text);

/// "GET", "POST", "OPTIONS"…
const char *kuchi_http_request_method(KuchiHttpRequest *request);
/// The header's value (the values of a repeated one joined with ", "), or NULL.
const char *kuchi_http_request_header(KuchiHttpRequest *request, const char *name);
/// The request's body, whole; valid until the request is answered.
const uint8_t *kuchi_http_request_body(KuchiHttpRequest *request, size_t *length);
/// Sets a response header.
void kuchi_http_request_set_header(KuchiHttpRequest *request, const char *name, const char *value);
/// Answers with `status` and a copy of `body` (NULL content type: no body).
void kuchi_http_request_respond(KuchiHttpRequest *request, unsigned status, const char *content_type,
                                const uint8_t *body, size_t length);
/// Holds the request open past the handler; it stays valid until answered.
void kuchi_http_request_pause(KuchiHttpRequest *request);
/// Answers a paused request (with kuchi_http_request_respond first) and lets it go.
void kuchi_http_request_resume(KuchiHttpRequest *request);
