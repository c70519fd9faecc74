#pragma once

// The finding ids of DESIGN.md ("Findings: one taxonomy, stable ids") with the direction and
// layer each belongs to. Ids are stable API: add new ones, never rename.

#include "common/finding.h"

#include <QList>
#include <QString>

namespace hd {

struct FindingKind {
    const char *id;
    Direction direction;
    const char *layer; // "compile" | "load" | "launch" | "build" | "env"
    const char *meaning;
};

// Every id the diagnosis can produce, DESIGN.md's table first, then ids added here.
const QList<FindingKind> &findingCatalog();
const FindingKind *findingKind(const QString &id);

// A finding with the catalog's direction and layer filled in.
Finding makeFinding(const QString &id, Severity severity, const QString &title,
                    const QString &detail = {});

} // namespace hd
