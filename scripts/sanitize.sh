#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer):
# configures the `asan` preset (build-asan/, Debug), builds everything and runs ctest.
#   scripts/sanitize.sh [-j N] [extra ctest arguments, e.g. -R tst_probe]
# Any sanitizer report fails its test (tests/CMakeLists.txt sets ASAN/LSAN/UBSAN_OPTIONS).
# From scratch on 2 cores (-j2, 2026-12-02, otherwise idle): configure 5 s, build 12 min,
# tests 13 min; an incremental rebuild takes minutes. Needs the packages of scripts/bootstrap.sh.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs=$(nproc 2>/dev/null || echo 2)
if [ "${1:-}" = -j ]; then
    jobs=$2
    shift 2
fi

# LeakSanitizer stops threads with ptrace; some containers deny it, and then every test would
# fail with "LeakSanitizer has encountered a fatal error". Check once, say so, and carry on
# with ASan + UBSan only.
leaks=ON
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <stdlib.h>\nint main(void) { free(malloc(1)); return 0; }\n' >"$tmp/t.c"
if cc -fsanitize=address -o "$tmp/t" "$tmp/t.c" 2>"$tmp/cc.log"; then
    if ! ASAN_OPTIONS=detect_leaks=1 "$tmp/t" >"$tmp/run.log" 2>&1; then
        leaks=OFF
        echo "sanitize: LeakSanitizer does not work here (ptrace denied?); leak checks are OFF:" >&2
        sed 's/^/  /' "$tmp/run.log" >&2
    fi
else
    echo "sanitize: cannot build with -fsanitize=address:" >&2
    cat "$tmp/cc.log" >&2
    exit 1
fi

phase() { printf 'sanitize: %s took %dm%02ds\n' "$1" $(($2 / 60)) $(($2 % 60)); }

t=$SECONDS
cmake --preset asan -DHIPDOCTOR_DETECT_LEAKS=$leaks >/dev/null
phase configure $((SECONDS - t))

t=$SECONDS
cmake --build --preset asan -j "$jobs"
phase build $((SECONDS - t))

t=$SECONDS
rc=0
ctest --preset asan -j "$jobs" "$@" || rc=$?
phase tests $((SECONDS - t))
exit $rc
