#!/usr/bin/env bash
# Added latency of the remote path (docs/remote.md): the same command here and through ssh to
# DEST, which may be this same machine (sshd on loopback), so the difference is ssh's.
# usage: bench/remote-latency.sh DEST [BUILD_DIR] [RUNS]
# (HIPDOCTOR_SSH_COMMAND picks the ssh client and its options, e.g. a test key and port.)
# Prints each command's wall times, min/median, and the median difference.
set -euo pipefail
DEST=${1:?usage: bench/remote-latency.sh DEST [BUILD_DIR] [RUNS]}
BUILD=${2:-build}
RUNS=${3:-10}
CLI=$BUILD/bin/hipdoctor-cli
KERNELS=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/kernels
CACHE=$(mktemp -d /tmp/hd-remote-bench.XXXXXX)
trap 'rm -rf "$CACHE"' EXIT
now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
measure() { # label, command...
    local label=$1; shift
    "$@" >/dev/null 2>&1 || true # warm: the probe copied, the connection opened, caches filled
    local times=()
    for _ in $(seq 1 "$RUNS"); do
        local t0 t1; t0=$(now); "$@" >/dev/null 2>&1 || true; t1=$(now)
        times+=("$(echo "$t1 - $t0" | bc)")
    done
    local m; m=$(printf '%s\n' "${times[@]}" | median)
    local mn; mn=$(printf '%s\n' "${times[@]}" | sort -g | head -n1)
    echo "$label: min ${mn} s, median ${m} s" >&2
    echo "$m"
}
dl=$(measure "devices, here" "$CLI" devices)
dr=$(measure "devices, --remote $DEST" "$CLI" devices --remote "$DEST")
sl=$(measure "verify --step 1, here (warm compile cache)" "$CLI" verify --step 1 --elements 4096 --kernels-dir "$KERNELS" --cache-dir "$CACHE")
sr=$(measure "verify --step 1, --remote $DEST (compiles on the node: no cache)" "$CLI" verify --step 1 --elements 4096 --kernels-dir "$KERNELS" --remote "$DEST")
sn=$(measure "verify --step 1, here, --no-cache (compiles like the remote run)" "$CLI" verify --step 1 --elements 4096 --kernels-dir "$KERNELS" --no-cache --cache-dir "$CACHE")
echo "devices: +$(echo "$dr - $dl" | bc) s over ssh (median of $RUNS)"
echo "step 1: +$(echo "$sr - $sn" | bc) s over ssh vs the same compiles here; +$(echo "$sr - $sl" | bc) s vs a warm local cache"
