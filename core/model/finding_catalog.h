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
    const char *layer;   // "compile" | "load" | "launch" | "build" | "env" | "run" | ""
    const char *meaning; // English; translated by findingMeaning()
};

// Every id the engine can produce, in the order docs/findings.md introduced them.
const QList<FindingKind> &findingCatalog();
const FindingKind *findingKind(const QString &id);

// The catalog's texts for people in the application's language (QCoreApplication::translate,
// context "hd::FindingCatalog"; English without a translator): what the id means, and what to
// do about it in general. "" for an id not in the catalog.
QString findingMeaning(const QString &id);
QString findingAdvice(const QString &id);
// True when a translator for the catalog is installed (the app runs in another language).
bool catalogTranslated();

// A finding with the catalog's direction and layer filled in.
Finding makeFinding(const QString &id, Severity severity, const Text &title,
                    const Text &detail = {});

} // namespace hd
