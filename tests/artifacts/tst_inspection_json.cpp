// The streamed hipdoctor.inspection/1 document (InspectionWriter, `inspect --json`, the one JSON
// writer of an inspected report) on the artifacts hipcc built and the NVIDIA fixtures: valid JSON
// in both styles holding the model's values, byte-identical across runs.

#include "artifact_test_util.h"

#include "artifacts/inspection_document.h"
#include "artifacts/inspector.h"
#include "artifacts/selection.h"
#include "common/json_writer.h"
#include "common/version.h"

#include <QBuffer>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace {

QByteArray streamed(const QList<hd::ArtifactReport> &reports, const QList<hd::TargetId> &targets,
                    hd::JsonWriter::Style style) {
    hd::JsonWriter w(nullptr, style);
    hd::writeInspection(w, reports, targets);
    return w.takeBytes();
}

// Every file the build's kernels/ folder holds (hipcc outputs, the demo's logs and Triton
// caches, which are text or unknown to the inspector) and the NVIDIA fixtures.
QStringList artifacts() {
    QStringList files;
    for (const QString &root : {hdtest::kernelArtifact(QString()), hdtest::fixture("nvidia")}) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            if (!f.contains(QLatin1String("/CMakeFiles/")) && !f.endsWith(QLatin1String(".cmake")))
                files.append(f);
        }
    }
    files.sort();
    return files;
}

QList<hd::TargetId> targets() {
    QList<hd::TargetId> ts;
    for (const char *t : {"gfx90a:sramecc+:xnack-", "gfx1030", "gfx942", "sm_90"})
        ts.append(*hd::TargetId::parse(QLatin1String(t)));
    return ts;
}

QStringList strings(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

// One input of the document against the report it was written from.
void compareInput(const QJsonObject &in, const hd::ArtifactReport &r,
                  const QList<hd::TargetId> &targets) {
    QCOMPARE(in.value(QStringLiteral("path")).toString(), r.path);
    QCOMPARE(in.value(QStringLiteral("kind")).toString(), hd::artifactKindName(r.kind));
    QCOMPARE(in.value(QStringLiteral("file_size")).toInteger(), qint64(r.fileSize));
    QCOMPARE(in.value(QStringLiteral("kernel_count")).toInt(), r.kernelCount());
    QCOMPARE(in.value(QStringLiteral("problems")).toArray().size(), r.problems.size());
    QCOMPARE(in.contains(QStringLiteral("host")), r.host.has_value());
    if (r.host) {
        const QJsonObject h = in.value(QStringLiteral("host")).toObject();
        QCOMPARE(strings(h.value(QStringLiteral("needed"))), r.host->needed);
        QCOMPARE(h.value(QStringLiteral("resolutions")).toArray().size(),
                 r.host->resolutions.size());
        QCOMPARE(h.value(QStringLiteral("host_functions")).toArray().size(),
                 r.host->hostFunctions.size());
    }
    const QJsonArray bundles = in.value(QStringLiteral("bundles")).toArray();
    QCOMPARE(bundles.size(), r.bundles.size());
    for (qsizetype i = 0; i < bundles.size(); ++i) {
        const QJsonArray entries = bundles[i][QStringLiteral("entries")].toArray();
        QCOMPARE(entries.size(), r.bundles[i].entries.size());
        for (qsizetype e = 0; e < entries.size(); ++e)
            QCOMPARE(entries[e][QStringLiteral("id")].toString(), r.bundles[i].entries[e].id);
    }
    const QJsonArray cos = in.value(QStringLiteral("code_objects")).toArray();
    QCOMPARE(cos.size(), r.codeObjects.size());
    for (qsizetype i = 0; i < cos.size(); ++i) {
        const hd::CodeObject &co = r.codeObjects[i];
        QCOMPARE(cos[i][QStringLiteral("format")].toString(), hd::codeObjectFormatName(co.format));
        QCOMPARE(cos[i][QStringLiteral("target")].toString(),
                 co.target.isValid() ? co.target.toString() : QString());
        QCOMPARE(cos[i][QStringLiteral("size")].toInteger(), qint64(co.size));
        QCOMPARE(cos[i][QStringLiteral("symbols")].toArray().size(), co.symbols.size());
        QCOMPARE(strings(cos[i][QStringLiteral("undefined_symbols")]), co.undefinedSymbols);
        const QJsonArray kernels = cos[i][QStringLiteral("kernels")].toArray();
        QCOMPARE(kernels.size(), co.kernels.size());
        for (qsizetype k = 0; k < kernels.size(); ++k) {
            QCOMPARE(kernels[k][QStringLiteral("name")].toString(), co.kernels[k].name);
            QCOMPARE(kernels[k][QStringLiteral("vgpr_count")].toInt(), co.kernels[k].vgprCount);
            const QJsonArray args = kernels[k][QStringLiteral("args")].toArray();
            QCOMPARE(args.size(), co.kernels[k].args.size());
            for (qsizetype a = 0; a < args.size(); ++a)
                QCOMPARE(args[a][QStringLiteral("offset")].toInteger(),
                         qint64(co.kernels[k].args[a].offset));
        }
    }
    qsizetype selections = 0;
    for (const hd::TargetId &t : targets)
        selections += hd::selectCodeObjects(r, t).size();
    QCOMPARE(in.value(QStringLiteral("selections")).toArray().size(), selections);
}

} // namespace

class TestInspectionJson : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void documentHoldsTheReports_data();
    void documentHoldsTheReports();
    void byteIdenticalAcrossRuns();
    void throughADeviceAsInMemory();
    void cliStreamsTheSameDocument();

private:
    QStringList m_files;
    QList<hd::ArtifactReport> m_reports;
};

void TestInspectionJson::initTestCase() {
    if (!QFileInfo::exists(hdtest::kernelArtifact(QStringLiteral("vector_add_multi.hsaco"))))
        QSKIP("build/kernels has no hipcc outputs (hipcc missing at configure time)");
    m_files = artifacts();
    for (const QString &f : m_files)
        m_reports.append(hd::inspectFile(f));
    int codeObjects = 0;
    for (const hd::ArtifactReport &r : m_reports)
        codeObjects += int(r.codeObjects.size());
    qInfo("%lld files, %d code objects", qlonglong(m_files.size()), codeObjects);
    QVERIFY(m_files.size() >= 30);
    QVERIFY(codeObjects >= 30);
}

void TestInspectionJson::documentHoldsTheReports_data() {
    QTest::addColumn<int>("style");
    QTest::newRow("compact") << int(hd::JsonWriter::Style::Compact);
    QTest::newRow("pretty") << int(hd::JsonWriter::Style::Pretty);
}

void TestInspectionJson::documentHoldsTheReports() {
    QFETCH(int, style);
    const auto s = hd::JsonWriter::Style(style);
    const QList<hd::TargetId> ts = targets();
    // All files in one document, then each file alone (with and without targets).
    QList<QList<hd::ArtifactReport>> docs{m_reports};
    for (const hd::ArtifactReport &r : m_reports)
        docs.append({r});
    for (const QList<hd::ArtifactReport> &reports : docs) {
        for (const QList<hd::TargetId> &t : {ts, QList<hd::TargetId>{}}) {
            const QByteArray bytes = streamed(reports, t, s);
            QVERIFY(bytes.endsWith("}\n"));
            if (s == hd::JsonWriter::Style::Compact)
                QCOMPARE(bytes.count('\n'), 1); // one line: newlines in strings are escaped
            QJsonParseError e;
            const QJsonDocument doc = QJsonDocument::fromJson(bytes, &e);
            QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
            const QJsonObject o = doc.object();
            QCOMPARE(o.value(QStringLiteral("schema")).toString(),
                     QLatin1String(hd::kInspectionSchema));
            QCOMPARE(o.value(QStringLiteral("hipdoctor_version")).toString(), hd::version());
            QCOMPARE(o.value(QStringLiteral("targets")).toArray().size(), t.size());
            const QJsonArray inputs = o.value(QStringLiteral("inputs")).toArray();
            QCOMPARE(inputs.size(), reports.size());
            for (qsizetype i = 0; i < inputs.size(); ++i) {
                compareInput(inputs[i].toObject(), reports[i], t);
                if (QTest::currentTestFailed())
                    return;
            }
        }
    }
}

void TestInspectionJson::byteIdenticalAcrossRuns() {
    // A second inspection, its code objects decoded by 1 and by 4 threads.
    for (const int threads : {1, 4}) {
        hd::InspectOptions o;
        o.threads = threads;
        QList<hd::ArtifactReport> again;
        for (const QString &f : m_files)
            again.append(hd::inspectFile(f, o));
        for (const auto s : {hd::JsonWriter::Style::Compact, hd::JsonWriter::Style::Pretty})
            QCOMPARE(streamed(again, targets(), s), streamed(m_reports, targets(), s));
    }
}

void TestInspectionJson::throughADeviceAsInMemory() {
    // Several MB, so the writer flushes its buffer to the device many times.
    QList<hd::ArtifactReport> many;
    for (int i = 0; i < 40; ++i)
        many += m_reports;
    const QByteArray inMemory = streamed(many, targets(), hd::JsonWriter::Style::Pretty);
    QVERIFY(inMemory.size() > 4 * 1024 * 1024);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        hd::JsonWriter w(&buffer, hd::JsonWriter::Style::Pretty);
        hd::writeInspection(w, many, targets());
        QVERIFY(w.ok());
    }
    QCOMPARE(buffer.data().size(), inMemory.size());
    QVERIFY(buffer.data() == inMemory);
}

void TestInspectionJson::cliStreamsTheSameDocument() {
    const QString cli = hdtest::binary(QStringLiteral("hipdoctor-cli"));
    const QStringList files{hdtest::kernelArtifact(QStringLiteral("vector_add_multi.hsaco")),
                            hdtest::kernelArtifact(QStringLiteral("libvector_add.so")),
                            hdtest::kernelArtifact(QStringLiteral("vector_add_main"))};
    const QStringList args = QStringList{QStringLiteral("inspect")} + files +
                             QStringList{QStringLiteral("--target"), QStringLiteral("gfx1030")};
    auto run = [&](const QString &flag) {
        QProcess p;
        p.start(cli, args + QStringList{flag});
        if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
            return QByteArray();
        return p.readAllStandardOutput();
    };
    const QByteArray first = run(QStringLiteral("--json"));
    QVERIFY(!first.isEmpty());
    QCOMPARE(run(QStringLiteral("--json")), first);
    QList<hd::ArtifactReport> reports;
    for (const QString &f : files)
        reports.append(hd::inspectFile(f));
    const QList<hd::TargetId> t{*hd::TargetId::parse(QStringLiteral("gfx1030"))};
    QCOMPARE(first, streamed(reports, t, hd::JsonWriter::Style::Compact));
    QCOMPARE(run(QStringLiteral("--pretty")), streamed(reports, t, hd::JsonWriter::Style::Pretty));
}

QTEST_GUILESS_MAIN(TestInspectionJson)
#include "tst_inspection_json.moc"
