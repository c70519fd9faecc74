#!/usr/bin/env bash
# `diagnose --json` and `triton --json`, before and after the streamed JSON (issue 17), side by
# side in one run: a build from before (BEFORE_CLI) and this one (HIPDOCTOR_CLI) alternate on
#   - diagnose --json on Debian's librocsparse.so.0.1 (1.3 GB, 777 code objects: the largest
#     real input on the build host), with --target gfx90a and a kernel name to look up;
#   - triton --json on one Triton cache made of the real fixture caches' kernel folders
#     (tests/fixtures/triton) copied COPIES times each under new hash names (a real cache of
#     this size is not at hand; each folder is a real Triton compile).
# Prints per command and build: median wall and CPU time (user + sys), max peak RSS, the size of
# the document, whether both builds printed the same bytes and whether each printed the same
# bytes on every run.
#
# usage: BEFORE_CLI=/path/to/old/bin/hipdoctor-cli bench/json-commands.sh [FILE]
#        env: HIPDOCTOR_CLI (default build/bin/hipdoctor-cli), RUNS (default 3), COPIES (default
#        400), CASES (default "diagnose triton"). Both binaries must come from optimized builds
#        (see bench/inspect-rocsparse.sh).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:-/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1}
after=${HIPDOCTOR_CLI:-$root/build/bin/hipdoctor-cli}
before=${BEFORE_CLI:-}
runs=${RUNS:-3}
copies=${COPIES:-400}
fixtures=$root/tests/fixtures/triton

[[ -n $before ]] || { echo "json-commands: set BEFORE_CLI to the build to compare with" >&2; exit 2; }
for need in "$file" "$after" "$before" "$fixtures" /usr/bin/time; do
    [[ -e $need ]] || { echo "json-commands: missing $need" >&2; exit 2; }
done
source "$root/bench/measure.sh"
type_before=$(require_optimized json-commands "$before") || exit 2
type_after=$(require_optimized json-commands "$after") || exit 2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One cache folder: every kernel folder of the fixture caches, COPIES times.
cache=$tmp/triton-cache
mkdir -p "$cache"
folders=0
for entry in "$fixtures"/*/*/; do
    [[ -d $entry ]] || continue
    for ((c = 0; c < copies; c++)); do
        cp -r "$entry" "$cache/$(basename "$entry")_$c"
        folders=$((folders + 1))
    done
done
chmod -R u+w "$cache"
cat "$file" >/dev/null # page cache warm for both builds

read -r -a cases <<<"${CASES:-diagnose triton}"
run_case() { # case binary out_prefix
    case $1 in
    diagnose) measure "$3" "$2" diagnose --json --target gfx90a --kernel rocsparse_csrmv "$file" ;;
    triton) measure "$3" "$2" triton --json --target gfx90a "$cache" ;;
    esac
}

for c in "${cases[@]}"; do
    : >"$tmp/$c.before"; : >"$tmp/$c.after"
    for ((i = 1; i <= runs; i++)); do
        run_case "$c" "$before" "$tmp/$c-before-$i" >>"$tmp/$c.before"
        run_case "$c" "$after" "$tmp/$c-after-$i" >>"$tmp/$c.after"
    done
done

same_runs() { # prefix: "yes" when every run printed the same bytes
    local first=$1-1.out i
    for ((i = 2; i <= runs; i++)); do
        cmp -s "$first" "$1-$i.out" || { echo no; return; }
    done
    echo yes
}

echo "input:    $file ($(stat -c %s "$file") bytes); Triton cache: $folders kernel folders"
echo "before:   $before ($type_before)"
echo "after:    $after ($type_after)"
echo "runs:     $runs, alternating (medians; peak RSS: max); CPUs: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %-7s %9s %9s %11s %12s %10s\n' command build wall_s cpu_s peak_rss_MB json_bytes same_runs
for c in "${cases[@]}"; do
    for b in before after; do
        wall=$(cut -d' ' -f1 "$tmp/$c.$b" | median)
        cpu=$(cut -d' ' -f3 "$tmp/$c.$b" | median)
        rss=$(cut -d' ' -f2 "$tmp/$c.$b" | sort -n | tail -1)
        printf '%-9s %-7s %9.3f %9.3f %11.1f %12d %10s\n' "$c" "$b" "$wall" "$cpu" \
            "$(awk -v r="$rss" 'BEGIN {print r / 1024}')" "$(stat -c %s "$tmp/$c-$b-1.out")" \
            "$(same_runs "$tmp/$c-$b")"
    done
    if cmp -s "$tmp/$c-before-1.out" "$tmp/$c-after-1.out"; then
        echo "$c: before and after printed the same bytes"
    else
        echo "$c: before and after differ: $(cmp "$tmp/$c-before-1.out" "$tmp/$c-after-1.out" | head -1)"
    fi
done
