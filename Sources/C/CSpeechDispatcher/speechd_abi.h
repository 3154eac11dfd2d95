// The part of libspeechd's ABI (speech-dispatcher 0.7 and later) that Kuchi uses,
// copied from <libspeechd.h> and <speechd_types.h> of 0.11.4 under names of its own.
// Private to this target. speechd_abi_check.c compares each layout and constant with
// the real header when libspeechd-dev is installed.
#pragma once
#include <stddef.h>

typedef enum { KUCHI_SPD_MODE_THREADED = 1 } KuchiSpdConnectionMode;
typedef enum { KUCHI_SPD_METHOD_UNIX_SOCKET = 0 } KuchiSpdConnectionMethod;
typedef enum { KUCHI_SPD_TEXT = 3 } KuchiSpdPriority;
typedef enum { KUCHI_SPD_BEGIN = 1 } KuchiSpdNotification;
typedef enum { KUCHI_SPD_EVENT_BEGIN = 0 } KuchiSpdNotificationType;

/// SPDConnectionAddress.
typedef struct {
    KuchiSpdConnectionMethod method;
    char *unix_socket_name;
    char *inet_socket_host;
    int inet_socket_port;
    char *dbus_bus;
} KuchiSpdAddress;

/// SPDVoice.
typedef struct {
    char *name;
    char *language;
    char *variant;
} KuchiSpdVoice;

typedef void (*KuchiSpdCallback)(size_t msg_id, size_t client_id, KuchiSpdNotificationType state);
typedef void (*KuchiSpdCallbackIM)(size_t msg_id, size_t client_id, KuchiSpdNotificationType state,
                                   char *index_mark);

/// The public head of SPDConnection: the callbacks a client sets. The private fields
/// after them differ between releases and are never touched here.
typedef struct {
    KuchiSpdCallback callback_begin;
    KuchiSpdCallback callback_end;
    KuchiSpdCallback callback_cancel;
    KuchiSpdCallback callback_pause;
    KuchiSpdCallback callback_resume;
    KuchiSpdCallbackIM callback_im;
} KuchiSpdConnection;

/// The functions used, once: X(return type, name, parameter types), with the types
/// that differ between our copy and the real header as parameters, so that
/// speechd_abi_check.c can instantiate the same list with the real types.
#define KUCHI_SPD_FUNCTIONS(X, Connection, Voice, Address, Mode, Priority, Notification)              \
    X(Connection *, spd_open2,                                                                        \
      (const char *, const char *, const char *, Mode, const Address *, int, char **))                \
    X(void, spd_close, (Connection *))                                                                \
    X(int, spd_get_client_id, (Connection *))                                                         \
    X(int, spd_say, (Connection *, Priority, const char *))                                           \
    X(int, spd_cancel, (Connection *))                                                                \
    X(int, spd_set_notification_on, (Connection *, Notification))                                     \
    X(int, spd_set_language, (Connection *, const char *))                                            \
    X(int, spd_set_output_module, (Connection *, const char *))                                       \
    X(int, spd_set_synthesis_voice, (Connection *, const char *))                                     \
    X(char **, spd_list_modules, (Connection *))                                                      \
    X(void, free_spd_modules, (char **))                                                              \
    X(Voice **, spd_list_synthesis_voices, (Connection *))                                            \
    X(void, free_spd_voices, (Voice **))

/// The functions, looked up with dlsym by their libspeechd names.
typedef struct {
#define KUCHI_SPD_FIELD(type, name, parameters) type(*name) parameters;
    KUCHI_SPD_FUNCTIONS(KUCHI_SPD_FIELD, KuchiSpdConnection, KuchiSpdVoice, KuchiSpdAddress,
                        KuchiSpdConnectionMode, KuchiSpdPriority, KuchiSpdNotification)
#undef KUCHI_SPD_FIELD
} KuchiSpdFunctions;
