// `hipdoctor-cli inspect` end to end: the real binary on real files, its exit codes, its
// tables and its hipdoctor.inspection/1 JSON document.

#include "artifact_test_util.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run cli(const QStringList &args) {
    QProcess p;
    p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")),
            QStringList{QStringLiteral("inspect")} + args);
    Run r;
    if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString kernel(const char *name) {
    return hdtest::kernelArtifact(QLatin1String(name));
}

} // namespace

class TestInspectCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void tables();
    void json();
    void exitCodes_data();
    void exitCodes();
    void badInputDoesNotHideTheRest();
};

void TestInspectCli::initTestCase() {
    if (!QFileInfo::exists(kernel("vector_add_multi.hsaco")))
        QSKIP("build/kernels has no hipcc outputs (hipcc missing at configure time)");
    QVERIFY(QFileInfo::exists(hdtest::binary(QStringLiteral("hipdoctor-cli"))));
}

void TestInspectCli::tables() {
    const Run r = cli({kernel("vector_add_multi.hsaco"), kernel("libvector_add.so"),
                       QStringLiteral("--target"), QStringLiteral("gfx90a:sramecc+:xnack-")});
    // Both files have a fit: the bundle an exact gfx90a:sramecc+:xnack- entry, the library a
    // gfx90a entry that leaves both features open.
    QCOMPARE(r.exitCode, 0);
    for (const char *needle :
         {"ENTRY", "KERNEL", "vector_add", "hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+",
          "picks hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-",
          "picks hipv4-amdgcn-amd-amdhsa--gfx90a ", "RESOLVES TO", "libamdhip64.so.5",
          "__hipRegisterFatBinary", "code object v4"})
        QVERIFY2(r.out.contains(QLatin1String(needle)), needle);
}

void TestInspectCli::json() {
    const Run r = cli({kernel("vector_add_multi.hsaco"), QStringLiteral("--json"),
                       QStringLiteral("--target=gfx1030"), QStringLiteral("--target"),
                       QStringLiteral("gfx942")});
    QCOMPARE(r.exitCode, 1);
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &e);
    QCOMPARE(e.error, QJsonParseError::NoError);
    const QJsonObject root = doc.object();
    QCOMPARE(root.value(QStringLiteral("schema")).toString(),
             QStringLiteral("hipdoctor.inspection/1"));
    QCOMPARE(root.value(QStringLiteral("targets")).toArray().size(), 2);
    const QJsonArray inputs = root.value(QStringLiteral("inputs")).toArray();
    QCOMPARE(inputs.size(), 1);
    const QJsonObject in = inputs[0].toObject();
    QCOMPARE(in.value(QStringLiteral("kind")).toString(), QStringLiteral("offload-bundle"));
    const QJsonArray bundles = in.value(QStringLiteral("bundles")).toArray();
    QCOMPARE(bundles.size(), 1);
    QCOMPARE(bundles[0].toObject().value(QStringLiteral("entries")).toArray().size(), 5);
    const QJsonArray cos = in.value(QStringLiteral("code_objects")).toArray();
    QCOMPARE(cos.size(), 4);
    const QJsonObject k =
        cos[0].toObject().value(QStringLiteral("kernels")).toArray()[0].toObject();
    QCOMPARE(k.value(QStringLiteral("name")).toString(), QStringLiteral("vector_add"));
    QCOMPARE(k.value(QStringLiteral("args")).toArray().size(), 4);
    QCOMPARE(k.value(QStringLiteral("kernarg_segment_size")).toInt(), 28);
    const QJsonArray sels = in.value(QStringLiteral("selections")).toArray();
    QCOMPARE(sels.size(), 2);
    QCOMPARE(sels[0].toObject().value(QStringLiteral("selected")).toBool(), true);
    QCOMPARE(sels[0].toObject().value(QStringLiteral("entry")).toString(),
             QStringLiteral("hipv4-amdgcn-amd-amdhsa--gfx1030"));
    QCOMPARE(sels[1].toObject().value(QStringLiteral("selected")).toBool(), false);
    QCOMPARE(sels[1].toObject().value(QStringLiteral("kind")).toString(),
             QStringLiteral("processor-mismatch"));
}

void TestInspectCli::exitCodes_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("readable") << QStringList{kernel("vector_add_gfx90a.co")} << 0;
    QTest::newRow("target fits") << QStringList{kernel("vector_add_gfx90a.co"),
                                                QStringLiteral("--target"),
                                                QStringLiteral("gfx90a:xnack-")}
                                 << 0;
    QTest::newRow("target misses")
        << QStringList{kernel("vector_add_gfx90a.co"), QStringLiteral("--target"),
                       QStringLiteral("gfx1100")}
        << 1;
    QTest::newRow("nothing readable") << QStringList{QStringLiteral("/nonexistent/x.so")} << 2;
    QTest::newRow("no file") << QStringList{} << 2;
    QTest::newRow("bad option") << QStringList{QStringLiteral("--frobnicate"),
                                               kernel("vector_add_gfx90a.co")}
                                << 2;
    QTest::newRow("bad target") << QStringList{kernel("vector_add_gfx90a.co"),
                                               QStringLiteral("--target"),
                                               QStringLiteral("gfx90a:bogus+")}
                                << 2;
    QTest::newRow("help") << QStringList{QStringLiteral("--help")} << 0;
}

void TestInspectCli::exitCodes() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    const Run r = cli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY(!r.err.contains(QLatin1String("terminate called")));
}

// One unreadable input among good ones: reported, and the others still are (exit 0).
void TestInspectCli::badInputDoesNotHideTheRest() {
    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty.so"));
    QFile f(empty);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const Run text = cli({empty, dir.path(), kernel("libvector_add_lld.so")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains(QLatin1String("hipv4-amdgcn-amd-amdhsa--gfx908")));
    QVERIFY(text.out.contains(QLatin1String("libamdhip64.so.5")));
    QVERIFY(text.err.contains(empty + QLatin1String(": empty file")));
    QVERIFY(text.err.contains(QLatin1String("is a directory")));

    const Run json = cli({empty, kernel("libvector_add_lld.so"), QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonArray inputs = QJsonDocument::fromJson(json.out.toUtf8())
                                  .object()
                                  .value(QStringLiteral("inputs"))
                                  .toArray();
    QCOMPARE(inputs.size(), 2);
    const QJsonArray problems = inputs[0].toObject().value(QStringLiteral("problems")).toArray();
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems[0].toObject().value(QStringLiteral("fatal")).toBool(), true);
    QCOMPARE(problems[0].toObject().value(QStringLiteral("file")).toString(), empty);
    const QJsonObject host = inputs[1].toObject().value(QStringLiteral("host")).toObject();
    QVERIFY(host.value(QStringLiteral("needed"))
                .toArray()
                .contains(QStringLiteral("libamdhip64.so.5")));
}

QTEST_GUILESS_MAIN(TestInspectCli)
#include "tst_inspect_cli.moc"
