#!/usr/bin/env bash
# Validates hipdoctor-probe's cuda backend on an NVIDIA GPU machine that has nvcc, g++ and the
# CUDA driver but no Qt or LLVM (docs/gpu-validation.md). Run from the repository root:
#   OUT=/some/dir bash scripts/gpu/validate-probe.sh
# It builds the probe with a bare g++, compiles kernels/cuda/vector_add.cu to a cubin for the
# native SM, an sm_80-only fatbin and PTX, runs the step-1 program and the probe requests, and
# the launch-overhead bench (probe vs. a bare driver-API program, $ROUNDS interleaved rounds of
# $REPEATS launches, alternating which side runs first; default 9 x 2000), and in the same rounds
# a control, the bare program against itself (CONTROL=0 leaves it out).
# Everything lands in $OUT (at most 8 files):
#   summary.md     checks with expected vs. observed, bench table
#   env.txt        date, host, nvidia-smi -L / nvidia-smi, nvcc and g++ versions
#   step1.jsonl    capture records (schema hipdoctor.gpu-capture/1) of step 1
#   step2.jsonl    capture records of step 2 (sm_80-only fatbin, mangled name)
#   bench.jsonl    capture records of the bench rounds (bench-bare-N, bench-probe-N, control
#                  bench-ctla-N, bench-ctlb-N)
#   other.jsonl    capture records of the compiles and the devices requests
#   runs.tar.gz    every request, raw stdout/stderr, and the compiled artifacts
#   validate.log   this script's own trace
set -u
OUT=${OUT:-$PWD/gpu-validation-out}
mkdir -p "$OUT"
exec > >(tee "$OUT/validate.log") 2>&1
ROOT=$(pwd)
W=$(mktemp -d /tmp/hdgpu.XXXXXX)
mkdir -p "$W/runs" "$W/art"
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
CXX=${CXX:-g++}
REPEATS=${REPEATS:-2000}
ROUNDS=${ROUNDS:-9}
N=1048576
ARGS="buf:f32:$N:rand, buf:f32:$N:rand, buf:f32:$N:out, i32:$N"
declare -a CHECKS=()

say() { printf '\n=== %s\n' "$*"; }
check() { # name expected observed pass(0/1)
    local mark=FAIL
    [ "$4" = 0 ] && mark=PASS
    CHECKS+=("| $1 | $2 | $3 | $mark |")
    echo "CHECK $mark: $1 (expected: $2; observed: $3)"
}
# run_capture FILE STEP NAME KIND [--stdin F] [--env K=V]... -- CMD...
run_capture() {
    local file=$1 step=$2 name=$3 kind=$4
    shift 4
    echo "+ [$name] $*"
    "$W/capture" --out "$OUT/$file" --step "$step" --name "$name" --kind "$kind" "$@" \
        >"$W/runs/$name.stdout" 2>"$W/runs/$name.stderr"
    local rc=$?
    echo "$rc" >"$W/runs/$name.rc"
    echo "  exit $rc; stdout $(wc -l <"$W/runs/$name.stdout") lines; last: $(tail -n 1 "$W/runs/$name.stdout" | cut -c1-300)"
    [ -s "$W/runs/$name.stderr" ] && echo "  stderr: $(tail -n 3 "$W/runs/$name.stderr" | cut -c1-300)"
    return $rc
}
request() { # name json
    printf '%s\n' "$2" >"$W/runs/$1.request.json"
    echo "$W/runs/$1.request.json"
}
jfield() { # file event field  -> first value of "field" in the first line with "event":"<event>"
    grep -m1 "\"event\":\"$2\"" "$1" | sed -n "s/.*\"$3\":\(\"[^\"]*\"\|[-0-9.]*\|true\|false\).*/\1/p" | tr -d '"'
}
median_of() { # file timing-name
    grep "\"event\":\"timing\"" "$1" | grep "\"name\":\"$2\"" | sed -n 's/.*"median":\([0-9.]*\).*/\1/p' | head -n1
}

say "environment"
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(uname -a)"
    echo "--- nvidia-smi -L"; nvidia-smi -L
    echo "--- nvidia-smi"; nvidia-smi
    echo "--- nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv"
    nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv
    echo "--- $NVCC --version"; "$NVCC" --version
    echo "--- $CXX --version"; "$CXX" --version | head -n1
    echo "--- git"; git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo "(no git)"
} >"$OUT/env.txt" 2>&1
cat "$OUT/env.txt"

say "build the probe and the capture helper with plain $CXX (no Qt, no LLVM)"
set -x
"$CXX" -std=c++17 -O2 -Wall -Wextra -o "$W/hipdoctor-probe" app/probe/main.cpp app/probe/probe.cpp \
    app/probe/json.cpp app/probe/hip_backend.cpp app/probe/cuda_backend.cpp \
    app/probe/reaper.cpp -ldl || exit 3
"$CXX" -std=c++17 -O2 -Iapp/probe -o "$W/capture" scripts/gpu/capture.cpp app/probe/json.cpp || exit 3
set +x
PROBE=$W/hipdoctor-probe
"$PROBE" --version

CC=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n1 | tr -d ' .')
SM=sm_${CC:-90}
OTHER=sm_80
[ "$SM" = sm_80 ] && OTHER=sm_90
echo "native: $SM; foreign-only build: $OTHER"

say "compile kernels/cuda/vector_add.cu"
run_capture other.jsonl 0 compile-cubin compile -- "$NVCC" -cubin -arch="$SM" -o "$W/art/vector_add.$SM.cubin" kernels/cuda/vector_add.cu
run_capture other.jsonl 0 compile-fatbin-foreign compile -- "$NVCC" -fatbin -gencode "arch=compute_${OTHER#sm_},code=$OTHER" -o "$W/art/vector_add.$OTHER-only.fatbin" kernels/cuda/vector_add.cu
run_capture other.jsonl 0 compile-ptx compile -- "$NVCC" -ptx -arch="compute_80" -o "$W/art/vector_add.compute_80.ptx" kernels/cuda/vector_add.cu
run_capture other.jsonl 0 compile-program compile -- "$NVCC" -O2 -arch="$SM" -o "$W/art/vector_add_main" kernels/cuda/vector_add_main.cu
run_capture other.jsonl 0 compile-bench compile -- "$NVCC" -O2 -o "$W/art/probe-launch-overhead" bench/probe-launch-overhead.cpp -lcuda
command -v cuobjdump >/dev/null && cuobjdump --list-elf --list-ptx "$W/art/vector_add.$OTHER-only.fatbin" >"$W/runs/cuobjdump-fatbin.txt" 2>&1
command -v cuobjdump >/dev/null && cuobjdump --dump-elf-symbols "$W/art/vector_add.$SM.cubin" >"$W/runs/cuobjdump-cubin-symbols.txt" 2>&1
MANGLED=$(grep -o '_Z[0-9]*vector_add_cpp[A-Za-z0-9_]*' "$W/runs/cuobjdump-cubin-symbols.txt" 2>/dev/null | head -n1)
MANGLED=${MANGLED:-_Z14vector_add_cppPKfS0_Pfi}

say "devices"
run_capture other.jsonl 0 probe-devices-auto probe --stdin "$(request probe-devices-auto '{"protocol":1,"request":"devices","backend":"auto"}')" -- "$PROBE"
run_capture other.jsonl 0 probe-devices-cuda probe --stdin "$(request probe-devices-cuda '{"protocol":1,"request":"devices","backend":"cuda"}')" -- "$PROBE"
st=$(jfield "$W/runs/probe-devices-cuda.stdout" result status); tg=$(jfield "$W/runs/probe-devices-cuda.stdout" device target)
[ "$st" = ok ] && [ "$tg" = "$SM" ]; check "devices (cuda)" "ok, target $SM" "$st, target $tg" $?
run_capture other.jsonl 0 probe-devices-hip-log4 probe --env AMD_LOG_LEVEL=4 --stdin "$(request probe-devices-hip-log4 '{"protocol":1,"request":"devices","backend":"hip"}')" -- "$PROBE"
be=$(jfield "$W/runs/probe-devices-auto.stdout" hello backend)
[ "$be" = cuda ]; check "devices (auto: hip absent, then cuda)" "backend cuda, hip paths listed as tried" "backend $be" $?

say "step 1: the vector add program, then module load + launch + validate through the probe"
run_capture step1.jsonl 1 program-vector_add_main program -- "$W/art/vector_add_main"
grep -q "vector_add_main: OK" "$W/runs/program-vector_add_main.stdout"; check "step 1 program (nvcc, <<<>>>)" "exit 0, OK" "exit $(cat "$W/runs/program-vector_add_main.rc")" $?
for kind in cubin ptx; do
    if [ $kind = cubin ]; then f="$W/art/vector_add.$SM.cubin"; else f="$W/art/vector_add.compute_80.ptx"; fi
    name=probe-launch-$kind
    run_capture step1.jsonl 1 $name probe --stdin "$(request $name "{\"protocol\":1,\"request\":\"launch\",\"backend\":\"cuda\",\"file\":\"$f\",\"kernel\":\"vector_add\",\"args\":\"$ARGS\",\"grid\":[4096,1,1],\"block\":[256,1,1],\"repeat\":10}")" -- "$PROBE"
    st=$(jfield "$W/runs/$name.stdout" result status); va=$(jfield "$W/runs/$name.stdout" validation status)
    [ "$st" = ok ] && [ "$va" = passed ]; check "step 1 probe load+launch ($kind)" "ok, validation passed" "$st, validation $va" $?
done

say "step 2: the $OTHER-only fatbin and the C++-mangled name"
name=probe-load-$OTHER-only
run_capture step2.jsonl 2 $name probe --stdin "$(request $name "{\"protocol\":1,\"request\":\"load\",\"backend\":\"cuda\",\"file\":\"$W/art/vector_add.$OTHER-only.fatbin\",\"kernels\":[\"vector_add\"]}")" -- "$PROBE"
co=$(jfield "$W/runs/$name.stdout" result code); er=$(jfield "$W/runs/$name.stdout" result error); ph=$(jfield "$W/runs/$name.stdout" result phase)
[ "$co" = 209 ]; check "$OTHER-only fatbin on $SM" "module-load fails with 209 CUDA_ERROR_NO_BINARY_FOR_GPU" "$ph: $co $er" $?
name=probe-launch-$OTHER-only
run_capture step2.jsonl 2 $name probe --stdin "$(request $name "{\"protocol\":1,\"request\":\"launch\",\"backend\":\"cuda\",\"file\":\"$W/art/vector_add.$OTHER-only.fatbin\",\"kernel\":\"vector_add\",\"args\":\"$ARGS\",\"grid\":[4096,1,1],\"block\":[256,1,1]}")" -- "$PROBE"
name=probe-load-mangled
run_capture step2.jsonl 2 $name probe --stdin "$(request $name "{\"protocol\":1,\"request\":\"load\",\"backend\":\"cuda\",\"file\":\"$W/art/vector_add.$SM.cubin\",\"kernels\":[\"vector_add_cpp\"]}")" -- "$PROBE"
co=$(jfield "$W/runs/$name.stdout" result code); er=$(jfield "$W/runs/$name.stdout" result error)
[ "$co" = 500 ]; check "lookup of C++-mangled kernel by plain name" "500 CUDA_ERROR_NOT_FOUND" "$co $er" $?
name=probe-launch-mangled
run_capture step2.jsonl 2 $name probe --stdin "$(request $name "{\"protocol\":1,\"request\":\"launch\",\"backend\":\"cuda\",\"file\":\"$W/art/vector_add.$SM.cubin\",\"kernel\":\"vector_add_cpp\",\"args\":\"$ARGS\",\"grid\":[4096,1,1],\"block\":[256,1,1]}")" -- "$PROBE"
name=probe-load-mangled-exact
run_capture step2.jsonl 2 $name probe --stdin "$(request $name "{\"protocol\":1,\"request\":\"load\",\"backend\":\"cuda\",\"file\":\"$W/art/vector_add.$SM.cubin\",\"kernels\":[\"vector_add\",\"$MANGLED\"]}")" -- "$PROBE"
st=$(jfield "$W/runs/$name.stdout" result status)
[ "$st" = ok ]; check "lookup by the mangled name $MANGLED" "both kernels found" "$st" $?
name=probe-crash-module-load
run_capture step2.jsonl 2 $name probe --env HIPDOCTOR_PROBE_FAULT=crash:module-load --stdin "$(request $name "{\"protocol\":1,\"request\":\"load\",\"backend\":\"cuda\",\"file\":\"$W/art/vector_add.$SM.cubin\",\"kernels\":[\"vector_add\"]}")" -- "$PROBE"
rc=$(cat "$W/runs/$name.rc"); last=$(grep '"event":"begin"' "$W/runs/$name.stdout" | tail -n1 | sed -n 's/.*"name":"\([^"]*\)".*/\1/p')
[ "$rc" = 139 ] && [ "$last" = module-load ]; check "fault switch on the GPU machine" "SIGSEGV, last begin module-load" "exit $rc, last begin $last" $?

say "bench: launch enqueue and kernel time, probe vs. bare program ($REPEATS launches each, $ROUNDS interleaved rounds)"
# Rounds alternate which side goes first (odd: bare first, even: probe first), so GPU clock
# and thermal drift over the run hit both sides alike. Each side: median of REPEATS launches;
# the verdict uses the median over rounds of each side's medians.
# Control (CONTROL=1, the default): in the same rounds the bare program also runs against
# itself, sides A and B, A in the bare role (odd rounds A first, even rounds B first), so the
# difference between two identical processes is measured under the same conditions. Which pair
# goes first in a round changes every two rounds (1-2 probe pair, 3-4 control pair, ...).
BENCH_ROWS=()
CTL_ROWS=()
: >"$W/bench.tsv"
: >"$W/control.tsv"
bench_bare() { # name
    run_capture bench.jsonl 0 bench-$1 bench -- "$W/art/probe-launch-overhead" "$W/art/vector_add.$SM.cubin" vector_add $N $REPEATS 4096 256
}
bench_probe() {
    run_capture bench.jsonl 0 bench-probe-$1 bench --stdin "$(request bench-probe-$1 "{\"protocol\":1,\"request\":\"launch\",\"backend\":\"cuda\",\"file\":\"$W/art/vector_add.$SM.cubin\",\"kernel\":\"vector_add\",\"args\":\"$ARGS\",\"grid\":[4096,1,1],\"block\":[256,1,1],\"repeat\":$REPEATS}")" -- "$PROBE"
}
# bench_row ROUND FIRST A-stdout B-stdout TSV  -> appends "round aL bL aK bK" to TSV, prints the row
bench_row() {
    local al ak bl bk
    al=$(median_of "$3" launch); ak=$(median_of "$3" kernel)
    bl=$(median_of "$4" launch); bk=$(median_of "$4" kernel)
    printf '%s\t%s\t%s\t%s\t%s\n' "$1" "${al:-0}" "${bl:-0}" "${ak:-0}" "${bk:-0}" >>"$5"
    awk -v r="$1" -v f="$2" -v bl="$al" -v pl="$bl" -v bk="$ak" -v pk="$bk" 'BEGIN{
        dl = (bl>0)? (pl-bl)/bl*100 : 0; dk = (bk>0)? (pk-bk)/bk*100 : 0;
        printf "| %d | %s | %.3f | %.3f | %+.1f%% | %.3f | %.3f | %+.1f%% |", r, f, bl*1000, pl*1000, dl, bk*1000, pk*1000, dk }'
}
probe_pair() {
    if [ $((round % 2)) = 1 ]; then bench_bare bare-$round; bench_probe $round; first=bare; else bench_probe $round; bench_bare bare-$round; first=probe; fi
    row=$(bench_row $round $first "$W/runs/bench-bare-$round.stdout" "$W/runs/bench-probe-$round.stdout" "$W/bench.tsv")
    BENCH_ROWS+=("$row")
    echo "$row"
}
control_pair() {
    if [ $((round % 2)) = 1 ]; then bench_bare ctla-$round; bench_bare ctlb-$round; first=A; else bench_bare ctlb-$round; bench_bare ctla-$round; first=B; fi
    row=$(bench_row $round $first "$W/runs/bench-ctla-$round.stdout" "$W/runs/bench-ctlb-$round.stdout" "$W/control.tsv")
    CTL_ROWS+=("$row")
    echo "control $row"
}
CONTROL=${CONTROL:-1}
for round in $(seq 1 "$ROUNDS"); do
    if [ "$CONTROL" != 1 ]; then
        probe_pair
    elif [ $(((round - 1) / 2 % 2)) = 0 ]; then
        probe_pair; control_pair
    else
        control_pair; probe_pair
    fi
done
med() { sort -g | awk '{v[NR]=$1} END{ if (NR==0) print 0; else if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2 }'; }
# mm_row TSV LABEL -> "| LABEL | | A launch | B launch | diff | A kernel | B kernel | diff |" (medians over rounds)
mm_row() {
    awk -v bl="$(cut -f2 "$1" | med)" -v pl="$(cut -f3 "$1" | med)" -v bk="$(cut -f4 "$1" | med)" -v pk="$(cut -f5 "$1" | med)" -v lab="$2" 'BEGIN{
        dl = (bl>0)? (pl-bl)/bl*100 : 0; dk = (bk>0)? (pk-bk)/bk*100 : 0;
        printf "| %s | | %.3f | %.3f | %+.1f%% | %.3f | %.3f | %+.1f%% |", lab, bl*1000, pl*1000, dl, bk*1000, pk*1000, dk }'
}
# mm_diff TSV COL-A COL-B -> "+x.x%" of the medians over rounds
mm_diff() {
    awk -v a="$(cut -f"$2" "$1" | med)" -v b="$(cut -f"$3" "$1" | med)" 'BEGIN{x = (a>0) ? (b-a)/a*100 : 0; printf "%+.1f%%", x}'
}
# spread_row TSV LABEL COL-A COL-B -> the per-round differences (B-A)/A: median, quartiles (linear
# interpolation) and IQR, the distribution-free 95 % interval of their median (order statistics
# k and n+1-k of the binomial(n, 1/2) sign test), and in how many rounds B was slower.
spread_row() {
    awk -F'\t' -v ca="$3" -v cb="$4" '$ca>0 {print ($cb-$ca)/$ca*100}' "$1" | sort -g | awk -v lab="$2" -v mm="$(mm_diff "$1" "$3" "$4")" '
        {v[NR]=$1; if ($1>0) up++}
        function q(p,  h, lo) { h = 1 + (NR-1)*p; lo = int(h); return (lo >= NR) ? v[NR] : v[lo] + (h-lo)*(v[lo+1]-v[lo]) }
        END{
            if (NR == 0) { printf "| %s | %s | n/a | n/a | n/a | n/a | 0 of 0 |", lab, mm; exit }
            k = 0; p = 0.5^NR; c = p
            for (i = 1; c <= 0.025 && i <= NR; i++) { k = i; p = p*(NR-i+1)/i; c += p }
            ci = (k >= 1) ? sprintf("%+.1f%% .. %+.1f%%", v[k], v[NR+1-k]) : "n/a (too few rounds)"
            printf "| %s | %s | %+.1f%% | %+.1f%% .. %+.1f%% | %.1f pts | %s | %d of %d |", lab, mm, q(0.5), q(0.25), q(0.75), q(0.75)-q(0.25), ci, up+0, NR }'
}
BENCH_MM=$(mm_row "$W/bench.tsv" "median of medians")
echo "$BENCH_MM"
SPREAD_ROWS=("$(spread_row "$W/bench.tsv" "probe vs bare, launch" 2 3)" "$(spread_row "$W/bench.tsv" "probe vs bare, kernel" 4 5)")
if [ "$CONTROL" = 1 ]; then
    CTL_MM=$(mm_row "$W/control.tsv" "median of medians")
    echo "control $CTL_MM"
    SPREAD_ROWS+=("$(spread_row "$W/control.tsv" "bare B vs bare A (control), launch" 2 3)" "$(spread_row "$W/control.tsv" "bare B vs bare A (control), kernel" 4 5)")
    CTL_NOTE="; control bare vs bare: launch $(mm_diff "$W/control.tsv" 2 3), kernel $(mm_diff "$W/control.tsv" 4 5)"
else
    CTL_NOTE="; no control (CONTROL=0)"
fi
printf '%s\n' "${SPREAD_ROWS[@]}"
within=$(awk -v bl="$(cut -f2 "$W/bench.tsv" | med)" -v pl="$(cut -f3 "$W/bench.tsv" | med)" -v bk="$(cut -f4 "$W/bench.tsv" | med)" -v pk="$(cut -f5 "$W/bench.tsv" | med)" 'BEGIN{
    ok = bl>0 && bk>0 && (pl-bl)/bl <= 0.05 && (pl-bl)/bl >= -0.05 && (pk-bk)/bk <= 0.05 && (pk-bk)/bk >= -0.05; print ok? 0 : 1 }')
dl=$(mm_diff "$W/bench.tsv" 2 3); dk=$(mm_diff "$W/bench.tsv" 4 5)
check "bench: probe within 5% of bare (median of $ROUNDS round medians)" "launch and kernel within ±5%" "launch $dl, kernel $dk$CTL_NOTE" "$within"
# The probe still reports every launch: REPEATS launch and kernel phase lines, counts in timing.
cl=$(grep '"event":"timing"' "$W/runs/bench-probe-1.stdout" | grep '"name":"launch"' | sed -n 's/.*"count":\([0-9]*\).*/\1/p')
ck=$(grep '"event":"timing"' "$W/runs/bench-probe-1.stdout" | grep '"name":"kernel"' | sed -n 's/.*"count":\([0-9]*\).*/\1/p')
pe=$(grep -c '"event":"phase","name":"kernel"' "$W/runs/bench-probe-1.stdout")
[ "$cl" = "$REPEATS" ] && [ "$ck" = "$REPEATS" ] && [ "$pe" = "$REPEATS" ]
check "bench: probe output complete" "timing count $REPEATS for launch and kernel, $REPEATS kernel phase lines" "launch $cl, kernel $ck, $pe kernel phase lines" $?

say "summary"
{
    echo "# hipdoctor-probe GPU validation"
    echo
    echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "- GPU: $(nvidia-smi -L | head -n1)"
    echo "- driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -n1); nvcc: $("$NVCC" --version | tail -n2 | head -n1)"
    echo "- native target: $SM; foreign-only build: $OTHER; mangled name: $MANGLED"
    echo
    echo "| check | expected | observed | result |"
    echo "|---|---|---|---|"
    printf '%s\n' "${CHECKS[@]}"
    echo
    echo "## Launch overhead (median of $REPEATS launches per run, microseconds; first = side run first)"
    echo
    echo "| round | first | bare launch | probe launch | diff | bare kernel | probe kernel | diff |"
    echo "|---|---|---|---|---|---|---|---|"
    printf '%s\n' "${BENCH_ROWS[@]}"
    echo "$BENCH_MM"
    if [ "$CONTROL" = 1 ]; then
        echo
        echo "## Control: bare program against itself, same rounds (A in the bare role; first = side run first)"
        echo
        echo "| round | first | bare A launch | bare B launch | diff | bare A kernel | bare B kernel | diff |"
        echo "|---|---|---|---|---|---|---|---|"
        printf '%s\n' "${CTL_ROWS[@]}"
        echo "$CTL_MM"
    fi
    echo
    echo "## Spread of the per-round differences ($ROUNDS rounds)"
    echo
    echo "diff of medians = difference of the medians over rounds (the verdict's figure); per-round median,"
    echo "quartiles, IQR = of the rounds' own differences; 95 % interval = distribution-free interval of"
    echo "their median (sign test order statistics)."
    echo
    echo "| comparison | diff of medians | per-round median | Q1 .. Q3 | IQR | 95 % interval of the median | rounds slower |"
    echo "|---|---|---|---|---|---|---|"
    printf '%s\n' "${SPREAD_ROWS[@]}"
} >"$OUT/summary.md"
cat "$OUT/summary.md"
cp "$W/art/vector_add".* "$W/runs/" 2>/dev/null
tar -C "$W" -czf "$OUT/runs.tar.gz" runs
ls -la "$OUT"
grep -q "| FAIL |" "$OUT/summary.md" && exit 1
exit 0
