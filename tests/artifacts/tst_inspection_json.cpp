// The streamed hipdoctor.inspection/1 document (InspectionWriter, `inspect --json`) against the
// QJsonDocument builder it replaced, on the artifacts hipcc built and the NVIDIA fixtures: same
// content after parsing, valid JSON in both styles, byte-identical across runs.

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

// The document builder `inspect --json` used before the JSON was streamed, kept here as the
// reference: the model's toJson() pieces assembled into one QJsonObject.
QJsonObject legacyDocument(const QList<hd::ArtifactReport> &reports,
                           const QList<hd::TargetId> &targets) {
    QJsonArray inputs;
    for (const hd::ArtifactReport &r : reports) {
        QJsonObject o = r.toJson();
        QJsonArray selections;
        for (const hd::TargetId &t : targets)
            for (const hd::CodeObjectSelection &s : hd::selectCodeObjects(r, t))
                selections.append(s.toJson());
        o.insert(QStringLiteral("selections"), selections);
        o.insert(QStringLiteral("kernel_count"), r.kernelCount());
        inputs.append(o);
    }
    QJsonArray ts;
    for (const hd::TargetId &t : targets)
        ts.append(t.toString());
    return QJsonObject{{QStringLiteral("schema"), QLatin1String(hd::kInspectionSchema)},
                       {QStringLiteral("hipdoctor_version"), hd::version()},
                       {QStringLiteral("targets"), ts},
                       {QStringLiteral("inputs"), inputs}};
}

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

// The first input whose parsed form differs, for a readable failure.
QString firstDifference(const QJsonObject &a, const QJsonObject &b) {
    const QJsonArray ia = a.value(QStringLiteral("inputs")).toArray();
    const QJsonArray ib = b.value(QStringLiteral("inputs")).toArray();
    if (ia.size() != ib.size())
        return QStringLiteral("%1 inputs against %2").arg(ia.size()).arg(ib.size());
    for (qsizetype i = 0; i < ia.size(); ++i) {
        const QJsonObject x = ia[i].toObject(), y = ib[i].toObject();
        if (x == y)
            continue;
        for (const QString &k : x.keys() + y.keys())
            if (x.value(k) != y.value(k))
                return QStringLiteral("%1: field %2")
                    .arg(x.value(QStringLiteral("path")).toString(), k);
    }
    return QStringLiteral("head fields");
}

} // namespace

class TestInspectionJson : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void sameContentAsDocumentBuilder_data();
    void sameContentAsDocumentBuilder();
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

void TestInspectionJson::sameContentAsDocumentBuilder_data() {
    QTest::addColumn<int>("style");
    QTest::newRow("compact") << int(hd::JsonWriter::Style::Compact);
    QTest::newRow("pretty") << int(hd::JsonWriter::Style::Pretty);
}

void TestInspectionJson::sameContentAsDocumentBuilder() {
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
            const QJsonObject legacy = legacyDocument(reports, t);
            QVERIFY2(doc.object() == legacy, qPrintable(firstDifference(doc.object(), legacy)));
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
