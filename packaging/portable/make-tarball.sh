#!/usr/bin/env bash
# Builds the relocatable CLI tarball (docs/portable.md):
#   packaging/portable/make-tarball.sh BUILD_DIR OUT_DIR
# -> OUT_DIR/hipdoctor-cli-<version>-linux-x86_64.tar.gz holding
#      bin/hipdoctor-cli, libexec/hipdoctor/hipdoctor-probe, and lib/ with every shared
#      library they need beyond the base system.
# The chart module stays out: its font stack (fontconfig, expat) needs glibc 2.36, above the
# floor; reports from the portable CLI show timing tables instead of charts.
# The programs find lib/ through $ORIGIN (patchelf --set-rpath), so the folder can be unpacked
# anywhere by a user without root on a machine without Qt. The base system, left out: glibc's
# own libraries and the C++ runtime (libstdc++, libgcc_s), which every distribution ships in a
# version at least as new as Debian 12's for the glibc floor documented in docs/portable.md.
set -euo pipefail
build=${1:?usage: make-tarball.sh BUILD_DIR OUT_DIR}
out=${2:?usage: make-tarball.sh BUILD_DIR OUT_DIR}
version=$("$build/bin/hipdoctor-cli" --version | awk '{print $2}')
name=hipdoctor-cli-$version-linux-x86_64
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/$name
mkdir -p "$root/bin" "$root/libexec/hipdoctor" "$root/lib"
cp "$build/bin/hipdoctor-cli" "$root/bin/"
cp "$build/bin/hipdoctor-probe" "$root/libexec/hipdoctor/"
# The capture interposer (docs/capture.md): libc and libdl only, preloaded into programs.
cp "$build/bin/libhipdoctor-capture.so" "$root/libexec/hipdoctor/"
# Step 1's baseline sources (VerifyContext::sourceDir looks in ../share/hipdoctor/kernels).
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$root/share/hipdoctor/kernels/cuda"
cp "$src"/kernels/vector_add.hip "$src"/kernels/vector_add_main.hip "$root/share/hipdoctor/kernels/"
cp "$src"/kernels/cuda/vector_add.cu "$src"/kernels/cuda/vector_add_main.cu \
    "$root/share/hipdoctor/kernels/cuda/"
programs=("$root/bin/hipdoctor-cli" "$root/libexec/hipdoctor/hipdoctor-probe")
base='/(libc|libm|libdl|libpthread|librt|libresolv|libutil|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so'
for p in "${programs[@]}"; do ldd "$p" | awk '/=> \// {print $3}'; done | sort -u |
    grep -v -E "$base" | while read -r lib; do cp -Ln "$lib" "$root/lib/"; done
# Libraries the copied libraries need in turn.
for lib in "$root"/lib/*.so*; do ldd "$lib" | awk '/=> \// {print $3}'; done | sort -u |
    grep -v -E "$base" | while read -r lib; do cp -Ln "$lib" "$root/lib/"; done
strip --strip-unneeded "$root/bin/hipdoctor-cli" "$root/libexec/hipdoctor/hipdoctor-probe" \
    "$root"/lib/*.so*
patchelf --set-rpath '$ORIGIN/../lib' "$root/bin/hipdoctor-cli"
for lib in "$root"/lib/*.so*; do patchelf --set-rpath '$ORIGIN' "$lib"; done
cat >"$root/README" <<TXT
hipdoctor-cli $version, portable build for x86-64 Linux: needs glibc 2.35 or newer and the
libstdc++ of GCC 12 or newer (Ubuntu 22.04 and 24.04, Debian 12, Fedora 36 and later).
Unpack anywhere and run bin/hipdoctor-cli; no root, no Qt needed. The probe is in
libexec/hipdoctor/ (it needs only glibc 2.34), the libraries in lib/ (found through \$ORIGIN).
HTML reports show timing tables (the chart module is not included).
TXT
mkdir -p "$out"
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
echo "$out/$name.tar.gz"
