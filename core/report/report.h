#pragma once

// Reports of a session (docs/design.md "Sessions and reports"):
//  - Markdown that pastes well into a GitHub issue: verdict, steps and findings first; every
//    command, environment and log in a <details> block; a timings table;
//  - self-contained HTML (inline CSS, charts as embedded base64 PNG images from a
//    ChartRenderer, or tables when there is none).
// Secrets are redacted unless ReportOptions::redact is false; the report lists what was taken out.

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
    ChartRenderer chartRenderer; // empty: HTML shows timing tables instead of images
    QSize chartSize{880, 320};
    int maxLogLines = 200; // per log block; the full text stays in the session file
    // Per log block too: a single 300 MB line is still cut (docs/limits.md); the last bytes
    // are kept, as with the lines.
    qsizetype maxLogBytes = qsizetype(256) << 10;
};

QString markdownReport(const Session &s, const ReportOptions &options = {});
QString htmlReport(const Session &s, const ReportOptions &options = {});

// The charts a session's timings make: a phase timeline per step, per-check durations as bars,
// and the launch-latency distribution when a check has repeats.
QList<ChartSpec> timingCharts(const Session &s);

} // namespace hd
