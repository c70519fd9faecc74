#pragma once

// What the report's files share (core/report): the session a report is made from, text for
// Markdown and HTML, evidence formatting and the inventory section. Private to hd_report.

#include "report/report.h"

#include "model/finding.h"
#include "model/records.h"
#include "model/session.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hd::reportdetail {

// ---- prepared_session.cpp: the session as a report shows it ----

struct Prepared {
    Session s;
    QList<Redaction> redactions;
    bool redacted = true;
    int homes = 0, hosts = 0; // home folders shown as ~, host names as <host>
};
// "Home folders are shown as ~ …" when prepare() replaced any, else "".
QString placesNote(const Prepared &p);

// The environment profile as the steps ran with it: per step, the variables every check that
// started a program and recorded its environment had (the profile; not step 3's switch, the
// variant's own), with the steps that had each. When no step started a program: the session's
// profile, *fromSteps false.
struct EnvAsRun {
    QString name, value;
    QList<int> steps;
};
QList<EnvAsRun> envAsRun(const Session &s, bool *fromSteps);
// Findings grouped, then secrets redacted unless o.redact is false.
Prepared prepare(const Session &in, const ReportOptions &o);

// ---- report_markup.cpp: labels, Markdown and HTML text ----

QString directionText(Direction d);
QString stepTitle(const StepRecord &st);
// The last maxLines lines and at most the last maxBytes of a log; *omitted, *omittedBytes:
// what was left out.
QString tailLines(const QString &text, int maxLines, qsizetype maxBytes, int *omitted,
                  qsizetype *omittedBytes);
int longestBacktickRun(const QString &text);
QString fenceFor(const QString &text);
QString mdText(const QString &s);
QString cell(QString s);
QString inlineCode(const QString &s);
QString esc(const QString &s);
QString htmlText(const QString &s);
// Reports are English: an engine Text is written as its English (common/engine_text.h).
inline QString fenceFor(const Text &t) {
    return fenceFor(t.english());
}
inline QString mdText(const Text &t) {
    return mdText(t.english());
}
inline QString cell(const Text &t) {
    return cell(t.english());
}
inline QString inlineCode(const Text &t) {
    return inlineCode(t.english());
}
inline QString esc(const Text &t) {
    return esc(t.english());
}
inline QString htmlText(const Text &t) {
    return htmlText(t.english());
}
QString statusBadge(CheckStatus st);
QString severityBadge(Severity sev);
inline constexpr char kWarnBadge[] = "<span class=\"badge warn\">check</span>";

// ---- report_evidence.cpp: commands and logs that read ----

QString foldedCommand(const QStringList &argv);
QString foldLongLines(const QString &text, int *folded);
bool isJsonLines(const QString &text);
QString firstErrorLine(const QString &text);
QString passingCheckErrorLine(const CheckRecord &c);

// ---- report_inventory.cpp: the "System" section ----

// depth 1: its heading one level down (a session inside a comparison report).
void mdInventory(QString &out, const Session &s, int depth);
void htmlInventory(QString &out, const Session &s);

// ---- markdown_report.cpp, html_report.cpp: one session's report after its title ----

// Everything markdownReport() writes after its "# " title, headings depth levels further down.
void markdownBody(QString &out, const Prepared &p, const ReportOptions &o, int depth);
// <!DOCTYPE …><body>: the report's CSS and extraCss.
QString htmlHead(const QString &title, const QString &extraCss);
// Everything htmlReport() writes between its <h1> and </body>.
void htmlBody(QString &out, const Prepared &p, const ReportOptions &o);

} // namespace hd::reportdetail
