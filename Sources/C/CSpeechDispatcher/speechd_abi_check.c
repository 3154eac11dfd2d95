// Compares speechd_abi.h, Kuchi's copy of libspeechd's ABI, with the real header,
// when libspeechd-dev is installed (.ci/run installs it); a mismatch fails the build.
// Without the header this file compiles to nothing.
#if __has_include(<speech-dispatcher/libspeechd.h>)
#include <speech-dispatcher/libspeechd.h>

#include "speechd_abi.h"

#define SAME_OFFSET(ours, theirs, field) \
    _Static_assert(offsetof(ours, field) == offsetof(theirs, field), #theirs "." #field " moved")

_Static_assert(sizeof(KuchiSpdVoice) == sizeof(SPDVoice), "SPDVoice changed size");
SAME_OFFSET(KuchiSpdVoice, SPDVoice, name);
SAME_OFFSET(KuchiSpdVoice, SPDVoice, language);
SAME_OFFSET(KuchiSpdVoice, SPDVoice, variant);

_Static_assert(sizeof(KuchiSpdAddress) == sizeof(SPDConnectionAddress), "SPDConnectionAddress changed size");
SAME_OFFSET(KuchiSpdAddress, SPDConnectionAddress, method);
SAME_OFFSET(KuchiSpdAddress, SPDConnectionAddress, unix_socket_name);
SAME_OFFSET(KuchiSpdAddress, SPDConnectionAddress, inet_socket_host);
SAME_OFFSET(KuchiSpdAddress, SPDConnectionAddress, inet_socket_port);
SAME_OFFSET(KuchiSpdAddress, SPDConnectionAddress, dbus_bus);

SAME_OFFSET(KuchiSpdConnection, SPDConnection, callback_begin);
SAME_OFFSET(KuchiSpdConnection, SPDConnection, callback_end);
SAME_OFFSET(KuchiSpdConnection, SPDConnection, callback_cancel);
SAME_OFFSET(KuchiSpdConnection, SPDConnection, callback_pause);
SAME_OFFSET(KuchiSpdConnection, SPDConnection, callback_resume);
SAME_OFFSET(KuchiSpdConnection, SPDConnection, callback_im);

_Static_assert(sizeof(KuchiSpdConnectionMode) == sizeof(SPDConnectionMode), "SPDConnectionMode changed size");
_Static_assert(sizeof(KuchiSpdPriority) == sizeof(SPDPriority), "SPDPriority changed size");
_Static_assert(sizeof(KuchiSpdNotification) == sizeof(SPDNotification), "SPDNotification changed size");
_Static_assert(sizeof(KuchiSpdNotificationType) == sizeof(SPDNotificationType), "SPDNotificationType changed size");
_Static_assert((int)KUCHI_SPD_MODE_THREADED == (int)SPD_MODE_THREADED, "SPD_MODE_THREADED");
_Static_assert((int)KUCHI_SPD_METHOD_UNIX_SOCKET == (int)SPD_METHOD_UNIX_SOCKET, "SPD_METHOD_UNIX_SOCKET");
_Static_assert((int)KUCHI_SPD_TEXT == (int)SPD_TEXT, "SPD_TEXT");
_Static_assert((int)KUCHI_SPD_BEGIN == (int)SPD_BEGIN, "SPD_BEGIN");
_Static_assert((int)KUCHI_SPD_EVENT_BEGIN == (int)SPD_EVENT_BEGIN, "SPD_EVENT_BEGIN");

// The functions' prototypes: the list speechd_client.c looks up, with the real types.
#define SAME_FUNCTION(type, name, parameters) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), type(*) parameters), #name " changed");
KUCHI_SPD_FUNCTIONS(SAME_FUNCTION, SPDConnection, SPDVoice, SPDConnectionAddress, SPDConnectionMode, SPDPriority,
                    SPDNotification)
#endif
