#!/bin/sh
# Builds a package of someone else's that depends on GtkKit by version, as a
# developer adds it, and runs it: the Kuchi that GtkKit's DocC tutorial builds
# (Sources/GtkKit/GtkKit.docc/Tutorials/BuildingKuchi.tutorial), made of the
# tutorial's own listings, its URL pointed at a git repository made in a temporary
# folder from this source tree (every file git tracks or would add, as they are on
# disk now) and tagged 0.1.0 there. So the code the tutorial shows is the code that
# is built: its last listing of each file is the package, and every step's files
# as they stand at that step must type-check too.
#
# Then checks that nothing of Kuchi's was built or linked for it, and plays the
# tutorial's app twice in a window: once through its model, Tests/ConsumerPackage/
# KuchiCheck's main.swift taking the place of the tutorial's (a second target of the
# package) and printing, move by move, the screen the app is at and whether its window
# followed; once as a person would, the app itself with its own main.swift, typed at
# and read through AT-SPI (Tests/ConsumerPackage/play_tutorial_kuchi.py).
# README's window with a label (GtkKit in your own package), Tests/ConsumerPackage/
# Hello, is a third target: it shows its label and quits.
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

# The tutorial's package: each `@Code(name:file:)` of the tutorial, in order, writes
# its listing to the file it names (the manifest, or a source of the KuchiQuiz target),
# so the last listing of each file is what is built. The files as they are after
# each step are kept for the type-check below.
docs="$source_root/Sources/GtkKit/GtkKit.docc/Tutorials"
listings=$(grep -oE '@Code\(name: "[^"]+", file: "[^"]+"\)' "$docs/BuildingKuchi.tutorial" |
    sed -E 's/@Code\(name: "([^"]+)", file: "([^"]+)"\)/\1 \2/')
[ -n "$listings" ] || { echo "no @Code listings in $docs/BuildingKuchi.tutorial" >&2; exit 1; }
mkdir -p "$work/app/Sources/KuchiQuiz" "$work/steps"
step=0
echo "$listings" | while read -r name file; do
    [ -f "$docs/Code/$file" ] || { echo "BuildingKuchi.tutorial: no listing $file in $docs/Code" >&2; exit 1; }
    case $name in
        Package.swift) cp "$docs/Code/$file" "$work/app/Package.swift" ;;
        *) cp "$docs/Code/$file" "$work/app/Sources/KuchiQuiz/$name" ;;
    esac
    step=$((step + 1))
    cp -R "$work/app/Sources/KuchiQuiz" "$work/steps/$step-$file"
done
[ -f "$work/app/Package.swift" ] && [ -f "$work/app/Sources/KuchiQuiz/main.swift" ] ||
    { echo "the tutorial has no Package.swift or main.swift listing" >&2; exit 1; }

# The session player: the tutorial's files but main.swift, and the player's.
mkdir "$work/app/Sources/KuchiCheck"
cp "$work/app/Sources/KuchiQuiz/"*.swift "$work/app/Sources/KuchiCheck/"
cp "$source_root/Tests/ConsumerPackage/KuchiCheck/main.swift" "$work/app/Sources/KuchiCheck/main.swift"
# And README's window with a label (GtkKit in your own package), which quits once
# its label is on screen.
mkdir "$work/app/Sources/Hello"
cp "$source_root/Tests/ConsumerPackage/Hello/main.swift" "$work/app/Sources/Hello/main.swift"
cat >> "$work/app/Package.swift" <<'MANIFEST'

// Added by test-consumer-package.sh: the tutorial's app driven through a session, and
// README's window with a label.
package.targets.append(
    .executableTarget(name: "KuchiCheck", dependencies: [.product(name: "GtkKit", package: "kuchi")])
)
package.targets.append(
    .executableTarget(name: "Hello", dependencies: [.product(name: "GtkKit", package: "kuchi")])
)
MANIFEST
sed -i "s|https://github.com/kuchi-app/kuchi|file://$work/kuchi|" "$work/app/Package.swift"
grep -q "file://$work/kuchi\", from: \"0.1.0\"" "$work/app/Package.swift"

# SwiftPM's lock files go to TMPDIR: into the temporary folder too.
mkdir "$work/tmp"
export TMPDIR="$work/tmp"
swiftpm_folders="--scratch-path $work/scratch --cache-path $work/cache --config-path $work/config --security-path $work/security --disable-dependency-cache"
start=$(date +%s)
# shellcheck disable=SC2086
if ! (cd "$work/app" && "$swift" build $swiftpm_folders) > "$work/build.log" 2>&1; then
    cat "$work/build.log"
    echo "the consumer package did not build" >&2
    exit 1
fi
cat "$work/build.log"
echo "consumer build: $(( $(date +%s) - start )) s, $(grep -c "warning:" "$work/build.log") warning lines"
# The tutorial's code compiles without a warning (SwiftPM's own lines about GTK's
# pkg-config flags name no source file).
if grep -E "/Sources/(KuchiQuiz|KuchiCheck|Hello)/[^:]*:[0-9]+:[0-9]+: warning:" "$work/build.log"; then
    echo "the tutorial's code has the warnings above" >&2
    exit 1
fi
# shellcheck disable=SC2086
bin=$(cd "$work/app" && "$swift" build $swiftpm_folders --show-bin-path)
for product in KuchiQuiz KuchiCheck Hello; do
    [ -x "$bin/$product" ] || { echo "no $product executable in $bin" >&2; exit 1; }
done

# Every step of the tutorial: its files as they stand then type-check (against the
# GtkKit just built, with the C modules' maps and GTK's include paths the build
# used), in Swift 6 mode without a warning. The step that writes only the manifest
# has no source yet.
. "$source_root/tools/c-module-flags.sh"
clang_flags=$(c_module_flags "$work/scratch/checkouts/kuchi" "$bin")
swiftc="$(dirname "$(readlink -f "$(command -v "$swift")")")/swiftc"
checked=0
for dir in $(ls -d "$work"/steps/* | sort -V); do
    set -- "$dir"/*.swift
    [ -f "$1" ] || continue
    # shellcheck disable=SC2086 # clang_flags is a list of words without spaces.
    if ! "$swiftc" -typecheck -swift-version 6 -module-name KuchiQuiz -I "$bin/Modules" $clang_flags "$@" \
        > "$work/typecheck.log" 2>&1 || grep -q "warning:" "$work/typecheck.log"; then
        cat "$work/typecheck.log"
        echo "the tutorial's step $(basename "$dir") (its files after that listing) does not type-check cleanly" >&2
        exit 1
    fi
    checked=$((checked + 1))
done
echo "tutorial steps type-checked: $checked"

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
for product in KuchiQuiz KuchiCheck Hello; do
    if readelf -d "$bin/$product" | grep NEEDED | grep -E "sqlite|archive|zstd|soup|speechd"; then
        echo "$product links a library of Kuchi's (above)" >&2
        exit 1
    fi
done

# Each run is in a D-Bus session of its own where there is one to start, as an app
# runs (GApplication registers its name on the session bus).
session=
if command -v dbus-run-session >/dev/null 2>&1; then session="dbus-run-session --"; fi

# README's window: the label's map prints the line.
# shellcheck disable=SC2086 # session is empty or two words.
timeout 60 $session "$bin/Hello" > "$work/hello.log" 2>&1 || { cat "$work/hello.log"; echo "Hello failed or timed out" >&2; exit 1; }
grep -qx "shown: Hello from GtkKit" "$work/hello.log" || { cat "$work/hello.log"; echo "Hello never showed its label" >&2; exit 1; }
echo "shown: Hello from GtkKit"

# The session: the player prints a line per move (KuchiCheck/main.swift says what
# each means); a run that never gets to the end is stopped after a minute.
# shellcheck disable=SC2086 # session is empty or two words.
timeout 60 $session "$bin/KuchiCheck" > "$work/run.log" 2>&1 || { cat "$work/run.log"; echo "KuchiCheck failed or timed out" >&2; exit 1; }
cat "$work/run.log"
cat > "$work/expected.log" <<'SESSION'
shown: screen register
too short: screen register, score 0, regular, built none, wrote some
register: screen welcome, score 0, regular, built some, wrote some
start: screen challenge, score 0, regular, built some, wrote some
right: screen challenge, score 1, regular, built none, wrote some
narrow: screen challenge, score 1, compact, built some, wrote some
wrong: screen challenge, score 1, compact, built none, wrote some
right: screen congratulations, score 2, compact, built some, wrote some
play again: screen challenge, score 0, compact, built none, wrote some
warnings: 0
SESSION
grep -E "^(shown|too short|register|start|right|narrow|wrong|play again|warnings):" "$work/run.log" > "$work/session.log" || true
if ! diff -u "$work/expected.log" "$work/session.log"; then
    echo "the tutorial's Kuchi did not go through a session as expected (- expected, + shown)" >&2
    exit 1
fi

# The app itself, its own main.swift, played as a person would: real key presses
# (xdotool), the window read through AT-SPI (python3-gi's Atspi), as the shipped-app
# tests read Kuchi's. Debian's python3 first, as meson.build says why.
python=python3
if [ -x /usr/bin/python3 ]; then python=/usr/bin/python3; fi
if ! command -v xdotool >/dev/null 2>&1 || ! "$python" -c 'import gi; gi.require_version("Atspi", "2.0")' 2>/dev/null; then
    echo "playing the tutorial's Kuchi needs xdotool and python3-gi with Atspi (gir1.2-atspi-2.0)" >&2
    exit 1
fi
# shellcheck disable=SC2086 # session is empty or two words.
timeout 120 $session "$python" "$source_root/Tests/ConsumerPackage/play_tutorial_kuchi.py" "$bin/KuchiQuiz" \
    > "$work/play.log" 2>&1 || { cat "$work/play.log"; echo "the tutorial's Kuchi did not play as a person would (above)" >&2; exit 1; }
grep -vE "^dbus-daemon|^SpiRegistry|portal|PipeWire|pw\.conf|max threads|^$" "$work/play.log" || true
echo "the tutorial's Kuchi: built, every step type-checked, one session played by the model and one by the keyboard"
