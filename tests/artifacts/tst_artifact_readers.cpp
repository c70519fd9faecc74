// The inspector's readers against the reference tools, on real hipcc-built files
// (build/kernels), the real Triton .hsaco fixtures and CCOB files built here to the documented
// layout from a real bundle.

#include "artifact_test_util.h"

#include "artifacts/inspector.h"
#include "artifacts/offload_bundle.h"
#include "artifacts/selection.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace hd;

namespace {

QString kernel(const QString &name) {
    return hdtest::kernelArtifact(name);
}

const QStringList &bundleFiles() {
    static const QStringList files{QStringLiteral("vector_add_gfx90a.hsaco"),
                                   QStringLiteral("vector_add_gfx90a_xnack_on.hsaco"),
                                   QStringLiteral("vector_add_gfx1030.hsaco"),
                                   QStringLiteral("vector_add_multi.hsaco"),
                                   QStringLiteral("vector_add_cov3.hsaco"),
                                   QStringLiteral("vector_add_cov4.hsaco"),
                                   QStringLiteral("vector_add_mixed.hsaco")};
    return files;
}

const QStringList &hostFiles() {
    static const QStringList files{
        QStringLiteral("libvector_add.so"), QStringLiteral("libvector_add_lld.so"),
        QStringLiteral("vector_add_main"), QStringLiteral("vector_add_gfx90a.o")};
    return files;
}

QString tritonFile(const QString &hash) {
    return hdtest::fixture(QStringLiteral("triton/cache-ok/%1/add_kernel.hsaco").arg(hash));
}
const QString kTritonGfx942 =
    QStringLiteral("DFUE7KRJ5BQG2N5MBPFWFFRHVSCGWNO76CB27G3AYISRRM4KJ7YA");
const QString kTritonGfx90a =
    QStringLiteral("DXWZLDK3CPYMFDHW27Z3K44AZMZ5D3S7RI66FKAQHLW5CI3YQVVA");
const QString kTritonGfx1100 =
    QStringLiteral("PHWDQXURXODXTYI52A3RQAEWJGXPKA4VP3EOVIEIUJQX3DLTBIGQ");

ArtifactReport inspectOk(const QString &path) {
    ArtifactReport r = inspectFile(path);
    for (const Problem &p : r.problems)
        qWarning("%s", qPrintable(p.toString()));
    return r;
}

struct ReadelfSymbol {
    QString name, type, bind, vis, ndx;
    quint64 size = 0;
};

// One table ('.symtab' or '.dynsym') of `llvm-readelf --symbols --wide`.
QList<ReadelfSymbol> readelfSymbols(const QString &file, const QString &table) {
    const QString text = arttest::run(
        arttest::readelfTool(), {QStringLiteral("--symbols"), QStringLiteral("--wide"), file});
    QList<ReadelfSymbol> out;
    bool in = false;
    static const QRegularExpression row(QStringLiteral(
        "^\\s*\\d+:\\s+([0-9a-f]+)\\s+(\\d+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s*(.*)$"));
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("Symbol table"))) {
            in = line.contains(QLatin1Char('\'') + table + QLatin1Char('\''));
            continue;
        }
        if (!in)
            continue;
        const auto m = row.match(line);
        if (!m.hasMatch() || m.captured(7).isEmpty())
            continue;
        ReadelfSymbol s;
        s.size = m.captured(2).toULongLong();
        s.type = m.captured(3);
        s.bind = m.captured(4);
        s.vis = m.captured(5);
        s.ndx = m.captured(6);
        s.name = m.captured(7).section(QLatin1Char('@'), 0, 0);
        out.append(s);
    }
    return out;
}

QString expectedReadelfType(SymbolKind k) {
    switch (k) {
    case SymbolKind::Kernel:
    case SymbolKind::DeviceFunction:
    case SymbolKind::HostFunction:
        return QStringLiteral("FUNC");
    case SymbolKind::KernelDescriptor:
    case SymbolKind::Object:
        return QStringLiteral("OBJECT");
    case SymbolKind::Section:
        return QStringLiteral("SECTION");
    case SymbolKind::File:
        return QStringLiteral("FILE");
    case SymbolKind::Other:
        return QStringLiteral("NOTYPE");
    }
    return {};
}

// `llvm-readelf --notes` prints the metadata as YAML; each kernel is a "  - " item.
struct NoteKernel {
    QMap<QString, QString> fields;
    int args = 0;
};
QMap<QString, NoteKernel> readelfNoteKernels(const QString &file, QString *target) {
    const QString text = arttest::run(arttest::readelfTool(), {QStringLiteral("--notes"), file});
    QMap<QString, NoteKernel> out;
    QList<NoteKernel> items;
    bool inKernels = false;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("amdhsa.kernels:"))) {
            inKernels = true;
            continue;
        }
        if (line.startsWith(QLatin1String("amdhsa.target:")))
            *target = line.section(QLatin1Char(':'), 1).trimmed().remove(QLatin1Char('\''));
        if (!line.startsWith(QLatin1Char(' ')))
            inKernels = inKernels && line.startsWith(QLatin1Char(' '));
        if (!inKernels)
            continue;
        if (line.startsWith(QLatin1String("  - ")))
            items.append(NoteKernel{});
        if (items.isEmpty())
            continue;
        const QString t = line.trimmed();
        // Kernel-level keys sit at indentation 4 ("  - .key" or "    .key").
        const bool kernelLevel =
            line.startsWith(QLatin1String("  - .")) ||
            (line.startsWith(QLatin1String("    .")) && !line.startsWith(QLatin1String("     ")));
        if (t.contains(QLatin1String(".value_kind:")))
            ++items.last().args;
        if (kernelLevel) {
            QString kv = t.startsWith(QLatin1String("- ")) ? t.mid(2) : t;
            items.last().fields.insert(kv.section(QLatin1Char(':'), 0, 0).trimmed(),
                                       kv.section(QLatin1Char(':'), 1).trimmed());
        }
    }
    for (const NoteKernel &k : items)
        out.insert(k.fields.value(QStringLiteral(".name")), k);
    return out;
}

} // namespace

class TestArtifactReaders : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void bundleEntriesMatchBundler_data();
    void bundleEntriesMatchBundler();
    void entryBytesMatchUnbundled_data();
    void entryBytesMatchUnbundled();
    void hostBundlesMatchRocObjLs_data();
    void hostBundlesMatchRocObjLs();
    void lldWrapperPointerIsOnlyARelocation();
    void rdcObjectSections();
    void symbolsMatchReadelf_data();
    void symbolsMatchReadelf();
    void metadataMatchesReadelfNotes_data();
    void metadataMatchesReadelfNotes();
    void codeObjectVersions_data();
    void codeObjectVersions();
    void tritonHsaco_data();
    void tritonHsaco();
    void hostDynamicMatchesReadelf_data();
    void hostDynamicMatchesReadelf();
    void neededLibrariesMatchLdd();
    void compressedBundles_data();
    void compressedBundles();
    void compressedBundleEntriesSharingBytes();
    void compressedBundleHashMismatch();
    void compressedBundleStreamHash_data();
    void compressedBundleStreamHash();
    void compressedBundleHashesCheckedAfterwards();
    void entryIdSplitting_data();
    void entryIdSplitting();
    void selection_data();
    void selection();
};

void TestArtifactReaders::initTestCase() {
    if (!QFileInfo::exists(kernel(QStringLiteral("vector_add_gfx90a.hsaco"))))
        QSKIP("build/kernels has no hipcc outputs (hipcc missing at configure time)");
    QVERIFY2(!arttest::bundlerTool().isEmpty(), "clang-offload-bundler-15 is not installed");
    QVERIFY2(!arttest::readelfTool().isEmpty(), "llvm-readelf-15 is not installed");
}

void TestArtifactReaders::bundleEntriesMatchBundler_data() {
    QTest::addColumn<QString>("file");
    for (const QString &f : bundleFiles())
        QTest::newRow(qPrintable(f)) << f;
}

void TestArtifactReaders::bundleEntriesMatchBundler() {
    QFETCH(QString, file);
    const QString path = kernel(file);
    int rc = -1;
    const QString listed = arttest::run(
        arttest::bundlerTool(),
        {QStringLiteral("--list"), QStringLiteral("--type=o"), QStringLiteral("--input=") + path},
        &rc);
    QCOMPARE(rc, 0);
    QStringList expected = listed.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    expected.sort();
    QVERIFY(expected.size() >= 2);

    const ArtifactReport r = inspectOk(path);
    QCOMPARE(r.kind, ArtifactKind::OffloadBundle);
    QVERIFY(r.problems.isEmpty());
    QCOMPARE(r.bundles.size(), 1);
    QStringList ours;
    for (const BundleEntry &e : r.bundles[0].entries) {
        ours.append(e.id);
        if (e.kind == QLatin1String("host")) {
            QCOMPARE(e.size, quint64(0));
            continue;
        }
        // Every device entry is decoded, and the ELF agrees with the entry's target id.
        QVERIFY2(e.codeObjectIndex >= 0, qPrintable(e.id));
        QCOMPARE(e.content, QStringLiteral("code-object"));
        const CodeObject &co = r.codeObjects[e.codeObjectIndex];
        QVERIFY(co.problems.isEmpty());
        const auto entryTarget = TargetId::parse(e.targetId);
        QVERIFY(entryTarget);
        QCOMPARE(co.target.processor, entryTarget->processor);
        if (co.codeObjectVersion >= 4) // v3 cannot say "any": its flags read as "on"
            QCOMPARE(co.target.toString(), entryTarget->toString());
        QCOMPARE(co.kernels.size(), 1);
        QCOMPARE(co.kernels[0].name, QStringLiteral("vector_add"));
    }
    ours.sort();
    QCOMPARE(ours, expected);
}

void TestArtifactReaders::entryBytesMatchUnbundled_data() {
    QTest::addColumn<QString>("bundle");
    QTest::addColumn<QString>("raw");
    QTest::newRow("gfx90a") << "vector_add_gfx90a.hsaco"
                            << "vector_add_gfx90a.co";
    QTest::newRow("gfx90a:xnack+") << "vector_add_gfx90a_xnack_on.hsaco"
                                   << "vector_add_gfx90a_xnack_on.co";
    QTest::newRow("gfx1030") << "vector_add_gfx1030.hsaco"
                             << "vector_add_gfx1030.co";
    QTest::newRow("cov3") << "vector_add_cov3.hsaco"
                          << "vector_add_cov3_gfx90a.co";
}

// clang-offload-bundler --unbundle wrote the raw code objects at build time; our entry ranges
// must cover exactly those bytes.
void TestArtifactReaders::entryBytesMatchUnbundled() {
    QFETCH(QString, bundle);
    QFETCH(QString, raw);
    const QByteArray bundleBytes = arttest::readAll(kernel(bundle));
    const QByteArray rawBytes = arttest::readAll(kernel(raw));
    QVERIFY(!rawBytes.isEmpty());
    const ArtifactReport r = inspectOk(kernel(bundle));
    QCOMPARE(r.codeObjects.size(), 1);
    const CodeObject &co = r.codeObjects[0];
    QCOMPARE(co.size, quint64(rawBytes.size()));
    QCOMPARE(bundleBytes.mid(qsizetype(co.fileOffset), qsizetype(co.size)), rawBytes);

    // The raw file itself is detected and read as a bare code object with the same result.
    const ArtifactReport rr = inspectOk(kernel(raw));
    QCOMPARE(rr.kind, ArtifactKind::AmdgpuCodeObject);
    QCOMPARE(rr.codeObjects.size(), 1);
    QCOMPARE(rr.codeObjects[0].target, co.target);
    QCOMPARE(rr.codeObjects[0].symbols.size(), co.symbols.size());
}

void TestArtifactReaders::hostBundlesMatchRocObjLs_data() {
    QTest::addColumn<QString>("file");
    for (const QString &f : hostFiles())
        QTest::newRow(qPrintable(f)) << f;
}

void TestArtifactReaders::hostBundlesMatchRocObjLs() {
    QFETCH(QString, file);
    const QString rocObjLs = arttest::tool({QStringLiteral("roc-obj-ls")});
    if (rocObjLs.isEmpty())
        QSKIP("roc-obj-ls is not installed");
    const QString path = kernel(file);
    const QString listed = arttest::run(rocObjLs, {path});
    // "1       hipv4-amdgcn-amd-amdhsa--gfx90a     file://...#offset=20480&size=4480"
    static const QRegularExpression row(
        QStringLiteral("^\\d+\\s+(\\S+)\\s+file://.*#offset=(\\d+)&size=(\\d+)"));
    QStringList expected;
    for (const QString &line : listed.split(QLatin1Char('\n'))) {
        const auto m = row.match(line);
        if (m.hasMatch())
            expected.append(
                QStringLiteral("%1 %2 %3").arg(m.captured(1), m.captured(2), m.captured(3)));
    }
    QVERIFY2(!expected.isEmpty(), qPrintable(listed));
    expected.sort();

    const ArtifactReport r = inspectOk(path);
    QVERIFY(r.host.has_value());
    QVERIFY(r.host->hasHipFatbin);
    QStringList ours;
    for (const Bundle &b : r.bundles) {
        QVERIFY2(!b.origin.contains(QLatin1String("scanning")), qPrintable(b.origin));
        for (const BundleEntry &e : b.entries)
            ours.append(
                QStringLiteral("%1 %2 %3").arg(e.id).arg(b.fileOffset + e.offset).arg(e.size));
    }
    ours.sort();
    QCOMPARE(ours, expected);
}

// lld leaves the wrapper's pointer 0 in the file; only an R_X86_64_RELATIVE relocation in
// .rela.dyn carries it. Checked with llvm-readelf first, then that we still find the bundle.
void TestArtifactReaders::lldWrapperPointerIsOnlyARelocation() {
    const QString path = kernel(QStringLiteral("libvector_add_lld.so"));
    const QString hexdump = arttest::run(
        arttest::readelfTool(), {QStringLiteral("-x"), QStringLiteral(".hipFatBinSegment"), path});
    // "0x00007710 46504948 01000000 00000000 00000000 FPIH............"
    static const QRegularExpression hexWord(QStringLiteral("^[0-9a-f]{2,8}$"));
    QByteArray seg;
    quint64 segAddr = 0;
    for (const QString &line : hexdump.split(QLatin1Char('\n'))) {
        const QStringList tokens = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (tokens.size() < 2 || !tokens[0].startsWith(QLatin1String("0x")))
            continue;
        if (seg.isEmpty())
            segAddr = tokens[0].mid(2).toULongLong(nullptr, 16);
        // Up to four words of hex, then the ASCII column.
        for (qsizetype i = 1; i < tokens.size() && i <= 4 && hexWord.match(tokens[i]).hasMatch();
             ++i)
            seg += QByteArray::fromHex(tokens[i].toLatin1());
    }
    QCOMPARE(seg.size(), 24);
    QCOMPARE(seg.left(4), QByteArray("FPIH"));
    QCOMPARE(seg.mid(8, 8), QByteArray(8, '\0')); // the pointer field is 0 in the file

    const QString relocs = arttest::run(arttest::readelfTool(),
                                        {QStringLiteral("-r"), QStringLiteral("--wide"), path});
    static const QRegularExpression relRow(
        QStringLiteral("^\\s*([0-9a-f]+)\\s+[0-9a-f]+\\s+R_X86_64_(\\w+)\\s+(.*)$"));
    QString type;
    quint64 addend = 0;
    int matches = 0;
    for (const QString &line : relocs.split(QLatin1Char('\n'))) {
        const auto m = relRow.match(line);
        if (m.hasMatch() && m.captured(1).toULongLong(nullptr, 16) == segAddr + 8) {
            ++matches;
            type = m.captured(2);
            addend = m.captured(3).trimmed().section(QLatin1Char(' '), -1).toULongLong(nullptr, 16);
        }
    }
    QCOMPARE(matches, 1);
    QCOMPARE(type, QStringLiteral("RELATIVE"));

    const ArtifactReport r = inspectOk(path);
    QCOMPARE(r.bundles.size(), 1);
    QVERIFY(r.bundles[0].origin.startsWith(QLatin1String(".hip_fatbin+")));
    QVERIFY(!r.bundles[0].origin.contains(QLatin1String("scanning")));
    // .hip_fatbin is mapped at file offset == address in this image (checked by readelf -S).
    const QString sections = arttest::run(arttest::readelfTool(),
                                          {QStringLiteral("-S"), QStringLiteral("--wide"), path});
    static const QRegularExpression secRow(
        QStringLiteral("\\.hip_fatbin\\s+\\S+\\s+([0-9a-f]+)\\s+([0-9a-f]+)"));
    const auto m = secRow.match(sections);
    QVERIFY(m.hasMatch());
    const quint64 secAddr = m.captured(1).toULongLong(nullptr, 16);
    const quint64 secOff = m.captured(2).toULongLong(nullptr, 16);
    QCOMPARE(r.bundles[0].fileOffset, addend - secAddr + secOff);
    QCOMPARE(r.codeObjects.size(), 2);
}

void TestArtifactReaders::rdcObjectSections() {
    const QString path = kernel(QStringLiteral("vector_add_rdc.o"));
    const ArtifactReport r = inspectFile(path);
    QCOMPARE(r.kind, ArtifactKind::HostRelocatable);
    QVERIFY(r.host && r.host->hasOffloadSections);
    // llvm-readelf lists the __CLANG_OFFLOAD_BUNDLE__ sections; we report one entry each.
    const QString sections = arttest::run(arttest::readelfTool(),
                                          {QStringLiteral("-S"), QStringLiteral("--wide"), path});
    static const QRegularExpression secRow(QStringLiteral(
        "__CLANG_OFFLOAD_BUNDLE__(\\S+)\\s+\\S+\\s+[0-9a-f]+\\s+([0-9a-f]+)\\s+([0-9a-f]+)"));
    QStringList expected;
    for (auto it = secRow.globalMatch(sections); it.hasNext();) {
        const auto m = it.next();
        expected.append(QStringLiteral("%1 %2 %3")
                            .arg(m.captured(1))
                            .arg(m.captured(2).toULongLong(nullptr, 16))
                            .arg(m.captured(3).toULongLong(nullptr, 16)));
    }
    QVERIFY(!expected.isEmpty());
    QStringList ours;
    const Bundle *rdc = nullptr;
    for (const Bundle &b : r.bundles)
        if (b.origin == QLatin1String("-fgpu-rdc sections"))
            rdc = &b;
    QVERIFY(rdc);
    for (const BundleEntry &e : rdc->entries) {
        ours.append(QStringLiteral("%1 %2 %3").arg(e.id).arg(e.offset).arg(e.size));
        if (e.kind == QLatin1String("hip")) {
            QCOMPARE(e.content, QStringLiteral("bitcode"));
            QCOMPARE(e.targetId, QStringLiteral("gfx90a"));
            QCOMPARE(e.triple, QStringLiteral("amdgcn-amd-amdhsa"));
        }
    }
    expected.sort();
    ours.sort();
    QCOMPARE(ours, expected);
    // The wrapper of an rdc object refers to the external __hip_fatbin, said as a problem.
    QVERIFY(std::any_of(r.problems.begin(), r.problems.end(), [](const Problem &p) {
        return p.message.contains(QLatin1String("__hip_fatbin")) && p.offset >= 0;
    }));
    // Bitcode is not loadable: no target picks it.
    QVERIFY(!selectCodeObject(r, *TargetId::parse(QStringLiteral("gfx90a"))).selected());
}

void TestArtifactReaders::symbolsMatchReadelf_data() {
    QTest::addColumn<QString>("path");
    for (const char *f : {"vector_add_gfx90a.co", "vector_add_gfx90a_xnack_on.co",
                          "vector_add_gfx1030.co", "vector_add_cov3_gfx90a.co"})
        QTest::newRow(f) << kernel(QLatin1String(f));
    QTest::newRow("triton gfx942") << tritonFile(kTritonGfx942);
    QTest::newRow("triton gfx90a") << tritonFile(kTritonGfx90a);
    QTest::newRow("triton gfx1100") << tritonFile(kTritonGfx1100);
}

void TestArtifactReaders::symbolsMatchReadelf() {
    QFETCH(QString, path);
    const ArtifactReport r = inspectOk(path);
    QCOMPARE(r.codeObjects.size(), 1);
    const CodeObject &co = r.codeObjects[0];
    QList<ReadelfSymbol> expected = readelfSymbols(path, QStringLiteral(".symtab"));
    if (expected.isEmpty())
        expected = readelfSymbols(path, QStringLiteral(".dynsym"));
    QVERIFY(!expected.isEmpty());
    QCOMPARE(co.symbols.size(), expected.size());
    QSet<QString> kernelNames;
    for (const KernelInfo &k : co.kernels)
        kernelNames.insert(k.name);
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const ReadelfSymbol &e = expected[i];
        const Symbol &s = co.symbols[i];
        QCOMPARE(s.name(), e.name);
        QCOMPARE(expectedReadelfType(s.kind), e.type);
        QCOMPARE(s.binding().toUpper(), e.bind);
        QCOMPARE(s.visibility().toUpper(), e.vis);
        QCOMPARE(s.size, e.size);
        QCOMPARE(s.undefined, e.ndx == QLatin1String("UND"));
        // Kernels named in the metadata are exactly the FUNC symbols with a .kd descriptor.
        if (s.kind == SymbolKind::Kernel)
            QVERIFY2(kernelNames.contains(s.name()), qPrintable(s.name()));
        if (kernelNames.contains(s.name()) && e.type == QLatin1String("FUNC"))
            QCOMPARE(s.kind, SymbolKind::Kernel);
        if (s.name().endsWith(QLatin1String(".kd")))
            QCOMPARE(s.kind, SymbolKind::KernelDescriptor);
    }
}

void TestArtifactReaders::metadataMatchesReadelfNotes_data() {
    symbolsMatchReadelf_data();
}

void TestArtifactReaders::metadataMatchesReadelfNotes() {
    QFETCH(QString, path);
    QString target;
    const auto expected = readelfNoteKernels(path, &target);
    QVERIFY(!expected.isEmpty());
    const ArtifactReport r = inspectOk(path);
    QCOMPARE(r.codeObjects.size(), 1);
    const CodeObject &co = r.codeObjects[0];
    if (!target.isEmpty())
        QCOMPARE(co.metadataTarget, target);
    QCOMPARE(co.kernels.size(), expected.size());
    for (const KernelInfo &k : co.kernels) {
        QVERIFY2(expected.contains(k.name), qPrintable(k.name));
        const NoteKernel &e = expected[k.name];
        auto num = [&](const char *key) {
            return e.fields.value(QLatin1String(key)).toULongLong();
        };
        QCOMPARE(k.symbol, e.fields.value(QStringLiteral(".symbol")));
        QCOMPARE(k.args.size(), e.args);
        QCOMPARE(k.kernargSegmentSize, num(".kernarg_segment_size"));
        QCOMPARE(k.groupSegmentFixedSize, num(".group_segment_fixed_size"));
        QCOMPARE(k.privateSegmentFixedSize, num(".private_segment_fixed_size"));
        QCOMPARE(quint64(k.sgprCount), num(".sgpr_count"));
        QCOMPARE(quint64(k.vgprCount), num(".vgpr_count"));
        QCOMPARE(quint64(k.wavefrontSize), num(".wavefront_size"));
        QCOMPARE(quint64(k.maxFlatWorkgroupSize), num(".max_flat_workgroup_size"));
        QCOMPARE(quint64(k.sgprSpillCount), num(".sgpr_spill_count"));
        QCOMPARE(quint64(k.vgprSpillCount), num(".vgpr_spill_count"));
        if (e.fields.contains(QStringLiteral(".agpr_count")))
            QCOMPARE(quint64(k.agprCount), num(".agpr_count"));
        if (e.fields.contains(QStringLiteral(".uses_dynamic_stack")))
            QCOMPARE(k.usesDynamicStack, e.fields.value(QStringLiteral(".uses_dynamic_stack")) ==
                                             QLatin1String("true"));
        // Arguments are laid out without overlap inside the kernarg segment.
        for (const KernelArg &a : k.args)
            QVERIFY(a.offset + a.size <= k.kernargSegmentSize);
    }
}

void TestArtifactReaders::codeObjectVersions_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("entryKind");
    QTest::addColumn<int>("version");
    QTest::addColumn<int>("abiVersion");
    QTest::newRow("v3") << "vector_add_cov3.hsaco"
                        << "hip" << 3 << 1;
    QTest::newRow("v4") << "vector_add_cov4.hsaco"
                        << "hipv4" << 4 << 2;
}

void TestArtifactReaders::codeObjectVersions() {
    QFETCH(QString, file);
    QFETCH(QString, entryKind);
    QFETCH(int, version);
    QFETCH(int, abiVersion);
    const ArtifactReport r = inspectOk(kernel(file));
    QCOMPARE(r.codeObjects.size(), 1);
    QCOMPARE(r.codeObjects[0].codeObjectVersion, version);
    QCOMPARE(r.codeObjects[0].elfAbiVersion, abiVersion);
    QCOMPARE(r.codeObjects[0].elfOsAbi, 64);
    const BundleEntry *device = nullptr;
    for (const BundleEntry &e : r.bundles[0].entries)
        if (e.kind != QLatin1String("host"))
            device = &e;
    QVERIFY(device);
    QCOMPARE(device->kind, entryKind);
    // llvm-readelf agrees on the flags and ABI version.
    const QString hdr =
        arttest::run(arttest::readelfTool(),
                     {QStringLiteral("-h"), kernel(file == QLatin1String("vector_add_cov3.hsaco")
                                                       ? QStringLiteral("vector_add_cov3_gfx90a.co")
                                                       : QStringLiteral("vector_add_gfx90a.co"))});
    static const QRegularExpression flags(QStringLiteral("Flags:\\s+0x([0-9a-fA-F]+)"));
    const auto m = flags.match(hdr);
    QVERIFY(m.hasMatch());
    QCOMPARE(r.codeObjects[0].elfFlags, m.captured(1).toUInt(nullptr, 16));
}

void TestArtifactReaders::tritonHsaco_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("target");
    QTest::addColumn<uint>("flags");
    QTest::newRow("gfx942") << tritonFile(kTritonGfx942) << "gfx942" << 0x54Cu;
    QTest::newRow("gfx90a") << tritonFile(kTritonGfx90a) << "gfx90a" << 0u;
    QTest::newRow("gfx1100") << tritonFile(kTritonGfx1100) << "gfx1100" << 0u;
}

// Triton writes raw code object v5 files; gfx942 is past LLVM 15's CPU table.
void TestArtifactReaders::tritonHsaco() {
    QFETCH(QString, path);
    QFETCH(QString, target);
    QFETCH(uint, flags);
    const ArtifactReport r = inspectOk(path);
    QCOMPARE(r.kind, ArtifactKind::AmdgpuCodeObject);
    QVERIFY(r.problems.isEmpty());
    QCOMPARE(r.codeObjects.size(), 1);
    const CodeObject &co = r.codeObjects[0];
    QVERIFY(co.problems.isEmpty());
    QCOMPARE(co.codeObjectVersion, 5);
    QCOMPARE(co.elfAbiVersion, 3);
    QCOMPARE(co.target.processor, target);
    if (flags)
        QCOMPARE(co.elfFlags, quint32(flags));
    QCOMPARE(co.kernels.size(), 1);
    const KernelInfo &k = co.kernels[0];
    QCOMPARE(k.name, QStringLiteral("add_kernel"));
    QCOMPARE(k.symbol, QStringLiteral("add_kernel.kd"));
    // x, y, o, n plus Triton's two hidden scratch pointers (global_buffer) and v5's hidden args.
    QVERIFY(k.args.size() >= 6);
    QCOMPARE(k.args[0].valueKind, QStringLiteral("global_buffer"));
    QCOMPARE(k.args[3].valueKind, QStringLiteral("by_value"));
    QCOMPARE(k.args[3].size, quint64(4));
    const auto kernelSym = std::find_if(co.symbols.begin(), co.symbols.end(), [](const Symbol &s) {
        return s.name() == QLatin1String("add_kernel");
    });
    QVERIFY(kernelSym != co.symbols.end());
    QCOMPARE(kernelSym->kind, SymbolKind::Kernel);
    // The selection takes the target from the ELF for a bare code object.
    const auto sel = selectCodeObject(r, *TargetId::parse(target));
    QVERIFY2(sel.selected(), qPrintable(sel.reason));
}

void TestArtifactReaders::hostDynamicMatchesReadelf_data() {
    QTest::addColumn<QString>("file");
    for (const char *f : {"libvector_add.so", "libvector_add_lld.so", "vector_add_main"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TestArtifactReaders::hostDynamicMatchesReadelf() {
    QFETCH(QString, file);
    const QString path = kernel(file);
    const ArtifactReport r = inspectOk(path);
    QVERIFY(r.host);
    const QString dyn = arttest::run(arttest::readelfTool(), {QStringLiteral("-d"), path});
    static const QRegularExpression needed(
        QStringLiteral("\\(NEEDED\\)\\s+Shared library: \\[(.*)\\]"));
    QStringList expectedNeeded;
    for (auto it = needed.globalMatch(dyn); it.hasNext();)
        expectedNeeded.append(it.next().captured(1));
    QCOMPARE(r.host->needed, expectedNeeded);
    QVERIFY(r.host->needed.contains(QStringLiteral("libamdhip64.so.5")));

    QStringList expectedUndef;
    for (const ReadelfSymbol &s : readelfSymbols(path, QStringLiteral(".dynsym")))
        if (s.ndx == QLatin1String("UND"))
            expectedUndef.append(s.name);
    QStringList ours;
    for (const Symbol &s : r.host->undefinedDynamic) {
        ours.append(s.name());
        QVERIFY(s.undefined);
        if (s.name().startsWith(QLatin1String("_Z")))
            QVERIFY2(s.demangled() != s.name(), qPrintable(s.name()));
    }
    QCOMPARE(ours, expectedUndef);
    QVERIFY(ours.contains(QStringLiteral("__hipRegisterFatBinary")));
}

void TestArtifactReaders::neededLibrariesMatchLdd() {
    const QString ldd = arttest::tool({QStringLiteral("ldd")});
    if (ldd.isEmpty())
        QSKIP("ldd is not installed");
    const QString path = kernel(QStringLiteral("vector_add_main"));
    const QString text = arttest::run(ldd, {path});
    static const QRegularExpression row(QStringLiteral("^\\s*(\\S+) => (\\S+) \\("));
    QMap<QString, QString> lddPaths;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const auto m = row.match(line);
        if (m.hasMatch())
            lddPaths.insert(m.captured(1), m.captured(2));
    }
    const ArtifactReport r = inspectOk(path);
    QVERIFY(r.host);
    QCOMPARE(r.host->resolutions.size(), r.host->needed.size());
    for (const LibraryResolution &res : r.host->resolutions) {
        QVERIFY2(lddPaths.contains(res.name), qPrintable(res.name));
        QVERIFY2(res.found(), qPrintable(res.name));
        QCOMPARE(QFileInfo(res.path).canonicalFilePath(),
                 QFileInfo(lddPaths.value(res.name)).canonicalFilePath());
    }
}

void TestArtifactReaders::compressedBundles_data() {
    QTest::addColumn<int>("version");
    QTest::addColumn<int>("method");
    for (int v = 1; v <= 3; ++v)
        for (int m = 0; m <= 1; ++m)
            QTest::newRow(qPrintable(QStringLiteral("v%1 %2").arg(v).arg(m ? "zstd" : "zlib")))
                << v << m;
}

void TestArtifactReaders::compressedBundles() {
    QFETCH(int, version);
    QFETCH(int, method);
    const QByteArray plain = arttest::readAll(kernel(QStringLiteral("vector_add_multi.hsaco")));
    QVERIFY(!plain.isEmpty());
    const ArtifactReport ref = inspectBytes(plain, QStringLiteral("plain"));
    const QByteArray ccob = arttest::makeCcob(plain, version, method);
    // v1 does not store its size: padding after it (as in .hip_fatbin) must not disturb it.
    const QByteArray file =
        version == 1 ? ccob + QByteArray(4096 - ccob.size() % 4096, '\0') : ccob;
    const ArtifactReport r = inspectBytes(file, QStringLiteral("ccob"));
    for (const Problem &p : r.problems)
        qWarning("%s", qPrintable(p.toString()));
    QVERIFY(r.problems.isEmpty());
    QCOMPARE(r.kind, ArtifactKind::CompressedBundle);
    QCOMPARE(r.bundles.size(), 1);
    const Bundle &b = r.bundles[0];
    QVERIFY(b.compressed);
    QCOMPARE(b.ccobVersion, version);
    QCOMPARE(b.compression, method ? QStringLiteral("zstd") : QStringLiteral("zlib"));
    QCOMPARE(b.uncompressedSize, quint64(plain.size()));
    if (version >= 2)
        QCOMPARE(b.size, quint64(ccob.size()));
    QCOMPARE(b.entries.size(), ref.bundles[0].entries.size());
    for (qsizetype i = 0; i < b.entries.size(); ++i) {
        QCOMPARE(b.entries[i].id, ref.bundles[0].entries[i].id);
        QCOMPARE(b.entries[i].offset, ref.bundles[0].entries[i].offset);
        QCOMPARE(b.entries[i].size, ref.bundles[0].entries[i].size);
    }
    QCOMPARE(r.codeObjects.size(), ref.codeObjects.size());
    for (qsizetype i = 0; i < r.codeObjects.size(); ++i) {
        QVERIFY(r.codeObjects[i].insideCompressed);
        QCOMPARE(r.codeObjects[i].target, ref.codeObjects[i].target);
        QCOMPARE(r.codeObjects[i].kernels.size(), ref.codeObjects[i].kernels.size());
        QCOMPARE(r.codeObjects[i].symbols.size(), ref.codeObjects[i].symbols.size());
    }
    // Selection works the same through a compressed bundle.
    const auto sel = selectCodeObject(r, *TargetId::parse(QStringLiteral("gfx1030")));
    QVERIFY(sel.selected());
}

// A big code object's pages in a decompressed buffer go back as soon as it is decoded
// (CodeObjectJob::releaseBufferAfter): not when another entry reads the same bytes. Three
// entries of 5 MB (a real code object, zero-padded) in one CCOB: the first two on one range,
// the third on a copy of its own; each decodes as the code object alone does.
void TestArtifactReaders::compressedBundleEntriesSharingBytes() {
    // The code object of hipcc's --genco bundle (its gfx90a entry).
    const QByteArray genco = arttest::readAll(kernel(QStringLiteral("vector_add_gfx90a.hsaco")));
    const ArtifactReport bundled = inspectBytes(genco, QStringLiteral("genco"));
    QCOMPARE(bundled.bundles.size(), 1);
    QByteArray object;
    for (const BundleEntry &e : bundled.bundles[0].entries)
        if (e.content == QLatin1String("code-object"))
            object = genco.mid(qsizetype(e.offset), qsizetype(e.size));
    QVERIFY(!object.isEmpty());
    object.append(QByteArray((5 << 20) - object.size(), '\0'));
    const ArtifactReport ref = inspectBytes(object, QStringLiteral("alone"));
    QCOMPARE(ref.codeObjects.size(), 1);
    QVERIFY(!ref.codeObjects[0].kernels.isEmpty());
    // The offload bundle's layout (docs/formats.md): magic, count, then offset, size, id
    // length and id per entry.
    const QByteArray id = "hipv4-amdgcn-amd-amdhsa--gfx90a";
    const quint64 first = 4096, second = first + quint64(object.size());
    QByteArray bundle = "__CLANG_OFFLOAD_BUNDLE__";
    auto put = [&bundle](quint64 v) {
        bundle.append(reinterpret_cast<const char *>(&v), sizeof v); // little-endian host
    };
    put(3);
    for (const quint64 offset : {first, first, second}) {
        put(offset);
        put(quint64(object.size()));
        put(quint64(id.size()));
        bundle.append(id);
    }
    bundle.append(QByteArray(qsizetype(first) - bundle.size(), '\0'));
    bundle.append(object);
    bundle.append(object);
    const ArtifactReport r = inspectBytes(arttest::makeCcob(bundle, 3, 1), QStringLiteral("ccob"));
    for (const Problem &p : r.problems)
        qWarning("%s", qPrintable(p.toString()));
    QVERIFY(r.problems.isEmpty());
    QCOMPARE(r.codeObjects.size(), 3);
    const CodeObject &alone = ref.codeObjects[0];
    for (const CodeObject &co : r.codeObjects) {
        QCOMPARE(co.target, alone.target);
        QCOMPARE(co.kernels.size(), alone.kernels.size());
        for (qsizetype k = 0; k < co.kernels.size(); ++k)
            QCOMPARE(co.kernels[k].name, alone.kernels[k].name);
        QCOMPARE(co.symbols.size(), alone.symbols.size());
    }
}

void TestArtifactReaders::compressedBundleHashMismatch() {
    const QByteArray plain = arttest::readAll(kernel(QStringLiteral("vector_add_gfx90a.hsaco")));
    const QByteArray ccob = arttest::makeCcob(plain, 3, 1, 0x1234567890abcdefULL);
    const ArtifactReport r = inspectBytes(ccob, QStringLiteral("badhash.ccob"));
    QVERIFY(std::any_of(r.problems.begin(), r.problems.end(), [](const Problem &p) {
        return p.message.contains(QLatin1String("hash")) && p.offset == 0 &&
               p.file == QLatin1String("badhash.ccob");
    }));
    // The content is still reported.
    QCOMPARE(r.codeObjects.size(), 1);
}

void TestArtifactReaders::compressedBundleStreamHash_data() {
    compressedBundles_data(); // every version and method
}

// The streamed hash of a bundle several chunks long (3.5 MB; a chunk is 1 MB) placed 4096
// bytes into a file is QCryptographicHash's MD5 of it (the oracle); a wrong stored hash is one
// problem at the bundle's offset, a right one none.
void TestArtifactReaders::compressedBundleStreamHash() {
    QFETCH(int, version);
    QFETCH(int, method);
    QByteArray plain;
    quint32 x = 2463534242u; // xorshift: compressible enough, not one repeated block
    while (plain.size() < (7 << 19)) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        plain.append(char('a' + x % 7));
    }
    const quint64 md5 = arttest::md5Low64(plain);
    for (const quint64 stored : {md5, md5 ^ 0x100}) {
        const QByteArray ccob = arttest::makeCcob(plain, version, method, stored);
        QString why;
        const auto h = readCcobHeader(ccob.constData(), size_t(ccob.size()), &why);
        QVERIFY2(h, qPrintable(why));
        const auto hash = ccobStreamHash(ccob.constData(), size_t(ccob.size()), *h, &why);
        QVERIFY2(hash, qPrintable(why));
        QCOMPARE(*hash, md5);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("padded.bin"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, '\0') + ccob + QByteArray(4096, '\0'));
        f.close();
        ArtifactReport report;
        Bundle b;
        b.origin = QStringLiteral("test+0x1000");
        b.compressed = true;
        b.fileOffset = 4096;
        b.size = quint64(ccob.size());
        report.bundles << b;
        const QList<Problem> problems = checkCcobHashes(path, report);
        QCOMPARE(problems.size(), stored == md5 ? 0 : 1);
        if (!problems.isEmpty()) {
            QCOMPARE(problems[0].offset, qint64(4096));
            QCOMPARE(problems[0].file, path);
        }
    }
}

// The hashes of a real compressed bundle (hipcc 7's --offload-compress, inside a host
// library's .hip_fatbin), checked after an inspection made without them (the app's way):
// they match; with the stored hash changed by one bit, exactly the problem the inspection
// itself reports with the check on (the oracle: inspectFile's own verifyCcobHash).
void TestArtifactReaders::compressedBundleHashesCheckedAfterwards() {
    const QString lib =
        hdtest::sourceDir() + QStringLiteral("/tests/artifacts/rocm7/libs04_rocm6.so");
    InspectOptions fast;
    fast.verifyCcobHash = false;
    const ArtifactReport report = inspectFile(lib, fast);
    QCOMPARE(report.bundles.size(), 1);
    const Bundle &b = report.bundles[0];
    QVERIFY(b.compressed);
    QVERIFY(b.fileOffset > 0);
    QCOMPARE(checkCcobHashes(lib, report), QList<Problem>());

    QFile in(lib);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray bytes = in.readAll();
    QCOMPARE(b.ccobVersion, 2);
    bytes[qsizetype(b.fileOffset) + 16] = char(bytes[qsizetype(b.fileOffset) + 16] ^ 1);
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("libs04_badhash.so"));
    QFile out(bad);
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size());
    out.close();
    const QList<Problem> after = checkCcobHashes(bad, inspectFile(bad, fast));
    QCOMPARE(after.size(), 1);
    QCOMPARE(after[0].offset, qint64(b.fileOffset));
    QVERIFY2(after[0].message.contains(QLatin1String("does not match")),
             qPrintable(after[0].message.english()));
    QList<Problem> during;
    for (const Problem &p : inspectFile(bad).problems)
        if (p.message.contains(QLatin1String("hash")))
            during << p;
    QCOMPARE(after, during);
}

void TestArtifactReaders::entryIdSplitting_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("triple");
    QTest::addColumn<QString>("target");
    QTest::newRow("hipv4") << "hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
                           << "hipv4"
                           << "amdgcn-amd-amdhsa"
                           << "gfx90a:sramecc+:xnack-";
    QTest::newRow("hip") << "hip-amdgcn-amd-amdhsa--gfx1030"
                         << "hip"
                         << "amdgcn-amd-amdhsa"
                         << "gfx1030";
    QTest::newRow("rdc") << "hip-amdgcn-amd-amdhsa-gfx90a"
                         << "hip"
                         << "amdgcn-amd-amdhsa"
                         << "gfx90a";
    QTest::newRow("host") << "host-x86_64-unknown-linux"
                          << "host"
                          << "x86_64-unknown-linux"
                          << "";
    QTest::newRow("host 4 fields") << "host-x86_64-unknown-linux-gnu"
                                   << "host"
                                   << "x86_64-unknown-linux-gnu"
                                   << "";
    QTest::newRow("generic") << "hipv4-amdgcn-amd-amdhsa--gfx9-4-generic:xnack+"
                             << "hipv4"
                             << "amdgcn-amd-amdhsa"
                             << "gfx9-4-generic:xnack+";
    QTest::newRow("garbage") << "nodash"
                             << "nodash"
                             << ""
                             << "";
}

void TestArtifactReaders::entryIdSplitting() {
    QFETCH(QString, id);
    QFETCH(QString, kind);
    QFETCH(QString, triple);
    QFETCH(QString, target);
    BundleEntry e;
    splitBundleEntryId(id, e);
    QCOMPARE(e.kind, kind);
    QCOMPARE(e.triple, triple);
    QCOMPARE(e.targetId, target);
}

void TestArtifactReaders::selection_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("picked"); // entry id, "" = none
    QTest::addColumn<int>("kind");
    using K = Compatibility::Kind;
    QTest::newRow("multi sramecc+xnack-")
        << "vector_add_multi.hsaco"
        << "gfx90a:sramecc+:xnack-"
        << "hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-" << int(K::Exact);
    QTest::newRow("multi sramecc-xnack+")
        << "vector_add_multi.hsaco"
        << "gfx90a:sramecc-:xnack+"
        << "hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+" << int(K::Exact);
    QTest::newRow("multi feature mismatch") << "vector_add_multi.hsaco"
                                            << "gfx90a:sramecc+:xnack+"
                                            << "" << int(K::FeatureMismatch);
    QTest::newRow("multi gfx1030") << "vector_add_multi.hsaco"
                                   << "gfx1030"
                                   << "hipv4-amdgcn-amd-amdhsa--gfx1030" << int(K::Exact);
    QTest::newRow("multi gfx908:xnack-") << "vector_add_multi.hsaco"
                                         << "gfx908:xnack-"
                                         << "hipv4-amdgcn-amd-amdhsa--gfx908" << int(K::Exact);
    QTest::newRow("multi gfx942") << "vector_add_multi.hsaco"
                                  << "gfx942"
                                  << "" << int(K::ProcessorMismatch);
    // First compatible entry wins: the "any" gfx90a entry comes before the xnack+ one.
    QTest::newRow("mixed first fit") << "vector_add_mixed.hsaco"
                                     << "gfx90a:xnack+"
                                     << "hipv4-amdgcn-amd-amdhsa--gfx90a" << int(K::Exact);
    QTest::newRow("xnack+ only, device xnack-") << "vector_add_gfx90a_xnack_on.hsaco"
                                                << "gfx90a:xnack-"
                                                << "" << int(K::FeatureMismatch);
    QTest::newRow("host .so gfx1030") << "libvector_add.so"
                                      << "gfx1030"
                                      << "hipv4-amdgcn-amd-amdhsa--gfx1030" << int(K::Exact);
    QTest::newRow("host .so gfx906") << "libvector_add.so"
                                     << "gfx906"
                                     << "" << int(K::ProcessorMismatch);
    QTest::newRow("nvidia device") << "vector_add_gfx90a.hsaco"
                                   << "sm_90"
                                   << "" << int(K::ProcessorMismatch);
}

void TestArtifactReaders::selection() {
    QFETCH(QString, file);
    QFETCH(QString, device);
    QFETCH(QString, picked);
    QFETCH(int, kind);
    const ArtifactReport r = inspectOk(kernel(file));
    const auto dev = TargetId::parse(device);
    QVERIFY(dev);
    const auto all = selectCodeObjects(r, *dev);
    QCOMPARE(all.size(), 1);
    const CodeObjectSelection &s = all[0];
    QCOMPARE(int(s.kind), kind);
    QVERIFY(!s.reason.isEmpty());
    if (picked.isEmpty()) {
        QVERIFY2(!s.selected(), qPrintable(s.reason));
    } else {
        QVERIFY2(s.selected(), qPrintable(s.reason));
        QCOMPARE(s.choice()->entryId, picked);
        QVERIFY(s.choice()->codeObjectIndex >= 0);
    }
    QVERIFY(!s.toJson().isEmpty());
}

QTEST_GUILESS_MAIN(TestArtifactReaders)
#include "tst_artifact_readers.moc"
