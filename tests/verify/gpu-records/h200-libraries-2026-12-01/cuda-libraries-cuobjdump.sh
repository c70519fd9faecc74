set -u
U=$(mktemp -d); tar -C $U -xzf .gpu-carry/hipdoctor-cli-*-linux-x86_64.tar.gz; CLI=$(echo $U/hipdoctor-cli-*/bin/hipdoctor-cli)
L=/usr/local/cuda/lib64
for lib in libcublas.so.13 libcusparse.so.12 libnppc.so.13 libcurand.so.10; do
  f=$(readlink -f $L/$lib)
  echo "=== $lib -> $f ($(stat -c %s $f) bytes)"
  echo "--- cuobjdump --list-elf | arch counts"; /usr/local/cuda/bin/cuobjdump --list-elf $f 2>&1 | grep -o 'sm_[0-9a-z]*' | sort | uniq -c
  echo "--- cuobjdump --list-ptx | arch counts"; /usr/local/cuda/bin/cuobjdump --list-ptx $f 2>&1 | grep -o 'sm_[0-9a-z]*' | sort | uniq -c
  echo "--- hipdoctor inspect --summary"; timeout 120 $CLI inspect $f --summary 2>&1 | head -40
done
echo "=== scan json cublas"; $CLI scan $(readlink -f $L/libcublas.so.13) --target sm_90 --pretty 2>&1 | head -80
