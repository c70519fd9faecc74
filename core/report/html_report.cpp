// The self-contained HTML report (report.h).

#include "report/report.h"

#include "report_p.h"

#include "common/format.h"

#include <algorithm>

namespace hd {

using namespace reportdetail;

namespace {

void htmlPre(QString &out, const QString &label, const QString &text, const ReportOptions &o) {
    if (text.trimmed().isEmpty())
        return;
    int omitted = 0;
    qsizetype omittedBytes = 0;
    QString body = tailLines(text, o.maxLogLines, o.maxLogBytes, &omitted, &omittedBytes);
    const QString note = omittedBytes
                             ? QStringLiteral(" <small>(last %1 KiB; %2 earlier bytes in the "
                                              "session file)</small>")
                                   .arg(o.maxLogBytes >> 10)
                                   .arg(omittedBytes)
                         : omitted ? QStringLiteral(" <small>(last %1 lines; %2 earlier in the "
                                                    "session file)</small>")
                                         .arg(o.maxLogLines)
                                         .arg(omitted)
                                   : QString();
    if (isJsonLines(body)) {
        out += QStringLiteral("<details class=\"raw\"><summary>%1: raw probe output (%2 JSON "
                              "lines)%3</summary><pre>%4</pre></details>\n")
                   .arg(esc(label), QString::number(body.count(QLatin1Char('\n')) + 1), note,
                        esc(body));
        return;
    }
    int folded = 0;
    body = foldLongLines(body, &folded);
    out += QStringLiteral("<h5>%1%2%3</h5><pre>%4</pre>\n")
               .arg(esc(label), note,
                    folded ? QStringLiteral(" <small>(%1 long line%2 folded at argument "
                                            "boundaries, continued with <code>\\</code>)</small>")
                                 .arg(folded)
                                 .arg(folded == 1 ? QString() : QStringLiteral("s"))
                           : QString(),
                    esc(body));
}

const char *kCss = R"(
body{font-family:-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#1f2328;background:#fff;line-height:1.45}
h1{border-bottom:2px solid #d0d7de;padding-bottom:.3em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;width:100%}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}
td.num{text-align:right;font-variant-numeric:tabular-nums}
table.inventory th{width:13em;white-space:nowrap}table.inventory td{font-size:92%}
tr.na td{color:#57606a;font-style:italic}table.facts td.source{color:#57606a;font-size:85%;white-space:nowrap}th.section{background:#eaeef2}
pre{background:#f6f8fa;border:1px solid #d0d7de;padding:8px;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:12px}
code{background:#eff1f3;padding:1px 4px;border-radius:4px;font-size:88%;font-family:ui-monospace,"DejaVu Sans Mono",monospace}
pre code{background:none;padding:0}
details{border:1px solid #d0d7de;border-radius:6px;margin:.4em 0;padding:.3em .6em}summary{cursor:pointer}
details.raw{border-style:dashed}details.raw summary{color:#57606a;font-size:90%}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:85%;font-weight:600;white-space:nowrap}
.badge::before{content:"";display:inline-block;width:.55em;height:.55em;border-radius:50%;background:currentColor;margin-right:.4em;vertical-align:.05em}
.pass{background:#dafbe1;color:#116329}.fail,.sev-error.badge{background:#ffebe9;color:#a40e26}.error,.warn,.sev-warning.badge{background:#fff8c5;color:#7d4e00}.skipped,.cancelled{background:#eaeef2;color:#57606a}.sev-info.badge{background:#ddf4ff;color:#0550ae}
.flag{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:.3em .6em}
.finding{border-left:4px solid #d0d7de;padding:.2em .8em;margin:.8em 0}.finding.sev-error{border-color:#cf222e}.finding.sev-warning{border-color:#bf8700}.finding.sev-info{border-color:#0969da}
.verdict{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.6em 1em}
img.chart{max-width:100%;border:1px solid #d0d7de;margin:.4em 0}
footer{color:#57606a;font-size:85%;margin-top:2em}
)";

// Charts when there is a renderer, and always the table: the numbers behind them.
void htmlTimings(QString &out, const Session &s, const ReportOptions &o) {
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
}

void htmlFinding(QString &out, const Finding &f) {
    out +=
        QStringLiteral("<div class=\"finding sev-%1\"><h3>%2 <code>%3</code> — %4</h3>")
            .arg(severityName(f.severity), severityBadge(f.severity), esc(f.id), htmlText(f.title));
    if (f.occurrences > 1)
        out += QStringLiteral("<p><i>%1</i></p>").arg(occurrenceText(f).english().toHtmlEscaped());
    if (!f.severityReason.isEmpty())
        out += QStringLiteral("<p><i>Severity: %1 — %2</i></p>")
                   .arg(severityName(f.severity), htmlText(f.severityReason));
    if (!f.detail.isEmpty())
        out += QStringLiteral("<p>%1</p>").arg(htmlText(f.detail));
    if (f.direction != Direction::None)
        out += QStringLiteral("<p><i>Direction %1</i></p>").arg(esc(directionText(f.direction)));
    if (!f.evidence.isEmpty()) {
        out += QStringLiteral("<p><b>Evidence</b></p><ul>");
        for (const Evidence &e : f.evidence)
            out +=
                QStringLiteral("<li><code>%1</code>%2%3</li>")
                    .arg(esc(e.source),
                         e.location.isEmpty() ? QString()
                                              : QStringLiteral(" (%1)").arg(htmlText(e.location)),
                         e.text.isEmpty()
                             ? QString()
                             : (e.text.contains(QLatin1Char('\n'))
                                    ? QStringLiteral("<pre>%1</pre>").arg(esc(e.text))
                                    : QStringLiteral(": <code>%1</code>").arg(esc(e.text))));
        out += QStringLiteral("</ul>");
    }
    if (!f.fix.isEmpty()) {
        out += QStringLiteral("<p><b>Fix</b></p><ol>");
        for (const Text &x : f.fix)
            out += QStringLiteral("<li>%1</li>").arg(htmlText(x));
        out += QStringLiteral("</ol>");
    }
    out += QStringLiteral("</div>\n");
}

void htmlCheck(QString &out, const CheckRecord &c, const ReportOptions &o) {
    out += QStringLiteral("<details><summary>%1 <b>%2</b> — %3%4</summary>\n")
               .arg(statusBadge(c.status) + (passingCheckErrorLine(c).isEmpty()
                                                 ? QString()
                                                 : QStringLiteral(" <span class=\"badge "
                                                                  "warn\">error line in "
                                                                  "output</span>")),
                    esc(c.id), htmlText(c.summary.isEmpty() ? c.title : c.summary),
                    c.durationMs > 0 ? QStringLiteral(" (%1%2)").arg(
                                           formatDuration(c.durationMs),
                                           c.cached ? QStringLiteral(", cached") : QString())
                                     : QString());
    out += QStringLiteral("<p>%1</p>").arg(htmlText(c.title));
    if (const QString line = passingCheckErrorLine(c); !line.isEmpty())
        out += QStringLiteral("<p class=\"flag\"><b>Passed, but its output holds an "
                              "error line:</b> <code>%1</code></p>")
                   .arg(esc(line));
    if (!c.command.isEmpty())
        out += QStringLiteral("<h5>Command%1</h5><pre>%2</pre>")
                   .arg(c.workingDirectory.isEmpty()
                            ? QString()
                            : QStringLiteral(" (in <code>%1</code>)").arg(esc(c.workingDirectory)),
                        esc(foldedCommand(c.command)));
    if (!c.env.isEmpty()) {
        QStringList kv;
        for (auto it = c.env.begin(); it != c.env.end(); ++it)
            kv << QStringLiteral("<code>%1=%2</code>").arg(esc(it.key()), esc(it.value()));
        out +=
            QStringLiteral("<p><b>Environment set:</b> %1</p>").arg(kv.join(QStringLiteral(", ")));
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

} // namespace

QString reportdetail::htmlHead(const QString &title, const QString &extraCss) {
    return QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                          "<title>%1</title><style>%2</style></head><body>\n")
        .arg(esc(title), QString::fromUtf8(kCss) + extraCss);
}

namespace {

// The case verdict first (model/case_verdict.h), as the Markdown report and the app say it.
void htmlCase(QString &out, const Session &s) {
    const CaseVerdict &v = s.caseVerdict;
    if (v.isEmpty() && s.coverage.isEmpty())
        return;
    out += QStringLiteral("<div class=\"verdict case\">");
    if (!v.question.isEmpty())
        out += QStringLiteral("<p><b>Your question:</b> %1</p>").arg(htmlText(v.question));
    out += v.findingId.isEmpty()
               ? QStringLiteral("<p><b>Answer:</b> %1</p>").arg(htmlText(v.answer))
               : QStringLiteral("<p><b>Answer:</b> %1 <code>%2</code> — %3</p>")
                     .arg(severityBadge(v.severity), esc(v.findingId), htmlText(v.answer));
    if (!v.notChecked.isEmpty()) {
        out += QStringLiteral("<p><b>Not checked here:</b></p><ul>");
        for (const Text &t : v.notChecked)
            out += QStringLiteral("<li>%1</li>").arg(htmlText(t));
        out += QStringLiteral("</ul>");
    }
    if (!v.inputs.isEmpty()) {
        QStringList in;
        for (const QString &i : v.inputs)
            in << QStringLiteral("<code>%1</code>").arg(esc(i));
        out += QStringLiteral("<p><b>Inputs:</b> %1</p>").arg(in.join(QStringLiteral(", ")));
    }
    // Where a scan of installed libraries ran: its answer.
    if (!s.coverage.isEmpty()) {
        out += QStringLiteral("<p><b>Coverage:</b></p><ul>");
        for (const Text &t : s.coverage)
            out += QStringLiteral("<li>%1</li>").arg(htmlText(t));
        out += QStringLiteral("</ul>");
    }
    // Each step's command line, whole, so a maintainer can run it again.
    QStringList rerun;
    for (const StepRecord &st : s.steps)
        if (!st.rerun.isEmpty())
            rerun << QStringLiteral("<li>step %1: <code>%2</code></li>")
                         .arg(st.step)
                         .arg(esc(st.rerun));
    if (!rerun.isEmpty())
        out += QStringLiteral("<p><b>Run it again:</b></p><ul>%1</ul>").arg(rerun.join(QString()));
    out += QStringLiteral("</div>\n");
}

// The steps' verdict, the direction and the table of steps.
void htmlVerdict(QString &out, const Session &s) {
    out += QStringLiteral("<div class=\"verdict\">");
    if (!s.comparison.verdict.isEmpty())
        out += QStringLiteral("<p><b>The steps:</b> %1</p>").arg(htmlText(s.comparison.verdict));
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
                   .arg(esc(st.title), statusBadge(st.status), htmlText(st.summary),
                        formatDuration(st.durationMs));
    out += QStringLiteral("</table>\n");
}

void htmlDevices(QString &out, const Session &s) {
    out += QStringLiteral("<h2>Devices</h2>\n");
    if (s.devices.isEmpty()) {
        out += QStringLiteral("<p>The runtime reported no device.</p>\n");
        return;
    }
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

// The variables every child started with, and what is wrong with them.
void htmlEnvProfile(QString &out, const Session &s) {
    out += QStringLiteral("<h2>Environment profile</h2>\n");
    bool fromSteps = false;
    const QList<reportdetail::EnvAsRun> rows = reportdetail::envAsRun(s, &fromSteps);
    if (rows.isEmpty())
        out += QStringLiteral(
            "<p>No variables set: every child started from a clean environment.</p>\n");
    else {
        // What the steps ran with, from their records: the profile may have changed since.
        if (fromSteps)
            out += QStringLiteral("<p>As the steps ran with it (their records):</p>\n");
        out += fromSteps
                   ? QStringLiteral("<table><tr><th>Variable</th><th>Value</th><th>Steps</th></tr>")
                   : QStringLiteral("<table><tr><th>Variable</th><th>Value</th></tr>");
        for (const reportdetail::EnvAsRun &e : rows) {
            QStringList steps;
            for (int n : e.steps)
                steps << QString::number(n);
            out +=
                QStringLiteral("<tr><td><code>%1</code></td><td><code>%2</code></td>%3</tr>")
                    .arg(esc(e.name), esc(e.value),
                         fromSteps
                             ? QStringLiteral("<td>%1</td>").arg(steps.join(QStringLiteral(", ")))
                             : QString());
        }
        out += QStringLiteral("</table>\n");
    }
    if (!s.envProblems.isEmpty()) {
        out += QStringLiteral("<ul>");
        for (const EnvProblem &pr : s.envProblems)
            out += QStringLiteral("<li>%1 %2</li>")
                       .arg(pr.error ? severityBadge(Severity::Error)
                                     : severityBadge(Severity::Warning),
                            htmlText(pr.message));
        out += QStringLiteral("</ul>\n");
    }
}

// What was redacted, or that redaction was off.
void htmlRedactions(QString &out, const reportdetail::Prepared &p) {
    out += QStringLiteral("<h2>Redactions</h2>\n");
    if (const QString places = placesNote(p); !places.isEmpty())
        out += QStringLiteral("<p>%1</p>\n").arg(htmlText(places));
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
}

} // namespace

void reportdetail::htmlBody(QString &out, const Prepared &p, const ReportOptions &o) {
    const Session &s = p.s;
    htmlCase(out, s);
    htmlVerdict(out, s);
    htmlInventory(out, s);
    out += QStringLiteral("<h2>Findings</h2>\n");
    if (s.findings.isEmpty())
        out += QStringLiteral("<p>No findings.</p>\n");
    QList<Finding> sorted = s.findings;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    for (const Finding &f : sorted)
        htmlFinding(out, f);
    htmlDevices(out, s);
    htmlEnvProfile(out, s);
    htmlTimings(out, s, o);
    for (const StepRecord &st : s.steps) {
        out += QStringLiteral("<h2>%1</h2>\n<p>%2 %3</p>\n")
                   .arg(esc(stepTitle(st)), statusBadge(st.status), htmlText(st.summary));
        for (const CheckRecord &c : st.checks)
            htmlCheck(out, c, o);
    }
    htmlRedactions(out, p);
    out += QStringLiteral("<footer>Session %1%2 · %3</footer>\n")
               .arg(esc(s.createdAt),
                    s.host.isEmpty() ? QString() : QStringLiteral(" on ") + esc(s.host),
                    esc(s.tool.isEmpty() ? QStringLiteral("hipdoctor") : s.tool));
}

QString htmlReport(const Session &in, const ReportOptions &o) {
    const QString title = QStringLiteral("hipdoctor verification report");
    QString out = htmlHead(title, {});
    out += QStringLiteral("<h1>%1</h1>\n").arg(title);
    htmlBody(out, prepare(in, o), o);
    return out + QStringLiteral("</body></html>\n");
}

} // namespace hd
