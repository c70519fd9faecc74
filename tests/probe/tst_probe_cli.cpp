// hipdoctor-cli devices / launch end to end against the real Debian HIP runtime (no GPU here):
// the runtime is reported with its version and "no device", usage errors are exit 2, a host
// binary's code object is extracted for --target before the launch.

#include "testpaths.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

class TstProbeCli : public QObject {
    Q_OBJECT

    struct Run {
        int exitCode = -1;
        QString out, err;
    };
    static Run cli(const QStringList &args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HIPDOCTOR_PROBE"),
                   hdtest::binary(QStringLiteral("hipdoctor-probe")));
        p.setProcessEnvironment(env);
        p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
        Run r;
        if (!p.waitForFinished(120000))
            return r;
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

private slots:
    void devicesHuman() {
        const Run r = cli({QStringLiteral("devices")});
        QCOMPARE(r.exitCode, 1);
        const QString version =
            QFileInfo(QStringLiteral("/usr/lib/x86_64-linux-gnu/libamdhip64.so"))
                .canonicalFilePath()
                .section(QStringLiteral(".so."), 1);
        QVERIFY2(r.out.contains(QStringLiteral("runtime: hip ") + version), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("no-device")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("hipErrorNoDevice")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("runtime.no-device")));
    }

    void devicesJson() {
        const Run r = cli({QStringLiteral("devices"), QStringLiteral("--json"),
                           QStringLiteral("--backend"), QStringLiteral("hip")});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QLatin1String("schema")).toString(),
                 QStringLiteral("hipdoctor.probe-result/1"));
        QCOMPARE(o.value(QLatin1String("status")).toString(), QStringLiteral("no-device"));
        QCOMPARE(
            o.value(QLatin1String("failed_call")).toObject().value(QLatin1String("api")).toString(),
            QStringLiteral("hipGetDeviceCount"));
        QCOMPARE(
            o.value(QLatin1String("failed_call")).toObject().value(QLatin1String("code")).toInt(),
            100);
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("devices: unknown option")
            << QStringList{"devices", "--bogus"} << "unknown option '--bogus'";
        QTest::newRow("devices: bad backend")
            << QStringList{"devices", "--backend", "opencl"} << "auto, hip or cuda";
        QTest::newRow("devices: bad env")
            << QStringList{"devices", "--env", "NOEQUALS"} << "NAME=VALUE";
        QTest::newRow("launch: no kernel")
            << QStringList{"launch", "x.hsaco", "--args", "i32:1", "--grid", "1", "--block", "1"}
            << "--kernel";
        QTest::newRow("launch: bad grid")
            << QStringList{"launch", "x",      "--kernel", "k",       "--args",
                           "i32:1",  "--grid", "0",        "--block", "1"}
            << "--grid";
        QTest::newRow("launch: missing file") << QStringList{"launch",   "/nonexistent/x.hsaco",
                                                             "--kernel", "k",
                                                             "--args",   "i32:1",
                                                             "--grid",   "1",
                                                             "--block",  "1"}
                                              << "no such file";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // A bad argument spec is refused by the probe before the runtime is touched.
    void launchBadSpec() {
        const Run r =
            cli({QStringLiteral("launch"),
                 hdtest::sourceDir() + QStringLiteral("/kernels/vector_add.hip"),
                 QStringLiteral("--kernel"), QStringLiteral("vector_add"), QStringLiteral("--args"),
                 QStringLiteral("buf:f32:16:rand, buf:q8:16"), QStringLiteral("--grid"),
                 QStringLiteral("1"), QStringLiteral("--block"), QStringLiteral("16")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.contains(QStringLiteral("unknown element type 'q8'")), qPrintable(r.out));
    }

    // The launch reaches the real runtime and stops at "no device", with the env profile applied.
    void launchNoDevice() {
        const QString file = hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.hsaco"));
        QVERIFY2(QFileInfo::exists(file), qPrintable(file));
        const Run r = cli(
            {QStringLiteral("launch"), file, QStringLiteral("--kernel"),
             QStringLiteral("vector_add"), QStringLiteral("--args"),
             QStringLiteral("buf:f32:1024:rand, buf:f32:1024:rand, buf:f32:1024:out, i32:1024"),
             QStringLiteral("--grid"), QStringLiteral("4"), QStringLiteral("--block"),
             QStringLiteral("256"), QStringLiteral("--repeat"), QStringLiteral("3"),
             QStringLiteral("--env"), QStringLiteral("AMD_LOG_LEVEL=3"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QLatin1String("status")).toString(), QStringLiteral("no-device"));
        QVERIFY(o.value(QLatin1String("environment"))
                    .toVariant()
                    .toStringList()
                    .contains(QStringLiteral("AMD_LOG_LEVEL=3")));
        QVERIFY(o.value(QLatin1String("stderr"))
                    .toString()
                    .contains(QStringLiteral("hipGetDeviceCount")));
        QCOMPARE(
            o.value(QLatin1String("request")).toObject().value(QLatin1String("repeat")).toInt(), 3);
    }

    // A host library: the gfx1030 code object is cut out of .hip_fatbin and handed to the probe.
    void launchHostBinaryExtracts() {
        const QString lib = hdtest::kernelArtifact(QStringLiteral("libvector_add.so"));
        QVERIFY2(QFileInfo::exists(lib), qPrintable(lib));
        const QStringList common = {
            QStringLiteral("--kernel"),
            QStringLiteral("vector_add"),
            QStringLiteral("--args"),
            QStringLiteral("buf:f32:64:rand, buf:f32:64:rand, buf:f32:64:out, i32:64"),
            QStringLiteral("--grid"),
            QStringLiteral("1"),
            QStringLiteral("--block"),
            QStringLiteral("64")};
        const Run r = cli(QStringList{QStringLiteral("launch"), lib, QStringLiteral("--target"),
                                      QStringLiteral("gfx1030")} +
                          common);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.startsWith(QStringLiteral("using ")), qPrintable(r.out));
        QVERIFY2(r.out.section(QLatin1Char('\n'), 0, 0).contains(QStringLiteral("gfx1030")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("no-device")), qPrintable(r.out));
        // a target the library was not built for is a finding, not a launch
        const Run none = cli(QStringList{QStringLiteral("launch"), lib, QStringLiteral("--target"),
                                         QStringLiteral("gfx942")} +
                             common);
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains(QStringLiteral("no code object for gfx942")),
                 qPrintable(none.err));
    }
};

QTEST_GUILESS_MAIN(TstProbeCli)
#include "tst_probe_cli.moc"
