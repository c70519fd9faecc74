// hipdoctor-cli diagnose / triton / demo as a user runs them: exit codes of the CLI contract,
// the JSON document, readable text.

#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QString out, err;
};

Run cli(const QStringList &args) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HIPDOCTOR_DEMO_DIR"), hdtest::envPath("HIPDOCTOR_KERNELS_DIR"));
    p.setProcessEnvironment(env);
    p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
    if (!p.waitForFinished(300000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString k(const char *rel) {
    return hdtest::kernelArtifact(QString::fromLatin1(rel));
}

} // namespace

class TstCliDiagnose : public QObject {
    Q_OBJECT

private slots:
    void exitCodes_data();
    void exitCodes();
    void json();
    void severityReason();
    void tritonCommand();
    void demo();
    void realRuntimeLogs_data();
    void realRuntimeLogs();
    void hashesOffTheAnswersPath();
};

void TstCliDiagnose::exitCodes_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("text");
    const QString mi210 = QStringLiteral("gfx90a:sramecc+:xnack-");
    QTest::newRow("clean: 0") << QStringList{"diagnose", k("scenarios/s08_clean.co"),
                                             "--kernel", "vector_add",
                                             "--target", mi210}
                              << 0 << "No findings.";
    QTest::newRow("finding: 1") << QStringList{"diagnose", k("scenarios/s01_mangled.co"),
                                               "--kernel=vecAdd", "--target", mi210}
                                << 1 << "symbol.mangled-name";
    QTest::newRow("env option") << QStringList{"diagnose", k("scenarios/s08_clean.co"), "--env",
                                               "HIP_VISIBLE_DEVICES=-1"}
                                << 1 << "env.visible-devices-empty";
    QTest::newRow("missing input: 2")
        << QStringList{"diagnose", "/nonexistent/x.co"} << 2 << "no such file";
    QTest::newRow("bad target: 2")
        << QStringList{"diagnose", k("scenarios/s08_clean.co"), "--target", "gfx90a:nope+"} << 2
        << "--target";
    QTest::newRow("no input: 2") << QStringList{"diagnose"} << 2 << "no INPUT";
    QTest::newRow("unknown option: 2")
        << QStringList{"diagnose", "--frobnicate", k("scenarios/s08_clean.co")} << 2
        << "unknown option";
    QTest::newRow("bad --env: 2") << QStringList{"diagnose", k("scenarios/s08_clean.co"), "--env",
                                                 "NOEQUALS"}
                                  << 2 << "NAME=VALUE";
    QTest::newRow("help: 0") << QStringList{"diagnose", "--help"} << 0 << "--runtime-version";
    QTest::newRow("triton failed cache: 1")
        << QStringList{"triton", hdtest::fixture(QStringLiteral("triton/cache-failed-hsaco"))} << 1
        << "stopped after .amdgcn, .hsaco missing";
    QTest::newRow("triton not a dir: 2")
        << QStringList{"triton", "/nonexistent/cache"} << 2 << "no such directory";
}

void TstCliDiagnose::exitCodes() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, text);
    const Run r = cli(args);
    QVERIFY2(r.code == code,
             qPrintable(QStringLiteral("exit %1\n%2\n%3").arg(r.code).arg(r.out, r.err)));
    QVERIFY2((r.out + r.err).contains(text), qPrintable(r.out + r.err));
    QVERIFY(!(r.out + r.err).contains(QStringLiteral("internal error")));
}

void TstCliDiagnose::json() {
    const Run r =
        cli({QStringLiteral("diagnose"), k("scenarios/s02_gfx1030.co"),
             hdtest::sourceDir() + QStringLiteral("/tests/diagnosis/data/rocminfo_mi210.txt"),
             QStringLiteral("--json")});
    QCOMPARE(r.code, 1);
    QJsonParseError e{};
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &e);
    QVERIFY2(doc.isObject(), qPrintable(e.errorString()));
    const QJsonObject o = doc.object();
    QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("hipdoctor.diagnosis/1"));
    QCOMPARE(o.value(QStringLiteral("devices_from")).toString(), QStringLiteral("rocminfo"));
    QCOMPARE(o.value(QStringLiteral("inputs")).toArray().size(), 2);
    const QJsonObject f = o.value(QStringLiteral("findings")).toArray().first().toObject();
    QCOMPARE(f.value(QStringLiteral("id")).toString(),
             QStringLiteral("arch.no-compatible-code-object"));
    QCOMPARE(f.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    QVERIFY(!f.value(QStringLiteral("evidence")).toArray().isEmpty());
    QVERIFY(!f.value(QStringLiteral("fix")).toArray().isEmpty());
}

// A finding reported with another severity than its id's says why, in the text and the JSON
// (docs/findings.md, "Severity"): "invalid device function" alone is a warning of
// arch.no-compatible-code-object, an error in the catalog.
void TstCliDiagnose::severityReason() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile log(dir.filePath(QStringLiteral("run.log")));
    QVERIFY(log.open(QIODevice::WriteOnly));
    log.write("RuntimeError: HIP error: invalid device function\n");
    log.close();
    const QString reason = QStringLiteral("the runtime's error alone does not prove this cause");
    Run r = cli({QStringLiteral("diagnose"), log.fileName()});
    QVERIFY2(r.out.contains(QStringLiteral("severity: warning — ") + reason), qPrintable(r.out));
    r = cli({QStringLiteral("diagnose"), log.fileName(), QStringLiteral("--json")});
    const QJsonArray findings = QJsonDocument::fromJson(r.out.toUtf8())
                                    .object()
                                    .value(QStringLiteral("findings"))
                                    .toArray();
    QJsonObject f;
    for (const QJsonValue &v : findings)
        if (v.toObject().value(QStringLiteral("id")) ==
            QLatin1String("arch.no-compatible-code-object"))
            f = v.toObject();
    QVERIFY2(!f.isEmpty(), qPrintable(r.out));
    QCOMPARE(f.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
    QCOMPARE(f.value(QStringLiteral("severity_reason")).toString(), reason);
    // A finding with its catalog severity has none.
    r = cli({QStringLiteral("diagnose"), k("scenarios/s01_mangled.co"), QStringLiteral("--kernel"),
             QStringLiteral("vecAdd"), QStringLiteral("--json")});
    QVERIFY2(r.out.contains(QStringLiteral("symbol.mangled-name")), qPrintable(r.out));
    QVERIFY2(!r.out.contains(QStringLiteral("severity_reason")), qPrintable(r.out));
}

void TstCliDiagnose::tritonCommand() {
    const Run r =
        cli({QStringLiteral("triton"), hdtest::fixture(QStringLiteral("triton/cache-ok")),
             QStringLiteral("--target"), QStringLiteral("gfx1100"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0); // the gfx1100 entry fits; the others are warnings
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("hipdoctor.triton/1"));
    const QJsonArray entries =
        o.value(QStringLiteral("cache")).toObject().value(QStringLiteral("entries")).toArray();
    QCOMPARE(entries.size(), 4);
    int complete = 0;
    for (const auto &v : entries)
        complete += v.toObject().value(QStringLiteral("complete")).toBool() ? 1 : 0;
    QCOMPARE(complete, 4);
}

void TstCliDiagnose::demo() {
    const Run r = cli({QStringLiteral("demo")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("1. Kernel without extern \"C\"")));
    QVERIFY(r.out.contains(QStringLiteral("symbol.mangled-name")));
    QVERIFY2(r.out.contains(QStringLiteral("17 of 17 scenarios showed the expected diagnosis.")),
             qPrintable(r.out.right(2000)));
}

// The AMD_LOG_LEVEL=4 output of HIP 5.2, 5.7, 6.4 and 7.2 without a GPU (tests/logs/data/,
// docs/runtime-matrix.md): each is read as a runtime log, colour codes and all, and says "no
// device"; the 7.2 runtime names its version, which the diagnosis then assumes.
void TstCliDiagnose::realRuntimeLogs_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("version"); // from the log itself, "" when it does not say
    QTest::newRow("5.2") << "debian12-rocm52-probe-devices-level4.log" << QString();
    QTest::newRow("5.7") << "debian13-rocm57-probe-devices-level4.log" << QString();
    QTest::newRow("6.4") << "debian-sid-rocm64-probe-devices-level4.log" << QString();
    QTest::newRow("7.2") << "debian-experimental-rocm72-probe-devices-level4.log"
                         << "7.2";
}

void TstCliDiagnose::realRuntimeLogs() {
    QFETCH(QString, file);
    QFETCH(QString, version);
    const QString path = hdtest::sourceDir() + QStringLiteral("/tests/logs/data/") + file;
    const Run r = cli({QStringLiteral("diagnose"), path, QStringLiteral("--json")});
    QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject in = o.value(QStringLiteral("inputs")).toArray().first().toObject();
    QCOMPARE(in.value(QStringLiteral("kind")).toString(), QStringLiteral("amd-log"));
    QVERIFY2(in.value(QStringLiteral("problems")).toArray().isEmpty(), qPrintable(r.out));
    QStringList ids;
    for (const QJsonValue &f : o.value(QStringLiteral("findings")).toArray())
        ids << f.toObject().value(QStringLiteral("id")).toString();
    QVERIFY2(ids.contains(QStringLiteral("runtime.no-device")), qPrintable(r.out));
    if (!version.isEmpty()) {
        QCOMPARE(o.value(QStringLiteral("runtime_version")).toString(), version);
        QCOMPARE(o.value(QStringLiteral("runtime_version_from")).toString(),
                 QStringLiteral("the runtime log ") + path);
    } else {
        QVERIFY(!o.value(QStringLiteral("runtime_version_from"))
                     .toString()
                     .startsWith(QLatin1String("the runtime log")));
    }
}

// The compressed bundles' MD5 is not on diagnose's path (docs/performance.md, "diagnose as fast
// as reading the file"): a real hipcc 7 library with one bit of its stored hash changed gets
// the same findings as the intact one and no hash problem; --check-hashes names the mismatch
// after the findings (text) or among the input's problems (JSON), and says the intact one's
// bundles match. The control: the same run with --check-hashes does see the bad hash.
void TstCliDiagnose::hashesOffTheAnswersPath() {
    const QString lib =
        hdtest::sourceDir() + QStringLiteral("/tests/artifacts/rocm7/libs04_rocm6.so");
    QFile in(lib);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray bytes = in.readAll();
    const qsizetype ccob = bytes.indexOf("CCOB");
    QVERIFY(ccob > 0);
    bytes[ccob + 16] = char(bytes[ccob + 16] ^ 1); // the stored hash (CCOB v2)
    // Both copies under paths of one length: the text wraps the same.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("a")) &&
            QDir(dir.path()).mkpath(QStringLiteral("b")));
    const QString intactCopy = dir.filePath(QStringLiteral("a/libs04_rocm6.so"));
    const QString bad = dir.filePath(QStringLiteral("b/libs04_rocm6.so"));
    QVERIFY(QFile::copy(lib, intactCopy));
    QFile out(bad);
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size());
    out.close();

    const Run good = cli({"diagnose", intactCopy});
    const Run plain = cli({"diagnose", bad});
    QCOMPARE(plain.code, good.code);
    QCOMPARE(plain.out, QString(good.out).replace(intactCopy, bad));
    QVERIFY2(!plain.out.contains(QLatin1String("does not match")), qPrintable(plain.out));

    const Run checked = cli({"diagnose", "--check-hashes", bad});
    QCOMPARE(checked.code, plain.code);
    QVERIFY2(checked.out.startsWith(plain.out), qPrintable(checked.out));
    QVERIFY2(checked.out.mid(plain.out.size()).contains(QLatin1String("does not match the MD5")),
             qPrintable(checked.out));
    const Run intact = cli({"diagnose", "--check-hashes", lib});
    QVERIFY2(intact.out.contains(QLatin1String("every compressed bundle matches")),
             qPrintable(intact.out));

    const Run json = cli({"diagnose", "--json", "--check-hashes", bad});
    const QJsonArray problems = QJsonDocument::fromJson(json.out.toUtf8())
                                    .object()
                                    .value(QLatin1String("inputs"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QLatin1String("problems"))
                                    .toArray();
    QVERIFY2(QJsonDocument(problems).toJson().contains("does not match the MD5"),
             qPrintable(json.out));
}

QTEST_GUILESS_MAIN(TstCliDiagnose)
#include "tst_cli_diagnose.moc"
