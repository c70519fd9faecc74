#!/usr/bin/env bash
# The runtime matrix (docs/runtime-matrix.md): the probe and `hipdoctor-cli devices` against the
# HIP runtimes users have, each in a Debian root made with debootstrap, and scenario code objects
# built with sid's hipcc 7.0.
#
#   scripts/runtime-matrix.sh roots       make (or reuse) the roots and install the runtimes
#   scripts/runtime-matrix.sh run [OUT]   run the probe and the portable CLI in each root and on
#                                         this machine; writes OUT/summary.md and the raw output
#   scripts/runtime-matrix.sh logs        run, then copy each runtime's AMD_LOG_LEVEL=4 lines of
#                                         a devices request into tests/logs/data/
#   scripts/runtime-matrix.sh artifacts   build the scenario code objects in the sid root into
#                                         tests/artifacts/rocm7/ with the oracles' listings
#   scripts/runtime-matrix.sh all         roots, logs, artifacts
#
# Roots live in $HIPDOCTOR_ROOTS (default ~/.cache/hipdoctor/roots), never in the repository,
# and are reused when present (a root is complete when its .hipdoctor-root file exists; delete
# the folder to make it again):
#   trixie        Debian 13: libamdhip64-5 (HIP 5.7), its -dev headers, rocminfo
#   sid           Debian sid: libamdhip64-6 (HIP 6.4), -dev, hipcc 7.0, rocminfo, LLVM's tools
#   experimental  sid + experimental: libamdhip64-7 (HIP 7.2), -dev, rocminfo
# The packages go into the roots only (apt inside the chroot), never into this system. Commands
# in a root run in a private mount namespace (unshare -m) with /proc, /sys and /dev mounted
# there: the mounts end with the namespace, so nothing stays mounted if the script is stopped.
# Needs root (debootstrap, chroot, mount), network to the Debian mirror of this machine's apt
# sources ($MIRROR overrides it), and for `run` a build with hipdoctor-cli and hipdoctor-probe
# ($BUILD, default build/).
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
roots=${HIPDOCTOR_ROOTS:-$HOME/.cache/hipdoctor/roots}
build=${BUILD:-$src/build}

log() { printf '[runtime-matrix] %s\n' "$*" >&2; }
die() {
    log "error: $*"
    exit 1
}

# The Debian mirror this machine's apt uses (deb822 "URIs:" or one-line "deb" sources).
mirror() {
    if [[ -n ${MIRROR:-} ]]; then
        echo "$MIRROR"
        return
    fi
    local m
    m=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
        2>/dev/null | grep -E '^(URIs:|deb )' | grep -oE 'https?://[^ ]*/debian/?( |$)' |
        grep -v security | head -n 1 | tr -d ' ') || true
    echo "${m:-http://deb.debian.org/debian}"
}

# in_root ROOT CMD...: CMD in ROOT with /proc, /sys and /dev, in a private mount namespace.
in_root() {
    local root=$1
    shift
    unshare -m --propagation private -- /bin/sh -c '
        r=$1; shift
        mount -t proc proc "$r/proc" && mount --rbind /sys "$r/sys" && mount --rbind /dev "$r/dev" ||
            { echo "runtime-matrix: cannot mount /proc, /sys or /dev in $r" >&2; exit 125; }
        exec chroot "$r" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"' sh "$root" "$@"
}

# A debootstrap --variant=minbase of SUITE, shared by the roots made from it.
base_of() {
    local suite=$1
    local base=$roots/.base-$suite
    if [[ ! -e $base/.hipdoctor-debootstrap ]]; then
        rm -rf "$base"
        log "debootstrap $suite from $(mirror) (a few minutes)"
        debootstrap --variant=minbase "$suite" "$base" "$(mirror)" >"$roots/debootstrap-$suite.log" 2>&1 ||
            die "debootstrap $suite failed, see $roots/debootstrap-$suite.log"
        date -u +%FT%TZ >"$base/.hipdoctor-debootstrap"
    fi
    echo "$base"
}

# make_root NAME SUITE "SOURCES LINES" APT-ARGS...: a copy of SUITE's base with the packages.
make_root() {
    local name=$1 suite=$2 sources=$3
    shift 3
    local root=$roots/$name
    if [[ -e $root/.hipdoctor-root ]]; then
        log "$name: reusing $root"
        return
    fi
    local base
    base=$(base_of "$suite")
    rm -rf "$root.partial"
    cp -a "$base" "$root.partial"
    rm -f "$root.partial/.hipdoctor-debootstrap"
    printf '%s\n' "$sources" >"$root.partial/etc/apt/sources.list"
    # The mirror may serve a Release file whose Valid-Until lies before this machine's clock
    # (seen with sid: "is expired"); the signature is still checked.
    echo 'Acquire::Check-Valid-Until "false";' >"$root.partial/etc/apt/apt.conf.d/99hipdoctor"
    log "$name: apt-get install $*"
    {
        in_root "$root.partial" apt-get update &&
            in_root "$root.partial" apt-get install -y --no-install-recommends "$@" &&
            in_root "$root.partial" apt-get clean
    } >"$roots/apt-$name.log" 2>&1 || die "$name: apt failed, see $roots/apt-$name.log"
    {
        echo "# made by scripts/runtime-matrix.sh on $(date -u +%FT%TZ) from $(mirror)"
        in_root "$root.partial" dpkg-query -W -f '${Package} ${Version}\n' |
            grep -E '^(libamdhip64|libhsa-runtime64|libamd-comgr|hipcc|rocminfo|libc6|clang|llvm)[-0-9]* ' || true
    } >"$root.partial/.hipdoctor-root.tmp"
    mv "$root.partial/.hipdoctor-root.tmp" "$root.partial/.hipdoctor-root"
    mv "$root.partial" "$root"
    log "$name: ready"
}

cmd_roots() {
    [[ $(id -u) -eq 0 ]] || die "making roots needs root (debootstrap, chroot, mount)"
    command -v debootstrap >/dev/null || die "debootstrap is not installed"
    mkdir -p "$roots"
    local m
    m=$(mirror)
    make_root trixie trixie "deb $m trixie main" libamdhip64-5 libamdhip64-dev rocminfo
    # hipcc 7.0 with the LLVM it drives; llvm-readelf and clang-offload-bundler are the oracles
    # of the artifacts (docs/runtime-matrix.md).
    local llvm
    make_root sid sid "deb $m sid main" libamdhip64-6 libamdhip64-dev hipcc rocminfo
    if [[ ! -e $roots/sid/.hipdoctor-tools ]]; then
        llvm=$(in_root "$roots/sid" sh -c 'ls -d /usr/lib/llvm-[0-9]* | sort -V | tail -n 1') ||
            die "sid: no LLVM under /usr/lib"
        log "sid: LLVM tools of ${llvm##*/}"
        in_root "$roots/sid" apt-get install -y --no-install-recommends "${llvm##*/}" \
            "clang-tools-${llvm##*-}" >>"$roots/apt-sid.log" 2>&1 || log "sid: no ${llvm##*/} tools (see apt-sid.log)"
        echo "${llvm}" >"$roots/sid/.hipdoctor-tools"
    fi
    make_root experimental sid "deb $m sid main
deb $m experimental main" -t experimental libamdhip64-7 libamdhip64-dev rocminfo
}

# The roots that exist, with the runtime each holds.
present_roots() {
    local n
    for n in trixie sid experimental; do
        [[ -e $roots/$n/.hipdoctor-root ]] && echo "$n"
    done
    return 0
}

json_field() { # json_field FIELD < jsonl: the first value of "FIELD" (string or number)
    sed -n "s/.*\"$1\":\(\"[^\"]*\"\|[-0-9.]*\).*/\1/p" | head -n 1 | tr -d '"'
}

# run_set OUTDIR PROBE CLI RUNNER...: the probe requests, the CLI and rocminfo in one place (a
# root, or this machine with RUNNER "env").
run_set() {
    local out=$1 probe=$2 cli=$3
    shift 3
    local runner=("$@")
    mkdir -p "$out"
    local rq
    for backend in hip auto; do
        rq="{\"protocol\":1,\"request\":\"devices\",\"backend\":\"$backend\"}"
        echo "$rq" | "${runner[@]}" /usr/bin/env AMD_LOG_LEVEL=4 "$probe" \
            >"$out/probe-devices-$backend.jsonl" 2>"$out/probe-devices-$backend.stderr" &&
            echo 0 >"$out/probe-devices-$backend.rc" || echo $? >"$out/probe-devices-$backend.rc"
    done
    echo '{"protocol":1,"request":"devices","backend":"hip"}' |
        "${runner[@]}" "$probe" >"$out/probe-devices-hip-quiet.jsonl" 2>"$out/probe-devices-hip-quiet.stderr" || true
    if [[ -n $cli ]]; then
        "${runner[@]}" "$cli" devices --verbose >"$out/cli-devices.txt" 2>&1 &&
            echo 0 >"$out/cli-devices.rc" || echo $? >"$out/cli-devices.rc"
        "${runner[@]}" "$cli" devices --backend hip --json >"$out/cli-devices.json" 2>"$out/cli-devices-json.stderr" || true
    fi
    "${runner[@]}" /bin/sh -c 'command -v rocminfo >/dev/null && rocminfo' >"$out/rocminfo.txt" 2>&1 || true
    "${runner[@]}" /bin/sh -c 'f=$(ls /usr/lib/x86_64-linux-gnu/libamdhip64.so.[0-9]* 2>/dev/null | head -n 1);
        [ -n "$f" ] || exit 0; echo "$f";
        readlink -f "$f"' >"$out/library.txt" 2>&1 || true
}

cmd_run() {
    local out=${1:-$roots/results/$(date -u +%Y-%m-%d)}
    [[ -x $build/bin/hipdoctor-probe ]] || die "no $build/bin/hipdoctor-probe (cmake --build build --target hipdoctor-probe)"
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    local tarball=""
    if [[ -x $build/bin/hipdoctor-cli ]]; then
        local t
        t=$(mktemp -d)
        "$src/packaging/portable/make-tarball.sh" "$build" "$t" >/dev/null 2>&1 && tarball=$(ls "$t"/*.tar.gz)
        [[ -n $tarball ]] || log "could not make the portable tarball: only the probe runs in the roots"
    fi
    # This machine (Debian 12, ROCm 5.2): the build's programs as they are.
    log "bookworm (this machine)"
    run_set "$out/bookworm" "$build/bin/hipdoctor-probe" \
        "$([[ -x $build/bin/hipdoctor-cli ]] && echo "$build/bin/hipdoctor-cli")" env
    local n
    for n in $(present_roots); do
        log "$n"
        local root=$roots/$n dest=/opt/hipdoctor-matrix
        rm -rf "$root$dest"
        mkdir -p "$root$dest"
        cp "$build/bin/hipdoctor-probe" "$root$dest/"
        local cli=""
        if [[ -n $tarball ]]; then
            tar -xzf "$tarball" -C "$root$dest" --strip-components=1
            cli=$dest/bin/hipdoctor-cli
        fi
        run_set "$out/$n" "$dest/hipdoctor-probe" "$cli" in_root "$root"
        cp "$root/.hipdoctor-root" "$out/$n/packages.txt"
        rm -rf "${root:?}$dest"
    done
    [[ -n $tarball ]] && rm -rf "$(dirname "$tarball")"
    summary "$out" >"$out/summary.md"
    cat "$out/summary.md"
}

summary() {
    local out=$1
    echo "# Runtime matrix, $(date -u +%FT%TZ)"
    echo
    echo "Made by \`scripts/runtime-matrix.sh run\` at $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '?')."
    echo
    echo "| root | glibc | library | runtime | soname | hipDeviceProp_t | result (hip) | first error | auto | CLI devices |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    local d
    for d in "$out"/*/; do
        d=${d%/}
        local n=${d##*/} h=$d/probe-devices-hip.jsonl a=$d/probe-devices-auto.jsonl
        [[ -e $h ]] || continue
        local glibc lib rt so abi api status first auto clirc
        glibc=$(grep -m1 -oE 'libc6 [^ ]+' "$d/packages.txt" 2>/dev/null | cut -d' ' -f2 || true)
        [[ -n $glibc ]] || glibc=$(ldd --version | head -n 1 | awk '{print $NF}')
        lib=$(json_field library <"$h")
        rt=$(json_field runtime_version <"$h")
        so=$(json_field soname <"$h")
        abi=$(json_field device_properties_layout <"$h")
        api=$(json_field device_properties_api <"$h")
        status=$(grep '"event":"result"' "$h" | json_field status)
        first=$(grep '"status":"error"' "$h" | head -n 1 | sed -n 's/.*"api":"\([^"]*\)".*"code":\([-0-9]*\).*"error":"\([^"]*\)".*/\1 → \2 \3/p')
        auto=$(grep '"event":"result"' "$a" | json_field status)
        clirc=$(cat "$d/cli-devices.rc" 2>/dev/null || echo -)
        echo "| $n | $glibc | \`${lib##*/}\` | $rt | $so | ${abi:--} (\`${api:--}\`) | $status | $first | $auto | exit $clirc |"
    done
}

cmd_logs() {
    local out
    out=$roots/results/logs-$(date -u +%Y%m%d-%H%M%S)
    cmd_run "$out" >/dev/null
    local dst=$src/tests/logs/data n name ver
    declare -A distro=([bookworm]=debian12 [trixie]=debian13 [sid]=debian-sid [experimental]=debian-experimental)
    for n in bookworm $(present_roots); do
        [[ -e $out/$n/probe-devices-hip.stderr ]] || continue
        ver=$(json_field runtime_version <"$out/$n/probe-devices-hip.jsonl")
        name=${distro[$n]}-rocm$(echo "$ver" | cut -d. -f1,2 | tr -d .)-probe-devices-level4.log
        cp "$out/$n/probe-devices-hip.stderr" "$dst/$name"
        log "wrote tests/logs/data/$name ($(wc -l <"$dst/$name") lines, HIP $ver)"
    done
}

# The scenario code objects, built in the sid root with its hipcc (docs/runtime-matrix.md).
cmd_artifacts() {
    local root=$roots/sid
    [[ -e $root/.hipdoctor-root ]] || die "no sid root (scripts/runtime-matrix.sh roots)"
    local dst=$src/tests/artifacts/rocm7 work=/opt/hipdoctor-artifacts
    rm -rf "$root$work"
    mkdir -p "$root$work/src" "$root$work/out"
    cp "$src/kernels/scenarios/kernel_c.hip" "$src/kernels/scenarios/s01_mangled.hip" "$root$work/src/"
    cp "$src/scripts/runtime-matrix-artifacts.sh" "$root$work/"
    in_root "$root" /bin/bash "$work/runtime-matrix-artifacts.sh" "$work/src" "$work/out" \
        "$(cat "$root/.hipdoctor-tools" 2>/dev/null)"
    mkdir -p "$dst"
    rm -f "$dst"/*.co "$dst"/*.so "$dst"/*.hip "$dst"/oracle.txt
    cp "$root$work/out"/* "$dst/"
    rm -rf "${root:?}$work"
    log "wrote $(ls "$dst" | wc -l) files into tests/artifacts/rocm7/"
}

case ${1:-} in
roots) cmd_roots ;;
run) cmd_run "${2:-}" ;;
logs) cmd_logs ;;
artifacts) cmd_artifacts ;;
all)
    cmd_roots
    cmd_logs
    cmd_artifacts
    ;;
*)
    sed -n '2,26p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
