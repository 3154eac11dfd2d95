// CSoup: libsoup 3's headers, for CSoupShim's C only; no Swift file imports it. A
// module of its own so SwiftPM reads libsoup's flags from pkg-config (Package.swift).
#pragma once
#include <libsoup/soup.h>
