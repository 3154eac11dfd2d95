#!/bin/sh
# Strips the installed binary (meson does not strip custom targets).
#   strip-installed.sh RELATIVE_PATH   (relative to the prefix)
set -eu
target="${MESON_INSTALL_DESTDIR_PREFIX}/$1"
strip=$(command -v strip || command -v llvm-strip || true)
if [ -z "$strip" ]; then
    echo "strip-installed: no strip found; leaving $target unstripped" >&2
    exit 0
fi
"$strip" --strip-unneeded "$target"
