#include "CSoupShim.h"

#include <libsoup/soup.h>
#include <string.h>

struct KuchiHttpServer {
    SoupServer *server;
    uint64_t max_body;
    KuchiHttpHandler handler;
    void *context;
};

// A KuchiHttpRequest is the SoupServerMessage itself.
#define MESSAGE(request) ((SoupServerMessage *)(void *)(request))

// Before the body is read: a body too large, or of no stated length, is refused
// here, so it is never read into memory.
static void early_handler(SoupServer *soup, SoupServerMessage *message, const char *path, GHashTable *query,
                          gpointer data) {
    (void)soup;
    (void)path;
    (void)query;
    KuchiHttpServer *server = data;
    SoupMessageHeaders *headers = soup_server_message_get_request_headers(message);
    SoupEncoding encoding = soup_message_headers_get_encoding(headers);
    const char *refusal = NULL;
    if (encoding == SOUP_ENCODING_CHUNKED || encoding == SOUP_ENCODING_EOF) {
        refusal = "HTTP/1.1 411 Length Required\r\n";
    } else if (encoding == SOUP_ENCODING_CONTENT_LENGTH &&
               (uint64_t)soup_message_headers_get_content_length(headers) > server->max_body) {
        refusal = "HTTP/1.1 413 Payload Too Large\r\n";
    }
    if (!refusal) return;
    // libsoup would read the body before answering a status set here: the connection
    // is taken from it instead, answered and closed, and the body never read.
    GIOStream *stream = soup_server_message_steal_connection(message);
    if (!stream) return;
    char *answer = g_strconcat(refusal, "Content-Length: 0\r\nConnection: close\r\n\r\n", NULL);
    GOutputStream *output = g_io_stream_get_output_stream(stream);
    g_output_stream_write_all(output, answer, strlen(answer), NULL, NULL, NULL);
    g_free(answer);
    g_io_stream_close(stream, NULL, NULL);
    g_object_unref(stream);
}

static void handler(SoupServer *soup, SoupServerMessage *message, const char *path, GHashTable *query, gpointer data) {
    (void)soup;
    (void)path;
    (void)query;
    KuchiHttpServer *server = data;
    // Refused in the early handler: answered with that status, no body.
    if (soup_server_message_get_status(message) != 0) return;
    server->handler((KuchiHttpRequest *)(void *)message, server->context);
}

KuchiHttpServer *kuchi_http_server_new(uint16_t port, uint64_t max_body, KuchiHttpHandler callback, void *context,
                                       char **error) {
    KuchiHttpServer *server = g_new0(KuchiHttpServer, 1);
    server->max_body = max_body;
    server->handler = callback;
    server->context = context;
    server->server = soup_server_new("server-header", "Kuchi", NULL);
    soup_server_add_early_handler(server->server, NULL, early_handler, server, NULL);
    soup_server_add_handler(server->server, NULL, handler, server, NULL);
    // 127.0.0.1 only: a loopback address, and only IPv4's, so the port is one socket.
    GInetAddress *loopback = g_inet_address_new_loopback(G_SOCKET_FAMILY_IPV4);
    GSocketAddress *address = g_inet_socket_address_new(loopback, port);
    g_object_unref(loopback);
    GError *failure = NULL;
    gboolean listening = soup_server_listen(server->server, address, 0, &failure);
    g_object_unref(address);
    if (!listening) {
        if (error) *error = g_strdup(failure ? failure->message : "the port could not be opened");
        g_clear_error(&failure);
        kuchi_http_server_free(server);
        return NULL;
    }
    return server;
}

void kuchi_http_server_free(KuchiHttpServer *server) {
    if (!server) return;
    soup_server_disconnect(server->server);
    g_object_unref(server->server);
    g_free(server);
}

void kuchi_http_free_text(char *text) { g_free(text); }

const char *kuchi_http_request_method(KuchiHttpRequest *request) {
    return soup_server_message_get_method(MESSAGE(request));
}

const char *kuchi_http_request_header(KuchiHttpRequest *request, const char *name) {
    return soup_message_headers_get_list(soup_server_message_get_request_headers(MESSAGE(request)), name);
}

const uint8_t *kuchi_http_request_body(KuchiHttpRequest *request, size_t *length) {
    SoupMessageBody *body = soup_server_message_get_request_body(MESSAGE(request));
    // Made one block (libsoup keeps it so) before data and length are read.
    GBytes *whole = soup_message_body_flatten(body);
    g_bytes_unref(whole);
    *length = (size_t)body->length;
    return (const uint8_t *)body->data;
}

void kuchi_http_request_set_header(KuchiHttpRequest *request, const char *name, const char *value) {
    soup_message_headers_replace(soup_server_message_get_response_headers(MESSAGE(request)), name, value);
}

void kuchi_http_request_respond(KuchiHttpRequest *request, unsigned status, const char *content_type,
                                const uint8_t *body, size_t length) {
    soup_server_message_set_status(MESSAGE(request), status, NULL);
    if (content_type) {
        soup_server_message_set_response(MESSAGE(request), content_type, SOUP_MEMORY_COPY, (const char *)body, length);
    }
}

void kuchi_http_request_pause(KuchiHttpRequest *request) {
    g_object_ref(MESSAGE(request));
    soup_server_message_pause(MESSAGE(request));
}

void kuchi_http_request_resume(KuchiHttpRequest *request) {
    soup_server_message_unpause(MESSAGE(request));
    g_object_unref(MESSAGE(request));
}
