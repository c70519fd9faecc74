// The paste normalizer (diagnosis/text_normalize.h): escapes, logger prefixes, quote and list
// markers, fences, wrapped lines; and the map back to the original lines it keeps.

#include "diagnosis/text_facts.h"
#include "diagnosis/text_normalize.h"
#include "fuzz_common.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const hd::NormalizedText n = hd::normalizeText(text);
    // The map covers every original line once, in order.
    if (n.lines.size() != n.origin.size() || n.origin.size() != n.originEnd.size())
        std::abort();
    int next = 0;
    for (qsizetype i = 0; i < n.origin.size(); ++i) {
        if (n.origin.at(i) != next || n.originEnd.at(i) < n.origin.at(i))
            std::abort();
        next = n.originEnd.at(i) + 1;
        (void)n.originalQuote(int(i) + 1);
    }
    if (next != n.original.size())
        std::abort();
    (void)hd::readEvents(n.text());
    return 0;
}
