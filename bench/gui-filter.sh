#!/bin/bash
# Filter latency of the symbol table on a big real library (DESIGN.md goal: < 50 ms a
# keystroke on a 100k-row table). Times SymbolFilterProxy::setFilterText for every prefix of a
# few typed words: the work one (debounced) keystroke costs on the GUI thread.
#   bench/gui-filter.sh [BUILD_DIR] [FILE]
set -euo pipefail
build=${1:-build}
file=${2:-/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1}
bench=$build/bin/hd_gui_filter_bench
[ -x "$bench" ] || { echo "gui-filter: build $bench first (cmake --build $build --target hd_gui_filter_bench)" >&2; exit 2; }
[ -r "$file" ] || { echo "gui-filter: $file not found (Debian package librocsparse0)" >&2; exit 2; }
"$bench" "$file" csrmv gemmi _z rocsparse_ xyz
