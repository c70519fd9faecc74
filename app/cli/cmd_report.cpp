// hipdoctor-cli report: a saved session as Markdown (for a GitHub issue) or self-contained HTML.

#include "cli.h"
#include "options.h"

#include "common/value_parsers.h"
#include "model/session.h"

namespace hd::cli {

bool writeSessionReport(const Session &s, const QString &path, const QString &format, bool redact,
                        QString *error); // cmd_verify.cpp

namespace {

int report(const Args &args) {
    const QString session = args.positional().value(0);
    QString format, e;
    if (args.isSet(QStringLiteral("format"))) {
        const QString f = args.value(QStringLiteral("format"));
        const auto v = parseChoice(f == QLatin1String("markdown") ? QStringLiteral("md") : f,
                                   {QStringLiteral("md"), QStringLiteral("html")}, &e);
        if (!v)
            return usageError(args.spec(), QStringLiteral("--format: %1").arg(e));
        format = *v;
    }
    // Without -o the report goes to stdout, like every other command's output.
    const QString output =
        readOutput(args).file.isEmpty() ? QStringLiteral("-") : readOutput(args).file;
    const auto s = loadSession(session, &e);
    if (!s) {
        err() << "hipdoctor-cli report: " << e << "\n";
        return ExitUsage;
    }
    if (!writeSessionReport(*s, output, format, !args.isSet(QStringLiteral("no-redact")), &e)) {
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
                                     "desktop app"),
                      false, false}};
    c.description = QStringLiteral(
        "Turns a saved session into a report:\n\n"
        "  md    Markdown that pastes into a GitHub issue: verdict and findings first, commands,\n"
        "        environment and logs in <details> blocks, a timings table\n"
        "  html  one self-contained HTML file (inline CSS; timing charts as embedded PNG images\n"
        "        when this build has the chart renderer, else tables)\n\n"
        "Secrets (env vars named *TOKEN*, *SECRET*, *PASSWORD*, *PASSWD*, *CREDENTIAL*, *KEY*, "
        "credentials in URLs, tokens known by their shape: Bearer, hf_, ghp_, AKIA, private "
        "keys...) are redacted unless --no-redact is given; the report lists what was taken "
        "out.");
    c.groups = {
        {QString(),
         {QCommandLineOption(QStringList{QStringLiteral("format")},
                             QStringLiteral("md (also: markdown) or html; default: from -o's "
                                            "extension (.html, .htm), else md"),
                             QStringLiteral("md|html")),
          QCommandLineOption(QStringList{QStringLiteral("no-redact")},
                             QStringLiteral("keep secrets in the report"))}},
        outputGroup(
            {{}, false, QStringLiteral("where to write (default, or \"-\": stdout)"), false})};
    c.exitCodes = QStringLiteral("0 written, 2 usage error or a session that does not load (the "
                                 "message names the file and, for a damaged file, the byte "
                                 "offset), 3 the report could not be written");
    c.run = report;
    return c;
}

} // namespace hd::cli
