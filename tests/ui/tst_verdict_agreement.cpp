// The guard of "one question, one answer" (docs/architecture.md, "The load verdict"): for every
// artifact under test — the hipcc-built kernels and demo scenarios, the committed ROCm 7 code
// objects, the NVIDIA fixtures, Debian's ROCm 6.4 / 7.2 libraries where fetched — on a list of
// devices and runtime versions, the load verdict, `inspect --target --json`, scan (and
// `scan --json`), the compatibility matrix, the Coverage model, the name box and the direction-3
// findings give the same status. The comparison is one function; its controls feed it a surface
// that disagrees and expect it to say so.

#include "artifacts/inspector.h"
#include "artifacts/load_verdict.h"
#include "diagnosis/diagnosis.h"
#include "models/compat_matrix_model.h"
#include "models/coverage_model.h"
#include "models/name_lookup.h"
#include "scan/scan.h"
#include "testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace hd;
using namespace hd::ui;

namespace {

const QStringList &deviceNames() {
    static const QStringList d{QStringLiteral("gfx90a:sramecc+:xnack-"),
                               QStringLiteral("gfx90a:xnack+"),
                               QStringLiteral("gfx90a"),
                               QStringLiteral("gfx942"),
                               QStringLiteral("gfx1030"),
                               QStringLiteral("gfx1031"),
                               QStringLiteral("gfx1100"),
                               QStringLiteral("gfx1201"),
                               QStringLiteral("gfx10-3-generic"),
                               QStringLiteral("sm_80"),
                               QStringLiteral("sm_90")};
    return d;
}

QList<TargetId> devices() {
    QList<TargetId> out;
    for (const QString &n : deviceNames())
        if (const auto t = TargetId::parse(n))
            out.append(*t);
    return out;
}

QList<DeviceInfo> deviceInfos(const TargetId &t) {
    DeviceInfo d;
    d.target = t;
    d.source = DeviceInfo::Source::TargetOption;
    d.name = t.toString();
    return {d};
}

// What each surface answered for one file, one device and one runtime. Empty: not asked (the
// surface does not list that file, or the file has no kernel for the name box).
struct Surfaces {
    QString file;
    QString device;
    QString runtime;
    LoadVerdict verdict;
    QString scanStatus;      // scan in process
    QString scanJson;        // `scan --json`
    QString inspectJson;     // `inspect --target --json`'s load_verdicts[].status
    int matrixLoads = -1;    // CompatMatrixModel::deviceCanRun
    QString coverageCell;    // CoverageModel's display
    QString nameBox;         // "exact" / "exact-no-binary" for a kernel of the file
    int findingsLoad = -1;   // the findings refuse through the code-object loader: 0, else 1
    int findingsLoader = -1; // the findings refuse through the dynamic loader: 1, else 0
};

bool scanFits(const QString &status) {
    return status == QLatin1String("covered") || status == QLatin1String("via-generic");
}

// Every way the surfaces disagree with the verdict, as sentences; empty when they agree.
QStringList disagreements(const Surfaces &s) {
    QStringList out;
    const LoadVerdict &v = s.verdict;
    const QString where = QStringLiteral("%1 on %2 (runtime %3): verdict %4%5")
                              .arg(s.file, s.device, s.runtime, v.statusName(),
                                   v.refusedBy == RefusedBy::Nobody
                                       ? QString()
                                       : QStringLiteral(" by ") + refusedByName(v.refusedBy));
    auto scanAgrees = [&](const QString &status) {
        if (v.status == LoadStatus::NoDeviceCode)
            return status == QLatin1String("no-device-code");
        if (v.loads())
            return scanFits(status);
        if (v.refusedBy == RefusedBy::DynamicLoader)
            return status == QLatin1String("loader-refuses");
        return status == QLatin1String("not-covered") ||
               status == QLatin1String("feature-mismatch") ||
               status == QLatin1String("runtime-too-old");
    };
    if (!s.scanStatus.isEmpty() && !scanAgrees(s.scanStatus))
        out << where + QStringLiteral("; scan says %1").arg(s.scanStatus);
    if (!s.scanJson.isEmpty() && !scanAgrees(s.scanJson))
        out << where + QStringLiteral("; scan --json says %1").arg(s.scanJson);
    if (!s.inspectJson.isEmpty() && s.inspectJson != v.statusName())
        out << where + QStringLiteral("; inspect --json says %1").arg(s.inspectJson);
    if (s.matrixLoads >= 0 && v.status != LoadStatus::NoDeviceCode &&
        bool(s.matrixLoads) != v.loads())
        out << where + QStringLiteral("; the matrix says it %1")
                           .arg(s.matrixLoads ? QStringLiteral("loads")
                                              : QStringLiteral("does not load"));
    if (!s.coverageCell.isEmpty() && v.status != LoadStatus::NoDeviceCode &&
        s.coverageCell.startsWith(QLatin1String("yes")) != v.loads())
        out << where + QStringLiteral("; Coverage shows %1").arg(s.coverageCell);
    // The name box answers the module API's question, about the code object: a dynamic
    // loader's refusal is its own finding.
    if (!s.nameBox.isEmpty() && (s.nameBox == QLatin1String("exact")) != v.codeFits())
        out << where + QStringLiteral("; the name box says %1").arg(s.nameBox);
    if (s.findingsLoader >= 0 && v.status != LoadStatus::NoDeviceCode) {
        const bool loader = v.refusedBy == RefusedBy::DynamicLoader;
        const bool coLoader = v.refusedBy == RefusedBy::CodeObjectLoader;
        if (loader && s.findingsLoader != 1)
            out << where + QStringLiteral("; Findings name no loader refusal");
        if (coLoader && s.findingsLoad != 1)
            out << where + QStringLiteral("; Findings name no code-object refusal");
        if (v.loads() && (s.findingsLoad == 1 || s.findingsLoader == 1))
            out << where + QStringLiteral("; Findings refuse it");
    }
    return out;
}

// The direction-3 and loader findings of one diagnosis, read as a refusal by whom.
void readFindings(const Diagnosis &d, Surfaces &s) {
    s.findingsLoad = 0;
    s.findingsLoader = 0;
    for (const Finding &f : d.findings) {
        if (f.id == QLatin1String("runtime.library-not-found") ||
            f.id == QLatin1String("runtime.soname-mismatch") ||
            f.id == QLatin1String("runtime.symbol-version-missing"))
            s.findingsLoader = 1;
        const bool archError = (f.id == QLatin1String("arch.no-compatible-code-object") &&
                                f.severity == Severity::Error) ||
                               f.id == QLatin1String("arch.feature-mismatch") ||
                               f.id == QLatin1String("arch.generic-needs-newer-runtime");
        const bool compressed = f.id == QLatin1String("bundle.compressed") &&
                                f.detail.contains(QLatin1String("cannot read"));
        if (archError || compressed)
            s.findingsLoad = 1;
    }
}

// The name of a kernel the verdict's pick holds (or of any kernel when nothing is picked).
QString kernelFor(const ArtifactReport &r, const LoadVerdict &v) {
    for (const CodeObjectSelection &sel : v.selections)
        if (const SelectionCandidate *c = sel.choice())
            if (c->codeObjectIndex >= 0 && c->codeObjectIndex < r.codeObjects.size())
                for (const Symbol &sym : r.codeObjects[c->codeObjectIndex].symbols)
                    if (sym.kind == SymbolKind::Kernel)
                        return sym.name();
    if (v.codeFits())
        return {}; // the pick holds no kernel: nothing to ask the name box
    for (const CodeObject &co : r.codeObjects)
        for (const Symbol &sym : co.symbols)
            if (sym.kind == SymbolKind::Kernel)
                return sym.name();
    return {};
}

QJsonObject runJson(const QStringList &args, int *code = nullptr) {
    QProcess p;
    p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    if (code)
        *code = p.exitCode();
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

QString rocmCacheLib() {
    QString c = qEnvironmentVariable("HIPDOCTOR_ROCM_CACHE");
    if (c.isEmpty())
        c = QDir::homePath() + QStringLiteral("/.cache/hipdoctor/rocm-debs");
    return c + QStringLiteral("/root/usr/lib/x86_64-linux-gnu");
}

struct Folder {
    QString path;
    bool entriesOnly = false; // big libraries: read as scan reads them
};

} // namespace

class TestVerdictAgreement : public QObject {
    Q_OBJECT

    QList<Folder> folders() const {
        QList<Folder> f{{hdtest::kernelArtifact(QString()), false},
                        {hdtest::kernelArtifact(QStringLiteral("scenarios")), false},
                        {hdtest::kernelArtifact(QStringLiteral("ui")), false},
                        {hdtest::sourceDir() + QStringLiteral("/tests/artifacts/rocm7"), false},
                        {hdtest::fixture(QStringLiteral("nvidia")), false}};
        if (QFileInfo::exists(rocmCacheLib() + QStringLiteral("/librocblas.so.5.2")))
            f.append({rocmCacheLib(), true});
        return f;
    }

    // The artifacts of one folder (not below it), as the app and the diagnosis read them.
    static QList<ArtifactReport> artifactsIn(const Folder &folder) {
        QList<ArtifactReport> out;
        const QFileInfoList files =
            QDir(folder.path).entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
        for (const QFileInfo &fi : files) {
            const QString name = fi.fileName();
            const bool candidate =
                name.endsWith(QLatin1String(".co")) || name.endsWith(QLatin1String(".hsaco")) ||
                name.endsWith(QLatin1String(".cubin")) || name.endsWith(QLatin1String(".fatbin")) ||
                name.endsWith(QLatin1String(".ptx")) || name.endsWith(QLatin1String(".o")) ||
                name.endsWith(QLatin1String(".so")) || name.contains(QLatin1String(".so.")) ||
                fi.isExecutable();
            if (!candidate || fi.isSymLink() ||
                fi.size() > (folder.entriesOnly ? 4LL << 30 : 64 << 20))
                continue;
            if (folder.entriesOnly && !name.startsWith(QLatin1String("librocblas")) &&
                !name.startsWith(QLatin1String("libhipblaslt")) &&
                !name.startsWith(QLatin1String("librocsparse")))
                continue;
            InspectOptions io;
            io.entriesOnly = folder.entriesOnly;
            ArtifactReport r = inspectFile(fi.canonicalFilePath(), io);
            if (r.kind == ArtifactKind::Unknown || r.kind == ArtifactKind::Text)
                continue;
            out.append(std::move(r));
        }
        return out;
    }

private slots:
    // Every surface against the verdict, on every artifact, device and runtime.
    void everySurfaceAgrees() {
        const QList<TargetId> devs = devices();
        QVERIFY2(devs.size() >= 10, "the device list parses");
        const QList<LoadRuntime> runtimes{LoadRuntime{}, LoadRuntime::rocm(5, 2),
                                          LoadRuntime::rocm(6, 4), LoadRuntime::rocm(7, 2)};
        QStringList problems;
        int compared = 0, scanCompared = 0, cliCompared = 0, nameCompared = 0, findingsCompared = 0;
        QSet<QString> statuses;
        for (const Folder &folder : folders()) {
            const QList<ArtifactReport> artifacts = artifactsIn(folder);
            QVERIFY2(!artifacts.isEmpty(), qPrintable(folder.path));
            qInfo("%s: %d artifacts", qPrintable(folder.path), int(artifacts.size()));
            // inspect --json per file with every target (the CLI's default runtime).
            QMap<QString, QJsonArray> inspectVerdicts;
            for (const ArtifactReport &r : artifacts) {
                QStringList args{QStringLiteral("inspect"), QStringLiteral("--json"),
                                 QStringLiteral("--summary")};
                for (const TargetId &d : devs)
                    args << QStringLiteral("--target") << d.toString();
                args << r.path;
                const QJsonObject doc = runJson(args);
                const QJsonArray inputs = doc.value(QStringLiteral("inputs")).toArray();
                if (!inputs.isEmpty())
                    inspectVerdicts.insert(
                        r.path,
                        inputs.first().toObject().value(QStringLiteral("load_verdicts")).toArray());
            }
            for (const LoadRuntime &rt : runtimes) {
                ScanOptions so;
                so.devices = devs;
                so.runtime = rt;
                so.maxDepth = 0;
                const ScanResult scanned = scanPaths({folder.path}, so);
                CoverageModel coverage;
                coverage.setResult(scanned);
                QStringList scanArgs{QStringLiteral("scan"), QStringLiteral("--json"), folder.path};
                for (const TargetId &d : devs)
                    scanArgs << QStringLiteral("--target") << d.toString();
                if (rt.known())
                    scanArgs << QStringLiteral("--runtime-version") << rt.text();
                const QJsonObject scanDoc = runJson(scanArgs);
                for (const ArtifactReport &r : artifacts) {
                    const ScanLibrary *lib = nullptr;
                    for (const ScanLibrary &l : scanned.libraries)
                        if (l.path == r.path)
                            lib = &l;
                    QJsonArray jsonVerdicts;
                    for (const QJsonValue &l : scanDoc.value(QStringLiteral("libraries")).toArray())
                        if (l.toObject().value(QStringLiteral("path")).toString() == r.path)
                            jsonVerdicts = l.toObject().value(QStringLiteral("verdicts")).toArray();
                    int coverageRow = -1;
                    for (int row = 0; row < coverage.rowCount(); ++row)
                        if (coverage.library(row).path == r.path)
                            coverageRow = row;
                    for (int di = 0; di < devs.size(); ++di) {
                        const TargetId &d = devs[di];
                        Surfaces s;
                        s.file = QFileInfo(r.path).fileName();
                        s.device = d.toString();
                        s.runtime = rt.known() ? rt.text() : QStringLiteral("unknown");
                        s.verdict = loadVerdict(r, d, rt);
                        statuses.insert(s.verdict.statusName() +
                                        refusedByName(s.verdict.refusedBy));
                        if (lib && di < lib->verdicts.size()) {
                            s.scanStatus = lib->verdicts[di].status;
                            ++scanCompared;
                        }
                        if (di < jsonVerdicts.size())
                            s.scanJson = jsonVerdicts[di]
                                             .toObject()
                                             .value(QStringLiteral("status"))
                                             .toString();
                        if (coverageRow >= 0)
                            s.coverageCell =
                                coverage.index(coverageRow, CoverageModel::FirstDevice + di)
                                    .data()
                                    .toString();
                        if (!rt.known()) {
                            const QJsonArray iv = inspectVerdicts.value(r.path);
                            if (di < iv.size()) {
                                s.inspectJson =
                                    iv[di].toObject().value(QStringLiteral("status")).toString();
                                ++cliCompared;
                            }
                        }
                        CompatMatrixModel matrix;
                        matrix.setArtifacts({r});
                        matrix.setDevices(deviceInfos(d));
                        matrix.setRuntime(rt);
                        s.matrixLoads = matrix.deviceCanRun(0, QFileInfo(r.path).fileName());
                        if (!folder.entriesOnly) {
                            if (const QString k = kernelFor(r, s.verdict); !k.isEmpty()) {
                                const NameExplanation e =
                                    NameLookup::explain({r}, k, deviceInfos(d), rt);
                                if (e.match == NameExplanation::Match::Exact ||
                                    e.match == NameExplanation::Match::ExactNoBinary) {
                                    s.nameBox = matchName(e.match);
                                    ++nameCompared;
                                }
                            }
                        }
                        // The findings, for a known runtime as the user gives it: the same
                        // runtime the verdict is judged with (an unknown one the diagnosis
                        // infers from the system, which the other surfaces do not).
                        if (rt.known() && (!folder.entriesOnly || di % 4 == 0)) {
                            DiagnoseRequest req;
                            req.inputs = {r.path};
                            req.inspected = {r};
                            req.targets = {d.toString()};
                            req.runtimeVersion = rt.text();
                            readFindings(diagnose(req), s);
                            ++findingsCompared;
                        }
                        ++compared;
                        problems << disagreements(s);
                    }
                }
            }
        }
        qInfo(
            "compared %d file x device x runtime cases (scan %d, inspect --json %d, name box "
            "%d, findings %d); verdicts seen: %s",
            compared, scanCompared, cliCompared, nameCompared, findingsCompared,
            qPrintable(QStringList(statuses.cbegin(), statuses.cend()).join(QLatin1String(", "))));
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 disagreements:\n").arg(problems.size()) +
                            problems.mid(0, 30).join(QLatin1Char('\n'))));
        // The comparison saw every kind of answer, not only one.
        QVERIFY(compared > 500);
        QVERIFY(scanCompared > 200 && cliCompared > 50 && nameCompared > 50 &&
                findingsCompared > 100);
        QVERIFY(statuses.contains(QStringLiteral("loads")));
        QVERIFY(statuses.contains(QStringLiteral("refusedcode-object-loader")));
        QVERIFY(statuses.contains(QStringLiteral("refuseddynamic-loader")));
    }

    // Controls: a surface that disagrees is caught, on a real verdict.
    void aDisagreeingSurfaceFails() {
        const ArtifactReport r =
            inspectFile(hdtest::kernelArtifact(QStringLiteral("vector_add_multi.hsaco")));
        const auto gfx942 = TargetId::parse(QStringLiteral("gfx942"));
        const auto gfx90a = TargetId::parse(QStringLiteral("gfx90a:sramecc+:xnack-"));
        QVERIFY(gfx942 && gfx90a);
        Surfaces refused;
        refused.file = QStringLiteral("vector_add_multi.hsaco");
        refused.verdict = loadVerdict(r, *gfx942);
        QCOMPARE(refused.verdict.statusName(), QStringLiteral("refused"));
        QVERIFY(disagreements(refused).isEmpty());
        Surfaces s = refused;
        s.scanStatus = QStringLiteral("covered"); // Coverage said "yes" for what does not load
        QCOMPARE(disagreements(s).size(), 1);
        s = refused;
        s.coverageCell = QStringLiteral("yes");
        QCOMPARE(disagreements(s).size(), 1);
        s = refused;
        s.matrixLoads = 1;
        QCOMPARE(disagreements(s).size(), 1);
        s = refused;
        s.nameBox = QStringLiteral("exact");
        QCOMPARE(disagreements(s).size(), 1);
        s = refused;
        s.findingsLoad = 0;
        s.findingsLoader = 0;
        QCOMPARE(disagreements(s).size(), 1);
        Surfaces loads;
        loads.verdict = loadVerdict(r, *gfx90a);
        QVERIFY(loads.verdict.loads());
        loads.inspectJson = QStringLiteral("refused");
        QCOMPARE(disagreements(loads).size(), 1);
        loads.inspectJson = QStringLiteral("loads");
        loads.findingsLoad = 1; // an arch error where the file loads
        loads.findingsLoader = 0;
        QCOMPARE(disagreements(loads).size(), 1);
    }

    // The name box's old rule — "some code object holding the name fits" — disagrees with the
    // verdict where a runtime that does not know generic targets loads nothing: the guard
    // catches that rule.
    void theNameBoxsOldRuleIsCaught() {
        const QString path =
            hdtest::sourceDir() + QStringLiteral("/tests/artifacts/rocm7/generic_v6.co");
        const ArtifactReport r = inspectFile(path);
        const auto gfx1031 = TargetId::parse(QStringLiteral("gfx1031"));
        QVERIFY(gfx1031);
        const LoadVerdict v = loadVerdict(r, *gfx1031, LoadRuntime::rocm(5, 2));
        QVERIFY2(!v.loads(), qPrintable(v.reason.english()));
        bool oldRule = false;
        for (const CodeObject &co : r.codeObjects)
            oldRule = oldRule || checkCompatibility(co.target, *gfx1031).compatible();
        QVERIFY(oldRule); // default MatchOptions: "the runtime knows generic targets"
        Surfaces s;
        s.verdict = v;
        s.nameBox = oldRule ? QStringLiteral("exact") : QStringLiteral("exact-no-binary");
        QCOMPARE(disagreements(s).size(), 1);
        // The name box as it is now agrees.
        const QString k = kernelFor(r, v);
        QVERIFY(!k.isEmpty());
        const NameExplanation e =
            NameLookup::explain({r}, k, deviceInfos(*gfx1031), LoadRuntime::rocm(5, 2));
        QCOMPARE(matchName(e.match), QStringLiteral("exact-no-binary"));
    }
};

QTEST_GUILESS_MAIN(TestVerdictAgreement)
#include "tst_verdict_agreement.moc"
