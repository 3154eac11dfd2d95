#!/bin/sh
# Builds the documentation of GtkKit and KuchiModel — their DocC catalogues
# (Sources/GtkKit/GtkKit.docc, Sources/KuchiModel/KuchiModel.docc) over the
# public API's doc comments — with the toolchain alone, offline, and fails on
# any DocC warning: above all a ``Symbol`` link that no longer resolves, so a
# renamed type breaks the documentation build rather than silently the prose.
# An internal type, which DocC cannot link, is named in `code voice`; those
# names are checked too (below), against the types declared in Sources/.
#
#   tools/build-docs.sh [SCRATCH_PATH [OUTPUT_DIR]]
#
# SCRATCH_PATH is SwiftPM's build folder (default .build; meson passes the one
# its swift-tests test uses, so nothing is built twice). The archives land in
# OUTPUT_DIR (default SCRATCH_PATH/docs) as GtkKit.doccarchive and
# KuchiModel.doccarchive; README.md (Documentation) says how to read them.
#
# NB: no swift-docc-plugin: a package dependency would have every consumer
# resolve it, and the Flatpak builds offline. SwiftPM's own
# `swift package dump-symbol-graph` does not pass a target's unsafe flags (GTK's
# include paths, read by Package.swift) to the extractor, so it cannot load
# GtkKit; the symbol graphs are extracted here from the debug build's modules.
set -eu
cd "$(dirname "$0")/.."

scratch=${1:-.build}
output=${2:-$scratch/docs}
swift=${SWIFT:-swift}
toolchain=$(dirname "$(readlink -f "$(command -v "$swift")")")
docc=${DOCC:-$toolchain/docc}
extract=$toolchain/swift-symbolgraph-extract

# The two modules, debug as `swift build` and `swift test` build them: with
# the scratch path swift test used, this finds everything up to date.
for module in GtkKit KuchiModel; do
    "$swift" build --scratch-path "$scratch" --target "$module"
done
bin=$("$swift" build --scratch-path "$scratch" --show-bin-path)

# What the compiler was given to find the C modules (tools/c-module-flags.sh).
. "$PWD/tools/c-module-flags.sh"
clang_flags=$(c_module_flags "$PWD" "$bin")

status=0
for module in GtkKit KuchiModel; do
    graphs=$output/symbol-graphs/$module
    rm -rf "$graphs" "$output/$module.doccarchive"
    mkdir -p "$graphs"
    # shellcheck disable=SC2086 # clang_flags is a list of words without spaces.
    "$extract" -module-name "$module" -target "$(basename "$(dirname "$bin")")" \
        -I "$bin/Modules" -module-cache-path "$bin/ModuleCache" $clang_flags \
        -minimum-access-level public -output-dir "$graphs"
    if ! "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
        --warnings-as-errors --ide-console-output --output-dir "$output/$module.doccarchive"; then
        echo "build-docs: $module's documentation has the problems above (file:line each):" \
            "a \`\`link\`\` to a name that is not public API, or no longer exists," \
            "fails the build; name internal types in \`code voice\` instead." >&2
        status=1
    fi
done

# DocC checks the ``links``; a name in `code voice` (an internal type, which DocC
# cannot link) is checked here: it must still be a type declared in Sources/, a
# target of Package.swift, or one of the toolchain's types named below.
declared=$( (grep -rhoE '(class|struct|enum|protocol|actor|typealias) [A-Z][A-Za-z0-9_]*' Sources --include='*.swift' |
    sed 's/.* //'; grep -oE 'name: "[A-Za-z0-9_-]+"' Package.swift | sed 's/name: "\(.*\)"/\1/';
    echo Sendable Calendar TimeZone DateFormatter | tr ' ' '\n') | sort -u)
for doc in Sources/*/*.docc/*.md; do
    for hit in $(sed 's/``[^`]*``//g' "$doc" | grep -noE '`[A-Z][A-Za-z0-9_]*`' | tr -d '`'); do
        if ! echo "$declared" | grep -qx "${hit#*:}"; then
            echo "$doc:${hit%%:*}: error: \`${hit#*:}\` is not a type or target in Sources/ or Package.swift (renamed?)" >&2
            status=1
        fi
    done
done

if [ $status -ne 0 ]; then exit $status; fi
echo "build-docs: $output/GtkKit.doccarchive and $output/KuchiModel.doccarchive"
