#pragma once

// Every finding id (docs/findings.md) with its direction, layer and severity. Ids are
// stable API: add new ones, never rename. Findings are only built through makeFinding().

#include "model/finding.h"

#include <QList>
#include <QString>

#include <utility>

namespace hd {

struct FindingKind {
    const char *id;
    Direction direction;
    const char *layer; // "compile" | "load" | "launch" | "build" | "env" | "run" | ""
    // What a finding of this id is when its evidence is complete (docs/findings.md,
    // "Severity"); a rule that reports it otherwise says why (SeverityChange).
    Severity severity;
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

// The id's catalog severity; Info for an id not in the catalog.
Severity catalogSeverity(const QString &id);

// A severity other than the id's catalog severity and the reason for it, a sentence for people
// shown beside the finding ("the runtime version was inferred from ..."). Both are required, so
// that no rule changes a severity without saying why.
struct SeverityChange {
    SeverityChange(Severity s, Text why) : severity(s), reason(std::move(why)) {}
    Severity severity;
    Text reason;
};

// A finding with the catalog's severity, direction and layer filled in.
Finding makeFinding(const QString &id, const Text &title, const Text &detail = {});
// The same with another severity: severityReason is the change's reason, or empty where the
// change's severity is the catalog's (a rule whose severity depends on the case passes one
// change for all of its cases).
Finding makeFinding(const QString &id, const SeverityChange &change, const Text &title,
                    const Text &detail = {});
// Sets a finding's severity and its reason the same way.
void changeSeverity(Finding &f, const SeverityChange &change);
// False for a finding whose severity differs from its catalog severity without a reason.
bool severityExplained(const Finding &f);

} // namespace hd
