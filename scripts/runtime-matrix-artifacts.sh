#!/bin/bash
# Runs inside the sid root (scripts/runtime-matrix.sh artifacts): builds the scenario code objects
# with sid's hipcc and writes next to each what LLVM's own tools say of it (the oracles the tests
# compare hipdoctor's inspect with: tests/artifacts/tst_rocm7_artifacts.cpp).
#   runtime-matrix-artifacts.sh SRC_DIR OUT_DIR LLVM_DIR
set -euo pipefail
src=$1 out=$2 llvm=${3:-}
[[ -n $llvm ]] || llvm=$(ls -d /usr/lib/llvm-[0-9]* | sort -V | tail -n 1)
bundler=$llvm/bin/clang-offload-bundler
readelf=$llvm/bin/llvm-readelf
cd "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name, then hipcc's arguments (the source last).
build() {
    local name=$1
    shift
    echo "hipcc $*" >"$work/$name.cmd"
    hipcc "$@" -o "$name"
}
k=$src/kernel_c.hip
# Code object v6 for the generic targets (hipcc rejects them below v6), one bundle.
build generic_v6.co --genco -mcode-object-version=6 --offload-arch=gfx9-generic \
    --offload-arch=gfx9-4-generic --offload-arch=gfx10-3-generic --offload-arch=gfx11-generic "$k"
# The same targets and two exact ones, compressed (CCOB).
build generic_v6_compressed.co --genco --offload-compress -mcode-object-version=6 \
    --offload-arch=gfx11-generic --offload-arch=gfx90a:xnack- --offload-arch=gfx1100 "$k"
# Scenario 1 (kernel without extern "C"), hipcc 7's default code object version.
build s01_mangled.co --genco --offload-arch=gfx90a "$src/s01_mangled.hip"
# Scenario 2 (built for another GPU only), compressed.
build s02_gfx1030_compressed.co --genco --offload-compress --offload-arch=gfx1030 "$k"
# Scenario 4 for real: a library built against ROCm 6 (DT_NEEDED libamdhip64.so.6), its device
# code compressed in .hip_fatbin.
build libs04_rocm6.so -shared -fPIC --offload-compress --offload-arch=gfx1100 "$k"

{
    echo "# What LLVM's tools of the sid root say of the files here; written by"
    echo "# scripts/runtime-matrix-artifacts.sh on $(date -u +%F). hipcc $(dpkg-query -W -f '${Version}' hipcc) ($(hipcc --version 2>/dev/null | grep -m1 -iE 'HIP version' || true))"
    echo "# $("$llvm/bin/clang" --version | head -n 1)"
    for f in *.co *.so; do
        echo
        echo "== $f"
        echo "command: $(cat "$work/$f.cmd")"
        local_bundle=$f
        if [[ $f == *.so ]]; then
            "$readelf" --dynamic "$f" | awk '/NEEDED/ {print "needed: " $NF}' | tr -d '[]'
            "$llvm/bin/llvm-objcopy" --dump-section=.hip_fatbin="$work/fatbin" "$f" "$work/discard"
            local_bundle=$work/fatbin
            echo "section: .hip_fatbin"
        fi
        echo "magic: $(head -c 24 "$local_bundle" | tr -c '[:print:]' '.')"
        if [[ $(head -c 4 "$local_bundle") == CCOB ]]; then
            # CCOB header: magic, then version and compression method as 16-bit little-endian
            # numbers (LLVM's compression format: 0 zlib, 1 zstd).
            read -r version method < <(od -An -tu2 -j4 -N4 "$local_bundle")
            echo "ccob: version $version, method $method"
        fi
        "$bundler" --list --type=o --input="$local_bundle" | sort | while read -r id; do
            echo "entry: $id"
            [[ $id == host-* ]] && continue
            "$bundler" --unbundle --type=o --input="$local_bundle" --targets="$id" --output="$work/one.o"
            "$readelf" --file-header "$work/one.o" | grep -E 'OS/ABI|ABI Version|Flags' | sed 's/^ */  /'
            "$readelf" --symbols "$work/one.o" | awk '$NF ~ /\.kd$/ {print "  kernel-descriptor: " $NF}' | sort -u
        done
    done
} >oracle.txt
cp "$src"/*.hip .
echo "wrote $(ls | wc -l) files"
