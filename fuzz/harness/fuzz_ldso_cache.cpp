// /etc/ld.so.cache parser (old "ld.so-1.7.0" and new "glibc-ld.so.cache1.1" formats).

#include "fuzz_common.h"
#include "loader/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const hd::LdSoCache c = hd::parseLdSoCache(hdfuzz::bytes(data, size), QStringLiteral("fuzz"));
    (void)c.lookup(QStringLiteral("libc.so.6"), 62, 64);
    (void)c.lookup(QStringLiteral("libamdhip64.so.5"), 0, 0);
    return 0;
}
