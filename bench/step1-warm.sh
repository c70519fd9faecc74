#!/usr/bin/env bash
# Step 1 of the verification with a warm compile cache (docs/design.md goal: under 1 s).
# usage: bench/step1-warm.sh [BUILD_DIR] [RUNS]
# Runs `hipdoctor-cli verify --step 1` once to fill a private compile cache, then RUNS more
# times, and prints each wall time plus min/median/max. Without a GPU (as on the build host)
# step 1 still compiles (cached), resolves the runtime, runs the program and the probe, which
# answer "no device": the time measured is the whole step either way.
set -euo pipefail
BUILD=${1:-build}
RUNS=${2:-10}
CLI=$BUILD/bin/hipdoctor-cli
[ -x "$CLI" ] || { echo "no $CLI (build hipdoctor-cli and hipdoctor-probe first)" >&2; exit 2; }
CACHE=$(mktemp -d /tmp/hd-step1-cache.XXXXXX)
trap 'rm -rf "$CACHE"' EXIT
now() { date +%s.%N; }

t0=$(now)
"$CLI" verify --step 1 --cache-dir "$CACHE" >/dev/null 2>&1 || true
t1=$(now)
cold=$(echo "$t1 - $t0" | bc)
echo "cold (compiles): ${cold} s"

times=()
for i in $(seq 1 "$RUNS"); do
    t0=$(now)
    "$CLI" verify --step 1 --cache-dir "$CACHE" >/dev/null 2>&1 || true
    t1=$(now)
    t=$(echo "$t1 - $t0" | bc)
    times+=("$t")
    echo "warm run $i: ${t} s"
done
sorted=$(printf '%s\n' "${times[@]}" | sort -g)
min=$(echo "$sorted" | head -n1)
max=$(echo "$sorted" | tail -n1)
median=$(echo "$sorted" | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}')
echo "warm step 1 over $RUNS runs: min ${min} s, median ${median} s, max ${max} s (goal < 1 s)"
# Which checks took the time, from the last warm run's session.
"$CLI" verify --step 1 --cache-dir "$CACHE" --json 2>/dev/null |
    python3 -c 'import json,sys; s=json.load(sys.stdin)
for st in s["steps"]:
    for c in st["checks"]:
        print("  %-20s %-8s %8.1f ms%s" % (c["id"], c["status"], c["duration_ms"], " (cached)" if c.get("cached") else ""))' 2>/dev/null || true
