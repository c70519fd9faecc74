// Rules on text inputs (runtime logs, tracebacks, build output), Triton caches and the
// environment.

#include "diagnosis/rules_p.h"

#include "artifacts/inspector.h"
#include "diagnosis/runtime_env.h"
#include "loader/loader.h"
#include "targets/compatibility.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace hd::detail {

namespace {

QString fileName(const QString &path) {
    return QFileInfo(path).fileName();
}

// "hipv4-amdgcn-amd-amdhsa--gfx1030" -> gfx1030; host entries -> nothing.
std::optional<TargetId> targetFromBundleId(const QString &id) {
    if (id.startsWith(QLatin1String("host")))
        return std::nullopt;
    const qsizetype dd = id.indexOf(QLatin1String("--"));
    if (dd >= 0)
        return TargetId::parse(id.mid(dd + 2));
    return TargetId::parse(id);
}

QStringList libraryDirs(const Context &c) {
    QStringList dirs = c.request.ldLibraryPath;
    dirs << QStringLiteral("/usr/lib/x86_64-linux-gnu") << QStringLiteral("/lib/x86_64-linux-gnu")
         << QStringLiteral("/usr/local/lib") << QStringLiteral("/usr/lib") << QStringLiteral("/lib")
         << QStringLiteral("/opt/rocm/lib") << QStringLiteral("/opt/rocm/lib64");
    const QFileInfoList rocms =
        QDir(QStringLiteral("/opt")).entryInfoList({QStringLiteral("rocm-*")}, QDir::Dirs);
    for (const QFileInfo &fi : rocms)
        dirs << fi.filePath() + QStringLiteral("/lib");
    return dirs;
}

QString stageFix(const QString &missing, const QString &arch) {
    const QString tgt = arch.isEmpty() ? QStringLiteral("the target") : arch;
    if (missing == QLatin1String(".ttir"))
        return QStringLiteral("The Python kernel did not compile to Triton IR: fix the error the "
                              "traceback points at in the @triton.jit function (types, "
                              "tl.constexpr arguments, unsupported Python).");
    if (missing == QLatin1String(".ttgir"))
        return QStringLiteral("Lowering to TritonGPU IR failed for %1: try other num_warps / "
                              "block sizes; MLIR_ENABLE_DUMP=1 prints the IR before the failing "
                              "pass.")
            .arg(tgt);
    if (missing == QLatin1String(".llir"))
        return QStringLiteral("Lowering to LLVM IR failed: an operation or dtype is not supported "
                              "on %1 (e.g. a dot/fp8 form); MLIR_ENABLE_DUMP=1 shows the IR.")
            .arg(tgt);
    if (missing == QLatin1String(".amdgcn") || missing == QLatin1String(".ptx"))
        return QStringLiteral("The LLVM backend failed for %1: LLVM_IR_ENABLE_DUMP=1 shows the "
                              "LLVM IR it was given.")
            .arg(tgt);
    if (missing == QLatin1String(".hsaco"))
        return QStringLiteral("Assembling/linking the .amdgcn into the .hsaco failed (LLD): look "
                              "for inline assembly (tl.inline_asm_elementwise) or instructions not "
                              "valid on %1 in the .amdgcn file; AMDGCN_ENABLE_DUMP=1 prints it.")
            .arg(tgt);
    if (missing == QLatin1String(".cubin"))
        return QStringLiteral("ptxas failed on the .ptx for %1: look at the .ptx and ptxas' "
                              "message (inline PTX, register limits).")
            .arg(tgt);
    return {};
}

// ---- Triton -------------------------------------------------------------------------------

const TextInput *tracebackFor(const Context &c, const QString &backend) {
    for (const TextInput &t : c.texts)
        if (t.tritonStage && (backend.isEmpty() || t.tritonStage->backend.isEmpty() ||
                              t.tritonStage->backend == backend))
            return &t;
    return nullptr;
}

} // namespace

void tritonRules(Context &c) {
    QSet<QString> tracebacksUsed;
    for (const TritonCache &cache : std::as_const(c.caches)) {
        // Which kernels have an entry fitting each device (then other entries are not errors).
        QHash<QString, QSet<int>> fittingByKernel; // kernel -> device indices that fit
        struct Checked {
            const TritonEntry *entry;
            std::optional<TargetId> target;
            QString targetFrom;
            QString binary;
        };
        QList<Checked> complete;
        for (const TritonEntry &e : cache.entries) {
            if (c.cancelled())
                return;
            if (e.isLauncher || e.stagesPresent.isEmpty())
                continue;
            if (!e.complete()) {
                const QString target = e.arch.isEmpty()
                                           ? QStringLiteral("unknown target")
                                           : QStringLiteral("%1 %2").arg(e.backend, e.arch);
                if (!e.missingStage.isEmpty()) {
                    const TextInput *tb = tracebackFor(c, e.backend);
                    Finding f = makeFinding(
                        QStringLiteral("triton.stage-failed"), Severity::Error,
                        QStringLiteral("Triton stopped after %1: %2 was never written (kernel %3, "
                                       "%4)")
                            .arg(e.lastStage, e.missingStage, e.kernelName, target),
                        QStringLiteral("Stages present: %1. The last stage reached is %2; the "
                                       "next one, %3, failed, and the metadata (%4.json, "
                                       "__grp__%4.json) that Triton writes at the end is %5.")
                            .arg(e.stagesPresent.join(QLatin1Char(' ')), e.lastStage,
                                 e.missingStage, e.kernelName,
                                 e.hasMetadata ? QStringLiteral("present (unusual)")
                                               : QStringLiteral("missing")));
                    f.evidence.append(fileEvidence(e.dir, QStringLiteral("stage files"),
                                                   e.stagesPresent.join(QLatin1Char(' '))));
                    f.evidence.append(fileEvidence(e.stageFile(e.lastStage),
                                                   QStringLiteral("last stage present"),
                                                   e.lastStage));
                    if (!e.archSource.isEmpty())
                        f.evidence.append(fileEvidence(e.stageFile(e.archSource),
                                                       QStringLiteral("target"), e.arch));
                    if (tb) {
                        const TritonTracebackStage &s = *tb->tritonStage;
                        f.evidence.append(
                            lineEvidence(tb->path, s.lineNumber,
                                         QStringLiteral("failing stage: make_%1").arg(s.stage)));
                        if (s.errorLineNumber > 0)
                            f.evidence.append(
                                lineEvidence(tb->path, s.errorLineNumber, s.errorLine));
                        if (s.suffix != e.missingStage)
                            f.detail += QStringLiteral(" The traceback names %1 as the failing "
                                                       "stage, not %2: it may belong to another "
                                                       "compile.")
                                            .arg(s.suffix, e.missingStage);
                        else
                            f.detail += QStringLiteral(" The traceback confirms it: make_%1 "
                                                       "raised \"%2\".")
                                            .arg(s.stage, s.errorLine);
                        tracebacksUsed.insert(tb->path);
                    }
                    f.fix << stageFix(e.missingStage, e.arch)
                          << QStringLiteral("Re-run with TRITON_ALWAYS_COMPILE=1 (and "
                                            "TRITON_CACHE_DIR pointing at an empty folder) to "
                                            "reproduce the failure instead of reading the cache.");
                    c.add(f);

                    Finding l = makeFinding(
                        QStringLiteral("layer.compile-failed"), Severity::Error,
                        QStringLiteral("No device code object was produced for %1 (Triton "
                                       "stopped before %2)")
                            .arg(e.kernelName, e.missingStage),
                        QStringLiteral("The failure is in the compile layer: nothing was loaded "
                                       "yet, so runtime, symbols and device are not involved."));
                    l.evidence.append(fileEvidence(e.dir, QStringLiteral("stage files"),
                                                   e.stagesPresent.join(QLatin1Char(' '))));
                    l.fix << stageFix(e.missingStage, e.arch);
                    c.add(l);
                } else {
                    Finding f = makeFinding(
                        QStringLiteral("triton.stage-failed"), Severity::Warning,
                        QStringLiteral("Triton entry %1 (%2) has every stage but no metadata")
                            .arg(e.kernelName, target),
                        QStringLiteral("%1 was written but %2.json / __grp__%2.json were not: the "
                                       "compile was interrupted after the last stage, or is still "
                                       "running.")
                            .arg(e.lastStage, e.kernelName));
                    f.evidence.append(fileEvidence(e.dir, QStringLiteral("stage files"),
                                                   e.stagesPresent.join(QLatin1Char(' '))));
                    f.fix << QStringLiteral("Delete the folder %1 and let Triton compile again.")
                                 .arg(e.dir);
                    c.add(f);
                }
                continue;
            }

            Checked ch{&e, e.target(), QStringLiteral("%1.json").arg(e.kernelName), {}};
            if (!e.binaryPath.isEmpty()) {
                InspectOptions o;
                o.resolveLibraries = false;
                ArtifactReport r = inspectFile(e.binaryPath, o);
                if (!r.codeObjects.isEmpty()) {
                    ch.target = r.codeObjects.first().target;
                    ch.targetFrom = fileName(e.binaryPath);
                }
                ch.binary = e.binaryPath;
                c.tritonBinaries.append(r);
            }
            complete.append(ch);
            for (int i = 0; i < c.devices.size(); ++i) {
                if (!ch.target)
                    continue;
                MatchOptions opt;
                opt.runtimeKnowsGeneric = !c.runtimeKnown() || c.runtimeAtLeast(6, 3);
                if (checkCompatibility(*ch.target, c.devices[i].target, opt).compatible())
                    fittingByKernel[e.kernelName].insert(i);
            }
        }

        QSet<QString> argsReported;
        for (const Checked &ch : std::as_const(complete)) {
            const TritonEntry &e = *ch.entry;
            for (int i = 0; i < c.devices.size(); ++i) {
                const DeviceInfo &d = c.devices[i];
                if (!ch.target) {
                    Finding f = makeFinding(
                        QStringLiteral("arch.no-compatible-code-object"), Severity::Warning,
                        QStringLiteral("Triton entry %1 (%2): its target is not known")
                            .arg(e.kernelName, e.hash),
                        QStringLiteral("Neither the metadata nor the stage files name the target, "
                                       "so it cannot be checked against %1.")
                            .arg(d.label()));
                    f.evidence.append(fileEvidence(e.dir, QStringLiteral("metadata"), QString()));
                    c.add(f);
                    continue;
                }
                MatchOptions opt;
                opt.runtimeKnowsGeneric = !c.runtimeKnown() || c.runtimeAtLeast(6, 3);
                const Compatibility comp = checkCompatibility(*ch.target, d.target, opt);
                if (comp.compatible())
                    continue;
                const bool another = fittingByKernel.value(e.kernelName).contains(i);
                const bool feature = comp.kind == Compatibility::Kind::FeatureMismatch;
                Finding f = makeFinding(
                    feature ? QStringLiteral("arch.feature-mismatch")
                            : QStringLiteral("arch.no-compatible-code-object"),
                    another ? Severity::Warning : Severity::Error,
                    QStringLiteral("Triton entry %1 of %2 was built for %3, not for the device %4")
                        .arg(e.hash.left(8) + QStringLiteral("…"), e.kernelName,
                             ch.target->toString(), d.label()),
                    comp.reason + QLatin1Char('.') +
                        (another ? QStringLiteral(" Another entry of %1 in this cache fits the "
                                                  "device; this one is only a problem if its "
                                                  "binary is loaded there.")
                                       .arg(e.kernelName)
                                 : QStringLiteral(" No entry of %1 in this cache fits the "
                                                  "device.")
                                       .arg(e.kernelName)));
                f.evidence.append(fileEvidence(e.stageFile(QStringLiteral(".json")),
                                               QStringLiteral("target"),
                                               QStringLiteral("backend %1, arch %2, warp size %3")
                                                   .arg(e.backend, e.arch)
                                                   .arg(e.warpSize)));
                if (!ch.binary.isEmpty())
                    f.evidence.append(fileEvidence(ch.binary, QStringLiteral("code object"),
                                                   ch.target->toString()));
                f.evidence.append(fileEvidence(QStringLiteral("device"), deviceSourceName(d.source),
                                               d.target.toString()));
                f.fix << QStringLiteral("Compile the kernel for %1: run Triton on that GPU (it "
                                        "builds a new cache entry per target), or pass "
                                        "target=GPUTarget(\"%2\", \"%3\", %4) to triton.compile, "
                                        "and load that entry's %5.")
                             .arg(d.target.processor,
                                  d.target.isNvidia() ? QStringLiteral("cuda")
                                                      : QStringLiteral("hip"),
                                  d.target.isNvidia() ? QString::number(d.target.smVersion())
                                                      : d.target.processor)
                             .arg(d.target.isNvidia()
                                      ? 32
                                      : (d.wavefrontSize > 0
                                             ? d.wavefrontSize
                                             : (d.target.processor.startsWith(QLatin1String("gfx1"))
                                                    ? 32
                                                    : 64)))
                             .arg(d.target.isNvidia() ? QStringLiteral(".cubin")
                                                      : QStringLiteral(".hsaco"));
                c.add(f);
            }

            // Triton's kernels are unmangled and take hidden scratch pointers.
            if (argsReported.contains(e.kernelName))
                continue;
            argsReported.insert(e.kernelName);
            int extra = -1;
            if (e.sourceArgCount >= 0 && e.llirArgCount >= 0)
                extra = e.llirArgCount - e.sourceArgCount;
            if (extra > 0) {
                Finding f = makeFinding(
                    QStringLiteral("triton.extra-args"), Severity::Info,
                    QStringLiteral("Triton kernel %1 takes %2 argument(s), %3 more than its "
                                   "Python signature")
                        .arg(e.kernelName)
                        .arg(e.llirArgCount)
                        .arg(extra),
                    QStringLiteral("The kernel symbol is \"%1\" (Triton does not mangle names). "
                                   "Its Python signature has %2 runtime argument(s); Triton "
                                   "appends %3 hidden pointer(s) (global and profile scratch), "
                                   "so a hipModuleLaunchKernel / cuLaunchKernel call must pass "
                                   "%4 kernel arguments.")
                        .arg(e.kernelName)
                        .arg(e.sourceArgCount)
                        .arg(extra)
                        .arg(e.llirArgCount));
                f.evidence.append(
                    fileEvidence(e.stageFile(QStringLiteral(".ttir")),
                                 QStringLiteral("tt.func @%1").arg(e.kernelName),
                                 QStringLiteral("%1 parameter(s)").arg(e.sourceArgCount)));
                f.evidence.append(
                    fileEvidence(e.stageFile(QStringLiteral(".llir")),
                                 QStringLiteral("define @%1").arg(e.kernelName),
                                 QStringLiteral("%1 parameter(s)").arg(e.llirArgCount)));
                f.fix << QStringLiteral("Pass %1 extra pointer argument(s) after the kernel's own "
                                        "(null when the metadata's global_scratch_size is 0), "
                                        "and look the kernel up as \"%2\".")
                             .arg(extra)
                             .arg(e.kernelName);
                c.add(f);
            }
        }
    }

    // A Triton traceback without its cache: the stage is still known.
    for (const TextInput &t : std::as_const(c.texts)) {
        if (!t.tritonStage || tracebacksUsed.contains(t.path))
            continue;
        const TritonTracebackStage &s = *t.tritonStage;
        Finding f = makeFinding(
            QStringLiteral("triton.stage-failed"), Severity::Error,
            QStringLiteral("Triton failed producing %1 (make_%2)").arg(s.suffix, s.stage),
            QStringLiteral("The traceback ends in Triton's %1 backend while producing the %2 "
                           "stage%3. Give the kernel's cache folder too to see the stages that "
                           "were written.")
                .arg(s.backend == QLatin1String("cuda") ? QStringLiteral("NVIDIA")
                                                        : QStringLiteral("AMD"),
                     s.suffix,
                     s.errorLine.isEmpty() ? QString() : QStringLiteral(": %1").arg(s.errorLine)));
        f.evidence.append(
            lineEvidence(t.path, s.lineNumber, QStringLiteral("make_%1").arg(s.stage)));
        if (s.errorLineNumber > 0)
            f.evidence.append(lineEvidence(t.path, s.errorLineNumber, s.errorLine));
        f.fix << stageFix(s.suffix, QString());
        c.add(f);
        Finding l = makeFinding(QStringLiteral("layer.compile-failed"), Severity::Error,
                                QStringLiteral("No device code object was produced (Triton "
                                               "failed at %1)")
                                    .arg(s.suffix),
                                QStringLiteral("The failure is in the compile layer."));
        l.evidence = f.evidence;
        l.fix = f.fix;
        c.add(l);
    }
}

// ---- text inputs --------------------------------------------------------------------------

namespace {

void noBinaryRules(Context &c, const TextInput &t) {
    const bool someListed = std::any_of(
        t.amdLog->noBinary.cbegin(), t.amdLog->noBinary.cend(),
        [](const NoBinaryListing &l) { return !l.devices.isEmpty() || !l.codeObjects.isEmpty(); });
    for (const NoBinaryListing &l : t.amdLog->noBinary) {
        // The runtime repeats the error line (level 0, before aborting) without a listing.
        if (someListed && l.devices.isEmpty() && l.codeObjects.isEmpty())
            continue;
        QList<TargetId> objects;
        QStringList objectIds;
        for (const QString &id : l.codeObjects) {
            if (const auto tid = targetFromBundleId(id)) {
                objects.append(*tid);
                objectIds.append(id);
            }
        }
        QStringList devices = l.devices;
        if (devices.isEmpty())
            for (const DeviceInfo &d : std::as_const(c.devices))
                devices.append(d.target.toString());
        bool any = false;
        for (const QString &devText : devices) {
            const auto dev = TargetId::parse(devText);
            if (!dev)
                continue;
            any = true;
            bool featureOnly = false;
            QString reason;
            for (const TargetId &o : objects) {
                const Compatibility comp = checkCompatibility(o, *dev);
                if (comp.kind == Compatibility::Kind::FeatureMismatch) {
                    featureOnly = true;
                    reason = comp.reason;
                }
            }
            Finding f = makeFinding(
                featureOnly ? QStringLiteral("arch.feature-mismatch")
                            : QStringLiteral("arch.no-compatible-code-object"),
                Severity::Error,
                featureOnly ? QStringLiteral("The runtime found %1 code, but not with the device's "
                                             "xnack/sramecc settings (%2)")
                                  .arg(dev->processor, dev->toString())
                            : QStringLiteral("The runtime found no code object for the device %1")
                                  .arg(dev->toString()),
                QStringLiteral("hipErrorNoBinaryForGpu at line %1 of %2: the device is %3; the "
                               "binary holds %4.%5")
                    .arg(l.lineNumber)
                    .arg(fileName(t.path), dev->toString(),
                         objectIds.isEmpty() ? QStringLiteral("no device code objects")
                                             : objectIds.join(QStringLiteral(", ")),
                         featureOnly ? QLatin1Char(' ') + reason + QLatin1Char('.') : QString()));
            f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message));
            f.evidence.append({t.path, QStringLiteral("Devices:"), devText});
            for (const QString &id : l.codeObjects.mid(0, 8))
                f.evidence.append({t.path, QStringLiteral("Bundled Code Objects:"), id});
            if (featureOnly)
                f.fix << QStringLiteral("Rebuild with --offload-arch=%1 (or --offload-arch=%2 "
                                        "without feature settings).")
                             .arg(dev->toString(), dev->processor);
            else
                f.fix << QStringLiteral("Rebuild with --offload-arch=%1 added (hipcc "
                                        "--offload-arch=%1 ...); for prebuilt libraries (PyTorch, "
                                        "rocBLAS...) install a build that lists %1.")
                             .arg(dev->processor);
            f.fix << QStringLiteral("Check which targets a binary holds with `roc-obj-ls FILE` or "
                                    "`hipdoctor-cli inspect FILE`.");
            c.add(f);
        }
        if (!any) {
            Finding f =
                makeFinding(QStringLiteral("arch.no-compatible-code-object"), Severity::Error,
                            QStringLiteral("The runtime found no code object for the "
                                           "device (line %1)")
                                .arg(l.lineNumber),
                            QStringLiteral("The log does not name the device; pass "
                                           "--target or a rocminfo dump to see which "
                                           "target is missing."));
            f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message));
            f.fix << QStringLiteral("Rebuild with --offload-arch=<the device's gfx target>.");
            c.add(f);
        }
    }
}

bool isHipRuntimeSymbol(const QString &s) {
    return s.startsWith(QLatin1String("__hipRegister")) ||
           s.startsWith(QLatin1String("__hipPushCallConfiguration")) ||
           s.startsWith(QLatin1String("__hipPopCallConfiguration")) ||
           s.startsWith(QLatin1String("__hipUnregister")) ||
           (s.startsWith(QLatin1String("hip")) && s.size() > 3 && s[3].isUpper());
}

void libraryRules(Context &c, const TextInput &t) {
    QSet<QString> done;
    for (const TextFacts::MissingLibrary &m : t.facts.missingLibraries) {
        if (done.contains(m.library))
            continue;
        done.insert(m.library);
        const QString soname = fileName(m.library);
        LoaderEnvironment env = LoaderEnvironment::fromProcess();
        if (!c.request.ldLibraryPath.isEmpty())
            env.ldLibraryPath = c.request.ldLibraryPath;
        const LibraryResolution here = resolveLibrary(soname, LoaderQuery{}, env);
        QStringList others = otherMajorVersions(soname, libraryDirs(c), env);
        others.removeAll(here.path);
        const bool other = !others.isEmpty() && !here.found();
        Finding f = makeFinding(
            other ? QStringLiteral("runtime.soname-mismatch")
                  : QStringLiteral("runtime.library-not-found"),
            here.found() ? Severity::Warning : Severity::Error,
            other ? QStringLiteral("%1 is not installed; only %2 is")
                        .arg(soname, fileName(others.first()))
                  : QStringLiteral("%1 could not be found%2")
                        .arg(soname, m.linkTime ? QStringLiteral(" at link time") : QString()),
            here.found()
                ? QStringLiteral("It resolves on this machine (%1), so the failing environment "
                                 "had another library path or install.")
                      .arg(here.path)
            : other ? QStringLiteral("The loader needs exactly %1; %2 is another major version "
                                     "(another ROCm release, another ABI). The binary was built "
                                     "for a different ROCm than the one installed.")
                          .arg(soname, others.join(QStringLiteral(", ")))
                    : QStringLiteral("No file named %1 is on the loader's search path%2.")
                          .arg(soname, m.requester.isEmpty()
                                           ? QString()
                                           : QStringLiteral(" (needed by %1)").arg(m.requester)));
        if (m.linkTime)
            f.layer = QStringLiteral("build");
        f.evidence.append(lineEvidence(t.path, m.line));
        for (const QString &o : others.mid(0, 4))
            f.evidence.append({o, QStringLiteral("installed"), fileName(o)});
        if (other)
            f.fix << QStringLiteral("Install the ROCm release that provides %1, or rebuild the "
                                    "failing module against the installed one (%2).")
                         .arg(soname, fileName(others.first()))
                  << QStringLiteral("Do not symlink %1 to another major version: the ABI "
                                    "differs.")
                         .arg(soname);
        else if (m.linkTime)
            f.fix << QStringLiteral("Add the library's directory with -L (e.g. -L/opt/rocm/lib) "
                                    "or install its development package.");
        else
            f.fix << QStringLiteral("Install the package providing %1, or add its directory to "
                                    "LD_LIBRARY_PATH (export LD_LIBRARY_PATH=/opt/rocm/lib:$"
                                    "LD_LIBRARY_PATH).")
                         .arg(soname);
        c.add(f);
    }
}

void symbolTextRules(Context &c, const TextInput &t) {
    bool rdcReported = false, linkReported = false;
    QSet<QString> done;
    for (const TextFacts::UndefinedSymbol &u : t.facts.undefinedSymbols) {
        if (done.contains(u.symbol))
            continue;
        done.insert(u.symbol);
        if (u.linkTime && u.symbol.startsWith(QLatin1String("__hip_fatbin"))) {
            if (rdcReported)
                continue;
            rdcReported = true;
            Finding f = makeFinding(
                QStringLiteral("build.rdc-link"), Severity::Error,
                QStringLiteral("-fgpu-rdc objects were linked without --hip-link"),
                QStringLiteral("Objects compiled with -fgpu-rdc keep their device code as "
                               "bitcode; only a device link (--hip-link) creates %1. The host "
                               "linker leaves it undefined.")
                    .arg(u.symbol));
            f.evidence.append(lineEvidence(t.path, u.line));
            f.fix << QStringLiteral("Link with hipcc/clang and --hip-link -fgpu-rdc "
                                    "--offload-arch=<gfx...> (e.g. hipcc -fgpu-rdc --hip-link "
                                    "--offload-arch=gfx90a a.o b.o -o app).");
            c.add(f);
            continue;
        }
        if (u.linkTime && isHipRuntimeSymbol(u.symbol)) {
            if (linkReported)
                continue;
            linkReported = true;
            QStringList syms;
            for (const TextFacts::UndefinedSymbol &v : t.facts.undefinedSymbols)
                if (v.linkTime && isHipRuntimeSymbol(v.symbol) && !syms.contains(v.symbol))
                    syms.append(v.symbol);
            Finding f = makeFinding(
                QStringLiteral("build.runtime-not-on-link-line"), Severity::Error,
                QStringLiteral("The link misses the HIP runtime (undefined %1)").arg(u.symbol),
                QStringLiteral("Objects compiled by hipcc -c call the runtime (%1); a link with "
                               "g++/ld/clang++ does not add libamdhip64 on its own.")
                    .arg(syms.mid(0, 6).join(QStringLiteral(", "))));
            f.evidence.append(lineEvidence(t.path, u.line));
            f.fix << QStringLiteral("Add -lamdhip64 (and -L/opt/rocm/lib or the directory holding "
                                    "it) to the link line, or link with hipcc.");
            c.add(f);
            continue;
        }
        const bool hipAbi = isHipRuntimeSymbol(u.symbol);
        if (hipAbi && !u.linkTime) {
            // A runtime entry point the installed runtime does define: the failing module
            // simply does not depend on libamdhip64 (not linked), rather than needing a newer
            // HIP.
            const QStringList libs = runtimeLibrariesFor(c.request.probeLibrary);
            const bool installedHasIt =
                !libs.isEmpty() && runtimeReadsVariable(u.symbol, {libs.first()}).status ==
                                       VariableReadCheck::Status::Read;
            if (installedHasIt || u.symbol.startsWith(QLatin1String("__hipRegister"))) {
                Finding f = makeFinding(
                    QStringLiteral("runtime.not-linked"), Severity::Error,
                    QStringLiteral("%1 references the HIP runtime (%2) without depending on "
                                   "libamdhip64")
                        .arg(u.file.isEmpty() ? QStringLiteral("The module") : fileName(u.file),
                             u.symbol),
                    QStringLiteral("%1 is defined by every libamdhip64%2, so the loader did not "
                                   "load the runtime for this module: it was linked without "
                                   "-lamdhip64.")
                        .arg(u.symbol, installedHasIt ? QStringLiteral(" (the installed %1 has it)")
                                                            .arg(fileName(libs.first()))
                                                      : QString()));
                f.evidence.append(lineEvidence(t.path, u.line));
                f.fix << QStringLiteral("Relink the module with -lamdhip64 (or with hipcc); check "
                                        "`readelf -d` lists libamdhip64 as NEEDED.");
                c.add(f);
                continue;
            }
        }
        Finding f = makeFinding(
            QStringLiteral("runtime.undefined-symbol"), Severity::Error,
            QStringLiteral("Undefined symbol %1%2")
                .arg(u.demangled,
                     u.file.isEmpty() ? QString() : QStringLiteral(" in %1").arg(fileName(u.file))),
            hipAbi ? QStringLiteral("%1 is a HIP runtime entry point the loaded libamdhip64 does "
                                    "not export: the module was built against a newer HIP (e.g. "
                                    "the R0600 suffix is ROCm 6's ABI) than the runtime it runs "
                                    "with.")
                         .arg(u.symbol)
                   : QStringLiteral("%1%2 is referenced but no loaded library defines it: the "
                                    "file defining it was not compiled or linked in, or it was "
                                    "declared with another signature or language linkage "
                                    "(extern \"C\" on one side only).")
                         .arg(u.demangled, u.demangled != u.symbol
                                               ? QStringLiteral(" (%1)").arg(u.symbol)
                                               : QString()));
        if (u.linkTime)
            f.layer = QStringLiteral("build");
        f.evidence.append(lineEvidence(t.path, u.line));
        if (u.demangled != u.symbol)
            f.evidence.append({t.path, QStringLiteral("demangled"), u.demangled});
        if (hipAbi)
            f.fix << QStringLiteral("Rebuild the module against the ROCm release installed here, "
                                    "or run it with the release it was built for.");
        else
            f.fix << QStringLiteral("Make sure the source defining %1 is part of the build "
                                    "(listed in sources=[...] / the link line) and that "
                                    "declaration and definition agree on the signature and "
                                    "extern \"C\".")
                         .arg(u.demangled)
                  << QStringLiteral("Check with `nm -D --defined-only` on the libraries which one "
                                    "should define %1.")
                         .arg(u.symbol);
        c.add(f);
    }
}

void runtimeErrorRules(Context &c, const TextInput &t) {
    const bool hasListing = t.amdLog && !t.amdLog->noBinary.isEmpty();
    QSet<QString> done;
    auto handle = [&](const QString &name, int lineNumber, const QString &lineText) {
        if (done.contains(name))
            return;
        done.insert(name);
        Finding f;
        if (name == QLatin1String("hipErrorNoBinaryForGpu")) {
            if (hasListing)
                return;
            f = makeFinding(QStringLiteral("arch.no-compatible-code-object"), Severity::Error,
                            QStringLiteral("The runtime has no code object for the device "
                                           "(hipErrorNoBinaryForGpu)"),
                            QStringLiteral("The binary holds no code object for the GPU it runs "
                                           "on.%1 Run with AMD_LOG_LEVEL=1 to get the runtime's "
                                           "Devices / Bundled Code Objects listing.")
                                .arg(c.devices.isEmpty()
                                         ? QString()
                                         : QStringLiteral(" The device is %1.")
                                               .arg(c.devices.first().target.toString())));
            f.fix << QStringLiteral("Rebuild with --offload-arch=%1.")
                         .arg(c.devices.isEmpty() ? QStringLiteral("<the device's gfx target>")
                                                  : c.devices.first().target.processor);
        } else if (name == QLatin1String("hipErrorInvalidDeviceFunction")) {
            f = makeFinding(QStringLiteral("arch.no-compatible-code-object"), Severity::Warning,
                            QStringLiteral("\"invalid device function\": most likely no code "
                                           "object for this GPU"),
                            QStringLiteral("hipErrorInvalidDeviceFunction (98) is what launches "
                                           "return when the kernel has no code for the device "
                                           "(or was never registered). The log alone cannot tell "
                                           "which: give the binary and --target."));
            f.fix << QStringLiteral("Check the binary's targets (`hipdoctor-cli inspect FILE`) "
                                    "against `rocminfo | grep gfx`; rebuild with "
                                    "--offload-arch=<gfx...>.");
        } else if (name == QLatin1String("hipErrorNotFound") ||
                   name == QLatin1String("hipErrorSharedObjectSymbolNotFound")) {
            f = makeFinding(
                QStringLiteral("symbol.kernel-not-found"), Severity::Warning,
                QStringLiteral("The runtime did not find a requested symbol (%1)").arg(name),
                QStringLiteral("A lookup by name failed. Whether the kernel is "
                               "mangled, internal, not a kernel or absent needs the "
                               "code object: give it with --kernel NAME."));
            f.fix << QStringLiteral("Run `hipdoctor-cli diagnose CODE_OBJECT --kernel NAME`.");
        } else if (name == QLatin1String("hipErrorNoDevice")) {
            return; // runtime.no-device from the noDevice lines
        } else if (name == QLatin1String("hipErrorInvalidImage") ||
                   name == QLatin1String("hipErrorInvalidKernelFile")) {
            f = makeFinding(QStringLiteral("module.not-a-code-object"), Severity::Warning,
                            QStringLiteral("The runtime rejected the module image (%1)").arg(name),
                            QStringLiteral("The bytes given to hipModuleLoad/hipModuleLoadData are "
                                           "not a code object it can read: a host file, an empty "
                                           "or truncated file, or a code object version/bundle "
                                           "format the runtime does not know."));
            f.fix << QStringLiteral("Give the file to `hipdoctor-cli diagnose FILE` to see what "
                                    "it is.");
        } else if (name == QLatin1String("hipErrorFileNotFound")) {
            f = makeFinding(QStringLiteral("module.not-a-code-object"), Severity::Error,
                            QStringLiteral("The module file was not found (hipErrorFileNotFound)"),
                            QStringLiteral("hipModuleLoad was given a path that does not exist "
                                           "(relative paths resolve against the process's "
                                           "working directory)."));
            f.fix << QStringLiteral("Pass an absolute path to the code object, or check the "
                                    "working directory the program runs in.");
        } else if (name == QLatin1String("hipErrorSharedObjectInitFailed")) {
            f = makeFinding(QStringLiteral("runtime.load-error"), Severity::Warning,
                            QStringLiteral("The runtime failed to load a code object "
                                           "(hipErrorSharedObjectInitFailed)"),
                            QStringLiteral("ROCm up to 6.0 returns 303 for a code object that does "
                                           "not fit the device as well as for a broken one; the "
                                           "log alone cannot tell which."));
            f.fix << QStringLiteral("Give the code object and --target to check its targets.");
        } else if (name == QLatin1String("hipErrorInvalidConfiguration") ||
                   name == QLatin1String("hipErrorLaunchOutOfResources")) {
            f = makeFinding(QStringLiteral("launch.block-too-large"), Severity::Warning,
                            QStringLiteral("The launch configuration was rejected (%1)").arg(name),
                            QStringLiteral("Usually a block larger than the kernel's maximum flat "
                                           "workgroup size (1024 unless "
                                           "__launch_bounds__ says otherwise) or too many "
                                           "registers/LDS for the block."));
            f.fix << QStringLiteral("Launch with a smaller block, or declare "
                                    "__launch_bounds__(N) on the kernel for the size you use.");
        } else {
            return;
        }
        f.evidence.append(lineEvidence(t.path, lineNumber, lineText));
        c.add(f);
    };
    for (const TextFacts::RuntimeError &e : t.facts.runtimeErrors)
        handle(e.errorName, e.line.number, e.line.text);
    if (t.amdLog)
        for (const AmdLogLine &l : t.amdLog->lines)
            if (!l.returnedError.isEmpty() && l.returnedError != QLatin1String("hipSuccess"))
                handle(l.returnedError, l.lineNumber, l.message.trimmed());

    if (!t.facts.noDevice.isEmpty()) {
        const TextLine &first = t.facts.noDevice.first();
        Finding f = makeFinding(
            QStringLiteral("runtime.no-device"), Severity::Error,
            QStringLiteral("The runtime sees no GPU"),
            QStringLiteral("The HIP/HSA runtime loaded but found no usable GPU (%1). Every load "
                           "or launch fails after this, whatever the code object.")
                .arg(first.text));
        for (const TextLine &l : t.facts.noDevice.mid(0, 3))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << QStringLiteral("Check that the amdgpu driver is loaded and /dev/kfd and "
                                "/dev/dri/renderD* exist and are accessible (user in the "
                                "'render' and 'video' groups; in containers pass --device=/dev/kfd "
                                "--device=/dev/dri).")
              << QStringLiteral("Check that HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / "
                                "CUDA_VISIBLE_DEVICES do not hide every GPU; `rocminfo` must list "
                                "a GPU agent.");
        c.add(f);
    }

    // Launches logged with their block size, for kernels the inputs describe.
    if (t.amdLog) {
        for (const AmdLogLine &l : t.amdLog->lines) {
            if (l.apiName != QLatin1String("hipModuleLaunchKernel") || l.apiArgs.isEmpty())
                continue;
            const QStringList a = l.apiArgs.split(QLatin1Char(','));
            if (a.size() < 7)
                continue;
            bool ok1 = false, ok2 = false, ok3 = false;
            const int bx = a[4].trimmed().toInt(&ok1), by = a[5].trimmed().toInt(&ok2),
                      bz = a[6].trimmed().toInt(&ok3);
            if (!ok1 || !ok2 || !ok3)
                continue;
            const qint64 threads = qint64(bx) * by * bz;
            const int limit = c.devices.isEmpty() || c.devices.first().maxThreadsPerBlock <= 0
                                  ? 1024
                                  : c.devices.first().maxThreadsPerBlock;
            if (threads <= limit)
                continue;
            Finding f = makeFinding(QStringLiteral("launch.block-too-large"), Severity::Error,
                                    QStringLiteral("A launch uses %1 threads per block; the limit "
                                                   "is %2")
                                        .arg(threads)
                                        .arg(limit),
                                    QStringLiteral("Block %1x%2x%3 is over the device's maximum "
                                                   "workgroup size.")
                                        .arg(bx)
                                        .arg(by)
                                        .arg(bz));
            f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message.trimmed()));
            f.fix << QStringLiteral("Use at most %1 threads per block.").arg(limit);
            c.add(f);
            break;
        }
    }

    // The runtime asked for names nobody could check (no artifact given).
    bool haveCode = false;
    for (const ArtifactReport &r : std::as_const(c.artifacts))
        haveCode =
            haveCode || !r.codeObjects.isEmpty() || (r.host && !r.host->hostFunctions.isEmpty());
    if (!haveCode && t.amdLog) {
        for (const QString &name : t.amdLog->missingFunctions) {
            int line = 0;
            QString text;
            for (const AmdLogLine &l : t.amdLog->lines)
                if (l.message.contains(QLatin1String("Cannot find the function")) &&
                    l.message.contains(name)) {
                    line = l.lineNumber;
                    text = l.message.trimmed();
                    break;
                }
            Finding f = makeFinding(
                QStringLiteral("symbol.kernel-not-found"), Severity::Warning,
                QStringLiteral("The runtime could not find the function %1").arg(name),
                QStringLiteral("The log shows the lookup failing; without the code object it "
                               "cannot say whether %1 is C++-mangled (missing extern \"C\"), "
                               "internal, a non-kernel function or absent.")
                    .arg(name));
            f.evidence.append(lineEvidence(t.path, line, text));
            f.fix << QStringLiteral("Run `hipdoctor-cli diagnose CODE_OBJECT --kernel %1` on the "
                                    "file the program loads.")
                         .arg(name);
            c.add(f);
        }
    }
}

bool isCompileDriver(const CommandLine &cmd) {
    return cmd.tool.startsWith(QLatin1String("hipcc")) ||
           cmd.tool.startsWith(QLatin1String("clang")) ||
           cmd.tool.startsWith(QLatin1String("amdclang"));
}

bool isLinkOnly(const CommandLine &cmd) {
    if (cmd.compilesOnly() || cmd.isCc1)
        return false;
    for (const QString &a : cmd.args)
        if (!a.startsWith(QLatin1Char('-')) &&
            (a.endsWith(QLatin1String(".hip")) || a.endsWith(QLatin1String(".cu")) ||
             a.endsWith(QLatin1String(".cpp")) || a.endsWith(QLatin1String(".cc")) ||
             a.endsWith(QLatin1String(".c"))))
            return false;
    return std::any_of(cmd.args.cbegin(), cmd.args.cend(), [](const QString &a) {
        return !a.startsWith(QLatin1Char('-')) &&
               (a.endsWith(QLatin1String(".o")) || a.endsWith(QLatin1String(".a")));
    });
}

void buildRules(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;

    // nvcc-only flags: on hipcc/clang command lines and in clang's complaints.
    QStringList flags;
    QList<Evidence> flagEvidence;
    for (const CommandLine &cmd : tf.commands) {
        if (!isCompileDriver(cmd) || cmd.isCc1)
            continue;
        const QStringList nv = nvccOnlyFlags(cmd.args);
        for (const QString &fl : nv)
            if (!flags.contains(fl))
                flags.append(fl);
        if (!nv.isEmpty())
            flagEvidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
    }
    for (const TextFacts::UnsupportedFlag &u : tf.unsupportedFlags) {
        const QStringList nv = nvccOnlyFlags({u.flag});
        const bool nvccish = !nv.isEmpty() || u.flag.startsWith(QLatin1String("--expt")) ||
                             u.flag.contains(QLatin1String("lambda")) ||
                             u.flag.startsWith(QLatin1String("-gencode")) ||
                             u.flag.contains(QLatin1String("sm_")) ||
                             u.flag.startsWith(QLatin1String("-X"));
        if (!nvccish)
            continue;
        const bool known = std::any_of(flags.cbegin(), flags.cend(), [&](const QString &f) {
            return f == u.flag || f.startsWith(u.flag + QLatin1Char(' '));
        });
        if (!known)
            flags.append(u.flag);
        flagEvidence.append(lineEvidence(t.path, u.line));
    }
    if (!flags.isEmpty()) {
        Finding f = makeFinding(
            QStringLiteral("build.nvcc-flags"), Severity::Error,
            QStringLiteral("nvcc-only options given to hipcc/clang: %1")
                .arg(flags.join(QStringLiteral(", "))),
            QStringLiteral("hipcc passes its options to clang, which does not know nvcc's (%1 "
                           "option(s)); they fail the build or are silently dropped.")
                .arg(flags.size()));
        f.evidence = flagEvidence.mid(0, 10);
        for (const QString &fl : flags) {
            QString repl;
            if (fl.contains(QLatin1String("lambda")))
                repl = QStringLiteral(
                    "remove it (clang supports extended __device__ lambdas by default)");
            else if (fl.contains(QLatin1String("relaxed-constexpr")))
                repl = QStringLiteral(
                    "remove it (clang allows constexpr host functions in device code)");
            else if (fl.startsWith(QLatin1String("-gencode")) ||
                     fl.startsWith(QLatin1String("-arch")) ||
                     fl.startsWith(QLatin1String("--gpu-architecture")) ||
                     fl.startsWith(QLatin1String("-code")) ||
                     fl.startsWith(QLatin1String("--generate-code")))
                repl = QStringLiteral("use --offload-arch=<gfx...> for each AMD GPU instead");
            else if (fl.startsWith(QLatin1String("-Xcompiler")) ||
                     fl.startsWith(QLatin1String("--compiler-options")))
                repl = QStringLiteral(
                    "pass the host option directly (clang compiles host and device)");
            else if (fl.contains(QLatin1String("fast_math")))
                repl = QStringLiteral("use -ffast-math");
            else if (fl.startsWith(QLatin1String("-rdc")) ||
                     fl.startsWith(QLatin1String("--relocatable-device-code")) ||
                     fl == QLatin1String("-dc") || fl == QLatin1String("--device-c"))
                repl = QStringLiteral("use -fgpu-rdc (and --hip-link when linking)");
            else if (fl == QLatin1String("-lineinfo") ||
                     fl == QLatin1String("--generate-line-info"))
                repl = QStringLiteral("use -g (or -gline-tables-only)");
            else if (fl.startsWith(QLatin1String("-Xptxas")) ||
                     fl.startsWith(QLatin1String("--ptxas-options")) ||
                     fl.startsWith(QLatin1String("-maxrregcount")) ||
                     fl.startsWith(QLatin1String("--maxrregcount")))
                repl = QStringLiteral("remove it (use __launch_bounds__ to limit registers)");
            else
                repl = QStringLiteral("remove it or find the clang equivalent");
            f.fix << QStringLiteral("%1: %2").arg(fl, repl);
        }
        f.fix << QStringLiteral("Keep CUDA-only flags behind a HIP_PLATFORM=nvidia / CUDA branch "
                                "of the build.");
        c.add(f);
    }

    // A HIP compile without --offload-arch, and what clang picked instead.
    QStringList defaults;
    for (const CommandLine &cmd : tf.commands) {
        if (!cmd.isCc1)
            continue;
        const QString triple = cmd.value(QStringLiteral("-triple"));
        const QString cpu = cmd.value(QStringLiteral("-target-cpu"));
        if (triple.startsWith(QLatin1String("amdgcn")) && !cpu.isEmpty() && !defaults.contains(cpu))
            defaults.append(cpu);
    }
    for (const CommandLine &cmd : tf.commands) {
        if (!isCompileDriver(cmd) || cmd.isCc1 || !cmd.hasHipSource())
            continue;
        if (!cmd.offloadArchs().isEmpty() || cmd.has(QStringLiteral("--cuda-host-only")) ||
            cmd.has(QStringLiteral("--offload-host-only")) || cmd.has(QStringLiteral("-E")))
            continue;
        // hipcc -v's own echo of a user command also shows as hipcc-cmd with the arch added
        Finding f = makeFinding(
            QStringLiteral("build.no-offload-arch"), Severity::Error,
            QStringLiteral("HIP compile without --offload-arch (line %1)").arg(cmd.lineNumber),
            QStringLiteral(
                "Without --offload-arch, hipcc builds for the GPUs rocm_agent_enumerator "
                "finds on the build host, and clang's default (%1) when there are "
                "none: the binary then carries no code object for the real GPU.")
                .arg(defaults.isEmpty() ? QStringLiteral("gfx803 with clang ≤ 16, gfx906 later")
                                        : defaults.join(QStringLiteral(", "))));
        f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
        f.fix << QStringLiteral("Add --offload-arch=<gfx...> for every GPU you run on (e.g. "
                                "--offload-arch=gfx90a --offload-arch=gfx1100); `rocminfo | grep "
                                "gfx` on the GPU machine names it.");
        c.add(f);
        break;
    }
    if (!defaults.isEmpty()) {
        bool onlyDefault = std::all_of(defaults.cbegin(), defaults.cend(), [](const QString &d) {
            return d == QLatin1String("gfx803") || d == QLatin1String("gfx906") ||
                   d == QLatin1String("gfx000");
        });
        bool userGaveArch = false;
        for (const CommandLine &cmd : tf.commands)
            if (!cmd.isCc1 && !cmd.offloadArchs().isEmpty())
                userGaveArch = true;
        if (onlyDefault && !userGaveArch) {
            Finding f = makeFinding(
                QStringLiteral("arch.default-target"), Severity::Warning,
                QStringLiteral("The compile built device code only for %1")
                    .arg(defaults.join(QStringLiteral(", "))),
                QStringLiteral("The compiler jobs (-###) target only %1, clang's default when no "
                               "--offload-arch is given and no GPU was found.")
                    .arg(defaults.join(QStringLiteral(", "))));
            for (const CommandLine &cmd : tf.commands)
                if (cmd.isCc1 &&
                    cmd.value(QStringLiteral("-triple")).startsWith(QLatin1String("amdgcn"))) {
                    f.evidence.append(
                        lineEvidence(t.path, cmd.lineNumber,
                                     QStringLiteral("-triple %1 -target-cpu %2")
                                         .arg(cmd.value(QStringLiteral("-triple")),
                                              cmd.value(QStringLiteral("-target-cpu")))));
                    break;
                }
            f.fix << QStringLiteral("Pass --offload-arch=<gfx...> explicitly.");
            c.add(f);
        }
    }

    // -fgpu-rdc without --hip-link on a link line.
    bool rdcUsed = false;
    for (const CommandLine &cmd : tf.commands)
        if (cmd.has(QStringLiteral("-fgpu-rdc")))
            rdcUsed = true;
    if (rdcUsed) {
        for (const CommandLine &cmd : tf.commands) {
            if (cmd.isCc1 || !isLinkOnly(cmd) || cmd.has(QStringLiteral("--hip-link")))
                continue;
            Finding f = makeFinding(
                QStringLiteral("build.rdc-link"), Severity::Warning,
                QStringLiteral("-fgpu-rdc objects linked without --hip-link (line %1)")
                    .arg(cmd.lineNumber),
                QStringLiteral("The build compiles with -fgpu-rdc, and this link line has no "
                               "--hip-link: the device code is not linked and __hip_fatbin stays "
                               "undefined."));
            f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
            f.fix << QStringLiteral("Add --hip-link -fgpu-rdc --offload-arch=<gfx...> to the link "
                                    "line (link with hipcc or clang++).");
            c.add(f);
            break;
        }
    }

    // A separate link with the host compiler after hipcc -c, without the runtime.
    bool hipCompiled = false;
    for (const CommandLine &cmd : tf.commands)
        if (cmd.tool.startsWith(QLatin1String("hipcc")) && cmd.compilesOnly())
            hipCompiled = true;
    if (hipCompiled) {
        for (const CommandLine &cmd : tf.commands) {
            if (cmd.isCc1 || cmd.tool.startsWith(QLatin1String("hipcc")) || !isLinkOnly(cmd))
                continue;
            const bool hasRuntime =
                std::any_of(cmd.args.cbegin(), cmd.args.cend(), [](const QString &a) {
                    return a == QLatin1String("-lamdhip64") ||
                           a.contains(QLatin1String("libamdhip64")) ||
                           a == QLatin1String("--hip-link");
                });
            if (hasRuntime)
                continue;
            Finding f = makeFinding(
                QStringLiteral("build.runtime-not-on-link-line"), Severity::Warning,
                QStringLiteral("%1 links hipcc-compiled objects without -lamdhip64 (line %2)")
                    .arg(cmd.tool)
                    .arg(cmd.lineNumber),
                QStringLiteral("Objects from hipcc -c need libamdhip64; %1 does not add it. An "
                               "executable fails to link; a shared library links but does not "
                               "depend on the runtime (runtime.not-linked at load).")
                    .arg(cmd.tool));
            f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
            f.fix << QStringLiteral("Add -lamdhip64 (with -L for its directory) to this line, or "
                                    "link with hipcc.");
            c.add(f);
            break;
        }
    }

    for (const TextFacts::LdsOverLimit &l : tf.ldsOverLimit) {
        Finding f = makeFinding(
            QStringLiteral("build.lds-exceeds-limit"), Severity::Error,
            QStringLiteral("%1 uses %2 bytes of LDS; the limit is %3")
                .arg(l.function.isEmpty() ? QStringLiteral("A kernel") : l.function)
                .arg(l.used)
                .arg(l.limit),
            QStringLiteral("The kernel's static __shared__ memory is %1 bytes over the target's "
                           "LDS per workgroup.")
                .arg(l.used - l.limit));
        f.evidence.append(lineEvidence(t.path, l.line));
        f.fix << QStringLiteral("Shrink the __shared__ arrays (smaller tiles), or move part to "
                                "dynamic shared memory sized at launch within %1 bytes.")
                     .arg(l.limit);
        c.add(f);
    }

    if (!tf.deviceLibsMissing.isEmpty()) {
        Finding f = makeFinding(
            QStringLiteral("build.device-libs-missing"), Severity::Error,
            QStringLiteral("The compiler cannot find the ROCm device libraries"),
            QStringLiteral("clang links the device bitcode libraries (ocml.bc, ockl.bc, ...) into "
                           "every HIP device compile and stopped because it found none."));
        for (const TextLine &l : tf.deviceLibsMissing.mid(0, 3))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << QStringLiteral("Install them (Debian/Ubuntu: apt install rocm-device-libs; ROCm: "
                                "the rocm-device-libs package)")
              << QStringLiteral("or point clang at them: --rocm-path=/opt/rocm, "
                                "--rocm-device-lib-path=<dir with ocml.bc>, or "
                                "HIP_DEVICE_LIB_PATH for hipcc.");
        c.add(f);
    }

    // hipcc handing clang the CPU agent's name (rocm_agent_enumerator on a host without a GPU).
    for (const TextLine &l : tf.compileErrors) {
        if (!l.text.contains(QLatin1String("gfx000")))
            continue;
        Finding f = makeFinding(
            QStringLiteral("arch.default-target"), Severity::Error,
            QStringLiteral("The build targeted gfx000, the CPU agent"),
            QStringLiteral("Without --offload-arch, hipcc asks rocm_agent_enumerator for the "
                           "GPUs; on a host without one it can hand clang gfx000, which is no "
                           "GPU."));
        f.evidence.append(lineEvidence(t.path, l));
        f.fix << QStringLiteral("Pass --offload-arch=<gfx...> explicitly (or set "
                                "HCC_AMDGPU_TARGET / GPU_TARGETS in the build system).");
        c.add(f);
        break;
    }

    if (!tf.compileErrors.isEmpty()) {
        Finding f = makeFinding(
            QStringLiteral("layer.compile-failed"), Severity::Error,
            QStringLiteral("The build failed: %1").arg(tf.compileErrors.first().text.left(160)),
            QStringLiteral("%1 error line(s) in %2; no code object was produced by this build, so "
                           "the failure is in the compile layer.")
                .arg(tf.compileErrors.size())
                .arg(fileName(t.path)));
        for (const TextLine &l : tf.compileErrors.mid(0, 4))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << QStringLiteral("Fix the first error reported; the later ones often follow from "
                                "it.");
        for (const TextLine &l : tf.compileErrors)
            if (l.text.contains(QLatin1String("invalid target ID")) ||
                l.text.contains(QLatin1String("Unsupported CUDA gpu architecture")) ||
                l.text.contains(QLatin1String("unsupported HIP gpu architecture"),
                                Qt::CaseInsensitive)) {
                f.fix << QStringLiteral("The compiler does not know the processor named in "
                                        "%1: use a clang/ROCm release that supports it, or "
                                        "check the spelling of --offload-arch.")
                             .arg(l.text.left(120));
                break;
            }
        c.add(f);
    }

    if (tf.rocminfo && tf.rocminfoDevices.isEmpty() && tf.noDevice.isEmpty()) {
        Finding f = makeFinding(QStringLiteral("runtime.no-device"), Severity::Error,
                                QStringLiteral("The rocminfo dump lists no GPU agent"),
                                QStringLiteral("The HSA runtime on that machine sees only CPU "
                                               "agents."));
        f.evidence.append({t.path, QStringLiteral("HSA Agents"),
                           QStringLiteral("no agent with Device Type: GPU")});
        f.fix << QStringLiteral("Check the amdgpu driver, /dev/kfd permissions (render/video "
                                "groups) and ROCR_VISIBLE_DEVICES.");
        c.add(f);
    }
}

} // namespace

void textRules(Context &c) {
    for (const TextInput &t : std::as_const(c.texts)) {
        if (c.cancelled())
            return;
        if (t.amdLog)
            noBinaryRules(c, t);
        libraryRules(c, t);
        symbolTextRules(c, t);
        runtimeErrorRules(c, t);
        buildRules(c, t);
    }
}

// ---- environment --------------------------------------------------------------------------

void envRules(Context &c) {
    const QList<QPair<QString, QString>> &env = c.request.env;
    QStringList libs = c.request.runtimeLibraries;
    bool libsLookedUp = false;
    auto runtimeLibs = [&]() -> const QStringList & {
        if (libs.isEmpty() && !libsLookedUp) {
            libsLookedUp = true;
            QString hip;
            for (const ArtifactReport &r : std::as_const(c.artifacts))
                if (r.host)
                    for (const LibraryResolution &res : r.host->resolutions)
                        if (res.name.startsWith(QLatin1String("libamdhip64")) && res.found())
                            hip = res.path;
            if (hip.isEmpty())
                hip = c.request.probeLibrary;
            libs = runtimeLibrariesFor(hip);
        }
        return libs;
    };
    int knownDeviceCount = -1;
    if (c.devicesFrom == QLatin1String("rocminfo") || c.devicesFrom == QLatin1String("probe"))
        knownDeviceCount = int(c.devices.size());

    for (const auto &[name, value] : env) {
        // HSA_OVERRIDE_GFX_VERSION (and the per-device _<n> form).
        if (name == QLatin1String("HSA_OVERRIDE_GFX_VERSION") ||
            name.startsWith(QLatin1String("HSA_OVERRIDE_GFX_VERSION_"))) {
            static const QRegularExpression ver(QStringLiteral(R"(^\s*(\d+)\.(\d+)\.(\d+)\s*$)"));
            const auto m = ver.match(value);
            QString gfx;
            if (m.hasMatch())
                gfx = QStringLiteral("gfx%1%2%3")
                          .arg(m.captured(1).toInt())
                          .arg(m.captured(2).toInt(), 0, 16)
                          .arg(m.captured(3).toInt(), 0, 16);
            QStringList realDevices;
            for (const QString &p : std::as_const(c.realProcessors))
                if (p != gfx && !realDevices.contains(p))
                    realDevices.append(p);
            Finding f = makeFinding(
                QStringLiteral("env.hsa-override"), Severity::Warning,
                gfx.isEmpty()
                    ? QStringLiteral("%1=%2 is set (not a valid N.N.N version)").arg(name, value)
                    : QStringLiteral("%1=%2: the GPU reports itself as %3").arg(name, value, gfx),
                gfx.isEmpty()
                    ? QStringLiteral("The runtime expects major.minor.stepping (e.g. 10.3.0); "
                                     "this value is ignored or rejected.")
                    : QStringLiteral("The runtime matches code objects against %1 instead of the "
                                     "real processor%2: code built for the real GPU is not found "
                                     "(hipErrorNoBinaryForGpu), and %1 code runs on a GPU it was "
                                     "not built for.")
                          .arg(gfx, realDevices.isEmpty()
                                        ? QString()
                                        : QStringLiteral(" (%1)").arg(
                                              realDevices.join(QStringLiteral(", ")))));
            f.evidence.append({QStringLiteral("env"), name, value});
            f.fix << QStringLiteral("Unset %1 unless you knowingly run %2 code on this GPU; "
                                    "build for the real processor instead (--offload-arch=%3).")
                         .arg(name, gfx.isEmpty() ? QStringLiteral("other-target") : gfx,
                              realDevices.isEmpty() ? QStringLiteral("<the real gfx>")
                                                    : realDevices.first());
            c.add(f);
        }

        // Visibility variables that leave no GPU.
        if (name == QLatin1String("HIP_VISIBLE_DEVICES") ||
            name == QLatin1String("ROCR_VISIBLE_DEVICES") ||
            name == QLatin1String("CUDA_VISIBLE_DEVICES") ||
            name == QLatin1String("GPU_DEVICE_ORDINAL")) {
            const QStringList items = value.split(QLatin1Char(','), Qt::KeepEmptyParts);
            bool anyVisible = false;
            QString why;
            if (value.trimmed().isEmpty()) {
                why = QStringLiteral("it is empty");
            } else {
                for (const QString &raw : items) {
                    const QString it = raw.trimmed();
                    bool ok = false;
                    const int idx = it.toInt(&ok);
                    if (ok) {
                        if (idx < 0)
                            break; // the runtime stops at the first invalid index
                        if (knownDeviceCount < 0 || idx < knownDeviceCount)
                            anyVisible = true;
                        else
                            break;
                    } else if (it.startsWith(QLatin1String("GPU-")) && it.size() > 4) {
                        anyVisible = true; // a UUID: cannot be checked here
                    } else {
                        break;
                    }
                    if (anyVisible)
                        break;
                }
                if (!anyVisible)
                    why = knownDeviceCount >= 0
                              ? QStringLiteral("its first entry is not a valid index of the %1 "
                                               "GPU(s) present (0..%2)")
                                    .arg(knownDeviceCount)
                                    .arg(knownDeviceCount - 1)
                              : QStringLiteral("its first entry is not a valid device index");
            }
            if (!anyVisible) {
                Finding f =
                    makeFinding(QStringLiteral("env.visible-devices-empty"), Severity::Error,
                                QStringLiteral("%1=\"%2\" hides every GPU").arg(name, value),
                                QStringLiteral("%1 (%2), so the runtime reports no device "
                                               "(hipErrorNoDevice) whatever is installed.")
                                    .arg(why, name));
                f.evidence.append({QStringLiteral("env"), name, value});
                f.fix << QStringLiteral("Unset %1, or set it to the indices of the GPUs to use "
                                        "(e.g. %1=0).")
                             .arg(name);
                c.add(f);
            }
        }

        // Does the installed runtime read the variable at all?
        const VariableOwner owner = variableOwner(name);
        if (owner == VariableOwner::Compiler) {
            Finding f = makeFinding(
                QStringLiteral("env.variable-ignored"), Severity::Info,
                QStringLiteral("%1 is read by the compiler driver, not by the running program")
                    .arg(name),
                QStringLiteral("%1 changes what hipcc does at build time; setting it for the "
                               "program's run has no effect.")
                    .arg(name));
            f.evidence.append({QStringLiteral("env"), name, value});
            f.fix << QStringLiteral("Set it for the build command instead.");
            c.add(f);
            continue;
        }
        if (owner != VariableOwner::HipRuntime && owner != VariableOwner::HsaRuntime &&
            owner != VariableOwner::Comgr)
            continue;
        const QStringList scan = librariesForOwner(owner, runtimeLibs());
        if (scan.isEmpty())
            continue;
        const VariableReadCheck chk = runtimeReadsVariable(name, scan);
        if (chk.status != VariableReadCheck::Status::NotRead)
            continue;
        QStringList names;
        for (const QString &l : chk.scanned)
            names.append(fileName(l));
        Finding f = makeFinding(
            QStringLiteral("env.variable-ignored"), Severity::Warning,
            QStringLiteral("%1 is not read by the installed runtime").arg(name),
            QStringLiteral("None of the runtime's libraries (%1) holds the name %2, so nothing "
                           "reads it: setting it changes nothing on this install.")
                .arg(names.join(QStringLiteral(", ")), name));
        f.evidence.append({QStringLiteral("env"), name, value});
        for (const QString &l : chk.scanned)
            f.evidence.append(
                {l, QStringLiteral("strings"), QStringLiteral("no \"%1\"").arg(name)});
        f.fix << QStringLiteral("Drop %1; for module load details use AMD_LOG_LEVEL=4 (and "
                                "AMD_LOG_MASK), which this runtime reads.")
                     .arg(name);
        c.add(f);
    }

    // The probe ran and saw nothing.
    if (c.request.probeRan && c.request.probeDevices.isEmpty()) {
        Finding f = makeFinding(QStringLiteral("runtime.no-device"), Severity::Error,
                                QStringLiteral("The runtime loads but sees no GPU"),
                                QStringLiteral("hipdoctor-probe loaded %1 and it reported no "
                                               "device.")
                                    .arg(c.request.probeLibrary.isEmpty()
                                             ? QStringLiteral("the HIP runtime")
                                             : c.request.probeLibrary));
        f.evidence.append(
            {QStringLiteral("probe"), QStringLiteral("devices"), QStringLiteral("0")});
        f.fix << QStringLiteral("Check the amdgpu driver, /dev/kfd and /dev/dri permissions "
                                "(render/video groups) and the *_VISIBLE_DEVICES variables.");
        c.add(f);
    }
}

} // namespace hd::detail

namespace hd {

QList<Finding> checkLaunchConfiguration(const KernelInfo &kernel, const DeviceInfo *device,
                                        int blockX, int blockY, int blockZ, qint64 argumentBytes,
                                        const QString &where) {
    QList<Finding> out;
    const qint64 threads = qint64(blockX) * blockY * blockZ;
    int limit = kernel.maxFlatWorkgroupSize > 0 ? kernel.maxFlatWorkgroupSize : 1024;
    QString limitFrom = kernel.maxFlatWorkgroupSize > 0
                            ? QStringLiteral("the kernel's .max_flat_workgroup_size")
                            : QStringLiteral("the default maximum");
    if (device && device->maxThreadsPerBlock > 0 && device->maxThreadsPerBlock < limit) {
        limit = device->maxThreadsPerBlock;
        limitFrom = QStringLiteral("the device's maximum workgroup size");
    }
    if (threads > limit || blockX <= 0 || blockY <= 0 || blockZ <= 0) {
        Finding f = makeFinding(QStringLiteral("launch.block-too-large"), Severity::Error,
                                QStringLiteral("Block %1x%2x%3 (%4 threads) is over %5's limit "
                                               "of %6")
                                    .arg(blockX)
                                    .arg(blockY)
                                    .arg(blockZ)
                                    .arg(threads)
                                    .arg(kernel.name)
                                    .arg(limit),
                                QStringLiteral("The limit comes from %1.").arg(limitFrom));
        f.evidence.append(
            {where, kernel.name,
             QStringLiteral(".max_flat_workgroup_size = %1").arg(kernel.maxFlatWorkgroupSize)});
        f.fix << QStringLiteral("Launch with at most %1 threads per block, or raise the kernel's "
                                "__launch_bounds__.")
                     .arg(limit);
        out.append(f);
    }
    if (argumentBytes >= 0) {
        uint64_t explicitEnd = 0;
        int explicitCount = 0;
        for (const KernelArg &a : kernel.args) {
            if (a.hidden())
                continue;
            ++explicitCount;
            explicitEnd = std::max(explicitEnd, a.offset + a.size);
        }
        if (!kernel.args.isEmpty() && uint64_t(argumentBytes) != explicitEnd) {
            Finding f = makeFinding(
                QStringLiteral("launch.args-mismatch"), Severity::Error,
                QStringLiteral("%1 expects %2 bytes of explicit arguments (%3 argument(s)); the "
                               "launch passes %4")
                    .arg(kernel.name)
                    .arg(explicitEnd)
                    .arg(explicitCount)
                    .arg(argumentBytes),
                QStringLiteral("The kernarg layout comes from the code object's metadata "
                               "(.args offsets and sizes, hidden arguments excluded)."));
            f.evidence.append(
                {where, kernel.name,
                 QStringLiteral(".kernarg_segment_size = %1").arg(kernel.kernargSegmentSize)});
            f.fix << QStringLiteral("Pass the kernel's arguments in order with their sizes "
                                    "and alignment (pointers 8 bytes, int 4 bytes).");
            out.append(f);
        }
    }
    return out;
}

Finding tritonStateFinding(const QString &withTritonSignature, const QString &withoutTritonCommand,
                           const QList<Evidence> &evidence) {
    Finding f = makeFinding(
        QStringLiteral("context.triton-state"), Severity::Error,
        QStringLiteral("Fails with the Triton path, passes without it"),
        QStringLiteral("The same command fails (%1) when the Triton path runs first and passes "
                       "without it (%2): the HIP code is fine in a clean process; state left "
                       "by Triton in the shared context breaks it.")
            .arg(withTritonSignature, withoutTritonCommand));
    f.evidence = evidence;
    f.fix << QStringLiteral("Synchronize (torch.cuda.synchronize() / hipDeviceSynchronize()) "
                            "before switching from Triton kernels to the HIP ones.")
          << QStringLiteral("Do not reset the device or destroy the primary context between the "
                            "two (no hipDeviceReset); load HIP modules after Triton's or in a "
                            "fresh process.");
    return f;
}

} // namespace hd
