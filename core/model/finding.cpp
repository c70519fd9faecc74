#include "model/finding.h"

#include "model/model_json.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <utility>

namespace hd {

QString severityName(Severity s) {
    switch (s) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Error:
        return QStringLiteral("error");
    }
    return QStringLiteral("info");
}

Severity severityFromName(const QString &name, Severity fallback) {
    if (name == QLatin1String("error"))
        return Severity::Error;
    if (name == QLatin1String("warning"))
        return Severity::Warning;
    if (name == QLatin1String("info"))
        return Severity::Info;
    return fallback;
}

Evidence Evidence::fromJson(const QJsonObject &o) {
    return {o.value(QStringLiteral("source")).toString(),
            o.value(QStringLiteral("location")).toString(),
            o.value(QStringLiteral("text")).toString()};
}

QJsonObject Finding::toJson() const {
    return jsonObjectOf(*this);
}

Finding Finding::fromJson(const QJsonObject &o) {
    Finding f;
    f.id = o.value(QStringLiteral("id")).toString();
    f.severity = severityFromName(o.value(QStringLiteral("severity")).toString());
    f.title = o.value(QStringLiteral("title")).toString();
    f.detail = o.value(QStringLiteral("detail")).toString();
    f.severityReason = o.value(QStringLiteral("severity_reason")).toString();
    for (const auto &v : o.value(QStringLiteral("evidence")).toArray())
        f.evidence.append(Evidence::fromJson(v.toObject()));
    for (const auto &v : o.value(QStringLiteral("fix")).toArray())
        f.fix.append(v.toString());
    const int dir = o.value(QStringLiteral("direction")).toInt();
    f.direction = (dir >= 0 && dir <= 3) ? Direction(dir) : Direction::None;
    f.layer = o.value(QStringLiteral("layer")).toString();
    f.occurrences = std::max(1, o.value(QStringLiteral("occurrences")).toInt(1));
    return f;
}

QString Finding::key() const {
    // Titles name the subject (the kernel, the library, the device), so id + title tells one
    // cause from another; evidence and wording of the detail may differ between sightings.
    // runtime.no-device has no subject: the runtime of this run sees no GPU, whichever source
    // (probe, log line, rocminfo dump, verification step) says it in its own words.
    if (id == QLatin1String("runtime.no-device"))
        return id;
    return id + QLatin1Char('\x1f') + title.english();
}

QList<Finding> mergeDuplicateFindings(const QList<Finding> &findings) {
    QList<Finding> out;
    QHash<QString, qsizetype> index;
    index.reserve(findings.size());
    for (const Finding &f : findings) {
        const QString k = f.key();
        const auto it = index.constFind(k);
        if (it == index.cend()) {
            index.insert(k, out.size());
            out.append(f);
            continue;
        }
        Finding &kept = out[*it];
        kept.occurrences += f.occurrences;
        if (f.title != kept.title) {
            // The same cause in other words: the most severe sighting's text is shown, the
            // others' titles stay as evidence.
            Finding other = f;
            if (int(f.severity) > int(kept.severity)) {
                std::swap(other.title, kept.title);
                std::swap(other.detail, kept.detail);
                std::swap(other.fix, kept.fix);
                std::swap(other.severity, kept.severity);
                std::swap(other.severityReason, kept.severityReason);
            }
            const Evidence also{QStringLiteral("finding"), QStringLiteral("also reported as"),
                                other.title};
            if (kept.evidence.size() < kMaxMergedEvidence && !kept.evidence.contains(also))
                kept.evidence.append(also);
        }
        for (const Evidence &e : f.evidence) {
            if (kept.evidence.size() >= kMaxMergedEvidence)
                break;
            if (!kept.evidence.contains(e))
                kept.evidence.append(e);
        }
    }
    return out;
}

bool hasErrors(const QList<Finding> &findings) {
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding &f) { return f.severity == Severity::Error; });
}

QList<Finding> findingsWithId(const QList<Finding> &findings, const QString &id) {
    QList<Finding> out;
    for (const Finding &f : findings)
        if (f.id == id)
            out.append(f);
    return out;
}

} // namespace hd
