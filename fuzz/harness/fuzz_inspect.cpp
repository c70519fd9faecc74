// Whole-inspector harness: content detection and every reader behind hd::inspectBytes
// (host ELF, offload bundle, CCOB, AMDGPU code object + metadata, NVIDIA cubin/fatbin/PTX),
// plus the JSON serialization of what was read.

#include "artifacts/inspection_document.h"
#include "artifacts/inspector.h"
#include "common/json_writer.h"
#include "fuzz_common.h"

#include <QBuffer>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    hd::InspectOptions options;
    options.resolveLibraries = false; // the loader walks the real filesystem: not fuzz input
    const hd::ArtifactReport r =
        hd::inspectBytes(hdfuzz::bytes(data, size), QStringLiteral("fuzz-input"), options);
    QBuffer out; // the document's one writer (docs/architecture.md, "JSON documents")
    out.open(QIODevice::WriteOnly);
    hd::JsonWriter w(&out);
    hd::writeInspection(w, {r}, {});
    (void)r.kernelCount();
    return 0;
}
