// hipdoctor-cli report: a saved session as Markdown (for a GitHub issue) or self-contained HTML.

#include "cli.h"

#include "model/session.h"

namespace hd::cli {

bool writeSessionReport(const Session &s, const QString &path, const QString &format, bool redact,
                        QString *error); // cmd_verify.cpp

namespace {
const char *kUsage = R"(usage: hipdoctor-cli report SESSION --format md|html -o FILE [--no-redact]

Turns a session saved by 'verify --session FILE' (or by the desktop app) into a report:
  md    Markdown that pastes into a GitHub issue: verdict and findings first, commands,
        environment and logs in <details> blocks, a timings table
  html  one self-contained HTML file (inline CSS; timing charts as embedded PNG images when
        this build has the chart renderer, else tables)
Secrets (env vars named *TOKEN*, *SECRET*, *PASSWORD*, *PASSWD*, *CREDENTIAL*, *KEY*,
credentials in URLs, tokens known by their shape: Bearer, hf_, ghp_, AKIA, private keys...)
are redacted unless --no-redact is given; the report lists what was taken out.
  -o, --output FILE   where to write ("-" for stdout); the format defaults to the extension
)";

int usage(const QString &why) {
    err() << "hipdoctor-cli report: " << why << "\n\n" << kUsage;
    return ExitUsage;
}
} // namespace

int report(const QStringList &args) {
    QString session, format, output;
    bool redact = true;
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            out() << kUsage;
            return ExitOk;
        } else if (a == QLatin1String("--format")) {
            if (++i >= args.size())
                return usage(QStringLiteral("--format needs md or html"));
            format = args[i] == QLatin1String("markdown") ? QStringLiteral("md") : args[i];
            if (format != QLatin1String("md") && format != QLatin1String("html"))
                return usage(QStringLiteral("--format %1: expected md or html").arg(args[i]));
        } else if (a == QLatin1String("-o") || a == QLatin1String("--output")) {
            if (++i >= args.size())
                return usage(QStringLiteral("-o needs a file"));
            output = args[i];
        } else if (a == QLatin1String("--no-redact")) {
            redact = false;
        } else if (a.startsWith(QLatin1Char('-')) && a != QLatin1String("-")) {
            return usage(QStringLiteral("unknown option '%1'").arg(a));
        } else if (session.isEmpty()) {
            session = a;
        } else {
            return usage(QStringLiteral("one session file at a time ('%1' is extra)").arg(a));
        }
    }
    if (session.isEmpty())
        return usage(QStringLiteral("no session file given"));
    if (output.isEmpty())
        return usage(QStringLiteral("no output file given (-o FILE, or -o - for stdout)"));
    QString e;
    const auto s = loadSession(session, &e);
    if (!s) {
        err() << "hipdoctor-cli report: " << e << "\n";
        return ExitUsage;
    }
    if (!writeSessionReport(*s, output, format, redact, &e)) {
        err() << "hipdoctor-cli report: " << e << "\n";
        return ExitInternal;
    }
    if (output != QLatin1String("-"))
        err() << "wrote " << output << "\n";
    return ExitOk;
}

} // namespace hd::cli
