#!/usr/bin/env bash
# Step 1 from cold beside the same work done by hand (docs/performance.md "Step 1 from cold").
# usage: bench/step1-cold.sh [BUILD_DIR] [ROUNDS]
#   BEFORE_CLI=path  also time another hipdoctor-cli (a build from before), same rounds
#   TARGET=gfx90a    the target given to both
#
# Each round runs, in alternating order, through hyperfine (one run each, the compile cache
# emptied before each):
#   hand       hipcc builds vector_add_main.hip as a program and vector_add.hip as a code
#              object (--genco), one after the other, then the program runs
#   hipdoctor  hipdoctor-cli verify --step 1 --target TARGET with an empty compile cache
#              ($XDG_CACHE_HOME of its own: the --version text is not known either), its
#              text printed: no session inventory is collected, the text does not show it
#   json       the same with --json: the session printed, with the inventory collected
#              while the steps run
# and prints the medians over the rounds of wall, user and system time, the ratio of the
# walls (goal ≤ 0.8) and the load average before and after. Without a GPU the program and
# the probe answer "no device", which takes the same path on both sides.
set -euo pipefail
BUILD=${1:-build}
ROUNDS=${2:-5}
TARGET=${TARGET:-gfx90a}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CLI=$(realpath "$BUILD/bin/hipdoctor-cli")
[ -x "$CLI" ] || { echo "no $CLI (build hipdoctor-cli and hipdoctor-probe first)" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is not installed" >&2; exit 2; }
K=$here/kernels
W=$(mktemp -d /tmp/hd-step1-cold.XXXXXX)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/hand"

hand="cd $W/hand && hipcc --offload-arch=$TARGET -O2 -o vector_add_main $K/vector_add_main.hip \
&& hipcc --genco --offload-arch=$TARGET -O2 -o vector_add.co $K/vector_add.hip \
&& { ./vector_add_main $((1 << 20)) || true; }"
names=(hand hipdoctor json)
cmds=("$hand" "XDG_CACHE_HOME=$W/xdg $CLI verify --step 1 --target $TARGET >/dev/null 2>&1 || true"
      "XDG_CACHE_HOME=$W/xdg $CLI verify --step 1 --target $TARGET --json >/dev/null 2>&1 || true")
if [ -n "${BEFORE_CLI:-}" ]; then
    names+=(before)
    cmds+=("XDG_CACHE_HOME=$W/xdg $(realpath "$BEFORE_CLI") verify --step 1 --target $TARGET >/dev/null 2>&1 || true")
fi
prepare="rm -rf $W/xdg $W/hand/vector_add_main $W/hand/vector_add.co"

echo "load before: $(uptime | sed 's/.*load average: //') (1/5/15 min, $(nproc) cores)"
for r in $(seq 1 "$ROUNDS"); do
    order=("${!names[@]}")
    if [ $((r % 2)) = 0 ]; then order=($(printf '%s\n' "${order[@]}" | tac)); fi
    args=()
    for i in "${order[@]}"; do args+=(-n "${names[$i]}" "${cmds[$i]}"); done
    hyperfine --runs 1 --prepare "$prepare" --export-json "$W/round$r.json" --style none \
        "${args[@]}" >/dev/null
    echo "round $r: $(python3 -c 'import json,sys
print(", ".join("%s %.2f s" % (x["command"], x["mean"]) for x in json.load(open(sys.argv[1]))["results"]))' "$W/round$r.json") (load $(cut -d" " -f1 /proc/loadavg))"
done
echo "load after: $(uptime | sed 's/.*load average: //')"
python3 - "$W" "$ROUNDS" <<'EOF'
import json, statistics, sys
w, rounds = sys.argv[1], int(sys.argv[2])
runs = {}
for r in range(1, rounds + 1):
    for x in json.load(open(f"{w}/round{r}.json"))["results"]:
        runs.setdefault(x["command"], []).append((x["mean"], x["user"], x["system"]))
med = {k: [statistics.median(v[i] for v in vs) for i in range(3)] for k, vs in runs.items()}
print(f"\nmedians over {rounds} rounds:")
print("| | wall | user | system | CPU | wall / hand |")
print("|---|---:|---:|---:|---:|---:|")
for k, (wall, user, sys_) in med.items():
    print(f"| {k} | {wall:.2f} s | {user:.2f} s | {sys_:.2f} s | {user + sys_:.2f} s | {wall / med['hand'][0]:.2f} |")
print()
for k, what in (("hipdoctor", "text"), ("json", "--json, with the inventory")):
    ratio = med[k][0] / med["hand"][0]
    print(f"hipdoctor step 1 from cold ({what}): {ratio:.2f}x the hand-made sequence "
          "(goal <= 0.8): " + ("met" if ratio <= 0.8 else "not met"))
EOF
