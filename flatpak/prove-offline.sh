#!/usr/bin/env bash
# Proves flatpak/io.github.kuchi.Kuchi.json without Flathub: the GNOME
# runtime and the Swift SDK extension cannot be downloaded here, so this
# assembles stand-ins from Debian bookworm and the local Swift toolchain,
# builds the real manifest with flatpak-builder against them (only the
# runtime and sdk names are substituted), installs the app, and launches it
# under Xvfb inside the sandbox, checking that a window named "Kuchi" appears.
#
# Host packages (Debian 12):
#   flatpak flatpak-builder bubblewrap ostree debootstrap elfutils debugedit
#   xvfb xauth xdotool x11-utils imagemagick dbus-bin python3 curl
# plus a Swift toolchain (SWIFT_TOOLCHAIN, default /opt/swift) and network
# access to the Debian archive for the first run only.
#
# Everything lives under flatpak/_proof/ (ignored by git), including a
# private flatpak installation (FLATPAK_USER_DIR), so the real user
# installation is untouched. The runtime, SDK and Swift extension are cached
# there: a re-run only rebuilds and relaunches the app.
#
# Usage: flatpak/prove-offline.sh [--rebuild-runtimes]
# Exit status: 0 window found; 3 built and ran but no "Kuchi" window; other: failure.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
app_id=io.github.kuchi.Kuchi
manifest="$here/$app_id.json"
work=${KUCHI_PROOF_DIR:-$here/_proof}
toolchain=${SWIFT_TOOLCHAIN:-/opt/swift}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
arch=x86_64

# Stand-in names for org.gnome.Platform / org.gnome.Sdk. The Swift extension
# keeps its real name: the SDK below declares the same extension point as the
# freedesktop SDK, so the manifest's sdk-extensions line is used unchanged.
platform_id=io.github.kuchi.proof.Platform
sdk_id=io.github.kuchi.proof.Sdk
extension_id=org.freedesktop.Sdk.Extension.swift6
extension_version=25.08   # what GNOME 49's SDK asks its extensions for
# The manifest as plain JSON: flatpak-builder reads /* comments */, Python's json does not.
plain_json() {
    python3 -c 'import json, re, sys
print(json.dumps(json.loads(re.sub(r"/\*.*?\*/", "", open(sys.argv[1]).read(), flags=re.S)), indent=4))' "$1"
}
branch=$(plain_json "$manifest" | python3 -c 'import json,sys; print(json.load(sys.stdin)["runtime-version"])')

export FLATPAK_USER_DIR="$work/flatpak-user"
mkdir -p "$work" "$FLATPAK_USER_DIR"
if [ "${1:-}" = --rebuild-runtimes ]; then
    rm -rf "$work"/rootfs-* "$work"/runtime-* "$work/repo" "$work"/*.stamp
fi

# ---- helpers ---------------------------------------------------------------

proof_start=$(date +%s)
stage_name=
stage_start=0
stage() {
    stage_done
    stage_name=$1
    stage_start=$(date +%s)
    echo "==> [$stage_name]"
}
stage_done() {
    if [ -n "$stage_name" ]; then
        echo "<== [$stage_name] $(( $(date +%s) - stage_start ))s"
    fi
    stage_name=
}

runtime_pkgs=(
    libgtk-4-1 libgtk-4-common libadwaita-1-0 libsqlite3-0 libarchive13 libzstd1 libsoup-3.0-0 gsettings-desktop-schemas libglib2.0-0
    adwaita-icon-theme hicolor-icon-theme shared-mime-info librsvg2-common
    fontconfig fonts-cantarell fonts-dejavu-core fonts-ipafont-gothic
    dbus dbus-x11 libc-bin locales
)
# What meson, SwiftPM and the Swift toolchain need on top of the runtime
# (the toolchain is the Debian 12 build: it links libcurl, libxml2, ICU 72).
# appstream-util provides the appstream-compose that flatpak-builder 1.2 runs.
sdk_pkgs=(
    "${runtime_pkgs[@]}"
    libgtk-4-dev libadwaita-1-dev libsqlite3-dev libarchive-dev libzstd-dev libsoup-3.0-dev libsysprof-4-dev pkg-config meson ninja-build python3
    # libsoup-3.0-dev needs libsysprof-capture-4-dev, a virtual package debootstrap cannot choose for itself
    gcc g++ libc6-dev libstdc++-12-dev libgcc-12-dev binutils make
    libcurl4 libxml2 libsqlite3-0 libncurses6 libedit2 libicu72 libuuid1 uuid-dev zlib1g-dev
    tzdata git file elfutils debugedit appstream appstream-util desktop-file-utils gettext
)

# debootstrap a root file system once; cached by the stamp inside it.
bootstrap() {
    local dir=$1; shift
    local pkgs; pkgs=$(IFS=,; echo "$*")
    if [ -f "$dir/.kuchi-proof-done" ] && [ "$(cat "$dir/.kuchi-proof-done")" = "$pkgs" ]; then
        echo "cached: $dir"
        return
    fi
    rm -rf "$dir"
    mkdir -p "$work/debs"
    debootstrap --variant=minbase --merged-usr --cache-dir="$work/debs" \
        --include="$pkgs" "$suite" "$dir" "$mirror" > "$dir.log" 2>&1 ||
        { tail -30 "$dir.log"; exit 1; }
    # Flatpak points the loader at /app/lib through /run/flatpak/ld.so.conf.
    echo 'include /run/flatpak/ld.so.conf.d/*.conf' > "$dir/etc/ld.so.conf.d/00-flatpak.conf"
    printf '/app/lib\n' > "$dir/etc/ld.so.conf.d/10-flatpak-app.conf"
    chroot "$dir" /usr/sbin/ldconfig
    chroot "$dir" /usr/bin/fc-cache -f >/dev/null 2>&1 || true
    echo "$pkgs" > "$dir/.kuchi-proof-done"
}

# Lays out a flatpak runtime tree: metadata + files/ (the runtime's /usr,
# with the root's /etc as files/etc, which flatpak mounts on /etc).
layout_runtime() {
    local rootfs=$1 out=$2 metadata=$3
    rm -rf "$out"
    mkdir -p "$out"
    cp -a --reflink=auto "$rootfs/usr" "$out/files"
    cp -a "$rootfs/etc" "$out/files/etc"
    rm -rf "$out/files/etc/machine-id" "$out/files/etc/resolv.conf" "$out/files/etc/hostname" "$out/files/etc/hosts"
    printf '%s\n' "$metadata" > "$out/metadata"
}

export_runtime() {
    local dir=$1 ref_branch=$2
    flatpak build-export --runtime --files=files --no-update-summary "$work/repo" "$dir" "$ref_branch" > /dev/null
}

# ---- stages ----------------------------------------------------------------

stage "host check"
for tool in flatpak flatpak-builder bwrap debootstrap xvfb-run xdotool xwininfo import dbus-run-session eu-strip curl sha256sum; do
    command -v "$tool" > /dev/null || { echo "missing host tool: $tool (see the package list at the top)"; exit 1; }
done
[ -x "$toolchain/usr/bin/swift" ] || { echo "no Swift toolchain at $toolchain"; exit 1; }
bwrap --unshare-all --ro-bind / / true || { echo "bubblewrap cannot create a sandbox here"; exit 1; }
echo "flatpak $(flatpak --version | cut -d' ' -f2), flatpak-builder $(flatpak-builder --version | cut -d' ' -f2), runtime branch $branch"

stage "debootstrap platform"
bootstrap "$work/rootfs-platform" "${runtime_pkgs[@]}"
du -sh "$work/rootfs-platform" | cut -f1

stage "debootstrap sdk"
bootstrap "$work/rootfs-sdk" "${sdk_pkgs[@]}"
du -sh "$work/rootfs-sdk" | cut -f1

stage "runtimes into local repo"
stamp="$work/runtimes.stamp"
want="static-runtime $platform_id $sdk_id $extension_id $branch $extension_version $(cat "$work/rootfs-platform/.kuchi-proof-done" "$work/rootfs-sdk/.kuchi-proof-done" | md5sum | cut -c1-12) $("$toolchain/usr/bin/swift" --version 2>/dev/null | head -1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$work/repo" ]; then
    echo "cached: $work/repo"
else
    rm -rf "$work/repo"
    ostree init --mode=archive-z2 --repo="$work/repo"
    layout_runtime "$work/rootfs-platform" "$work/runtime-platform" "[Runtime]
name=$platform_id
runtime=$platform_id/$arch/$branch
sdk=$sdk_id/$arch/$branch"
    export_runtime "$work/runtime-platform" "$branch"
    layout_runtime "$work/rootfs-sdk" "$work/runtime-sdk" "[Runtime]
name=$sdk_id
runtime=$platform_id/$arch/$branch
sdk=$sdk_id/$arch/$branch

[Extension org.freedesktop.Sdk.Extension]
directory=lib/sdk
subdirectories=true
no-autodownload=true
version=$extension_version"
    mkdir -p "$work/runtime-sdk/files/lib/sdk"
    export_runtime "$work/runtime-sdk" "$branch"
    # The Swift SDK extension, laid out like Flathub's (the toolchain's usr/
    # at /usr/lib/sdk/swift6). Left out: debugger, language server, docs
    # tools and Embedded Swift, none of which the build uses. The static
    # runtime stays: Kuchi links it into the binary.
    rm -rf "$work/runtime-swift6"
    mkdir -p "$work/runtime-swift6/files"
    tar -C "$toolchain/usr" -cf - \
        --exclude='./bin/lldb*' --exclude='./bin/sourcekit-lsp' --exclude='./bin/clangd' \
        --exclude='./bin/docc' --exclude='./bin/swift-format' --exclude='./bin/wasmkit' \
        --exclude='./lib/liblldb*' --exclude='./lib/libsourcekitd*' \
        --exclude='./lib/swift/embedded' \
        --exclude='./lib/swift/FrameworkABIBaseline' --exclude='./share/docc' . |
        tar -C "$work/runtime-swift6/files" -xf -
    printf '[Runtime]\nname=%s\n\n[ExtensionOf]\nref=runtime/%s/%s/%s\n' \
        "$extension_id" "$sdk_id" "$arch" "$branch" > "$work/runtime-swift6/metadata"
    du -sh "$work/runtime-swift6" | cut -f1
    export_runtime "$work/runtime-swift6" "$extension_version"
    flatpak build-update-repo "$work/repo" > /dev/null
    rm -rf "$work/runtime-platform" "$work/runtime-sdk" "$work/runtime-swift6"
    echo "$want" > "$stamp"
fi

stage "install runtimes (user, $FLATPAK_USER_DIR)"
flatpak --user remote-add --if-not-exists --no-gpg-verify kuchi-proof "$work/repo"
flatpak --user -y --noninteractive install --or-update kuchi-proof \
    "runtime/$platform_id/$arch/$branch" \
    "runtime/$sdk_id/$arch/$branch" \
    "runtime/$extension_id/$arch/$extension_version" 2>&1 | tail -3
flatpak --user list --runtime --columns=ref

stage "generate proof manifest"
# The copy differs from the real manifest in the runtime and sdk names only.
# It is written under _proof/, so the relative "dir" source path ("..", the
# repository) is rewritten to the same directory, absolute.
proof_manifest="$work/$app_id.json"
python3 - "$manifest" "$proof_manifest" "$platform_id" "$sdk_id" "$repo" <<'PY'
import json, re, sys
src, dst, platform, sdk, repo = sys.argv[1:]
text = open(src).read()
# flatpak-builder 1.2 reads /* comments */ but fails on a slash inside one; the copy
# below is plain JSON, so the rule is checked here.
for comment in re.findall(r"/\*(.*?)\*/", text, flags=re.S):
    if "/" in comment:
        sys.exit("a slash inside a comment of the manifest, which flatpak-builder 1.2 cannot read: " + comment.strip()[:60])
m = json.loads(re.sub(r"/\*.*?\*/", "", text, flags=re.S))
m["runtime"], m["sdk"] = platform, sdk
for module in m["modules"]:
    for source in module.get("sources", []):
        if source.get("type") == "dir" and source.get("path") == "..":
            source["path"] = repo
json.dump(m, open(dst, "w"), indent=4)
PY
diff <(plain_json "$manifest") <(plain_json "$proof_manifest") || true

stage "sources into the download cache"
# The manifest's archives (Zinnia and its Japanese model) come from the Debian
# archive, which this machine reaches; flatpak-builder then finds each under
# its checksum in the state folder and downloads nothing itself.
plain_json "$proof_manifest" | python3 -c 'import json, sys
for module in json.load(sys.stdin)["modules"]:
    for source in module.get("sources", []):
        if "url" in source:
            print(source["sha256"], source["url"])' |
while read -r sha256 url; do
    cached="$work/builder-state/downloads/$sha256/$(basename "$url")"
    if [ ! -f "$cached" ]; then
        mkdir -p "$(dirname "$cached")"
        curl -fsS --retry 3 -o "$cached.part" "$url" || { echo "cannot fetch $url"; exit 1; }
        echo "$sha256  $cached.part" | sha256sum -c --quiet || { echo "checksum differs: $url"; exit 1; }
        mv "$cached.part" "$cached"
    fi
    echo "$(basename "$url"): $(du -h "$cached" | cut -f1), sha256 checked"
done

stage "flatpak-builder (offline)"
nice -n 10 flatpak-builder --user --install --force-clean --disable-download \
    --disable-rofiles-fuse --state-dir="$work/builder-state" \
    --repo="$work/app-repo" \
    "$work/build-dir" "$proof_manifest" > "$work/flatpak-builder.log" 2>&1 ||
    { tail -40 "$work/flatpak-builder.log"; echo "flatpak-builder failed; full log: $work/flatpak-builder.log"; exit 1; }
grep -E '^(Starting build|Running:|Installing|Committing|Exporting|Pruning|Cleaning)' "$work/flatpak-builder.log" | head -20 || true
flatpak --user info "$app_id" | sed -n '1,12p'
files=$(flatpak --user info --show-location "$app_id")/files
# Handwriting's library resolves inside the runtime, and the model is Debian's own.
flatpak run --user --command=/lib64/ld-linux-x86-64.so.2 "$app_id" --list /app/lib/libzinnia.so.0 |
    grep -q 'libstdc++' || { echo "libzinnia.so.0 does not load in the runtime"; exit 1; }
echo "libzinnia.so.0 loads in the runtime; model $(du -h "$files/share/tegaki/models/zinnia/handwriting-ja.model" | cut -f1)"
(cd "$files" && find . -maxdepth 4 \( -type f -o -type l \) | sort | sed 's|^\./|/app/|' | grep -v '^/app/lib/debug' | head -60)

stage "launch under Xvfb"
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$work/xdg-runtime}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
rm -f "$work/screenshot.png"
# The check runs inside the Xvfb session: start the app, wait (bounded) for a
# top-level window named exactly "Kuchi", screenshot the screen, stop the app.
set +e
xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- bash -c '
    work=$1 app_id=$2
    flatpak run --user "$app_id" > "$work/app.log" 2>&1 &
    app=$!
    found=
    for _ in $(seq 1 60); do
        if xdotool search --onlyvisible --name "^Kuchi\$" > /dev/null 2>&1; then found=1; break; fi
        kill -0 "$app" 2> /dev/null || break
        sleep 1
    done
    sleep 2
    import -window root "$work/screenshot.png"
    xwininfo -root -tree | grep -E "\"Kuchi\"" || true
    if kill -0 "$app" 2> /dev/null; then
        flatpak kill "$app_id" 2> /dev/null || kill "$app"
        app_state="still running (stopped by the check)"
    else
        wait "$app"; app_state="exited with status $?"
    fi
    echo "app $app_state"
    echo "--- app output (first 20 lines) ---"; head -20 "$work/app.log"; echo "---"
    [ -n "$found" ]
' _ "$work" "$app_id"
window=$?
set -e
stage_done

echo "screenshot: $work/screenshot.png"
echo "total: $(( $(date +%s) - proof_start ))s"
if [ "$window" -eq 0 ]; then
    echo "PROOF OK: built offline, installed, and a window named \"Kuchi\" appeared in the sandbox."
    exit 0
fi
echo "PROOF INCOMPLETE: built offline and installed, but no window named \"Kuchi\" appeared (see app output above)."
exit 3
