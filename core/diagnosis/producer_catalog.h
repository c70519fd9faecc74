#pragma once

// The messages real programs print about a kernel that does not load, each as its program
// prints it and with the release it was read from (docs/findings.md, "Producer catalogues"):
// the HIP runtime's formats from `strings` of libamdhip64 (ROCm 5.2, 6.4, 7.2), rocBLAS',
// hipBLASLt's and MIOpen's from their libraries, Triton's exception formats from its sources.
// CUDA's error names and numbers are the runtime-error table's (model/runtime_errors.h). The
// event reader (text_events.cpp) gives every line that holds one of them the entry's id and
// the names it fills in; the normalizer (text_normalize.h) joins one that a terminal wrapped.

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hd {

enum class TextLayer;

struct CatalogMessage {
    const char *id;       // "hip:function-not-found": the event field `catalog`
    const char *producer; // the event's producer: "hip", "rocblas", "hipblaslt", "miopen", "triton"
    const char *source;   // where the text was read: "libamdhip64.so.5.2.21153 (ROCm 5.2)", ...
    // The format as the program holds it: printf conversions (%s %d %u %x %zu); a stream's
    // pieces are written as "%s" where the program inserts a value.
    const char *format;
    // The event fields the conversions fill, ' ' between them ("-" for one not kept).
    const char *fields;
    TextLayer layer;
    bool error; // it reports a failure (not a note of what the program did)
    // The longest fixed part of the format: what a wrapped line is joined on.
    QString fixedText() const;
};

const QList<CatalogMessage> &producerCatalog();
// The entries that are printed as one line (every one of producerCatalog() today).
const QList<CatalogMessage> &oneLineCatalogMessages();

struct CatalogMatch {
    const CatalogMessage *entry = nullptr;
    QList<QPair<QString, QString>> fields; // (field, value) of the conversions kept
};
// The first entry whose format a line holds; nullopt when none does. Cheap for lines that
// hold none (one prefilter over the fixed parts).
std::optional<CatalogMatch> matchCatalog(const QString &line);

} // namespace hd
