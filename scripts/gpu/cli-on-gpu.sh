#!/usr/bin/env bash
# Runs the release hipdoctor-cli built here on the NVIDIA GPU machine, which has nvcc and the
# CUDA driver but no Qt or LLVM (docs/gpu-validation.md, "The CLI on the GPU machine").
#   here:  bash scripts/gpu/cli-on-gpu.sh pack      -> .gpu-carry/carry.tar.xz (the stripped CLI
#          and probe, and the shared libraries they need beyond glibc and the C++ runtime)
#   there: OUT=/dir bash scripts/gpu/cli-on-gpu.sh run
# `run` compiles kernels/cuda/vector_add.cu for the native SM and as an sm_80-only fatbin, then
# runs devices, diagnose --probe on both, launch of the native cubin, and verify --step 1,2;
# each command's output and exit code go to $OUT/cli.log, the JSON documents to $OUT.
set -u
mode=${1:-run}
ROOT=$(pwd)
CARRY=$ROOT/.gpu-carry
case "$mode" in
pack)
    # The device call carries at most 64 MiB: strip the programs, leave the chart module out
    # (reports then show tables), and compress.
    stage=$(mktemp -d /tmp/hdcarry.XXXXXX)
    mkdir -p "$stage/bin" "$stage/lib"
    cp build/bin/hipdoctor-cli build/bin/hipdoctor-probe "$stage/bin/"
    strip --strip-unneeded "$stage"/bin/*
    # Every library ldd resolves outside glibc's own set and the C++ runtime (the GPU machine's
    # newer libstdc++ serves programs built against this one).
    for f in "$stage"/bin/*; do ldd "$f" | awk '/=> \// {print $3}'; done | sort -u |
        grep -v -E '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*|libstdc\+\+|libgcc_s)\.so' |
        while read -r lib; do cp -L "$lib" "$stage/lib/"; done
    strip --strip-unneeded "$stage"/lib/* 2>/dev/null
    rm -rf "$CARRY"
    mkdir -p "$CARRY"
    tar -C "$stage" -cJf "$CARRY/carry.tar.xz" bin lib
    rm -rf "$stage"
    grep -qx '/.gpu-carry/' .git/info/exclude 2>/dev/null || echo '/.gpu-carry/' >>.git/info/exclude
    ls -l "$CARRY"
    ;;
run)
    OUT=${OUT:-$ROOT/gpu-cli-out}
    mkdir -p "$OUT"
    U=$(mktemp -d /tmp/hdcli-unpacked.XXXXXX)
    tar -C "$U" -xJf "$CARRY/carry.tar.xz"
    export LD_LIBRARY_PATH=$U/lib:${LD_LIBRARY_PATH:-}
    CLI=$U/bin/hipdoctor-cli
    NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
    W=$(mktemp -d /tmp/hdcli.XXXXXX)
    sm=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n1 | tr -d '. ')
    {
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        nvidia-smi -L
        "$NVCC" --version | tail -n 2
        "$NVCC" -cubin -arch=sm_$sm -o "$W/native.cubin" kernels/cuda/vector_add.cu
        "$NVCC" -fatbin -gencode arch=compute_80,code=sm_80 -o "$W/sm80only.fatbin" \
            kernels/cuda/vector_add.cu
        ls -l "$W"
    } >"$OUT/env.txt" 2>&1
    cmd() { # name args...
        local name=$1
        shift
        echo "=== $name: hipdoctor-cli $*"
        "$CLI" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
        echo "exit $?"
        cat "$OUT/$name.out" "$OUT/$name.err"
    }
    {
        cmd version --version
        cmd devices devices --json
        cmd diagnose-native diagnose --probe "$W/native.cubin" --kernel vector_add
        cmd diagnose-sm80 diagnose --probe "$W/sm80only.fatbin" --kernel vector_add
        cmd diagnose-sm80-json diagnose --probe "$W/sm80only.fatbin" --kernel vector_add --json
        cmd launch launch "$W/native.cubin" --kernel vector_add --grid 4096 --block 256 \
            --args 'buf:f32:1048576:rand, buf:f32:1048576:rand, buf:f32:1048576:out, i32:1048576'
        cmd verify verify --step 1,2 --target "sm_$sm" --compiler "$NVCC" --kernels-dir "$ROOT/kernels/cuda" \
            --artifact "$W/sm80only.fatbin" --kernel vector_add --session "$OUT/verify-session.json"
    } >"$OUT/cli.log" 2>&1
    tail -n 60 "$OUT/cli.log"
    ;;
*)
    echo "usage: scripts/gpu/cli-on-gpu.sh pack|run" >&2
    exit 2
    ;;
esac
