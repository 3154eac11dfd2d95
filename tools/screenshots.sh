#!/usr/bin/env bash
# Takes the screenshots in data/screenshots/ from the real app: Xvfb, openbox,
# a fresh profile, and xdotool to type and click as a user would.
# Needs: xvfb openbox xdotool imagemagick (and a built `kuchi`: swift build).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${KUCHI:-.build/debug/kuchi}
out=data/screenshots
home=$(mktemp -d)
display=:77
Xvfb $display -screen 0 1400x1000x24 >/dev/null 2>&1 & xvfb=$!
trap 'kill $xvfb $wm $app 2>/dev/null || true; rm -rf "$home"' EXIT
export DISPLAY=$display XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data
sleep 1
openbox >/dev/null 2>&1 & wm=$!
sleep 1
"$binary" >/dev/null 2>&1 & app=$!

window() { xdotool search --sync --onlyvisible --name '^Kuchi$' | head -1; }
shot() { sleep 0.8; import -window "$(window)" "$out/$1.png"; echo "$out/$1.png"; }
size() { xdotool windowsize "$(window)" "$1" "$2"; sleep 0.8; }

size 360 294; shot register-narrow
size 720 640
xdotool type --delay 60 "Hana"; shot register
xdotool key Return; shot welcome
size 360 294; shot welcome-narrow
size 720 640
xdotool key Return; sleep 0.5; xdotool key space; shot practice
size 720 450; shot practice-compact
size 360 294; shot practice-narrow
size 720 640
xdotool key 1; sleep 0.8; import -window root -crop 1400x1000+0+0 "$out/feedback-full.png"
convert "$out/feedback-full.png" -trim +repage "$out/feedback.png"; rm "$out/feedback-full.png"; echo "$out/feedback.png"

# Play on: the feedback dialog's title says whether the guess was right.
answered=0; key=1
if xdotool search --onlyvisible --name '^Congratulations$' >/dev/null; then answered=1; key=0; fi
xdotool key Escape; sleep 0.5
while [ "$answered" -lt 5 ]; do
    if [ "$key" -eq 0 ]; then xdotool key space; sleep 0.4; key=1; fi
    xdotool key "$key"; sleep 0.6
    if xdotool search --onlyvisible --name '^Congratulations$' >/dev/null; then
        answered=$((answered + 1)); key=0
    else
        key=$((key + 1))
    fi
    xdotool key Return; sleep 0.5
done
shot congratulations
size 360 294; shot congratulations-narrow
