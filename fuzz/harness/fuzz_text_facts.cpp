// Diagnosis text parsers: tracebacks, compiler/linker/dlopen output, command lines,
// rocminfo dumps, shell-like splitting, demangling.

#include "common/shell.h"
#include "diagnosis/text_facts.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const hd::TextFacts facts = hd::readTextFacts(text);
    for (const auto &c : facts.commands) {
        (void)c.offloadArchs();
        (void)c.compilesOnly();
        (void)hd::nvccOnlyFlags(c.args);
    }
    (void)hd::looksLikeRocminfo(text);
    (void)hd::parseRocminfo(text);
    const QString first = text.section(QLatin1Char('\n'), 0, 0).left(4096);
    (void)hd::shellSplit(first);
    (void)hd::symbolBaseName(hd::demangleSymbol(first.left(512)));
    return 0;
}
