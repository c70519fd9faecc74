// hipdoctor-cli: the scriptable front end over the engine (docs/design.md "CLI contract").

#include "cli.h"

#include "common/child_process.h"
#include "common/input_file.h"
#include "common/version.h"
#include "heap_tuning.h"

#include <QCoreApplication>

#include "chart_loader.h"

#include <exception>
#include <functional>
#include <map>
#include <memory>

namespace {

struct Command {
    int (*run)(const QStringList &);
    const char *summary;
};

const std::map<QString, Command> &commands() {
    using namespace hd::cli;
    static const std::map<QString, Command> table{
        {QStringLiteral("inspect"),
         {inspect, "list bundles, code objects, kernels, symbols, needed libraries"}},
        {QStringLiteral("diagnose"),
         {diagnose, "find why a kernel will not load, with evidence and fixes"}},
        {QStringLiteral("devices"),
         {devices, "list the GPUs a runtime sees (through hipdoctor-probe)"}},
        {QStringLiteral("launch"),
         {launch, "load a code object and launch a kernel in a clean process"}},
        {QStringLiteral("verify"), {verify, "run the three-step verification sequence"}},
        {QStringLiteral("triton"), {triton, "read a Triton cache: stages, targets, kernels"}},
        {QStringLiteral("report"), {report, "turn a saved session into a Markdown or HTML report"}},
        {QStringLiteral("sysinfo"),
         {sysinfo, "the system inventory: OS, driver, packages, GPUs, Python/PyTorch"}},
        {QStringLiteral("demo"),
         {demo, "diagnose the built-in demo programs and print the report"}},
    };
    return table;
}

void printUsage(QTextStream &s) {
    s << "usage: hipdoctor-cli COMMAND [options]\n\ncommands:\n";
    for (const auto &[name, cmd] : commands())
        s << "  " << name.leftJustified(10) << cmd.summary << "\n";
    s << "\nhipdoctor-cli COMMAND --help shows a command's options.\n"
         "exit codes: 0 no error findings, 1 error findings, 2 usage or unreadable input, "
         "3 internal failure\n";
}

} // namespace

int main(int argc, char **argv) {
    // The commands that inspect binaries (librocsparse: 1.3 GB) are worth a second start-up
    // with a huge-page heap; the others are not (see heap_tuning.h).
    const bool inspects =
        argc > 1 && (qstrcmp(argv[1], "inspect") == 0 || qstrcmp(argv[1], "diagnose") == 0);
    hd::app::tuneHeap(argv, inspects); // may re-execute this process
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
    const bool charts =
        argc > 1 && (qstrcmp(argv[1], "report") == 0 || qstrcmp(argv[1], "verify") == 0);
    const hd::ui::ChartModule *chartModule = charts ? hd::cli::chartModule() : nullptr;
    const std::unique_ptr<QCoreApplication> app(
        chartModule ? chartModule->makeApplication(argc, argv) : new QCoreApplication(argc, argv));
    QCoreApplication::setApplicationName(QStringLiteral("hipdoctor-cli"));
    // SIGTERM/SIGHUP/SIGINT (ssh closed, Ctrl-C) take the probe and step commands along.
    hd::installTerminationHandlers();
    QCoreApplication::setApplicationVersion(hd::version());
    if (args.isEmpty() || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        printUsage(args.isEmpty() ? hd::cli::err() : hd::cli::out());
        return args.isEmpty() ? hd::cli::ExitUsage : hd::cli::ExitOk;
    }
    if (args.first() == QLatin1String("--version")) {
        hd::cli::out() << hd::versionLine(QStringLiteral("hipdoctor-cli")) << "\n";
        return hd::cli::ExitOk;
    }
    const QString name = args.takeFirst();
    const auto it = commands().find(name);
    if (it == commands().end()) {
        hd::cli::err() << "hipdoctor-cli: unknown command '" << name << "'\n\n";
        printUsage(hd::cli::err());
        return hd::cli::ExitUsage;
    }
    try {
        const int rc = it->second.run(args);
        hd::cli::out().flush();
        hd::cli::err().flush();
        return rc;
    } catch (const std::exception &e) {
        hd::cli::out().flush();
        hd::cli::err() << "hipdoctor-cli: internal error in '" << name << "': " << e.what() << "\n";
        return hd::cli::ExitInternal;
    }
}
