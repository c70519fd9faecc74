// What a report is made from (private/report_p.h): the session with every field within a cap,
// its findings grouped and, unless turned off, its secrets redacted.

#include "report_p.h"

#include <QJsonArray>

#include <optional>

namespace hd::reportdetail {

namespace {

// A field's cap (docs/limits.md "Text, logs, sessions, reports"): a session is data from
// outside (a node's host name, a program's output), and one 240 MB field must not cost
// minutes and gigabytes to redact, escape and write. Logs keep their end (the report shows
// their last lines); every other field its start.
constexpr qsizetype kMaxField = qsizetype(64) << 10;

QString cutMark(qsizetype n) {
    return QStringLiteral("[hipdoctor: %1 characters of this field left out]").arg(n);
}

bool isLogKey(const QString &key) {
    return key == QLatin1String("stdout") || key == QLatin1String("stderr") ||
           key == QLatin1String("log");
}

// v within its caps, or nothing when it already is (a JSON container is written to only where
// a field is cut: rewriting an unchanged value copies it).
std::optional<QJsonValue> capValue(const QJsonValue &v, const QString &key, qsizetype maxLog) {
    if (v.isString()) {
        const QString s = v.toString();
        const qsizetype max = isLogKey(key) ? maxLog : kMaxField;
        if (s.size() <= max)
            return std::nullopt;
        return isLogKey(key) ? cutMark(s.size() - max) + QLatin1Char('\n') + s.right(max)
                             : s.left(max) + QStringLiteral("… ") + cutMark(s.size() - max);
    }
    if (v.isArray()) {
        std::optional<QJsonArray> out;
        const QJsonArray in = v.toArray();
        for (qsizetype i = 0; i < in.size(); ++i)
            if (auto c = capValue(in.at(i), key, maxLog)) {
                if (!out)
                    out = in;
                (*out)[i] = *c;
            }
        return out ? std::optional<QJsonValue>(*out) : std::nullopt;
    }
    if (v.isObject()) {
        std::optional<QJsonObject> out;
        const QJsonObject in = v.toObject();
        for (auto it = in.constBegin(); it != in.constEnd(); ++it)
            if (auto c = capValue(it.value(), it.key(), maxLog)) {
                if (!out)
                    out = in;
                out->insert(it.key(), *c);
            }
        return out ? std::optional<QJsonValue>(*out) : std::nullopt;
    }
    return std::nullopt;
}

void capText(QString &s, qsizetype max = kMaxField) {
    if (s.size() > max)
        s = s.left(max) + QStringLiteral("… ") + cutMark(s.size() - max);
}
void capText(Text &t, qsizetype max = kMaxField) {
    if (t.size() <= max)
        return;
    QString s = t.english();
    capText(s, max);
    t = s; // cut: shown as it is
}
void capLog(QString &s, qsizetype max) {
    if (s.size() > max)
        s = cutMark(s.size() - max) + QLatin1Char('\n') + s.right(max);
}

// The session with every field within its cap (itself when none is over). The fields a
// session's size is made of are cut in place first, so that the JSON walk over the rest
// (inputs, check data, inventory, evidence) does not copy a huge one at every level.
Session capped(const Session &in, const ReportOptions &o) {
    // A log keeps more than the report shows of it: the shown tail is cut by lines and bytes.
    const qsizetype maxLog = std::max<qsizetype>(kMaxField, o.maxLogBytes + kMaxField);
    Session s = in;
    for (QString *f : {&s.createdAt, &s.tool, &s.host, &s.remote, &s.origin})
        capText(*f);
    capText(s.comparison.verdict);
    for (StepRecord &st : s.steps) {
        capText(st.title);
        capText(st.summary);
        for (CheckRecord &c : st.checks) {
            for (QString *f : {&c.id, &c.workingDirectory})
                capText(*f);
            capText(c.title);
            capText(c.summary);
            for (QString &a : c.command)
                capText(a);
            capLog(c.stdoutText, maxLog);
            capLog(c.stderrText, maxLog);
            capLog(c.logText, maxLog);
        }
    }
    for (Finding &f : s.findings) {
        capText(f.title);
        capText(f.detail);
        capText(f.severityReason);
        for (Evidence &e : f.evidence)
            capText(e.text);
    }
    const auto v = capValue(s.toJson(), {}, maxLog);
    if (!v)
        return s;
    const auto out = Session::fromJson(v->toObject());
    return out ? *out : s;
}

} // namespace

Prepared prepare(const Session &in, const ReportOptions &o) {
    Prepared p;
    p.redacted = o.redact;
    // Capped and grouped first (a session written before grouping may hold 10^5 copies of a
    // finding), so each is redacted and written once.
    Session grouped = capped(in, o);
    grouped.findings = mergeDuplicateFindings(grouped.findings);
    grouped.caseVerdict = sessionCaseVerdict(grouped); // an older session's, from its findings
    p.s = o.redact ? redactSession(grouped, &p.redactions) : grouped;
    return p;
}

} // namespace hd::reportdetail

namespace hd {

Session sessionWithinReportCaps(const Session &s) {
    Session out = reportdetail::capped(s, ReportOptions{});
    out.findings = mergeDuplicateFindings(out.findings);
    return out;
}

} // namespace hd
