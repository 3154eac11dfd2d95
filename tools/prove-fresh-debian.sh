#!/usr/bin/env bash
# prove-fresh-debian.sh [SUITE] [COMMIT] — prove README.md's commands on a fresh
# Debian chroot (SUITE: bookworm, Debian 12, the default; or trixie, Debian 13) at
# $FRESH/root-SUITE, with the Swift toolchain from /opt/swift bind-mounted.
# Run as root. The first run makes the chroot (debootstrap --variant=minbase SUITE,
# kept as a tarball so every step starts from a bare tree; later runs on the same
# machine reuse the tarball). Exits non-zero when a step's README command fails.
#
#   Step 1  restore the chroot from the pristine debootstrap tarball, mount,
#           copy resolv.conf, write Debian's apt sources for SUITE, clone COMMIT,
#           copy ../shared
#   Step 2  apt-get update + the README's "run every test" command
#           (leading "sudo " dropped) -> $FRESH/readme-tests-SUITE.log
#           (+ meson's testlog.txt -> $FRESH/readme-tests-SUITE.testlog.txt)
#   Step 3  restore the chroot again (fresh), apt-get update + the README's
#           "launch Kuchi" command (leading "sudo " dropped) on Xvfb :77,
#           screenshot after ~60 s of the window -> $FRESH/first-command-SUITE.png
#   Step 4  stop everything started here and unmount everything
#
# COMMIT defaults to this repository's HEAD at the time of the run.
# Environment knobs:
#   STEPS="2 3"     which steps to run (step 1 and 4 always run around each;
#                   STEPS=1 only sets up, lists the mounts and tears down)
#   FRESH_ROOT=1    restore $FRESH/root from minbase-pristine.tar before
#                   each step (0: reuse the tree as it is)
#   EXTRA_PKGS=""   packages installed (and logged) before the README command,
#                   for recording what the README misses; empty by default
#   WINDOW_WAIT=3600 seconds step 3 waits for the Kuchi window (the build first)
#   SHOT_AFTER=60   seconds the window is shown before the screenshot
#
# The repository is only read (git clone --no-hardlinks); nothing outside
# $FRESH and /tmp is written.
set -uo pipefail

SUITE=bookworm
case ${1:-} in bookworm|trixie) SUITE=$1; shift ;; esac
FRESH=${FRESH:-/var/tmp/kuchi-fresh}
R=$FRESH/root-$SUITE
PRISTINE=$FRESH/minbase-$SUITE.tar
APTCACHE=$FRESH/apt-archives-$SUITE   # .deb download cache only (saves re-downloads)
MAIN=${MAIN:-$(cd "$(dirname "$0")/.." && pwd)}
SHARED=${SHARED:-$MAIN/../shared}
TESTLOG=$FRESH/readme-tests-$SUITE.log
FIRSTLOG=$FRESH/first-command-$SUITE.log
SHOT=$FRESH/first-command-$SUITE.png
DISP=77
STATUS=0

COMMIT=${1:-$(git -C "$MAIN" rev-parse HEAD)}
COMMIT=$(git -C "$MAIN" rev-parse --verify "$COMMIT^{commit}") || { echo "no such commit: ${1:-}" >&2; exit 2; }
STEPS=${STEPS:-"2 3"}
FRESH_ROOT=${FRESH_ROOT:-1}
EXTRA_PKGS=${EXTRA_PKGS:-}
WINDOW_WAIT=${WINDOW_WAIT:-3600}
SHOT_AFTER=${SHOT_AFTER:-60}

# The environment inside the chroot (env -i: nothing from the host leaks in).
CHROOT_ENV=(HOME=/root
            PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
            TERM=dumb LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive)

say() { printf '[prove %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }

# ---------------------------------------------------------------- mounts ----
mounts_under_root() {   # mount points at or below $R, innermost (last mounted) first
    awk -v r="$R" '$5 == r || index($5, r "/") == 1 { print $5 }' /proc/self/mountinfo | tac
}

kill_chroot_procs() {   # processes whose root is the chroot: only ever ours
    local sig=$1 p root found=1
    for p in /proc/[0-9]*; do
        root=$(readlink "$p/root" 2>/dev/null) || continue
        if [ "$root" = "$R" ]; then kill "-$sig" "${p#/proc/}" 2>/dev/null; found=0; fi
    done
    return $found
}

unmount_all() {
    local m tries=0
    if kill_chroot_procs TERM; then sleep 3; kill_chroot_procs KILL && sleep 1; fi
    while [ -n "$(mounts_under_root)" ]; do
        for m in $(mounts_under_root); do umount "$m" 2>/dev/null; done
        tries=$((tries + 1))
        if [ $tries -ge 5 ]; then
            say "ERROR: could not unmount:"; mounts_under_root >&2
            return 1
        fi
        sleep 1
    done
    if mount | grep -q " $R"; then say "ERROR: mounts remain under $R"; return 1; fi
    return 0
}

mount_all() {
    mount -t proc proc "$R/proc"
    mount -t sysfs sysfs "$R/sys"
    mount --rbind /dev "$R/dev"
    mount --make-rslave "$R/dev"          # nothing unmounted here reaches the host
    mount --bind /dev/pts "$R/dev/pts"
    mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$R/dev/shm"
    mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$R/tmp"
    mkdir -p "$R/opt/swift"
    mount --bind /opt/swift "$R/opt/swift"
    mount -o remount,bind,ro "$R/opt/swift"
    mkdir -p "$APTCACHE/partial" "$R/var/cache/apt/archives"
    mount --bind "$APTCACHE" "$R/var/cache/apt/archives"
}

# ---------------------------------------------------------------- step 1 ----
setup_root() {
    unmount_all || exit 1
    if [ "$FRESH_ROOT" = 1 ]; then
        if [ ! -f "$PRISTINE" ]; then
            command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
            say "making $PRISTINE (debootstrap --variant=minbase $SUITE)"
            rm -rf --one-file-system "$FRESH/pristine-$SUITE"
            mkdir -p "$FRESH/pristine-$SUITE"
            debootstrap --variant=minbase "$SUITE" "$FRESH/pristine-$SUITE" http://deb.debian.org/debian >"$FRESH/debootstrap-$SUITE.log" 2>&1 \
                || { say "debootstrap failed: $FRESH/debootstrap-$SUITE.log"; exit 1; }
            tar -C "$FRESH/pristine-$SUITE" --numeric-owner --xattrs --acls -cpf "$PRISTINE.part" . \
                && mv "$PRISTINE.part" "$PRISTINE" && rm -rf --one-file-system "$FRESH/pristine-$SUITE"
        fi
        say "restoring $R from $(basename "$PRISTINE") (bare debootstrap --variant=minbase $SUITE)"
        rm -rf --one-file-system "$R"
        mkdir -p "$R"
        tar -C "$R" --numeric-owner --xattrs --acls -xpf "$PRISTINE"
    fi
    mount_all
    cp /etc/resolv.conf "$R/etc/resolv.conf"
    # Debian's sources for the suite (SUITE, SUITE-updates, SUITE-security), as a
    # fresh install of it has them; debootstrap's one-line sources.list (SUITE main)
    # would duplicate them.
    mkdir -p "$R/etc/apt/sources.list.d"
    cat >"$R/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: http://deb.debian.org/debian
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
    rm -f "$R/etc/apt/sources.list"
    # The project: a fresh clone of COMMIT, with ../shared beside it.
    rm -rf --one-file-system "$R/root/work"
    mkdir -p "$R/root/work"
    git clone --quiet --no-hardlinks "$MAIN" "$R/root/work/main"
    git -C "$R/root/work/main" -c advice.detachedHead=false checkout --quiet "$COMMIT"
    cp -a "$SHARED" "$R/root/work/shared"
    say "chroot ready: $(git -C "$R/root/work/main" log -1 --format='%h %s' | cut -c1-100)"
}

readme_line_after() {   # the line after the comment line $1 in the clone's README
    awk -v c="$1" 'found { print; exit } $0 == c { found = 1 }' "$R/root/work/main/README.md"
}

drop_sudo() {
    case $1 in
        "sudo "*) printf '%s' "${1#sudo }" ;;
        *) say "WARNING: the README command does not start with 'sudo '"; printf '%s' "$1" ;;
    esac
}

in_chroot() { chroot "$R" /usr/bin/env -i "${CHROOT_ENV[@]}" "$@"; }

toolchain_ldd() {       # what the toolchain's binaries cannot load in the chroot
    local b out
    for b in swift-frontend swift-driver swift-package swift-build swift-run swift-test clang lld; do
        out=$(in_chroot ldd "/opt/swift/usr/bin/$b" 2>&1 | grep 'not found' | awk '{print $1}' | sort -u | tr '\n' ' ')
        echo "  $b: ${out:-(all libraries found)}"
    done
}

# ---------------------------------------------------------------- step 2 ----
step2() {
    setup_root
    local cmd raw rc t0 t1 tu
    raw=$(readme_line_after "# Install what the tests need and run every test")
    [ -n "$raw" ] || { say "README has no '# Install what the tests need and run every test'"; return 1; }
    cmd=$(drop_sudo "$raw")
    {
        echo "=== prove.sh step 2: $(date -u +%FT%TZ)"
        echo "=== commit: $(git -C "$R/root/work/main" log -1 --format='%H %s')"
        echo "=== chroot env: env -i ${CHROOT_ENV[*]}"
        echo "=== README line:  $raw"
        echo "=== run (sudo dropped): $cmd"
        echo "=== toolchain libraries missing before anything is installed:"
        toolchain_ldd
        t0=$(date +%s)
        echo "=== apt-get update"
        in_chroot apt-get update; rc=$?
        echo "=== apt-get update exit: $rc"
        if [ -n "$EXTRA_PKGS" ]; then
            echo "=== EXTRA (not in the README): apt-get install -y $EXTRA_PKGS"
            in_chroot apt-get install -y $EXTRA_PKGS
        fi
        tu=$(date +%s)
        echo "=== README command, in /root/work/main"
        in_chroot /bin/bash -c "cd /root/work/main && $cmd"; rc=$?
        t1=$(date +%s)
        echo "=== README command exit: $rc"
        echo "=== toolchain libraries missing after the README command:"
        toolchain_ldd
        echo "=== wall time: apt-get update + README command $((t1 - t0)) s; README command alone $((t1 - tu)) s"
        echo "=== host load at the end: $(uptime)"
        [ "$rc" = 0 ]       # the block's status, and with pipefail the pipeline's
    } 2>&1 | tee "$TESTLOG" || STATUS=1
    # meson's own full log, kept before the next restore removes the tree
    cp "$R/root/work/main/build/meson-logs/testlog.txt" "$FRESH/readme-tests-$SUITE.testlog.txt" 2>/dev/null
    unmount_all
}

# ---------------------------------------------------------------- step 3 ----
XVFB_PID=
start_xvfb() {
    if [ -e /tmp/.X11-unix/X$DISP ] || [ -e /tmp/.X$DISP-lock ]; then
        say "display :$DISP is already in use (or stale); not starting Xvfb"; return 1
    fi
    Xvfb :$DISP -screen 0 720x640x24 -nolisten tcp >"$FRESH/xvfb.log" 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$DISP ] && return 0; sleep 0.2; done
    say "Xvfb did not start"; return 1
}
stop_xvfb() {
    if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null; XVFB_PID=; fi
}

step3() {
    setup_root
    start_xvfb || return 1
    mkdir -p "$R/tmp/.X11-unix"
    mount --bind /tmp/.X11-unix "$R/tmp/.X11-unix"
    local cmd raw home wrap pid win=
    raw=$(readme_line_after "# Install the system packages and launch Kuchi")
    [ -n "$raw" ] || { say "README has no '# Install the system packages and launch Kuchi'"; return 1; }
    cmd=$(drop_sudo "$raw")
    home=$(in_chroot mktemp -d)
    if in_chroot sh -c 'command -v dbus-run-session' >/dev/null; then wrap="dbus-run-session --"; else wrap=""; fi
    rm -f "$SHOT"
    {
        echo "=== prove.sh step 3: $(date -u +%FT%TZ)"
        echo "=== commit: $(git -C "$R/root/work/main" log -1 --format='%H %s')"
        echo "=== chroot env: env -i ${CHROOT_ENV[*]/#HOME=*/HOME=$home} DISPLAY=:$DISP"
        echo "=== README line:  $raw"
        echo "=== run (sudo dropped): $cmd"
        echo "=== dbus-run-session in the chroot before the command: ${wrap:-no (run without it)}"
        in_chroot apt-get update
        echo "=== apt-get update exit: $?"
    } >"$FIRSTLOG" 2>&1
    setsid chroot "$R" /usr/bin/env -i "${CHROOT_ENV[@]}" HOME="$home" DISPLAY=:$DISP \
        /bin/bash -c "cd /root/work/main && $wrap /bin/bash -c \"\$0\"" "$cmd" >>"$FIRSTLOG" 2>&1 &
    pid=$!
    local t0 t1; t0=$(date +%s)
    while kill -0 "$pid" 2>/dev/null && [ $(( $(date +%s) - t0 )) -lt "$WINDOW_WAIT" ]; do
        win=$(DISPLAY=:$DISP xdotool search --onlyvisible --name 'Kuchi' 2>/dev/null | head -1)
        [ -n "$win" ] && break
        sleep 5
    done
    t1=$(date +%s)
    if [ -n "$win" ]; then
        echo "=== window 'Kuchi' ($win) after $((t1 - t0)) s; screenshot in $SHOT_AFTER s" >>"$FIRSTLOG"
        sleep "$SHOT_AFTER"
        if kill -0 "$pid" 2>/dev/null; then
            DISPLAY=:$DISP import -window root "$SHOT"
            echo "=== screenshot taken; visible windows: $(DISPLAY=:$DISP xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null | sort -u | tr '\n' '|')" >>"$FIRSTLOG"
        else
            echo "=== kuchi exited before the screenshot" >>"$FIRSTLOG"
        fi
    elif kill -0 "$pid" 2>/dev/null; then
        echo "=== no Kuchi window after $WINDOW_WAIT s" >>"$FIRSTLOG"
        DISPLAY=:$DISP import -window root "$SHOT"
    else
        wait "$pid"; echo "=== the command exited ($?) without a window after $((t1 - t0)) s" >>"$FIRSTLOG"
    fi
    kill -TERM -- "-$pid" 2>/dev/null; sleep 5; kill -KILL -- "-$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    echo "=== stopped" >>"$FIRSTLOG"
    unmount_all
    stop_xvfb
}

# ---------------------------------------------------------------- step 4 ----
cleanup() { unmount_all; stop_xvfb; }
trap cleanup EXIT
trap 'exit 130' INT TERM

[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
say "Debian $SUITE; commit $COMMIT; steps: $STEPS"
for s in $STEPS; do
    case $s in
        1) setup_root; mounts_under_root | tac; echo "toolchain libraries missing:"; toolchain_ldd; unmount_all ;;
        2) T0=$(date +%s); step2; say "step 2 took $(( $(date +%s) - T0 )) s" ;;
        3) T0=$(date +%s); step3; say "step 3 took $(( $(date +%s) - T0 )) s" ;;
    esac
done
cleanup
if mount | grep -q " $R"; then say "ERROR: mounts remain under $R"; exit 1; fi
say "done; nothing mounted under $R"
exit $STATUS
