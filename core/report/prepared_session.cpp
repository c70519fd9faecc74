// What a report is made from (private/report_p.h): the session with every field within a cap,
// its findings grouped and, unless turned off, its secrets redacted.

#include "report_p.h"

#include <QJsonArray>

#include <algorithm>
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
    if (!o.keepPlaces) {
        QList<Redaction> places;
        p.s = withoutPlaces(p.s, &places);
        for (const Redaction &r : std::as_const(places))
            (r.what.startsWith(QLatin1String("home")) ? p.homes : p.hosts) += r.count;
    }
    return p;
}

QList<EnvAsRun> envAsRun(const Session &s, bool *fromSteps) {
    QList<EnvAsRun> rows;
    *fromSteps = false;
    for (const StepRecord &st : s.steps) {
        std::optional<QMap<QString, QString>> common;
        for (const CheckRecord &c : st.checks) {
            // A check that recorded no environment (a session written before they did) says
            // nothing about it.
            if (c.command.isEmpty() || c.env.isEmpty())
                continue;
            if (!common) {
                common = c.env;
                continue;
            }
            common->removeIf([&c](const auto &it) { return c.env.value(it.key()) != it.value(); });
        }
        if (!common)
            continue;
        // Step 3's switch is its variant's own ("without Triton"), not the profile.
        common->remove(st.inputs.value(QStringLiteral("switch_env"))
                           .toString()
                           .section(QLatin1Char('='), 0, 0));
        *fromSteps = true;
        for (auto it = common->cbegin(); it != common->cend(); ++it) {
            auto row = std::find_if(rows.begin(), rows.end(), [&it](const EnvAsRun &r) {
                return r.name == it.key() && r.value == it.value();
            });
            if (row == rows.end())
                rows.append({it.key(), it.value(), {st.step}});
            else
                row->steps.append(st.step);
        }
    }
    if (!*fromSteps)
        for (const EnvEntry &e : s.env.entries)
            if (e.enabled)
                rows.append({e.name, e.value, {}});
    return rows;
}

QString placesNote(const Prepared &p) {
    if (p.homes == 0 && p.hosts == 0)
        return {};
    return QStringLiteral("Home folders are shown as ~ (%1×) and this machine's and the node's "
                          "names as <host> (%2×); `hipdoctor-cli report --keep-places` (or "
                          "the app's export dialog) keeps them.")
        .arg(p.homes)
        .arg(p.hosts);
}

} // namespace hd::reportdetail

namespace hd {

Session sessionWithinReportCaps(const Session &s) {
    Session out = reportdetail::capped(s, ReportOptions{});
    out.findings = mergeDuplicateFindings(out.findings);
    return out;
}

} // namespace hd
