// The documents `diagnose`, `triton`, `verify` and `sysinfo` stream with --json (writeJson() of
// model/model_json.h and diagnosis/diagnosis_json.h, docs/performance.md "Streamed JSON") against
// the toJson() values they were printed from before, on real inputs: the hipcc-built programs and
// the demo under build/kernels, the tool output of tests/diagnosis/data, the real Triton caches,
// the verify sessions recorded on an H200 and this machine's system inventory. Streamed, each must
// be byte for byte what the old path (JsonWriter::value(toJson())) printed, in both styles, parse
// back to the same QJsonDocument, and be the same on every run; a streamed session must load again.

#include "sample_session.h"
#include "testpaths.h"

#include "common/json_writer.h"
#include "diagnosis/diagnosis.h"
#include "diagnosis/diagnosis_json.h"
#include "model/model_json.h"
#include "model/session.h"
#include "sysinfo/system_inventory.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <functional>

using namespace hd;

namespace {

using Write = std::function<void(JsonWriter &)>;

QByteArray streamed(const Write &write, JsonWriter::Style style) {
    JsonWriter w(nullptr, style);
    write(w);
    return w.takeBytes();
}

// What `--json` printed before: the toJson() value through JsonWriter::value().
QByteArray legacy(const QJsonObject &o, JsonWriter::Style style) {
    JsonWriter w(nullptr, style);
    w.value(o);
    return w.takeBytes();
}

// The first byte where a and b differ, with some context, for a readable failure.
QByteArray firstDifference(const QByteArray &a, const QByteArray &b) {
    qsizetype i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    const qsizetype from = std::max<qsizetype>(0, i - 60);
    return "at byte " + QByteArray::number(i) + "\n streamed: " + a.mid(from, 120) +
           "\n toJson(): " + b.mid(from, 120);
}

// Streamed vs toJson(): same bytes in both styles, the same document parsed back, every run.
bool sameDocument(const QJsonObject &reference, const Write &write) {
    for (const auto style : {JsonWriter::Style::Compact, JsonWriter::Style::Pretty}) {
        const QByteArray bytes = streamed(write, style);
        const QByteArray old = legacy(reference, style);
        if (bytes != old) {
            qWarning().noquote() << firstDifference(bytes, old);
            return false;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
        if (pe.error != QJsonParseError::NoError || doc != QJsonDocument(reference)) {
            qWarning() << "parsed back differs:" << pe.errorString();
            return false;
        }
        if (streamed(write, style) != bytes) {
            qWarning() << "not the same bytes on a second run";
            return false;
        }
    }
    return true;
}

// Every file under root, sorted (the build's CMake files left out).
QStringList filesUnder(const QString &root) {
    QStringList files;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        if (!f.contains(QLatin1String("/CMakeFiles/")) && !f.endsWith(QLatin1String(".cmake")) &&
            !f.endsWith(QLatin1String("/Makefile")))
            files << f;
    }
    files.sort();
    return files;
}

// Triton caches and their kernel folders: the fixtures and the demo's copy.
QStringList tritonFolders() {
    QStringList dirs;
    for (const QString &root : {hdtest::fixture(QStringLiteral("triton")),
                                hdtest::kernelArtifact(QStringLiteral("scenarios/demo/triton"))}) {
        for (const QString &cache :
             QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QString dir = root + QLatin1Char('/') + cache;
            dirs << dir;
            for (const QString &entry :
                 QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
                dirs << dir + QLatin1Char('/') + entry;
        }
    }
    return dirs;
}

const QStringList kTargets{QStringLiteral("gfx90a:sramecc+:xnack-"), QStringLiteral("gfx1100"),
                           QStringLiteral("sm_90")};

} // namespace

class TstStreamedJson : public QObject {
    Q_OBJECT
private slots:
    void diagnosis_data();
    void diagnosis();
    void triton_data();
    void triton();
    void sessions_data();
    void sessions();
    void sessionWithUnknownFields();
    void systemInventory();
};

void TstStreamedJson::diagnosis_data() {
    QTest::addColumn<QStringList>("inputs");
    QTest::addColumn<QStringList>("targets");
    QTest::addColumn<QStringList>("kernels");
    const QStringList kernels = filesUnder(hdtest::kernelArtifact(QString()));
    QVERIFY2(kernels.size() > 20, "the build's kernels/ folder (hipcc outputs and the demo)");
    const QStringList data =
        filesUnder(hdtest::sourceDir() + QStringLiteral("/tests/diagnosis/data"));
    QVERIFY(!data.isEmpty());
    for (const QString &f : kernels + data) {
        QTest::newRow(qPrintable(f)) << QStringList{f} << kTargets << QStringList();
        QTest::newRow(qPrintable(f + QStringLiteral(" (no target)")))
            << QStringList{f} << QStringList() << QStringList{QStringLiteral("vecAdd")};
    }
    for (const QString &dir : tritonFolders())
        QTest::newRow(qPrintable(dir)) << QStringList{dir} << kTargets << QStringList();
    const QString demo = hdtest::kernelArtifact(QStringLiteral("scenarios/demo"));
    QTest::newRow("the whole demo at once")
        << filesUnder(demo) << QStringList{QStringLiteral("gfx90a")}
        << QStringList{QStringLiteral("vecAdd"), QStringLiteral("add_kernel")};
    QTest::newRow("a missing file")
        << QStringList{QStringLiteral("/nonexistent/x.co")} << kTargets << QStringList();
    QTest::newRow("a bad --target (usage_error)")
        << QStringList{hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.co"))}
        << QStringList{QStringLiteral("gfx90a:bogus+")} << QStringList();
}

void TstStreamedJson::diagnosis() {
    QFETCH(QStringList, inputs);
    QFETCH(QStringList, targets);
    QFETCH(QStringList, kernels);
    DiagnoseRequest r;
    r.inputs = inputs;
    r.targets = targets;
    r.kernels = kernels;
    r.runtimeVersion = QStringLiteral("6.2"); // not this machine's: the same on every run
    const Diagnosis d = hd::diagnose(r);
    QVERIFY(sameDocument(d.toJson(), [&d](JsonWriter &w) { writeJson(w, d); }));
}

void TstStreamedJson::triton_data() {
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QStringList>("targets");
    for (const QString &dir : tritonFolders()) {
        QTest::newRow(qPrintable(dir)) << dir << kTargets;
        QTest::newRow(qPrintable(dir + QStringLiteral(" (no target)"))) << dir << QStringList();
    }
}

void TstStreamedJson::triton() {
    QFETCH(QString, dir);
    QFETCH(QStringList, targets);
    DiagnoseRequest r;
    r.inputs << dir;
    r.targets = targets;
    const Diagnosis d = hd::diagnose(r);
    QVERIFY(!d.tritonCaches.isEmpty());
    QVERIFY(sameDocument(tritonDocument(d), [&d](JsonWriter &w) { writeTritonDocument(w, d); }));
}

void TstStreamedJson::sessions_data() {
    QTest::addColumn<QString>("path");
    const QString records = hdtest::sourceDir() + QStringLiteral("/tests/verify/gpu-records");
    int n = 0;
    for (const QString &f : filesUnder(records))
        if (f.endsWith(QLatin1String("session.json"))) {
            QTest::newRow(qPrintable(QDir(records).relativeFilePath(f))) << f;
            ++n;
        }
    QVERIFY2(n >= 3, "the verify sessions recorded on the H200");
    QTest::newRow("sample session (every kind of record)") << QString();
}

void TstStreamedJson::sessions() {
    QFETCH(QString, path);
    QString error;
    const std::optional<Session> s = path.isEmpty()
                                         ? std::optional<Session>(hdtest::sampleSession())
                                         : loadSession(path, &error);
    QVERIFY2(s, qPrintable(error));
    QVERIFY(!s->steps.isEmpty());
    QVERIFY(sameDocument(s->toJson(), [&s](JsonWriter &w) { writeJson(w, *s); }));
    // The readers (loadSession, report, the app) read what verify --json writes.
    for (const auto style : {JsonWriter::Style::Compact, JsonWriter::Style::Pretty}) {
        const auto back = parseSession(streamed([&s](JsonWriter &w) { writeJson(w, *s); }, style),
                                       QStringLiteral("streamed"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->toJson(), s->toJson());
    }
}

void TstStreamedJson::sessionWithUnknownFields() {
    // Fields of a newer version are kept and written back, in their sorted place among ours.
    QFile f(hdtest::sourceDir() +
            QStringLiteral("/tests/verify/gpu-records/h200-restructured-2026-12-01/"
                           "verify-session.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    o.insert(QStringLiteral("aaa_first"), QJsonArray{1, 2.5, QStringLiteral("x")});
    o.insert(QStringLiteral("host_extra"), QJsonObject{{QStringLiteral("k"), true}});
    o.insert(QStringLiteral("zzz_last"), QJsonValue());
    QString error;
    auto s = Session::fromJson(o, &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(s->unknownFields.size(), 3);
    QVERIFY(sameDocument(s->toJson(), [&s](JsonWriter &w) { writeJson(w, *s); }));
    s->remote = QStringLiteral("node-1"); // the optional member, present
    s->inventory = {};                    // and the optional inventory, absent
    QVERIFY(sameDocument(s->toJson(), [&s](JsonWriter &w) { writeJson(w, *s); }));
}

void TstStreamedJson::systemInventory() {
    InventoryOptions options;
    options.python = false; // the slowest source, and not what is tested here
    const SystemInventory inv = collectSystemInventory(options);
    QVERIFY(inv.facts.size() > 10);
    QVERIFY(sameDocument(inv.toJson(), [&inv](JsonWriter &w) { writeJson(w, inv); }));
}

QTEST_GUILESS_MAIN(TstStreamedJson)
#include "tst_streamed_json.moc"
