#!/bin/bash
# GPU proof of `hipdoctor-cli capture` on an NVIDIA machine (docs/gpu-validation.md): builds the
# interposer with the system compiler, records a Triton kernel (plain, its cached cubin replaced
# by one for sm_80, its metadata naming another kernel), PyTorch's own kernels and a CUDA C++
# program built for sm_80 only; compares each program's exit code and output with and without
# capture; times 100,000 launches and `import torch` with and without. Records go to $OUT.
set -u
OUTD=${OUT:-/tmp/capture-out}
mkdir -p "$OUTD" /tmp/rec
PY=${PY:-/opt/torch/.venv/bin/python3}
[ -x "$PY" ] || PY=python3
LIB=/tmp/libhipdoctor-capture.so
g++ -std=c++17 -O2 -fPIC -shared -fvisibility=hidden -o $LIB app/capture/capture.cpp -ldl -lpthread || exit 1
nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader
nvcc --version | tail -1; "$PY" -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'

# both NAME CMD...: runs CMD plainly and under capture (record in /tmp/rec/NAME), compares.
both() {
    local name=$1; shift
    mkdir -p /tmp/rec/$name
    timeout 300 "$@" >/tmp/rec/$name.plain.out 2>&1; local rc1=$?
    [ -n "${BEFORE_CAPTURE:-}" ] && eval "$BEFORE_CAPTURE"
    HIPDOCTOR_CAPTURE_DIR=/tmp/rec/$name LD_PRELOAD=$LIB timeout 300 "$@" >/tmp/rec/$name.capture.out 2>&1; local rc2=$?
    local same=differs
    cmp -s /tmp/rec/$name.plain.out /tmp/rec/$name.capture.out && same=identical
    echo "== $name: exit $rc1 plain, $rc2 under capture; output $same; $(cat /tmp/rec/$name/calls-*.jsonl 2>/dev/null | wc -l) record lines"
    tail -3 /tmp/rec/$name.capture.out
}

T=tests/capture/gpu
# 1. A plain Triton kernel: each run compiles into its own fresh cache (a clean process).
export TRITON_CACHE_DIR=/tmp/tc-plain
BEFORE_CAPTURE='rm -rf /tmp/tc-plain' both triton-plain "$PY" $T/triton_add.py
cubin=$(find /tmp/tc-plain -name 'add_kernel.cubin' | head -1)
ptx=$(find /tmp/tc-plain -name 'add_kernel.ptx' | head -1)
json=$(find /tmp/tc-plain -name 'add_kernel.json' | head -1)
echo "cache: $cubin"
# 2. The cached cubin replaced by one built for sm_80 from the same PTX.
cp -r /tmp/tc-plain /tmp/tc-sm80
sed -E 's/^\.target sm_[0-9]+a?/.target sm_80/' "$ptx" >/tmp/add80.ptx
ptxas -arch=sm_80 /tmp/add80.ptx -o /tmp/add80.cubin && cp /tmp/add80.cubin "${cubin/tc-plain/tc-sm80}"
export TRITON_CACHE_DIR=/tmp/tc-sm80
both triton-cubin-sm80 "$PY" $T/triton_add.py
# 3. The cached metadata naming another kernel.
cp -r /tmp/tc-plain /tmp/tc-name
sed -i 's/"name": *"add_kernel"/"name": "add_kernel_v2"/' "${json/tc-plain/tc-name}"
export TRITON_CACHE_DIR=/tmp/tc-name
both triton-other-name "$PY" $T/triton_add.py
unset TRITON_CACHE_DIR
# 4. PyTorch's own kernels (fat binaries registered through the static runtime).
export HIPDOCTOR_CAPTURE_IMAGE_BUDGET=1000000
both torch-kernels "$PY" -c 'import torch; x = torch.arange(1000000, device="cuda", dtype=torch.float32); print("torch sum:", float((x * 2).sum()))'
unset HIPDOCTOR_CAPTURE_IMAGE_BUDGET
# 5. A CUDA C++ program built for sm_80 only.
nvcc -gencode arch=compute_80,code=sm_80 -o /tmp/vector_add_sm80 kernels/cuda/vector_add_main.cu
both cuda-sm80 /tmp/vector_add_sm80 1024
nvcc -gencode arch=compute_90,code=sm_90 -o /tmp/vector_add_sm90 kernels/cuda/vector_add_main.cu
both cuda-sm90 /tmp/vector_add_sm90 1024

# Overhead: 100,000 launches and import torch, alternating, three times each.
nvcc -gencode arch=compute_90,code=sm_90 -o /tmp/launch_loop $T/launch_loop.cu
for i in 1 2 3; do
    echo "plain:   $(/tmp/launch_loop 100000)"
    mkdir -p /tmp/rec-loop$i
    echo "capture: $(HIPDOCTOR_CAPTURE_DIR=/tmp/rec-loop$i LD_PRELOAD=$LIB /tmp/launch_loop 100000)"
done
"$PY" -c 'import torch' 2>/dev/null
for i in 1 2 3; do
    a=$(date +%s.%N); "$PY" -c 'import torch; torch.cuda.init()'; b=$(date +%s.%N)
    mkdir -p /tmp/rec-imp$i
    HIPDOCTOR_CAPTURE_DIR=/tmp/rec-imp$i LD_PRELOAD=$LIB "$PY" -c 'import torch; torch.cuda.init()'; c=$(date +%s.%N)
    awk -v a=$a -v b=$b -v c=$c 'BEGIN{printf "import torch + cuda.init: plain %.3f s, capture %.3f s\n", b-a, c-b}'
done
wc -l /tmp/rec-loop1/*.jsonl | tail -1
tar czf "$OUTD/gpu-records.tgz" -C /tmp rec
ls -la "$OUTD"
