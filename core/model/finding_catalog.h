#pragma once

// Every finding id (docs/findings.md) with the direction and layer it belongs to. Ids are
// stable API: add new ones, never rename. Findings are only built through makeFinding().

#include "model/finding.h"

#include <QList>
#include <QString>

namespace hd {

struct FindingKind {
    const char *id;
    Direction direction;
    const char *layer; // "compile" | "load" | "launch" | "build" | "env" | "run" | ""
    const char *meaning;
};

// Every id the engine can produce, in the order docs/findings.md introduced them.
const QList<FindingKind> &findingCatalog();
const FindingKind *findingKind(const QString &id);

// A finding with the catalog's direction and layer filled in.
Finding makeFinding(const QString &id, Severity severity, const QString &title,
                    const QString &detail = {});

} // namespace hd
