#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "common/engine_text.h"

namespace hd {

enum class Severity { Info, Warning, Error };

QString severityName(Severity s); // "info" | "warning" | "error"
Severity severityFromName(const QString &name, Severity fallback = Severity::Info);

// Where the method places a finding: the failing layer, or one of the three directions of a
// load error (docs/design.md, "The method it implements").
enum class Direction {
    None = 0,
    RuntimeLink = 1, // direction 1: runtime link and initialization
    Symbols = 2,     // direction 2: symbol names
    CodeObject = 3,  // direction 3: code object vs. device and context
};

// One piece of evidence: what was read and where.
struct Evidence {
    QString source; // file path, "env", "command", "log", "probe"...
    Text location;  // section/offset/symbol, "line 12", variable name (or the engine's caption)
    Text text;      // the bytes, line or value that was seen (or the engine's sentence on it)

    static Evidence fromJson(const QJsonObject &o);
    bool operator==(const Evidence &) const = default;
};

// One diagnosis result. Ids are stable API (docs/design.md "Findings").
struct Finding {
    QString id;
    Severity severity = Severity::Info;
    Text title;
    Text detail;
    QList<Evidence> evidence;
    TextList fix;
    Direction direction = Direction::None;
    QString layer; // "compile" | "load" | "launch" | "build" | "" when not known
    // How many times the same finding (same key(), see below) was seen; merged findings keep
    // the first one's text and up to kMaxMergedEvidence pieces of evidence. JSON has
    // "occurrences" only when it is above 1.
    int occurrences = 1;
    // The first and last line of a text where the merged sightings were (0: not known), for
    // "seen N times, first at line A, last at line B". JSON: "first_line"/"last_line" when
    // occurrences is above 1.
    qint64 firstLine = 0;
    qint64 lastLine = 0;
    // Why the severity is not the id's catalog severity (finding_catalog.h); empty when it is.
    // Not part of key(): the same cause seen with more or less evidence is one finding.
    Text severityReason;

    // The one de-duplication key (docs/findings.md "One finding per cause"): two findings with
    // the same key say the same thing and are shown once, with a count.
    QString key() const;

    QJsonObject toJson() const;
    static Finding fromJson(const QJsonObject &o);
    bool operator==(const Finding &) const = default;
};

bool hasErrors(const QList<Finding> &findings);

inline constexpr int kMaxMergedEvidence = 8;

// Merges findings with the same key() in first-seen order: occurrences add up, evidence is
// appended up to kMaxMergedEvidence. Linear in the number of findings.
QList<Finding> mergeDuplicateFindings(const QList<Finding> &findings);

// The same merge as findings arrive, so that 10^6 sightings of one cause are one finding in
// memory, never 10^6 (docs/limits.md "Text, logs, sessions, reports").
class FindingMerger {
public:
    void add(Finding f);
    // The merged findings; a caller may edit or drop them (the index is checked on use).
    QList<Finding> &findings() { return m_out; }
    const QList<Finding> &findings() const { return m_out; }

private:
    QList<Finding> m_out;
    QHash<QString, qsizetype> m_index;
};

// "seen 3 times, first at line 12, last at line 1,040" (empty for a finding seen once).
Text occurrenceText(const Finding &f);
QList<Finding> findingsWithId(const QList<Finding> &findings, const QString &id);

} // namespace hd
