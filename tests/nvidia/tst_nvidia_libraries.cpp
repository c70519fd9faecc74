// NVIDIA libraries carry fatbins for one architecture each and kernel-less stub fatbins; the
// CUDA runtime needs a fatbin's code only when one of its kernels is launched. Checked on
// tests/fixtures/nvidia/pertarch, built and run on an H200 (make.sh, make.log): the kernel of
// the sm_80/sm_90 fatbin launches (cudaSuccess), the sm_75-only one fails with 209.

#include "testpaths.h"

#include "artifacts/inspector.h"
#include "artifacts/selection.h"
#include "diagnosis/diagnosis.h"
#include "scan/scan.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace hd;

namespace {

QString dir() {
    return hdtest::fixture(QStringLiteral("nvidia/pertarch"));
}
QString library() {
    return dir() + QStringLiteral("/libpertarch.so");
}

QString makeLog() {
    QFile f(dir() + QStringLiteral("/make.log"));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// cuobjdump's listing recorded on the GPU machine: "ELF file 3: libpertarch.3.sm_90.cubin".
QStringList recorded(const QString &what) {
    const QRegularExpression line(
        QStringLiteral(R"(^%1 file\s+\d+: \S+\.(sm_\d+)\.\w+$)").arg(what),
        QRegularExpression::MultilineOption);
    QStringList out;
    auto it = line.globalMatch(makeLog());
    while (it.hasNext())
        out << it.next().captured(1);
    return out;
}

TargetId sm(const char *s) {
    return *TargetId::parse(QLatin1String(s));
}

} // namespace

class TstNvidiaLibraries : public QObject {
    Q_OBJECT
private slots:
    void entriesMatchCuobjdump() {
        const QStringList elf = recorded(QStringLiteral("ELF"));
        const QStringList ptx = recorded(QStringLiteral("PTX"));
        QCOMPARE(elf.size(), 5); // the oracle was read
        const ArtifactReport r = inspectFile(library());
        QStringList cubins, ptxs;
        for (const Bundle &b : r.bundles)
            for (const BundleEntry &e : b.entries) {
                // Each entry says what it holds, as an AMD bundle's entries do.
                QCOMPARE(e.content, e.kind);
                (e.kind == QLatin1String("cubin") ? cubins : ptxs) << e.targetId;
            }
        std::sort(cubins.begin(), cubins.end());
        QStringList want = elf;
        std::sort(want.begin(), want.end());
        QCOMPARE(cubins, want);
        QCOMPARE(ptxs, ptx);
    }

    void stubFatbinsAreNotSelected() {
        const ArtifactReport r = inspectFile(library());
        int stubs = 0;
        for (const Bundle &b : r.bundles)
            stubs += isKernelLessNvidiaBundle(r, b) ? 1 : 0;
        QCOMPARE(stubs, int(r.bundles.size()) - 2); // all but all.cu's and turing.cu's
        const QList<CodeObjectSelection> sels = selectCodeObjects(r, sm("sm_90"));
        QCOMPARE(sels.size(), 2);
        QCOMPARE(std::count_if(sels.cbegin(), sels.cend(),
                               [](const CodeObjectSelection &s) { return s.selected(); }),
                 1);
    }

    // What the run on the H200 showed: the library loads, one kernel's launch fails.
    void diagnoseSaysWhichKernelsCannotLaunch() {
        QVERIFY(makeLog().contains(QLatin1String("scale_all: 0 (cudaSuccess)")));
        QVERIFY(makeLog().contains(QLatin1String("turing_only: 209")));
        DiagnoseRequest req;
        req.inputs << library();
        req.targets << QStringLiteral("sm_90");
        const Diagnosis d = diagnose(req);
        int arch = 0;
        for (const Finding &f : d.findings) {
            if (f.id != QLatin1String("arch.no-compatible-code-object"))
                continue;
            ++arch;
            QCOMPARE(f.severity, Severity::Warning); // the library loads: not an error
            QVERIFY2(f.title.startsWith(QLatin1String("1 of 2 fatbins")), qPrintable(f.title));
            QVERIFY2(f.detail.contains(QLatin1String("turing_only")), qPrintable(f.detail));
            QVERIFY2(!f.detail.contains(QLatin1String("scale_all")), qPrintable(f.detail));
            QVERIFY(f.fix.join(QLatin1Char(' ')).contains(QLatin1String("arch=compute_90")));
        }
        QCOMPARE(arch, 1);
        // sm_75: all.cu's fatbin has none (sm_80/sm_90 cubins, compute_90 PTX), turing.cu's fits.
        req.targets = {QStringLiteral("sm_75")};
        arch = 0;
        for (const Finding &f : diagnose(req).findings)
            if (f.id == QLatin1String("arch.no-compatible-code-object")) {
                ++arch;
                QVERIFY2(f.detail.contains(QLatin1String("scale_all")), qPrintable(f.detail));
            }
        QCOMPARE(arch, 1);
    }

    void scanCoversWhenAFatbinFits() {
        ScanOptions o;
        o.devices = {sm("sm_90"), sm("sm_70")};
        const ScanResult s = scanPaths({library()}, o);
        QCOMPARE(s.libraries.size(), 1);
        const ScanLibrary &lib = s.libraries.first();
        QCOMPARE(lib.codeObjects, 6); // entries holding device code: 5 cubins + 1 PTX
        QCOMPARE(lib.targets, (QStringList{QStringLiteral("sm_75"), QStringLiteral("sm_80"),
                                           QStringLiteral("sm_90")}));
        QCOMPARE(lib.verdicts.at(0).status, QStringLiteral("covered"));
        QVERIFY2(lib.verdicts.at(0).reason.startsWith(QLatin1String("1 of 2 fatbins")),
                 qPrintable(lib.verdicts.at(0).reason));
        // sm_70 runs none of it (cubins run within their major version, the PTX is compute_90).
        QCOMPARE(lib.verdicts.at(1).status, QStringLiteral("not-covered"));
        QCOMPARE(s.notCovered(), 1);
    }

    // The program's own line, pasted: the CUDA name and an NVIDIA fix, never AMD's.
    void theProgramsOutputAsText() {
        const QString log = makeLog();
        const qsizetype at = log.indexOf(QLatin1String("turing_only: 209"));
        QVERIFY(at >= 0);
        DiagnoseRequest req;
        req.texts << DiagnoseText{QStringLiteral("<stdin>"),
                                  log.mid(at, log.indexOf(QLatin1Char('\n'), at) - at)};
        Diagnosis d = diagnose(req);
        QCOMPARE(d.findings.size(), 1);
        QCOMPARE(d.findings.first().id, QStringLiteral("arch.no-compatible-code-object"));
        QVERIFY2(
            d.findings.first().title.contains(QLatin1String("cudaErrorNoKernelImageForDevice")),
            qPrintable(d.findings.first().title));
        QVERIFY2(!d.findings.first().detail.contains(QLatin1String("AMD_LOG_LEVEL")),
                 qPrintable(d.findings.first().detail));
        req.targets << QStringLiteral("sm_90");
        d = diagnose(req);
        QVERIFY2(d.findings.first()
                     .fix.join(QLatin1Char(' '))
                     .contains(QLatin1String("-gencode arch=compute_90,code=sm_90")),
                 qPrintable(d.findings.first().fix.join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TstNvidiaLibraries)
#include "tst_nvidia_libraries.moc"
