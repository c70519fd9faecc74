// The Markdown report (report.h) and its GitHub-issue trimming.

#include "report/report.h"

#include "report_p.h"

#include "common/format.h"
#include "common/output_file.h"
#include "model/labels.h"

#include <QFileInfo>

#include <algorithm>

namespace hd {

using namespace reportdetail;

namespace {

void mdBlock(QString &out, const QString &label, const QString &text, const QString &lang,
             const ReportOptions &o) {
    if (text.trimmed().isEmpty())
        return;
    int omitted = 0;
    qsizetype omittedBytes = 0;
    QString body = tailLines(text, o.maxLogLines, o.maxLogBytes, &omitted, &omittedBytes);
    QString note;
    if (omittedBytes)
        note = QStringLiteral(" (last %1 KiB; %2 earlier bytes are in the session file)")
                   .arg(o.maxLogBytes >> 10)
                   .arg(omittedBytes);
    else if (omitted)
        note = QStringLiteral(" (last %1 lines; %2 earlier lines are in the session file)")
                   .arg(o.maxLogLines)
                   .arg(omitted);
    if (isJsonLines(body)) {
        // The probe's protocol lines: the check's summary says what they mean; the lines
        // themselves are for whoever wants to look.
        const QString fence = fenceFor(body);
        out += QStringLiteral("<details>\n<summary>%1: raw probe output (%2 JSON lines)%3"
                              "</summary>\n\n")
                   .arg(label.toHtmlEscaped(), QString::number(body.count(QLatin1Char('\n')) + 1),
                        note.toHtmlEscaped());
        out += fence + QStringLiteral("json\n") + body + QLatin1Char('\n') + fence +
               QStringLiteral("\n\n</details>\n\n");
        return;
    }
    int folded = 0;
    body = foldLongLines(body, &folded);
    const QString fence = fenceFor(body);
    out += QStringLiteral("**%1**").arg(label) + note;
    if (folded)
        out += QStringLiteral(" (%1 long line%2 folded at argument boundaries, continued with "
                              "` \\`)")
                   .arg(folded)
                   .arg(folded == 1 ? QString() : QStringLiteral("s"));
    out += QStringLiteral("\n\n") + fence + lang + QLatin1Char('\n') + body + QLatin1Char('\n') +
           fence + QStringLiteral("\n\n");
}

// A check's command (with its folder) and the environment it changed.
void mdCheckCommand(QString &out, const CheckRecord &c) {
    if (!c.command.isEmpty()) {
        const QString cmd = foldedCommand(c.command);
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
}

// How a check ended (exit, signal, time, cache) on one line, then the files it made.
void mdCheckFacts(QString &out, const CheckRecord &c) {
    QStringList facts;
    if (!c.signalName.isEmpty())
        facts << QStringLiteral("**Signal:** %1").arg(mdText(c.signalName)); // from the session
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
}

void mdCheck(QString &out, const CheckRecord &c, const ReportOptions &o) {
    out +=
        QStringLiteral("<details>\n<summary>%1 <b>%2</b> — %3%4</summary>\n\n")
            .arg(checkStatusIcon(c.status) + (passingCheckErrorLine(c).isEmpty()
                                                  ? QString()
                                                  : QStringLiteral(" ⚠️ error line in output")),
                 c.id.toHtmlEscaped(), (c.summary.isEmpty() ? c.title : c.summary).toHtmlEscaped(),
                 c.durationMs > 0 ? QStringLiteral(" (%1%2)").arg(
                                        formatDuration(c.durationMs),
                                        c.cached ? QStringLiteral(", cached") : QString())
                                  : QString());
    out += QStringLiteral("%1 — status **%2**\n\n").arg(mdText(c.title), checkStatusName(c.status));
    if (const QString line = passingCheckErrorLine(c); !line.isEmpty())
        out += QStringLiteral("> ⚠️ **Passed, but its output holds an error line:** %1\n\n")
                   .arg(inlineCode(line));
    mdCheckCommand(out, c);
    mdCheckFacts(out, c);
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

void mdFinding(QString &out, const Finding &f, int depth) {
    out += QStringLiteral("%1 %2 %3 · %4 — %5\n\n")
               .arg(QString(3 + depth, QLatin1Char('#')))
               .arg(severityIcon(f.severity), severityName(f.severity), inlineCode(f.id),
                    mdText(f.title));
    if (f.occurrences > 1)
        out += QStringLiteral("*%1*\n\n").arg(occurrenceText(f).english());
    if (!f.severityReason.isEmpty())
        out += QStringLiteral("*Severity: %1 — %2*\n\n")
                   .arg(severityName(f.severity), mdText(f.severityReason));
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
        for (const Text &x : f.fix)
            out += QStringLiteral("%1. %2\n").arg(n++).arg(mdText(x));
        out += QLatin1Char('\n');
    }
}

QString mdRedactions(const Prepared &p, int depth) {
    QString out = QString(2 + depth, QLatin1Char('#')) + QStringLiteral(" Redactions\n\n");
    if (const QString places = placesNote(p); !places.isEmpty())
        out += mdText(places) + QStringLiteral("\n\n");
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
                   .arg(mdText(r.what), mdText(r.where), // names and check ids of the session
                        r.count > 1 ? QStringLiteral(" (%1×)").arg(r.count) : QString());
    return out + QLatin1Char('\n');
}

// The case verdict first (model/case_verdict.h): the question, the answer, what was not
// checked here and the inputs — what the CLI prints first and the app's verdict line says.
void mdCase(QString &out, const Session &s) {
    const CaseVerdict &v = s.caseVerdict;
    if (v.isEmpty() && s.coverage.isEmpty())
        return;
    if (!v.question.isEmpty())
        out += QStringLiteral("**Your question:** %1\n\n").arg(mdText(v.question));
    out += v.findingId.isEmpty() ? QStringLiteral("**Answer:** %1\n\n").arg(mdText(v.answer))
                                 : QStringLiteral("**Answer:** %1 %2 %3 — %4\n\n")
                                       .arg(severityIcon(v.severity), severityName(v.severity),
                                            inlineCode(v.findingId), mdText(v.answer));
    if (!v.notChecked.isEmpty()) {
        out += QStringLiteral("**Not checked here:**\n\n");
        for (const Text &t : v.notChecked)
            out += QStringLiteral("- %1\n").arg(mdText(t));
        out += QLatin1Char('\n');
    }
    if (!v.inputs.isEmpty()) {
        QStringList in;
        for (const QString &i : v.inputs)
            in << inlineCode(i);
        out += QStringLiteral("**Inputs:** %1\n\n").arg(in.join(QStringLiteral(", ")));
    }
    // Where a scan of installed libraries ran: its answer.
    if (!s.coverage.isEmpty()) {
        out += QStringLiteral("**Coverage:**\n\n");
        for (const Text &t : s.coverage)
            out += QStringLiteral("- %1\n").arg(mdText(t));
        out += QLatin1Char('\n');
    }
    // Each step's command line, whole, so a maintainer can run it again.
    QStringList rerun;
    for (const StepRecord &st : s.steps)
        if (!st.rerun.isEmpty())
            rerun << QStringLiteral("- step %1: %2").arg(st.step).arg(inlineCode(st.rerun));
    if (!rerun.isEmpty())
        out += QStringLiteral("**Run it again:**\n\n%1\n\n").arg(rerun.join(QLatin1Char('\n')));
}

// The steps' verdict, the direction and the table of steps.
void mdVerdict(QString &out, const Session &s) {
    if (!s.comparison.verdict.isEmpty())
        out += QStringLiteral("**The steps:** %1\n\n").arg(mdText(s.comparison.verdict));
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
}

// The findings, errors first, and how the steps compare.
void mdFindings(QString &out, const Session &s, const QString &h2, int depth) {
    out += h2 + QStringLiteral("Findings\n\n");
    if (s.findings.isEmpty())
        out += QStringLiteral("No findings.\n\n");
    QList<Finding> sorted = s.findings;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    for (const Finding &f : sorted)
        mdFinding(out, f, depth);

    if (!s.comparison.basis.isEmpty()) {
        out += QStringLiteral("<details>\n<summary>How the steps compare</summary>\n\n");
        for (const Text &b : s.comparison.basis)
            out += QStringLiteral("- %1\n").arg(mdText(b));
        out += QStringLiteral("\n</details>\n\n");
    }
}

void mdDevices(QString &out, const Session &s, const QString &h2) {
    out += h2 + QStringLiteral("Devices\n\n");
    if (s.devices.isEmpty()) {
        out += QStringLiteral("The runtime reported no device.\n\n");
        return;
    }
    out += QStringLiteral(
        "| # | Name | Target | Backend | Runtime | Library |\n|---|---|---|---|---|---|\n");
    for (const DeviceInfo &d : s.devices)
        out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                   .arg(d.index)
                   .arg(cell(d.name), inlineCode(d.target.toString()), cell(d.backend),
                        cell(d.runtimeVersion), cell(d.library));
    out += QLatin1Char('\n');
}

// The variables every child started with, and what is wrong with them.
void mdEnvProfile(QString &out, const Session &s, const QString &h2) {
    out += h2 + QStringLiteral("Environment profile\n\n");
    bool fromSteps = false;
    const QList<EnvAsRun> rows = envAsRun(s, &fromSteps);
    if (rows.isEmpty())
        out += QStringLiteral("No variables set: every child started from a clean environment "
                              "(runtime switches removed).\n\n");
    else if (fromSteps) {
        // What the steps ran with, from their records: the profile may have changed since.
        out += QStringLiteral("As the steps ran with it (their records):\n\n"
                              "| Variable | Value | Steps |\n|---|---|---|\n");
        for (const EnvAsRun &e : rows) {
            QStringList steps;
            for (int n : e.steps)
                steps << QString::number(n);
            out +=
                QStringLiteral("| %1 | %2 | %3 |\n")
                    .arg(inlineCode(e.name), inlineCode(e.value), steps.join(QStringLiteral(", ")));
        }
        out += QLatin1Char('\n');
    } else {
        out += QStringLiteral("| Variable | Value |\n|---|---|\n");
        for (const EnvAsRun &e : rows)
            out += QStringLiteral("| %1 | %2 |\n").arg(inlineCode(e.name), inlineCode(e.value));
        out += QLatin1Char('\n');
    }
    for (const EnvProblem &pr : s.envProblems)
        out +=
            QStringLiteral("- %1 %2\n")
                .arg(pr.error ? QStringLiteral("❌") : QStringLiteral("⚠️"), mdText(pr.message));
    if (!s.envProblems.isEmpty())
        out += QLatin1Char('\n');
}

void mdTimings(QString &out, const Session &s, const QString &h2) {
    out +=
        h2 +
        QStringLiteral(
            "Timings\n\n| Step | Check | Status | Duration | Cached |\n|---|---|---|---:|---|\n");
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                       .arg(st.step)
                       .arg(cell(c.id), checkStatusName(c.status), formatDuration(c.durationMs),
                            c.cached ? QStringLiteral("yes") : QString());
    out += QLatin1Char('\n');
}

} // namespace

void reportdetail::markdownBody(QString &out, const Prepared &p, const ReportOptions &o,
                                int depth) {
    const Session &s = p.s;
    const QString h2 = QString(2 + depth, QLatin1Char('#')) + QLatin1Char(' ');
    mdCase(out, s);
    mdVerdict(out, s);
    mdInventory(out, s, depth);
    mdFindings(out, s, h2, depth);
    mdDevices(out, s, h2);
    mdEnvProfile(out, s, h2);
    mdTimings(out, s, h2);
    for (const StepRecord &st : s.steps) {
        out += h2 + QStringLiteral("%1\n\n%2 **%3** — %4\n\n")
                        .arg(mdText(stepTitle(st)), checkStatusIcon(st.status),
                             checkStatusName(st.status), mdText(st.summary));
        for (const CheckRecord &c : st.checks)
            mdCheck(out, c, o);
    }

    out += mdRedactions(p, depth);
    // Every field escaped as elsewhere (a node's host name is the node's to choose), on one line.
    out += QStringLiteral("---\n<sub>Session %1%2%3 · %4</sub>\n")
               .arg(s.createdAt.isEmpty() ? QStringLiteral("(undated)") : cell(s.createdAt),
                    s.host.isEmpty() ? QString() : QStringLiteral(" on ") + cell(s.host),
                    s.origin.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(cell(s.origin)),
                    s.tool.isEmpty() ? QStringLiteral("hipdoctor") : cell(s.tool));
}

QString markdownReport(const Session &in, const ReportOptions &o) {
    QString out = QStringLiteral("# hipdoctor verification report\n\n");
    markdownBody(out, prepare(in, o), o, 0);
    return out;
}

MarkdownForIssue markdownForIssue(const Session &s, const ReportOptions &o,
                                  const QString &fullReportName, qsizetype limit) {
    MarkdownForIssue r;
    r.text = markdownReport(s, o);
    if (r.text.size() <= limit)
        return r;
    r.trimmed = true;
    r.full = r.text;
    const QString title = QStringLiteral("# hipdoctor verification report\n\n");
    const auto withNote = [&](const QString &body, const QString &what) {
        const QString note =
            QStringLiteral("> **Trimmed to fit GitHub's %1-character limit** (the full report has "
                           "%2 characters): %3. The full report is **%4**: attach it to the "
                           "issue.\n\n")
                .arg(limit)
                .arg(r.full.size())
                .arg(what, mdText(fullReportName));
        return title + note + body.mid(title.size());
    };
    // Logs first: shorter tails until it fits.
    const struct {
        int lines;
        qsizetype bytes;
    } levels[] = {{60, 16 << 10}, {20, 4 << 10}, {8, 2 << 10}, {3, 1 << 10}};
    QString body;
    QString what;
    for (const auto &l : levels) {
        ReportOptions shorter = o;
        shorter.maxLogLines = std::min(o.maxLogLines, l.lines);
        shorter.maxLogBytes = std::min(o.maxLogBytes, l.bytes);
        body = markdownReport(s, shorter);
        what = QStringLiteral("each log shows its last %1 lines").arg(shorter.maxLogLines);
        const QString t = withNote(body, what);
        if (t.size() <= limit) {
            r.text = t;
            return r;
        }
    }
    // Still too long (many checks or findings): the sections that do not fit are cut at a
    // heading, so no code block or <details> is left open.
    const qsizetype reserve = 1200;
    qsizetype cut = body.lastIndexOf(QStringLiteral("\n## "), limit - reserve);
    if (cut <= title.size())
        cut = body.lastIndexOf(QLatin1Char('\n'), limit - reserve);
    const QString heading = body.mid(cut + 1, body.indexOf(QLatin1Char('\n'), cut + 1) - cut - 1);
    what += QStringLiteral(", and the sections from \"%1\" on are cut")
                .arg(QString(heading).remove(QStringLiteral("## ")).left(80));
    r.text = withNote(body.left(cut + 1), what) +
             QStringLiteral("\n## Cut here\n\n%1 more characters are in the full report, "
                            "**%2**.\n")
                 .arg(body.size() - cut - 1)
                 .arg(mdText(fullReportName));
    return r;
}

bool writeReportFile(const Session &s, const QString &path, bool html, const ReportOptions &options,
                     WrittenReport *written, QString *error) {
    auto write = [error](const QString &to, const QString &text) {
        QString why;
        if (writeFileAtomically(to, text.toUtf8(), &why))
            return true;
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(to, why);
        return false;
    };
    WrittenReport w;
    if (html) {
        w.text = htmlReport(s, options);
    } else {
        // Markdown is for an issue: over GitHub's limit it is trimmed, and the whole report is
        // written alongside to attach (docs/user-guide.md "Reports").
        const QString fullPath = fullReportPath(path);
        MarkdownForIssue md = markdownForIssue(s, options, QFileInfo(fullPath).fileName());
        if (md.trimmed) {
            if (!write(fullPath, md.full))
                return false;
            w.fullPath = fullPath;
        }
        w.text = std::move(md.text);
    }
    if (!write(path, w.text))
        return false;
    if (written)
        *written = std::move(w);
    return true;
}

QString fullReportPath(const QString &path) {
    if (path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive))
        return path.left(path.size() - 3) + QStringLiteral(".full.md");
    return path + QStringLiteral(".full.md");
}

} // namespace hd
