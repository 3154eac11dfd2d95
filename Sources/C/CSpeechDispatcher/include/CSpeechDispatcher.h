// CSpeechDispatcher: speech-dispatcher's client library (libspeechd), loaded at run
// time with dlopen, behind a small typed API.
//
// Why dlopen: Kuchi must start where libspeechd.so.2 is missing (a system without
// speech-dispatcher, or a Flatpak runtime, which does not ship it), and say then why
// it cannot speak. Linking it would make it a hard dependency of the whole app. Firefox
// and Chromium load it the same way. The few declarations used are copied in
// speechd_abi.h, so building needs no -dev package either; speechd_abi_check.c
// compares them with the real header wherever libspeechd-dev is installed.
//
// Threading rule: every function here blocks on a socket (kuchi_speech_open may even
// start the daemon), so none may run on the main thread; calls on one connection must
// not overlap. The listener runs on libspeechd's own event thread.
// Lifetime rule: after kuchi_speech_close returns, the listener is never called again.
#pragma once

/// What kuchi_speech_open found.
typedef enum {
    /// Connected, with a voice in the language asked for.
    KUCHI_SPEECH_READY = 0,
    /// libspeechd could not be loaded, or lacks a function used here.
    KUCHI_SPEECH_NO_LIBRARY = 1,
    /// No speech-dispatcher answered (and none could be started).
    KUCHI_SPEECH_NO_DAEMON = 2,
    /// speech-dispatcher runs, but none of its voices speaks the language.
    KUCHI_SPEECH_NO_VOICE = 3,
} KuchiSpeechStatus;

/// Called on libspeechd's event thread when speech-dispatcher begins saying a message
/// of the connection. It must return quickly and call nothing here.
typedef void (*KuchiSpeechListener)(void *context, int message_id);

/// A connection to speech-dispatcher with a voice chosen.
typedef struct KuchiSpeech KuchiSpeech;

/// Loads `library` (e.g. "libspeechd.so.2"), connects, and chooses a voice whose
/// language is `language` ("ja", or a region of it such as "ja-JP").
///
/// `socket_path` names speech-dispatcher's unix socket; NULL means its default
/// ($SPEECHD_ADDRESS, else $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock), where a
/// daemon that is not running is started, as every speech-dispatcher client does.
/// Returns the connection with `*status` KUCHI_SPEECH_READY, or NULL with the reason
/// in `*status` and, when `detail` is not NULL, a description in `*detail` (free it
/// with free()).
KuchiSpeech *kuchi_speech_open(const char *library, const char *socket_path, const char *language,
                               KuchiSpeechListener listener, void *context,
                               KuchiSpeechStatus *status, char **detail);

/// The voice chosen, e.g. "Japanese", and its output module, e.g. "espeak-ng".
const char *kuchi_speech_voice(const KuchiSpeech *speech);
const char *kuchi_speech_module(const KuchiSpeech *speech);

/// Cancels what this connection is saying, then says `text` (UTF-8); returns the
/// message's id, or -1 if speech-dispatcher refused it.
int kuchi_speech_say(KuchiSpeech *speech, const char *text);

/// Closes the connection; NULL is allowed.
void kuchi_speech_close(KuchiSpeech *speech);
