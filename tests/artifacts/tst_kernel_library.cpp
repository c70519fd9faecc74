// Vendor kernel folders (rocBLAS Tensile files, real, tests/fixtures/rocblas) are read as
// kernel libraries with the architectures they cover, never as a Triton cache; and "closest"
// means the same ISA family first.

#include "testpaths.h"

#include "artifacts/kernel_library.h"
#include "artifacts/vendor_library.h"
#include "diagnosis/diagnosis.h"
#include "targets/closeness.h"
#include "triton/triton_cache.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hd;

class TstKernelLibrary : public QObject {
    Q_OBJECT

    QString library() const { return hdtest::fixture(QStringLiteral("rocblas/library")); }

private slots:
    void namesCarryTheArchitecture() {
        QCOMPARE(kernelLibraryFileTarget(QStringLiteral("Kernels.so-000-gfx90a-xnack+.hsaco")),
                 QStringLiteral("gfx90a:xnack+"));
        QCOMPARE(kernelLibraryFileTarget(QStringLiteral("TensileLibrary_lazy_gfx1030.dat")),
                 QStringLiteral("gfx1030"));
        QCOMPARE(kernelLibraryFileTarget(
                     QStringLiteral("TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_"
                                    "CU104_gfx90a.co")),
                 QStringLiteral("gfx90a"));
        // MIOpen writes the CU count after the processor: gfx908 with 0x78 CUs.
        QCOMPARE(kernelLibraryFileTarget(QStringLiteral("gfx90878.db.txt")),
                 QStringLiteral("gfx908"));
        QCOMPARE(kernelLibraryFileTarget(QStringLiteral("gfx942130.HIP.fdb.txt")),
                 QStringLiteral("gfx942"));
        QCOMPARE(kernelLibraryFileTarget(QStringLiteral("gfx1030_36.HIP.fdb.txt")),
                 QStringLiteral("gfx1030"));
        QVERIFY(kernelLibraryFileTarget(QStringLiteral("TensileLibrary_Type_SS_fallback.dat"))
                    .isEmpty());
    }

    void tensileFolderIsAKernelLibrary() {
        QVERIFY(!looksLikeTritonCache(library()));
        QVERIFY(kernelLibraryKind(library()) == KernelLibraryKind::Tensile);
        const KernelLibrary lib = readKernelLibrary(library());
        QCOMPARE(lib.files, 4);
        QCOMPARE(lib.targets(),
                 (QStringList{QStringLiteral("gfx1030"), QStringLiteral("gfx90a:xnack+"),
                              QStringLiteral("gfx90a:xnack-")}));
        QCOMPARE(lib.catalogFormat, QStringLiteral("msgpack"));
        QVERIFY(lib.lazyLoading);
        QVERIFY(lib.arch(QStringLiteral("gfx1030"))->lazyCatalog);
        QCOMPARE(lib.arch(QStringLiteral("gfx1030"))->codeObjectFiles, 1);
        // The two gfx90a code objects' ELF headers agree with their names.
        QVERIFY2(lib.problems.isEmpty(), qPrintable(lib.problems.value(0).toString()));
    }

    void aMisnamedCodeObjectIsReported() {
        QTemporaryDir tmp;
        const QString src =
            library() +
            QStringLiteral("/TensileLibrary_Type_4xi8I_HPA_Contraction_l_Alik_Bljk_Cijk_Dijk_CU104_"
                           "gfx90a-xnack+.hsaco");
        QVERIFY(QFile::copy(src, tmp.filePath(QStringLiteral("Kernels.so-000-gfx1100.hsaco"))));
        const KernelLibrary lib = readKernelLibrary(tmp.path());
        QCOMPARE(lib.targets(), QStringList{QStringLiteral("gfx1100")});
        QCOMPARE(lib.problems.size(), 1);
        QVERIFY(lib.problems.first().message.contains(QLatin1String("gfx90a")));
    }

    void diagnoseGivesOneVendorFindingNotATritonOne() {
        DiagnoseRequest req;
        req.inputs << library();
        req.targets << QStringLiteral("gfx1031");
        const Diagnosis d = diagnose(req);
        QCOMPARE(d.inputs.first().kind, QStringLiteral("kernel-library"));
        QVERIFY(d.tritonCaches.isEmpty());
        QCOMPARE(d.kernelLibraries.size(), 1);
        int arch = 0;
        for (const Finding &f : d.findings) {
            QVERIFY2(!f.id.startsWith(QLatin1String("triton.")), qPrintable(f.id));
            if (f.id == QLatin1String("arch.no-compatible-code-object")) {
                ++arch;
                const QString fix = f.fix.join(QLatin1Char(' '));
                QVERIFY2(fix.contains(QLatin1String("HSA_OVERRIDE_GFX_VERSION=10.3.0")),
                         qPrintable(fix));
                QVERIFY2(!fix.contains(QLatin1String("Delete")), qPrintable(fix));
                QVERIFY(f.detail.contains(QLatin1String("Closest: gfx1030")));
            }
        }
        QCOMPARE(arch, 1);
        // A device the folder covers: nothing to say.
        req.targets = {QStringLiteral("gfx90a:xnack-")};
        for (const Finding &f : diagnose(req).findings)
            QVERIFY2(f.id != QLatin1String("arch.no-compatible-code-object"), qPrintable(f.title));
    }

    void tritonCacheStillLooksLikeOne() {
        // A real Triton cache (tests/fixtures/triton) keeps being read as one.
        const QDir fixtures(hdtest::fixture(QStringLiteral("triton")));
        bool any = false;
        for (const QString &sub : fixtures.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            if (!looksLikeTritonCache(fixtures.filePath(sub)))
                continue;
            any = true;
            QVERIFY(!kernelLibraryKind(fixtures.filePath(sub)));
        }
        QVERIFY(any);
    }

    void closestIsTheSameIsaFirst() {
        const auto t = [](const char *s) { return *TargetId::parse(QLatin1String(s)); };
        QCOMPARE(closestTarget(t("gfx1031"), {t("gfx1010"), t("gfx1030"), t("gfx1100")}), 1);
        QCOMPARE(closestTarget(t("gfx90a:xnack+"), {t("gfx908"), t("gfx90a:xnack-")}), 1);
        QCOMPARE(closestTarget(t("gfx1103"), {t("gfx1151"), t("gfx1100")}), 1);
        QVERIFY(relateTargets(t("gfx1030"), t("gfx1031")) == TargetRelation::SameIsa);
        QVERIFY(relateTargets(t("gfx900"), t("gfx906")) == TargetRelation::SameFamily);
        QVERIFY(relateTargets(t("gfx1010"), t("gfx1031")) == TargetRelation::SameGeneration);
        QCOMPARE(hsaGfxVersion(QStringLiteral("gfx90a")), QStringLiteral("9.0.10"));
        QCOMPARE(sameIsaOverride(t("gfx1030"), t("gfx1031")), QStringLiteral("10.3.0"));
        QVERIFY(sameIsaOverride(t("gfx900"), t("gfx906")).isEmpty());
        const auto o =
            isaOverrideFor(t("gfx1031"), {QStringLiteral("gfx1010"), QStringLiteral("gfx1030")});
        QVERIFY(o);
        QCOMPARE(o->value, QStringLiteral("10.3.0"));
        QVERIFY(!isaOverrideFor(t("gfx1031"), {QStringLiteral("gfx1010")}));
    }

    void vendorLibrariesAreNamed() {
        QCOMPARE(vendorLibraryFor(QStringLiteral("/usr/lib/x86_64-linux-gnu/librocblas.so.5.2"))
                     ->product,
                 QStringLiteral("rocBLAS"));
        QCOMPARE(vendorLibraryFor(QStringLiteral("/venv/lib/python3.12/site-packages/torch/lib/"
                                                 "libtorch_hip.so"))
                     ->source,
                 QStringLiteral("Python wheel"));
        QVERIFY(!vendorLibraryFor(QStringLiteral("/home/me/build/libvector_add.so")));
    }
};

QTEST_GUILESS_MAIN(TstKernelLibrary)
#include "tst_kernel_library.moc"
