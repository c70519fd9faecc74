// Single artifact, symbol, Triton and env rules of the registry (docs/findings.md, "Rules") on
// small inputs: the real hipcc-built kernels, the Triton fixtures, env pairs, and reports of
// those changed in one field where no real file shows the case.

#include "testpaths.h"

#include "artifacts/inspector.h"
#include "model/finding_catalog.h"
#include "rules_p.h"
#include "triton/triton_cache.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace hd;
using namespace hd::detail;

namespace {

// What one rule is given: the facts a diagnosis would gather, set by hand.
struct Input {
    QList<ArtifactReport> artifacts;
    QStringList targets;
    QStringList kernels;
    QList<QPair<QString, QString>> env;
    QList<TritonCache> caches;
    QStringList tracebacks; // Triton traceback files
    QPair<int, int> runtime{-1, -1};
    bool runtimeInferred = false; // from a libamdhip64 found here, not given
    bool probeRan = false;
    QStringList runtimeLibraries;
};

ArtifactReport inspected(const QString &rel) {
    return inspectFile(hdtest::kernelArtifact(rel));
}

QString readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The findings the rule adds, in order.
QList<Finding> runRuleFindings(const Rule &r, const Input &in) {
    DiagnoseRequest req;
    req.env = in.env;
    req.probeRan = in.probeRan;
    req.runtimeLibraries = in.runtimeLibraries;
    Diagnosis result;
    Context c{req, result};
    c.artifacts = in.artifacts;
    c.kernels = in.kernels;
    c.caches = in.caches;
    c.runtime = in.runtime;
    c.runtimeExplicit = in.runtime.first >= 0 && !in.runtimeInferred;
    for (const QString &t : in.targets)
        c.devices.append(DeviceInfo::fromTarget(*TargetId::parse(t)));
    for (const QString &path : in.tracebacks) {
        TextInput t;
        t.path = path;
        t.tritonStage = tritonStageFromTraceback(readAll(path));
        c.texts.append(t);
    }
    applyRule(c, r);
    return c.findings;
}

// The ids the rule adds, in order; an id it did not declare comes back marked "undeclared".
QStringList runRule(const char *rule, const Input &in) {
    const Rule *r = findRule(QLatin1String(rule));
    if (!r)
        return {QStringLiteral("no rule %1").arg(QLatin1String(rule))};
    QStringList ids;
    for (const Finding &f : runRuleFindings(*r, in))
        ids << (r->ids.contains(f.id) ? f.id : QStringLiteral("undeclared ") + f.id);
    return ids;
}

QStringList ids(std::initializer_list<const char *> list) {
    QStringList out;
    for (const char *s : list)
        out << QLatin1String(s);
    return out;
}

// The resolution of libamdhip64 (the scenario libraries link the installed ROCm 5).
LibraryResolution *hipResolution(ArtifactReport &r) {
    for (LibraryResolution &res : r.host->resolutions)
        if (res.name.startsWith(QLatin1String("libamdhip64")) && res.found())
            return &res;
    return nullptr;
}

// A file with the runtime's name that holds none of its symbols or variable names.
QString fakeRuntime(const QTemporaryDir &dir) {
    const QString path = dir.filePath(QStringLiteral("libamdhip64.so.5"));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write("not a runtime\n");
    return path;
}

} // namespace

class TstRulesArtifact : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everySplitRuleIsRegistered();
    void moduleKind();
    void neededLibraries();
    void notLinked();
    void hipSymbols();
    void installedRuntimes();
    void archMatch();
    void featureMatch();
    void genericTargets();
    void unchecked();
    void defaultTarget();
    void codeObjectVersion();
    void compressedBundle();
    void compressedBundleSeverity();
    void lds();
    void mixedInstalls();
    void symbols();
    void tritonStages();
    void tritonNoMetadata();
    void tritonArchAndArgs();
    void envOverride();
    void envVisibleDevices();
    void envVariables();
    void probeNoDevice();
};

void TstRulesArtifact::initTestCase() {
    if (!QFileInfo::exists(hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.hsaco"))))
        QSKIP("the hipcc-built kernels are not there");
}

void TstRulesArtifact::everySplitRuleIsRegistered() {
    for (const char *name : {"artifact/not-code-object",
                             "artifact/host-module",
                             "artifact/needed-libraries",
                             "artifact/not-linked",
                             "artifact/hip-symbols",
                             "artifact/installed-runtimes",
                             "artifact/feature-match",
                             "artifact/generic-targets",
                             "artifact/arch-match",
                             "artifact/unchecked",
                             "artifact/default-target",
                             "artifact/code-object-version",
                             "artifact/compressed-bundle",
                             "artifact/lds",
                             "global/mixed-installs",
                             "symbols/internal-linkage",
                             "symbols/mangled",
                             "symbols/not-a-kernel",
                             "symbols/not-found",
                             "triton/stage-failed",
                             "triton/no-metadata",
                             "triton/arch",
                             "triton/extra-args",
                             "triton/traceback",
                             "env/hsa-override",
                             "env/visible-devices",
                             "env/compiler-variables",
                             "env/ignored-variables",
                             "env/probe-no-device"})
        QVERIFY2(findRule(QLatin1String(name)), name);
}

void TstRulesArtifact::moduleKind() {
    QTemporaryDir dir;
    const QString junk = dir.filePath(QStringLiteral("kernel.co"));
    QFile f(junk);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close(); // empty, as a failed build leaves it
    Input in{{inspectFile(junk)}, {}, {QStringLiteral("vector_add")}};
    QCOMPARE(runRule("artifact/not-code-object", in), ids({"module.not-a-code-object"}));
    QCOMPARE(runRule("artifact/host-module", in), QStringList());

    in.artifacts = {inspected(QStringLiteral("scenarios/s16_host.o"))};
    QCOMPARE(runRule("artifact/host-module", in), ids({"module.not-a-code-object"}));
    QCOMPARE(runRule("artifact/not-code-object", in), QStringList());
    in.kernels.clear(); // only a module lookup makes it a problem
    QCOMPARE(runRule("artifact/host-module", in), QStringList());
}

void TstRulesArtifact::neededLibraries() {
    const Input in{{inspected(QStringLiteral("scenarios/libs04_rocm7.so"))}};
    const QStringList found = runRule("artifact/needed-libraries", in);
    QCOMPARE(found.size(), 1);
    QVERIFY2(found == ids({"runtime.soname-mismatch"}) ||
                 found == ids({"runtime.library-not-found"}),
             qPrintable(found.join(QLatin1Char(' '))));
    const Input linked{{inspected(QStringLiteral("scenarios/libs06_not_a_kernel.so"))}};
    QCOMPARE(runRule("artifact/needed-libraries", linked), QStringList());
}

void TstRulesArtifact::notLinked() {
    const Input in{{inspected(QStringLiteral("scenarios/libs05_not_linked.so"))}};
    QCOMPARE(runRule("artifact/not-linked", in), ids({"runtime.not-linked"}));
    const Input linked{{inspected(QStringLiteral("scenarios/libs06_not_a_kernel.so"))}};
    QCOMPARE(runRule("artifact/not-linked", linked), QStringList());
}

void TstRulesArtifact::hipSymbols() {
    ArtifactReport r = inspected(QStringLiteral("scenarios/libs06_not_a_kernel.so"));
    QVERIFY(r.host);
    LibraryResolution *hip = hipResolution(r);
    if (!hip)
        QSKIP("libamdhip64 is not installed");
    QCOMPARE(runRule("artifact/hip-symbols", {{r}}), QStringList());
    // A runtime that defines none of the HIP symbols the library uses.
    QTemporaryDir dir;
    hip->path = fakeRuntime(dir);
    QCOMPARE(runRule("artifact/hip-symbols", {{r}}), ids({"runtime.undefined-symbol"}));
}

void TstRulesArtifact::installedRuntimes() {
    ArtifactReport r = inspected(QStringLiteral("scenarios/libs06_not_a_kernel.so"));
    LibraryResolution *hip = hipResolution(r);
    if (!hip)
        QSKIP("libamdhip64 is not installed");
    hip->otherVersions = {QStringLiteral("/opt/rocm-7.0.0/lib/libamdhip64.so.7")};
    QCOMPARE(runRule("artifact/installed-runtimes", {{r}}), ids({"runtime.mixed-installs"}));
    hip->otherVersions.clear();
    QCOMPARE(runRule("artifact/installed-runtimes", {{r}}), QStringList());
}

void TstRulesArtifact::archMatch() {
    Input in{{inspected(QStringLiteral("scenarios/s02_gfx1030.co"))}, {QStringLiteral("gfx90a")}};
    QCOMPARE(runRule("artifact/arch-match", in), ids({"arch.no-compatible-code-object"}));
    QCOMPARE(runRule("artifact/feature-match", in), QStringList());
    in.targets = {QStringLiteral("gfx1030")};
    QCOMPARE(runRule("artifact/arch-match", in), QStringList());
}

void TstRulesArtifact::featureMatch() {
    Input in{{inspected(QStringLiteral("scenarios/s03_gfx90a_xnack_on.co"))},
             {QStringLiteral("gfx90a:xnack-")}};
    QCOMPARE(runRule("artifact/feature-match", in), ids({"arch.feature-mismatch"}));
    QCOMPARE(runRule("artifact/arch-match", in), QStringList());
    in.targets = {QStringLiteral("gfx90a:xnack+")};
    QCOMPARE(runRule("artifact/feature-match", in), QStringList());
}

void TstRulesArtifact::genericTargets() {
    // LLVM 15 builds no generic code objects: the gfx906 one relabelled.
    ArtifactReport r = inspected(QStringLiteral("scenarios/s08_clean_gfx906.co"));
    QVERIFY(!r.codeObjects.isEmpty());
    for (CodeObject &co : r.codeObjects)
        co.target = *TargetId::parse(QStringLiteral("gfx9-generic"));
    // The runtime picks by the bundle entry's id (the load verdict reads it): relabel it too.
    for (Bundle &b : r.bundles)
        for (BundleEntry &e : b.entries)
            if (e.kind != QLatin1String("host"))
                e.targetId = QStringLiteral("gfx9-generic");
    Input in{{r}, {QStringLiteral("gfx906")}};
    in.runtime = {6, 1};
    QCOMPARE(runRule("artifact/generic-targets", in), ids({"arch.generic-needs-newer-runtime"}));
    QCOMPARE(runRule("artifact/arch-match", in), QStringList());
    in.runtime = {6, 4};
    QCOMPARE(runRule("artifact/generic-targets", in), QStringList());
}

void TstRulesArtifact::unchecked() {
    ArtifactReport r;
    r.path = QStringLiteral("truncated.co");
    r.kind = ArtifactKind::OffloadBundle;
    Input in{{r}, {QStringLiteral("gfx90a")}};
    QCOMPARE(runRule("artifact/unchecked", in), ids({"arch.unchecked"}));
    in.targets.clear(); // nothing to check against
    QCOMPARE(runRule("artifact/unchecked", in), QStringList());
    in = {{inspected(QStringLiteral("vector_add_gfx90a.hsaco"))}, {QStringLiteral("gfx90a")}};
    QCOMPARE(runRule("artifact/unchecked", in), QStringList());
}

void TstRulesArtifact::defaultTarget() {
    Input in{{inspected(QStringLiteral("scenarios/s07_default_target.co"))}};
    QCOMPARE(runRule("artifact/default-target", in), ids({"arch.default-target"}));
    in.artifacts = {inspected(QStringLiteral("vector_add_gfx90a.hsaco"))};
    QCOMPARE(runRule("artifact/default-target", in), QStringList());
}

void TstRulesArtifact::codeObjectVersion() {
    Input in{{inspected(QStringLiteral("vector_add_cov3.hsaco"))}};
    in.runtime = {6, 1};
    QCOMPARE(runRule("artifact/code-object-version", in), ids({"cov.unsupported-version"}));
    in.runtime = {5, 7};
    QCOMPARE(runRule("artifact/code-object-version", in), QStringList());
}

void TstRulesArtifact::compressedBundle() {
    ArtifactReport r = inspected(QStringLiteral("scenarios/s08_clean.co"));
    QVERIFY(!r.bundles.isEmpty());
    Input in{{r}};
    QCOMPARE(runRule("artifact/compressed-bundle", in), QStringList());
    // Two compressed bundles: still one finding for the file.
    r.bundles.append(r.bundles.first());
    for (Bundle &b : r.bundles)
        b.compressed = true;
    in.artifacts = {r};
    in.runtime = {6, 1};
    QCOMPARE(runRule("artifact/compressed-bundle", in), ids({"bundle.compressed"}));
}

// bundle.compressed is an error (its catalog severity) only on a runtime given as older than
// ROCm 6.2; otherwise its severity says why it is less (docs/findings.md, "Severity").
void TstRulesArtifact::compressedBundleSeverity() {
    ArtifactReport r = inspected(QStringLiteral("scenarios/s08_clean.co"));
    QVERIFY(!r.bundles.isEmpty());
    r.bundles.first().compressed = true;
    Input in{{r}};
    const Rule *rule = findRule(QStringLiteral("artifact/compressed-bundle"));
    QVERIFY(rule);
    struct Case {
        QPair<int, int> runtime;
        bool inferred;
        Severity severity;
        const char *reason; // "" when the severity is the catalog's
    };
    const Case cases[] = {
        {{6, 1}, false, Severity::Error, ""},
        {{6, 1},
         true,
         Severity::Warning,
         "the runtime version was inferred from a libamdhip64 on this machine, not given"},
        {{-1, -1}, false, Severity::Warning, "the runtime version is not known"},
        {{6, 4}, false, Severity::Info, "the runtime (ROCm 6.4) reads compressed bundles"},
    };
    for (const Case &k : cases) {
        in.runtime = k.runtime;
        in.runtimeInferred = k.inferred;
        const QList<Finding> fs = runRuleFindings(*rule, in);
        QCOMPARE(fs.size(), 1);
        const Finding &f = fs.first();
        QCOMPARE(f.severity, k.severity);
        QCOMPARE(f.severityReason.english(), QString::fromLatin1(k.reason));
        QVERIFY(severityExplained(f));
        // The JSON says it, only when there is a reason.
        const QJsonObject o = f.toJson();
        QCOMPARE(o.contains(QStringLiteral("severity_reason")), *k.reason != 0);
        QCOMPARE(o.value(QStringLiteral("severity_reason")).toString(),
                 QString::fromLatin1(k.reason));
    }
}

void TstRulesArtifact::lds() {
    ArtifactReport r = inspected(QStringLiteral("vector_add_gfx90a.hsaco"));
    Input in{{r}, {QStringLiteral("gfx90a")}};
    QCOMPARE(runRule("artifact/lds", in), QStringList());
    QVERIFY(!r.codeObjects.isEmpty() && !r.codeObjects.first().kernels.isEmpty());
    r.codeObjects.first().kernels.first().groupSegmentFixedSize = 128 * 1024;
    in.artifacts = {r};
    QCOMPARE(runRule("artifact/lds", in), ids({"build.lds-exceeds-limit"}));
}

void TstRulesArtifact::mixedInstalls() {
    ArtifactReport a = inspected(QStringLiteral("scenarios/libs06_not_a_kernel.so"));
    ArtifactReport b = a; // another library of the process
    b.path = QStringLiteral("libother.so");
    if (!hipResolution(a) || !hipResolution(b))
        QSKIP("libamdhip64 is not installed");
    QCOMPARE(runRule("global/mixed-installs", {{a, b}}), QStringList());
    QTemporaryDir dir;
    hipResolution(b)->path = fakeRuntime(dir);
    QCOMPARE(runRule("global/mixed-installs", {{a, b}}), ids({"runtime.mixed-installs"}));
}

void TstRulesArtifact::symbols() {
    const ArtifactReport variants =
        inspected(QStringLiteral("scenarios/s01_symbol_variants_gfx908.co"));
    auto with = [&](const ArtifactReport &r, const char *kernel) {
        return Input{{r}, {}, {QLatin1String(kernel)}};
    };
    QCOMPARE(runRule("symbols/internal-linkage", with(variants, "reduceStatic")),
             ids({"symbol.internal-linkage"}));
    QCOMPARE(runRule("symbols/mangled", with(variants, "reduceStatic")), QStringList());
    QCOMPARE(runRule("symbols/mangled", with(variants, "saxpy")), ids({"symbol.mangled-name"}));
    QCOMPARE(runRule("symbols/not-found", with(variants, "saxpy")), QStringList());
    QCOMPARE(runRule("symbols/not-found", with(variants, "clampAll")), QStringList());
    QCOMPARE(runRule("symbols/not-found", with(variants, "noSuchKernel")),
             ids({"symbol.kernel-not-found"}));

    const ArtifactReport lib = inspected(QStringLiteral("scenarios/libs06_not_a_kernel.so"));
    QCOMPARE(runRule("symbols/not-a-kernel", with(lib, "scaleRows")), ids({"symbol.not-a-kernel"}));
    QCOMPARE(runRule("symbols/not-found", with(lib, "scaleRows")), QStringList());
    QCOMPARE(runRule("symbols/not-a-kernel", with(lib, "normalize")), QStringList());
}

void TstRulesArtifact::tritonStages() {
    const QString failed = hdtest::fixture(QStringLiteral("triton/cache-failed-hsaco"));
    const QString traceback =
        hdtest::fixture(QStringLiteral("triton/cache-failed-hsaco.traceback.txt"));
    Input in;
    in.caches = {readTritonCache(failed)};
    QCOMPARE(runRule("triton/stage-failed", in),
             ids({"triton.stage-failed", "layer.compile-failed"}));
    QCOMPARE(runRule("triton/no-metadata", in), QStringList());
    // The traceback of that compile belongs to the cache's finding ...
    in.tracebacks = {traceback};
    QCOMPARE(runRule("triton/traceback", in), QStringList());
    // ... and has one of its own without the cache.
    in.caches.clear();
    QCOMPARE(runRule("triton/traceback", in), ids({"triton.stage-failed", "layer.compile-failed"}));
}

void TstRulesArtifact::tritonNoMetadata() {
    // The AMD entry of the good cache without the metadata Triton writes last.
    const QDir entry(hdtest::fixture(
        QStringLiteral("triton/cache-ok/DXWZLDK3CPYMFDHW27Z3K44AZMZ5D3S7RI66FKAQHLW5CI3YQVVA")));
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(entry.dirName()));
    for (const QFileInfo &fi : entry.entryInfoList(QDir::Files))
        if (fi.suffix() != QLatin1String("json"))
            QVERIFY(QFile::copy(fi.filePath(),
                                dir.filePath(entry.dirName() + QLatin1Char('/') + fi.fileName())));
    Input in;
    in.caches = {readTritonCache(dir.path())};
    QCOMPARE(runRule("triton/no-metadata", in), ids({"triton.stage-failed"}));
    QCOMPARE(runRule("triton/stage-failed", in), QStringList());
}

void TstRulesArtifact::tritonArchAndArgs() {
    Input in;
    in.caches = {readTritonCache(hdtest::fixture(QStringLiteral("triton/cache-ok")))};
    in.targets = {QStringLiteral("gfx1100")};
    const QStringList arch = runRule("triton/arch", in);
    QVERIFY(!arch.isEmpty());
    for (const QString &id : arch)
        QVERIFY2(id == QLatin1String("arch.no-compatible-code-object") ||
                     id == QLatin1String("arch.feature-mismatch"),
                 qPrintable(id));
    QCOMPARE(runRule("triton/extra-args", in), ids({"triton.extra-args"}));
    QCOMPARE(runRule("triton/stage-failed", in), QStringList());
}

void TstRulesArtifact::envOverride() {
    Input in;
    in.env = {{QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), QStringLiteral("10.3.0")},
              {QStringLiteral("HSA_OVERRIDE_GFX_VERSION_1"), QStringLiteral("bad")},
              {QStringLiteral("HIP_VISIBLE_DEVICES"), QStringLiteral("0")}};
    QCOMPARE(runRule("env/hsa-override", in), ids({"env.hsa-override", "env.hsa-override"}));
}

void TstRulesArtifact::envVisibleDevices() {
    Input in;
    in.env = {{QStringLiteral("HIP_VISIBLE_DEVICES"), QString()},
              {QStringLiteral("ROCR_VISIBLE_DEVICES"), QStringLiteral("GPU-1234")},
              {QStringLiteral("CUDA_VISIBLE_DEVICES"), QStringLiteral("-1,0")},
              {QStringLiteral("GPU_DEVICE_ORDINAL"), QStringLiteral("0")},
              {QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), QStringLiteral("10.3.0")}};
    QCOMPARE(runRule("env/visible-devices", in),
             ids({"env.visible-devices-empty", "env.visible-devices-empty"}));
}

void TstRulesArtifact::envVariables() {
    QTemporaryDir dir;
    Input in;
    in.runtimeLibraries = {fakeRuntime(dir)};
    in.env = {{QStringLiteral("HIPCC_VERBOSE"), QStringLiteral("1")},
              {QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4")}};
    QCOMPARE(runRule("env/compiler-variables", in), ids({"env.variable-ignored"}));
    // The fake runtime holds no variable names, so it reads none of them.
    QCOMPARE(runRule("env/ignored-variables", in), ids({"env.variable-ignored"}));
    in.env = {{QStringLiteral("TRITON_ALWAYS_COMPILE"), QStringLiteral("1")}};
    QCOMPARE(runRule("env/ignored-variables", in), QStringList());
    QCOMPARE(runRule("env/compiler-variables", in), QStringList());
}

void TstRulesArtifact::probeNoDevice() {
    Input in;
    QCOMPARE(runRule("env/probe-no-device", in), QStringList());
    in.probeRan = true;
    QCOMPARE(runRule("env/probe-no-device", in), ids({"runtime.no-device"}));
}

QTEST_GUILESS_MAIN(TstRulesArtifact)
#include "tst_rules_artifact.moc"
