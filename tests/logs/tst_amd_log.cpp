// AMD_LOG_LEVEL parser: real output of Debian's ROCm 5.2 runtime captured on this machine
// (tests/logs/data/*.log, see README there) and every line variant docs/formats.md lists.

#include "logs/amd_log.h"
#include "testpaths.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace hd;

class TstAmdLog : public QObject {
    Q_OBJECT

    static QString readData(const QString &name) {
        QFile f(hdtest::sourceDir() + QStringLiteral("/tests/logs/data/") + name);
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(f.readAll());
    }

    // The oracle for a real capture, independent of the parser: the ":N:" lines and the
    // non-success names a plain grep finds ("Returned <name>"), in order.
    struct OracleScan {
        int colonLines = 0;
        QStringList returned;
    };
    static OracleScan oracleScan(const QString &text) {
        OracleScan o;
        static const QRegularExpression ret(QStringLiteral("Returned (hip[A-Za-z]+)"));
        for (const QString &l : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (l.startsWith(QLatin1Char(':')))
                ++o.colonLines;
            const auto m = ret.match(l);
            if (m.hasMatch() && m.captured(1) != QLatin1String("hipSuccess"))
                o.returned << m.captured(1);
        }
        return o;
    }

private slots:
    // The real lines: every ":N:" line of the capture is a log line, and the API results are the
    // ones a plain grep finds ("Returned <name>"), in order.
    void realCaptures_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("vector_add_main, hipcc program")
            << QStringLiteral("debian-rocm52-vector_add_main-level4.log");
        QTest::newRow("hipdoctor-probe load request")
            << QStringLiteral("debian-rocm52-probe-load-level4.log");
    }
    void realCaptures() {
        QFETCH(QString, file);
        const QString text = readData(file);
        QVERIFY2(!text.isEmpty(), qPrintable(file));
        QVERIFY(looksLikeAmdLog(text));
        const AmdLog log = parseAmdLog(text);

        const OracleScan oracle = oracleScan(text);
        QCOMPARE(log.logLineCount, oracle.colonLines);
        QCOMPARE(log.errorsReturned, oracle.returned);
        QVERIFY(log.errorsReturned.contains(QStringLiteral("hipErrorNoDevice")));
        for (const AmdLogLine &l : log.lines) {
            if (!l.raw.startsWith(QLatin1Char(':'))) {
                QCOMPARE(l.level, -1); // the program's own stderr lines stay plain text
                continue;
            }
            QVERIFY(l.level >= 0 && l.level <= 4);
            QVERIFY(!l.sourceFile.isEmpty());
            QVERIFY(l.sourceLine > 0);
            QVERIFY(l.microseconds > 0);
            QVERIFY(l.pid > 0);
            QVERIFY(l.tid.startsWith(QLatin1String("0x")));
            QVERIFY2(!l.message.contains(QChar(0x1b)), "ANSI colour codes must be stripped");
        }
        const AmdLogLine &first = log.lines.first();
        QCOMPARE(first.level, 3);
        QCOMPARE(first.sourceFile, QStringLiteral("rocdevice.cpp"));
        QVERIFY(first.sourceLine == 416 || first.sourceLine == 442); // ROCm 5.2 / 5.7
        QCOMPARE(first.message, QStringLiteral("Initializing HSA stack."));
        QCOMPARE(log.lines.at(1).level, 1);
        QCOMPARE(log.lines.at(1).message, QStringLiteral("hsa_init failed."));
        AmdLogLine last;
        for (const AmdLogLine &l : log.lines)
            if (l.level >= 0)
                last = l;
        QCOMPARE(last.apiName, QStringLiteral("hipGetDeviceCount"));
        QCOMPARE(last.returnedError, QStringLiteral("hipErrorNoDevice"));
    }

    // The runtime matrix (scripts/runtime-matrix.sh logs, docs/runtime-matrix.md): what each
    // HIP runtime prints for a devices request without a GPU. Oracles: a plain scan of the text
    // for the ":N:" lines and "Returned" names, and the version in the file the probe loaded
    // (from its hello in that run, written in the README of the data).
    void runtimeMatrixCaptures_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("version"); // what the log itself says of the version
        QTest::addColumn<QString>("library");
        QTest::addColumn<bool>("initFailure");
        QTest::addColumn<QString>("tidSeparator"); // the pid/tid variant of this version
        QTest::newRow("5.2, Debian 12")
            << QStringLiteral("debian12-rocm52-probe-devices-level4.log") << QString() << QString()
            << true << QStringLiteral(": [tid:0x");
        QTest::newRow("5.7, Debian 13")
            << QStringLiteral("debian13-rocm57-probe-devices-level4.log") << QString() << QString()
            << true << QStringLiteral(" tid:0x");
        QTest::newRow("6.4, sid") << QStringLiteral("debian-sid-rocm64-probe-devices-level4.log")
                                  << QString() << QString() << false << QStringLiteral(" tid: 0x");
        QTest::newRow("7.2, experimental")
            << QStringLiteral("debian-experimental-rocm72-probe-devices-level4.log")
            << QStringLiteral("7.2.53211")
            << QStringLiteral("/usr/lib/x86_64-linux-gnu/libamdhip64.so") << false
            << QStringLiteral(" tid: 0x");
    }
    void runtimeMatrixCaptures() {
        QFETCH(QString, file);
        QFETCH(QString, version);
        QFETCH(QString, library);
        QFETCH(bool, initFailure);
        QFETCH(QString, tidSeparator);
        const QString text = readData(file);
        QVERIFY2(!text.isEmpty(), qPrintable(file));
        QVERIFY(looksLikeAmdLog(text));
        QVERIFY(text.contains(tidSeparator));
        const AmdLog log = parseAmdLog(text);

        const OracleScan oracle = oracleScan(text);
        QCOMPARE(log.logLineCount, oracle.colonLines);
        QCOMPARE(log.errorsReturned, oracle.returned);
        // Every line: level, source file and line, time, pid and tid, no colour codes left.
        for (const AmdLogLine &l : log.lines) {
            QVERIFY2(l.level == 1 || l.level == 3, qPrintable(l.raw));
            QVERIFY2(!l.sourceFile.isEmpty() && l.sourceLine > 0, qPrintable(l.raw));
            QVERIFY2(l.microseconds > 0 && l.pid > 0, qPrintable(l.raw));
            QVERIFY2(l.tid.startsWith(QLatin1String("0x")), qPrintable(l.raw));
            QVERIFY2(!l.message.contains(QChar(0x1b)), qPrintable(l.raw));
        }
        // What it must recognise: no device, the init failure where the runtime says it, and
        // the version and library where the runtime names them.
        QVERIFY(log.noDevice);
        QCOMPARE(log.errorsReturned.last(), QStringLiteral("hipErrorNoDevice"));
        QCOMPARE(log.runtimeVersion, version);
        QCOMPARE(log.runtimeLibrary, library);
        if (initFailure)
            QCOMPARE(log.initFailures,
                     QStringList({QStringLiteral("hsa_init failed."),
                                  QStringLiteral("Runtime initialization failed")}));
        else
            QVERIFY2(log.initFailures.isEmpty(), qPrintable(log.initFailures.join(u'|')));
        // The API calls the probe made, in its order, each answered.
        QStringList calls;
        for (const AmdLogLine &l : log.lines)
            if (!l.apiName.isEmpty() && l.returnedError.isEmpty())
                calls << l.apiName;
        QCOMPARE(calls.mid(calls.size() - 2),
                 QStringList({QStringLiteral("hipInit"), QStringLiteral("hipGetDeviceCount")}));
    }

    // The probe's capture has coloured API call lines: name and arguments are extracted.
    void realApiCallLines() {
        const AmdLog log =
            parseAmdLog(readData(QStringLiteral("debian-rocm52-probe-load-level4.log")));
        QStringList calls;
        for (const AmdLogLine &l : log.lines)
            if (!l.apiName.isEmpty() && l.returnedError.isEmpty())
                calls << l.apiName + QLatin1Char('(') + l.apiArgs + QLatin1Char(')');
        QCOMPARE(calls.size(), 3);
        QVERIFY(calls.at(0).startsWith(QLatin1String("hipDriverGetVersion(0x")));
        QCOMPARE(calls.at(1), QStringLiteral("hipInit(0)"));
        QVERIFY(calls.at(2).startsWith(QLatin1String("hipGetDeviceCount(0x")));
        QCOMPARE(log.errorsReturned, QStringList({QStringLiteral("hipErrorInvalidDevice"),
                                                  QStringLiteral("hipErrorNoDevice")}));
    }

    // Every prefix variant of docs/formats.md "AMD_LOG_LEVEL lines".
    void prefixVariants_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("level");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("srcLine");
        QTest::addColumn<qint64>("us");
        QTest::addColumn<qint64>("pid");
        QTest::addColumn<QString>("tid");
        QTest::addColumn<QString>("message");
        QTest::newRow("reference: N : [tid]")
            << ":3:rocdevice.cpp            :416 : 0950176413 us: 8402 : [tid:0x7f239fdad880] "
               "Initializing HSA stack."
            << 3 << "rocdevice.cpp" << 416 << qint64(950176413) << qint64(8402) << "0x7f239fdad880"
            << "Initializing HSA stack.";
        QTest::newRow("N: [tid] (no space)")
            << ":1:rocdevice.cpp            :424 : 0950176543 us: 8402: [tid:0x7f239fdad880] "
               "hsa_init failed."
            << 1 << "rocdevice.cpp" << 424 << qint64(950176543) << qint64(8402) << "0x7f239fdad880"
            << "hsa_init failed.";
        QTest::newRow("[pid tid]")
            << ":3:hip_module.cpp           :83  : 1234567890 us: [pid:4242 tid:0x7f00deadbeef] "
               "hipModuleLoadData ( 0x1, 0x2 )"
            << 3 << "hip_module.cpp" << 83 << qint64(1234567890) << qint64(4242) << "0x7f00deadbeef"
            << "hipModuleLoadData ( 0x1, 0x2 )";
        QTest::newRow("no pid/tid")
            << ":2:hip_fatbin.cpp           :120 : 0000000017 us: some warning" << 2
            << "hip_fatbin.cpp" << 120 << qint64(17) << qint64(-1) << ""
            << "some warning";
        QTest::newRow("blank file and line")
            << ":0:                         :    : 0000000099 us: 77 : [tid:0x1] fatal" << 0 << ""
            << 0 << qint64(99) << qint64(77) << "0x1"
            << "fatal";
        QTest::newRow("d suffix")
            << ":4:devprogram.cpp           :2979: 4711d us: [pid:1 tid:0xabc] Code object" << 4
            << "devprogram.cpp" << 2979 << qint64(4711) << qint64(1) << "0xabc"
            << "Code object";
        QTest::newRow("CRLF") << ":3:a.cpp:1: 5 us: 2 : [tid:0x3] text\r" << 3 << "a.cpp" << 1
                              << qint64(5) << qint64(2) << "0x3"
                              << "text";
    }
    void prefixVariants() {
        QFETCH(QString, line);
        const AmdLog log = parseAmdLog(line);
        QCOMPARE(log.lines.size(), 1);
        const AmdLogLine &l = log.lines.first();
        QTEST(l.level, "level");
        QTEST(l.sourceFile, "file");
        QTEST(l.sourceLine, "srcLine");
        QTEST(l.microseconds, "us");
        QTEST(l.pid, "pid");
        QTEST(l.tid, "tid");
        QTEST(l.message, "message");
        QCOMPARE(l.lineNumber, 1);
        QCOMPARE(log.logLineCount, 1);
    }

    void apiCallAndReturn() {
        const QString text = QStringLiteral(
            ":3:hip_module.cpp           :62  : 0950176999 us: 8402 : [tid:0x7f239fdad880] "
            "\x1b[32mhipModuleGetFunction ( 0x7ffd1, 0x55aa, vector_add )\x1b[0m\n"
            ":3:hip_module.cpp           :70  : 0950177000 us: 8402 : [tid:0x7f239fdad880] Cannot "
            "find the function: vector_add\n"
            ":3:hip_module.cpp           :75  : 0950177001 us: 8402 : [tid:0x7f239fdad880] "
            "hipModuleGetFunction: Returned hipErrorNotFound : \n");
        const AmdLog log = parseAmdLog(text);
        QCOMPARE(log.lines.size(), 3);
        QCOMPARE(log.lines[0].apiName, QStringLiteral("hipModuleGetFunction"));
        QCOMPARE(log.lines[0].apiArgs, QStringLiteral("0x7ffd1, 0x55aa, vector_add"));
        QCOMPARE(log.lines[2].apiName, QStringLiteral("hipModuleGetFunction"));
        QCOMPARE(log.lines[2].returnedError, QStringLiteral("hipErrorNotFound"));
        QCOMPARE(log.missingFunctions, QStringList{QStringLiteral("vector_add")});
        QCOMPARE(log.errorsReturned, QStringList{QStringLiteral("hipErrorNotFound")});
        QCOMPARE(log.lines[2].lineNumber, 3);
    }

    // Older runtimes: the error line then a Devices / Bundled Code Objects listing, either as
    // log lines or as plain stderr text.
    void noBinaryListing_data() {
        QTest::addColumn<QString>("text");
        const char *prefix =
            ":1:hip_code_object.cpp      :507 : 0385567830 us: 1616 : [tid:0x7f0000000001] ";
        QStringList body = {
            QStringLiteral(
                "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"),
            QStringLiteral("  Devices:"),
            QStringLiteral("    amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack- - [Not Found]"),
            QStringLiteral("  Bundled Code Objects:"),
            QStringLiteral("    host-x86_64-unknown-linux - [Unsupported]"),
            QStringLiteral("    hipv4-amdgcn-amd-amdhsa--gfx906 - [code object v4 is "
                           "amdgcn-amd-amdhsa--gfx906]")};
        QString logged, plain;
        for (const QString &b : body) {
            logged += QString::fromLatin1(prefix) + b + QLatin1Char('\n');
            plain += b + QLatin1Char('\n');
        }
        QTest::newRow("as log lines")
            << logged + QString::fromLatin1(prefix) + QStringLiteral("next unrelated line\n");
        QTest::newRow("plain stderr")
            << QStringLiteral("\"") + plain.section(QLatin1Char('\n'), 0, 0) +
                   QStringLiteral("\"\n") + plain.section(QLatin1Char('\n'), 1) +
                   QStringLiteral("Aborted (core dumped)\n");
    }
    void noBinaryListing() {
        QFETCH(QString, text);
        const AmdLog log = parseAmdLog(text);
        QCOMPARE(log.noBinary.size(), 1);
        const NoBinaryListing &nb = log.noBinary.first();
        QCOMPARE(nb.lineNumber, 1);
        QCOMPARE(nb.devices,
                 QStringList{QStringLiteral("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-")});
        QCOMPARE(nb.codeObjects, QStringList({QStringLiteral("host-x86_64-unknown-linux"),
                                              QStringLiteral("hipv4-amdgcn-amd-amdhsa--gfx906")}));
        QVERIFY(log.errorsReturned.contains(QStringLiteral("hipErrorNoBinaryForGpu")));
    }

    void newerNoCompatibleMessage() {
        const AmdLog log = parseAmdLog(
            QStringLiteral(":1:hip_code_object.cpp      :1042: 0000012345 us: [pid:99 tid:0x7f01] "
                           "No compatible code objects found for: gfx942:sramecc+:xnack-\n"));
        QCOMPARE(log.noBinary.size(), 1);
        QCOMPARE(log.noBinary.first().devices,
                 QStringList{QStringLiteral("gfx942:sramecc+:xnack-")});
    }

    // ROCm 6+'s bundle search names the device's ISA and the files without code for it
    // ("Missing CO for these ISAs", "Cannot find CO in the bundle"): a real paste with its
    // defects, and the two messages in ROCm 7.2's words for two libraries.
    void bundleSearch() {
        const AmdLog real =
            parseAmdLog(readData(QStringLiteral("rocm623-missing-co-github-rocm-3840.log")));
        QCOMPARE(real.noBinary.size(), 1);
        QCOMPARE(real.noBinary.first().devices,
                 QStringList{QStringLiteral("amdgcn-amd-amdhsa--gfx1102")});
        QVERIFY(real.noBinary.first().fromBundleSearch);
        QVERIFY(real.noBinary.first().files.isEmpty()); // the cut line names no ISA
        QVERIFY(real.errorsReturned.contains(QStringLiteral("hipErrorNoBinaryForGpu")));

        const QString pre = QStringLiteral(":1:hip_fatbin.cpp           :255 : 95708404069 us: "
                                           "[pid:2117053 tid:0x7ca06301e740] ");
        const AmdLog two = parseAmdLog(
            pre +
            QStringLiteral("Cannot find CO in the bundle /opt/rocm/lib/libMIOpen.so.1 for "
                           "ISA: amdgcn-amd-amdhsa--gfx1031\n") +
            pre + QStringLiteral("Missing CO for these ISAs - \n") + pre +
            QStringLiteral("     amdgcn-amd-amdhsa--gfx1031\n") + pre +
            QStringLiteral("Cannot find CO in the bundle /opt/rocm/lib/librocblas.so.5 for ISA: "
                           "amdgcn-amd-amdhsa--gfx1031\n") +
            pre + QStringLiteral("Missing CO for these ISAs - \n") + pre +
            QStringLiteral("     amdgcn-amd-amdhsa--gfx1031\n"));
        QCOMPARE(two.noBinary.size(), 1); // one listing per device
        QCOMPARE(two.noBinary.first().files,
                 (QStringList{QStringLiteral("/opt/rocm/lib/libMIOpen.so.1"),
                              QStringLiteral("/opt/rocm/lib/librocblas.so.5")}));
    }
    void notALog_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << QString();
        QTest::newRow("traceback") << QStringLiteral("Traceback (most recent call last):\n  File "
                                                     "\"x.py\", line 1\nRuntimeError: HIP error\n");
        QTest::newRow("colon garbage") << QStringLiteral(":x:\n::::\n:3:\n:3:a:b: c us:\n");
        QTest::newRow("huge line") << QString(200000, QLatin1Char(':'));
        QTest::newRow("binary") << QString::fromLatin1(QByteArray(1000, '\x01'));
    }
    void notALog() {
        QFETCH(QString, text);
        QVERIFY(!looksLikeAmdLog(text));
        const AmdLog log = parseAmdLog(text);
        QCOMPARE(log.logLineCount, 0);
        QVERIFY(log.errorsReturned.isEmpty());
        for (const AmdLogLine &l : log.lines)
            QCOMPARE(l.level, -1);
    }
};

QTEST_GUILESS_MAIN(TstAmdLog)
#include "tst_amd_log.moc"
