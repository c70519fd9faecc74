// The one kernel-name lookup (names/kernel_names.h) on real artifacts: the demo's port that
// dropped __global__ (a host function of the user's own), a library's public host API
// (librocsparse's rocsparse_* entry points, when the system has it), the mangled and exact
// kernels, and the edit distance the option parsers' suggestions use.

#include "artifacts/inspector.h"
#include "diagnosis/diagnosis.h"
#include "names/kernel_names.h"

#include "testpaths.h"

#include <QFileInfo>
#include <QTest>

using namespace hd;

class TstKernelNames : public QObject {
    Q_OBJECT
private slots:
    void editDistanceIsLlvms();
    void closestWord();
    void portLeftoverIsNotAKernel();
    void mangledAndExact();
    void libraryApiIsNoLostKernel();
};

void TstKernelNames::editDistanceIsLlvms() {
    QCOMPARE(editDistance(QStringLiteral("kitten"), QStringLiteral("sitting")), 3);
    QCOMPARE(editDistance(QStringLiteral("VecAdd"), QStringLiteral("vecadd")), 0);
    QCOMPARE(editDistance(QStringLiteral("VecAdd"), QStringLiteral("vecadd"), false), 2);
    QCOMPARE(nearestNames(QStringLiteral("vectr_add"),
                          {QStringLiteral("scale"), QStringLiteral("vector_add")}, 1),
             QStringList{QStringLiteral("vector_add")});
}

void TstKernelNames::closestWord() {
    const QStringList options{QStringLiteral("--target"), QStringLiteral("--runtime-version"),
                              QStringLiteral("--json")};
    QCOMPARE(hd::closestWord(QStringLiteral("--traget"), options), QStringLiteral("--target"));
    QCOMPARE(hd::closestWord(QStringLiteral("--runtime"), options),
             QStringLiteral("--runtime-version"));
    QCOMPARE(hd::closestWord(QStringLiteral("--frobnicate"), options), QString());
}

void TstKernelNames::portLeftoverIsNotAKernel() {
    const QString lib = hdtest::kernelArtifact(QStringLiteral("scenarios/libs06_not_a_kernel.so"));
    if (!QFileInfo::exists(lib))
        QSKIP("the demo's scenario 6 is not built (no hipcc)");
    const SymbolIndex index = indexSymbols({inspectFile(lib)});
    const NameLookup l = lookupKernelName(index, QStringLiteral("scaleRows"));
    QCOMPARE(matchName(l.match), QStringLiteral("not-a-kernel"));
    QVERIFY(!l.functions.first().publicHostApi);
    QCOMPARE(matchName(lookupKernelName(index, QStringLiteral("normalize")).match),
             QStringLiteral("exact"));
}

void TstKernelNames::mangledAndExact() {
    const QString co = hdtest::kernelArtifact(QStringLiteral("scenarios/s01_mangled.co"));
    if (!QFileInfo::exists(co))
        QSKIP("the demo's scenario 1 is not built (no hipcc)");
    const SymbolIndex index = indexSymbols({inspectFile(co)});
    const NameLookup l = lookupKernelName(index, QStringLiteral("vecAdd"));
    QCOMPARE(matchName(l.match), QStringLiteral("mangled"));
    QVERIFY(l.mangled.first().name.startsWith(QLatin1String("_Z")));
    QCOMPARE(matchName(lookupKernelName(index, l.mangled.first().name).match),
             QStringLiteral("exact"));
    const NameLookup typo = lookupKernelName(index, QStringLiteral("vecAd"));
    QCOMPARE(matchName(typo.match), QStringLiteral("missing"));
    QCOMPARE(typo.nearest.value(0), l.mangled.first().name);
}

void TstKernelNames::libraryApiIsNoLostKernel() {
    // A big system library with a public C API: Debian's librocsparse (ROCm 5.2).
    const QString lib = QStringLiteral("/usr/lib/x86_64-linux-gnu/librocsparse.so.0");
    if (!QFileInfo::exists(lib))
        QSKIP("librocsparse is not installed");
    const ArtifactReport r = inspectFile(lib);
    const NameLookup l = lookupKernelName(indexSymbols({r}), QStringLiteral("rocsparse_scsrmv"));
    QCOMPARE(matchName(l.match), QStringLiteral("host-api"));
    QVERIFY(l.functions.first().publicHostApi);
    QVERIFY(l.functions.first().library.startsWith(QLatin1String("librocsparse")));
    // The diagnosis says the same, and never advises __global__ for it.
    DiagnoseRequest req;
    req.inputs = {lib};
    req.kernels = {QStringLiteral("rocsparse_scsrmv")};
    const Diagnosis d = diagnose(req);
    bool seen = false;
    for (const Finding &f : d.findings) {
        if (f.id != QLatin1String("symbol.not-a-kernel"))
            continue;
        seen = true;
        QVERIFY2(f.title.contains(QLatin1String("API")), qPrintable(f.title));
        QVERIFY2(!f.fix.join(QLatin1Char(' ')).contains(QLatin1String("__global__")),
                 qPrintable(f.fix.join(QLatin1Char('\n'))));
    }
    QVERIFY(seen);
}

QTEST_GUILESS_MAIN(TstKernelNames)
#include "tst_kernel_names.moc"
