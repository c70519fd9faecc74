// Offload bundle and compressed bundle (CCOB v1-v3, zlib/zstd) readers, called directly.

#include "artifacts/offload_bundle.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const char *p = reinterpret_cast<const char *>(data);
    QList<hd::Problem> problems;
    if (auto b = hd::readOffloadBundle(p, size, QStringLiteral("fuzz"), 0, problems)) {
        for (const auto &e : b->entries) {
            hd::BundleEntry split;
            hd::splitBundleEntryId(e.id, split);
            (void)hd::isHipEntryKind(split.kind);
        }
    }
    QString error;
    if (auto h = hd::readCcobHeader(p, size, &error)) {
        (void)h->methodName();
        if (auto plain = hd::decompressCcob(p, size, *h, &error))
            (void)hd::readOffloadBundle(plain->constData(), size_t(plain->size()),
                                        QStringLiteral("fuzz"), 0, problems);
    }
    (void)hd::ccobHash(p, size);
    return 0;
}
