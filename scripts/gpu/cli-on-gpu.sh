#!/usr/bin/env bash
# Runs the release hipdoctor-cli built here on the NVIDIA GPU machine, which has nvcc and the
# CUDA driver but no Qt or LLVM (docs/gpu-validation.md, "The CLI on the GPU machine").
#   here:  bash scripts/gpu/cli-on-gpu.sh pack      -> .gpu-carry/, the portable tarball
#          (packaging/portable/make-tarball.sh)
#   there: OUT=/dir bash scripts/gpu/cli-on-gpu.sh run
# `run` compiles kernels/cuda/vector_add.cu for the native SM and as an sm_80-only fatbin, then
# runs devices, diagnose --probe on both, launch of the native cubin, and verify --step 1,2;
# each command's output and exit code go to $OUT/cli.log, the machine to $OUT/env.txt and the
# verify session to $OUT/verify-session.json.
set -u
mode=${1:-run}
ROOT=$(pwd)
CARRY=$ROOT/.gpu-carry
case "$mode" in
pack)
    # The portable tarball (docs/portable.md): the device call carries it as it is.
    rm -rf "$CARRY"
    mkdir -p "$CARRY"
    bash packaging/portable/make-tarball.sh build "$CARRY"
    grep -qx '/.gpu-carry/' .git/info/exclude 2>/dev/null || echo '/.gpu-carry/' >>.git/info/exclude
    ;;
run)
    OUT=${OUT:-$ROOT/gpu-cli-out}
    mkdir -p "$OUT"
    # Unpacked and run by a user without root where one can be made (no LD_LIBRARY_PATH: the
    # programs find their libraries through $ORIGIN).
    runner=()
    U=$(mktemp -d /tmp/hdcli-unpacked.XXXXXX)
    if [ "$(id -u)" = 0 ] && useradd -m hdportable 2>/dev/null || id hdportable >/dev/null 2>&1; then
        runner=(runuser -u hdportable --)
        chown hdportable "$U"
    fi
    "${runner[@]}" tar -C "$U" -xzf "$CARRY"/hipdoctor-cli-*-linux-x86_64.tar.gz
    CLI=$(echo "$U"/hipdoctor-cli-*/bin/hipdoctor-cli)
    NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
    W=$(mktemp -d /tmp/hdcli.XXXXXX)
    chmod 777 "$W"
    cp -r kernels/cuda "$W/kernels"
    sm=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n1 | tr -d '. ')
    {
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "runs as: ${runner[*]:-root} ($(id "${runner[2]:-root}" 2>/dev/null))"
        nvidia-smi -L
        "$NVCC" --version | tail -n 2
        "$NVCC" -cubin -arch=sm_$sm -o "$W/native.cubin" kernels/cuda/vector_add.cu
        "$NVCC" -fatbin -gencode arch=compute_80,code=sm_80 -o "$W/sm80only.fatbin" \
            kernels/cuda/vector_add.cu
        chmod -R a+rwX "$W"
        ls -l "$W"
    } >"$OUT/env.txt" 2>&1
    cmd() { # name args...
        local name=$1
        shift
        echo "=== $name: hipdoctor-cli $*"
        "${runner[@]}" "$CLI" "$@" 2>&1
        echo "exit $? ($name)"
    }
    {
        cmd version --version
        cmd devices devices --json
        cmd diagnose-native diagnose --probe "$W/native.cubin" --kernel vector_add
        cmd diagnose-sm80 diagnose --probe "$W/sm80only.fatbin" --kernel vector_add
        cmd diagnose-sm80-json diagnose --probe "$W/sm80only.fatbin" --kernel vector_add --json
        cmd launch launch "$W/native.cubin" --kernel vector_add --grid 4096 --block 256 \
            --args 'buf:f32:1048576:rand, buf:f32:1048576:rand, buf:f32:1048576:out, i32:1048576'
        cmd verify verify --step 1,2 --target "sm_$sm" --compiler "$NVCC" --kernels-dir "$W/kernels" \
            --artifact "$W/sm80only.fatbin" --kernel vector_add --session "$W/verify-session.json"
    } >"$OUT/cli.log" 2>&1
    cp "$W/verify-session.json" "$OUT/" 2>/dev/null
    tail -n 60 "$OUT/cli.log"
    ;;
*)
    echo "usage: scripts/gpu/cli-on-gpu.sh pack|run" >&2
    exit 2
    ;;
esac
