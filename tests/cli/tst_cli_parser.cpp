// hipdoctor-cli's declared command lines (docs/cli.md): help from the declarations, both
// `--x V` and `--x=V`, misspelt options answered with a suggestion, the generated completions
// and man pages, and the terminal manners (no Qt noise, the error first, colour only on a
// terminal, the terminal's width, demo commands that run from where the user is).

#include "common/shell.h"
#include "sample_session.h"
#include "model/session.h"
#include "testpaths.h"
#include "verify/verifier.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QString out, err;
};

Run run(const QString &program, const QStringList &args, const QStringList &unset = {},
        const QStringList &set = {}, const QString &cwd = {}) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &u : unset)
        env.remove(u);
    for (const QString &s : set)
        env.insert(s.section(QLatin1Char('='), 0, 0), s.section(QLatin1Char('='), 1));
    p.setProcessEnvironment(env);
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    p.start(program, args);
    if (!p.waitForFinished(300000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString cliPath() {
    return hdtest::binary(QStringLiteral("hipdoctor-cli"));
}

Run cli(const QStringList &args, const QStringList &unset = {}, const QStringList &set = {}) {
    return run(cliPath(), args, unset, set);
}

const QStringList kCommands{"demo",   "devices", "diagnose", "inspect", "launch",
                            "report", "sysinfo", "triton",   "verify"};

// Every option spelling a command's help lists ("--target", "-o", "--output" ...).
QStringList helpOptions(const QString &command) {
    const Run r = cli({QStringLiteral("help"), command});
    QStringList names;
    static const QRegularExpression re(QStringLiteral("^  (-[a-z]), (--[a-z-]+)|^  (--[a-z-]+)"),
                                       QRegularExpression::MultilineOption);
    auto it = re.globalMatch(r.out);
    while (it.hasNext()) {
        const auto m = it.next();
        for (int i = 1; i <= 3; ++i)
            if (!m.captured(i).isEmpty())
                names << m.captured(i);
    }
    return names;
}

QString generated(const QString &rel) {
    return hdtest::buildDir() + QStringLiteral("/share/") + rel;
}

} // namespace

class TstCliParser : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(QFileInfo::exists(cliPath())); }

    void helpFromDeclarations_data() {
        QTest::addColumn<QString>("command");
        for (const QString &c : kCommands)
            QTest::newRow(qPrintable(c)) << c;
    }
    void helpFromDeclarations() {
        QFETCH(QString, command);
        const Run help = cli({QStringLiteral("help"), command});
        QCOMPARE(help.code, 0);
        QVERIFY2(help.out.startsWith(QStringLiteral("usage: hipdoctor-cli ") + command),
                 qPrintable(help.out));
        QVERIFY(help.out.contains(QLatin1String("-h, --help")));
        // COMMAND --help and -h print the same text.
        QCOMPARE(cli({command, QStringLiteral("--help")}).out, help.out);
        QCOMPARE(cli({command, QStringLiteral("-h")}).out, help.out);
        QVERIFY(helpOptions(command).size() >= 2);
    }

    void misspeltOptions_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("suggestion");
        QTest::newRow("diagnose --kernels")
            << QStringList{"diagnose", "--kernels", "vecAdd", "x.co"}
            << "unknown option '--kernels'"
            << "did you mean --kernel?";
        QTest::newRow("diagnose --targets=")
            << QStringList{"diagnose", "--targets=gfx90a", "x.co"} << "unknown option '--targets'"
            << "did you mean --target?";
        QTest::newRow("inspect --summry")
            << QStringList{"inspect", "--summry", "x.co"} << "unknown option '--summry'"
            << "did you mean --summary?";
        QTest::newRow("verify --targt")
            << QStringList{"verify", "--targt", "gfx90a"} << "unknown option '--targt'"
            << "did you mean --target?";
        QTest::newRow("launch --runtime")
            << QStringList{"launch", "--blok", "1", "x.co"} << "unknown option '--blok'"
            << "did you mean --block?";
        // An option of another command says whose it is.
        QTest::newRow("diagnose --env-profile")
            << QStringList{"diagnose", "--env-profile", "p.json", "x.co"}
            << "unknown option '--env-profile'"
            << "it is an option of verify";
        QTest::newRow("missing value")
            << QStringList{"inspect", "x.co", "--target"} << "--target needs a value (ID)"
            << "";
        QTest::newRow("flag with a value")
            << QStringList{"inspect", "--json=yes", "x.co"} << "--json takes no value"
            << "";
        QTest::newRow("no input") << QStringList{"diagnose"} << "no INPUT given"
                                  << "";
        QTest::newRow("extra argument")
            << QStringList{"triton", "a", "b"} << "one CACHE_DIR only ('b' is extra)"
            << "";
        QTest::newRow("unknown command") << QStringList{"inpsect"} << "unknown command 'inpsect'"
                                         << "did you mean inspect?";
    }
    void misspeltOptions() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QFETCH(QString, suggestion);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(r.err.contains(suggestion), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("usage: hipdoctor-cli")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    // `--x=V` is `--x V` in every command: a bad value is read and refused the same way.
    void equalsForm_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("verify --target=")
            << QStringList{"verify", "--target=gfx"} << "--target gfx";
        QTest::newRow("launch --target=")
            << QStringList{"launch",   "x",         "--kernel=k",  "--args=i32:1",
                           "--grid=1", "--block=1", "--target=gfx"}
            << "--target gfx";
        QTest::newRow("launch --grid=0")
            << QStringList{"launch", "x", "--kernel=k", "--args=i32:1", "--grid=0", "--block=1"}
            << "--grid: expected X[,Y,Z]";
        QTest::newRow("devices --backend=") << QStringList{"devices", "--backend=opencl"}
                                            << "--backend: expected auto, hip or cuda";
        QTest::newRow("devices --env=") << QStringList{"devices", "--env=1X=2"} << "NAME=VALUE";
        QTest::newRow("verify --grid=")
            << QStringList{"verify", "--grid=4,0"} << "--grid: expected X[,Y,Z]";
        QTest::newRow("verify --run-env=")
            << QStringList{"verify", "--run-env=NOEQUALS"} << "--run-env: expected NAME=VALUE";
        QTest::newRow("sysinfo --timeout=")
            << QStringList{"sysinfo", "--timeout=-1"} << "--timeout: expected a number of seconds";
        QTest::newRow("report --format=")
            << QStringList{"report", "s.json", "--format=pdf"} << "--format: expected md or html";
    }
    void equalsForm() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // The pre-pass: --run takes everything up to a lone "--"; an option value that reads like
    // an option is still a value.
    void restOfTheCommandLine() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s.json"));
        const Run r = cli({QStringLiteral("verify"), QStringLiteral("--step=3"),
                           QStringLiteral("--run"), QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                           QStringLiteral("exit 0"), QStringLiteral("--json"), QStringLiteral("--"),
                           QStringLiteral("--session"), session});
        QCOMPARE(r.code, 0);
        // --json was part of the command (so the readable summary was printed), --session not.
        QVERIFY2(r.out.contains(QLatin1String("step 3")), qPrintable(r.out + r.err));
        QString error;
        const auto s = hd::loadSession(session, &error);
        QVERIFY2(s, qPrintable(error));
        const hd::VerifyOptions options = hd::VerifyOptions::fromJson(s->inputs);
        QCOMPARE(options.step3.argv, (QStringList{"/bin/sh", "-c", "exit 0", "--json"}));
    }

    void completionListsEverything() {
        const QString bash = generated(QStringLiteral("bash-completion/completions/hipdoctor-cli"));
        const QString zsh = generated(QStringLiteral("zsh/vendor-completions/_hipdoctor-cli"));
        QFile b(bash), z(zsh);
        QVERIFY2(b.open(QIODevice::ReadOnly), qPrintable(bash));
        QVERIFY2(z.open(QIODevice::ReadOnly), qPrintable(zsh));
        const QString bashText = QString::fromUtf8(b.readAll());
        const QString zshText = QString::fromUtf8(z.readAll());
        // The build's files are what the program prints now.
        QCOMPARE(cli({QStringLiteral("completion"), QStringLiteral("bash")}).out, bashText);
        QCOMPARE(cli({QStringLiteral("completion"), QStringLiteral("zsh")}).out, zshText);
        QVERIFY(zshText.startsWith(QLatin1String("#compdef hipdoctor-cli\n")));
        for (const QString &c : kCommands) {
            const QString bashCase =
                bashText.section(QStringLiteral("\n        ") + c + QLatin1Char(')'), 1)
                    .section(QStringLiteral(";;\n        "), 0, 0);
            const QString zshCase =
                zshText.section(QStringLiteral("\n    (") + c + QLatin1Char(')'), 1)
                    .section(QStringLiteral(";;"), 0, 0);
            QVERIFY2(!bashCase.isEmpty() && !zshCase.isEmpty(), qPrintable(c));
            const QStringList opts = helpOptions(c);
            QVERIFY(!opts.isEmpty());
            for (const QString &o : opts) {
                QVERIFY2(bashCase.contains(o), qPrintable(c + QLatin1Char(' ') + o));
                QVERIFY2(zshCase.contains(QLatin1Char('\'') + o) ||
                             zshCase.contains(QLatin1Char('*') + o),
                         qPrintable(c + QLatin1Char(' ') + o));
            }
        }
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty(), "bash");
        // The bash script parses and completes: commands, options, choices.
        const auto complete = [&](const QStringList &words) {
            const QString script =
                QStringLiteral("source '%1'; COMP_WORDS=(%2); COMP_CWORD=%3; _hipdoctor_cli; "
                               "printf '%s\\n' \"${COMPREPLY[@]}\"")
                    .arg(bash, hd::shellJoin(words))
                    .arg(words.size() - 1);
            return run(QStringLiteral("bash"), {QStringLiteral("-c"), script})
                .out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        };
        QCOMPARE(complete({"hipdoctor-cli", "ins"}), QStringList{"inspect"});
        QCOMPARE(complete({"hipdoctor-cli", "diagnose", "--ker"}), QStringList{"--kernel"});
        QCOMPARE(complete({"hipdoctor-cli", "devices", "--backend", ""}),
                 (QStringList{"auto", "hip", "cuda"}));
        QCOMPARE(complete({"hipdoctor-cli", "devices", "--backend", "=", "cu"}),
                 QStringList{"cuda"});
        QCOMPARE(complete({"hipdoctor-cli", "help", "tri"}), QStringList{"triton"});
    }

    void manPagesParse_data() {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QStringList>("sections");
        QTest::newRow("hipdoctor-cli.1") << QStringLiteral("hipdoctor-cli.1")
                                         << QStringList{"NAME",     "SYNOPSIS",    "DESCRIPTION",
                                                        "COMMANDS", "EXIT STATUS", "SEE ALSO"};
        QTest::newRow("hipdoctor.1") << QStringLiteral("hipdoctor.1")
                                     << QStringList{"NAME", "SYNOPSIS", "OPTIONS", "SEE ALSO"};
    }
    void manPagesParse() {
        QFETCH(QString, page);
        QFETCH(QStringList, sections);
        const QString path = generated(QStringLiteral("man/man1/") + page);
        if (page == QLatin1String("hipdoctor.1") &&
            !QFileInfo::exists(hdtest::binary(QStringLiteral("hipdoctor"))))
            QSKIP("built without the GUI");
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        QVERIFY(QFileInfo::exists(path + QStringLiteral(".gz")));
        QString text;
        if (!QStandardPaths::findExecutable(QStringLiteral("groff")).isEmpty()) {
            // -ww: every warning; -z: no output. A page that parses cleanly says nothing.
            const Run g =
                run(QStringLiteral("groff"), {QStringLiteral("-man"), QStringLiteral("-Tutf8"),
                                              QStringLiteral("-ww"), QStringLiteral("-z"), path});
            QCOMPARE(g.code, 0);
            QVERIFY2(g.err.isEmpty(), qPrintable(g.err));
        }
        if (!QStandardPaths::findExecutable(QStringLiteral("man")).isEmpty()) {
            const Run m = run(QStringLiteral("man"), {QStringLiteral("-l"), path}, {},
                              {QStringLiteral("MANPAGER=cat"), QStringLiteral("MANWIDTH=100"),
                               QStringLiteral("MAN_KEEP_FORMATTING=0")});
            QCOMPARE(m.code, 0);
            text = m.out;
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            text = QString::fromUtf8(f.readAll()).replace(QLatin1String(".SH "), QString());
        }
        text.remove(QRegularExpression(QStringLiteral(".\\x08"))); // overstrike bold
        for (const QString &s : sections)
            QVERIFY2(text.contains(QRegularExpression(QLatin1Char('^') + s + QLatin1Char('$'),
                                                      QRegularExpression::MultilineOption)) ||
                         text.contains(QLatin1Char('"') + s + QLatin1Char('"')),
                     qPrintable(page + QLatin1Char(' ') + s));
        if (page == QLatin1String("hipdoctor-cli.1"))
            for (const QString &c : kCommands)
                for (const QString &o : helpOptions(c))
                    QVERIFY2(text.contains(o), qPrintable(c + QLatin1Char(' ') + o));
        else
            for (const char *o : {"--screenshot", "--session", "--target", "--open"})
                QVERIFY2(text.contains(QLatin1String(o)), o);
    }

    // No "QStandardPaths: XDG_RUNTIME_DIR not set" over ssh or in a container; the report goes
    // to stdout without -o.
    void reportQuietToStdout() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s.json"));
        QString error;
        QVERIFY2(hd::saveSession(hdtest::sampleSession(), session, &error), qPrintable(error));
        const Run r = cli({QStringLiteral("report"), session, QStringLiteral("--format=html")},
                          {QStringLiteral("XDG_RUNTIME_DIR")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("<html")));
        const Run md =
            cli({QStringLiteral("report"), session}, {QStringLiteral("XDG_RUNTIME_DIR")});
        QCOMPARE(md.code, 0);
        QVERIFY2(md.err.isEmpty(), qPrintable(md.err));
        QVERIFY(md.out.startsWith(QLatin1String("# hipdoctor verification report")));
    }

    // The error first, and nothing claiming "no findings" about a file that does not exist.
    void errorFirst() {
        const Run r = cli({QStringLiteral("diagnose"), QStringLiteral("/nonexistent/x.co")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QLatin1String("no such file")), qPrintable(r.err));
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    }

    // Every exit 1 says why, in every output mode.
    void exitOneSaysWhy_data() {
        QTest::addColumn<QStringList>("mode");
        QTest::newRow("text") << QStringList{};
        QTest::newRow("summary") << QStringList{"--summary"};
        QTest::newRow("json") << QStringList{"--json"};
    }
    void exitOneSaysWhy() {
        QFETCH(QStringList, mode);
        const Run r = cli(QStringList{QStringLiteral("inspect"), QStringLiteral("--target"),
                                      QStringLiteral("sm_90"),
                                      hdtest::fixture(QStringLiteral("nvidia/k80only.fatbin"))} +
                          mode);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QLatin1String("k80only.fatbin: --target sm_90: ")),
                 qPrintable(r.err));
    }

    // Colour only on a terminal and never with NO_COLOR; the width from COLUMNS.
    void terminal() {
        const QString diag =
            hd::shellJoin({cliPath(), QStringLiteral("diagnose"),
                           hdtest::fixture(QStringLiteral("nvidia/k80only.fatbin")),
                           QStringLiteral("--target"), QStringLiteral("sm_90")});
        const Run piped = cli({QStringLiteral("diagnose"),
                               hdtest::fixture(QStringLiteral("nvidia/k80only.fatbin")),
                               QStringLiteral("--target"), QStringLiteral("sm_90")});
        QCOMPARE(piped.code, 1);
        QVERIFY(!piped.out.contains(QLatin1Char('\x1b')));
        if (QStandardPaths::findExecutable(QStringLiteral("script")).isEmpty())
            QSKIP("no script(1) for a pseudo-terminal");
        // script(1) runs it on a pseudo-terminal.
        const Run tty = run(QStringLiteral("script"),
                            {QStringLiteral("-qec"), diag, QStringLiteral("/dev/null")}, {},
                            {QStringLiteral("TERM=xterm")});
        QVERIFY2(tty.out.contains(QLatin1String("\x1b[1;31mERROR")), qPrintable(tty.out));
        const Run noColour = run(QStringLiteral("script"),
                                 {QStringLiteral("-qec"), diag, QStringLiteral("/dev/null")}, {},
                                 {QStringLiteral("TERM=xterm"), QStringLiteral("NO_COLOR=1")});
        QVERIFY2(noColour.out.contains(QLatin1String("ERROR")), qPrintable(noColour.out));
        QVERIFY(!noColour.out.contains(QLatin1Char('\x1b')));
        for (int columns : {60, 140}) {
            const Run narrow = cli({QStringLiteral("help"), QStringLiteral("verify")}, {},
                                   {QStringLiteral("COLUMNS=%1").arg(columns)});
            int longest = 0;
            for (const QString &line : narrow.out.split(QLatin1Char('\n')))
                longest = std::max(longest, int(line.size()));
            QVERIFY2(longest <= columns, qPrintable(QString::number(longest)));
            if (columns > 100)
                QVERIFY(longest > 100); // wider than the old fixed 100 columns
        }
    }

    // demo prints commands that run, as printed, from the current directory.
    void demoCommandsRunFromHere() {
        const QString kernels = qEnvironmentVariable("HIPDOCTOR_KERNELS_DIR");
        if (!QFileInfo::exists(kernels + QStringLiteral("/scenarios/s01_mangled.co")))
            QSKIP("build/kernels has no hipcc outputs");
        QTemporaryDir elsewhere;
        const Run demo = run(cliPath(), {QStringLiteral("demo")}, {},
                             {QStringLiteral("HIPDOCTOR_DEMO_DIR=") + kernels}, elsewhere.path());
        QCOMPARE(demo.code, 0);
        static const QRegularExpression command(QStringLiteral("^  command: +(.*)$"),
                                                QRegularExpression::MultilineOption);
        const auto m = command.match(demo.out.section(QLatin1String("Kernel without extern"), 1));
        QVERIFY2(m.hasMatch(), qPrintable(demo.out.left(2000)));
        const QStringList argv = hd::shellSplit(m.captured(1));
        QVERIFY(argv.size() > 2);
        const QString program =
            argv.first() == QLatin1String("hipdoctor-cli") ? cliPath() : argv.first();
        const Run again = run(program, argv.mid(1), {}, {}, elsewhere.path());
        QCOMPARE(again.code, 1);
        QVERIFY2(again.out.contains(QLatin1String("symbol.mangled-name")), qPrintable(again.err));
    }
};

QTEST_GUILESS_MAIN(TstCliParser)
#include "tst_cli_parser.moc"
