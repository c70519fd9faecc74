#!/usr/bin/env bash
# Full inspection of Debian's librocsparse.so.0.1 (package librocsparse0: 1.3 GB, 111 bundles,
# 777 code objects) by `hipdoctor-cli inspect --summary` — every bundle entry, code object,
# kernel's metadata and symbol is decoded; --summary only keeps the terminal output short —
# timed side by side with `roc-obj-ls` listing the same file. Prints both wall times, both
# CPU times (user + sys, children included: steadier than wall on a shared machine), the
# ratios and hipdoctor's peak RSS (/usr/bin/time -v). Goal (docs/design.md): less wall time than
# roc-obj-ls, under 300 MB RSS.
#
# With --json, `hipdoctor-cli inspect --json` instead: the whole hipdoctor.inspection/1
# document written to a file (streamed, docs/schema-inspection.md); its size is printed and, with
# VALIDATE=1, it is checked with jq. Goal (issue 17): at most 3x roc-obj-ls's wall time and at most
# 200 MB peak RSS.
#
# usage: bench/inspect-rocsparse.sh [--json] [FILE] ; env: HIPDOCTOR_CLI (default build/bin/hipdoctor-cli),
#        RUNS (default 5; the medians are reported). The binary must come from an optimized build
#        (Release, RelWithDebInfo, MinSizeRel; read from its build dir's CMakeCache.txt); a Debug
#        build is refused unless BENCH_ALLOW_DEBUG=1. Example:
#        cmake -S . -B build-rel -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIPDOCTOR_BUILD_GUI=OFF
#        cmake --build build-rel --target hipdoctor-cli && HIPDOCTOR_CLI=build-rel/bin/hipdoctor-cli \
#        bench/inspect-rocsparse.sh
set -euo pipefail

mode=--summary
if [[ ${1:-} == --json ]]; then
    mode=--json
    shift
fi
file=${1:-/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1}
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${HIPDOCTOR_CLI:-$root/build/bin/hipdoctor-cli}
runs=${RUNS:-5}

for need in "$file" "$cli" /usr/bin/time; do
    [[ -e $need ]] || { echo "inspect-rocsparse: missing $need" >&2; exit 2; }
done
source "$root/bench/measure.sh"
build_type=$(require_optimized inspect-rocsparse "$cli") || exit 2
cli=$(readlink -f "$cli")
command -v roc-obj-ls >/dev/null || { echo "inspect-rocsparse: roc-obj-ls not installed" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Both tools read the file through the page cache; warm it once so neither pays the disk.
cat "$file" >/dev/null

: >"$tmp/ours" ; : >"$tmp/theirs"
for ((i = 1; i <= runs; i++)); do
    measure "$tmp/roc" roc-obj-ls "$file" >>"$tmp/theirs"
    measure "$tmp/hd" "$cli" inspect "$mode" "$file" >>"$tmp/ours"
done

entries_roc=$(grep -c 'file://' "$tmp/roc.out" || true)
ours_t=$(cut -d' ' -f1 "$tmp/ours" | median)
theirs_t=$(cut -d' ' -f1 "$tmp/theirs" | median)
ours_rss=$(cut -d' ' -f2 "$tmp/ours" | sort -n | tail -1)
ours_cpu=$(cut -d' ' -f3 "$tmp/ours" | median)
theirs_cpu=$(cut -d' ' -f3 "$tmp/theirs" | median)

echo "file:        $file ($(stat -c %s "$file") bytes)"
echo "binary:      $cli (CMAKE_BUILD_TYPE=${build_type:-unknown})"
if [[ $mode == --json ]]; then
    echo "hipdoctor:   inspect --json: $(stat -c %s "$tmp/hd.out") bytes of JSON, $(wc -l <"$tmp/hd.out") line(s)"
    if [[ ${VALIDATE:-0} == 1 ]]; then
        echo "validate:    jq: $(jq -r '"\(.schema), \(.inputs[0].code_objects | length) code objects, \(.inputs[0].kernel_count) kernels"' "$tmp/hd.out")"
    fi
else
    echo "hipdoctor:   $(cat "$tmp/hd.out")"
fi
echo "roc-obj-ls:  $entries_roc bundle entries listed"
echo "runs:        $runs (medians; CPUs: $(nproc), load now: $(cut -d' ' -f1-3 /proc/loadavg))"
# hipdoctor re-executes itself with glibc's huge-page heap in THP "madvise" mode (docs/cli.md,
# "Heap tuning at start-up"); HIPDOCTOR_HEAP_TUNING=0 in the environment measures it without.
thp=$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true)
echo "heap:        THP mode ${thp:-unknown}; HIPDOCTOR_HEAP_TUNING=${HIPDOCTOR_HEAP_TUNING:-unset}"
printf 'roc-obj-ls wall:             %.3f s\n' "$theirs_t"
printf 'hipdoctor inspect %s wall: %.3f s\n' "$mode" "$ours_t"
printf 'roc-obj-ls CPU (user+sys):   %.3f s\n' "$theirs_cpu"
printf 'hipdoctor CPU (user+sys):    %.3f s\n' "$ours_cpu"
awk -v a="$ours_t" -v b="$theirs_t" -v r="$ours_rss" -v ca="$ours_cpu" -v cb="$theirs_cpu" 'BEGIN {
    printf "ratio (hipdoctor/roc-obj-ls): %.2f wall, %.2f CPU\n", a / b, ca / cb
    printf "hipdoctor peak RSS:          %.1f MB (max over runs)\n", r / 1024 }'
if [[ $mode == --json ]]; then
    awk -v a="$ours_t" -v b="$theirs_t" -v r="$ours_rss" 'BEGIN {
        printf "goal (<= 3x wall, <= 200 MB): %s\n", (a <= 3 * b && r / 1024 <= 200) ? "met" : "NOT met" }'
fi
