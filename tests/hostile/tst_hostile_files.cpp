// Hostile files (docs/limits.md): offsets that wrap, files that are not regular files, files
// that shrink while mapped, decompression bombs, oversized sessions, symbolic links out of an
// imported folder. Every input is built here from the real hipcc outputs of build/kernels/.

#include "artifact_problems.h"
#include "artifact_test_util.h"

#include "artifacts/inspector.h"
#include "artifacts/msgpack_cursor.h"
#include "artifacts/nvidia.h"
#include "artifacts/offload_bundle.h"
#include "common/input_file.h"
#include "common/mapped_file_guard.h"
#include "common/output_file.h"
#include "env/env_profile.h"
#include "inspector_p.h"
#include "loader/loader.h"
#include "model/session.h"
#include "triton/triton_cache.h"
#include "verify/compile_cache.h"
#include "verify/import_records.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <cstdio>

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace hd;

namespace {

QByteArray kernelBytes(const char *name) {
    return arttest::readAll(hdtest::kernelArtifact(QLatin1String(name)));
}

bool hasProblem(const ArtifactReport &r, const QString &needle) {
    const QList<Problem> all = arttest::allProblems(r);
    return std::any_of(all.cbegin(), all.cend(),
                       [&](const Problem &p) { return p.message.contains(needle); });
}

QString problemsText(const ArtifactReport &r) {
    QStringList l;
    for (const Problem &p : arttest::allProblems(r))
        l << p.toString();
    return l.join(QLatin1Char('\n'));
}

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Offset of the section header of the first SHT_NOTE section of the ELF at `base`.
qsizetype noteHeaderAt(const QByteArray &b, qsizetype base) {
    const auto *d = reinterpret_cast<const uchar *>(b.constData()) + base;
    const quint64 shoff = qFromLittleEndian<quint64>(d + 0x28);
    const quint16 shentsize = qFromLittleEndian<quint16>(d + 0x3a);
    const quint16 shnum = qFromLittleEndian<quint16>(d + 0x3c);
    for (quint16 i = 0; i < shnum; ++i) {
        const qsizetype at = base + qsizetype(shoff) + qsizetype(i) * shentsize;
        if (qFromLittleEndian<quint32>(b.constData() + at + 4) == 7 /*SHT_NOTE*/)
            return at;
    }
    return -1;
}

struct CliRun {
    int exitCode = -1;
    bool finished = false;
    QString out, err;
};

CliRun runCli(const QStringList &args) {
    QProcess p;
    p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
    CliRun r;
    // A hang is the failure looked for here: the run must end by itself.
    r.finished = p.waitForStarted(30000) && p.waitForFinished(120000);
    if (!r.finished) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// A zstd frame of `size` zero bytes, compressed as a stream (never held whole).
QByteArray zstdZeros(qint64 size) {
    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 19);
    ZSTD_CCtx_setPledgedSrcSize(cctx, quint64(size));
    const QByteArray zeros(1 << 20, '\0');
    QByteArray out;
    QByteArray buf(qsizetype(ZSTD_CStreamOutSize()), Qt::Uninitialized);
    for (qint64 done = 0; done < size;) {
        const qint64 n = std::min<qint64>(zeros.size(), size - done);
        done += n;
        ZSTD_inBuffer in{zeros.constData(), size_t(n), 0};
        const ZSTD_EndDirective mode = done == size ? ZSTD_e_end : ZSTD_e_continue;
        for (;;) {
            ZSTD_outBuffer o{buf.data(), size_t(buf.size()), 0};
            const size_t left = ZSTD_compressStream2(cctx, &o, &in, mode);
            out.append(buf.constData(), qsizetype(o.pos));
            if (mode == ZSTD_e_end ? left == 0 : in.pos == in.size)
                break;
        }
    }
    ZSTD_freeCCtx(cctx);
    return out;
}

// CCOB v3 (docs/formats.md layout, as arttest::makeCcob writes it) around a given zstd payload
// that claims `uncompressed` bytes.
QByteArray ccobAround(const QByteArray &payload, quint64 uncompressed) {
    QByteArray h("CCOB", 4);
    auto put16 = [&](quint16 v) { h.append(reinterpret_cast<const char *>(&v), 2); };
    auto put64 = [&](quint64 v) { h.append(reinterpret_cast<const char *>(&v), 8); };
    put16(3);
    put16(1); // zstd
    put64(quint64(4 + 2 + 2 + 8 + 8 + 8 + payload.size()));
    put64(uncompressed);
    put64(0); // hash: not reached by what is tested here
    return h + payload;
}

} // namespace

class TestHostileFiles : public QObject {
    Q_OBJECT

private slots:
    void compileCacheEntryDamaged();
    void compileCacheLostRename();
    void compileCacheWithoutRoom();
    void noteSectionOffsetWraps_data();
    void noteSectionOffsetWraps();
    void fifoIsRefusedEverywhere();
    void fifoOnTheCommandLine_data();
    void fifoOnTheCommandLine();
    void devicesAndLinkLoops();
    void shrinkingMappingReadsZeros();
    void decompressionBomb();
    void decompressionBudgetPerInput();
    void bundleWithEveryEntryOutOfRange();
    void sessionSizeLimit();
    void importedSymlinkOutsideTheFolder();
    void msgpackNestingLimit();
    void fatbinDecompressionBudgetPerInput();
    void nonUtf8FileName();
    void symlinkLoopIsNamed();
    void fullDisk();
};

// The bytes of a real code object, alone, inside a bundle and inside a host .so, with the
// .note section's offset or size near 2^64 (offset + size wraps past LLVM 15's check).
void TestHostileFiles::noteSectionOffsetWraps_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("field"); // 0x18 sh_offset, 0x20 sh_size
    QTest::addColumn<quint64>("value");
    for (const char *f : {"vector_add_gfx90a.co", "vector_add_multi.hsaco", "libvector_add.so"}) {
        QTest::addRow("%s offset ~2^64", f) << QString::fromLatin1(f) << 0x18 << ~quint64(0xf);
        QTest::addRow("%s size ~2^64", f) << QString::fromLatin1(f) << 0x20 << ~quint64(0x1f);
        QTest::addRow("%s offset 2^63", f) << QString::fromLatin1(f) << 0x18 << (quint64(1) << 63);
    }
}

void TestHostileFiles::noteSectionOffsetWraps() {
    QFETCH(QString, file);
    QFETCH(int, field);
    QFETCH(quint64, value);
    QByteArray b = kernelBytes(qPrintable(file));
    QVERIFY2(!b.isEmpty(), qPrintable(file));
    const ArtifactReport clean = inspectBytes(b, file);
    QVERIFY(!clean.codeObjects.isEmpty());
    int patched = 0;
    for (const CodeObject &co : clean.codeObjects) {
        QVERIFY(!co.insideCompressed);
        const qsizetype at = noteHeaderAt(b, qsizetype(co.fileOffset));
        QVERIFY(at > 0);
        qToLittleEndian(value, b.data() + at + field);
        ++patched;
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    QVERIFY(writeFile(path, b));
    const ArtifactReport r = inspectFile(path);
    QCOMPARE(r.codeObjects.size(), clean.codeObjects.size());
    QVERIFY2(hasProblem(r, QStringLiteral("note section")), qPrintable(problemsText(r)));
    for (const Problem &p : arttest::allProblems(r))
        if (p.message.contains(QLatin1String("note section")))
            QCOMPARE(p.file, path);
    // The rest of each code object is still read: its symbols and target.
    for (qsizetype i = 0; i < r.codeObjects.size(); ++i) {
        QCOMPARE(r.codeObjects[i].target.toString(), clean.codeObjects[i].target.toString());
        QCOMPARE(r.codeObjects[i].symbols.size(), clean.codeObjects[i].symbols.size());
    }
    QVERIFY(patched > 0);
    // The CLI takes the same path and says so instead of dying with SIGSEGV.
    const CliRun cli = runCli({QStringLiteral("inspect"), path});
    QVERIFY(cli.finished);
    QVERIFY2(cli.out.contains(QLatin1String("note section")), qPrintable(cli.out + cli.err));
}

void TestHostileFiles::fifoIsRefusedEverywhere() {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("libamdhip64.so.5"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);

    const ArtifactReport r = inspectFile(fifo);
    QVERIFY(!r.problems.isEmpty());
    QVERIFY(r.problems[0].fatal);
    QCOMPARE(r.problems[0].file, fifo);
    QVERIFY2(r.problems[0].message.contains(QLatin1String("FIFO")),
             qPrintable(r.problems[0].message));
    QCOMPARE(detectArtifactKind(fifo), ArtifactKind::Unknown);

    QString error;
    QVERIFY(!loadSession(fifo, &error));
    QVERIFY2(error.contains(fifo) && error.contains(QLatin1String("FIFO")), qPrintable(error));
    QVERIFY(!EnvProfile::load(fifo, &error));
    QVERIFY2(error.contains(fifo) && error.contains(QLatin1String("FIFO")), qPrintable(error));
    QString why;
    QVERIFY(readInputFile(fifo, 100, &why).isEmpty());
    QVERIFY(why.contains(QLatin1String("FIFO")));

    // A FIFO named like the needed library in LD_LIBRARY_PATH is skipped, not opened.
    LoaderEnvironment env;
    env.ldLibraryPath = {dir.path()};
    env.ldSoCache = dir.filePath(QStringLiteral("no-cache"));
    env.defaultDirs = {dir.filePath(QStringLiteral("none"))};
    const LibraryResolution res =
        resolveLibrary(QStringLiteral("libamdhip64.so.5"), LoaderQuery{}, env);
    QVERIFY(!res.found());

    // A FIFO in place of a Triton stage file: a problem on that file, the rest read.
    const QString cacheOk = hdtest::fixture(QStringLiteral("triton/cache-ok"));
    const QString entryName =
        QStringLiteral("DXWZLDK3CPYMFDHW27Z3K44AZMZ5D3S7RI66FKAQHLW5CI3YQVVA");
    const QString entry = dir.filePath(QStringLiteral("cache/") + entryName);
    QVERIFY(QDir().mkpath(entry));
    QString jsonName;
    for (const QFileInfo &fi :
         QDir(cacheOk + QLatin1Char('/') + entryName).entryInfoList(QDir::Files)) {
        if (fi.suffix() == QLatin1String("json")) {
            jsonName = fi.fileName();
            QCOMPARE(
                ::mkfifo(QFile::encodeName(entry + QLatin1Char('/') + jsonName).constData(), 0600),
                0);
        } else {
            QVERIFY(QFile::copy(fi.absoluteFilePath(), entry + QLatin1Char('/') + fi.fileName()));
        }
    }
    QVERIFY(!jsonName.isEmpty());
    TritonCache cache = readTritonCache(dir.filePath(QStringLiteral("cache")));
    QCOMPARE(cache.entries.size(), 1);
    bool named = false;
    for (const Problem &p : cache.entries[0].problems)
        named |= p.file.endsWith(jsonName) && p.message.contains(QLatin1String("FIFO"));
    QVERIFY(named);
    // And in place of the binary: the entry is not complete, and says why.
    const QString hsaco = entry + QStringLiteral("/add_kernel.hsaco");
    QVERIFY(QFile::exists(hsaco));
    QVERIFY(QFile::remove(hsaco));
    QCOMPARE(::mkfifo(QFile::encodeName(hsaco).constData(), 0600), 0);
    cache = readTritonCache(dir.filePath(QStringLiteral("cache")));
    QCOMPARE(cache.entries.size(), 1);
    QVERIFY(!cache.entries[0].complete());
    QVERIFY(cache.entries[0].binaryPath.isEmpty());
    named = false;
    for (const Problem &p : cache.entries[0].problems)
        named |= p.file == hsaco && p.message.contains(QLatin1String("FIFO"));
    QVERIFY(named);
}

void TestHostileFiles::fifoOnTheCommandLine_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("inspect") << QStringList{QStringLiteral("inspect")};
    QTest::newRow("diagnose") << QStringList{QStringLiteral("diagnose")};
    QTest::newRow("report") << QStringList{QStringLiteral("report"), QStringLiteral("-o"),
                                           QStringLiteral("-")};
}

void TestHostileFiles::fifoOnTheCommandLine() {
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("input.hsaco"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const CliRun r = runCli(QStringList{args.first(), fifo} + args.mid(1));
    QVERIFY2(r.finished, "the CLI waited on the FIFO");
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(fifo) && r.err.contains(QLatin1String("FIFO")), qPrintable(r.err));
}

void TestHostileFiles::devicesAndLinkLoops() {
    ArtifactReport r = inspectFile(QStringLiteral("/dev/zero"));
    QVERIFY(!r.problems.isEmpty() && r.problems[0].fatal);
    QVERIFY2(r.problems[0].message.contains(QLatin1String("character device")),
             qPrintable(r.problems[0].message));

    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.so")),
                  b = dir.filePath(QStringLiteral("b.so"));
    QVERIFY(QFile::link(b, a));
    QVERIFY(QFile::link(a, b));
    r = inspectFile(a);
    QVERIFY(!r.problems.isEmpty() && r.problems[0].fatal);
    QVERIFY2(r.problems[0].message.contains(QLatin1String("symbolic link loop")),
             qPrintable(r.problems[0].message));
}

// A file mapped, then cut short (a rebuild rewriting it in place): reading past the new end
// gives zeros and faulted(), not SIGBUS.
void TestHostileFiles::shrinkingMappingReadsZeros() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("libvector_add.so"));
    QByteArray bytes = kernelBytes("libvector_add.so");
    QVERIFY(!bytes.isEmpty());
    bytes.append(QByteArray(4 << 20, 'x'));
    QVERIFY(writeFile(path, bytes));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const uchar *map = f.map(0, f.size());
    QVERIFY(map);
    MappingGuard guard(map, size_t(f.size()));
    QVERIFY(!guard.faulted());
    QCOMPARE(::truncate(QFile::encodeName(path).constData(), 4096), 0);
    QCOMPARE(char(map[100]), bytes[100]); // still the file
    const volatile uchar *far = map + bytes.size() - 10;
    QCOMPARE(int(*far), 0); // past the new end: a zero page, not SIGBUS
    QVERIFY(guard.faulted());
    guard.release();
    QVERIFY(guard.faulted());
    f.unmap(const_cast<uchar *>(map));
}

void TestHostileFiles::decompressionBomb() {
    // 300 MiB of zeros compress to a few KB: far past 256 times the payload.
    const qint64 size = qint64(300) << 20;
    const QByteArray payload = zstdZeros(size);
    QVERIFY(payload.size() < (64 << 10));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bomb.co"));
    QVERIFY(writeFile(path, ccobAround(payload, quint64(size))));
    const ArtifactReport r = inspectFile(path);
    QVERIFY2(hasProblem(r, QStringLiteral("decompression bomb")), qPrintable(problemsText(r)));
    QVERIFY(problemsText(r).contains(path));

    // At the limit the CCOB is decompressed (and then fails on what it holds); one byte past
    // it, it is refused before any work.
    const quint64 limit = ccobLimit(quint64(payload.size()));
    QCOMPARE(limit, kCcobFloor);
    QString why;
    QByteArray at = ccobAround(payload, limit);
    auto h = readCcobHeader(at.constData(), size_t(at.size()), &why);
    QVERIFY2(h, qPrintable(why));
    QVERIFY(!decompressCcob(at.constData(), size_t(at.size()), *h, &why));
    QVERIFY2(!why.contains(QLatin1String("bomb")), qPrintable(why));
    QByteArray past = ccobAround(payload, limit + 1);
    h = readCcobHeader(past.constData(), size_t(past.size()), &why);
    QVERIFY(h);
    QVERIFY(!decompressCcob(past.constData(), size_t(past.size()), *h, &why));
    QVERIFY2(why.contains(QLatin1String("bomb")), qPrintable(why));
}

// Many CCOBs in one input share one budget: the ones past it are not decompressed.
void TestHostileFiles::decompressionBudgetPerInput() {
    const QByteArray payload = zstdZeros(qint64(1) << 20);
    const QByteArray one = ccobAround(payload, kCcobFloor); // each within its own limit
    QByteArray file;
    QList<qsizetype> offsets;
    const int count = int(kInputFloor / kCcobFloor) + 2;
    for (int i = 0; i < count; ++i) {
        offsets << file.size();
        file += one;
    }
    QCOMPARE(inputDecompressionBudget(quint64(file.size())), kInputFloor);
    InspectOptions options;
    ArtifactReport report;
    {
        detail::InspectContext ctx{QStringLiteral("many.bin"), file.constData(),
                                   size_t(file.size()), options, report};
        for (qsizetype off : offsets)
            detail::readBundleAt(ctx, quint64(off), quint64(file.size() - off),
                                 QStringLiteral("test"));
        ctx.decoder.finish();
    }
    int refused = 0;
    for (const Problem &p : report.problems)
        refused += p.message.contains(QLatin1String("decompression budget"));
    QCOMPARE(refused, count - int(kInputFloor / kCcobFloor));
}

void TestHostileFiles::bundleWithEveryEntryOutOfRange() {
    QByteArray b = kernelBytes("vector_add_multi.hsaco");
    const ArtifactReport clean = inspectBytes(b, QStringLiteral("multi"));
    QCOMPARE(clean.bundles.size(), 1);
    // Entry table: magic(24) count(8), then per entry offset(8) size(8) idlen(8) id.
    quint64 count = qFromLittleEndian<quint64>(b.constData() + 24);
    qsizetype at = 32;
    for (quint64 i = 0; i < count; ++i) {
        qToLittleEndian<quint64>(quint64(b.size()) + 4096 * (i + 1), b.data() + at);
        const quint64 idLen = qFromLittleEndian<quint64>(b.constData() + at + 16);
        at += 24 + qsizetype(idLen);
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out-of-range.hsaco"));
    QVERIFY(writeFile(path, b));
    const ArtifactReport r = inspectFile(path);
    QVERIFY(std::any_of(r.problems.cbegin(), r.problems.cend(),
                        [](const Problem &p) { return p.fatal; }));
    const CliRun cli = runCli({QStringLiteral("inspect"), path});
    QVERIFY(cli.finished);
    QCOMPARE(cli.exitCode, 2);
    QVERIFY2(cli.err.contains(path), qPrintable(cli.err));
}

// Sessions: at the limit the file is read (and parsed), past it refused unread. Sparse files:
// no disk is used.
void TestHostileFiles::sessionSizeLimit() {
    QTemporaryDir dir;
    const QString at = dir.filePath(QStringLiteral("at-limit.json"));
    const QString past = dir.filePath(QStringLiteral("past-limit.json"));
    for (const auto &[path, size] :
         {std::pair{at, kMaxSessionBytes}, {past, kMaxSessionBytes + 1}}) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(size));
    }
    QString error;
    QVERIFY(!loadSession(past, &error));
    QVERIFY2(error.contains(past) && error.contains(QLatin1String("larger than")),
             qPrintable(error));
    QVERIFY(!loadSession(at, &error));
    QVERIFY2(error.contains(at) && !error.contains(QLatin1String("larger than")),
             qPrintable(error));
}

void TestHostileFiles::importedSymlinkOutsideTheFolder() {
    QTemporaryDir outside, dir;
    const QString secret = outside.filePath(QStringLiteral("secret.jsonl"));
    QVERIFY(writeFile(secret, "{\"schema\":\"hipdoctor.gpu-capture/1\"}\n"));
    QVERIFY(QFile::link(secret, dir.filePath(QStringLiteral("capture.jsonl"))));
    const ImportedRecords r = importGpuRecords(dir.path());
    QVERIFY(r.files.isEmpty());
    QVERIFY2(r.problems.join(QLatin1Char('\n')).contains(QLatin1String("outside the folder")),
             qPrintable(r.problems.join(QLatin1Char('\n'))));
}

// Containers nested kMaxDepth deep are read; one level more is refused with a message.
void TestHostileFiles::msgpackNestingLimit() {
    for (const int levels : {MsgpackCursor::kMaxDepth, MsgpackCursor::kMaxDepth + 1}) {
        QByteArray b(levels, char(0x91)); // fixarray of one element, nested
        b += char(0xc0);                  // nil
        MsgpackCursor c(llvm::StringRef(b.constData(), size_t(b.size())));
        llvm::msgpack::Object o;
        QVERIFY(c.next(o));
        const bool ok = c.skip(o);
        QCOMPARE(ok, levels <= MsgpackCursor::kMaxDepth);
        if (!ok)
            QVERIFY(QString::fromStdString(c.error()).contains(QLatin1String("nest too deep")));
    }
}

// A fatbin whose zstd entries add up past the input's decompression budget: the entries within
// it are decompressed (the budget itself is reached exactly), the next one is not, with a
// problem naming the file and the budget.
void TestHostileFiles::fatbinDecompressionBudgetPerInput() {
    const qint64 each = qint64(kCcobFloor); // 128 MiB of zeros per entry, ~4 KiB compressed
    const QByteArray payload = zstdZeros(each);
    const int within = int(kInputFloor / quint64(each)); // 4 entries reach the budget exactly
    auto put = [](QByteArray &b, auto v) {
        b.append(reinterpret_cast<const char *>(&v), sizeof v);
    };
    QByteArray entries;
    for (int i = 0; i < within + 1; ++i) {
        QByteArray h;
        put(h, quint16(2));              // kind: cubin
        put(h, quint16(0x101));          // version
        put(h, quint32(0x40));           // header size
        put(h, quint64(payload.size())); // payload size
        put(h, quint32(payload.size())); // compressed size
        h.append(QByteArray(0x1c - h.size(), '\0'));
        put(h, quint32(90)); // sm_90
        h.append(QByteArray(0x28 - h.size(), '\0'));
        put(h, quint64(nvidia::kFatbinFlagCompressedZstd | 0x11));
        h.append(QByteArray(0x38 - h.size(), '\0'));
        put(h, quint64(each)); // decompressed size
        entries += h + payload;
    }
    QByteArray file;
    put(file, nvidia::kFatbinMagic);
    put(file, quint16(1));
    put(file, quint16(16));
    put(file, quint64(entries.size()));
    file += entries;
    QCOMPARE(inputDecompressionBudget(quint64(file.size())), kInputFloor);

    nvidia::Source src;
    src.file = QStringLiteral("budget.fatbin");
    const nvidia::FatbinReadResult r = nvidia::readFatbinContainer(file, src);
    QCOMPARE(r.decompressed, kInputFloor);
    QStringList refused;
    for (const Problem &p : r.problems)
        if (p.message.contains(QLatin1String("decompression budget")))
            refused << p.toString();
    QCOMPARE(refused.size(), 1);
    QVERIFY2(refused[0].contains(QStringLiteral("fatbin entry %1").arg(within)) &&
                 refused[0].contains(QLatin1String("budget.fatbin")) &&
                 refused[0].contains(QString::number(kInputFloor)),
             qPrintable(refused[0]));
    // The entries within the budget were decompressed and read (zeros: not a cubin).
    QCOMPARE(r.codeObjects.size(), within);
    for (const CodeObject &co : r.codeObjects)
        QVERIFY(co.size > 0);
}

// An existing file whose name is not valid UTF-8 is inspected and diagnosed, not "no such file".
void TestHostileFiles::nonUtf8FileName() {
    QTemporaryDir dir;
    const QByteArray name = QFile::encodeName(dir.path()) + "/vector\xff\xfe_add.co";
    {
        const QByteArray bytes = kernelBytes("vector_add_gfx90a.co");
        FILE *f = std::fopen(name.constData(), "wb");
        QVERIFY(f);
        QCOMPARE(std::fwrite(bytes.constData(), 1, size_t(bytes.size()), f), size_t(bytes.size()));
        std::fclose(f);
    }
    // QProcess passes arguments as UTF-8: the raw bytes are made by the shell's printf.
    const QByteArray printfName =
        QByteArray(name).replace("\xff", "\\377").replace("\xfe", "\\376");
    for (const char *command : {"inspect", "diagnose"}) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HD_CLI"), hdtest::binary(QStringLiteral("hipdoctor-cli")));
        p.setProcessEnvironment(env);
        const QString script = QStringLiteral("exec \"$HD_CLI\" %1 \"$(printf '%2')\"")
                                   .arg(QLatin1String(command), QString::fromLatin1(printfName));
        p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
        QVERIFY(p.waitForFinished(120000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(!out.contains(QLatin1String("no such file")) &&
                     !err.contains(QLatin1String("no such file")),
                 qPrintable(out + err));
        // The name shows the bad bytes escaped; the kernel inside was read.
        QVERIFY2(out.contains(QLatin1String("vector\\xFF\\xFE_add.co")), qPrintable(out));
        if (qstrcmp(command, "inspect") == 0) {
            QCOMPARE(p.exitCode(), 0);
            QVERIFY2(out.contains(QLatin1String("vector_add")) &&
                         out.contains(QLatin1String("gfx90a")),
                     qPrintable(out));
        }
    }
    // The app opens it too (given on its command line): its symbol table is filled.
    if (QFileInfo::exists(hdtest::binary(QStringLiteral("hipdoctor")))) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HD_APP"), hdtest::binary(QStringLiteral("hipdoctor")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("HIPDOCTOR_OPEN_BENCH"), QStringLiteral("1"));
        p.setProcessEnvironment(env);
        const QString script = QStringLiteral("exec \"$HD_APP\" \"$(printf '%1')\"")
                                   .arg(QString::fromLatin1(printfName));
        p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
        QVERIFY(p.waitForFinished(120000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        const QRegularExpressionMatch rows =
            QRegularExpression(QStringLiteral("symbol-rows: (\\d+)")).match(out);
        QVERIFY2(rows.hasMatch() && rows.captured(1).toInt() > 0,
                 qPrintable(out + QString::fromUtf8(p.readAllStandardError())));
    }
    // QTemporaryDir cannot name this file to remove it.
    QCOMPARE(::unlink(name.constData()), 0);
    // Nothing is left behind in the temporary folder of aliases.
    const QStringList left =
        QDir(QDir::tempPath()).entryList({QStringLiteral("hipdoctor-names-*")}, QDir::Dirs);
    for (const QString &d : left) {
        const QDir sub(QDir(QDir::tempPath()).filePath(d));
        QVERIFY2(sub.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).isEmpty(),
                 qPrintable(d));
    }
}

// A symbolic link loop is reported as one by every command, not as a missing file.
void TestHostileFiles::symlinkLoopIsNamed() {
    QTemporaryDir dir;
    const QString loop = dir.filePath(QStringLiteral("loop.so"));
    QVERIFY(QFile::link(loop, loop));
    for (const QStringList &args : {QStringList{QStringLiteral("inspect"), loop},
                                    QStringList{QStringLiteral("diagnose"), loop},
                                    QStringList{QStringLiteral("triton"), loop}}) {
        const CliRun r = runCli(args);
        QVERIFY(r.finished);
        QVERIFY2((r.out + r.err).contains(QLatin1String("symbolic link loop")),
                 qPrintable(args.join(' ') + QLatin1String(": ") + r.out + r.err));
        QVERIFY2(!(r.out + r.err).contains(QLatin1String("no such")), qPrintable(r.out + r.err));
        QCOMPARE(r.exitCode, 2);
    }
}

// A full disk: every writer says "no space left on device" and names the file, and leaves the
// previous file as it was. Needs a tiny tmpfs (root); skipped where it cannot be mounted.
void TestHostileFiles::fullDisk() {
    QTemporaryDir dir;
    const QByteArray mnt = QFile::encodeName(dir.path());
    if (::mount("tmpfs", mnt.constData(), "tmpfs", MS_NOSUID | MS_NODEV, "size=64k") != 0)
        QSKIP("cannot mount a small tmpfs here (needs root)");
    struct Unmount {
        QByteArray at;
        ~Unmount() { ::umount2(at.constData(), MNT_DETACH); }
    } unmount{mnt};
    const QString previous = dir.filePath(QStringLiteral("session.json"));
    QVERIFY(writeFile(previous, "{\"previous\":true}"));
    // Fill what is left.
    {
        QFile fill(dir.filePath(QStringLiteral("fill")));
        QVERIFY(fill.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
        const QByteArray block(4096, 'x');
        while (fill.write(block) == block.size()) {
        }
    }
    const QByteArray big(256 << 10, 'y');
    QString why;
    QVERIFY(!writeFileAtomically(previous, big, &why));
    QCOMPARE(why, QStringLiteral("no space left on device"));
    QFile check(previous);
    QVERIFY(check.open(QIODevice::ReadOnly));
    QCOMPARE(check.readAll(), QByteArray("{\"previous\":true}"));

    Session s;
    s.host = QStringLiteral("x").repeated(200000); // more than the free space
    QString error;
    QVERIFY(!saveSession(s, previous, &error));
    QVERIFY2(error.contains(previous) && error.contains(QLatin1String("no space left on device")),
             qPrintable(error));

    const QString session =
        hdtest::sourceDir() + QStringLiteral("/tests/verify/gpu-records/h200-verify-cli-2026-11-30/"
                                             "gpu-session.json");
    for (const char *ext : {"md", "html"}) {
        const QString out = dir.filePath(QStringLiteral("report.%1").arg(QLatin1String(ext)));
        const CliRun r = runCli({QStringLiteral("report"), session, QStringLiteral("-o"), out});
        QVERIFY(r.finished);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains(out) && r.err.contains(QLatin1String("no space left on device")),
                 qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(out));
    }
}

// A compile-cache entry truncated or overwritten after it was stored is not taken for the
// compile's output: lookup says which file and how, so step 1 rebuilds it and says so.
void TestHostileFiles::compileCacheEntryDamaged() {
    QTemporaryDir dir;
    CompileCache cache(dir.path());
    QString problem;
    const QString key = QStringLiteral("k1");
    const QString tmp = cache.beginEntry(key, &problem);
    QVERIFY2(!tmp.isEmpty(), qPrintable(problem));
    const QString out = tmp + QStringLiteral("/vector_add.co");
    QVERIFY(writeFile(out, QByteArray(16384, 'c')));
    CheckRecord rec;
    rec.id = QStringLiteral("compile-code-object");
    rec.status = CheckStatus::Pass;
    rec.artifacts = {out};
    const auto stored = cache.commitEntry(key, tmp, rec);
    QVERIFY(stored && stored->artifacts.size() == 1);
    QString damaged;
    QVERIFY(cache.lookup(key, &damaged));
    QVERIFY(damaged.isEmpty());
    const QString cached = stored->artifacts.first();
    QVERIFY(writeFile(cached, QByteArray(812, 'c'))); // truncated
    QVERIFY(!cache.lookup(key, &damaged));
    QVERIFY2(damaged.contains(QLatin1String("812 bytes, 16384 when cached")), qPrintable(damaged));
    QVERIFY(writeFile(cached, QByteArray(16384, 'x'))); // same size, other bytes
    damaged.clear();
    QVERIFY(!cache.lookup(key, &damaged));
    QVERIFY2(damaged.contains(QLatin1String("sha256 changed")), qPrintable(damaged));
}

// A temporary entry whose commit lost its rename is not left behind: a file where the entry
// goes is replaced (control: the rename failed and tmp kept a complete-looking entry), and one
// left by a process that is gone is removed when the cache is opened, once older than ten
// minutes; one of a live process, a young one and one without its record stay.
void TestHostileFiles::compileCacheLostRename() {
    QTemporaryDir dir;
    const QDir tmpDir(dir.filePath(QStringLiteral("tmp")));
    {
        CompileCache cache(dir.path());
        QString problem;
        const QString key = QStringLiteral("k2");
        const QString tmp = cache.beginEntry(key, &problem);
        QVERIFY2(!tmp.isEmpty(), qPrintable(problem));
        QVERIFY(writeFile(tmp + QStringLiteral("/a.co"), QByteArray(100, 'c')));
        QVERIFY(writeFile(dir.filePath(key), "not an entry"));
        CheckRecord rec;
        rec.id = QStringLiteral("compile-code-object");
        rec.status = CheckStatus::Pass;
        rec.artifacts = {tmp + QStringLiteral("/a.co")};
        const auto stored = cache.commitEntry(key, tmp, rec);
        QVERIFY(stored && stored->artifacts.size() == 1);
        QVERIFY(tmpDir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    }
    // Left behind: KEY.PID.N with its record, by a process that is gone (pid 2^22+1 is past
    // Linux's pid_max) or by this one, an hour old or just now, with or without the record.
    const auto leave = [&](const QString &name, bool record, qint64 ageSeconds) {
        const QString p = tmpDir.filePath(name);
        QVERIFY(QDir().mkpath(p));
        if (record)
            QVERIFY(writeFile(p + QStringLiteral("/record.json"), "{}"));
        const timespec t{::time(nullptr) - ageSeconds, 0};
        const timespec times[2] = {t, t};
        QVERIFY(::utimensat(AT_FDCWD, QFile::encodeName(p).constData(), times, 0) == 0);
    };
    const QString gone = QString::number((1 << 22) + 1);
    const QString self = QString::number(::getpid());
    leave(QStringLiteral("k3.%1.0").arg(gone), true, 3600);
    leave(QStringLiteral("k4.%1.0").arg(self), true, 3600);
    leave(QStringLiteral("k5.%1.0").arg(gone), true, 10);
    leave(QStringLiteral("k6.%1.0").arg(gone), false, 3600);
    CompileCache reopened(dir.path());
    const QStringList left = tmpDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QCOMPARE(left,
             QStringList({QStringLiteral("k4.%1.0").arg(self), QStringLiteral("k5.%1.0").arg(gone),
                          QStringLiteral("k6.%1.0").arg(gone)}));
}

// The cache's disk full (a 64 KiB tmpfs) or read-only: beginEntry names the folder and the
// disk instead of handing the compiler a folder it cannot write, and leaves nothing behind.
void TestHostileFiles::compileCacheWithoutRoom() {
    QTemporaryDir dir;
    const QByteArray mnt = QFile::encodeName(dir.path());
    if (::mount("tmpfs", mnt.constData(), "tmpfs", MS_NOSUID | MS_NODEV, "size=64k") != 0)
        QSKIP("cannot mount a small tmpfs here (needs root)");
    struct Unmount {
        QByteArray at;
        ~Unmount() { ::umount2(at.constData(), MNT_DETACH); }
    } unmount{mnt};
    {
        CompileCache cache(dir.path());
        QString problem;
        QVERIFY(cache.beginEntry(QStringLiteral("k"), &problem).isEmpty());
        QVERIFY2(problem.contains(dir.path()) && problem.contains(QLatin1String(" free")),
                 qPrintable(problem));
        QVERIFY(QDir(dir.filePath(QStringLiteral("tmp")))
                    .entryList(QDir::AllEntries | QDir::NoDotAndDotDot)
                    .isEmpty());
    }
    QVERIFY(::mount(nullptr, mnt.constData(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) == 0);
    CompileCache cache(dir.path());
    QString problem;
    QVERIFY(cache.beginEntry(QStringLiteral("k"), &problem).isEmpty());
    QVERIFY2(problem.contains(QLatin1String("read-only file system")), qPrintable(problem));
}

QTEST_GUILESS_MAIN(TestHostileFiles)
#include "tst_hostile_files.moc"
