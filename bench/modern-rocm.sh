#!/usr/bin/env bash
# Debian's ROCm 7.2 / 6.4 libraries (scripts/fetch-rocm.sh --all), each figure beside its
# reference, in one run (docs/performance.md "Modern ROCm libraries"):
#   1. `inspect --summary` of librocblas 7.2 (65 CCOB v3 zstd bundles) against `zstd -d` of the
#      same compressed frames (extracted once into one file). Goal: at most 1.5x.
#   2. `inspect --summary` of librocsparse 6.4 (142 plain bundles) against `roc-obj-ls`
#      (ROCm 5.2's, the installed one). Goal: at most 1.0x.
#   3. `scan` of the whole unpacked set (rocBLAS 7.2 with its Tensile folder, rocSPARSE 6.4,
#      hipBLASLt 7.1, MIOpen 6.4 and its databases): goal at most 1 s warm and 200 MB.
# Prints wall and CPU (user + sys: steadier than wall on a shared machine) medians, hipdoctor's
# peak RSS and the machine's load.
# usage: bench/modern-rocm.sh ; env: HIPDOCTOR_CLI (default build/bin/hipdoctor-cli),
#        HIPDOCTOR_ROCM_CACHE (default ~/.cache/hipdoctor/rocm-debs), RUNS (default 3)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${HIPDOCTOR_CLI:-$root/build/bin/hipdoctor-cli}
cache=${HIPDOCTOR_ROCM_CACHE:-$HOME/.cache/hipdoctor/rocm-debs}
lib=$cache/root/usr/lib/x86_64-linux-gnu
runs=${RUNS:-3}
source "$root/bench/measure.sh"
build_type=$(require_optimized modern-rocm "$cli") || exit 2
for need in "$lib/librocblas.so.5.2" "$lib/rocblas/5/library"; do
    [[ -e $need ]] || { echo "modern-rocm: $need missing: run scripts/fetch-rocm.sh --all" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "build: $cli ($build_type)  $(date -u '+%Y-%m-%d %H:%M UTC')  $(nproc) cores  load:$(uptime | sed 's/.*load average://')"

# The zstd frames of librocblas's CCOBs, concatenated: what `zstd -d` decompresses.
python3 - "$lib/librocblas.so.5.2" "$tmp/frames.zst" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
out = open(sys.argv[2], "wb")
pos = data.find(b"CCOB")
n = 0
while pos >= 0:
    version, method = struct.unpack_from("<HH", data, pos + 4)
    if version == 3 and method == 1:
        total, = struct.unpack_from("<Q", data, pos + 8)
        out.write(data[pos + 32:pos + total]); n += 1
        pos = data.find(b"CCOB", pos + total)
    else:
        pos = data.find(b"CCOB", pos + 4)
print("frames: %d" % n, file=sys.stderr)
PY

row() { # name ours-file theirs-file
    local ot tt oc tc rss
    ot=$(cut -d' ' -f1 "$2" | median); tt=$(cut -d' ' -f1 "$3" | median)
    oc=$(cut -d' ' -f3 "$2" | median); tc=$(cut -d' ' -f3 "$3" | median)
    rss=$(cut -d' ' -f2 "$2" | sort -n | tail -1)
    printf '%-34s hipdoctor %6.2f s wall %6.2f s cpu %5d MB | %-12s %6.2f s wall %6.2f s cpu | ratio wall %.2f cpu %.2f\n' \
        "$1" "$ot" "$oc" $((rss / 1024)) "$4" "$tt" "$tc" \
        "$(echo "$ot / $tt" | bc -l)" "$(echo "$oc / $tc" | bc -l)"
}

cat "$lib/librocblas.so.5.2" "$tmp/frames.zst" >/dev/null
: >"$tmp/a" ; : >"$tmp/b"
for ((i = 1; i <= runs; i++)); do
    measure "$tmp/z" zstd -d -c -q "$tmp/frames.zst" >>"$tmp/b"
    measure "$tmp/h" "$cli" inspect --summary "$lib/librocblas.so.5.2" >>"$tmp/a"
done
row "inspect --summary librocblas 7.2" "$tmp/a" "$tmp/b" "zstd -d"
sed 's/^/    /' "$tmp/h.out"

if [[ -e $lib/librocsparse.so.1.0 ]] && command -v roc-obj-ls >/dev/null; then
    cat "$lib/librocsparse.so.1.0" >/dev/null
    : >"$tmp/a" ; : >"$tmp/b"
    for ((i = 1; i <= runs; i++)); do
        measure "$tmp/r" roc-obj-ls "$lib/librocsparse.so.1.0" >>"$tmp/b"
        measure "$tmp/h" "$cli" inspect --summary "$lib/librocsparse.so.1.0" >>"$tmp/a"
    done
    row "inspect --summary librocsparse 6.4" "$tmp/a" "$tmp/b" "roc-obj-ls"
    sed 's/^/    /' "$tmp/h.out"
fi

# The whole set, warm: every file read once before.
set_root=$cache/root/usr
du -sh --apparent-size "$set_root" | sed 's/^/    set: /'
"$cli" scan "$set_root" >/dev/null 2>&1 || true
: >"$tmp/a"
for ((i = 1; i <= runs; i++)); do
    measure "$tmp/s" "$cli" scan "$set_root" --target gfx1031 >>"$tmp/a"
done
printf '%-34s hipdoctor %6.2f s wall %6.2f s cpu %5d MB | goal 1 s, 200 MB\n' "scan of the set (warm)" \
    "$(cut -d' ' -f1 "$tmp/a" | median)" "$(cut -d' ' -f3 "$tmp/a" | median)" \
    $(( $(cut -d' ' -f2 "$tmp/a" | sort -n | tail -1) / 1024 ))
head -3 "$tmp/s.out" | cut -c1-160 | sed 's/^/    /'
