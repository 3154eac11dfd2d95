#!/bin/sh
# Builds a package of someone else's that depends on GtkKit by version, as a
# developer adds it, and runs it: Tests/ConsumerPackage, its URL pointed at a git
# repository made in a temporary folder from this source tree (every file git
# tracks or would add, as they are on disk now) and tagged 0.1.0 there. Then runs
# its executable, which shows a window with a label and quits once the label is
# mapped, and checks that nothing of Kuchi's was built or linked for it.
#
#   test-consumer-package.sh SWIFT SOURCE_ROOT
#
# Offline: the dependency is the local repository (file://). Nothing outside the
# temporary folder is written: SwiftPM's build, cache, configuration and security
# folders and its lock files all go there, and its shared repository cache is not
# used. Needs a
# display (meson runs it under xvfb-run). Exit 77 (skipped) without git.
set -eu

swift=$1
source_root=$(cd "$2" && pwd)

if ! command -v git >/dev/null 2>&1 || ! git -C "$source_root" rev-parse --git-dir >/dev/null 2>&1; then
    echo "not a git checkout, or no git: the consumer package needs a repository to clone" >&2
    exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/gtkkit-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# The repository the consumer depends on: this tree's files (tracked or new, not
# ignored, not deleted), committed once and tagged, so what is tested is what is
# on disk, committed or not. No tag is made in the real repository.
mkdir "$work/kuchi"
(cd "$source_root" && git ls-files -z --cached --others --exclude-standard) |
    (cd "$source_root" && xargs -0 sh -c 'for f; do [ -e "$f" ] || [ -L "$f" ] && printf "%s\0" "$f"; done' sh) |
    (cd "$source_root" && xargs -0 cp -P --parents -t "$work/kuchi")
git -C "$work/kuchi" init --quiet
git -C "$work/kuchi" add --all
git -C "$work/kuchi" -c user.name=test -c user.email=test@localhost commit --quiet -m "GtkKit 0.1.0"
git -C "$work/kuchi" tag 0.1.0

cp -R "$source_root/Tests/ConsumerPackage" "$work/hello"
sed -i "s|https://github.com/kuchi-app/kuchi|file://$work/kuchi|" "$work/hello/Package.swift"
grep -q "file://$work/kuchi\", from: \"0.1.0\"" "$work/hello/Package.swift"

# SwiftPM's lock files go to TMPDIR: into the temporary folder too.
mkdir "$work/tmp"
export TMPDIR="$work/tmp"
swiftpm_folders="--scratch-path $work/scratch --cache-path $work/cache --config-path $work/config --security-path $work/security --disable-dependency-cache"
start=$(date +%s)
# shellcheck disable=SC2086
if ! (cd "$work/hello" && "$swift" build $swiftpm_folders) > "$work/build.log" 2>&1; then
    cat "$work/build.log"
    echo "the consumer package did not build" >&2
    exit 1
fi
cat "$work/build.log"
echo "consumer build: $(( $(date +%s) - start )) s, $(grep -c "warning:" "$work/build.log") warning lines"
# shellcheck disable=SC2086
bin=$(cd "$work/hello" && "$swift" build $swiftpm_folders --show-bin-path)
[ -x "$bin/Hello" ] || { echo "no Hello executable in $bin" >&2; exit 1; }

# The product's closure: GtkKit, CGtkShim, CGtk and CGettext (glibc), nothing of Kuchi's. (SwiftPM
# makes a folder for every target of the package; only the closure's hold objects.)
for module in GtkKit CGtkShim; do
    find "$bin/$module.build" -name '*.o' | grep -q . || { echo "no objects for $module: the check below would be blind" >&2; exit 1; }
done
for module in KuchiModel KuchiApp CArchiveLoader CSoupShim CSpeechDispatcher CKuchiConfig; do
    if [ -d "$bin/$module.build" ] && find "$bin/$module.build" -name '*.o' | grep -q .; then
        echo "$module was built for a package that uses GtkKit alone" >&2
        exit 1
    fi
done
if readelf -d "$bin/Hello" | grep NEEDED | grep -E "sqlite|archive|zstd|soup|speechd"; then
    echo "Hello links a library of Kuchi's (above)" >&2
    exit 1
fi

# The window: the label's map prints the line; a run that never gets there is
# stopped after a minute. In a D-Bus session of its own where there is one to
# start, as an app runs (GApplication registers its name on the session bus).
session=
if command -v dbus-run-session >/dev/null 2>&1; then session="dbus-run-session --"; fi
# shellcheck disable=SC2086 # session is empty or two words.
timeout 60 $session "$bin/Hello" > "$work/run.log" 2>&1 || { cat "$work/run.log"; echo "Hello failed or timed out" >&2; exit 1; }
cat "$work/run.log"
grep -qx "shown: Hello from GtkKit" "$work/run.log"
