// glibc's gettext (libintl.h), which Swift's Glibc module does not bring in.
#pragma once
#include <libintl.h>
#include <locale.h>
