#!/usr/bin/env bash
# Takes the screenshots in data/screenshots/ from the real app: Xvfb, openbox, a
# fresh profile, and xdotool to type, click and press keys as a user would. Every
# page, light and dark, in a wide (720×640) and the smallest (360×294) window.
# Needs: xvfb openbox xdotool imagemagick, and a built `kuchi` (meson compile -C build,
# or swift build; KUCHI=path to choose).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${KUCHI:-build/kuchi}
out=data/screenshots
display=:77
export KUCHI_DATA_DIR=$PWD/data
mkdir -p "$out"

Xvfb $display -screen 0 1400x1000x24 >/dev/null 2>&1 & xvfb=$!
export DISPLAY=$display
sleep 1
openbox >/dev/null 2>&1 & wm=$!
sleep 1
trap 'kill $xvfb $wm 2>/dev/null || true' EXIT

window() { xdotool search --sync --onlyvisible --name '^Kuchi$' | head -1; }
settle() { sleep 0.9; }
shot() { settle; import -window "$(window)" "$out/$1.png"; echo "$out/$1.png"; }
size() { xdotool windowsize "$(window)" "$1" "$2"; settle; }
wide_and_narrow() {  # NAME: the page as it is, wide, then at 360×294
    size 720 640; shot "$1"
    size 360 294; shot "$1-narrow"
    size 720 640
}
# A feedback dialog sits over the window: crop the screen to both.
feedback() { settle; import -window root -crop 1400x1000+0+0 "$out/$1-full.png"
    convert "$out/$1-full.png" -trim +repage "$out/$1.png"; rm "$out/$1-full.png"; echo "$out/$1.png"; }

for style in light dark; do
    suffix=$([ "$style" = dark ] && echo "-dark" || true)
    home=$(mktemp -d)
    mkdir -p "$home/.config/kuchi"
    echo "{\"appearance\": \"$style\", \"numberOfQuestions\": 3}" > "$home/.config/kuchi/settings.json"
    HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share "$binary" >/dev/null 2>&1 & app=$!
    window >/dev/null; settle

    wide_and_narrow "register$suffix"
    xdotool type --delay 60 "Hana"; xdotool key Return
    wide_and_narrow "welcome$suffix"

    xdotool key alt+1
    wide_and_narrow "learn$suffix"
    xdotool key space; shot "learn-turned$suffix"

    xdotool key alt+2; settle; xdotool key Return; settle; xdotool key space
    wide_and_narrow "practice$suffix"
    size 720 450; shot "practice-compact$suffix"; size 720 640

    # Play on, reading whether the guess was right from the feedback's title.
    answered=0; key=1; first=1
    while [ "$answered" -lt 3 ]; do
        xdotool key "$key"; sleep 0.7
        if [ "$first" = 1 ]; then feedback "feedback$suffix"; first=0; fi
        if xdotool search --onlyvisible --name '^Congratulations$' >/dev/null; then
            answered=$((answered + 1)); key=1
            xdotool key Return; sleep 0.5
            [ "$answered" -lt 3 ] && { xdotool key space; sleep 0.4; }
        else
            key=$((key + 1)); xdotool key Return; sleep 0.5
        fi
    done
    wide_and_narrow "congratulations$suffix"

    xdotool key alt+3
    wide_and_narrow "statistics$suffix"

    xdotool key ctrl+comma
    wide_and_narrow "settings$suffix"
    kill $app; wait $app 2>/dev/null || true
    rm -rf "$home"
done
