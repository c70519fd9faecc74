#!/usr/bin/env bash
# Function lengths over core/ app/ ui/, measured as issue "one home per concept" asks: Universal
# Ctags' line and end fields of every function definition. Prints the counts over 60 and over
# 100 lines, then the longest ones.
#   scripts/long-functions.sh [TOP]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
top=${1:-15}
ctags -R --languages=C++ --kinds-C++=f --fields=+ne -x --_xformat='%{line} %{end} %F %N' \
    core app ui 2>/dev/null |
    awk '$2 > $1 { print $2 - $1 + 1, $3, $4 }' | sort -rn >/tmp/hd-long-functions.$$
over60=$(awk '$1 > 60' /tmp/hd-long-functions.$$ | wc -l)
over100=$(awk '$1 > 100' /tmp/hd-long-functions.$$ | wc -l)
echo "functions over 100 lines: $over100 (goal <= 10); over 60 lines: $over60 (goal <= 40)"
head -n "$top" /tmp/hd-long-functions.$$
rm -f /tmp/hd-long-functions.$$
