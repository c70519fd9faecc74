// AMD_LOG_LEVEL output parser.

#include "fuzz_common.h"
#include "logs/amd_log.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    (void)hd::looksLikeAmdLog(text);
    const hd::AmdLog log = hd::parseAmdLog(text);
    (void)log.logLineCount;
    return 0;
}
