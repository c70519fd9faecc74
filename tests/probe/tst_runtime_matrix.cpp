// The runtime matrix (docs/runtime-matrix.md): this build's probe and CLI against the HIP
// runtimes of Debian 13 (5.7), sid (6.4) and experimental (7.2), each in its root made by
// scripts/runtime-matrix.sh. The probe runs inside the root (chroot, in a private mount
// namespace) and must answer "runtime loaded, no device" with the library, version and ABI
// named; the probe's ABI table is compiled against each root's headers. Skips, saying why, when
// the roots are absent or this is not root. CTest label: runtime-matrix.

#include "hip_abi_compile.h"
#include "logs/amd_log.h"
#include "probe/probe_client.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace hd;

namespace {

QString rootsDir() {
    const QString env = qEnvironmentVariable("HIPDOCTOR_ROOTS");
    return env.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache/hipdoctor/roots") : env;
}

const char *kLibDir = "/usr/lib/x86_64-linux-gnu/";

} // namespace

class TstRuntimeMatrix : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QStringList m_copied; // probe folders put into roots, removed at the end

    // The root of this row, or a skip.
    QString rootOf(const QString &name) {
        const QString root = rootsDir() + QLatin1Char('/') + name;
        if (!QFileInfo::exists(root + QStringLiteral("/.hipdoctor-root")))
            return {};
        return root;
    }

    // A wrapper the engine starts as its probe: the build's probe, copied into the root, run
    // there with /proc, /sys and /dev in a private mount namespace (gone when it exits).
    QString probeWrapper(const QString &root) {
        const QString inRoot = QStringLiteral("/opt/hipdoctor-test-%1").arg(getpid());
        QDir().mkpath(root + inRoot);
        m_copied << root + inRoot;
        const QString probe = root + inRoot + QStringLiteral("/hipdoctor-probe");
        QFile::remove(probe);
        if (!QFile::copy(hdtest::binary(QStringLiteral("hipdoctor-probe")), probe))
            return {};
        const QString wrapper =
            m_tmp.filePath(QFileInfo(root).fileName() + QStringLiteral("-probe.sh"));
        QFile w(wrapper);
        if (!w.open(QIODevice::WriteOnly))
            return {};
        w.write(QStringLiteral("#!/bin/sh\n"
                               "exec unshare -m --propagation private -- /bin/sh -c '"
                               "mount -t proc proc \"$1/proc\" && mount --rbind /sys \"$1/sys\" "
                               "&& mount --rbind /dev \"$1/dev\" && exec chroot \"$1\" \"$2\"' "
                               "sh '%1' '%2'\n")
                    .arg(root, inRoot + QStringLiteral("/hipdoctor-probe"))
                    .toLocal8Bit());
        w.close();
        w.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        return wrapper;
    }

    // The runtime file of the root, found by its name (the oracle for what the probe loads):
    // "libamdhip64.so.6.4.43484".
    static QString runtimeFile(const QString &root, int major) {
        const QStringList files =
            QDir(root + QLatin1String(kLibDir))
                .entryList({QStringLiteral("libamdhip64.so.%1.*").arg(major)}, QDir::Files);
        return files.size() == 1 ? files.first() : QString();
    }

private slots:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        if (geteuid() != 0)
            QSKIP("the runtime matrix runs the probe with chroot, which needs root");
#ifdef HD_SANITIZER_BUILD
        QSKIP("a sanitizer build's probe needs this compiler's sanitizer runtimes, which the "
              "roots do not have");
#endif
        QStringList present;
        for (const char *n : {"trixie", "sid", "experimental"})
            if (!rootOf(QString::fromLatin1(n)).isEmpty())
                present << QString::fromLatin1(n);
        if (present.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no runtime-matrix roots under %1: make them with "
                                            "scripts/runtime-matrix.sh roots "
                                            "(docs/runtime-matrix.md)")
                                 .arg(rootsDir())));
        qInfo("roots: %s", qPrintable(present.join(QStringLiteral(", "))));
    }

    void cleanupTestCase() {
        for (const QString &d : std::as_const(m_copied))
            QDir(d).removeRecursively();
    }

    void probeInRoot_data() {
        QTest::addColumn<QString>("root");
        QTest::addColumn<int>("major");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("api");
        QTest::newRow("trixie, HIP 5.7") << QStringLiteral("trixie") << 5 << QStringLiteral("R0000")
                                         << QStringLiteral("hipGetDeviceProperties");
        QTest::newRow("sid, HIP 6.4") << QStringLiteral("sid") << 6 << QStringLiteral("R0600")
                                      << QStringLiteral("hipGetDevicePropertiesR0600");
        QTest::newRow("experimental, HIP 7.2")
            << QStringLiteral("experimental") << 7 << QStringLiteral("R0600")
            << QStringLiteral("hipGetDevicePropertiesR0600");
    }
    // Runtime loaded, no device: library, version and ABI named; the runtime's log read.
    void probeInRoot() {
        QFETCH(QString, root);
        QFETCH(int, major);
        QFETCH(QString, layout);
        QFETCH(QString, api);
        const QString dir = rootOf(root);
        if (dir.isEmpty())
            QSKIP(qPrintable(root +
                             QStringLiteral(" root absent (scripts/runtime-matrix.sh roots)")));
        const QString file = runtimeFile(dir, major);
        QVERIFY2(!file.isEmpty(), qPrintable(dir + QLatin1String(kLibDir)));
        const QString wrapper = probeWrapper(dir);
        QVERIFY(!wrapper.isEmpty());

        ProbeOptions o;
        o.probePath = wrapper;
        o.timeoutMs = 120000;
        o.env = {{QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4")}};
        ProbeRequest rq;
        rq.kind = ProbeRequest::Kind::Devices;
        rq.backend = QStringLiteral("hip");
        const ProbeResult r = ProbeClient(o).run(rq);
        QVERIFY2(r.helloSeen, qPrintable(r.summary() + QLatin1Char('\n') + r.stderrText));
        QCOMPARE(r.hello.backend, QStringLiteral("hip"));
        QCOMPARE(r.hello.library, QLatin1String(kLibDir) + file);
        QCOMPARE(r.hello.runtimeVersion, file.section(QStringLiteral(".so."), 1));
        QCOMPARE(r.hello.runtimeVersionRaw / 10000000, major);
        QCOMPARE(r.hello.soname, QStringLiteral("libamdhip64.so.%1").arg(major));
        QCOMPARE(r.hello.devicePropertiesLayout, layout);
        QCOMPARE(r.hello.devicePropertiesApi, api);
        QVERIFY2(r.hello.abiNote.isEmpty(), qPrintable(r.hello.abiNote));
        QCOMPARE(r.status, QStringLiteral("no-device"));
        QVERIFY(r.devices.isEmpty());
        QVERIFY(r.failedCall.has_value());
        QCOMPARE(r.failedCall->api, QStringLiteral("hipGetDeviceCount"));
        QCOMPARE(r.failedCall->errorCode, 100);
        QCOMPARE(r.failedCall->errorName, QStringLiteral("hipErrorNoDevice"));
        QVERIFY(r.suggestedFindingIds().contains(QStringLiteral("runtime.no-device")));

        // The runtime's own log of it, read by the log reader.
        QVERIFY2(r.amdLog.logLineCount > 0, qPrintable(r.stderrText));
        QVERIFY(r.amdLog.noDevice);
        QVERIFY(r.amdLog.errorsReturned.contains(QStringLiteral("hipErrorNoDevice")));
        if (major >= 7) {
            QCOMPARE(r.amdLog.runtimeVersion, r.hello.runtimeVersion);
            QCOMPARE(r.amdLog.runtimeLibrary,
                     QLatin1String(kLibDir) + QStringLiteral("libamdhip64.so"));
        } else {
            QVERIFY(r.amdLog.runtimeVersion.isEmpty());
        }
        // ROCm 5 says its HSA initialisation failed; 6.4 and 7.2 say nothing of it.
        QCOMPARE(!r.amdLog.initFailures.isEmpty(), major == 5);
    }

    // The probe's hipDeviceProp_t layouts, entry point and attribute numbers match the root's
    // own headers (libamdhip64-dev of that suite).
    void abiTableMatchesHeaders_data() {
        probeInRoot_data();
    }
    void abiTableMatchesHeaders() {
        QFETCH(QString, root);
        const QString dir = rootOf(root);
        if (dir.isEmpty())
            QSKIP(qPrintable(root +
                             QStringLiteral(" root absent (scripts/runtime-matrix.sh roots)")));
        const QString headers = dir + QStringLiteral("/usr/include/hip");
        QVERIFY2(QFileInfo::exists(headers + QStringLiteral("/hip_runtime_api.h")),
                 qPrintable(headers));
        const QString error = hdtest::compileHipAbiCheck(headers);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // `hipdoctor-cli devices` of this build with its probe in the root: the engine's reading of
    // each runtime's answer, as JSON.
    void cliDevices_data() {
        probeInRoot_data();
    }
    void cliDevices() {
        QFETCH(QString, root);
        QFETCH(int, major);
        QFETCH(QString, layout);
        const QString dir = rootOf(root);
        if (dir.isEmpty())
            QSKIP(qPrintable(root +
                             QStringLiteral(" root absent (scripts/runtime-matrix.sh roots)")));
        const QString wrapper = probeWrapper(dir);
        QVERIFY(!wrapper.isEmpty());
        QProcess cli;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HIPDOCTOR_PROBE"), wrapper);
        cli.setProcessEnvironment(env);
        cli.start(hdtest::binary(QStringLiteral("hipdoctor-cli")),
                  {QStringLiteral("devices"), QStringLiteral("--backend"), QStringLiteral("hip"),
                   QStringLiteral("--json")});
        QVERIFY(cli.waitForFinished(180000));
        const QByteArray out = cli.readAllStandardOutput();
        QCOMPARE(cli.exitCode(), 1); // no device
        const QJsonObject o = QJsonDocument::fromJson(out).object();
        QCOMPARE(o.value(QLatin1String("status")).toString(), QStringLiteral("no-device"));
        const QJsonObject hello = o.value(QLatin1String("hello")).toObject();
        QCOMPARE(hello.value(QLatin1String("soname")).toString(),
                 QStringLiteral("libamdhip64.so.%1").arg(major));
        QCOMPARE(hello.value(QLatin1String("device_properties_layout")).toString(), layout);
        QVERIFY(hello.value(QLatin1String("runtime_version"))
                    .toString()
                    .startsWith(QString::number(major) + QLatin1Char('.')));
        QVERIFY2(o.value(QLatin1String("finding_ids"))
                     .toArray()
                     .contains(QStringLiteral("runtime.no-device")),
                 out.constData());
    }
};

QTEST_GUILESS_MAIN(TstRuntimeMatrix)
#include "tst_runtime_matrix.moc"
