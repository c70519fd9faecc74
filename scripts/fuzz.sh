#!/usr/bin/env bash
# The libFuzzer campaign over every harness of fuzz/ (fuzz/README.md). Configures build-fuzz/
# with clang-15 (-DHIPDOCTOR_FUZZ=ON, no GUI), builds the harnesses and their seeds, then runs
# each harness in turn on a writable corpus under fuzz-corpus/<name>/ ($FUZZ_CORPUS_DIR) seeded from the same real
# files as the suite (tests/fuzz/CMakeLists.txt) and the inputs of tests/fuzz/regressions/.
#
#   scripts/fuzz.sh [-j N] [--runs N] [--no-build] [SECONDS] [HARNESS...]
#
#   SECONDS     time per harness (-max_total_time, default 60)
#   --runs N    at most N executions per harness (SECONDS, when given, still bounds the time;
#               the suite's brief libFuzzer pass uses --runs 3000 20)
#   --no-build  use build-fuzz/ as it is
#
# Prints a Markdown table, one row per harness: executions, executions per second, the seed
# files loaded (count / bytes), corpus before and after (inputs/bytes, as libFuzzer counts them), coverage (cov: edges, ft:
# features), time and what it found. A crash, timeout or out-of-memory input is kept in
# fuzz-corpus/<name>-findings/ and the campaign goes on with the next harness; the script then
# exits 1. Once fixed, add the input under tests/fuzz/regressions/.
# Exit 77 (the suite's "skipped") when clang-15 or its libFuzzer is not installed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs=2
runs=
build=1
while [ $# -gt 0 ]; do
    case "$1" in
    -j) jobs=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    *) break ;;
    esac
done
seconds=60
[ -n "$runs" ] && seconds=
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
all=(inspect offload_bundle amdgpu nvidia ldso_cache amd_log text_facts session probe_lines
     import_records triton)
if [ $# -gt 0 ]; then harnesses=("$@"); else harnesses=("${all[@]}"); fi

if ! command -v clang++-15 >/dev/null ||
    ! ls /usr/lib/llvm-15/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
    echo "fuzz.sh: clang-15 with libFuzzer is not installed (Debian package clang-15)" >&2
    exit 77
fi

if [ "$build" = 1 ]; then
    if [ ! -f build-fuzz/build.ninja ]; then
        cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DCMAKE_C_COMPILER=clang-15 -DCMAKE_CXX_COMPILER=clang++-15 \
            -DHIPDOCTOR_FUZZ=ON -DHIPDOCTOR_BUILD_GUI=OFF -DHIPDOCTOR_WERROR=OFF >/dev/null
    fi
    targets=(fuzz_seeds kernel_artifacts)
    for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
    cmake --build build-fuzz -j "$jobs" --target "${targets[@]}" >/dev/null
fi

# The seed paths of tests/fuzz/CMakeLists.txt, from the ctest registration of each harness.
seeds_of() {
    ctest --test-dir build-fuzz -R "^fuzz_$1\$" --show-only=json-v1 2>/dev/null |
        python3 -c '
import json, sys, os
for t in json.load(sys.stdin)["tests"]:
    for a in t["command"][1:]:
        if a.startswith("-seed_inputs="):
            print("\n".join(a[len("-seed_inputs="):].split(",")))
        elif not a.startswith("-") and os.path.exists(a) and "corpus_" not in a:
            print(a)'
}

# "#1234 ... cov: 567 ft: 890 corp: 12/34Kb ..." -> the field after NAME.
field() { sed -n "s/.* $1: \([^ ]*\).*/\1/p" | tail -1; }

status=0
printf '| harness | execs | exec/s | seeds | corpus before | corpus after | cov | ft | seconds | found |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n'
out=${FUZZ_CORPUS_DIR:-$PWD/fuzz-corpus}
for h in "${harnesses[@]}"; do
    corpus=$out/$h
    findings=$out/$h-findings
    mkdir -p "$corpus" "$findings"
    dirs=()
    while IFS= read -r s; do
        [ -n "$s" ] || continue
        # Single files are copied in under a name of their own: several seeds share a
        # basename (add_kernel.hsaco of three Triton entries).
        if [ -d "$s" ]; then
            dirs+=("$s")
        else
            cp -f "$s" "$corpus/seed-$(sha1sum "$s" | cut -c1-12)-$(basename "$s")"
        fi
    done < <(seeds_of "$h")
    log=$out/$h.log
    limit=()
    [ -n "$seconds" ] && limit+=(-max_total_time="$seconds")
    [ -n "$runs" ] && limit+=(-runs="$runs")
    start=$(date +%s)
    rc=0
    "build-fuzz/fuzz/fuzz_$h" "$corpus" "${dirs[@]}" -max_len=1048576 -rss_limit_mb=2048 \
        -timeout=10 "${limit[@]}" -print_final_stats=1 -artifact_prefix="$findings/" \
        >"$log" 2>&1 || rc=$?
    took=$(($(date +%s) - start))
    seeds=$(sed -n 's/.*seed corpus: files: \([0-9]*\) .* total: \([0-9]*b\).*/\1 \/ \2/p' "$log")
    before=$(grep -a 'INITED' "$log" | field corp)
    after=$(grep -a -E '^#[0-9]+' "$log" | field corp)
    cov=$(grep -a -E '^#[0-9]+' "$log" | field cov)
    ft=$(grep -a -E '^#[0-9]+' "$log" | field ft)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    found=$(ls "$findings" | tr '\n' ' ')
    if [ "$rc" != 0 ] || [ -n "$found" ]; then
        status=1
        found=${found:-"exit $rc, see $log"}
    fi
    printf '| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$h" "${execs:-?}" \
        "${rate:-?}" "${seeds:-?}" "${before:-?}" "${after:-?}" "${cov:-?}" "${ft:-?}" "$took" \
        "${found:-none}"
done
exit $status
