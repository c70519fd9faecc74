// Rules on Triton caches and the tracebacks of Triton compiles (docs/findings.md, "Compile
// layer").

#include "common/engine_text.h"
#include "rules_p.h"

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

Text stageFix(const QString &missing, const QString &arch) {
    const Text tgt = arch.isEmpty() ? HD_TEXT("hd::Diagnosis", "the target") : arch;
    if (missing == QLatin1String(".ttir"))
        return HD_TEXT("hd::Diagnosis",
                       "The Python kernel did not compile to Triton IR: fix the error the "
                       "traceback points at in the @triton.jit function (types, "
                       "tl.constexpr arguments, unsupported Python).");
    if (missing == QLatin1String(".ttgir"))
        return HD_TEXT("hd::Diagnosis",
                       "Lowering to TritonGPU IR failed for %1: try other num_warps / "
                       "block sizes; MLIR_ENABLE_DUMP=1 prints the IR before the failing "
                       "pass.")
            .arg(tgt);
    if (missing == QLatin1String(".llir"))
        return HD_TEXT("hd::Diagnosis",
                       "Lowering to LLVM IR failed: an operation or dtype is not supported "
                       "on %1 (e.g. a dot/fp8 form); MLIR_ENABLE_DUMP=1 shows the IR.")
            .arg(tgt);
    if (missing == QLatin1String(".amdgcn") || missing == QLatin1String(".ptx"))
        return HD_TEXT("hd::Diagnosis",
                       "The LLVM backend failed for %1: LLVM_IR_ENABLE_DUMP=1 shows the "
                       "LLVM IR it was given.")
            .arg(tgt);
    if (missing == QLatin1String(".hsaco"))
        return HD_TEXT("hd::Diagnosis",
                       "Assembling/linking the .amdgcn into the .hsaco failed (LLD): look "
                       "for inline assembly (tl.inline_asm_elementwise) or instructions not "
                       "valid on %1 in the .amdgcn file; AMDGCN_ENABLE_DUMP=1 prints it.")
            .arg(tgt);
    if (missing == QLatin1String(".cubin"))
        return HD_TEXT("hd::Diagnosis",
                       "ptxas failed on the .ptx for %1: look at the .ptx and ptxas' "
                       "message (inline PTX, register limits).")
            .arg(tgt);
    return {};
}

const TextInput *tracebackFor(const Context &c, const QString &backend) {
    for (const TextInput &t : c.texts)
        if (t.tritonStage && (backend.isEmpty() || t.tritonStage->backend.isEmpty() ||
                              t.tritonStage->backend == backend))
            return &t;
    return nullptr;
}

// Cache entries that hold a kernel's compile stages (not the launcher's).
bool isKernelEntry(const TritonEntry &e) {
    return !e.isLauncher && !e.stagesPresent.isEmpty();
}

// Entries that stopped before a stage: the one failure a traceback can belong to.
bool stoppedBeforeStage(const TritonEntry &e) {
    return isKernelEntry(e) && !e.complete() && !e.missingStage.isEmpty();
}

// The tracebacks triton/stage-failed reads (the others get triton/traceback's finding).
QSet<QString> tracebacksOfCaches(const Context &c) {
    QSet<QString> used;
    for (const TritonCache &cache : c.caches)
        for (const TritonEntry &e : cache.entries)
            if (stoppedBeforeStage(e))
                if (const TextInput *tb = tracebackFor(c, e.backend))
                    used.insert(tb->path);
    return used;
}

QString entryTarget(const TritonEntry &e) {
    return (e.arch.isEmpty() ? HD_TEXT("hd::Diagnosis", "unknown target")
                             : QStringLiteral("%1 %2").arg(e.backend, e.arch))
        .english();
}

// The traceback's failing stage as evidence, and whether it agrees with the cache.
void addTraceback(Finding &f, const TextInput &tb, const TritonEntry &e) {
    const TritonTracebackStage &s = *tb.tritonStage;
    f.evidence.append(lineEvidence(
        tb.path, s.lineNumber, HD_TEXT("hd::Diagnosis", "failing stage: make_%1").arg(s.stage)));
    if (s.errorLineNumber > 0)
        f.evidence.append(lineEvidence(tb.path, s.errorLineNumber, s.errorLine));
    if (s.suffix != e.missingStage)
        f.detail +=
            HD_TEXT("hd::Diagnosis", " The traceback names %1 as the failing stage, not %2: it may "
                                     "belong to another compile.")
                .arg(s.suffix, e.missingStage);
    else
        f.detail += HD_TEXT("hd::Diagnosis", " The traceback confirms it: make_%1 raised \"%2\".")
                        .arg(s.stage, s.errorLine);
}

// A stage file Triton never wrote: the compile failed there.
void stageFailedRule(Context &c) {
    for (const TritonCache &cache : std::as_const(c.caches)) {
        for (const TritonEntry &e : cache.entries) {
            if (c.cancelled())
                return;
            if (!stoppedBeforeStage(e))
                continue;
            Finding f = makeFinding(
                QStringLiteral("triton.stage-failed"),
                HD_TEXT("hd::Diagnosis",
                        "Triton stopped after %1: %2 was never written (kernel %3, %4)")
                    .arg(e.lastStage, e.missingStage, e.kernelName, entryTarget(e)),
                HD_TEXT("hd::Diagnosis",
                        "Stages present: %1. The last stage reached is %2; the next one, "
                        "%3, failed, and the metadata (%4.json, __grp__%4.json) that "
                        "Triton writes at the end is %5.")
                    .arg(e.stagesPresent.join(QLatin1Char(' ')), e.lastStage, e.missingStage,
                         e.kernelName,
                         e.hasMetadata ? HD_TEXT("hd::Diagnosis", "present (unusual)")
                                       : QStringLiteral("missing")));
            const Evidence stages = fileEvidence(e.dir, HD_TEXT("hd::Diagnosis", "stage files"),
                                                 e.stagesPresent.join(QLatin1Char(' ')));
            f.evidence.append(stages);
            f.evidence.append(fileEvidence(e.stageFile(e.lastStage),
                                           HD_TEXT("hd::Diagnosis", "last stage present"),
                                           e.lastStage));
            if (!e.archSource.isEmpty())
                f.evidence.append(
                    fileEvidence(e.stageFile(e.archSource), QStringLiteral("target"), e.arch));
            if (const TextInput *tb = tracebackFor(c, e.backend))
                addTraceback(f, *tb, e);
            f.fix << stageFix(e.missingStage, e.arch)
                  << HD_TEXT("hd::Diagnosis",
                             "Re-run with TRITON_ALWAYS_COMPILE=1 (and TRITON_CACHE_DIR "
                             "pointing at an empty folder) to reproduce the failure "
                             "instead of reading the cache.");
            c.add(f);

            Finding l = makeFinding(
                QStringLiteral("layer.compile-failed"),
                HD_TEXT("hd::Diagnosis",
                        "No device code object was produced for %1 (Triton stopped "
                        "before %2)")
                    .arg(e.kernelName, e.missingStage),
                HD_TEXT("hd::Diagnosis",
                        "The failure is in the compile layer: nothing was loaded yet, so "
                        "runtime, symbols and device are not involved."));
            l.evidence.append(stages);
            l.fix << stageFix(e.missingStage, e.arch);
            c.add(l);
        }
    }
}

// Every stage written but no metadata: interrupted, or still compiling.
void noMetadataRule(Context &c) {
    for (const TritonCache &cache : std::as_const(c.caches)) {
        for (const TritonEntry &e : cache.entries) {
            if (!isKernelEntry(e) || e.complete() || !e.missingStage.isEmpty())
                continue;
            Finding f = makeFinding(
                QStringLiteral("triton.stage-failed"),
                SeverityChange(Severity::Warning,
                               HD_TEXT("hd::Diagnosis",
                                       "no stage failed: the compile was interrupted or is "
                                       "still running")),
                HD_TEXT("hd::Diagnosis", "Triton entry %1 (%2) has every stage but no metadata")
                    .arg(e.kernelName, entryTarget(e)),
                HD_TEXT("hd::Diagnosis",
                        "%1 was written but %2.json / __grp__%2.json were not: the "
                        "compile was interrupted after the last stage, or is still "
                        "running.")
                    .arg(e.lastStage, e.kernelName));
            f.evidence.append(fileEvidence(e.dir, HD_TEXT("hd::Diagnosis", "stage files"),
                                           e.stagesPresent.join(QLatin1Char(' '))));
            f.fix << HD_TEXT("hd::Diagnosis", "Delete the folder %1 and let Triton compile again.")
                         .arg(e.dir);
            c.add(f);
        }
    }
}

// A complete entry and the target it was built for: its binary's, else its metadata's.
struct CheckedEntry {
    const TritonEntry *entry;
    std::optional<TargetId> target;
    QString binary;
};

// Inspects the binaries of a cache's complete entries; the symbol rules read them too
// (Context::tritonBinaries), which is why triton/arch runs first.
QList<CheckedEntry> inspectCompleteEntries(Context &c, const TritonCache &cache) {
    QList<CheckedEntry> complete;
    for (const TritonEntry &e : cache.entries) {
        if (c.cancelled())
            return complete;
        if (!isKernelEntry(e) || !e.complete())
            continue;
        CheckedEntry ch{&e, e.target(), {}};
        if (!e.binaryPath.isEmpty()) {
            InspectOptions o;
            o.resolveLibraries = false;
            ArtifactReport r = inspectFile(e.binaryPath, o);
            if (!r.codeObjects.isEmpty())
                ch.target = r.codeObjects.first().target;
            ch.binary = e.binaryPath;
            c.tritonBinaries.append(r);
        }
        complete.append(ch);
    }
    return complete;
}

Compatibility entryOnDevice(const Context &c, const TargetId &target, const DeviceInfo &d) {
    MatchOptions opt;
    opt.runtimeKnowsGeneric = !c.runtimeKnown() || c.runtimeAtLeast(6, 3);
    return checkCompatibility(target, d.target, opt);
}

// What triton.compile needs to build for the device, as a fix.
Text tritonTargetFix(const DeviceInfo &d) {
    const bool nv = d.target.isNvidia();
    const int warp = nv                                                     ? 32
                     : d.wavefrontSize > 0                                  ? d.wavefrontSize
                     : d.target.processor.startsWith(QLatin1String("gfx1")) ? 32
                                                                            : 64;
    return HD_TEXT("hd::Diagnosis",
                   "Compile the kernel for %1: run Triton on that GPU (it builds a new "
                   "cache entry per target), or pass target=GPUTarget(\"%2\", \"%3\", %4) "
                   "to triton.compile, and load that entry's %5.")
        .arg(d.target.processor, nv ? QStringLiteral("cuda") : QStringLiteral("hip"),
             nv ? QString::number(d.target.smVersion()) : d.target.processor)
        .arg(warp)
        .arg(nv ? QStringLiteral(".cubin") : QStringLiteral(".hsaco"));
}

// An entry whose metadata and stage files name no target.
Finding unknownTargetFinding(const TritonEntry &e, const DeviceInfo &d) {
    Finding f = makeFinding(
        QStringLiteral("arch.no-compatible-code-object"),
        SeverityChange(Severity::Warning,
                       HD_TEXT("hd::Diagnosis", "the entry's target is not known, so it was not "
                                                "compared with the device")),
        HD_TEXT("hd::Diagnosis", "Triton entry %1 (%2): its target is not known")
            .arg(e.kernelName, e.hash),
        HD_TEXT("hd::Diagnosis",
                "Neither the metadata nor the stage files name the target, so it cannot "
                "be checked against %1.")
            .arg(d.label()));
    f.evidence.append(fileEvidence(e.dir, QStringLiteral("metadata"), QString()));
    return f;
}

// Complete entries built for another target than a device (a warning where another entry of
// the same kernel fits that device).
void tritonArchRule(Context &c) {
    for (const TritonCache &cache : std::as_const(c.caches)) {
        const QList<CheckedEntry> complete = inspectCompleteEntries(c, cache);
        QHash<QString, QSet<int>> fittingByKernel; // kernel -> device indices that fit
        for (const CheckedEntry &ch : complete)
            for (int i = 0; ch.target && i < c.devices.size(); ++i)
                if (entryOnDevice(c, *ch.target, c.devices[i]).compatible())
                    fittingByKernel[ch.entry->kernelName].insert(i);
        for (const CheckedEntry &ch : complete) {
            const TritonEntry &e = *ch.entry;
            for (int i = 0; i < c.devices.size(); ++i) {
                const DeviceInfo &d = c.devices[i];
                if (!ch.target) {
                    c.add(unknownTargetFinding(e, d));
                    continue;
                }
                const Compatibility comp = entryOnDevice(c, *ch.target, d);
                if (comp.compatible())
                    continue;
                const bool another = fittingByKernel.value(e.kernelName).contains(i);
                Finding f = makeFinding(
                    comp.kind == Compatibility::Kind::FeatureMismatch
                        ? QStringLiteral("arch.feature-mismatch")
                        : QStringLiteral("arch.no-compatible-code-object"),
                    SeverityChange(another ? Severity::Warning : Severity::Error,
                                   HD_TEXT("hd::Diagnosis", "another entry of the same kernel "
                                                            "fits the device")),
                    HD_TEXT("hd::Diagnosis",
                            "Triton entry %1 of %2 was built for %3, not for the device %4")
                        .arg(e.hash.left(8) + QStringLiteral("…"), e.kernelName,
                             ch.target->toString(), d.label()),
                    comp.reason + QLatin1Char('.') +
                        (another
                             ? HD_TEXT("hd::Diagnosis",
                                       " Another entry of %1 in this cache fits the "
                                       "device; this one is only a problem if its "
                                       "binary is loaded there.")
                             : HD_TEXT("hd::Diagnosis", " No entry of %1 in this cache fits the "
                                                        "device."))
                            .arg(e.kernelName));
                f.evidence.append(
                    fileEvidence(e.stageFile(QStringLiteral(".json")), QStringLiteral("target"),
                                 HD_TEXT("hd::Diagnosis", "backend %1, arch %2, warp size %3")
                                     .arg(e.backend, e.arch)
                                     .arg(e.warpSize)));
                if (!ch.binary.isEmpty())
                    f.evidence.append(fileEvidence(
                        ch.binary, HD_TEXT("hd::Diagnosis", "code object"), ch.target->toString()));
                f.evidence.append(fileEvidence(QStringLiteral("device"),
                                               deviceSourceLabel(d.source), d.target.toString()));
                f.fix << tritonTargetFix(d);
                c.add(f);
            }
        }
    }
}

// Triton's kernels are unmangled and take hidden scratch pointers: the launch must pass them.
void extraArgsRule(Context &c) {
    for (const TritonCache &cache : std::as_const(c.caches)) {
        QSet<QString> reported;
        for (const TritonEntry &e : cache.entries) {
            if (!isKernelEntry(e) || !e.complete() || reported.contains(e.kernelName))
                continue;
            reported.insert(e.kernelName);
            if (e.sourceArgCount < 0 || e.llirArgCount < 0 ||
                e.llirArgCount - e.sourceArgCount <= 0)
                continue;
            const int extra = e.llirArgCount - e.sourceArgCount;
            Finding f = makeFinding(
                QStringLiteral("triton.extra-args"),
                HD_TEXT("hd::Diagnosis", "Triton kernel %1 takes %2 argument(s), %3 more than its "
                                         "Python signature")
                    .arg(e.kernelName)
                    .arg(e.llirArgCount)
                    .arg(extra),
                HD_TEXT("hd::Diagnosis",
                        "The kernel symbol is \"%1\" (Triton does not mangle names). "
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
            f.evidence.append(fileEvidence(e.stageFile(QStringLiteral(".llir")),
                                           QStringLiteral("define @%1").arg(e.kernelName),
                                           QStringLiteral("%1 parameter(s)").arg(e.llirArgCount)));
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Pass %1 extra pointer argument(s) after the kernel's own "
                             "(null when the metadata's global_scratch_size is 0), "
                             "and look the kernel up as \"%2\".")
                         .arg(extra)
                         .arg(e.kernelName);
            c.add(f);
        }
    }
}

// A Triton traceback without its cache: the stage is still known.
void tracebackRule(Context &c) {
    const QSet<QString> used = tracebacksOfCaches(c);
    for (const TextInput &t : std::as_const(c.texts)) {
        if (!t.tritonStage || used.contains(t.path))
            continue;
        const TritonTracebackStage &s = *t.tritonStage;
        Finding f = makeFinding(
            QStringLiteral("triton.stage-failed"),
            HD_TEXT("hd::Diagnosis", "Triton failed producing %1 (make_%2)").arg(s.suffix, s.stage),
            HD_TEXT("hd::Diagnosis",
                    "The traceback ends in Triton's %1 backend while producing the %2 "
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
        Finding l =
            makeFinding(QStringLiteral("layer.compile-failed"),
                        HD_TEXT("hd::Diagnosis", "No device code object was produced (Triton "
                                                 "failed at %1)")
                            .arg(s.suffix),
                        HD_TEXT("hd::Diagnosis", "The failure is in the compile layer."));
        l.evidence = f.evidence;
        l.fix = f.fix;
        c.add(l);
    }
}

} // namespace

const QList<Rule> &tritonRuleList() {
    // triton/arch inspects the entries' binaries, which the symbol rules read after it.
    static const QList<Rule> rules{
        {"triton/stage-failed",
         RuleScope::Triton,
         {QStringLiteral("layer.compile-failed"), QStringLiteral("triton.stage-failed")},
         [](Context &c, const RuleInput &) { stageFailedRule(c); }},
        {"triton/no-metadata",
         RuleScope::Triton,
         {QStringLiteral("triton.stage-failed")},
         [](Context &c, const RuleInput &) { noMetadataRule(c); }},
        {"triton/arch",
         RuleScope::Triton,
         {QStringLiteral("arch.feature-mismatch"),
          QStringLiteral("arch.no-compatible-code-object")},
         [](Context &c, const RuleInput &) { tritonArchRule(c); }},
        {"triton/extra-args",
         RuleScope::Triton,
         {QStringLiteral("triton.extra-args")},
         [](Context &c, const RuleInput &) { extraArgsRule(c); }},
        {"triton/traceback",
         RuleScope::Triton,
         {QStringLiteral("layer.compile-failed"), QStringLiteral("triton.stage-failed")},
         [](Context &c, const RuleInput &) { tracebackRule(c); }},
    };
    return rules;
}

} // namespace hd::detail
