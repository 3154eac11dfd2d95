// CGtk: GTK 4 and libadwaita as one C module, with the API versions GtkKit is
// written against. The oldest versions GtkKit supports (Debian 12's, GTK 4.8 and
// libadwaita 1.2), as GTK's and libadwaita's version macros: newer releases'
// deprecations of these APIs do not warn (the Flatpak's GNOME runtime is newer),
// and using an API newer than these does ("Not available before 4.10").
//
// They are defined here, before the first include of GTK, rather than as -D flags
// in Package.swift: a package another depends on by version cannot pass compiler
// flags (unsafeFlags), and this header is what every importer of CGtk reads, Swift
// and C alike (CGtkShim and the C benchmarks include it first).
#pragma once

#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
#define ADW_VERSION_MIN_REQUIRED ADW_VERSION_1_2
#define ADW_VERSION_MAX_ALLOWED ADW_VERSION_1_2

#include <gtk/gtk.h>
#include <adwaita.h>
