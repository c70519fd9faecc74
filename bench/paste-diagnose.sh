#!/bin/bash
# `hipdoctor-cli diagnose -` of a 10,000-line paste (docs/performance.md, goal: at most 0.3 s
# and 100 MB): the development reports of the field corpus (tests/diagnosis/field/*.txt, never
# heldout/) repeated to LINES lines and pasted the ways people paste them — Markdown quotes and
# fences, logger prefixes, terminal colours and their literal renderings, CRLF — then read from
# standard input, RUNS times each. With a second CLI (REFERENCE, e.g. a build of main) both
# run on the same paste in the same run and print side by side.
#   bench/paste-diagnose.sh [CLI] [REFERENCE_CLI] [-- LINES RUNS]
set -euo pipefail
cli=build/bin/hipdoctor-cli ref= lines=10000 runs=5
args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#args[@]} -ge 1 ] && cli=${args[0]}
[ ${#args[@]} -ge 2 ] && ref=${args[1]}
lines=${1:-$lines}
runs=${2:-$runs}
[ -x "$cli" ] || { echo "paste-diagnose: build $cli first" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
paste=$(mktemp /tmp/hd-paste-XXXXXX.txt)
trap 'rm -f "$paste"' EXIT
python3 - "$here/tests/diagnosis/field" "$lines" >"$paste" <<'PY'
import glob, os, sys
field, want = sys.argv[1], int(sys.argv[2])
src = []
for p in sorted(glob.glob(os.path.join(field, "*.txt"))):  # development reports only
    with open(p, encoding="utf-8", errors="replace") as f:
        src.extend(f.read().splitlines())
shapes = [
    lambda l: "> " + l,
    lambda l: "2024-05-01 12:00:00,123 - app - ERROR - " + l,
    lambda l: "\x1b[0;31m" + l + "\x1b[0m",
    lambda l: "ESC[1;31m" + l + "ESC[0m",
    lambda l: l + "\r",
    lambda l: "ollama  | " + l,
    lambda l: l,
]
out = ["```console"]
i = 0
while len(out) < want - 1:
    line = src[i % len(src)]
    out.append(shapes[i % len(shapes)](line))
    i += 1
out.append("```")
sys.stdout.write("\n".join(out) + "\n")
PY
measure() { # cli -> "median_wall_s median_cpu_s max_rss_mb"
    local walls=() cpus=() rss=0 out r
    out=$(mktemp)
    for _ in $(seq "$runs"); do
        /usr/bin/time -o "$out" -f '%e %U %S %M' "$1" diagnose - <"$paste" >/dev/null 2>&1 || true
        r=$(tail -n1 "$out")
        set -- "$1" $r
        walls+=("$2")
        cpus+=("$(awk -v u="$3" -v s="$4" 'BEGIN { printf "%.2f", u + s }')")
        [ "$5" -gt "$rss" ] && rss=$5
    done
    rm -f "$out"
    local mid=$(( (runs + 1) / 2 ))
    printf '%s %s %s\n' "$(printf '%s\n' "${walls[@]}" | sort -n | sed -n "${mid}p")" \
        "$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "${mid}p")" "$((rss / 1024))"
}
echo "paste: $(wc -l <"$paste") lines, $(du -h "$paste" | cut -f1)  runs: $runs  $(date -u '+%Y-%m-%d %H:%M UTC')  load:$(uptime | sed 's/.*load average://')"
# Wall time on a shared, loaded machine is mostly waiting: CPU time (user + sys) is the figure
# to compare with the goal there.
printf '%-40s %10s %10s %12s\n' "cli" "wall s" "cpu s" "max RSS MB"
read -r w c m < <(measure "$cli")
printf '%-40s %10s %10s %12s\n' "$cli" "$w" "$c" "$m"
if [ -n "$ref" ]; then
    read -r w c m < <(measure "$ref")
    printf '%-40s %10s %10s %12s\n' "$ref" "$w" "$c" "$m"
fi
printf '%-40s %10s %10s %12s\n' "goal (docs/performance.md)" "0.3" "0.3" "100"
