#!/bin/sh
# Builds the `kuchi` product with SwiftPM in release mode and copies the
# binary to where meson expects the custom target's output.
#
#   swift-build.sh SWIFT SOURCE_ROOT SCRATCH_PATH OUTPUT [swift build args...]
#
# SwiftPM keeps its own incremental state under SCRATCH_PATH (inside the
# meson build directory), so re-running this is cheap when nothing changed.
set -eu

swift=$1
source_root=$2
scratch=$3
output=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
shift 4

cd "$source_root"
bin_path=$("$swift" build -c release --scratch-path "$scratch" --show-bin-path "$@")
# NB: SwiftPM does not know the linker reads build-aux/startup-order.txt; a newer list
# needs a new link, so the old binary goes.
if [ -e "$bin_path/kuchi" ] && [ build-aux/startup-order.txt -nt "$bin_path/kuchi" ]; then
    rm -f "$bin_path/kuchi"
fi
"$swift" build -c release --product kuchi --scratch-path "$scratch" "$@"
cp -f "$bin_path/kuchi" "$output"
