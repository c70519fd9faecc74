#include "report/report.h"

#include "common/format.h"
#include "common/shell.h"
#include "model/labels.h"

#include <QDateTime>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd {

namespace {

QString directionText(Direction d) {
    switch (d) {
    case Direction::RuntimeLink:
        return QStringLiteral("1 — runtime link and initialization");
    case Direction::Symbols:
        return QStringLiteral("2 — symbols");
    case Direction::CodeObject:
        return QStringLiteral("3 — code object vs. device and context");
    case Direction::None:
        break;
    }
    return QStringLiteral("none");
}

// Keeps the last maxLines lines and at most the last maxBytes bytes (UTF-16 units, cut at a
// line start when there is one): the end of a log is where the failure is.
QString tailLines(const QString &text, int maxLines, qsizetype maxBytes, int *omitted,
                  qsizetype *omittedBytes) {
    *omittedBytes = 0;
    QStringView view(text);
    if (maxBytes > 0 && view.size() > maxBytes) {
        qsizetype from = view.size() - maxBytes;
        const qsizetype nl = view.indexOf(QLatin1Char('\n'), from);
        if (nl >= 0 && nl + 1 < view.size())
            from = nl + 1;
        *omittedBytes = from;
        view = view.mid(from);
    }
    QStringList lines = view.toString().split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    *omitted = 0;
    if (maxLines > 0 && lines.size() > maxLines) {
        *omitted = int(lines.size()) - maxLines;
        lines = lines.mid(lines.size() - maxLines);
    }
    return lines.join(QLatin1Char('\n'));
}

int longestBacktickRun(const QString &text) {
    int longest = 0, run = 0;
    for (QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return longest;
}

// A fence longer than any run of backticks in the text, so logs cannot close it.
QString fenceFor(const QString &text) {
    return QString(std::max(3, longestBacktickRun(text) + 1), QLatin1Char('`'));
}

// Untrusted text in Markdown prose (kernel names, titles, paths, messages): '<', '>' and '&'
// outside code spans become entities, so "</details>" or "<img>" in a name stays text. A
// code span (backticks, closed by the same run) is kept as it is: HTML is not read there.
QString mdText(const QString &s) {
    QString out;
    out.reserve(s.size());
    const qsizetype n = s.size();
    auto runAt = [&](qsizetype at) {
        qsizetype r = 0;
        while (at + r < n && s[at + r] == QLatin1Char('`'))
            ++r;
        return r;
    };
    for (qsizetype i = 0; i < n;) {
        const QChar c = s[i];
        if (c == QLatin1Char('`')) {
            const qsizetype run = runAt(i);
            qsizetype close = -1;
            for (qsizetype j = i + run; j < n;) {
                const qsizetype r = runAt(j);
                if (r == run) {
                    close = j;
                    break;
                }
                j += r ? r : 1;
            }
            const qsizetype end = close >= 0 ? close + run : i + run;
            out += QStringView(s).mid(i, end - i);
            i = end;
            continue;
        }
        if (c == QLatin1Char('<'))
            out += QLatin1String("&lt;");
        else if (c == QLatin1Char('>'))
            out += QLatin1String("&gt;");
        else if (c == QLatin1Char('&'))
            out += QLatin1String("&amp;");
        else
            out += c;
        ++i;
    }
    return out;
}

// Table cells: one line, no pipes.
QString cell(QString s) {
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    s = mdText(s);
    s.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    return s.trimmed();
}

// A code span whose delimiter is longer than any backtick run inside, so the text cannot
// close it.
QString inlineCode(const QString &s) {
    const int longest = longestBacktickRun(s);
    const QString fence(longest + 1, QLatin1Char('`'));
    const QString pad = longest ? QStringLiteral(" ") : QString();
    return fence + pad + QString(s).replace(QLatin1Char('\n'), QLatin1Char(' ')) + pad + fence;
}

struct Prepared {
    Session s;
    QList<Redaction> redactions;
    bool redacted = true;
};

Prepared prepare(const Session &in, const ReportOptions &o) {
    Prepared p;
    p.redacted = o.redact;
    // Grouped first (a session written before grouping may hold 10^5 copies of a finding),
    // so each is redacted and written once.
    Session grouped = in;
    grouped.findings = mergeDuplicateFindings(in.findings);
    p.s = o.redact ? redactSession(grouped, &p.redactions) : grouped;
    return p;
}

QString stepTitle(const StepRecord &st) {
    return QStringLiteral("Step %1 — %2").arg(st.step).arg(st.title);
}

// ---- Markdown ---------------------------------------------------------------------------

void mdBlock(QString &out, const QString &label, const QString &text, const QString &lang,
             const ReportOptions &o) {
    if (text.trimmed().isEmpty())
        return;
    int omitted = 0;
    qsizetype omittedBytes = 0;
    const QString body = tailLines(text, o.maxLogLines, o.maxLogBytes, &omitted, &omittedBytes);
    const QString fence = fenceFor(body);
    out += QStringLiteral("**%1**").arg(label);
    if (omittedBytes)
        out += QStringLiteral(" (last %1 KiB; %2 earlier bytes are in the session file)")
                   .arg(o.maxLogBytes >> 10)
                   .arg(omittedBytes);
    else if (omitted)
        out += QStringLiteral(" (last %1 lines; %2 earlier lines are in the session file)")
                   .arg(o.maxLogLines)
                   .arg(omitted);
    out += QStringLiteral("\n\n") + fence + lang + QLatin1Char('\n') + body + QLatin1Char('\n') +
           fence + QStringLiteral("\n\n");
}

void mdCheck(QString &out, const CheckRecord &c, const ReportOptions &o) {
    out += QStringLiteral("<details>\n<summary>%1 <b>%2</b> — %3%4</summary>\n\n")
               .arg(checkStatusIcon(c.status), c.id.toHtmlEscaped(),
                    (c.summary.isEmpty() ? c.title : c.summary).toHtmlEscaped(),
                    c.durationMs > 0 ? QStringLiteral(" (%1%2)").arg(
                                           formatDuration(c.durationMs),
                                           c.cached ? QStringLiteral(", cached") : QString())
                                     : QString());
    out += QStringLiteral("%1 — status **%2**\n\n").arg(mdText(c.title), checkStatusName(c.status));
    if (!c.command.isEmpty()) {
        const QString cmd = shellJoin(c.command);
        out += QStringLiteral("**Command**");
        if (!c.workingDirectory.isEmpty())
            out += QStringLiteral(" (in %1)").arg(inlineCode(c.workingDirectory));
        out += QStringLiteral("\n\n") + fenceFor(cmd) + QStringLiteral("sh\n") + cmd +
               QLatin1Char('\n') + fenceFor(cmd) + QStringLiteral("\n\n");
    }
    if (!c.env.isEmpty()) {
        QStringList kv;
        for (auto it = c.env.begin(); it != c.env.end(); ++it)
            kv << inlineCode(it.key() + QLatin1Char('=') + it.value());
        out += QStringLiteral("**Environment set:** %1\n\n").arg(kv.join(QStringLiteral(", ")));
    }
    if (!c.envRemoved.isEmpty()) {
        QStringList names;
        for (const QString &n : c.envRemoved)
            names << inlineCode(n);
        out += QStringLiteral("**Removed from the environment:** %1\n\n")
                   .arg(names.join(QStringLiteral(", ")));
    }
    QStringList facts;
    if (!c.signalName.isEmpty())
        facts << QStringLiteral("**Signal:** %1").arg(c.signalName);
    else if (c.exitCode >= 0)
        facts << QStringLiteral("**Exit status:** %1").arg(c.exitCode);
    if (c.timedOut)
        facts << QStringLiteral("**Timed out**");
    if (!c.startedAt.isEmpty())
        facts << QStringLiteral("**Started:** %1").arg(c.startedAt);
    if (c.durationMs > 0)
        facts << QStringLiteral("**Duration:** %1").arg(formatDuration(c.durationMs));
    if (c.cached)
        facts << QStringLiteral("**From the compile cache** (compiled originally in %1)")
                     .arg(formatDuration(
                         c.data.value(QStringLiteral("original_duration_ms")).toDouble()));
    if (!facts.isEmpty())
        out += facts.join(QStringLiteral(" · ")) + QStringLiteral("\n\n");
    if (!c.artifacts.isEmpty()) {
        QStringList a;
        for (const QString &x : c.artifacts)
            a << inlineCode(x);
        out += QStringLiteral("**Files:** %1\n\n").arg(a.join(QStringLiteral(", ")));
    }
    if (!c.phases.isEmpty()) {
        out += QStringLiteral(
            "| Phase | Start | Duration | Status | Detail |\n|---|---:|---:|---|---|\n");
        for (const PhaseTiming &p : c.phases)
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                       .arg(cell(p.name), formatDuration(p.startMs), formatDuration(p.ms),
                            cell(p.status), cell(p.detail));
        out += QLatin1Char('\n');
    }
    mdBlock(out, QStringLiteral("stdout"), c.stdoutText, QStringLiteral("text"), o);
    mdBlock(out, QStringLiteral("stderr"), c.stderrText, QStringLiteral("text"), o);
    mdBlock(out, QStringLiteral("runtime log"), c.logText, QStringLiteral("text"), o);
    out += QStringLiteral("</details>\n\n");
}

void mdFinding(QString &out, const Finding &f) {
    out += QStringLiteral("### %1 %2 · %3 — %4\n\n")
               .arg(severityIcon(f.severity), severityName(f.severity), inlineCode(f.id),
                    mdText(f.title));
    if (f.occurrences > 1)
        out += QStringLiteral("*Seen %1 times*\n\n").arg(f.occurrences);
    if (!f.detail.isEmpty())
        out += mdText(f.detail) + QStringLiteral("\n\n");
    if (f.direction != Direction::None)
        out += QStringLiteral("*Direction %1*\n\n").arg(directionText(f.direction));
    if (!f.evidence.isEmpty()) {
        out += QStringLiteral("**Evidence**\n\n");
        for (const Evidence &e : f.evidence) {
            QString line = QStringLiteral("- ") + inlineCode(e.source);
            if (!e.location.isEmpty())
                line += QStringLiteral(" (%1)").arg(mdText(e.location));
            if (!e.text.isEmpty())
                line +=
                    QStringLiteral(": ") +
                    (e.text.contains(QLatin1Char('\n'))
                         ? QStringLiteral("\n\n  ") + fenceFor(e.text) + QStringLiteral("\n  ") +
                               QString(e.text).replace(QLatin1Char('\n'), QStringLiteral("\n  ")) +
                               QStringLiteral("\n  ") + fenceFor(e.text)
                         : inlineCode(e.text));
            out += line + QLatin1Char('\n');
        }
        out += QLatin1Char('\n');
    }
    if (!f.fix.isEmpty()) {
        out += QStringLiteral("**Fix**\n\n");
        int n = 1;
        for (const QString &x : f.fix)
            out += QStringLiteral("%1. %2\n").arg(n++).arg(mdText(x));
        out += QLatin1Char('\n');
    }
}

QString mdRedactions(const Prepared &p) {
    QString out = QStringLiteral("## Redactions\n\n");
    if (!p.redacted)
        return out + QStringLiteral(
                         "Redaction was turned off for this report: it may contain secrets.\n\n");
    if (p.redactions.isEmpty())
        return out +
               QStringLiteral("Nothing needed redaction (checked: env names with TOKEN, "
                              "SECRET, PASSWORD, PASSWD, PASSPHRASE, CREDENTIAL, KEY; credentials "
                              "in URLs; secret options; tokens by their shape).\n\n");
    out += QStringLiteral("Values replaced by `%1`:\n\n").arg(QLatin1String(kRedacted));
    for (const Redaction &r : p.redactions)
        out += QStringLiteral("- %1 — %2%3\n")
                   .arg(r.what, r.where,
                        r.count > 1 ? QStringLiteral(" (%1×)").arg(r.count) : QString());
    return out + QLatin1Char('\n');
}

} // namespace

QString markdownReport(const Session &in, const ReportOptions &o) {
    const Prepared p = prepare(in, o);
    const Session &s = p.s;
    QString out;
    out += QStringLiteral("# hipdoctor verification report\n\n");
    if (!s.comparison.verdict.isEmpty())
        out += QStringLiteral("**Verdict:** %1\n\n").arg(mdText(s.comparison.verdict));
    out += QStringLiteral("**Direction:** %1\n\n").arg(directionText(s.comparison.direction));
    if (s.cancelled)
        out += QStringLiteral("**The run was cancelled**: some checks did not run.\n\n");

    out += QStringLiteral("| Step | Status | Result | Time |\n|---|---|---|---:|\n");
    for (const StepRecord &st : s.steps)
        out += QStringLiteral("| %1 | %2 %3 | %4 | %5 |\n")
                   .arg(cell(QStringLiteral("%1. %2").arg(st.step).arg(st.title)),
                        checkStatusIcon(st.status), checkStatusName(st.status), cell(st.summary),
                        formatDuration(st.durationMs));
    out += QLatin1Char('\n');

    out += QStringLiteral("## Findings\n\n");
    if (s.findings.isEmpty())
        out += QStringLiteral("No findings.\n\n");
    QList<Finding> sorted = s.findings;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    for (const Finding &f : sorted)
        mdFinding(out, f);

    if (!s.comparison.basis.isEmpty()) {
        out += QStringLiteral("<details>\n<summary>How the steps compare</summary>\n\n");
        for (const QString &b : s.comparison.basis)
            out += QStringLiteral("- %1\n").arg(mdText(b));
        out += QStringLiteral("\n</details>\n\n");
    }

    out += QStringLiteral("## Devices\n\n");
    if (s.devices.isEmpty()) {
        out += QStringLiteral("The runtime reported no device.\n\n");
    } else {
        out += QStringLiteral(
            "| # | Name | Target | Backend | Runtime | Library |\n|---|---|---|---|---|---|\n");
        for (const DeviceInfo &d : s.devices)
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                       .arg(d.index)
                       .arg(cell(d.name), inlineCode(d.target.toString()), cell(d.backend),
                            cell(d.runtimeVersion), cell(d.library));
        out += QLatin1Char('\n');
    }

    out += QStringLiteral("## Environment profile\n\n");
    const QStringList assigns = s.env.assignments();
    if (assigns.isEmpty())
        out += QStringLiteral("No variables set: every child started from a clean environment "
                              "(runtime switches removed).\n\n");
    else {
        out += QStringLiteral("| Variable | Value |\n|---|---|\n");
        for (const EnvEntry &e : s.env.entries)
            if (e.enabled)
                out += QStringLiteral("| %1 | %2 |\n").arg(inlineCode(e.name), inlineCode(e.value));
        out += QLatin1Char('\n');
    }
    for (const EnvProblem &pr : s.envProblems)
        out += QStringLiteral("- %1 %2\n")
                   .arg(pr.error ? QStringLiteral("❌") : QStringLiteral("⚠️"), mdText(pr.message));
    if (!s.envProblems.isEmpty())
        out += QLatin1Char('\n');

    out += QStringLiteral(
        "## Timings\n\n| Step | Check | Status | Duration | Cached |\n|---|---|---|---:|---|\n");
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                       .arg(st.step)
                       .arg(cell(c.id), checkStatusName(c.status), formatDuration(c.durationMs),
                            c.cached ? QStringLiteral("yes") : QString());
    out += QLatin1Char('\n');

    for (const StepRecord &st : s.steps) {
        out += QStringLiteral("## %1\n\n%2 **%3** — %4\n\n")
                   .arg(mdText(stepTitle(st)), checkStatusIcon(st.status),
                        checkStatusName(st.status), mdText(st.summary));
        for (const CheckRecord &c : st.checks)
            mdCheck(out, c, o);
    }

    out += mdRedactions(p);
    out += QStringLiteral("---\n<sub>Session %1%2%3 · %4</sub>\n")
               .arg(s.createdAt.isEmpty() ? QStringLiteral("(undated)") : s.createdAt,
                    s.host.isEmpty() ? QString() : QStringLiteral(" on ") + s.host,
                    s.origin.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.origin),
                    s.tool.isEmpty() ? QStringLiteral("hipdoctor") : s.tool);
    return out;
}

// ---- Charts -------------------------------------------------------------------------------

QList<ChartSpec> timingCharts(const Session &s) {
    QList<ChartSpec> charts;
    ChartSpec timeline;
    timeline.kind = ChartSpec::Kind::Timeline;
    timeline.title = QStringLiteral("Checks and phases over time");
    timeline.xLabel = QStringLiteral("ms");
    QDateTime origin;
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks) {
            const QDateTime t = QDateTime::fromString(c.startedAt, Qt::ISODateWithMs);
            if (t.isValid() && (!origin.isValid() || t < origin))
                origin = t;
        }
    double cursor = 0;
    for (const StepRecord &st : s.steps) {
        for (const CheckRecord &c : st.checks) {
            if (c.status == CheckStatus::Skipped)
                continue;
            const QDateTime t = QDateTime::fromString(c.startedAt, Qt::ISODateWithMs);
            const double start =
                t.isValid() && origin.isValid() ? double(origin.msecsTo(t)) : cursor;
            const QString row = QStringLiteral("step %1: %2").arg(st.step).arg(c.id);
            timeline.intervals.append(
                {row, c.id, start, std::max(c.durationMs, 0.01), checkStatusName(c.status)});
            for (const PhaseTiming &ph : c.phases)
                timeline.intervals.append({row + QStringLiteral(" › phases"), ph.name,
                                           start + ph.startMs, std::max(ph.ms, 0.001),
                                           ph.status == QLatin1String("ok")
                                               ? QStringLiteral("pass")
                                               : QStringLiteral("fail")});
            cursor = std::max(cursor, start + c.durationMs);
        }
    }
    if (!timeline.intervals.isEmpty())
        charts << timeline;

    // Probe phases side by side across the checks that have them (e.g. step 1 vs. step 2).
    ChartSpec bars;
    bars.kind = ChartSpec::Kind::Bars;
    bars.title = QStringLiteral("Runtime phases per check");
    bars.yLabel = QStringLiteral("ms");
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            for (const PhaseTiming &ph : c.phases)
                if (!bars.categories.contains(ph.name))
                    bars.categories << ph.name;
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks) {
            if (c.phases.isEmpty())
                continue;
            ChartSeries series;
            series.name = QStringLiteral("step %1: %2").arg(st.step).arg(c.id);
            for (const QString &cat : bars.categories) {
                double sum = 0;
                for (const PhaseTiming &ph : c.phases)
                    if (ph.name == cat)
                        sum += ph.ms;
                series.values << sum;
            }
            bars.series << series;
        }
    if (!bars.series.isEmpty())
        charts << bars;

    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            if (c.launchSamplesMs.size() >= 2) {
                ChartSpec h;
                h.kind = ChartSpec::Kind::Histogram;
                h.title = QStringLiteral("Launch latency over %1 repeats (step %2: %3)")
                              .arg(c.launchSamplesMs.size())
                              .arg(st.step)
                              .arg(c.id);
                h.xLabel = QStringLiteral("ms");
                h.yLabel = QStringLiteral("launches");
                h.series << ChartSeries{c.id, c.launchSamplesMs};
                charts << h;
            }
    return charts;
}

// ---- HTML ---------------------------------------------------------------------------------

namespace {

QString esc(const QString &s) {
    return s.toHtmlEscaped();
}

QString statusBadge(CheckStatus st) {
    return QStringLiteral("<span class=\"badge %1\">%2 %1</span>")
        .arg(checkStatusName(st), checkStatusIcon(st));
}

void htmlPre(QString &out, const QString &label, const QString &text, const ReportOptions &o) {
    if (text.trimmed().isEmpty())
        return;
    int omitted = 0;
    qsizetype omittedBytes = 0;
    const QString body = tailLines(text, o.maxLogLines, o.maxLogBytes, &omitted, &omittedBytes);
    out += QStringLiteral("<h5>%1%2</h5><pre>%3</pre>\n")
               .arg(esc(label),
                    omittedBytes ? QStringLiteral(" <small>(last %1 KiB; %2 earlier bytes in the "
                                                  "session file)</small>")
                                       .arg(o.maxLogBytes >> 10)
                                       .arg(omittedBytes)
                    : omitted ? QStringLiteral(" <small>(last %1 lines; %2 earlier in the "
                                               "session file)</small>")
                                    .arg(o.maxLogLines)
                                    .arg(omitted)
                              : QString(),
                    esc(body));
}

const char *kCss = R"(
body{font-family:-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#1f2328;background:#fff;line-height:1.45}
h1{border-bottom:2px solid #d0d7de;padding-bottom:.3em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;width:100%}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}
td.num{text-align:right;font-variant-numeric:tabular-nums}
pre{background:#f6f8fa;border:1px solid #d0d7de;padding:8px;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:12px}
code{background:#f6f8fa;padding:1px 4px;border-radius:4px;font-size:90%}
details{border:1px solid #d0d7de;border-radius:6px;margin:.4em 0;padding:.3em .6em}summary{cursor:pointer}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:85%;font-weight:600}
.pass{background:#dafbe1;color:#116329}.fail{background:#ffebe9;color:#a40e26}.error{background:#fff8c5;color:#7d4e00}.skipped,.cancelled{background:#eaeef2;color:#57606a}
.finding{border-left:4px solid #d0d7de;padding:.2em .8em;margin:.8em 0}.finding.sev-error{border-color:#cf222e}.finding.sev-warning{border-color:#bf8700}.finding.sev-info{border-color:#0969da}
.verdict{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.6em 1em}
img.chart{max-width:100%;border:1px solid #d0d7de;margin:.4em 0}
footer{color:#57606a;font-size:85%;margin-top:2em}
)";

} // namespace

QString htmlReport(const Session &in, const ReportOptions &o) {
    const Prepared p = prepare(in, o);
    const Session &s = p.s;
    QString out;
    out += QStringLiteral(
               "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
               "<title>hipdoctor verification report</title><style>%1</style></head><body>\n")
               .arg(QString::fromUtf8(kCss));
    out += QStringLiteral("<h1>hipdoctor verification report</h1>\n<div class=\"verdict\">");
    if (!s.comparison.verdict.isEmpty())
        out += QStringLiteral("<p><b>Verdict:</b> %1</p>").arg(esc(s.comparison.verdict));
    out += QStringLiteral("<p><b>Direction:</b> %1</p>")
               .arg(esc(directionText(s.comparison.direction)));
    if (s.cancelled)
        out += QStringLiteral("<p><b>The run was cancelled</b>: some checks did not run.</p>");
    out += QStringLiteral(
        "</div>\n<table><tr><th>Step</th><th>Status</th><th>Result</th><th>Time</th></tr>\n");
    for (const StepRecord &st : s.steps)
        out += QStringLiteral(
                   "<tr><td>%1. %2</td><td>%3</td><td>%4</td><td class=\"num\">%5</td></tr>\n")
                   .arg(st.step)
                   .arg(esc(st.title), statusBadge(st.status), esc(st.summary),
                        formatDuration(st.durationMs));
    out += QStringLiteral("</table>\n<h2>Findings</h2>\n");
    if (s.findings.isEmpty())
        out += QStringLiteral("<p>No findings.</p>\n");
    QList<Finding> sorted = s.findings;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    for (const Finding &f : sorted) {
        out +=
            QStringLiteral("<div class=\"finding sev-%1\"><h3>%2 <code>%3</code> — %4</h3>")
                .arg(severityName(f.severity), severityIcon(f.severity), esc(f.id), esc(f.title));
        if (f.occurrences > 1)
            out += QStringLiteral("<p><i>Seen %1 times</i></p>").arg(f.occurrences);
        if (!f.detail.isEmpty())
            out += QStringLiteral("<p>%1</p>").arg(esc(f.detail));
        if (f.direction != Direction::None)
            out +=
                QStringLiteral("<p><i>Direction %1</i></p>").arg(esc(directionText(f.direction)));
        if (!f.evidence.isEmpty()) {
            out += QStringLiteral("<p><b>Evidence</b></p><ul>");
            for (const Evidence &e : f.evidence)
                out += QStringLiteral("<li><code>%1</code>%2%3</li>")
                           .arg(esc(e.source),
                                e.location.isEmpty() ? QString()
                                                     : QStringLiteral(" (%1)").arg(esc(e.location)),
                                e.text.isEmpty()
                                    ? QString()
                                    : (e.text.contains(QLatin1Char('\n'))
                                           ? QStringLiteral("<pre>%1</pre>").arg(esc(e.text))
                                           : QStringLiteral(": <code>%1</code>").arg(esc(e.text))));
            out += QStringLiteral("</ul>");
        }
        if (!f.fix.isEmpty()) {
            out += QStringLiteral("<p><b>Fix</b></p><ol>");
            for (const QString &x : f.fix)
                out += QStringLiteral("<li>%1</li>").arg(esc(x));
            out += QStringLiteral("</ol>");
        }
        out += QStringLiteral("</div>\n");
    }

    out += QStringLiteral("<h2>Devices</h2>\n");
    if (s.devices.isEmpty())
        out += QStringLiteral("<p>The runtime reported no device.</p>\n");
    else {
        out += QStringLiteral("<table><tr><th>#</th><th>Name</th><th>Target</th><th>Backend</"
                              "th><th>Runtime</th><th>Library</th></tr>");
        for (const DeviceInfo &d : s.devices)
            out += QStringLiteral("<tr><td>%1</td><td>%2</td><td><code>%3</code></td><td>%4</"
                                  "td><td>%5</td><td>%6</td></tr>")
                       .arg(d.index)
                       .arg(esc(d.name), esc(d.target.toString()), esc(d.backend),
                            esc(d.runtimeVersion), esc(d.library));
        out += QStringLiteral("</table>\n");
    }

    out += QStringLiteral("<h2>Environment profile</h2>\n");
    if (s.env.assignments().isEmpty())
        out += QStringLiteral(
            "<p>No variables set: every child started from a clean environment.</p>\n");
    else {
        out += QStringLiteral("<table><tr><th>Variable</th><th>Value</th></tr>");
        for (const EnvEntry &e : s.env.entries)
            if (e.enabled)
                out += QStringLiteral("<tr><td><code>%1</code></td><td><code>%2</code></td></tr>")
                           .arg(esc(e.name), esc(e.value));
        out += QStringLiteral("</table>\n");
    }
    if (!s.envProblems.isEmpty()) {
        out += QStringLiteral("<ul>");
        for (const EnvProblem &pr : s.envProblems)
            out += QStringLiteral("<li>%1 %2</li>")
                       .arg(pr.error ? QStringLiteral("❌") : QStringLiteral("⚠️"), esc(pr.message));
        out += QStringLiteral("</ul>\n");
    }

    out += QStringLiteral("<h2>Timings</h2>\n");
    int images = 0;
    if (o.chartRenderer) {
        for (const ChartSpec &c : timingCharts(s)) {
            const QByteArray png = o.chartRenderer(c, o.chartSize);
            if (png.isEmpty())
                continue;
            out += QStringLiteral(
                       "<figure><img class=\"chart\" alt=\"%1\" src=\"data:image/png;base64,%2\">"
                       "<figcaption>%1</figcaption></figure>\n")
                       .arg(esc(c.title), QString::fromLatin1(png.toBase64()));
            ++images;
        }
    }
    // The table always follows: the numbers behind the charts, or in their place.
    out += QStringLiteral("<table><tr><th>Step</th><th>Check</th><th>Status</th><th>Duration</"
                          "th><th>Cached</th></tr>\n");
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            out += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td "
                                  "class=\"num\">%4</td><td>%5</td></tr>\n")
                       .arg(st.step)
                       .arg(esc(c.id), statusBadge(c.status), formatDuration(c.durationMs),
                            c.cached ? QStringLiteral("yes") : QString());
    out += QStringLiteral("</table>\n");
    if (images == 0)
        out += QStringLiteral("<p><small>Charts need the chart renderer of the desktop build; this "
                              "report shows the table only.</small></p>\n");

    for (const StepRecord &st : s.steps) {
        out += QStringLiteral("<h2>%1</h2>\n<p>%2 %3</p>\n")
                   .arg(esc(stepTitle(st)), statusBadge(st.status), esc(st.summary));
        for (const CheckRecord &c : st.checks) {
            out +=
                QStringLiteral("<details><summary>%1 <b>%2</b> — %3%4</summary>\n")
                    .arg(statusBadge(c.status), esc(c.id),
                         esc(c.summary.isEmpty() ? c.title : c.summary),
                         c.durationMs > 0 ? QStringLiteral(" (%1%2)").arg(
                                                formatDuration(c.durationMs),
                                                c.cached ? QStringLiteral(", cached") : QString())
                                          : QString());
            out += QStringLiteral("<p>%1</p>").arg(esc(c.title));
            if (!c.command.isEmpty())
                out +=
                    QStringLiteral("<h5>Command%1</h5><pre>%2</pre>")
                        .arg(c.workingDirectory.isEmpty() ? QString()
                                                          : QStringLiteral(" (in <code>%1</code>)")
                                                                .arg(esc(c.workingDirectory)),
                             esc(shellJoin(c.command)));
            if (!c.env.isEmpty()) {
                QStringList kv;
                for (auto it = c.env.begin(); it != c.env.end(); ++it)
                    kv << QStringLiteral("<code>%1=%2</code>").arg(esc(it.key()), esc(it.value()));
                out += QStringLiteral("<p><b>Environment set:</b> %1</p>")
                           .arg(kv.join(QStringLiteral(", ")));
            }
            if (!c.envRemoved.isEmpty())
                out += QStringLiteral("<p><b>Removed from the environment:</b> <code>%1</code></p>")
                           .arg(esc(c.envRemoved.join(QStringLiteral(", "))));
            if (!c.signalName.isEmpty())
                out += QStringLiteral("<p><b>Signal:</b> %1</p>").arg(esc(c.signalName));
            else if (c.exitCode >= 0)
                out += QStringLiteral("<p><b>Exit status:</b> %1</p>").arg(c.exitCode);
            if (!c.phases.isEmpty()) {
                out += QStringLiteral("<table><tr><th>Phase</th><th>Start</th><th>Duration</"
                                      "th><th>Status</th><th>Detail</th></tr>");
                for (const PhaseTiming &ph : c.phases)
                    out += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td "
                                          "class=\"num\">%3</td><td>%4</td><td>%5</td></tr>")
                               .arg(esc(ph.name), formatDuration(ph.startMs), formatDuration(ph.ms),
                                    esc(ph.status), esc(ph.detail));
                out += QStringLiteral("</table>");
            }
            htmlPre(out, QStringLiteral("stdout"), c.stdoutText, o);
            htmlPre(out, QStringLiteral("stderr"), c.stderrText, o);
            htmlPre(out, QStringLiteral("runtime log"), c.logText, o);
            out += QStringLiteral("</details>\n");
        }
    }

    out += QStringLiteral("<h2>Redactions</h2>\n");
    if (!p.redacted)
        out += QStringLiteral(
            "<p>Redaction was turned off for this report: it may contain secrets.</p>\n");
    else if (p.redactions.isEmpty())
        out += QStringLiteral("<p>Nothing needed redaction.</p>\n");
    else {
        out += QStringLiteral("<ul>");
        for (const Redaction &r : p.redactions)
            out += QStringLiteral("<li>%1 — %2%3</li>")
                       .arg(esc(r.what), esc(r.where),
                            r.count > 1 ? QStringLiteral(" (%1×)").arg(r.count) : QString());
        out += QStringLiteral("</ul>\n");
    }
    out += QStringLiteral("<footer>Session %1%2 · %3</footer>\n</body></html>\n")
               .arg(esc(s.createdAt),
                    s.host.isEmpty() ? QString() : QStringLiteral(" on ") + esc(s.host),
                    esc(s.tool.isEmpty() ? QStringLiteral("hipdoctor") : s.tool));
    return out;
}

} // namespace hd
