#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (README "Two commands"):
#   scripts/bootstrap.sh demo   install what is missing, build, start the app on the built-in demo
#                               (no display: run the CLI on the demo and print its report)
#   scripts/bootstrap.sh test   install what is missing, build, run the whole test suite
#   scripts/bootstrap.sh build  install what is missing and build
# Needs no git and no compiler beforehand: everything comes from Debian packages.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
mode=${1:-demo}
preset=${HIPDOCTOR_PRESET:-default}

# Debian 12 packages the build, the tests and the demo need.
packages=(
    build-essential cmake ninja-build pkg-config file
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-svg-dev libqcustomplot-dev libgl-dev libvulkan-dev
    llvm-15-dev llvm-15 clang-15 lld-15
    hipcc libamdhip64-dev rocminfo libhsa-runtime-dev
    libzstd-dev zlib1g-dev
    xvfb xauth patchelf dpkg-dev appstream desktop-file-utils
    fonts-wqy-microhei qt6-translations-l10n
    # Driving and photographing the real window under Xvfb (xdotool, import, xwd).
    xdotool imagemagick x11-apps
)
if [ "$mode" = test ]; then
    # Real third-party binaries the diagnosis is checked against (no false alarms).
    packages+=(librocsparse0)
    # tst_remote starts a real sshd on a loopback port (docs/remote.md "Tests").
    packages+=(openssh-server openssh-client)
    # The independent bundle reader the rocm-modern counts are checked against
    # (tests/oracle/bundle_oracle.py) is Python and decompresses with the zstd tool; a minbase
    # root has neither the tool nor, by name, Python.
    packages+=(python3 zstd)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "bootstrap: installing ${missing[*]}"
    sudo=()
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null || { echo "bootstrap: need root or sudo to install packages" >&2; exit 1; }
        sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)
fetch_pid=
if [ "$mode" = test ]; then
    # Debian's ROCm 7.2 libraries for the tests labelled rocm-modern (about 590 MB, downloaded
    # once into ~/.cache/hipdoctor/rocm-debs, never installed), fetched while the build runs:
    # the network beside the compilers. Bounded: an archive that cannot be reached leaves those
    # tests saying they were skipped, and the rest runs.
    fetch_log=$(mktemp)
    timeout 1200 bash scripts/fetch-rocm.sh --ci > "$fetch_log" 2>&1 &
    fetch_pid=$!
    # A failed build ends the script: the download with it.
    trap 'kill "$fetch_pid" 2>/dev/null || true; rm -f "$fetch_log"' EXIT
fi
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$jobs"

case "$mode" in
build) ;;
test)
    fetch_ok=0
    wait "$fetch_pid" || fetch_ok=$?
    trap - EXIT # its process id may be another's from here on
    cat "$fetch_log"
    rm -f "$fetch_log"
    if [ "$fetch_ok" != 0 ]; then
        echo "bootstrap: Debian's ROCm packages could not be fetched; the rocm-modern tests will skip" >&2
    fi
    ctest --preset "$preset" -j "$jobs"
    ;;
demo)
    bindir=$(sed -n 's/^CMAKE_RUNTIME_OUTPUT_DIRECTORY:[^=]*=//p' build/CMakeCache.txt 2>/dev/null || true)
    bindir=${bindir:-build/bin}
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x "$bindir/hipdoctor" ]; then
        exec "$bindir/hipdoctor" --demo
    fi
    echo "bootstrap: no display; running the CLI on the built-in demo"
    exec "$bindir/hipdoctor-cli" demo
    ;;
*)
    echo "usage: scripts/bootstrap.sh demo|test|build" >&2
    exit 2
    ;;
esac
