// hipdoctor-cli verify and report, run as the user runs them.
#include "common/json_writer.h"
#include "model/session.h"
#include "sample_session.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace hd;

namespace {

struct Run {
    int code = -1;
    QString out, err;
};

Run cli(const QStringList &args, const QString &cwd = {},
        const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    if (!cwd.isEmpty())
        p.setWorkingDirectory(cwd);
    p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
    p.waitForFinished(600000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString script(const QTemporaryDir &dir) {
    const QString path = dir.filePath(QStringLiteral("train.sh"));
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("#!/bin/sh\nif [ \"${USE_TRITON:-1}\" = 0 ]; then exit 0; fi\n"
            "echo \"token in url: https://me:$HF_TOKEN@hub.example/x\" >&2\n"
            "echo 'RuntimeError: HIP error: hipErrorInvalidDeviceFunction' >&2\nexit 1\n");
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}

QString readText(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TestVerifyCli : public QObject {
    Q_OBJECT
private slots:
    void step3SessionAndReports() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s.json"));
        const QString md = dir.filePath(QStringLiteral("inline.md"));
        const Run r = cli({QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("3"),
                           QStringLiteral("--env"), QStringLiteral("HF_TOKEN=hf_secret_value_1"),
                           QStringLiteral("--run"), script(dir), QStringLiteral("--"),
                           QStringLiteral("--switch"), QStringLiteral("USE_TRITON=0"),
                           QStringLiteral("--session"), session, QStringLiteral("--report"), md});
        QCOMPARE(r.code, 1); // an error finding
        QVERIFY2(r.out.contains(QLatin1String("context.triton-state")), qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(QLatin1String("direction: 3")));
        QVERIFY(r.out.contains(QLatin1String("[FAIL] as-is")));
        QVERIFY(r.out.contains(QLatin1String("[PASS] without-triton")));
        QString e;
        const auto s = loadSession(session, &e);
        QVERIFY2(s, qPrintable(e));
        QCOMPARE(s->steps.size(), 1);
        QCOMPARE(s->steps[0].step, 3);
        QCOMPARE(s->comparison.direction, Direction::CodeObject);
        QVERIFY(readText(md).contains(QLatin1String("`context.triton-state`")));
        QVERIFY(!readText(md).contains(QLatin1String("hf_secret_value_1")));

        // report: md and html, redacted by default, --no-redact keeps the value.
        const QString html = dir.filePath(QStringLiteral("r.html"));
        Run rep = cli({QStringLiteral("report"), session, QStringLiteral("--format"),
                       QStringLiteral("html"), QStringLiteral("-o"), html});
        QCOMPARE(rep.code, 0);
        const QString h = readText(html);
        QVERIFY(h.startsWith(QLatin1String("<!DOCTYPE html>")));
        QVERIFY(!h.contains(QLatin1String("hf_secret_value_1")));
        QVERIFY(h.contains(QLatin1String("https://[redacted]@hub.example/x")));
        rep = cli({QStringLiteral("report"), session, QStringLiteral("--format"),
                   QStringLiteral("md"), QStringLiteral("-o"), QStringLiteral("-"),
                   QStringLiteral("--no-redact")});
        QCOMPARE(rep.code, 0);
        QVERIFY(rep.out.startsWith(QLatin1String("# hipdoctor verification report")));
        QVERIFY(rep.out.contains(QLatin1String("hf_secret_value_1")));
    }

    void htmlChartsFromTheChartModule() {
        // The CLI draws charts through hipdoctor-charts.so, loaded for `report` and `verify`
        // only; where the module is missing (a build without the GUI, a broken install) the
        // report shows the timing tables and says why there are no charts.
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("s.json"));
        QString e;
        QVERIFY2(saveSession(hdtest::sampleSession(), session, &e), qPrintable(e));
        const QStringList args{QStringLiteral("report"),   session,
                               QStringLiteral("--format"), QStringLiteral("html"),
                               QStringLiteral("-o"),       QStringLiteral("-")};
        const Run r = cli(args);
        QCOMPARE(r.code, 0);
        const qsizetype images = r.out.count(QLatin1String("<img class=\"chart\""));
#ifdef HD_TEST_CHART_MODULE
        QVERIFY2(images >= 3, qPrintable(r.err)); // timeline, phase bars, latency histogram
        QVERIFY(r.out.contains(QLatin1String("src=\"data:image/png;base64,iVBORw0KGgo")));
#else
        QCOMPARE(images, qsizetype(0));
#endif
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HIPDOCTOR_CHARTS_MODULE"),
                   dir.filePath(QStringLiteral("none.so")));
        const Run without = cli(args, {}, env);
        QCOMPARE(without.code, 0);
        QCOMPARE(without.out.count(QLatin1String("<img class=\"chart\"")), qsizetype(0));
        QVERIFY(without.out.contains(QLatin1String("Charts need the chart renderer")));
        QVERIFY(without.out.contains(QLatin1String("<table")));
    }

    void jsonOutput() {
        QTemporaryDir dir;
        const Run r = cli({QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("3"),
                           QStringLiteral("--json"), QStringLiteral("--run"),
                           QStringLiteral("/bin/true"), QStringLiteral("--")});
        QCOMPARE(r.code, 0);
        QJsonParseError pe;
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &pe).object();
        QCOMPARE(pe.error, QJsonParseError::NoError);
        QCOMPARE(o.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("hipdoctor.session/2"));
        QString e;
        const auto s = Session::fromJson(o, &e);
        QVERIFY2(s, qPrintable(e));
        // The inventory of this machine, collected by verify (docs/schema-session.md).
        QVERIFY(s->inventory.find(QStringLiteral("system"), QStringLiteral("kernel")));
        QVERIFY(s->inventory.find(QStringLiteral("devices"), QStringLiteral("/dev/kfd")));
        QVERIFY(!s->inventory.section(QStringLiteral("packages")).isEmpty());
    }

    void inventoryOnlyWhereTheSessionIsKept() {
        // The session inventory (python3, rocminfo, the compilers' --version: seconds of CPU)
        // is collected when the session is printed as JSON, saved or reported; the text
        // printout does not show it, so plain `verify` runs none of it (docs/performance.md
        // "Step 1 from cold"). A python3 first on PATH logs each call: the inventory asks it.
        QTemporaryDir dir;
        const QString calls = dir.filePath(QStringLiteral("python3.calls"));
        QFile spy(dir.filePath(QStringLiteral("python3")));
        QVERIFY(spy.open(QIODevice::WriteOnly));
        spy.write(QStringLiteral("#!/bin/sh\necho called >> '%1'\nexit 1\n").arg(calls).toUtf8());
        spy.close();
        spy.setPermissions(spy.permissions() | QFileDevice::ExeOwner);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"),
                   dir.path() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        const QStringList step3{QStringLiteral("verify"),    QStringLiteral("--step"),
                                QStringLiteral("3"),         QStringLiteral("--run"),
                                QStringLiteral("/bin/true"), QStringLiteral("--")};

        const Run text = cli(step3, {}, env);
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains(QLatin1String("[PASS] as-is")), qPrintable(text.out + text.err));
        QVERIFY2(!QFile::exists(calls), qPrintable(readText(calls)));

        const QString session = dir.filePath(QStringLiteral("s.json"));
        const Run saved = cli(step3 + QStringList{QStringLiteral("--session"), session}, {}, env);
        QCOMPARE(saved.code, 0);
        QVERIFY(readText(calls).contains(QLatin1String("called")));
        QString e;
        const auto s = loadSession(session, &e);
        QVERIFY2(s, qPrintable(e));
        QVERIFY(s->inventory.find(QStringLiteral("system"), QStringLiteral("kernel")));
        // The spy's silence is the python section's answer.
        QVERIFY(!s->inventory.section(QStringLiteral("python")).isEmpty());
        // Each step that ran carries the command that runs it again (the report's top shows
        // it), without what only shaped this run's output.
        QCOMPARE(s->steps.size(), 1);
        QCOMPARE(s->steps.first().rerun,
                 QStringLiteral("hipdoctor-cli verify --step 3 --run /bin/true --"));
        // The case verdict is kept with the session.
        QVERIFY(!s->caseVerdict.isEmpty());
    }

    void relativeFoldersAreTheUsers() {
        // --kernels-dir and --cache-dir relative to where the user runs the command: the
        // compiles run in the cache's own folders, where those paths used to point nowhere.
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("src")));
        for (const char *name : {"vector_add.hip", "vector_add_main.hip"})
            QVERIFY(
                QFile::copy(hdtest::sourceDir() + QStringLiteral("/kernels/") + QLatin1String(name),
                            dir.filePath(QStringLiteral("src/") + QLatin1String(name))));
        const Run r = cli({QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("1"),
                           QStringLiteral("--target"), QStringLiteral("gfx90a"),
                           QStringLiteral("--kernels-dir"), QStringLiteral("src"),
                           QStringLiteral("--cache-dir"), QStringLiteral("cache")},
                          dir.path());
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\[PASS\\] compile-program "))),
                 qPrintable(r.out + r.err));
        QVERIFY2(
            r.out.contains(QRegularExpression(QStringLiteral("\\[PASS\\] compile-code-object "))),
            qPrintable(r.out));
        // The cache is where it was asked for: beside the sources, from the user's folder.
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("cache/compilers.json"))));
    }

    void streamedJsonIsTheSavedSession() {
        // verify --json streams the session (writeJson); --session saves toJson(), the same
        // writer's bytes parsed back and indented by QJsonDocument. On a real step-3 run
        // (findings, comparison, signatures, env), both styles of stdout must hold the saved
        // document, byte for byte what printing the saved object gives, and load again
        // (docs/cli.md "JSON documents").
        for (const bool pretty : {false, true}) {
            QTemporaryDir dir;
            const QString session = dir.filePath(QStringLiteral("s.json"));
            const Run r = cli(
                {QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("3"),
                 pretty ? QStringLiteral("--pretty") : QStringLiteral("--json"),
                 QStringLiteral("--env"), QStringLiteral("HF_TOKEN=hf_secret_value_2"),
                 QStringLiteral("--session"), session, QStringLiteral("--run"), script(dir),
                 QStringLiteral("--"), QStringLiteral("--switch"), QStringLiteral("USE_TRITON=0")});
            QCOMPARE(r.code, 1);
            QFile f(session);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QJsonObject saved = QJsonDocument::fromJson(f.readAll()).object();
            QVERIFY(!saved.value(QStringLiteral("steps")).toArray().isEmpty());
            const QByteArray out = r.out.toUtf8();
            QCOMPARE(QJsonDocument::fromJson(out), QJsonDocument(saved));
            JsonWriter w(nullptr, pretty ? JsonWriter::Style::Pretty : JsonWriter::Style::Compact);
            w.value(saved);
            QCOMPARE(out, w.takeBytes());
            QString e;
            const auto back = parseSession(out, QStringLiteral("stdout"), &e);
            QVERIFY2(back, qPrintable(e));
            QCOMPARE(back->toJson(), saved);
        }
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad step") << QStringList{QStringLiteral("--step"), QStringLiteral("4")}
                                  << "--step 4";
        QTest::newRow("bad env value")
            << QStringList{QStringLiteral("--env"), QStringLiteral("AMD_LOG_LEVEL=9")}
            << "AMD_LOG_LEVEL=9";
        QTest::newRow("not an assignment")
            << QStringList{QStringLiteral("--env"), QStringLiteral("FOO")} << "NAME=VALUE";
        QTest::newRow("step 2 without input")
            << QStringList{QStringLiteral("--step"), QStringLiteral("2")} << "step 2 needs";
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("--frobnicate")} << "unknown option";
        QTest::newRow("bad target")
            << QStringList{QStringLiteral("--target"), QStringLiteral("gfx")} << "--target gfx";
        QTest::newRow("bad grid") << QStringList{QStringLiteral("--grid"), QStringLiteral("0")}
                                  << "--grid";
        QTest::newRow("no preset")
            << QStringList{QStringLiteral("--preset"), QStringLiteral("loud")} << "unknown preset";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(QStringList{QStringLiteral("verify")} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err.left(300)));
        QVERIFY(r.err.contains(QLatin1String("usage: hipdoctor-cli verify")));
    }

    void reportErrors() {
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("broken.json"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema\":\"hipdoctor.session/1\",\"steps\":[{\"step\":1,");
        f.close();
        Run r = cli({QStringLiteral("report"), broken, QStringLiteral("-o"),
                     dir.filePath(QStringLiteral("x.md"))});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(broken) && r.err.contains(QLatin1String("truncated")),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.md"))));
        r = cli({QStringLiteral("report"), broken});
        QCOMPARE(r.code, 2);
        r = cli({QStringLiteral("report"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QLatin1String("--format md|html")));
    }

    void helpDocumentsStepOptions() {
        const Run r = cli({QStringLiteral("verify"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        for (const char *opt :
             {"--target", "--artifact", "--kernel", "--args", "--grid", "--block", "--repeat",
              "--dlopen", "--exec", "--compile", "--run", "--switch", "--variant", "--cwd",
              "--import-records", "--report", "--json", "--env"})
            QVERIFY2(r.out.contains(QLatin1String(opt)), opt);
    }
};

QTEST_GUILESS_MAIN(TestVerifyCli)
#include "tst_verify_cli.moc"
