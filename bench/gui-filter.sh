#!/bin/bash
# Filter latency of the symbol table on a big real library (docs/design.md goals: < 50 ms a
# keystroke on a 100k-row table; nothing over 50 ms on the GUI thread). Types every prefix of
# a few words into SymbolFilterProxy behind a QTableView (offscreen) and prints, per keystroke,
# the GUI-thread time (request + swap-in + repaint) and the keystroke -> rows-shown latency
# (the scan runs on the thread pool on big tables), for both table layouts.
#   bench/gui-filter.sh [BUILD_DIR] [FILE] [-- hd_gui_filter_bench options: --chunks N --sync-limit N --no-view]
set -euo pipefail
build=${1:-build}
file=${2:-/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1}
shift $(( $# > 2 ? 2 : $# ))
[ "${1:-}" = "--" ] && shift
bench=$build/bin/hd_gui_filter_bench
[ -x "$bench" ] || { echo "gui-filter: build $bench first (cmake --build $build --target hd_gui_filter_bench)" >&2; exit 2; }
[ -r "$file" ] || { echo "gui-filter: $file not found (Debian package librocsparse0)" >&2; exit 2; }
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
echo "build: $build (${build_type:-unknown type})  $(date -u '+%Y-%m-%d %H:%M UTC')  load:$(uptime | sed 's/.*load average://')"
QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} "$bench" "$file" "$@" csrmv gemmi _z rocsparse_ xyz
