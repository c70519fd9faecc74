// scan's engine (core/scan/scan.h) on the build's real hipcc artifacts and the real rocBLAS
// and nvcc fixtures: the files read counted as the reading threads go, the one naming of a
// library below its scanned folder (the CLI's table and the app's Coverage), and scans made
// one after another combined into what one scan of both gives.

#include "kernel_folder.h"
#include "testpaths.h"

#include "scan/scan.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace hd;

namespace {

QStringList paths(const ScanResult &r) {
    QStringList out;
    for (const ScanLibrary &l : r.libraries)
        out << l.path;
    return out;
}

QStringList fixes(const ScanResult &r) {
    QStringList out;
    for (const ScanFix &f : r.fixes)
        out << f.id + QLatin1Char('|') + f.device.toString() + QLatin1Char('|') + f.text.english() +
                   QLatin1Char('|') + f.libraries.join(QLatin1Char(','));
    return out;
}

} // namespace

class TstScan : public QObject {
    Q_OBJECT

private slots:
    void progressCountsFilesRead() {
        // Four reading threads over the build's kernels: each file counted once, in order,
        // one call at a time.
        struct Call {
            int read, seen;
        };
        QList<Call> calls;
        std::atomic_bool inside{false}, overlapped{false};
        ScanOptions o;
        o.threads = 4;
        o.progress = [&](int read, int seen) {
            if (inside.exchange(true))
                overlapped = true;
            calls.append({read, seen});
            inside = false;
        };
        const ScanResult r = scanPaths({hdtest::kernelArtifact(QString())}, o);
        QVERIFY2(r.filesSeen >= 10, qPrintable(QString::number(r.filesSeen)));
        QVERIFY(!overlapped);
        QCOMPARE(calls.size(), r.filesSeen + 1);
        QCOMPARE(calls.first().read, 0);
        for (int i = 0; i < calls.size(); ++i) {
            QCOMPARE(calls[i].seen, r.filesSeen);
            QCOMPARE(calls[i].read, i);
        }
        QCOMPARE(calls.last().read, r.filesSeen);
        // Every file looked at is counted, the artifacts among them and the rest.
        QVERIFY(r.filesRead <= r.filesSeen);
    }

    // A vendor kernel folder's files count in the progress too, after the other files, and the
    // count ends at its total (control: the progress stopped at the other files' count while
    // the Tensile files were read, issue 41).
    void progressCountsKernelFolderFiles() {
        QTemporaryDir root;
        QVERIFY(hdtest::copyKernelFolder(root.path(), QStringLiteral("lib/rocblas/library")));
        const int tensile = int(QDir(root.filePath(QStringLiteral("lib/rocblas/library")))
                                    .entryList(QDir::Files)
                                    .size());
        QVERIFY(tensile > 0);
        QList<std::pair<int, int>> calls;
        ScanOptions o;
        o.progress = [&](int read, int total) { calls.append({read, total}); };
        const ScanResult r = scanPaths({root.path()}, o);
        QVERIFY(!r.libraries.isEmpty());
        QVERIFY(!calls.isEmpty());
        QVERIFY2(calls.first().second >= tensile,
                 qPrintable(QString::number(calls.first().second)));
        QCOMPARE(calls.last().first, calls.last().second);
        for (const auto &c : calls)
            QCOMPARE(c.second, calls.first().second);
    }

    void namesBelowTheScannedFolder() {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString lib = tmp.path() + QStringLiteral("/lib");
        QVERIFY(hdtest::copyKernelFolder(lib, QStringLiteral("rocblas/5/library")));
        const QString canonical = QDir(lib).canonicalPath();
        const QString folder = canonical + QStringLiteral("/rocblas/5/library");
        QCOMPARE(scanShortPath(folder, {lib}), QStringLiteral("rocblas/5/library"));
        QCOMPARE(scanRootOf(folder, {lib}), lib);
        // The first scanned folder holding it names it; one that does not hold it, none.
        QCOMPARE(scanShortPath(folder, {tmp.path() + QStringLiteral("/other"), lib + "/rocblas"}),
                 QStringLiteral("5/library"));
        QCOMPARE(scanShortPath(folder, {tmp.path() + QStringLiteral("/li")}), folder);
        QCOMPARE(scanRootOf(folder, {tmp.path() + QStringLiteral("/li")}), QString());
        // A folder scanned itself is named whole, and is its own root.
        QCOMPARE(scanShortPath(folder, {folder}), folder);
        QCOMPARE(scanRootOf(folder, {folder}), folder);

        // The scan finds it as a kernel folder of rocBLAS at that path.
        const ScanResult r = scanPaths({lib});
        QCOMPARE(paths(r), QStringList{folder});
        QCOMPARE(r.libraries.first().kind, QStringLiteral("kernel-library"));
        QCOMPARE(r.libraries.first().product, QStringLiteral("rocBLAS"));
    }

    void combinedScansAreOneScan() {
        // Two installs, scanned one after the other, then together: the same libraries,
        // architectures and fixes (each said once over both).
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString a = tmp.path() + QStringLiteral("/rocm-7.2/lib");
        const QString b = tmp.path() + QStringLiteral("/system/lib");
        QVERIFY(hdtest::copyKernelFolder(a, QStringLiteral("rocblas/5/library")));
        QVERIFY(hdtest::copyKernelFolder(b, QStringLiteral("rocblas/library")));
        QVERIFY(QFile::copy(hdtest::fixture(QStringLiteral("nvidia/pertarch/libpertarch.so")),
                            b + QStringLiteral("/libpertarch.so")));
        ScanOptions o;
        o.devices = {*TargetId::parse(QStringLiteral("gfx1031")),
                     *TargetId::parse(QStringLiteral("sm_90"))};
        const ScanResult first = scanPaths({a}, o);
        const ScanResult second = scanPaths({b}, o);
        const ScanResult both = scanPaths({a, b}, o);
        const ScanResult combined = combineScans({first, second});
        QCOMPARE(paths(first).size(), 1);
        QCOMPARE(paths(second).size(), 2);
        QCOMPARE(paths(combined), paths(both));
        QCOMPARE(combined.paths, (QStringList{a, b}));
        QVERIFY(combined.devices == o.devices);
        QCOMPARE(combined.architectures, both.architectures);
        QCOMPARE(combined.filesSeen, both.filesSeen);
        QCOMPARE(combined.notCovered(), both.notCovered());
        QVERIFY(!fixes(both).isEmpty());
        QCOMPARE(fixes(combined), fixes(both));
        // The rocBLAS build for gfx1031 is one fix for both kernel folders, not one each.
        int vendor = 0;
        for (const ScanFix &f : combined.fixes)
            if (f.id == QLatin1String("vendor-build") && f.device.toString() == "gfx1031") {
                ++vendor;
                QCOMPARE(f.libraries.size(), 2);
            }
        QCOMPARE(vendor, 1);
        // A file two scans found is one library.
        QCOMPARE(paths(combineScans({first, second, second})), paths(both));
    }
};

QTEST_GUILESS_MAIN(TstScan)
#include "tst_scan.moc"
