# Artifacts of the inspector's tests and the demo, built with the real hipcc into
# build/kernels/ (hd_hip_artifact is defined in CMakeLists.txt).
#
# Known limits of Debian's hipcc 5.2 that shaped this list:
# - one compile cannot mix "gfx90a" with "gfx90a:xnack+" (a feature must be given for all
#   offload archs of a processor or for none), so the plain/xnack+ variants are separate
#   bundles and vector_add_mixed.hsaco joins them with clang-offload-bundler;
# - linking -fgpu-rdc objects fails (its lld is LLVM 14 and cannot read LLVM 15 bitcode), so
#   only the -fgpu-rdc relocatable object is built.

find_program(HIPDOCTOR_OFFLOAD_BUNDLER
    NAMES clang-offload-bundler-15 clang-offload-bundler clang-offload-bundler-19
          clang-offload-bundler-18 clang-offload-bundler-17 clang-offload-bundler-16
    PATHS /usr/lib/llvm-15/bin /opt/rocm/llvm/bin)

set(_hd_va vector_add.hip)

# Offload bundle files (hipcc --genco writes a bundle, even for one target).
hd_hip_artifact(OUTPUT vector_add_gfx90a.hsaco
    COMMAND --genco --offload-arch=gfx90a -o @OUT@ @SRC@/vector_add.hip DEPENDS ${_hd_va})
hd_hip_artifact(OUTPUT vector_add_gfx90a_xnack_on.hsaco
    COMMAND --genco --offload-arch=gfx90a:xnack+ -o @OUT@ @SRC@/vector_add.hip
    DEPENDS ${_hd_va})
hd_hip_artifact(OUTPUT vector_add_gfx1030.hsaco
    COMMAND --genco --offload-arch=gfx1030 -o @OUT@ @SRC@/vector_add.hip DEPENDS ${_hd_va})
hd_hip_artifact(OUTPUT vector_add_multi.hsaco
    COMMAND --genco --offload-arch=gfx90a:sramecc+:xnack- --offload-arch=gfx90a:sramecc-:xnack+
            --offload-arch=gfx1030 --offload-arch=gfx908 -o @OUT@ @SRC@/vector_add.hip
    DEPENDS ${_hd_va})
# Code object versions: v3 gets the "hip-" entry kind, v4 "hipv4-".
hd_hip_artifact(OUTPUT vector_add_cov3.hsaco
    COMMAND --genco --offload-arch=gfx90a -mcode-object-version=3 -o @OUT@
            @SRC@/vector_add.hip DEPENDS ${_hd_va})
hd_hip_artifact(OUTPUT vector_add_cov4.hsaco
    COMMAND --genco --offload-arch=gfx90a -mcode-object-version=4 -o @OUT@
            @SRC@/vector_add.hip DEPENDS ${_hd_va})

# Host binaries embedding bundles in .hip_fatbin.
hd_hip_artifact(OUTPUT libvector_add.so
    COMMAND --offload-arch=gfx90a --offload-arch=gfx1030 -shared -fPIC -o @OUT@
            @SRC@/vector_add.hip DEPENDS ${_hd_va})
# lld leaves the wrapper's bundle pointer 0 and carries it only in an R_X86_64_RELATIVE.
hd_hip_artifact(OUTPUT libvector_add_lld.so
    COMMAND --offload-arch=gfx90a --offload-arch=gfx908 -shared -fPIC -fuse-ld=lld -o @OUT@
            @SRC@/vector_add.hip DEPENDS ${_hd_va})
hd_hip_artifact(OUTPUT vector_add_main
    COMMAND --offload-arch=gfx90a --offload-arch=gfx1030 -o @OUT@ @SRC@/vector_add_main.hip
    DEPENDS vector_add_main.hip)
# -fgpu-rdc: device bitcode in __CLANG_OFFLOAD_BUNDLE__* sections of a relocatable object.
hd_hip_artifact(OUTPUT vector_add_rdc.o
    COMMAND --offload-arch=gfx90a -fgpu-rdc -c -o @OUT@ @SRC@/vector_add.hip
    DEPENDS ${_hd_va})
# Non-rdc relocatable object: .hip_fatbin with a relocation in .rela.hipFatBinSegment.
hd_hip_artifact(OUTPUT vector_add_gfx90a.o
    COMMAND --offload-arch=gfx90a -c -o @OUT@ @SRC@/vector_add.hip DEPENDS ${_hd_va})

if(HIPDOCTOR_OFFLOAD_BUNDLER)
    set(_hd_k ${HD_KERNELS_OUT})
    # Raw AMDGPU code objects, unbundled from the --genco outputs.
    hd_hip_artifact(OUTPUT vector_add_gfx90a.co TOOL ${HIPDOCTOR_OFFLOAD_BUNDLER}
        COMMAND --unbundle --type=o --input=@KOUT@/vector_add_gfx90a.hsaco
                --targets=hipv4-amdgcn-amd-amdhsa--gfx90a --output=@OUT@
        DEPENDS ${_hd_k}/vector_add_gfx90a.hsaco)
    hd_hip_artifact(OUTPUT vector_add_gfx90a_xnack_on.co TOOL ${HIPDOCTOR_OFFLOAD_BUNDLER}
        COMMAND --unbundle --type=o --input=@KOUT@/vector_add_gfx90a_xnack_on.hsaco
                --targets=hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+ --output=@OUT@
        DEPENDS ${_hd_k}/vector_add_gfx90a_xnack_on.hsaco)
    hd_hip_artifact(OUTPUT vector_add_gfx1030.co TOOL ${HIPDOCTOR_OFFLOAD_BUNDLER}
        COMMAND --unbundle --type=o --input=@KOUT@/vector_add_gfx1030.hsaco
                --targets=hipv4-amdgcn-amd-amdhsa--gfx1030 --output=@OUT@
        DEPENDS ${_hd_k}/vector_add_gfx1030.hsaco)
    hd_hip_artifact(OUTPUT vector_add_cov3_gfx90a.co TOOL ${HIPDOCTOR_OFFLOAD_BUNDLER}
        COMMAND --unbundle --type=o --input=@KOUT@/vector_add_cov3.hsaco
                --targets=hip-amdgcn-amd-amdhsa--gfx90a --output=@OUT@
        DEPENDS ${_hd_k}/vector_add_cov3.hsaco)
    # gfx90a, gfx90a:xnack+ and gfx1030 in one bundle, host entry deliberately not first.
    hd_hip_artifact(OUTPUT vector_add_mixed.hsaco TOOL ${HIPDOCTOR_OFFLOAD_BUNDLER}
        COMMAND --type=o
                --targets=hipv4-amdgcn-amd-amdhsa--gfx90a,host-x86_64-unknown-linux,hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+,hipv4-amdgcn-amd-amdhsa--gfx1030
                --input=@KOUT@/vector_add_gfx90a.co --input=/dev/null
                --input=@KOUT@/vector_add_gfx90a_xnack_on.co --input=@KOUT@/vector_add_gfx1030.co
                --output=@OUT@
        DEPENDS ${_hd_k}/vector_add_gfx90a.co ${_hd_k}/vector_add_gfx90a_xnack_on.co
                ${_hd_k}/vector_add_gfx1030.co)
endif()
