#pragma once

// Reports of a session (docs/design.md "Sessions and reports"), each headed by the system
// inventory the maintainers ask for first (GPU, driver, packages, runtime, compilers,
// PyTorch/Triton, device access, environment):
//  - Markdown that pastes well into a GitHub issue: verdict, steps and findings first; every
//    command, environment and log in a <details> block; a timings table;
//  - self-contained HTML (inline CSS, status badges in CSS rather than emoji, Markdown code
//    spans of titles and messages as <code>, charts as embedded base64 PNG images from a
//    ChartRenderer, or tables when there is none).
// Evidence: commands as shell words (common/shell.h) folded at argument boundaries, long
// output lines (a compiler's -###) folded the same way, the probe's JSON lines collapsed, and
// a passing check whose output holds an error line flagged.
// Secrets are redacted unless ReportOptions::redact is false; the report lists what was taken out.
// Home folders and the host name are "~" and "<host>" unless ReportOptions::keepPlaces is true.

#include "model/session.h"
#include "report/chart_renderer.h"
#include "report/redaction.h"

#include <QByteArray>
#include <QList>
#include <QSize>
#include <QString>

namespace hd {

struct ReportOptions {
    bool redact = true;
    // Home folders and the host name as they are; false: "~" and "<host>" (report/redaction.h
    // withoutPlaces()), so that a report pasted into an issue names no user and no machine.
    bool keepPlaces = false;
    ChartRenderer chartRenderer; // empty: HTML shows timing tables instead of images
    QSize chartSize{880, 320};
    int maxLogLines = 200; // per log block; the full text stays in the session file
    // Per log block too: a single 300 MB line is still cut (docs/limits.md); the last bytes
    // are kept, as with the lines.
    qsizetype maxLogBytes = qsizetype(256) << 10;
};

QString markdownReport(const Session &s, const ReportOptions &options = {});

// The session with every field within the report's caps (docs/limits.md "Text, logs,
// sessions, reports") and its findings merged by meaning: what the app holds of a session it
// opens, so that a 60 MB title costs what it costs a report.
Session sessionWithinReportCaps(const Session &s);

// GitHub refuses an issue or comment body over 65,536 characters.
inline constexpr qsizetype kGitHubBodyLimit = 65536;
struct MarkdownForIssue {
    QString text;         // fits the limit
    bool trimmed = false; // text was shortened; full holds the whole report
    QString full;
};
// The Markdown report for pasting into an issue: markdownReport() when it fits limit; else the
// logs shortened step by step and, when that is not enough, the last sections cut at a heading,
// with a note at the top that says so and names fullReportName (the full report, written
// alongside by the caller, to attach).
MarkdownForIssue markdownForIssue(const Session &s, const ReportOptions &options,
                                  const QString &fullReportName,
                                  qsizetype limit = kGitHubBodyLimit);
// Where the full report goes next to a trimmed one: "report.md" → "report.full.md".
QString fullReportPath(const QString &path);
// The one way a report is written to a file (the CLI's verify --report and report -o, the
// app's Export and Copy report): HTML as htmlReport(); Markdown as markdownForIssue(), and when
// it had to be trimmed the whole report alongside (fullReportPath()), whose path goes to
// *fullWritten. Atomic; false with the reason ("PATH: cannot write: …") in *error.
struct WrittenReport {
    QString text;     // what was written to path (trimmed Markdown, or the HTML)
    QString fullPath; // the whole Markdown report, when text was trimmed; else ""
};
bool writeReportFile(const Session &s, const QString &path, bool html, const ReportOptions &options,
                     WrittenReport *written, QString *error);
QString htmlReport(const Session &s, const ReportOptions &options = {});

// The charts a session's timings make: a phase timeline per step, per-check durations as bars,
// and the launch-latency distribution when a check has repeats.
QList<ChartSpec> timingCharts(const Session &s);

} // namespace hd
