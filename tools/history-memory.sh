#!/usr/bin/env bash
# Peak memory of Kuchi with a year of history (store-bench's synthetic database:
# 100,000 cards reviewed, 1,000,000 reviews, in a deck of 110,000) against the same
# deck with no history. Kuchi starts on Welcome (whose outlook reads the schedule),
# then shows Statistics, Learn and a practice question; the figure is the process's
# peak resident memory (VmHWM) read at the end. Needs: a release build of `kuchi` and
# `store-bench` (swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld),
# xvfb openbox xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."
kuchi=${KUCHI:-.build/release/kuchi}
bench=${STORE_BENCH:-.build/release/store-bench}
work=$(mktemp -d)
trap 'kill $wm $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT

kept=$(STORE_BENCH_KEEP=1 "$bench" | sed -n 's/^kept //p')
# The deck store-bench schedules: questions of three kana, in its order.
python3 - "$work/bench.json" <<'PY'
import json, sys
kana = [chr(c) for c in range(0x3041, 0x3094)]
n = len(kana)
cards = [{"question": kana[i % n] + kana[i // n % n] + kana[i // (n * n) % n],
          "pronunciation": "x", "answer": f"meaning {i}"} for i in range(110_000)]
json.dump({"format": 1, "name": "Bench", "language": "ja", "cards": cards}, open(sys.argv[1], "w"), ensure_ascii=False)
PY

Xvfb :79 -screen 0 1280x1024x24 >/dev/null 2>&1 & xvfb=$!
export DISPLAY=:79
sleep 1
openbox >/dev/null 2>&1 & wm=$!
sleep 1

run() {  # NAME [DATABASE]: peak memory in KiB after the walk through the pages
    local home=$work/$1
    mkdir -p "$home/config/kuchi" "$home/data/kuchi/decks"
    echo '{"name": "Aiko"}' > "$home/config/kuchi/profile.json"
    echo '{"deck": "bench", "numberOfQuestions": 5}' > "$home/config/kuchi/settings.json"
    cp "$work/bench.json" "$home/data/kuchi/decks/bench.json"
    if [ $# -gt 1 ]; then cp "$2" "$home/data/kuchi/kuchi.sqlite3"; fi
    XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data KUCHI_DATA_DIR=$PWD/data "$kuchi" >/dev/null 2>&1 &
    local app=$!
    local window
    window=$(xdotool search --sync --onlyvisible --name '^Kuchi$' | head -1)
    sleep 2
    xdotool windowfocus --sync "$window"
    for keys in alt+3 alt+1 alt+2 Return space; do xdotool key $keys; sleep 1; [ -z "${SHOTS:-}" ] || import -window root "$SHOTS-$1-$keys.png"; done
    awk '/VmHWM/ {print $2}' "/proc/$app/status"
    kill $app; wait $app 2>/dev/null || true
}

empty=$(run empty)
full=$(run full "$kept/kuchi.sqlite3")
rm -rf "$kept"
echo "peak memory, deck of 110,000 cards with no history:    $((empty / 1024)) MiB"
echo "peak memory, the same deck with 1,000,000 reviews:     $((full / 1024)) MiB"
python3 -c "print(f'ratio: {$full / $empty:.3f}x (target <= 1.15x)')"
