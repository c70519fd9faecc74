#!/usr/bin/env bash
# A longer libFuzzer campaign over every harness of fuzz/ (fuzz/README.md), after the brief
# replay the normal suite does. Configures build-fuzz/ with clang-15 (-DHIPDOCTOR_FUZZ=ON, no
# GUI), builds the harnesses and their seeds, then runs each harness for SECONDS (default 60)
# on a writable corpus under fuzz-corpus/<name>/ seeded from the same real files as the suite.
#   scripts/fuzz.sh [-j N] [SECONDS] [HARNESS...]
# Prints one line per harness: executions, corpus size, time. A crash stops with the
# sanitizer's report and leaves crash-<sha1> in fuzz-corpus/; add it under tests/fuzz/regressions/
# (or the seed folder of its harness) once fixed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs=2
if [ "${1:-}" = -j ]; then
    jobs=$2
    shift 2
fi
seconds=${1:-60}
[ $# -gt 0 ] && shift
all=(inspect offload_bundle amdgpu nvidia ldso_cache amd_log text_facts session probe_lines
     import_records triton)
if [ $# -gt 0 ]; then harnesses=("$@"); else harnesses=("${all[@]}"); fi

if [ ! -f build-fuzz/build.ninja ]; then
    cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang-15 -DCMAKE_CXX_COMPILER=clang++-15 \
        -DHIPDOCTOR_FUZZ=ON -DHIPDOCTOR_BUILD_GUI=OFF -DHIPDOCTOR_WERROR=OFF >/dev/null
fi
targets=(fuzz_seeds)
for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
cmake --build build-fuzz -j "$jobs" --target "${targets[@]}" kernel_artifacts

# The seed paths of tests/fuzz/CMakeLists.txt, from the ctest registration of each harness.
seeds_of() {
    ctest --test-dir build-fuzz -R "^fuzz_$1\$" --show-only=json-v1 2>/dev/null |
        python3 -c '
import json, sys, os
for t in json.load(sys.stdin)["tests"]:
    for a in t["command"][1:]:
        if a.startswith("-seed_inputs="):
            print(" ".join(a[len("-seed_inputs="):].split(",")))
        elif not a.startswith("-") and os.path.exists(a) and "corpus_" not in a:
            print(a)'
}

printf '%-16s %12s %8s %8s\n' harness execs corpus seconds
for h in "${harnesses[@]}"; do
    corpus=fuzz-corpus/$h
    mkdir -p "$corpus"
    # Directories go in as corpora, single files are copied into the writable corpus.
    dirs=()
    for s in $(seeds_of "$h"); do
        if [ -d "$s" ]; then dirs+=("$s"); else cp -f "$s" "$corpus/"; fi
    done
    log=fuzz-corpus/$h.log
    (cd fuzz-corpus && "../build-fuzz/fuzz/fuzz_$h" "$h" "${dirs[@]/#/$PWD/}" \
        -max_len=1048576 -rss_limit_mb=4096 -timeout=10 -max_total_time="$seconds" \
        -print_final_stats=1) >"$log" 2>&1 || { tail -40 "$log"; exit 1; }
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    printf '%-16s %12s %8s %8s\n' "$h" "$execs" "$(ls "$corpus" | wc -l)" "$seconds"
done
