# Sourced by tools/build-docs.sh and tools/test-consumer-package.sh: prints the flags
# that let a Swift tool outside SwiftPM (the symbol-graph extractor, swiftc
# -typecheck) find the C modules as the build did: every module map (the system
# libraries' in SOURCES/Sources/C, the C targets' that SwiftPM generates in BIN), the C
# targets' headers, and GTK's include paths as SwiftPM reads them from libadwaita's
# pkg-config file (Package.swift). The API-version macros need no flag: they are in
# CGtk's own header.
#
# Usage: clang_flags=$(c_module_flags SOURCES BIN)
c_module_flags() {
    local sources=$1 bin=$2 flags= map include flag
    for map in "$sources"/Sources/C/*/module.modulemap "$bin"/*.build/module.modulemap; do
        if [ -f "$map" ]; then flags="$flags -Xcc -fmodule-map-file=$map"; fi
    done
    for include in "$sources"/Sources/C/*/include; do
        if [ -d "$include" ]; then flags="$flags -Xcc -I$include"; fi
    done
    for flag in $(pkg-config --cflags-only-I libadwaita-1); do
        flags="$flags -Xcc $flag"
    done
    echo "$flags"
}
