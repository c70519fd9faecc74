set -u
U=$(mktemp -d); tar -C $U -xzf .gpu-carry/hipdoctor-cli-*-linux-x86_64.tar.gz; CLI=$(echo $U/hipdoctor-cli-*/bin/hipdoctor-cli)
W=$(mktemp -d); NVCC=/usr/local/cuda/bin/nvcc
echo "date: $(date -u +%FT%TZ)"
$NVCC -gencode arch=compute_80,code=sm_80 -o $W/va80 kernels/cuda/vector_add_main.cu 2>&1
( $W/va80 ; echo "exit status $?" ) > $W/va80.out 2>&1
echo "=== diagnose - --target sm_90 < program output"; $CLI diagnose - --target sm_90 < $W/va80.out; echo "exit $?"
echo "=== scan /usr/local/cuda/lib64 --target sm_90 --target sm_70"; t0=$(date +%s%N); /usr/bin/time -v $CLI scan /usr/local/cuda/lib64 --target sm_90 --target sm_70 > $W/scan.txt 2>$W/scan.time; echo "exit $? ($((($(date +%s%N)-t0)/1000000)) ms)"
cat $W/scan.txt; grep -E "Maximum resident|Elapsed" $W/scan.time
echo "=== diagnose libcublas --target sm_90"; $CLI diagnose $(readlink -f /usr/local/cuda/lib64/libcublas.so.13) --target sm_90; echo "exit $?"
echo "=== diagnose libcusparse --probe"; $CLI diagnose $(readlink -f /usr/local/cuda/lib64/libcusparse.so.12) --probe; echo "exit $?"
echo "=== tests/fixtures/nvidia/pertarch on the GPU: diagnose --probe, then the program"
$CLI diagnose tests/fixtures/nvidia/pertarch/libpertarch.so --probe; echo "exit $?"
cp -r tests/fixtures/nvidia/pertarch $W/p; chmod +x $W/p/pertarch-main; $W/p/pertarch-main; echo "exit $?"
