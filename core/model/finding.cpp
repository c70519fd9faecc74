#include "model/finding.h"

#include "model/model_json.h"

#include <QHash>
#include <QJsonArray>
#include <QLocale>

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
    f.firstLine = std::max<qint64>(0, o.value(QStringLiteral("first_line")).toInteger());
    f.lastLine = std::max<qint64>(0, o.value(QStringLiteral("last_line")).toInteger());
    return f;
}

namespace {

// The title without the numbers of "line N": where a cause was seen is not what it is
// (docs/findings.md "One finding per cause"). *line (optional): the first such number.
QString withoutLineNumbers(const QString &title, qint64 *line = nullptr) {
    static const QString word = QStringLiteral("line ");
    qsizetype at = title.indexOf(word);
    if (at < 0)
        return title;
    QString out;
    out.reserve(title.size());
    qsizetype from = 0;
    while (at >= 0) {
        qsizetype end = at + word.size();
        while (end < title.size() && title[end].isDigit())
            ++end;
        out += QStringView(title).mid(from, at + word.size() - from);
        if (end > at + word.size()) {
            out += QLatin1Char('#');
            if (line && *line == 0)
                *line =
                    QStringView(title).mid(at + word.size(), end - at - word.size()).toLongLong();
        }
        from = end;
        at = title.indexOf(word, end);
    }
    out += QStringView(title).mid(from);
    return out;
}

// The line a finding was seen at: its title's "line N", else its evidence's.
qint64 lineOf(const Finding &f) {
    qint64 line = 0;
    withoutLineNumbers(f.title.english(), &line);
    for (qsizetype i = 0; line == 0 && i < f.evidence.size(); ++i)
        withoutLineNumbers(f.evidence[i].location.english(), &line);
    return line;
}

void mergeInto(Finding &kept, const Finding &f) {
    if (kept.occurrences == 1 && kept.firstLine == 0)
        kept.firstLine = kept.lastLine = lineOf(kept);
    const qint64 line = f.firstLine ? f.firstLine : lineOf(f);
    if (line > 0) {
        kept.firstLine = kept.firstLine ? std::min(kept.firstLine, line) : line;
        kept.lastLine = std::max(kept.lastLine, f.lastLine ? f.lastLine : line);
    }
    kept.occurrences += f.occurrences;
    // A title that differs only in its line number is the same sentence: nothing to add.
    if (f.title != kept.title &&
        withoutLineNumbers(f.title.english()) != withoutLineNumbers(kept.title.english())) {
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
        const Evidence also{QStringLiteral("finding"), HD_TEXT("hd::Diagnosis", "also reported as"),
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

} // namespace

QString Finding::key() const {
    // Titles name the subject (the kernel, the library, the device), so id + title tells one
    // cause from another; evidence and wording of the detail may differ between sightings, and
    // so may the line it was seen at ("line 12" and "line 40" are one cause).
    // runtime.no-device has no subject: the runtime of this run sees no GPU, whichever source
    // (probe, log line, rocminfo dump, verification step) says it in its own words.
    if (id == QLatin1String("runtime.no-device"))
        return id;
    return id + QLatin1Char('\x1f') + withoutLineNumbers(title.english());
}

void FindingMerger::add(Finding f) {
    const QString k = f.key();
    auto it = m_index.constFind(k);
    // The caller may have dropped or reordered findings since: an index that no longer
    // points at its finding is rebuilt.
    if (it != m_index.cend() && (*it >= m_out.size() || m_out[*it].key() != k)) {
        m_index.clear();
        for (qsizetype i = 0; i < m_out.size(); ++i)
            m_index.insert(m_out[i].key(), i);
        it = m_index.constFind(k);
    }
    if (it == m_index.cend()) {
        m_index.insert(k, m_out.size());
        m_out.append(std::move(f));
        return;
    }
    mergeInto(m_out[*it], f);
}

QList<Finding> mergeDuplicateFindings(const QList<Finding> &findings) {
    FindingMerger m;
    for (const Finding &f : findings)
        m.add(f);
    return std::move(m.findings());
}

Text occurrenceText(const Finding &f) {
    if (f.occurrences <= 1)
        return {};
    QLocale c = QLocale::c(); // "1,000,000", as docs/limits.md writes it
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    const QString n = c.toString(f.occurrences);
    if (f.firstLine > 0 && f.lastLine > f.firstLine)
        return HD_TEXT("hd::Diagnosis", "seen %1 times, first at line %2, last at line %3")
            .arg(n, QString::number(f.firstLine), QString::number(f.lastLine));
    return HD_TEXT("hd::Diagnosis", "seen %1 times").arg(n);
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
