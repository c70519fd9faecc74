set -u
U=$(mktemp -d); tar -C $U -xzf .gpu-carry/hipdoctor-cli-*-linux-x86_64.tar.gz; CLI=$(echo $U/hipdoctor-cli-*/bin/hipdoctor-cli)
W=$(mktemp -d); NVCC=/usr/local/cuda/bin/nvcc
{
echo "date: $(date -u +%FT%TZ)"
# A program built for sm_80 only, run on sm_90: its own error text, then read by diagnose -.
$NVCC -gencode arch=compute_80,code=sm_80 -o $W/va80 kernels/cuda/vector_add_main.cu 2>&1
( $W/va80 ; echo "exit status $?" ) > $W/va80.out 2>&1
echo "=== program output"; cat $W/va80.out
echo "=== diagnose - (stdin)"; t0=$(date +%s%N); $CLI diagnose - < $W/va80.out; echo "exit $? ($((($(date +%s%N)-t0)/1000000)) ms)"
echo "=== diagnose - --target sm_90 --events"; $CLI diagnose - --target sm_90 --events < $W/va80.out; echo "exit $?"
echo "=== diagnose the program with --probe"; $CLI diagnose --probe $W/va80 --kernel vector_add; echo "exit $?"
echo "=== scan /usr/local/cuda/lib64 --target sm_90"; t0=$(date +%s%N); /usr/bin/time -v $CLI scan /usr/local/cuda/lib64 --target sm_90 > $W/scan.txt 2>$W/scan.time; echo "exit $? ($((($(date +%s%N)-t0)/1000000)) ms)"
head -60 $W/scan.txt; grep -E "Maximum resident|Elapsed" $W/scan.time
du -sh /usr/local/cuda/lib64
} > $OUT/gpu2.log 2>&1
