// NVIDIA readers on real files: the fixtures built with nvcc 13 (tests/fixtures/nvidia), the
// Triton sm_90 cache entry, and (when nvcc is installed) host executables, relocatable objects
// and compressed fatbins built here. llvm-readelf-15 is the oracle for cubin symbols.

#include "artifacts/nvidia.h"
#include "testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace hd;
using namespace hd::nvidia;

namespace {

QByteArray readAll(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return f.readAll();
}

Source src(const QString &file) {
    Source s;
    s.file = file;
    s.origin = QStringLiteral("file");
    return s;
}

const KernelInfo *kernel(const CodeObject &co, const QString &name) {
    for (const auto &k : co.kernels)
        if (k.name == name)
            return &k;
    return nullptr;
}

QStringList problemTexts(const QList<Problem> &ps) {
    QStringList out;
    for (const auto &p : ps)
        out << p.toString();
    return out;
}

QList<Problem> allProblems(const FatbinReadResult &r) {
    QList<Problem> ps = r.problems;
    for (const auto &co : r.codeObjects)
        ps += co.problems;
    return ps;
}

QString nvccPath() {
    const QString p = QStringLiteral("/usr/local/cuda/bin/nvcc");
    if (QFileInfo(p).isExecutable())
        return p;
    return QStandardPaths::findExecutable(QStringLiteral("nvcc"));
}

// Runs a tool; returns stdout, fails the test on a non-zero exit.
QByteArray run(const QString &program, const QStringList &args, bool *ok = nullptr) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(300000);
    const bool good = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (ok)
        *ok = good;
    if (!good)
        qWarning("%s %s failed: %s", qPrintable(program), qPrintable(args.join(' ')),
                 p.readAllStandardError().constData());
    return p.readAllStandardOutput();
}

const char *kSource = R"(
extern "C" __global__ void vecAddC(const float*a,const float*b,float*c,int n){
  int i=blockIdx.x*blockDim.x+threadIdx.x; if(i<n)c[i]=a[i]+b[i]; }
__global__ void __launch_bounds__(256) vecAddShared(const float*a,const float*b,float*c,int n){
  __shared__ float s[64]; int i=threadIdx.x; s[i%64]=a[i]; __syncthreads();
  if(i<n)c[i]=s[(i+1)%64]+b[i]; }
int main(){ return 0; }
)";

} // namespace

class TstNvidia : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_nvcc;
    QString m_cu;

private slots:
    void initTestCase();
    void sniffing();
    void smFromFlags_data();
    void smFromFlags();
    void cubinFixtures_data();
    void cubinFixtures();
    void cubinSymbolsMatchReadelf_data();
    void cubinSymbolsMatchReadelf();
    void ptxFixture();
    void ptxSyntax();
    void fatbinFixtures_data();
    void fatbinFixtures();
    void tritonCubin();
    void appendToReport();
    void truncated_data();
    void truncated();
    void corruptedFatbin_data();
    void corruptedFatbin();
    void corruptedCubin();
    void nvccHostExecutable();
    void nvccRelocatable();
    void nvccCompressedCubin();
    void nvccLz4Compressed();
    void cuobjdumpRecorded_data();
    void cuobjdumpRecorded();
    void cuobjdumpOracle_data();
    void cuobjdumpOracle();
};

void TstNvidia::initTestCase() {
    QVERIFY(m_tmp.isValid());
    QVERIFY2(QFileInfo::exists(hdtest::fixture(QStringLiteral("nvidia/k90.cubin"))),
             "HIPDOCTOR_FIXTURES not set or fixtures missing");
    m_nvcc = nvccPath();
    if (!m_nvcc.isEmpty()) {
        m_cu = m_tmp.filePath(QStringLiteral("k.cu"));
        QFile f(m_cu);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kSource);
    }
}

void TstNvidia::sniffing() {
    const QByteArray cubin = readAll(hdtest::fixture(QStringLiteral("nvidia/k90.cubin")));
    const QByteArray fatbin = readAll(hdtest::fixture(QStringLiteral("nvidia/k90.fatbin")));
    const QByteArray ptx = readAll(hdtest::fixture(QStringLiteral("nvidia/k80.ptx")));
    QVERIFY(looksLikeCubin(cubin.constData(), size_t(cubin.size())));
    QVERIFY(!looksLikeCubin(fatbin.constData(), size_t(fatbin.size())));
    QVERIFY(looksLikeFatbin(fatbin.constData(), size_t(fatbin.size())));
    QVERIFY(!looksLikeFatbin(cubin.constData(), size_t(cubin.size())));
    QVERIFY(looksLikePtx(ptx.constData(), size_t(ptx.size())));
    QVERIFY(!looksLikePtx(cubin.constData(), size_t(cubin.size())));
    QVERIFY(!looksLikeCubin("", 0));
    QVERIFY(!looksLikeFatbin("\x50\xed\x55", 3));
    // A host x86-64 ELF is not a cubin.
    const QByteArray host = readAll(QStringLiteral("/bin/true"));
    QVERIFY(!looksLikeCubin(host.constData(), size_t(host.size())));
}

void TstNvidia::smFromFlags_data() {
    QTest::addColumn<uint>("flags");
    QTest::addColumn<int>("osabi");
    QTest::addColumn<int>("abiVersion");
    QTest::addColumn<int>("sm");
    // CUDA 13 (the fixtures): SM in bits 8-15.
    QTest::newRow("cuda13 sm_80") << 0x06005004u << 65 << 8 << 80;
    QTest::newRow("cuda13 sm_90") << 0x06005a04u << 65 << 8 << 90;
    QTest::newRow("cuda13 sm_120") << 0x06007802u << 65 << 8 << 120;
    // Older toolkits (Triton 3.6's ptxas, in the triton fixture): SM in the low byte.
    QTest::newRow("old sm_90") << 0x005a0d5au << 51 << 7 << 90;
    QTest::newRow("old sm_70") << 0x00460546u << 51 << 7 << 70;
    QTest::newRow("nothing") << 0u << 51 << 7 << 0;
}

void TstNvidia::smFromFlags() {
    QFETCH(uint, flags);
    QFETCH(int, osabi);
    QFETCH(int, abiVersion);
    QFETCH(int, sm);
    QCOMPARE(smFromCubinFlags(flags, osabi, abiVersion), sm);
}

void TstNvidia::cubinFixtures_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("target");
    QTest::newRow("k80") << "nvidia/k80.cubin"
                         << "sm_80";
    QTest::newRow("k90") << "nvidia/k90.cubin"
                         << "sm_90";
}

void TstNvidia::cubinFixtures() {
    QFETCH(QString, file);
    QFETCH(QString, target);
    const QByteArray bytes = readAll(hdtest::fixture(file));
    const CodeObject co = readCubin(bytes, src(file));
    QVERIFY2(co.problems.isEmpty(), qPrintable(problemTexts(co.problems).join('\n')));
    QCOMPARE(co.format, CodeObject::Format::NvidiaCubin);
    QCOMPARE(co.target.toString(), target);
    QCOMPARE(co.elfOsAbi, 65);
    QCOMPARE(co.elfAbiVersion, 8);
    QCOMPARE(co.size, uint64_t(bytes.size()));
    // Both kernels of the README's source: extern "C" and C++-mangled.
    QCOMPARE(co.kernels.size(), 2);
    const KernelInfo *c = kernel(co, QStringLiteral("vecAddC"));
    const KernelInfo *m = kernel(co, QStringLiteral("_Z6vecAddPKfS0_Pfi"));
    QVERIFY(c && m);
    // (const float*, const float*, float*, int): 3 pointers and an int.
    for (const KernelInfo *k : {c, m}) {
        QCOMPARE(k->kernargSegmentSize, uint64_t(28));
        QCOMPARE(k->args.size(), 4);
        QCOMPARE(k->args[0].offset, uint64_t(0));
        QCOMPARE(k->args[0].size, uint64_t(8));
        QCOMPARE(k->args[3].offset, uint64_t(24));
        QCOMPARE(k->args[3].size, uint64_t(4));
        QVERIFY(k->vgprCount > 0 && k->vgprCount <= 255);
        QCOMPARE(k->wavefrontSize, 32);
    }
    bool sawMangled = false;
    for (const Symbol &s : co.symbols) {
        if (s.name() == QLatin1String("_Z6vecAddPKfS0_Pfi")) {
            sawMangled = true;
            QCOMPARE(s.kind, SymbolKind::Kernel);
            QCOMPARE(s.demangled(),
                     QStringLiteral("vecAdd(float const*, float const*, float*, int)"));
            QCOMPARE(s.binding(), QStringLiteral("global"));
            QCOMPARE(s.section(), QStringLiteral(".text._Z6vecAddPKfS0_Pfi"));
        }
    }
    QVERIFY(sawMangled);
    // The weak undefined .nv.reservedSmem.offset0 is not something the loader must resolve.
    QVERIFY(co.undefinedSymbols.isEmpty());
}

void TstNvidia::cubinSymbolsMatchReadelf_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("k80") << hdtest::fixture(QStringLiteral("nvidia/k80.cubin"));
    QTest::newRow("k90") << hdtest::fixture(QStringLiteral("nvidia/k90.cubin"));
    QDirIterator it(hdtest::fixture(QStringLiteral("triton")), {QStringLiteral("*.cubin")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        QTest::newRow(qPrintable(QStringLiteral("triton ") + QFileInfo(f).fileName())) << f;
    }
}

void TstNvidia::cubinSymbolsMatchReadelf() {
    QFETCH(QString, file);
    const QString readelf = QStandardPaths::findExecutable(QStringLiteral("llvm-readelf-15"));
    if (readelf.isEmpty())
        QSKIP("llvm-readelf-15 not installed");
    bool ok = false;
    const QString out = QString::fromUtf8(
        run(readelf, {QStringLiteral("--symbols"), QStringLiteral("--wide"), file}, &ok));
    QVERIFY(ok);
    // "   9: 0000000000000000   512 FUNC    GLOBAL DEFAULT [<other: 0x10>]  13 name"
    static const QRegularExpression row(QStringLiteral(
        R"(^\s*\d+:\s+[0-9a-f]+\s+(\d+)\s+(\w+)\s+(\w+)\s+\w+\s+(?:\[[^\]]*\]\s+)?(\S+)\s*(\S*)$)"));
    QMap<QString, QString> expected; // name -> "TYPE BIND size"
    for (const QString &line : out.split(QLatin1Char('\n'))) {
        const auto m = row.match(line);
        if (!m.hasMatch() || m.captured(2) == QLatin1String("SECTION") || m.captured(5).isEmpty())
            continue;
        expected.insert(m.captured(5), m.captured(2) + QLatin1Char(' ') + m.captured(3) +
                                           QLatin1Char(' ') + m.captured(1));
    }
    QVERIFY(!expected.isEmpty());
    const CodeObject co = readCubin(readAll(file), src(file));
    QMap<QString, QString> got;
    for (const Symbol &s : co.symbols) {
        if (s.kind == SymbolKind::Section || s.name().isEmpty())
            continue;
        QString type = s.kind == SymbolKind::Kernel || s.kind == SymbolKind::DeviceFunction
                           ? QStringLiteral("FUNC")
                       : s.kind == SymbolKind::Object ? QStringLiteral("OBJECT")
                       : s.kind == SymbolKind::File   ? QStringLiteral("FILE")
                                                      : QStringLiteral("NOTYPE");
        got.insert(s.name(), type + QLatin1Char(' ') + s.binding().toUpper() + QLatin1Char(' ') +
                                 QString::number(s.size));
    }
    QCOMPARE(got, expected);
    // Every FUNC that llvm-readelf marks STO_CUDA_ENTRY (other: 0x10) is a kernel here.
    for (const QString &line : out.split(QLatin1Char('\n'))) {
        if (!line.contains(QLatin1String("FUNC")) ||
            !line.contains(QLatin1String("[<other: 0x10>]")))
            continue;
        const QString name = line.split(QLatin1Char(' '), Qt::SkipEmptyParts).last();
        QVERIFY2(kernel(co, name), qPrintable(name));
    }
}

void TstNvidia::ptxFixture() {
    const QString file = QStringLiteral("nvidia/k80.ptx");
    const QByteArray text = readAll(hdtest::fixture(file));
    const CodeObject co = readPtx(text, src(file));
    QVERIFY2(co.problems.isEmpty(), qPrintable(problemTexts(co.problems).join('\n')));
    QCOMPARE(co.format, CodeObject::Format::NvidiaPtx);
    QCOMPARE(co.ptxVersion, QStringLiteral("9.0"));
    QCOMPARE(co.target.toString(), QStringLiteral("sm_80"));
    // The oracle: every ".entry NAME(" line of the text.
    static const QRegularExpression entry(QStringLiteral(R"(\.entry\s+([\w$]+)\s*\()"));
    QStringList expected;
    for (auto it = entry.globalMatch(QString::fromUtf8(text)); it.hasNext();)
        expected << it.next().captured(1);
    QStringList got;
    for (const auto &k : co.kernels)
        got << k.name;
    QCOMPARE(got, expected);
    const KernelInfo *c = kernel(co, QStringLiteral("vecAddC"));
    QVERIFY(c);
    QCOMPARE(c->args.size(), 4);
    QCOMPARE(c->args[0].name, QStringLiteral("vecAddC_param_0"));
    QCOMPARE(c->args[3].offset, uint64_t(24));
    QCOMPARE(c->kernargSegmentSize, uint64_t(28));
}

void TstNvidia::ptxSyntax() {
    const QByteArray text = R"(
// comment with .entry fake(
/* block .entry alsoFake( */
.version 8.7
.target sm_90a, debug
.address_size 64
.file 1 "/tmp//x.cu"
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 p0, .param .b64 p1);
.global .align 4 .b8 table[16];
.func (.param .b32 func_retval0) helper(.param .b32 x) { ret; }
.weak .entry weakKernel() { ret; }
.visible .entry k(.param .u8 a, .param .align 8 .b8 s[24], .param .u64 .ptr .global .align 4 p,
                  .param .f16x2 h) {
  { .reg .b32 inner; }
  ret;
}
)";
    const CodeObject co = readPtx(text, src(QStringLiteral("syntax.ptx")));
    QVERIFY2(co.problems.isEmpty(), qPrintable(problemTexts(co.problems).join('\n')));
    QCOMPARE(co.ptxVersion, QStringLiteral("8.7"));
    QCOMPARE(co.target.toString(), QStringLiteral("sm_90a"));
    QCOMPARE(co.kernels.size(), 2);
    const KernelInfo *k = kernel(co, QStringLiteral("k"));
    QVERIFY(k);
    QCOMPARE(k->args.size(), 4);
    QCOMPARE(k->args[0].size, uint64_t(1));
    QCOMPARE(k->args[1].size, uint64_t(24));
    QCOMPARE(k->args[1].offset, uint64_t(8));
    QCOMPARE(k->args[2].name, QStringLiteral("p"));
    QCOMPARE(k->args[2].offset, uint64_t(32));
    QCOMPARE(k->args[3].size, uint64_t(4));
    QCOMPARE(k->kernargSegmentSize, uint64_t(44));
    QCOMPARE(co.undefinedSymbols, QStringList{QStringLiteral("vprintf")});
    QMap<QString, SymbolKind> kinds;
    for (const auto &s : co.symbols)
        kinds.insert(s.name(), s.kind);
    QCOMPARE(kinds.value(QStringLiteral("helper")), SymbolKind::DeviceFunction);
    QCOMPARE(kinds.value(QStringLiteral("table")), SymbolKind::Object);
    QCOMPARE(kinds.value(QStringLiteral("weakKernel")), SymbolKind::Kernel);
    QVERIFY(!kinds.contains(QStringLiteral("fake")));

    // A large body (library PTX runs to hundreds of MB): read in one pass, bodies skipped.
    QByteArray big =
        ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry big(.param .u64 p)\n{\n";
    for (int i = 0; i < 200000; ++i)
        big += "\tadd.s32 \t%r1, %r2, %r3; // { not a brace\n";
    big += "}\n.visible .entry after() { ret; }\n";
    const CodeObject large = readPtx(big, src(QStringLiteral("big.ptx")));
    QVERIFY2(large.problems.isEmpty(), qPrintable(problemTexts(large.problems).join('\n')));
    QCOMPARE(large.kernels.size(), 2);
    QCOMPARE(large.kernels[1].name, QStringLiteral("after"));

    // Broken text: reported, never a crash.
    const CodeObject bad = readPtx(QByteArray(".version 8.0\n.entry k(.param .u32 a\n{ /*"),
                                   src(QStringLiteral("bad.ptx")));
    QVERIFY(!bad.problems.isEmpty());
    const QString all = problemTexts(bad.problems).join('\n');
    QVERIFY2(all.contains(QLatin1String("bad.ptx")) && all.contains(QLatin1String(".target")),
             qPrintable(all));
}

void TstNvidia::fatbinFixtures_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("entries"); // "kind sm compression"
    QTest::newRow("k80only") << "nvidia/k80only.fatbin"
                             << QStringList{QStringLiteral("cubin 80 -")};
    QTest::newRow("k90") << "nvidia/k90.fatbin"
                         << QStringList{QStringLiteral("cubin 90 -"),
                                        QStringLiteral("ptx 90 zstd")};
}

void TstNvidia::fatbinFixtures() {
    QFETCH(QString, file);
    QFETCH(QStringList, entries);
    const QByteArray bytes = readAll(hdtest::fixture(file));
    const FatbinReadResult r = readFatbinContainer(bytes, src(file));
    QVERIFY2(allProblems(r).isEmpty(), qPrintable(problemTexts(allProblems(r)).join('\n')));
    QCOMPARE(r.fatbins.size(), 1);
    QCOMPARE(r.fatbins[0].size, uint64_t(bytes.size()));
    QStringList got;
    for (const auto &e : r.fatbins[0].entries) {
        got << QStringLiteral("%1 %2 %3")
                   .arg(e.kindName())
                   .arg(e.arch)
                   .arg(e.compression.isEmpty() ? QStringLiteral("-") : e.compression);
        QVERIFY(e.codeObjectIndex >= 0);
        const CodeObject &co = r.codeObjects[e.codeObjectIndex];
        QCOMPARE(co.target.smVersion(), e.arch);
        QCOMPARE(co.insideCompressed, !e.compression.isEmpty());
        // Each entry holds both kernels of the source.
        QVERIFY(kernel(co, QStringLiteral("vecAddC")));
        QVERIFY(kernel(co, QStringLiteral("_Z6vecAddPKfS0_Pfi")));
    }
    QCOMPARE(got, entries);
    // The cubin entry of k90.fatbin is k90.cubin's twin: same kernels and symbols.
    if (file.contains(QLatin1String("k90"))) {
        const CodeObject lone =
            readCubin(readAll(hdtest::fixture(QStringLiteral("nvidia/k90.cubin"))),
                      src(QStringLiteral("k90.cubin")));
        const CodeObject &inFat = r.codeObjects[r.fatbins[0].entries[0].codeObjectIndex];
        QCOMPARE(inFat.kernels.size(), lone.kernels.size());
        QCOMPARE(inFat.symbols.size(), lone.symbols.size());
        QCOMPARE(inFat.fileOffset, uint64_t(0x50)); // payload after 16 + 64 header bytes
        const CodeObject &ptx = r.codeObjects[r.fatbins[0].entries[1].codeObjectIndex];
        QCOMPARE(ptx.ptxVersion, QStringLiteral("9.0"));
        QCOMPARE(ptx.format, CodeObject::Format::NvidiaPtx);
    }
}

void TstNvidia::tritonCubin() {
    QDirIterator it(hdtest::fixture(QStringLiteral("triton/cache-ok")), {QStringLiteral("*.cubin")},
                    QDir::Files, QDirIterator::Subdirectories);
    int seen = 0;
    while (it.hasNext()) {
        const QString cubin = it.next();
        const QFileInfo fi(cubin);
        // Oracle: Triton's own metadata next to it.
        const QJsonObject meta =
            QJsonDocument::fromJson(
                readAll(fi.dir().filePath(fi.completeBaseName() + QStringLiteral(".json"))))
                .object();
        const int arch =
            meta.value(QStringLiteral("target")).toObject().value(QStringLiteral("arch")).toInt();
        const QString name = meta.value(QStringLiteral("name")).toString();
        QVERIFY(arch > 0 && !name.isEmpty());
        const CodeObject co = readCubin(readAll(cubin), src(cubin));
        QVERIFY2(co.problems.isEmpty(), qPrintable(problemTexts(co.problems).join('\n')));
        QCOMPARE(co.target.smVersion(), arch);
        QCOMPARE(co.elfAbiVersion, 7); // the older e_flags encoding
        QCOMPARE(co.kernels.size(), 1);
        QCOMPARE(co.kernels[0].name, name);
        QCOMPARE(co.kernels[0].maxFlatWorkgroupSize,
                 meta.value(QStringLiteral("num_warps")).toInt() * 32);
        QCOMPARE(co.kernels[0].groupSegmentFixedSize,
                 uint64_t(meta.value(QStringLiteral("shared")).toInt()));
        // The PTX next to it says which target (sm_90a) ptxas was given.
        const CodeObject ptx =
            readPtx(readAll(fi.dir().filePath(fi.completeBaseName() + QStringLiteral(".ptx"))),
                    src(QStringLiteral("add_kernel.ptx")));
        QVERIFY2(ptx.problems.isEmpty(), qPrintable(problemTexts(ptx.problems).join('\n')));
        QCOMPARE(ptx.target.smVersion(), arch);
        QCOMPARE(co.target.toString(), ptx.target.toString());
        QCOMPARE(ptx.kernels.size(), 1);
        QCOMPARE(ptx.kernels[0].name, name);
        // Triton's extra scratch pointers appear as parameters in the PTX.
        QVERIFY(ptx.kernels[0].args.size() >= 4);
        QCOMPARE(ptx.kernels[0].args.size(), co.kernels[0].args.size());
        ++seen;
    }
    QCOMPARE(seen, 1);
}

void TstNvidia::appendToReport() {
    const QString file = QStringLiteral("nvidia/k90.fatbin");
    ArtifactReport report;
    report.codeObjects.append(CodeObject{}); // something already there: indices must shift
    appendTo(report, readFatbinContainer(readAll(hdtest::fixture(file)), src(file)));
    QCOMPARE(report.bundles.size(), 1);
    QCOMPARE(report.codeObjects.size(), 3);
    const Bundle &b = report.bundles[0];
    QCOMPARE(b.entries.size(), 2);
    QCOMPARE(b.entries[0].id, QStringLiteral("cubin-nvptx64-nvidia-cuda--sm_90"));
    QCOMPARE(b.entries[1].id, QStringLiteral("ptx-nvptx64-nvidia-cuda--sm_90"));
    QCOMPARE(b.entries[0].codeObjectIndex, 1);
    QCOMPARE(b.entries[1].codeObjectIndex, 2);
    QCOMPARE(b.entries[1].offset, uint64_t(0x16c0));
    QCOMPARE(report.codeObjects[2].format, CodeObject::Format::NvidiaPtx);
    QCOMPARE(b.compression, QStringLiteral("zstd"));
}

void TstNvidia::truncated_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("length");
    for (const char *f : {"nvidia/k80.cubin", "nvidia/k90.cubin", "nvidia/k90.fatbin",
                          "nvidia/k80only.fatbin", "nvidia/k80.ptx"}) {
        const qint64 size = QFileInfo(hdtest::fixture(QLatin1String(f))).size();
        for (qint64 len : {qint64(0), qint64(3), qint64(16), qint64(40), qint64(63), qint64(64),
                           qint64(100), size / 3, size / 2, size - 200, size - 1})
            QTest::newRow(qPrintable(QStringLiteral("%1 @%2").arg(QLatin1String(f)).arg(len)))
                << QString::fromLatin1(f) << int(len);
    }
}

void TstNvidia::truncated() {
    QFETCH(QString, file);
    QFETCH(int, length);
    const QByteArray cut = readAll(hdtest::fixture(file)).left(length);
    QList<Problem> problems;
    if (file.endsWith(QLatin1String(".cubin"))) {
        problems = readCubin(cut, src(file)).problems;
    } else if (file.endsWith(QLatin1String(".fatbin"))) {
        problems = allProblems(readFatbinContainer(cut, src(file)));
    } else {
        const CodeObject co = readPtx(cut, src(file));
        problems = co.problems;
        // Text cut mid-way loses its closing braces or directives; only a cut inside the
        // trailing whitespace leaves a complete text.
        if (readAll(hdtest::fixture(file)).mid(length).trimmed().isEmpty())
            QVERIFY(problems.isEmpty());
        if (problems.isEmpty())
            return;
    }
    QVERIFY2(!problems.isEmpty(), "a truncated file must be reported");
    for (const Problem &p : problems) {
        QCOMPARE(p.file, file);
        QVERIFY(!p.message.isEmpty());
        // Where the missing bytes were expected: inside the original file.
        QVERIFY2(p.offset >= 0 && p.offset <= QFileInfo(hdtest::fixture(file)).size(),
                 qPrintable(p.toString()));
    }
}

void TstNvidia::corruptedFatbin_data() {
    QTest::addColumn<int>("offset");
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QString>("expect");
    auto le32 = [](uint32_t v) { return QByteArray(reinterpret_cast<const char *>(&v), 4); };
    auto le64 = [](uint64_t v) { return QByteArray(reinterpret_cast<const char *>(&v), 8); };
    // k90.fatbin: container @0, cubin entry @0x10 (header 0x40), PTX entry @0x16c0 (header 0x50).
    QTest::newRow("magic") << 0 << le32(0x12345678) << "not a fatbin container";
    QTest::newRow("container header size")
        << 6 << QByteArray("\xff\xff", 2) << "bad fatbin header size";
    QTest::newRow("payload size huge") << 8 << le64(~0ull) << "runs past the end";
    QTest::newRow("entry header size") << 0x14 << le32(0xffffff) << "bad fatbin entry header size";
    QTest::newRow("entry payload huge")
        << 0x18 << le64(uint64_t(1) << 62) << "runs past the container";
    QTest::newRow("entry kind") << 0x10 << QByteArray("\x07\x00", 2) << "unknown kind 7";
    QTest::newRow("ptx decompressed size")
        << 0x16c0 + 0x38 << le64(uint64_t(1) << 40) << "implausible decompressed size";
    QTest::newRow("ptx size mismatch") << 0x16c0 + 0x38 << le64(100) << "the zstd frame says";
    QTest::newRow("ptx zstd bytes") << 0x16c0 + 0x50 << le32(0xdeadbeef) << "not a zstd frame";
    QTest::newRow("ptx zstd body") << 0x16c0 + 0x60 << QByteArray(32, '\xff') << "fatbin entry 1";
    QTest::newRow("lz4 flag") << 0x16c0 + 0x28 << le64(0x2011) << "unsupported method";
    QTest::newRow("cubin e_machine") << 0x50 + 18 << QByteArray("\x3e\x00", 2) << "not a cubin";
    QTest::newRow("cubin shoff") << 0x50 + 0x28 << le64(0xffff0000) << "section header";
    QTest::newRow("trailing junk") << 6360 - 1 << QByteArray("XYZW") << "unexpected bytes after";
}

void TstNvidia::corruptedFatbin() {
    QFETCH(int, offset);
    QFETCH(QByteArray, value);
    QFETCH(QString, expect);
    const QString file = QStringLiteral("nvidia/k90.fatbin");
    QByteArray bytes = readAll(hdtest::fixture(file));
    if (offset + value.size() > bytes.size())
        bytes.resize(offset + value.size());
    bytes.replace(offset, value.size(), value);
    const FatbinReadResult r = readFatbinContainer(bytes, src(file));
    const QString all = problemTexts(allProblems(r)).join('\n');
    QVERIFY2(all.contains(expect), qPrintable(all));
    for (const Problem &p : allProblems(r))
        QCOMPARE(p.file, file);
    // What was not damaged is still read: the other entry survives corruption of one.
    if (offset >= 0x16c0 && !expect.contains(QLatin1String("after"))) {
        QVERIFY(!r.codeObjects.isEmpty());
        QCOMPARE(r.codeObjects[0].format, CodeObject::Format::NvidiaCubin);
        QCOMPARE(r.codeObjects[0].kernels.size(), 2);
    }
}

void TstNvidia::corruptedCubin() {
    const QString file = QStringLiteral("nvidia/k90.cubin");
    const QByteArray good = readAll(hdtest::fixture(file));
    // Deterministic bit flips over the whole file: never a crash, Problems carry the file name.
    int withProblems = 0;
    for (int i = 0; i < good.size(); i += 7) {
        QByteArray b = good;
        b[i] = char(b[i] ^ (1 << (i % 8)));
        const CodeObject co = readCubin(b, src(file));
        for (const Problem &p : co.problems)
            QCOMPARE(p.file, file);
        withProblems += co.problems.isEmpty() ? 0 : 1;
    }
    QVERIFY(withProblems > 0);
    // Garbage in the .nv.info of vecAddC (section 10 at 0x788): reported with its offset.
    QByteArray b = good;
    b[0x788] = char(0x09); // unknown attribute format
    const CodeObject co = readCubin(b, src(file));
    QCOMPARE(co.problems.size(), 1);
    QCOMPARE(co.problems[0].offset, qint64(0x788));
    QVERIFY(co.problems[0].message.contains(QLatin1String(".nv.info.vecAddC")));
    QCOMPARE(co.kernels.size(), 2); // the rest is kept
}

void TstNvidia::nvccHostExecutable() {
    if (m_nvcc.isEmpty())
        QSKIP("nvcc not installed (CUDA toolkit at /usr/local/cuda)");
    const QString exe = m_tmp.filePath(QStringLiteral("host"));
    bool ok = false;
    run(m_nvcc,
        {QStringLiteral("-gencode"), QStringLiteral("arch=compute_80,code=sm_80"),
         QStringLiteral("-gencode"), QStringLiteral("arch=compute_90,code=[sm_90,compute_90]"),
         QStringLiteral("-o"), exe, m_cu},
        &ok);
    QVERIFY(ok);
    const QByteArray bytes = readAll(exe);
    bool has = false;
    const FatbinReadResult r =
        readHostNvFatbins(bytes.constData(), size_t(bytes.size()), exe, true, &has);
    QVERIFY(has);
    QVERIFY2(allProblems(r).isEmpty(), qPrintable(problemTexts(allProblems(r)).join('\n')));
    // Oracle: the .nv_fatbin section dumped by llvm-objcopy starts with our first container.
    const QString objcopy = QStandardPaths::findExecutable(QStringLiteral("llvm-objcopy-15"));
    if (!objcopy.isEmpty()) {
        const QString dump = m_tmp.filePath(QStringLiteral("nv_fatbin.bin"));
        run(objcopy,
            {QStringLiteral("--dump-section"), QStringLiteral(".nv_fatbin=") + dump, exe,
             m_tmp.filePath(QStringLiteral("ignored"))},
            &ok);
        QVERIFY(ok);
        const QByteArray sec = readAll(dump);
        const int at = bytes.indexOf(sec);
        QVERIFY(at > 0);
        QVERIFY(!r.fatbins.isEmpty());
        uint64_t total = 0;
        for (const Fatbin &fb : r.fatbins) {
            QVERIFY(fb.fileOffset >= uint64_t(at) &&
                    fb.fileOffset + fb.size <= uint64_t(at + sec.size()));
            total += fb.size;
        }
        // Every container of the section is found (padding aside).
        QVERIFY(total <= uint64_t(sec.size()) &&
                total + 64 * r.fatbins.size() >= uint64_t(sec.size()));
    }
    // Our kernels: sm_80 cubin, sm_90 cubin and compute_90 PTX, each with both kernels.
    QStringList seen;
    for (const CodeObject &co : r.codeObjects) {
        if (!kernel(co, QStringLiteral("vecAddC")))
            continue;
        seen << (co.format == CodeObject::Format::NvidiaPtx ? QStringLiteral("ptx ")
                                                            : QStringLiteral("cubin ")) +
                    co.target.toString();
        const QString shared = QStringLiteral("_Z12vecAddSharedPKfS0_Pfi");
        const KernelInfo *k = kernel(co, shared);
        QVERIFY2(k, qPrintable(shared));
        if (co.format == CodeObject::Format::NvidiaCubin) {
            // The .nv.shared section: 256 bytes of ours; on sm_90 after 1 KiB ptxas reserves.
            QCOMPARE(k->groupSegmentFixedSize,
                     uint64_t(64 * 4 + (co.target.smVersion() >= 90 ? 1024 : 0)));
            QCOMPARE(k->maxFlatWorkgroupSize, 256); // __launch_bounds__(256)
        }
    }
    seen.sort();
    QCOMPARE(seen, (QStringList{QStringLiteral("cubin sm_80"), QStringLiteral("cubin sm_90"),
                                QStringLiteral("ptx sm_90")}));
}

void TstNvidia::nvccRelocatable() {
    if (m_nvcc.isEmpty())
        QSKIP("nvcc not installed");
    // nvcc -c: the wrapper pointer is only a relocation against .nv_fatbin (no addresses):
    // found by scanning the section.
    const QString obj = m_tmp.filePath(QStringLiteral("k.o"));
    bool ok = false;
    run(m_nvcc,
        {QStringLiteral("-c"), QStringLiteral("-arch=sm_80"), QStringLiteral("-o"), obj, m_cu},
        &ok);
    QVERIFY(ok);
    const QByteArray bytes = readAll(obj);
    bool has = false;
    const FatbinReadResult r =
        readHostNvFatbins(bytes.constData(), size_t(bytes.size()), obj, true, &has);
    QVERIFY(has);
    QVERIFY2(allProblems(r).isEmpty(), qPrintable(problemTexts(allProblems(r)).join('\n')));
    QCOMPARE(r.fatbins.size(), 1);
    bool cubin80 = false;
    for (const CodeObject &co : r.codeObjects)
        cubin80 = cubin80 || (co.format == CodeObject::Format::NvidiaCubin &&
                              co.target.toString() == QLatin1String("sm_80") &&
                              kernel(co, QStringLiteral("vecAddC")));
    QVERIFY(cubin80);
    // A plain host binary without CUDA: nothing, no complaint.
    const QByteArray plain = readAll(QStringLiteral("/bin/true"));
    const FatbinReadResult none = readHostNvFatbins(plain.constData(), size_t(plain.size()),
                                                    QStringLiteral("/bin/true"), true, &has);
    QVERIFY(!has);
    QVERIFY(none.fatbins.isEmpty() && none.problems.isEmpty());
}

void TstNvidia::nvccCompressedCubin() {
    if (m_nvcc.isEmpty())
        QSKIP("nvcc not installed");
    // -compress-mode=size zstd-compresses the cubin too; the decoded cubin must read the same
    // as the one nvcc writes uncompressed.
    const QString fat = m_tmp.filePath(QStringLiteral("size.fatbin"));
    const QString cubin = m_tmp.filePath(QStringLiteral("plain.cubin"));
    bool ok1 = false, ok2 = false;
    run(m_nvcc,
        {QStringLiteral("-fatbin"), QStringLiteral("-compress-mode=size"),
         QStringLiteral("-gencode"), QStringLiteral("arch=compute_80,code=[sm_80,compute_80]"),
         QStringLiteral("-o"), fat, m_cu},
        &ok1);
    run(m_nvcc,
        {QStringLiteral("-cubin"), QStringLiteral("-arch=sm_80"), QStringLiteral("-o"), cubin,
         m_cu},
        &ok2);
    QVERIFY(ok1 && ok2);
    const FatbinReadResult r = readFatbinContainer(readAll(fat), src(fat));
    QVERIFY2(allProblems(r).isEmpty(), qPrintable(problemTexts(allProblems(r)).join('\n')));
    QCOMPARE(r.fatbins.size(), 1);
    QCOMPARE(r.fatbins[0].entries.size(), 2);
    const FatbinEntry &e = r.fatbins[0].entries[0];
    QCOMPARE(e.kindName(), QStringLiteral("cubin"));
    QCOMPARE(e.compression, QStringLiteral("zstd"));
    const CodeObject plain = readCubin(readAll(cubin), src(cubin));
    const CodeObject &dec = r.codeObjects[e.codeObjectIndex];
    QVERIFY(dec.insideCompressed);
    QCOMPARE(dec.target, plain.target);
    QCOMPARE(dec.kernels.size(), plain.kernels.size());
    for (int i = 0; i < plain.kernels.size(); ++i) {
        QCOMPARE(dec.kernels[i].name, plain.kernels[i].name);
        QCOMPARE(dec.kernels[i].kernargSegmentSize, plain.kernels[i].kernargSegmentSize);
        QCOMPARE(dec.kernels[i].vgprCount, plain.kernels[i].vgprCount);
    }
    QCOMPARE(dec.symbols.size(), plain.symbols.size());
}

void TstNvidia::nvccLz4Compressed() {
    if (m_nvcc.isEmpty())
        QSKIP("nvcc not installed");
    // -compress-mode=speed uses the older (LZ4-style) method: said honestly, not decoded.
    const QString fat = m_tmp.filePath(QStringLiteral("speed.fatbin"));
    bool ok = false;
    run(m_nvcc,
        {QStringLiteral("-fatbin"), QStringLiteral("-compress-mode=speed"),
         QStringLiteral("-gencode"), QStringLiteral("arch=compute_80,code=[sm_80,compute_80]"),
         QStringLiteral("-o"), fat, m_cu},
        &ok);
    QVERIFY(ok);
    const FatbinReadResult r = readFatbinContainer(readAll(fat), src(fat));
    QCOMPARE(r.fatbins.size(), 1);
    bool sawLz4 = false;
    for (const FatbinEntry &e : r.fatbins[0].entries)
        if (e.compression == QLatin1String("lz4")) {
            sawLz4 = true;
            QCOMPARE(e.codeObjectIndex, -1);
        }
    if (!sawLz4)
        QSKIP("this nvcc did not use the LZ4-style method for -compress-mode=speed");
    QVERIFY(problemTexts(r.problems).join('\n').contains(QLatin1String("unsupported method")));
}

void TstNvidia::cuobjdumpRecorded_data() {
    QTest::addColumn<QString>("section"); // "=== <section>" in the recorded output
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("target");
    const QString data = hdtest::sourceDir() + QStringLiteral("/tests/nvidia/data/");
    QTest::newRow("k80") << "nvidia/k80.cubin"
                         << hdtest::fixture(QStringLiteral("nvidia/k80.cubin")) << "sm_80";
    QTest::newRow("k90") << "nvidia/k90.cubin"
                         << hdtest::fixture(QStringLiteral("nvidia/k90.cubin")) << "sm_90";
    const QString triton = QStringLiteral(
        "triton/cache-ok/BETOPII3HQKDKJ3EIXTBQX6RVDYPWB4HY5KWUMJR7LMW46VC7NAA/add_kernel.cubin");
    QTest::newRow("triton") << triton << hdtest::fixture(triton) << "sm_90a";
    QTest::newRow("k2 sm_90a") << "sm_90a" << data + QStringLiteral("k2_sm_90a.cubin") << "sm_90a";
}

void TstNvidia::cuobjdumpRecorded() {
    // cuobjdump's answers for the same files, recorded on the GPU machine (data/README.md).
    QFETCH(QString, section);
    QFETCH(QString, file);
    QFETCH(QString, target);
    const QString oracle = QString::fromUtf8(
        readAll(hdtest::sourceDir() + QStringLiteral("/tests/nvidia/data/cuobjdump-oracle.txt")));
    const int start = oracle.indexOf(QStringLiteral("=== ") + section + QLatin1Char('\n'));
    QVERIFY(start >= 0);
    int end = oracle.indexOf(QStringLiteral("\n=== "), start + 4);
    const QString text = oracle.mid(start, end < 0 ? -1 : end - start);
    static const QRegularExpression fn(
        QStringLiteral(R"(Function (\S+):\n\s+REG:(\d+) STACK:\d+ SHARED:(\d+))"));
    const CodeObject co = readCubin(readAll(file), src(file));
    QVERIFY2(co.problems.isEmpty(), qPrintable(problemTexts(co.problems).join('\n')));
    QCOMPARE(co.target.toString(), target);
    int functions = 0;
    for (auto it = fn.globalMatch(text); it.hasNext(); ++functions) {
        const auto m = it.next();
        const KernelInfo *k = kernel(co, m.captured(1));
        QVERIFY2(k, qPrintable(m.captured(1)));
        QCOMPARE(k->vgprCount, m.captured(2).toInt());
        QCOMPARE(k->groupSegmentFixedSize, m.captured(3).toULongLong());
    }
    QCOMPARE(functions, co.kernels.size());
    // EIATTR_MAX_THREADS / EIATTR_REQNTID (__launch_bounds__, Triton's num_warps * 32).
    static const QRegularExpression threads(QStringLiteral(
        R"(EIATTR_(?:MAX_THREADS|REQNTID)\n(?:\tFormat:[^\n]*\n)?\tValue:\t0x([0-9a-f]+) 0x1 0x1)"));
    QList<int> expectedThreads, gotThreads;
    for (auto it = threads.globalMatch(text); it.hasNext();)
        expectedThreads << it.next().captured(1).toInt(nullptr, 16);
    for (const KernelInfo &k : co.kernels)
        if (k.maxFlatWorkgroupSize > 0)
            gotThreads << k.maxFlatWorkgroupSize;
    // (The recording of the k2 builds was cut after 40 lines: every value it has is ours.)
    QVERIFY(!expectedThreads.isEmpty() || section.startsWith(QLatin1String("nvidia/")));
    for (int t : expectedThreads)
        QVERIFY2(gotThreads.contains(t), qPrintable(QString::number(t)));
    if (!section.startsWith(QLatin1String("sm_")))
        QCOMPARE(gotThreads.size(), expectedThreads.size());
}

void TstNvidia::cuobjdumpOracle_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("k90.fatbin") << hdtest::fixture(QStringLiteral("nvidia/k90.fatbin"));
    QTest::newRow("k80only.fatbin") << hdtest::fixture(QStringLiteral("nvidia/k80only.fatbin"));
}

void TstNvidia::cuobjdumpOracle() {
    // cuobjdump (CUDA toolkit, not installed on every machine) lists the same entries.
    QFETCH(QString, file);
    QString cuobjdump = QStringLiteral("/usr/local/cuda/bin/cuobjdump");
    if (!QFileInfo(cuobjdump).isExecutable())
        cuobjdump = QStandardPaths::findExecutable(QStringLiteral("cuobjdump"));
    if (cuobjdump.isEmpty())
        QSKIP("cuobjdump not installed (this CUDA toolkit has nvcc only)");
    bool ok1 = false, ok2 = false;
    const QString elf =
        QString::fromUtf8(run(cuobjdump, {QStringLiteral("--list-elf"), file}, &ok1));
    const QString ptx =
        QString::fromUtf8(run(cuobjdump, {QStringLiteral("--list-ptx"), file}, &ok2));
    QVERIFY(ok1 && ok2);
    static const QRegularExpression sm(QStringLiteral(R"(\.sm_(\d+)[a-z]?\.(cubin|ptx))"));
    QStringList expected, got;
    for (const QString &out : {elf, ptx})
        for (auto it = sm.globalMatch(out); it.hasNext();) {
            const auto m = it.next();
            expected << QStringLiteral("%1 %2").arg(m.captured(2), m.captured(1));
        }
    const FatbinReadResult r = readFatbinContainer(readAll(file), src(file));
    for (const Fatbin &fb : r.fatbins)
        for (const FatbinEntry &e : fb.entries)
            got << QStringLiteral("%1 %2").arg(e.kindName()).arg(e.arch);
    expected.sort();
    got.sort();
    QCOMPARE(got, expected);
}

QTEST_GUILESS_MAIN(TstNvidia)
#include "tst_nvidia.moc"
