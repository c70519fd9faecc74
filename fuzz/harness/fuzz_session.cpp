// Session JSON (what `report` and the app's --session read), then the reports made of it:
// parsing, redaction and Markdown/HTML escaping of whatever the session holds.

#include "fuzz_common.h"
#include "model/session.h"
#include "report/report.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const auto s = hd::parseSession(hdfuzz::bytes(data, size), QStringLiteral("fuzz.json"));
    if (!s)
        return 0;
    (void)hd::markdownReport(*s);
    (void)hd::htmlReport(*s);
    return 0;
}
