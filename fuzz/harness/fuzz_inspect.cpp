// Whole-inspector harness: content detection and every reader behind hd::inspectBytes
// (host ELF, offload bundle, CCOB, AMDGPU code object + metadata, NVIDIA cubin/fatbin/PTX),
// plus the JSON serialization of what was read.

#include "artifacts/inspector.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    hd::InspectOptions options;
    options.resolveLibraries = false; // the loader walks the real filesystem: not fuzz input
    const hd::ArtifactReport r =
        hd::inspectBytes(hdfuzz::bytes(data, size), QStringLiteral("fuzz-input"), options);
    (void)r.toJson();
    (void)r.kernelCount();
    return 0;
}
