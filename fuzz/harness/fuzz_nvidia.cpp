// NVIDIA readers: fatbin container (zstd entries), cubin, PTX text, host .nv_fatbin.

#include "artifacts/nvidia.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const char *p = reinterpret_cast<const char *>(data);
    hd::nvidia::Source src;
    src.file = QStringLiteral("fuzz");
    src.origin = QStringLiteral("file");
    hd::ArtifactReport report;
    hd::nvidia::appendTo(report, hd::nvidia::readFatbinContainer(p, size, src));
    (void)hd::nvidia::readCubin(p, size, src);
    // The PTX tokenizer on a megabyte of binary teaches nothing new and costs the most.
    if (size < 65536 || hd::nvidia::looksLikePtx(p, size))
        (void)hd::nvidia::readPtx(p, size, src);
    bool has = false;
    hd::nvidia::appendTo(
        report, hd::nvidia::readHostNvFatbins(p, size, QStringLiteral("fuzz"), true, &has));
    (void)hd::nvidia::looksLikeCubin(p, size);
    (void)hd::nvidia::looksLikeFatbin(p, size);
    (void)hd::nvidia::looksLikePtx(p, size);
    return 0;
}
