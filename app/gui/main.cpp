// hipdoctor: the desktop app (docs/design.md). Also renders screenshots headless:
//   hipdoctor --screenshot FILE [--panel NAME] [--open PATH...] [--session FILE] [--lang zh_CN]

#include "command_spec.h"
#include "common/child_process.h"
#include "common/input_file.h"
#include "common/version.h"
#include "controllers/workspace.h"
#include "gui/gui_harness.h"
#include "heap_tuning.h"
#include "model/session.h"
#include "widgets/artifacts_panel.h"
#include "widgets/language.h"
#include "widgets/main_window.h"
#include "widgets/verify_panel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>
#include <QSettings>
#include <QTextStream>
#include <QThread>

#include <cstdio>
#include <optional>

namespace {

// Waits, with the event loop running, until the window's background work is done.
void waitUntilIdle(hd::ui::MainWindow &w, int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    auto busy = [&w] { return !w.workspace()->isIdle(); };
    while (busy() && !deadline.hasExpired()) {
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(10);
    }
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents();
}

const char *const kDescription =
    "Finds out why a GPU kernel will not load or launch, with evidence.";

// The options of the command line (docs/user-guide.md "Starting the app"); read by name. One
// declaration for the parser, --help and the man page (hipdoctor --man, packaging/).
QList<QCommandLineOption> appOptions() {
    const QCommandLineOption versionOpt(QStringLiteral("version"),
                                        QStringLiteral("Print the version and exit."));
    const QCommandLineOption demoOpt(
        QStringLiteral("demo"),
        QStringLiteral("Open the built-in demo's first case (File > Demo cases has "
                       "the others) and the walkthrough."));
    const QCommandLineOption openOpt(QStringLiteral("open"),
                                     QStringLiteral("Open a file or folder (repeatable)."),
                                     QStringLiteral("PATH"));
    const QCommandLineOption sessionOpt(
        QStringList{QStringLiteral("session"), QStringLiteral("session-file")},
        QStringLiteral("Open a saved session."), QStringLiteral("FILE"));
    const QCommandLineOption langOpt(
        QStringLiteral("lang"),
        QStringLiteral("Language: en or zh_CN (default: the one chosen in View > "
                       "Language, else the system locale's)."),
        QStringLiteral("CODE"));
    const QCommandLineOption shotOpt(
        QStringLiteral("screenshot"),
        QStringLiteral("Render the window (or --panel) to a PNG file and exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption panelOpt(
        QStringLiteral("panel"),
        QStringLiteral("With --screenshot: only this panel (%1). Repeatable: then FILE holds "
                       "{panel}, replaced by each panel's name (\"window\" = the whole window).")
            .arg(hd::ui::MainWindow::panelNames().join(QStringLiteral(", "))),
        QStringLiteral("NAME"));
    const QCommandLineOption sizeOpt(
        QStringLiteral("size"), QStringLiteral("With --screenshot: window size, default 1440x900."),
        QStringLiteral("WxH"));
    const QCommandLineOption nameOpt(QStringLiteral("kernel"),
                                     QStringLiteral("Fill the \"name your code asks for\" box."),
                                     QStringLiteral("NAME"));
    const QCommandLineOption targetOpt(QStringLiteral("target"),
                                       QStringLiteral("Add a device by target id (repeatable)."),
                                       QStringLiteral("ID"));
    const QCommandLineOption stepOpt(
        QStringLiteral("run-step"),
        QStringLiteral("Run a verification step (1, 2, 3) after opening."), QStringLiteral("N"));
    return {versionOpt, demoOpt, openOpt, sessionOpt, langOpt, shotOpt,
            panelOpt,   sizeOpt, nameOpt, targetOpt,  stepOpt};
}

void defineOptions(QCommandLineParser &parser) {
    parser.setApplicationDescription(QString::fromUtf8(kDescription));
    parser.addHelpOption();
    parser.addOptions(appOptions());
    parser.addPositionalArgument(QStringLiteral("paths"),
                                 QStringLiteral("Files or folders to open."),
                                 QStringLiteral("[PATH...]"));
}

// hipdoctor.1, from the same declarations (written at build time, packaging/CMakeLists.txt).
QString manPage() {
    hd::app::ProgramDoc doc;
    doc.program = QStringLiteral("hipdoctor");
    doc.summary = QStringLiteral("debugger for GPU kernels that will not load");
    doc.version = hd::version();
    doc.description =
        QString::fromUtf8(kDescription) +
        QStringLiteral(
            " The desktop app: open binaries, logs, tracebacks and Triton caches; see where "
            "and why a kernel fails to load or launch (the layer, the evidence, the fix); ask "
            "the runtime for its devices in an isolated probe process; run the three-step "
            "verification and write reports.\n\n"
            "hipdoctor-cli(1) gives the same engine to a terminal.");
    doc.options = {{QString(), appOptions() << QCommandLineOption(
                                   {QStringLiteral("h"), QStringLiteral("help")},
                                   QStringLiteral("Show the options and exit."))}};
    doc.positionals = {
        {QStringLiteral("PATH"), QStringLiteral("Files or folders to open."), true, true}};
    doc.exitStatus = QStringLiteral("0 on a normal exit; 2 when --screenshot could not be written "
                                    "or a --session given with it does not load.");
    doc.seeAlso = {QStringLiteral("hipdoctor-cli(1)")};
    return hd::app::manPage(doc);
}

// --man, --help and --version need no display: answered by a QCoreApplication, before
// QApplication would abort for want of one. Nothing when argv asks for none of them.
std::optional<int> answerWithoutDisplay(int &argc, char **argv) {
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--man") {
            QCoreApplication core(argc, argv);
            QTextStream(stdout) << manPage();
            return 0;
        }
        if (a == "--help" || a == "-h" || a == "-?" || a == "--help-all" || a == "--version") {
            QCoreApplication core(argc, argv);
            QCoreApplication::setApplicationName(QStringLiteral("hipdoctor"));
            QCoreApplication::setApplicationVersion(hd::version());
            QCommandLineParser parser;
            defineOptions(parser);
            parser.process(core); // prints the help and exits on --help
            QTextStream(stdout) << hd::versionLine(QStringLiteral("hipdoctor")) << "\n";
            return 0;
        }
    }
    return std::nullopt;
}

// Files whose names are not valid UTF-8 are reached through an alias, as in the CLI
// (hd::pathFromArgument, docs/limits.md "File names that are not UTF-8"): Qt's decoding of
// argv would lose their bytes. The aliases by the argument as Qt decodes it.
QHash<QString, QString> argumentPathAliases(int argc, char **argv) {
    QHash<QString, QString> aliases;
    for (int i = 1; i < argc; ++i) {
        const QString alias = hd::pathFromArgument(argv[i]);
        if (alias != QString::fromLocal8Bit(argv[i]))
            aliases.insert(QString::fromLocal8Bit(argv[i]), alias);
    }
    return aliases;
}

// --size WxH for a screenshot; the default otherwise.
QSize screenshotSize(const QCommandLineParser &parser) {
    QSize size(1440, 900);
    if (parser.isSet(QStringLiteral("size"))) {
        const QStringList wh = parser.value(QStringLiteral("size")).split(QLatin1Char('x'));
        if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
            size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    return size;
}

// --run-step: the steps run as by the Run buttons, once the files opened are read (step 2 is
// filled from them).
void runStepsWhenRead(hd::ui::MainWindow &window, const QString &list) {
    QList<int> steps;
    for (const QString &s : list.split(QLatin1Char(',')))
        if (s.toInt() >= 1 && s.toInt() <= 3)
            steps.append(s.toInt());
    auto run = [&window, steps] {
        window.verifyPanel()->applyInputs(); // step 2 is filled as by any Run button
        window.workspace()->verification()->runSteps(steps);
    };
    if (!window.workspace()->inputs()->isInspecting()) {
        run();
        return;
    }
    auto *once = new QObject(&window);
    QObject::connect(window.workspace()->inputs(), &hd::ui::InputsController::artifactsChanged,
                     once, [once, run] {
                         once->deleteLater();
                         run();
                     });
}

// What the command line asks the window to show: the demo, a session, files, the walkthrough,
// targets, a kernel name, steps to run. False when a screenshot cannot be taken (a session that
// cannot be read).
bool applyStartupOptions(hd::ui::MainWindow &window, const QCommandLineParser &parser,
                         const QStringList &paths, bool screenshot) {
    // The demo's first case (the kernel without extern "C"); File > Demo cases has the others.
    if (parser.isSet(QStringLiteral("demo")) && !window.workspace()->inputs()->openDemo(1))
        std::fprintf(stderr,
                     "hipdoctor: the demo programs were not found (set HIPDOCTOR_DEMO_DIR)\n");
    if (parser.isSet(QStringLiteral("session"))) {
        // Read before the window settles so a screenshot shows it; sessions are small.
        QString error;
        const std::optional<hd::Session> session =
            hd::loadSession(parser.value(QStringLiteral("session")), &error);
        if (!session) {
            std::fprintf(stderr, "hipdoctor: %s\n", qPrintable(error));
            if (screenshot)
                return false;
        } else {
            window.workspace()->verification()->applySession(*session);
        }
    }
    if (!paths.isEmpty())
        window.openPaths(paths);
    // The walkthrough opens on the first start and with the demo: the method, step by step.
    if (parser.isSet(QStringLiteral("demo")) ||
        (!screenshot && !QSettings().value(QStringLiteral("walkthroughSeen")).toBool())) {
        window.startWalkthrough();
        if (!screenshot)
            QSettings().setValue(QStringLiteral("walkthroughSeen"), true);
    }
    for (const QString &t : parser.values(QStringLiteral("target"))) {
        QString error;
        if (!window.workspace()->targets()->addTarget(t, &error))
            std::fprintf(stderr, "hipdoctor: --target %s: %s\n", qPrintable(t), qPrintable(error));
    }
    if (parser.isSet(QStringLiteral("kernel")))
        window.artifactsPanel()->setRequestedName(parser.value(QStringLiteral("kernel")));
    if (parser.isSet(QStringLiteral("run-step")))
        runStepsWhenRead(window, parser.value(QStringLiteral("run-step")));
    return true;
}

// --screenshot FILE [--panel NAME...]: once the window is idle, each panel (or the window) to a
// PNG; the exit status.
int takeScreenshots(hd::ui::MainWindow &window, const QCommandLineParser &parser, QSize size) {
    waitUntilIdle(window, 300000);
    // Still needed (checked 2026-11-30 with tst_ui_screenshot and xvfb-run, Qt 6.4 xcb on
    // Xvfb without a window manager): without it the PNG of `--size 1024x700` is 2597x700
    // (2169x700 with --lang zh_CN, 2597x900 at the default 1440x900), with or without
    // artifacts open. The window is widened once, about 0.6 s after start, by a resize that
    // comes from the platform window (no QWidget::resize/setMinimumSize call of ours or of a
    // layout leads to it), while its minimumSizeHint() is only ~820 px: the contents fit
    // the asked size, so taking it again here is safe.
    window.resize(size);
    QApplication::processEvents();

    QStringList panels = parser.values(QStringLiteral("panel"));
    if (panels.isEmpty())
        panels.append(QString());
    const QString pattern = parser.value(QStringLiteral("screenshot"));
    if (panels.size() > 1 && !pattern.contains(QLatin1String("{panel}"))) {
        std::fprintf(stderr, "hipdoctor: several --panel need {panel} in the file name\n");
        return 2;
    }
    for (const QString &panel : panels) {
        const QString name = panel == QLatin1String("window") ? QString() : panel;
        QString path = pattern;
        path.replace(QLatin1String("{panel}"), panel.isEmpty() ? QStringLiteral("window") : panel);
        QString error;
        if (!window.saveScreenshot(path, name, &error)) {
            std::fprintf(stderr, "hipdoctor: %s\n", qPrintable(error));
            return 2;
        }
    }
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    hd::app::tuneHeap(argv); // may re-execute this process (see heap_tuning.h)
    QElapsedTimer startup;
    startup.start();
    QApplication::setAttribute(Qt::AA_DontCreateNativeWidgetSiblings);
    // QGuiApplication takes "-session ID" / "--session ID" (X11 session management) out of argv
    // before our parser sees it; hand our --session FILE over under a name Qt leaves alone.
    static char sessionFileOpt[] = "--session-file";
    for (int i = 1; i + 1 < argc; ++i)
        if (qstrcmp(argv[i], "--session") == 0 || qstrcmp(argv[i], "-session") == 0)
            argv[i] = sessionFileOpt;
    if (const std::optional<int> answered = answerWithoutDisplay(argc, argv))
        return *answered;
    const QHash<QString, QString> aliases = argumentPathAliases(argc, argv);
    const auto realPaths = [&aliases](QStringList paths) {
        for (QString &p : paths)
            p = aliases.value(p, p);
        return paths;
    };
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("hipdoctor"));
    QApplication::setApplicationName(QStringLiteral("hipdoctor"));
    hd::installTerminationHandlers(); // children go with the app (docs/limits.md)
    QApplication::setApplicationVersion(hd::version());
    QApplication::setDesktopFileName(QStringLiteral("io.github.hipdoctor.hipdoctor"));

    QCommandLineParser parser;
    defineOptions(parser);
    parser.process(app);

    // --lang, else View > Language's choice, else the system locale (LANG=zh_CN.UTF-8).
    const QString lang = hd::ui::startupLanguage(parser.value(QStringLiteral("lang")));
    if (!hd::ui::setLanguage(lang))
        std::fprintf(stderr, "hipdoctor: no translation for \"%s\", using English\n",
                     qPrintable(lang));

    const bool screenshot = parser.isSet(QStringLiteral("screenshot"));
    hd::ui::MainWindow window;
    if (screenshot)
        window.resize(screenshotSize(parser));
    else
        window.restoreLayout();
    window.show();
    // bench/gui-startup.sh and bench/gui-open-big.sh time this window (bench/gui/).
    if (const std::optional<int> benched =
            hd::bench::runGuiBench(startup, window, realPaths(parser.positionalArguments())))
        return *benched;

    window.workspace()->targets()->refreshDevices();
    if (!applyStartupOptions(
            window, parser,
            realPaths(parser.values(QStringLiteral("open")) + parser.positionalArguments()),
            screenshot))
        return 2;
    if (screenshot)
        return takeScreenshots(window, parser, screenshotSize(parser));
    return QApplication::exec();
}
