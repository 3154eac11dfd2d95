#!/usr/bin/env bash
# Writes build-aux/startup-order.txt: the functions of Kuchi's own binary that run from
# its start to its first frame, which the linker lays out together
# (`--symbol-ordering-file`, with every Swift function in a section of its own), so
# the first frame touches fewer pages of the binary: 2.65 MiB less resident there
# (README.md, "Start-up with every deck installed").
#
# The list is read off one run of kuchi-startup-probe under callgrind, on a private
# X display with a throw-away HOME and the repository's decks. A stale list is only
# less effective (a name that no longer exists is passed over), never wrong: run this
# again after a change to what Kuchi does before its first frame. SwiftPM does not see
# the list as an input of the link: meson's build relinks kuchi when the list is newer
# (build-aux/swift-build.sh); for other builds, remove the linked binaries.
#
# Needs: valgrind, xvfb (xvfb-run), binutils (strip), the Swift toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build-startup-order}
swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
    -Xswiftc -Xfrontend -Xswiftc -function-sections \
    --scratch-path "$scratch" --product kuchi-startup-probe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# NB: valgrind 3.19 cannot read the toolchain's DWARF 5; the symbol table is enough.
strip --strip-debug -o "$work/probe" "$scratch/release/kuchi-startup-probe"
# The start-ups the benchmark measures: a first run (Register, Kuchi Basics), the
# largest deck chosen (its header read, its load put off), and registered (Home).
scenarios=(first-run large-deck registered)
for scenario in "${scenarios[@]}"; do
    home="$work/$scenario"
    mkdir -p "$home/.config/kuchi"
    case $scenario in
        large-deck) echo '{"deck": "jlpt-n1"}' >"$home/.config/kuchi/settings.json" ;;
        registered) echo '{"deck": "jlpt-n1"}' >"$home/.config/kuchi/settings.json"
                    echo '{"name": "Aiko"}' >"$home/.config/kuchi/profile.json" ;;
    esac
    HOME="$home" GSETTINGS_BACKEND=memory KUCHI_DATA_DIR="$PWD/data" \
        xvfb-run -a -s "-screen 0 1280x1024x24" \
        valgrind --tool=callgrind --callgrind-out-file="$work/$scenario.out" --demangle=no \
        --dump-instr=no --compress-strings=no --compress-pos=no "$work/probe" >"$work/$scenario.log" 2>&1 \
        || { cat "$work/$scenario.log" >&2; exit 1; }
    grep -q '^first-frame-ns ' "$work/$scenario.log" \
        || { echo "the probe did not reach its first frame ($scenario)" >&2; cat "$work/$scenario.log" >&2; exit 1; }
done
python3 - "$work/probe" build-aux/startup-order.txt "${scenarios[@]/#/$work/}" <<'PY'
import sys
binary, output, *runs = sys.argv[1:]
names, seen = [], set()
for trace in (run + ".out" for run in runs):
    current_object = called_object = None
    for line in open(trace, errors="replace"):
        if line.startswith("ob="):
            current_object = line[3:].strip()
        elif line.startswith("cob="):
            called_object = line[4:].strip()
        elif line.startswith(("fn=", "cfn=")):
            is_call = line.startswith("cfn=")
            owner = (called_object or current_object) if is_call else current_object
            if is_call:
                called_object = None
            name = line.split("=", 1)[1].strip()
            if owner == binary and not name.startswith("0x") and name not in seen:
                seen.add(name)
                names.append(name)
with open(output, "w") as out:
    out.write("\n".join(names) + "\n")
print(f"{output}: {len(names)} functions")
PY
