// Debian's ROCm 7.2 (experimental) and 6.4 (sid) libraries, downloaded and unpacked by
// scripts/fetch-rocm.sh into $HIPDOCTOR_ROCM_CACHE (default ~/.cache/hipdoctor/rocm-debs).
// Every count is checked against an independent reader (tests/oracle/bundle_oracle.py); the
// C library versions against ldd. Without the cache every test says so and skips.

#include "testpaths.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {

QString cacheRoot() {
    QString c = qEnvironmentVariable("HIPDOCTOR_ROCM_CACHE");
    if (c.isEmpty())
        c = QDir::homePath() + QStringLiteral("/.cache/hipdoctor/rocm-debs");
    return c + QStringLiteral("/root/usr/lib/x86_64-linux-gnu");
}

QString lib(const QString &name) {
    return cacheRoot() + QLatin1Char('/') + name;
}

#define NEED(path)                                                                                 \
    if (!QFileInfo::exists(path))                                                                  \
    QSKIP(qPrintable(QStringLiteral("%1 is not there: run scripts/fetch-rocm.sh (--all for the "   \
                                    "bench set) to download Debian's ROCm packages")               \
                         .arg(path)))

struct Run {
    int code = -1;
    QByteArray out, err;
};

Run run(const QString &program, const QStringList &args, int timeoutMs = 600000) {
    QProcess p;
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

Run cli(const QStringList &args) {
    return run(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
}

QJsonObject oracle(const QString &file) {
    const Run r =
        run(QStringLiteral("python3"),
            {hdtest::sourceDir() + QStringLiteral("/tests/oracle/bundle_oracle.py"), file});
    return QJsonDocument::fromJson(r.out).object();
}

// "…: host-shared-library, 65 bundles, 975 entries, 910 code objects, 120946 kernels, …"
QMap<QString, qint64> summaryCounts(const QByteArray &line) {
    QMap<QString, qint64> m;
    static const QRegularExpression re(
        QStringLiteral("(\\d+) (bundles|entries|code objects|kernels)\\b"));
    auto it = re.globalMatch(QString::fromUtf8(line));
    while (it.hasNext()) {
        const auto x = it.next();
        m.insert(x.captured(2), x.captured(1).toLongLong());
    }
    return m;
}

QStringList toStrings(const QJsonArray &a) {
    QStringList out;
    for (const QJsonValue &v : a)
        out.append(v.toString());
    return out;
}

} // namespace

class TstRocmModern : public QObject {
    Q_OBJECT

private slots:
    void countsMatchTheOracle_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("rocBLAS 7.2") << QStringLiteral("librocblas.so.5.2");
        QTest::newRow("hipBLASLt 7.1") << QStringLiteral("libhipblaslt.so.1.1");
        QTest::newRow("HIP 7.2") << QStringLiteral("libamdhip64.so.7");
        QTest::newRow("rocSPARSE 6.4 (--all)") << QStringLiteral("librocsparse.so.1.0");
        QTest::newRow("MIOpen 6.4 (--all)") << QStringLiteral("libMIOpen.so.1");
        QTest::newRow("HIP 6.4 (--all)") << QStringLiteral("libamdhip64.so.6");
    }
    void countsMatchTheOracle() {
        QFETCH(QString, file);
        const QString path = lib(file);
        NEED(path);
        const QJsonObject o = oracle(path);
        QVERIFY2(!o.isEmpty(), "the oracle printed nothing");
        const Run r = cli({QStringLiteral("inspect"), QStringLiteral("--summary"), path});
        QCOMPARE(r.code, 0);
        const auto c = summaryCounts(r.out);
        QCOMPARE(c.value(QStringLiteral("bundles")),
                 o.value(QStringLiteral("bundles")).toInteger());
        QCOMPARE(c.value(QStringLiteral("entries")),
                 o.value(QStringLiteral("entries")).toInteger());
        QCOMPARE(c.value(QStringLiteral("code objects")),
                 o.value(QStringLiteral("code_objects")).toInteger());
        QCOMPARE(c.value(QStringLiteral("kernels")),
                 o.value(QStringLiteral("kernels")).toInteger());
        // scan reads only bundle headers: the same bundles and targets.
        const Run s =
            cli({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--all"), path});
        const QJsonObject doc = QJsonDocument::fromJson(s.out).object();
        const QJsonArray libs = doc.value(QStringLiteral("libraries")).toArray();
        QCOMPARE(libs.size(), 1);
        const QJsonObject l = libs.first().toObject();
        QCOMPARE(l.value(QStringLiteral("bundles")).toInteger(),
                 o.value(QStringLiteral("bundles")).toInteger());
        QCOMPARE(l.value(QStringLiteral("code_objects")).toInteger(),
                 o.value(QStringLiteral("code_objects")).toInteger());
        QStringList oracleTargets = toStrings(o.value(QStringLiteral("targets")).toArray());
        QCOMPARE(toStrings(l.value(QStringLiteral("targets")).toArray()), oracleTargets);
    }

    void tensileFolderCoversFourteenArchitectures() {
        const QString folder = lib(QStringLiteral("rocblas/5/library"));
        NEED(folder);
        // The oracle here is the folder's own file names, counted apart from the engine.
        QSet<QString> named;
        static const QRegularExpression re(QStringLiteral("^Kernels\\.so-000-(gfx[0-9a-z]+)"));
        for (const QString &f : QDir(folder).entryList(QDir::Files))
            if (const auto m = re.match(f); m.hasMatch())
                named.insert(m.captured(1));
        const Run s = cli({QStringLiteral("scan"), QStringLiteral("--json"), folder});
        const QJsonArray libs =
            QJsonDocument::fromJson(s.out).object().value(QStringLiteral("libraries")).toArray();
        QCOMPARE(libs.size(), 1);
        const QJsonObject l = libs.first().toObject();
        QCOMPARE(l.value(QStringLiteral("kind")).toString(), QStringLiteral("kernel-library"));
        QCOMPARE(l.value(QStringLiteral("product")).toString(), QStringLiteral("rocBLAS"));
        QCOMPARE(l.value(QStringLiteral("files")).toInt(),
                 int(QDir(folder).entryList(QDir::Files).size()));
        QSet<QString> processors;
        for (const QString &t : toStrings(l.value(QStringLiteral("targets")).toArray()))
            processors.insert(t.section(QLatin1Char(':'), 0, 0));
        QCOMPARE(processors, named);
        QCOMPARE(processors.size(), 14);
    }

    void diagnoseTheFolderForGfx1031() {
        const QString folder = lib(QStringLiteral("rocblas/5/library"));
        NEED(folder);
        const Run r = cli({QStringLiteral("diagnose"), folder, QStringLiteral("--target"),
                           QStringLiteral("gfx1031"), QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        const QJsonArray findings =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("findings")).toArray();
        int arch = 0;
        for (const QJsonValue &v : findings) {
            const QJsonObject f = v.toObject();
            const QString id = f.value(QStringLiteral("id")).toString();
            QVERIFY2(!id.startsWith(QLatin1String("triton.")), qPrintable(id));
            if (id == QLatin1String("arch.no-compatible-code-object")) {
                ++arch;
                QVERIFY(QJsonDocument(f).toJson().contains("HSA_OVERRIDE_GFX_VERSION=10.3.0"));
            }
        }
        QCOMPARE(arch, 1); // one finding for the folder, not one per file
    }

    void diagnoseTheLibraryGivesTheVendorAnswer() {
        const QString path = lib(QStringLiteral("librocblas.so.5"));
        NEED(path);
        const Run r = cli({QStringLiteral("diagnose"), path, QStringLiteral("--target"),
                           QStringLiteral("gfx1031"), QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        const QJsonArray findings =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("findings")).toArray();
        bool vendor = false;
        for (const QJsonValue &v : findings) {
            const QJsonObject f = v.toObject();
            if (f.value(QStringLiteral("id")).toString() !=
                QLatin1String("arch.no-compatible-code-object"))
                continue;
            const QString fix =
                toStrings(f.value(QStringLiteral("fix")).toArray()).join(QLatin1Char(' '));
            QVERIFY2(fix.contains(QLatin1String("rocBLAS")), qPrintable(fix));
            QVERIFY2(fix.contains(QLatin1String("HSA_OVERRIDE_GFX_VERSION=10.3.0")),
                     qPrintable(fix));
            QVERIFY2(!fix.startsWith(QLatin1String("Rebuild with")), qPrintable(fix));
            vendor = true;
        }
        QVERIFY(vendor);
        // inspect names the same-ISA target as the closest.
        const Run i = cli({QStringLiteral("inspect"), path, QStringLiteral("--target"),
                           QStringLiteral("gfx1031")});
        QVERIFY2(i.err.contains("closest: the code object is for gfx1030"),
                 i.err.left(600).constData());
    }

    void libcVersionsAgreeWithLdd() {
        const QString path = lib(QStringLiteral("librocblas.so.5.2"));
        NEED(path);
        // ldd (the real loader) says which versions this system lacks.
        const Run l = run(QStringLiteral("ldd"), {path});
        QSet<QString> lddMissing;
        static const QRegularExpression re(
            QStringLiteral("version `([A-Z_]+[0-9.]+)' not found \\(required by [^)]*\\)"));
        auto it = re.globalMatch(QString::fromUtf8(l.out + l.err));
        while (it.hasNext())
            lddMissing.insert(it.next().captured(1));
        // --summary: the host part whole, the code objects counted (the whole JSON of 120,946
        // kernels is 800 MB, which took this test 30 s to read back).
        const Run r = cli({QStringLiteral("inspect"), QStringLiteral("--summary"),
                           QStringLiteral("--json"), path});
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QSet<QString> ours;
        const QJsonArray inputs = doc.value(QStringLiteral("inputs")).toArray();
        QCOMPARE(inputs.size(), 1);
        for (const QJsonValue &res : inputs.first()
                                         .toObject()
                                         .value(QStringLiteral("host"))
                                         .toObject()
                                         .value(QStringLiteral("resolutions"))
                                         .toArray())
            for (const QString &v :
                 toStrings(res.toObject().value(QStringLiteral("versions_missing")).toArray()))
                ours.insert(v);
        QCOMPARE(ours, lddMissing);
        if (lddMissing.isEmpty())
            QSKIP("this system's C library is new enough for ROCm 7.2: nothing is missing");
        QVERIFY(ours.contains(QStringLiteral("GLIBC_2.38")));
        const Run d = cli({QStringLiteral("diagnose"), path, QStringLiteral("--json")});
        QVERIFY(d.out.contains("runtime.symbol-version-missing"));
    }

    void scanTheWholeFolderOnce() {
        const QString dir = cacheRoot();
        NEED(lib(QStringLiteral("librocblas.so.5.2")));
        const Run s = cli({QStringLiteral("scan"), QStringLiteral("--json"), dir,
                           QStringLiteral("--target"), QStringLiteral("gfx1031")});
        QCOMPARE(s.code, 1);
        const QJsonObject doc = QJsonDocument::fromJson(s.out).object();
        int overrides = 0;
        for (const QJsonValue &f : doc.value(QStringLiteral("fixes")).toArray())
            if (f.toObject().value(QStringLiteral("id")).toString() ==
                QLatin1String("isa-override"))
                ++overrides;
        QCOMPARE(overrides, 1); // named once per scan, not once per file
        bool folder = false;
        for (const QJsonValue &v : doc.value(QStringLiteral("libraries")).toArray())
            folder = folder || v.toObject()
                                   .value(QStringLiteral("path"))
                                   .toString()
                                   .endsWith(QLatin1String("rocblas/5/library"));
        QVERIFY(folder);
    }
};

QTEST_GUILESS_MAIN(TstRocmModern)
#include "tst_rocm_modern.moc"
