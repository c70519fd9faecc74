// The documents `diagnose`, `triton`, `verify` and `sysinfo` stream with --json (writeJson() of
// model/model_json.h and diagnosis/diagnosis_json.h, docs/performance.md "Streamed JSON"), the one
// writer of each type, on real inputs: the hipcc-built programs and the demo under build/kernels,
// the tool output of tests/diagnosis/data, the real Triton caches, the verify sessions recorded on
// an H200 and this machine's system inventory. Each document must parse, hold the model's values,
// be canonical (keys in QJsonObject's sorted order, numbers as QJsonDocument reads them: printing
// the parsed object gives the same bytes, in both styles), equal the toJson() derived from it, and
// be the same on every run; a streamed session must load again.

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

// The parsed object printed again: what a QJsonObject holding the document prints.
QByteArray reprinted(const QJsonObject &o, JsonWriter::Style style) {
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
    return "at byte " + QByteArray::number(i) + "\n streamed:  " + a.mid(from, 120) +
           "\n reprinted: " + b.mid(from, 120);
}

// The streamed document parsed, after checking that it parses in both styles to the same object,
// is canonical (printing the parsed object gives the streamed bytes back) and is the same on a
// second run. An empty object when any of that fails.
QJsonObject streamedDocument(const Write &write) {
    QJsonObject first;
    for (const auto style : {JsonWriter::Style::Compact, JsonWriter::Style::Pretty}) {
        const QByteArray bytes = streamed(write, style);
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            qWarning() << "does not parse:" << pe.errorString() << "at" << pe.offset;
            return {};
        }
        const QByteArray again = reprinted(doc.object(), style);
        if (again != bytes) {
            qWarning().noquote() << "not canonical" << firstDifference(bytes, again);
            return {};
        }
        if (style == JsonWriter::Style::Compact)
            first = doc.object();
        else if (doc.object() != first) {
            qWarning() << "the pretty document differs from the compact one";
            return {};
        }
        if (streamed(write, style) != bytes) {
            qWarning() << "not the same bytes on a second run";
            return {};
        }
    }
    return first;
}

QStringList strings(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

// The findings as the model holds them and as the document lists them: ids, severities, titles.
void compareFindings(const QJsonValue &json, const QList<Finding> &findings) {
    const QJsonArray a = json.toArray();
    QCOMPARE(a.size(), findings.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QJsonObject f = a[i].toObject();
        QCOMPARE(f.value(QStringLiteral("id")).toString(), findings[i].id);
        QCOMPARE(f.value(QStringLiteral("severity")).toString(),
                 severityName(findings[i].severity));
        QCOMPARE(f.value(QStringLiteral("title")).toString(), findings[i].title);
        QCOMPARE(f.value(QStringLiteral("evidence")).toArray().size(), findings[i].evidence.size());
        QCOMPARE(Finding::fromJson(f), findings[i]);
    }
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
    const QJsonObject o = streamedDocument([&d](JsonWriter &w) { writeJson(w, d); });
    QVERIFY(!o.isEmpty());
    QCOMPARE(d.toJson(), o);
    QCOMPARE(o.value(QStringLiteral("schema")).toString(), QLatin1String(kDiagnosisSchema));
    compareFindings(o.value(QStringLiteral("findings")), d.findings);
    const QJsonObject summary = o.value(QStringLiteral("summary")).toObject();
    qsizetype errors = 0;
    for (const Finding &f : d.findings)
        errors += f.severity == Severity::Error;
    QCOMPARE(summary.value(QStringLiteral("errors")).toInteger(), errors);
    const QJsonArray ins = o.value(QStringLiteral("inputs")).toArray();
    QCOMPARE(ins.size(), d.inputs.size());
    for (qsizetype i = 0; i < ins.size(); ++i) {
        QCOMPARE(ins[i][QStringLiteral("path")].toString(), d.inputs[i].path);
        QCOMPARE(ins[i][QStringLiteral("kind")].toString(), d.inputs[i].kind);
        QCOMPARE(ins[i][QStringLiteral("problems")].toArray().size(), d.inputs[i].problems.size());
    }
    const QJsonArray devs = o.value(QStringLiteral("devices")).toArray();
    QCOMPARE(devs.size(), d.devices.size());
    for (qsizetype i = 0; i < devs.size(); ++i) {
        QCOMPARE(devs[i][QStringLiteral("target")].toString(), d.devices[i].target.toString());
        QCOMPARE(devs[i][QStringLiteral("from")].toString(), d.devicesFrom);
    }
    QCOMPARE(strings(o.value(QStringLiteral("kernels"))), d.kernels);
    QCOMPARE(o.value(QStringLiteral("runtime_version")).toString(), d.runtimeVersion);
    QCOMPARE(o.contains(QStringLiteral("usage_error")), !d.usageError.isEmpty());
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
    const QJsonObject o = streamedDocument([&d](JsonWriter &w) { writeTritonDocument(w, d); });
    QVERIFY(!o.isEmpty());
    QCOMPARE(o.value(QStringLiteral("schema")).toString(), QLatin1String(kTritonSchema));
    compareFindings(o.value(QStringLiteral("findings")), d.findings);
    QCOMPARE(o.value(QStringLiteral("devices")).toArray().size(), d.devices.size());
    const TritonCache &c = d.tritonCaches.first();
    const QJsonObject cache = o.value(QStringLiteral("cache")).toObject();
    QCOMPARE(cache.value(QStringLiteral("root")).toString(), c.root);
    QCOMPARE(cache.value(QStringLiteral("single_entry")).toBool(), c.singleEntry);
    const QJsonArray entries = cache.value(QStringLiteral("entries")).toArray();
    QCOMPARE(entries.size(), c.entries.size());
    QVERIFY(!entries.isEmpty());
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const TritonEntry &e = c.entries[i];
        QCOMPARE(entries[i][QStringLiteral("kernel")].toString(), e.kernelName);
        QCOMPARE(entries[i][QStringLiteral("hash")].toString(), e.hash);
        QCOMPARE(entries[i][QStringLiteral("complete")].toBool(), e.complete());
        QCOMPARE(strings(entries[i][QStringLiteral("stages")]), e.stagesPresent);
        QCOMPARE(entries[i][QStringLiteral("num_warps")].toInt(), e.numWarps);
        QCOMPARE(entries[i].toObject().contains(QStringLiteral("target")), e.target().has_value());
    }
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
    const QJsonObject o = streamedDocument([&s](JsonWriter &w) { writeJson(w, *s); });
    QVERIFY(!o.isEmpty());
    QCOMPARE(s->toJson(), o);
    QCOMPARE(o.value(QStringLiteral("host")).toString(), s->host);
    QCOMPARE(o.value(QStringLiteral("created_at")).toString(), s->createdAt);
    QCOMPARE(o.value(QStringLiteral("inputs")).toObject(), s->inputs);
    compareFindings(o.value(QStringLiteral("findings")), s->findings);
    const QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.size(), s->steps.size());
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const StepRecord &st = s->steps[i];
        QCOMPARE(steps[i][QStringLiteral("step")].toInt(), st.step);
        QCOMPARE(steps[i][QStringLiteral("status")].toString(), checkStatusName(st.status));
        compareFindings(steps[i][QStringLiteral("findings")], st.findings);
        const QJsonArray checks = steps[i][QStringLiteral("checks")].toArray();
        QCOMPARE(checks.size(), st.checks.size());
        for (qsizetype k = 0; k < checks.size(); ++k) {
            QCOMPARE(checks[k][QStringLiteral("id")].toString(), st.checks[k].id);
            QCOMPARE(checks[k][QStringLiteral("stdout")].toString(), st.checks[k].stdoutText);
            QCOMPARE(checks[k][QStringLiteral("duration_ms")].toDouble(), st.checks[k].durationMs);
            QCOMPARE(checks[k][QStringLiteral("data")].toObject(), st.checks[k].data);
        }
    }
    QCOMPARE(o.value(QStringLiteral("comparison"))[QStringLiteral("verdict")].toString(),
             s->comparison.verdict);
    QCOMPARE(o.contains(QStringLiteral("inventory")), !s->inventory.isEmpty());
    // The readers (loadSession, report, the app) read what verify --json writes.
    for (const auto style : {JsonWriter::Style::Compact, JsonWriter::Style::Pretty}) {
        const auto back = parseSession(streamed([&s](JsonWriter &w) { writeJson(w, *s); }, style),
                                       QStringLiteral("streamed"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->toJson(), o);
        QCOMPARE(back->steps.size(), s->steps.size());
        QCOMPARE(back->findings, s->findings);
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
    const Write write = [&s](JsonWriter &w) { writeJson(w, *s); };
    QJsonObject back = streamedDocument(write);
    QVERIFY(!back.isEmpty());
    QCOMPARE(s->toJson(), back);
    QCOMPARE(back.value(QStringLiteral("aaa_first")),
             QJsonValue(QJsonArray{1, 2.5, QStringLiteral("x")}));
    QCOMPARE(back.value(QStringLiteral("host_extra")),
             QJsonValue(o.value(QStringLiteral("host_extra"))));
    QVERIFY(back.contains(QStringLiteral("zzz_last")));
    QVERIFY(back.value(QStringLiteral("zzz_last")).isNull());
    QVERIFY(
        streamed(write, JsonWriter::Style::Compact).startsWith("{\"aaa_first\":[1,2.5,\"x\"],"));
    QVERIFY(!back.contains(QStringLiteral("remote")));
    QVERIFY(back.contains(QStringLiteral("inventory")));
    s->remote = QStringLiteral("node-1"); // the optional member, present
    s->inventory = {};                    // and the optional inventory, absent
    back = streamedDocument(write);
    QVERIFY(!back.isEmpty());
    QCOMPARE(s->toJson(), back);
    QCOMPARE(back.value(QStringLiteral("remote")).toString(), QStringLiteral("node-1"));
    QVERIFY(!back.contains(QStringLiteral("inventory")));
}

void TstStreamedJson::systemInventory() {
    InventoryOptions options;
    options.python = false; // the slowest source, and not what is tested here
    const SystemInventory inv = collectSystemInventory(options);
    QVERIFY(inv.facts.size() > 10);
    const QJsonObject o = streamedDocument([&inv](JsonWriter &w) { writeJson(w, inv); });
    QVERIFY(!o.isEmpty());
    QCOMPARE(inv.toJson(), o);
    QCOMPARE(o.value(QStringLiteral("schema")).toString(), QLatin1String(kSysinfoSchema));
    QCOMPARE(o.value(QStringLiteral("collected_at")).toString(), inv.collectedAt);
    const QJsonArray facts = o.value(QStringLiteral("facts")).toArray();
    QCOMPARE(facts.size(), inv.facts.size());
    for (qsizetype i = 0; i < facts.size(); ++i)
        QCOMPARE(InventoryFact::fromJson(facts[i].toObject()), inv.facts[i]);
    QCOMPARE(SystemInventory::fromJson(o), inv);
}

QTEST_GUILESS_MAIN(TstStreamedJson)
#include "tst_streamed_json.moc"
