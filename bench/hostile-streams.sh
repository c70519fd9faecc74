#!/usr/bin/env bash
# Hostile streams (issue 44, docs/limits.md "Standard input and pastes"): wall time and peak RSS
# of `hipdoctor-cli diagnose` on
#   endless   `yes x | diagnose -` for ENDLESS_S seconds (it runs until end of file: the figure
#             is the RSS it holds meanwhile)
#   paste-2g  2 GiB of real runtime-log lines on standard input
#   same-1e6  a file of 10^6 identical AMD_LOG_LEVEL error lines (findings in the document)
#   short-10m a file of 10^7 short lines
# each beside the issue's goal. BEFORE_CLI (optional): an older build run on the cases that
# stay bounded for it (same-1e6 and short-10m at a tenth of their size; its stdin read grows
# without bound, so it is not given the streams).
#
# usage: bench/hostile-streams.sh     env: HIPDOCTOR_CLI (default build/bin/hipdoctor-cli),
#        BEFORE_CLI, ENDLESS_S (default 20), CASES (default "endless paste-2g same-1e6 short-10m")
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/measure.sh
source "$root/bench/measure.sh"
cli=${HIPDOCTOR_CLI:-$root/build/bin/hipdoctor-cli}
before=${BEFORE_CLI:-}
endless=${ENDLESS_S:-20}
cases=${CASES:-endless paste-2g same-1e6 short-10m}
require_optimized hostile-streams "$cli" >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

line=':1:hip_code_object.cpp      :507 : 0385567830 us: 1616 : [tid:0x7f0000000001] hipErrorNoBinaryForGpu: Unable to find code object for all current devices!'
log="$root/tests/logs/data/debian-rocm52-probe-load-level4.log"

row() { printf '%-10s %-22s %8s s %9s MB   goal %s\n' "$1" "$2" "$3" "$(($4 / 1024))" "$5"; }

for c in $cases; do
    case $c in
    endless)
        read -r wall rss _ < <(measure "$tmp/e" bash -c \
            "yes x | timeout -s INT $endless '$cli' diagnose - ; true")
        row endless "$(basename "$cli") ${endless}s" "$wall" "$rss" "<= 200 MB"
        ;;
    paste-2g)
        # 16 MiB of the real log, then that 128 times: the writer keeps up with the reader.
        cp "$log" "$tmp/chunk.log"
        while [[ $(stat -c %s "$tmp/chunk.log") -lt 16777216 ]]; do # doubled
            cat "$tmp/chunk.log" "$tmp/chunk.log" >"$tmp/chunk2.log"
            mv "$tmp/chunk2.log" "$tmp/chunk.log"
        done
        read -r wall rss _ < <(measure "$tmp/p" bash -c \
            "for i in \$(seq 128); do cat '$tmp/chunk.log'; done | head -c 2147483648 | '$cli' diagnose --json - >/dev/null")
        row paste-2g "$(basename "$cli")" "$wall" "$rss" "<= 300 MB, <= 15 s"
        ;;
    same-1e6)
        for n in 1000000 100000; do
            yes "$line" | head -n $n >"$tmp/same-$n.log" || true # yes ends on SIGPIPE
        done
        read -r wall rss _ < <(measure "$tmp/s" "$cli" diagnose --json "$tmp/same-1000000.log")
        n=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["findings"]), max([f.get("occurrences",1) for f in d["findings"]]))' "$tmp/s.out")
        row same-1e6 "findings/max seen: $n" "$wall" "$rss" "1 finding seen 1,000,000 times, <= 300 MB, <= 10 s"
        if [[ -n $before ]]; then
            read -r wall rss _ < <(measure "$tmp/sb" "$before" diagnose --json "$tmp/same-100000.log")
            n=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["findings"]))' "$tmp/sb.out" 2>/dev/null || echo '?')
            row same-1e5 "BEFORE: $n findings" "$wall" "$rss" "(a tenth of the lines)"
        fi
        ;;
    short-10m)
        yes x | head -n 10000000 >"$tmp/short.log" || true
        read -r wall rss _ < <(measure "$tmp/t" "$cli" diagnose "$tmp/short.log")
        row short-10m "$(basename "$cli")" "$wall" "$rss" "<= 20 s"
        if [[ -n $before ]]; then
            head -n 1000000 "$tmp/short.log" >"$tmp/short-1m.log"
            read -r wall rss _ < <(measure "$tmp/tb" "$before" diagnose "$tmp/short-1m.log")
            row short-1m "BEFORE" "$wall" "$rss" "(a tenth of the lines)"
        fi
        ;;
    esac
done
