// hipdoctor-cli report: a saved session as Markdown (for a GitHub issue) or self-contained HTML;
// several sessions as one report headed by their node × check matrix.

#include "cli.h"
#include "options.h"

#include "common/value_parsers.h"
#include "model/session.h"
#include "report/comparison_report.h"

#include <QFileInfo>

namespace hd::cli {

bool writeSessionReport(const Session &s, const QString &path, const QString &format, bool redact,
                        QString *error, bool keepPlaces = false);             // cmd_verify.cpp
ReportOptions reportOptions(bool redact, bool keepPlaces = false);            // cmd_verify.cpp
QString reportFormat(const QString &format, const QString &path);             // cmd_verify.cpp
bool writeText(const QString &path, const QByteArray &bytes, QString *error); // cmd_verify.cpp

namespace {

// Several sessions: one report that starts with their node × check matrix (docs/remote.md
// "Many nodes"). A file that does not load is named on stderr and in the report; the others
// are still reported.
int reportMany(const QStringList &inputs, const QString &output, const QString &format, bool redact,
               bool keepPlaces) {
    const QList<NodeSession> nodes = loadNodeSessions(inputs);
    int loaded = 0;
    for (const NodeSession &n : nodes) {
        if (n.ran)
            ++loaded;
        else
            err() << "hipdoctor-cli report: " << n.failure.section(QLatin1Char(':'), 1).trimmed()
                  << "\n";
    }
    if (loaded == 0) {
        err() << "hipdoctor-cli report: no session could be read\n";
        return ExitUsage;
    }
    const ReportOptions o = reportOptions(redact, keepPlaces);
    const QString text = reportFormat(format, output) == QLatin1String("html")
                             ? htmlComparisonReport(nodes, o)
                             : markdownComparisonReport(nodes, o);
    QString e;
    if (output == QLatin1String("-")) {
        printDocument(text);
    } else if (!writeText(output, text.toUtf8(), &e)) {
        err() << "hipdoctor-cli report: " << e << "\n";
        return ExitInternal;
    } else {
        err() << "wrote " << output << " (" << loaded << " of " << nodes.size() << " sessions)\n";
    }
    return loaded == nodes.size() ? ExitOk : ExitUsage;
}

int report(const Args &args) {
    QString format, e;
    if (args.isSet(Opt::Format)) {
        const QString f = args.value(Opt::Format);
        const auto v = parseChoice(f == QLatin1String("markdown") ? QStringLiteral("md") : f,
                                   {QStringLiteral("md"), QStringLiteral("html")}, &e);
        if (!v)
            return usageError(args.spec(), QStringLiteral("--format: %1").arg(e));
        format = *v;
    }
    // Without -o the report goes to stdout, like every other command's output.
    const QString output =
        readOutput(args).file.isEmpty() ? QStringLiteral("-") : readOutput(args).file;
    const bool redact = !args.isSet(Opt::NoRedact);
    const bool keepPlaces = args.isSet(Opt::KeepPlaces);
    const QStringList inputs = args.positional();
    if (inputs.size() > 1 || QFileInfo(inputs.value(0)).isDir())
        return reportMany(inputs, output, format, redact, keepPlaces);
    const auto s = loadSession(inputs.value(0), &e);
    if (!s) {
        err() << "hipdoctor-cli report: " << e << "\n";
        return ExitUsage;
    }
    if (!writeSessionReport(*s, output, format, redact, &e, keepPlaces)) {
        err() << "hipdoctor-cli report: " << e << "\n";
        return ExitInternal;
    }
    if (output != QLatin1String("-"))
        err() << "wrote " << output << "\n";
    return ExitOk;
}

} // namespace

CommandSpec reportCommand() {
    CommandSpec c;
    c.name = QStringLiteral("report");
    c.summary = QStringLiteral("turn a saved session into a Markdown or HTML report");
    c.positionals = {{QStringLiteral("SESSION"),
                      QStringLiteral("a session saved by 'verify --session FILE' or by the "
                                     "desktop app; several (or a folder of *.json sessions): "
                                     "one report that compares them"),
                      true, false}};
    c.description = QStringLiteral(
        "Turns a saved session into a report:\n\n"
        "  md    Markdown that pastes into a GitHub issue: verdict and findings first, commands,\n"
        "        environment and logs in <details> blocks, a timings table\n"
        "  html  one self-contained HTML file (inline CSS; timing charts as embedded PNG images\n"
        "        when this build has the chart renderer, else tables)\n\n"
        "Secrets (env vars named *TOKEN*, *SECRET*, *PASSWORD*, *PASSWD*, *CREDENTIAL*, *KEY*, "
        "credentials in URLs, tokens known by their shape: Bearer, hf_, ghp_, AKIA, private "
        "keys...) are redacted unless --no-redact is given; the report lists what was taken "
        "out. Home folders are shown as ~ and the host names as <host> unless --keep-places "
        "is given.\n\n"
        "With several sessions (one per node, e.g. written by 'verify --hosts' or by one "
        "scheduler task per node) the report starts with the node x check matrix that 'verify "
        "--hosts' prints, the rows where the nodes differ marked, then each session's report "
        "(folded in HTML). A session that does not load is named and left out; the others are "
        "still reported.");
    c.groups = {
        {QString(),
         {option(Opt::Format,
                 QStringLiteral("md (also: markdown) or html; default: from -o's "
                                "extension (.html, .htm), else md"),
                 QStringLiteral("md|html")),
          option(Opt::NoRedact, QStringLiteral("keep secrets in the report")),
          option(Opt::KeepPlaces, QStringLiteral("keep home folders and host names in the "
                                                 "report (default: ~ and <host>)"))}},
        outputGroup(
            {{}, false, QStringLiteral("where to write (default, or \"-\": stdout)"), false})};
    c.exitCodes = QStringLiteral("0 written, 2 usage error or a session that does not load (the "
                                 "message names the file and, for a damaged file, the byte "
                                 "offset; with several sessions the report of the others is "
                                 "still written), 3 the report could not be written");
    c.charts = true; // an HTML report draws its charts
    c.run = report;
    return c;
}

} // namespace hd::cli
