#!/bin/bash
# Opening a big library in the app, side by side with the CLI's inspection of the same file
# (issue 15 item 8; goals on librocsparse: fully populated <= 0.8 s after the window, peak RSS
# <= 200 MB, the 30k-row symbol table built in <= 250 ms).
# Starts `hipdoctor FILE` RUNS times on an Xvfb display with HIPDOCTOR_OPEN_BENCH=1: it prints
# the time from the shown window to the first per-bundle progress (the tree starts filling),
# then to the tree filled, the findings (with TARGET) and the symbol table filled (the rows
# follow the tree from a worker), each with the peak RSS so far, the number of progress
# updates, then the time from ticking "Per code object" to its first rows (shown while the
# rest are built) and to the whole table (and the peak RSS with it), and then builds both symbol tables again timed alone (by name: 30k rows; per code object: 232k rows),
# and quits. Times `hipdoctor-cli inspect --summary FILE` the same way; prints both, with peak
# RSS (/usr/bin/time -v) and the load average (the machine may be shared: say so with figures).
#   bench/gui-open-big.sh [FILE] ; env: BUILD (default build), RUNS (default 3), TARGET (a
#   device typed first, e.g. gfx1031: the time to its findings is printed too, and the CLI's
#   `diagnose FILE --target TARGET` is timed beside it)
set -euo pipefail
file=${1:-/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1}
build=${BUILD:-build}
runs=${RUNS:-3}
app=$build/bin/hipdoctor
cli=$build/bin/hipdoctor-cli
for need in "$file" "$app" "$cli" /usr/bin/time; do
    [[ -e $need ]] || { echo "gui-open-big: missing $need" >&2; exit 2; }
done
display=:$(( 90 + RANDOM % 100 ))
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=$display XDG_CONFIG_HOME=$(mktemp -d)
unset QT_QPA_PLATFORM
cat "$file" > /dev/null # both read it from the page cache
rss() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1" | awk '{printf "%d", $1/1024}'; }
wall() { sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1"; }
echo "gui-open-big: $(date -u '+%Y-%m-%d %H:%M UTC') $(nproc) cores, load:$(uptime | sed 's/.*load average://')"
tmp=$(mktemp -d)
for i in $(seq "$runs"); do
    out=$(HIPDOCTOR_OPEN_BENCH=${TARGET:-1} /usr/bin/time -v -o "$tmp/app" "$app" "$file")
    echo "app run $i: $(echo "$out" | tr '\n' ' ') process wall $(wall "$tmp/app"), peak RSS $(rss "$tmp/app") MB"
    /usr/bin/time -v -o "$tmp/cli" "$cli" inspect --summary "$file" > /dev/null || true
    echo "cli run $i: inspect wall $(wall "$tmp/cli"), peak RSS $(rss "$tmp/cli") MB"
    if [[ -n ${TARGET:-} ]]; then
        /usr/bin/time -v -o "$tmp/cli" "$cli" diagnose "$file" --target "$TARGET" >/dev/null || true
        echo "cli run $i: diagnose --target $TARGET wall $(wall "$tmp/cli"), peak RSS $(rss "$tmp/cli") MB"
    fi
done
rm -rf "$tmp"
