#include "CKuchiConfig.h"
#include <stddef.h>

const char *kuchi_config_pkgdatadir(void) {
#ifdef KUCHI_PKGDATADIR
    return KUCHI_PKGDATADIR;
#else
    return NULL;
#endif
}

const char *kuchi_config_version(void) {
#ifdef KUCHI_VERSION
    return KUCHI_VERSION;
#else
    return NULL;
#endif
}

const char *kuchi_config_localedir(void) {
#ifdef KUCHI_LOCALEDIR
    return KUCHI_LOCALEDIR;
#else
    return NULL;
#endif
}
