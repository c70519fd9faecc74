#!/bin/bash
# Cold start to first window (docs/design.md goal: < 0.5 s). Starts `hipdoctor` RUNS times on one
# Xvfb display with HIPDOCTOR_STARTUP_BENCH=1 (it prints the time from main() to the first
# painted window and quits) and also times the whole process from exec to exit.
#   bench/gui-startup.sh [BUILD_DIR] [RUNS]
set -euo pipefail
build=${1:-build}
runs=${2:-10}
app=$build/bin/hipdoctor
[ -x "$app" ] || { echo "gui-startup: build $app first" >&2; exit 2; }
command -v Xvfb >/dev/null || { echo "gui-startup: needs Xvfb (package xvfb)" >&2; exit 2; }
display=:$(( 90 + RANDOM % 100 ))
Xvfb "$display" -screen 0 1920x1200x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=$display XDG_CONFIG_HOME=$(mktemp -d)
unset QT_QPA_PLATFORM
inner=() outer=()
for i in $(seq "$runs"); do
    t0=$(date +%s%N)
    line=$(HIPDOCTOR_STARTUP_BENCH=1 "$app" | grep first-window-ms)
    t1=$(date +%s%N)
    inner+=("${line#first-window-ms: }")
    outer+=("$(( (t1 - t0) / 1000000 ))")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "runs: $runs"
echo "main() to first painted window, ms: ${inner[*]}"
echo "exec to exit (incl. dynamic loading), ms: ${outer[*]}"
echo "median first-window-ms: $(median "${inner[@]}")"
echo "median process-ms: $(median "${outer[@]}")"
