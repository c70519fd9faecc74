// hipdoctor-cli: the scriptable front end over the engine (docs/design.md "CLI contract").
// The commands are declared in options.h / cmd_*.cpp; this file dispatches to them.

#include "cli.h"
#include "options.h"

#include "common/child_process.h"
#include "common/input_file.h"
#include "common/version.h"
#include "heap_tuning.h"

#include <QCoreApplication>

#include "chart_loader.h"

#include <cerrno>
#include <exception>
#include <memory>

#include <fcntl.h>

namespace {

using namespace hd::cli;

void printCommandList(QTextStream &s) {
    s << "usage: hipdoctor-cli COMMAND [options]\n\ncommands:\n";
    for (const CommandSpec &c : commands())
        if (!c.hidden)
            s << "  " << c.name.leftJustified(10) << c.summary << "\n";
    s << "\nhipdoctor-cli help COMMAND (or COMMAND --help) shows a command's options.\n"
         "exit codes: 0 no error findings, 1 error findings, 2 usage or unreadable input, "
         "3 internal failure\n";
}

QStringList commandNames() {
    QStringList names;
    for (const CommandSpec &c : commands())
        names << c.name;
    return names;
}

int unknownCommand(const QString &name) {
    err() << "hipdoctor-cli: unknown command '" << name << "'";
    const QString close = hd::app::closestMatch(name, commandNames());
    if (!close.isEmpty())
        err() << " (did you mean " << close << "?)";
    err() << "\n\n";
    printCommandList(err());
    return ExitUsage;
}

// -h/--help anywhere before a lone "--".
bool asksForHelp(const QStringList &args) {
    for (const QString &a : args) {
        if (a == QLatin1String("--"))
            return false;
        if (a == QLatin1String("--help") || a == QLatin1String("-h"))
            return true;
    }
    return false;
}

// The hidden commands that write the generated documents (run at build time, packaging/).
int generated(const QString &what, const QStringList &args) {
    const hd::app::ProgramDoc doc = programDoc();
    if (what == QLatin1String("man") && args.isEmpty()) {
        out() << hd::app::manPage(doc);
        return ExitOk;
    }
    if (what == QLatin1String("completion") && args.size() == 1 &&
        (args[0] == QLatin1String("bash") || args[0] == QLatin1String("zsh"))) {
        out() << (args[0] == QLatin1String("bash") ? hd::app::bashCompletion(doc)
                                                   : hd::app::zshCompletion(doc));
        return ExitOk;
    }
    err() << "usage: hipdoctor-cli man | hipdoctor-cli completion bash|zsh\n";
    return ExitUsage;
}

int runCommand(const CommandSpec &spec, const QStringList &args) {
    if (asksForHelp(args)) {
        out() << hd::app::helpText(QStringLiteral("hipdoctor-cli"), spec, terminalWidth());
        return ExitOk;
    }
    Args parsed(spec);
    hd::app::ParseError e;
    if (!parsed.parse(args, &e)) {
        // An option of another command: say which.
        if (e.suggestion.isEmpty() && e.message.startsWith(QLatin1String("unknown option"))) {
            const QString typed = e.message.section(QLatin1Char('\''), 1, 1);
            QStringList owners;
            for (const CommandSpec &c : commands())
                if (c.spellings().contains(typed))
                    owners << c.name;
            if (!owners.isEmpty())
                e.message += QStringLiteral("; it is an option of %1")
                                 .arg(owners.join(QStringLiteral(", ")));
        }
        return usageError(spec, e.message, e.suggestion);
    }
    return spec.run(parsed);
}

// Qt's own warnings that say nothing to a CLI user: QStandardPaths complains on every run over
// ssh and in containers, where XDG_RUNTIME_DIR is not set (the chart module's offscreen
// application asks for it). Everything else goes to Qt's handler.
QtMessageHandler qtHandler = nullptr;
void quietHandler(QtMsgType type, const QMessageLogContext &context, const QString &message) {
    if (type == QtWarningMsg && message.startsWith(QLatin1String("QStandardPaths: ")))
        return;
    if (qtHandler)
        qtHandler(type, context, message);
}

} // namespace

int main(int argc, char **argv) {
    // A closed standard descriptor would be taken by the next file Qt opens, and `diagnose -`
    // would wait on that: it is /dev/null instead (closed stdin reads as empty, exit code 2).
    for (int fd = 0; fd <= 2; ++fd)
        if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF)
            ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY); // the lowest free: fd
    // What the command's declaration says about the start-up: a second start with a
    // huge-page heap (heap_tuning.h), the chart module (CommandSpec).
    const CommandSpec *command = argc > 1 ? findCommand(QString::fromLocal8Bit(argv[1])) : nullptr;
    hd::app::tuneHeap(argv, command && command->heapTuning); // may re-execute this process
    qtHandler = qInstallMessageHandler(quietHandler);
    // Taken from argv before any application object exists: QGuiApplication removes the
    // options it knows (such as -session/--session) from argv, and `verify --session FILE`
    // must reach the command.
    // An existing file whose name is not valid UTF-8 is reached through an alias
    // (hd::pathFromArgument, docs/limits.md "File names that are not UTF-8").
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << hd::pathFromArgument(argv[i]);
    // Only the commands that write HTML reports load the chart module and make its
    // QApplication (offscreen) for the charts.
    const hd::ui::ChartModule *chartModule =
        command && command->charts ? hd::cli::chartModule() : nullptr;
    const std::unique_ptr<QCoreApplication> app(
        chartModule ? chartModule->makeApplication(argc, argv) : new QCoreApplication(argc, argv));
    QCoreApplication::setApplicationName(QStringLiteral("hipdoctor-cli"));
    // SIGTERM/SIGHUP/SIGINT (ssh closed, Ctrl-C) take the probe and step commands along.
    hd::installTerminationHandlers();
    QCoreApplication::setApplicationVersion(hd::version());
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        printCommandList(args.isEmpty() ? err() : out());
        return args.isEmpty() ? ExitUsage : ExitOk;
    }
    if (args.first() == QLatin1String("--version")) {
        out() << hd::versionLine(QStringLiteral("hipdoctor-cli")) << "\n";
        return ExitOk;
    }
    const QString name = args.takeFirst();
    if (name == QLatin1String("help")) {
        if (args.isEmpty()) {
            printCommandList(out());
            return ExitOk;
        }
        const CommandSpec *spec = findCommand(args.first());
        if (!spec || args.size() > 1)
            return spec ? usageError(*spec, QStringLiteral("help takes one COMMAND"))
                        : unknownCommand(args.first());
        out() << hd::app::helpText(QStringLiteral("hipdoctor-cli"), *spec, terminalWidth());
        return ExitOk;
    }
    if (name == QLatin1String("man") || name == QLatin1String("completion"))
        return generated(name, args);
    const CommandSpec *spec = findCommand(name);
    if (!spec)
        return unknownCommand(name);
    try {
        const int rc = runCommand(*spec, args);
        out().flush();
        err().flush();
        return rc;
    } catch (const std::exception &e) {
        out().flush();
        err() << "hipdoctor-cli: internal error in '" << name << "': " << e.what() << "\n";
        return ExitInternal;
    }
}
