#!/usr/bin/env bash
# `diagnose FILE` (with and without --target) beside `inspect --summary FILE`, in one run,
# alternating, on ROCm 7.2's librocblas.so.5.2 and librocsparse 6.4's librocsparse.so.1.0
# (scripts/fetch-rocm.sh --all). Goal (issue 45, docs/performance.md "diagnose as fast as
# reading the file"): diagnose at most 1.3x inspect --summary, at most 350 MB.
# Prints, per file and command, median wall and CPU (user + sys: steadier than wall on a shared
# machine), the peak RSS over the runs, the ratios to inspect --summary, and the load.
# usage: bench/diagnose-speed.sh [FILE...] ; env: HIPDOCTOR_CLI (default build/bin/hipdoctor-cli),
#        BEFORE_CLI (another build, run alternately as "before"), TARGET (default gfx1031),
#        HIPDOCTOR_ROCM_CACHE (default ~/.cache/hipdoctor/rocm-debs), RUNS (default 5)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${HIPDOCTOR_CLI:-$root/build/bin/hipdoctor-cli}
cache=${HIPDOCTOR_ROCM_CACHE:-$HOME/.cache/hipdoctor/rocm-debs}
lib=$cache/root/usr/lib/x86_64-linux-gnu
target=${TARGET:-gfx1031}
runs=${RUNS:-5}
source "$root/bench/measure.sh"
build_type=$(require_optimized diagnose-speed "$cli") || exit 2
files=("$@")
[[ ${#files[@]} -gt 0 ]] || files=("$lib/librocblas.so.5.2" "$lib/librocsparse.so.1.0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
builds=(after)
[[ -n ${BEFORE_CLI:-} ]] && builds+=(before)
echo "build: $cli ($build_type)${BEFORE_CLI:+  before: $BEFORE_CLI}  $(date -u '+%Y-%m-%d %H:%M UTC')  $(nproc) cores  load:$(uptime | sed 's/.*load average://')"
for f in "${files[@]}"; do
    [[ -e $f ]] || { echo "diagnose-speed: $f missing (scripts/fetch-rocm.sh --all)" >&2; continue; }
    cat "$f" >/dev/null
    cmds=("inspect --summary" "diagnose" "diagnose --target $target")
    for b in "${builds[@]}"; do for c in 0 1 2; do : >"$tmp/$b.$c"; done; done
    for ((i = 1; i <= runs; i++)); do
        for c in 0 1 2; do
            for b in "${builds[@]}"; do
                bin=$cli
                [[ $b == before ]] && bin=$BEFORE_CLI
                # shellcheck disable=SC2086
                measure "$tmp/o" "$bin" ${cmds[$c]} "$f" >>"$tmp/$b.$c"
            done
        done
    done
    echo "$(basename "$f") ($(stat -c %s "$f") bytes), $runs runs, load now:$(uptime | sed 's/.*load average://')"
    for b in "${builds[@]}"; do
        iw=$(cut -d' ' -f1 "$tmp/$b.0" | median); ic=$(cut -d' ' -f3 "$tmp/$b.0" | median)
        for c in 0 1 2; do
            w=$(cut -d' ' -f1 "$tmp/$b.$c" | median); cpu=$(cut -d' ' -f3 "$tmp/$b.$c" | median)
            rss=$(cut -d' ' -f2 "$tmp/$b.$c" | sort -n | tail -1)
            printf '  %-6s %-28s %6.2f s wall %6.2f s cpu %5d MB | vs inspect: wall %.2f cpu %.2f\n' \
                "$b" "${cmds[$c]}" "$w" "$cpu" $((rss / 1024)) \
                "$(echo "$w / $iw" | bc -l)" "$(echo "$cpu / $ic" | bc -l)"
        done
    done
done
