// Hostile input for the inspector: truncated and corrupted versions of every kind it reads,
// empty files, directories, unreadable files, offsets and counts past the end. Each must give
// a clear Problem (file, what, offset) while whatever is still readable is reported.

#include "artifact_problems.h"
#include "artifact_test_util.h"
#include "report_json.h"

#include "artifacts/inspector.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <unistd.h>

using namespace hd;

namespace {

QByteArray kernelBytes(const char *name) {
    return arttest::readAll(hdtest::kernelArtifact(QLatin1String(name)));
}

bool hasProblem(const ArtifactReport &r, const QString &needle = {}, qint64 offset = -2) {
    for (const Problem &p : r.problems)
        if ((needle.isEmpty() || p.message.contains(needle, Qt::CaseInsensitive)) &&
            (offset == -2 || p.offset == offset))
            return true;
    for (const CodeObject &co : r.codeObjects)
        for (const Problem &p : co.problems)
            if ((needle.isEmpty() || p.message.contains(needle, Qt::CaseInsensitive)) &&
                (offset == -2 || p.offset == offset))
                return true;
    return false;
}

// Lengths to cut a file at: every header byte, then a spread over the rest.
QList<qsizetype> cutPoints(qsizetype size) {
    QList<qsizetype> cuts;
    for (qsizetype i = 1; i < std::min<qsizetype>(size, 96); ++i)
        cuts.append(i);
    for (qsizetype i = 96; i < size; i += std::max<qsizetype>(size / 97, 1))
        cuts.append(i);
    cuts.append(size - 1);
    return cuts;
}

void putU64(QByteArray &b, qsizetype at, quint64 v) {
    qToLittleEndian(v, b.data() + at);
}

} // namespace

class TestArtifactBadInput : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void truncated_data();
    void truncated();
    void bundleCountPastEnd();
    void bundleEntryPastEndKeepsTheRest();
    void bundleIdLengthPastEnd();
    void ccobCorrupted_data();
    void ccobCorrupted();
    void hostWrapperCorruptedFallsBackToScanning();
    void hostSectionHeadersPastEnd();
    void codeObjectMetadataCorrupted();
    void randomBytesNeverCrash();
    void emptyFile();
    void directory();
    void missingFile();
    void unreadableFile();
    void garbageFile();
};

void TestArtifactBadInput::initTestCase() {
    if (kernelBytes("vector_add_gfx90a.hsaco").isEmpty())
        QSKIP("build/kernels has no hipcc outputs (hipcc missing at configure time)");
}

void TestArtifactBadInput::truncated_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("bundle") << kernelBytes("vector_add_multi.hsaco");
    QTest::newRow("code object") << kernelBytes("vector_add_gfx90a.co");
    QTest::newRow("host .so") << kernelBytes("libvector_add.so");
    QTest::newRow("lld .so") << kernelBytes("libvector_add_lld.so");
    QTest::newRow("rdc object") << kernelBytes("vector_add_rdc.o");
    QTest::newRow("ccob v3 zstd") << arttest::makeCcob(kernelBytes("vector_add_multi.hsaco"), 3, 1);
    QTest::newRow("ccob v2 zlib") << arttest::makeCcob(kernelBytes("vector_add_multi.hsaco"), 2, 0);
    QTest::newRow("ccob v1 zstd") << arttest::makeCcob(kernelBytes("vector_add_multi.hsaco"), 1, 1);
    QTest::newRow("triton hsaco") << arttest::readAll(hdtest::fixture(QStringLiteral(
        "triton/cache-ok/DFUE7KRJ5BQG2N5MBPFWFFRHVSCGWNO76CB27G3AYISRRM4KJ7YA/add_kernel.hsaco")));
}

// Every cut gives at least one Problem naming the file, and never a crash.
void TestArtifactBadInput::truncated() {
    QFETCH(QByteArray, bytes);
    QVERIFY(!bytes.isEmpty());
    const QString name = QStringLiteral("cut-file");
    const ArtifactReport whole = inspectBytes(bytes, name);
    QVERIFY(arttest::allProblems(whole).isEmpty() ||
            QTest::currentDataTag() == QLatin1String("rdc object"));
    for (qsizetype n : cutPoints(bytes.size())) {
        const ArtifactReport r = inspectBytes(bytes.left(n), name);
        const QList<Problem> problems = arttest::allProblems(r);
        QVERIFY2(!problems.isEmpty(), qPrintable(QStringLiteral("no problem at cut %1").arg(n)));
        for (const Problem &p : problems) {
            QCOMPARE(p.file, name);
            QVERIFY(!p.message.isEmpty());
            QVERIFY2(p.offset < qint64(bytes.size()), qPrintable(p.toString()));
        }
        // The report is still written, as valid JSON.
        const QJsonObject json = arttest::reportJson(r);
        QCOMPARE(json.value(QStringLiteral("path")).toString(), name);
        QCOMPARE(json.value(QStringLiteral("problems")).toArray().size(), r.problems.size());
    }
}

void TestArtifactBadInput::bundleCountPastEnd() {
    QByteArray b = kernelBytes("vector_add_multi.hsaco");
    putU64(b, 24, 0xffffffffffffULL);
    const ArtifactReport r = inspectBytes(b, QStringLiteral("count.hsaco"));
    QVERIFY(hasProblem(r, QStringLiteral("claims"), 24));
    // The real entries that are there are still read.
    QCOMPARE(r.codeObjects.size(), 4);
}

void TestArtifactBadInput::bundleEntryPastEndKeepsTheRest() {
    QByteArray b = kernelBytes("vector_add_multi.hsaco");
    const ArtifactReport ref = inspectBytes(b, QStringLiteral("ref"));
    QCOMPARE(ref.codeObjects.size(), 4);
    // Entry 1's offset field: after magic (24) + count (8) + entry 0 (24 + its id).
    const qsizetype entry1 = 32 + 24 + qsizetype(ref.bundles[0].entries[0].id.size());
    putU64(b, entry1, quint64(b.size()) + 0x1000);
    const ArtifactReport r = inspectBytes(b, QStringLiteral("past.hsaco"));
    QVERIFY(hasProblem(r, QStringLiteral("past the end"), entry1));
    QCOMPARE(r.bundles.size(), 1);
    QCOMPARE(r.bundles[0].entries.size(), 5);
    QCOMPARE(r.bundles[0].entries[1].content, QStringLiteral("out-of-range"));
    QCOMPARE(r.codeObjects.size(), 3);
}

void TestArtifactBadInput::bundleIdLengthPastEnd() {
    QByteArray b = kernelBytes("vector_add_gfx90a.hsaco");
    putU64(b, 32 + 16, 0x7fffffffffffffffULL);
    const ArtifactReport r = inspectBytes(b, QStringLiteral("idlen.hsaco"));
    QVERIFY(hasProblem(r, QStringLiteral("id length"), 32 + 16));
}

void TestArtifactBadInput::ccobCorrupted_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("needle");
    const QByteArray plain = kernelBytes("vector_add_gfx90a.hsaco");
    QByteArray v3 = arttest::makeCcob(plain, 3, 1);
    QByteArray big = v3;
    putU64(big, 8, quint64(v3.size()) * 4); // total size past the end
    QTest::newRow("total past end") << big << "past the end";
    QByteArray huge = v3;
    putU64(huge, 16, 0xffffffffffffULL); // uncompressed size
    QTest::newRow("uncompressed huge") << huge << "refusing";
    QByteArray wrongSize = v3;
    putU64(wrongSize, 16, quint64(plain.size()) - 1);
    QTest::newRow("uncompressed wrong") << wrongSize << "zstd";
    QByteArray version = v3;
    version[4] = 9;
    QTest::newRow("version") << version << "version 9";
    QByteArray method = v3;
    method[6] = 7;
    QTest::newRow("method") << method << "method 7";
    QByteArray payload = arttest::makeCcob(plain, 2, 0);
    for (qsizetype i = 40; i < 60; ++i)
        payload[i] = char(payload[i] ^ 0x5a);
    QTest::newRow("zlib payload") << payload << "zlib";
    QTest::newRow("header cut") << v3.left(14) << "truncated";
}

void TestArtifactBadInput::ccobCorrupted() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, needle);
    const ArtifactReport r = inspectBytes(bytes, QStringLiteral("bad.ccob"));
    QCOMPARE(r.kind, ArtifactKind::CompressedBundle);
    QVERIFY2(hasProblem(r, needle, 0),
             qPrintable(arttest::allProblems(r).isEmpty()
                            ? QStringLiteral("none")
                            : arttest::allProblems(r).first().toString()));
}

// A wrapper whose magic is destroyed: the bundle is still found by scanning .hip_fatbin.
void TestArtifactBadInput::hostWrapperCorruptedFallsBackToScanning() {
    QByteArray b = kernelBytes("libvector_add.so");
    const qsizetype at = b.indexOf(QByteArray("FPIH"));
    QVERIFY(at > 0);
    b[at] = 'X';
    const ArtifactReport r = inspectBytes(b, QStringLiteral("wrapper.so"));
    QVERIFY(hasProblem(r, QStringLiteral("magic"), at));
    QCOMPARE(r.bundles.size(), 1);
    QVERIFY(r.bundles[0].origin.contains(QLatin1String("scanning")));
    QCOMPARE(r.codeObjects.size(), 2);
    QVERIFY(r.host && r.host->needed.contains(QStringLiteral("libamdhip64.so.5")));
}

void TestArtifactBadInput::hostSectionHeadersPastEnd() {
    QByteArray b = kernelBytes("libvector_add.so");
    putU64(b, 0x28, quint64(b.size()) * 2); // e_shoff
    const ArtifactReport r = inspectBytes(b, QStringLiteral("shoff.so"));
    QVERIFY(hasProblem(r, QStringLiteral("section headers"), qint64(b.size()) * 2));
    QVERIFY(r.host.has_value());
    QCOMPARE(r.host->machine, QStringLiteral("x86-64"));
}

void TestArtifactBadInput::codeObjectMetadataCorrupted() {
    QByteArray b = kernelBytes("vector_add_gfx90a.co");
    // The msgpack map starts right after the "AMDGPU\0\0" note name.
    const qsizetype name = b.indexOf(QByteArray("AMDGPU\0\0", 8));
    QVERIFY(name > 0);
    for (qsizetype i = name + 8; i < name + 8 + 24; ++i)
        b[i] = char(0xc1); // never used in msgpack
    const ArtifactReport r = inspectBytes(b, QStringLiteral("md.co"));
    QCOMPARE(r.codeObjects.size(), 1);
    QVERIFY(hasProblem(r, QStringLiteral("msgpack")));
    // Symbols are still there.
    QVERIFY(!r.codeObjects[0].symbols.isEmpty());
    QCOMPARE(r.codeObjects[0].target.processor, QStringLiteral("gfx90a"));
}

// Random corruption of real files (fixed seed): nothing may crash or hang.
void TestArtifactBadInput::randomBytesNeverCrash() {
    QRandomGenerator rng(20261130);
    const QList<QByteArray> seeds{kernelBytes("vector_add_multi.hsaco"),
                                  kernelBytes("vector_add_gfx90a.co"),
                                  kernelBytes("libvector_add_lld.so"),
                                  arttest::makeCcob(kernelBytes("vector_add_gfx90a.hsaco"), 3, 0)};
    for (const QByteArray &seed : seeds) {
        for (int round = 0; round < 150; ++round) {
            QByteArray b = seed;
            const int flips = 1 + int(rng.bounded(16));
            for (int i = 0; i < flips; ++i)
                b[qsizetype(rng.bounded(quint32(b.size())))] = char(rng.bounded(256));
            const ArtifactReport r = inspectBytes(b, QStringLiteral("random"));
            QCOMPARE(arttest::reportJson(r).value(QStringLiteral("path")).toString(),
                     QStringLiteral("random"));
        }
    }
}

void TestArtifactBadInput::emptyFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("empty.hsaco"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const ArtifactReport r = inspectFile(path);
    QCOMPARE(r.problems.size(), 1);
    QVERIFY(r.problems[0].fatal);
    QCOMPARE(r.problems[0].file, path);
    QVERIFY(r.problems[0].message.contains(QLatin1String("empty")));
}

void TestArtifactBadInput::directory() {
    QTemporaryDir dir;
    const ArtifactReport r = inspectFile(dir.path());
    QCOMPARE(r.kind, ArtifactKind::Directory);
    QVERIFY(!r.problems.isEmpty() && r.problems[0].fatal);
    QVERIFY(r.problems[0].message.contains(QLatin1String("directory")));
}

void TestArtifactBadInput::missingFile() {
    const ArtifactReport r = inspectFile(QStringLiteral("/nonexistent/hipdoctor/file.so"));
    QVERIFY(!r.problems.isEmpty() && r.problems[0].fatal);
    QVERIFY(r.problems[0].message.contains(QLatin1String("no such file")));
}

void TestArtifactBadInput::unreadableFile() {
    // Root reads files whatever their mode, so mode 000 proves nothing there.
    if (::geteuid() == 0)
        QSKIP("running as root: permission bits do not stop root from reading a file");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("secret.so"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kernelBytes("libvector_add.so"));
    f.close();
    QVERIFY(QFile::setPermissions(path, QFileDevice::Permissions()));
    const ArtifactReport r = inspectFile(path);
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QVERIFY(!r.problems.isEmpty() && r.problems[0].fatal);
    QVERIFY(r.problems[0].message.contains(QLatin1String("cannot be opened")));
}

void TestArtifactBadInput::garbageFile() {
    QByteArray junk(4096, '\0');
    for (qsizetype i = 0; i < junk.size(); ++i)
        junk[i] = char((i * 131 + 7) & 0xff);
    junk[0] = char(0x8f);
    const ArtifactReport r = inspectBytes(junk, QStringLiteral("junk.bin"));
    QCOMPARE(r.kind, ArtifactKind::Unknown);
    QVERIFY(hasProblem(r, QStringLiteral("not a recognised artifact"), 0));
}

QTEST_GUILESS_MAIN(TestArtifactBadInput)
#include "tst_artifact_bad_input.moc"
