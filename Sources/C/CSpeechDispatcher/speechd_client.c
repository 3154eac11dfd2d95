// Loading libspeechd, connecting, choosing a voice, saying, and routing its events.
#define _GNU_SOURCE  // vasprintf
#include "CSpeechDispatcher.h"
#include "speechd_abi.h"

#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct KuchiSpeech {
    KuchiSpdFunctions functions;
    KuchiSpdConnection *connection;
    int client_id;
    KuchiSpeechListener listener;
    void *context;
    char *voice;
    char *module;
    /// The next open connection, in `open_connections`.
    KuchiSpeech *next;
};

// libspeechd's callbacks carry no user data, only the connection's client id, so the
// open connections are kept in a list that the event thread looks them up in.
// NB: the listener is called with the lock held, so once kuchi_speech_close has taken
// a connection out of the list no call of its listener is still running.
static pthread_mutex_t open_connections_lock = PTHREAD_MUTEX_INITIALIZER;
static KuchiSpeech *open_connections = NULL;

static void route_begin(size_t message_id, size_t client_id, KuchiSpdNotificationType type) {
    (void)type;
    pthread_mutex_lock(&open_connections_lock);
    for (KuchiSpeech *speech = open_connections; speech != NULL; speech = speech->next) {
        if ((size_t)speech->client_id == client_id) {
            speech->listener(speech->context, (int)message_id);
            break;
        }
    }
    pthread_mutex_unlock(&open_connections_lock);
}

static char *format_detail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    char *text = NULL;
    if (vasprintf(&text, format, arguments) < 0) text = NULL;
    va_end(arguments);
    return text;
}

static void fail(KuchiSpeechStatus *status, KuchiSpeechStatus reason, char **detail, char *text) {
    *status = reason;
    if (detail != NULL) *detail = text;
    else free(text);
}

/// Looks up every function in `functions`; false (and the missing name in `missing`)
/// if one is absent.
static int load_functions(void *library, KuchiSpdFunctions *functions, const char **missing) {
#define LOAD(type, name, parameters)                           \
    *(void **)(&functions->name) = dlsym(library, #name);       \
    if (functions->name == NULL) {                              \
        *missing = #name;                                       \
        return 0;                                               \
    }
    KUCHI_SPD_FUNCTIONS(LOAD, , , , , , )
#undef LOAD
    return 1;
}

/// "ja", "JA", "ja-JP" and "ja_JP" are Japanese; "jam" (Jamaican) is not.
static int speaks(const KuchiSpdVoice *voice, const char *language) {
    if (voice->language == NULL) return 0;
    size_t length = strlen(language);
    if (strncasecmp(voice->language, language, length) != 0) return 0;
    char next = voice->language[length];
    return next == '\0' || next == '-' || next == '_';
}

/// The plain voice (no variant) is preferred over espeak-ng's many variants
/// ("Japanese+Alicia"), which are the same voice with a different pitch or timbre.
static int is_plain(const KuchiSpdVoice *voice) {
    return voice->variant == NULL || voice->variant[0] == '\0' || strcmp(voice->variant, "none") == 0;
}

/// Looks through the current output module's voices; on a better match than the one
/// held, replaces it (`*voice`, `*module`, `*plain`).
static void consider_voices(KuchiSpeech *speech, const char *module_name, const char *language,
                            char **voice, char **module, int *plain) {
    KuchiSpdVoice **voices = speech->functions.spd_list_synthesis_voices(speech->connection);
    if (voices == NULL) return;
    for (KuchiSpdVoice **entry = voices; *entry != NULL; entry++) {
        if ((*entry)->name == NULL || !speaks(*entry, language)) continue;
        int this_plain = is_plain(*entry);
        if (*voice != NULL && (*plain || !this_plain)) continue;
        free(*voice);
        free(*module);
        *voice = strdup((*entry)->name);
        *module = module_name != NULL ? strdup(module_name) : NULL;
        *plain = this_plain;
        if (this_plain) break;
    }
    speech->functions.free_spd_voices(voices);
}

/// Finds a voice speaking `language` in any output module (a module's voices are
/// listed only while it is the connection's module), and makes it the connection's.
static int choose_voice(KuchiSpeech *speech, const char *language) {
    char *voice = NULL;
    char *module = NULL;
    int plain = 0;
    char **modules = speech->functions.spd_list_modules(speech->connection);
    if (modules != NULL) {
        for (char **name = modules; *name != NULL && !(voice != NULL && plain); name++) {
            if (speech->functions.spd_set_output_module(speech->connection, *name) == 0)
                consider_voices(speech, *name, language, &voice, &module, &plain);
        }
        speech->functions.free_spd_modules(modules);
    }
    // A daemon with only its fallback module lists no modules, yet has voices.
    if (voice == NULL) consider_voices(speech, NULL, language, &voice, &module, &plain);
    if (voice == NULL) return 0;
    if (module != NULL) speech->functions.spd_set_output_module(speech->connection, module);
    speech->functions.spd_set_language(speech->connection, language);
    speech->functions.spd_set_synthesis_voice(speech->connection, voice);
    speech->voice = voice;
    speech->module = module;
    return 1;
}

KuchiSpeech *kuchi_speech_open(const char *library, const char *socket_path, const char *language,
                               KuchiSpeechListener listener, void *context,
                               KuchiSpeechStatus *status, char **detail) {
    if (detail != NULL) *detail = NULL;
    // NB: never dlclose'd: libspeechd keeps GLib state and, once connected, a thread;
    // it stays loaded for the life of the process, as most loaded libraries do.
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *error = dlerror();
        fail(status, KUCHI_SPEECH_NO_LIBRARY, detail, format_detail("%s", error ? error : library));
        return NULL;
    }
    KuchiSpeech *speech = calloc(1, sizeof *speech);
    if (speech == NULL) {
        fail(status, KUCHI_SPEECH_NO_DAEMON, detail, format_detail("out of memory"));
        return NULL;
    }
    const char *missing = NULL;
    if (!load_functions(handle, &speech->functions, &missing)) {
        fail(status, KUCHI_SPEECH_NO_LIBRARY, detail, format_detail("%s has no %s", library, missing));
        free(speech);
        return NULL;
    }

    KuchiSpdAddress address = {.method = KUCHI_SPD_METHOD_UNIX_SOCKET, .unix_socket_name = (char *)socket_path};
    char *error = NULL;
    // NB: a daemon started here inherits this thread's signal mask, and the worker
    // threads of libdispatch block every signal: speech-dispatcher then ignored SIGTERM
    // (a logout's) and outlived Kuchi. Nothing is blocked while it may be started.
    sigset_t none, saved;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, &saved);
    // A named socket is a daemon someone else runs (a test's): it is not started here.
    speech->connection = speech->functions.spd_open2(
        "kuchi", "speech", NULL, KUCHI_SPD_MODE_THREADED, socket_path != NULL ? &address : NULL,
        socket_path == NULL, &error);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    if (speech->connection == NULL) {
        fail(status, KUCHI_SPEECH_NO_DAEMON, detail,
             format_detail("%s", error != NULL ? error : "speech-dispatcher did not answer"));
        free(error);
        free(speech);
        return NULL;
    }
    free(error);

    if (!choose_voice(speech, language)) {
        fail(status, KUCHI_SPEECH_NO_VOICE, detail,
             format_detail("speech-dispatcher has no voice whose language is '%s'", language));
        speech->functions.spd_close(speech->connection);
        free(speech);
        return NULL;
    }

    speech->client_id = speech->functions.spd_get_client_id(speech->connection);
    speech->listener = listener;
    speech->context = context;
    pthread_mutex_lock(&open_connections_lock);
    speech->next = open_connections;
    open_connections = speech;
    pthread_mutex_unlock(&open_connections_lock);
    speech->connection->callback_begin = route_begin;
    speech->functions.spd_set_notification_on(speech->connection, KUCHI_SPD_BEGIN);
    *status = KUCHI_SPEECH_READY;
    return speech;
}

const char *kuchi_speech_voice(const KuchiSpeech *speech) { return speech->voice; }

const char *kuchi_speech_module(const KuchiSpeech *speech) { return speech->module ? speech->module : ""; }

int kuchi_speech_say(KuchiSpeech *speech, const char *text) {
    speech->functions.spd_cancel(speech->connection);
    return speech->functions.spd_say(speech->connection, KUCHI_SPD_TEXT, text);
}

void kuchi_speech_close(KuchiSpeech *speech) {
    if (speech == NULL) return;
    pthread_mutex_lock(&open_connections_lock);
    for (KuchiSpeech **link = &open_connections; *link != NULL; link = &(*link)->next) {
        if (*link == speech) {
            *link = speech->next;
            break;
        }
    }
    pthread_mutex_unlock(&open_connections_lock);
    speech->functions.spd_close(speech->connection);
    free(speech->voice);
    free(speech->module);
    free(speech);
}
