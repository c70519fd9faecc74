// Rules on Triton caches and the tracebacks of Triton compiles (docs/findings.md, "Compile
// layer").

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

const TextInput *tracebackFor(const Context &c, const QString &backend) {
    for (const TextInput &t : c.texts)
        if (t.tritonStage && (backend.isEmpty() || t.tritonStage->backend.isEmpty() ||
                              t.tritonStage->backend == backend))
            return &t;
    return nullptr;
}

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

} // namespace

const QList<Rule> &tritonRuleList() {
    static const QList<Rule> rules{
        {"triton/caches",
         RuleScope::Triton,
         {QStringLiteral("arch.feature-mismatch"), QStringLiteral("arch.no-compatible-code-object"),
          QStringLiteral("layer.compile-failed"), QStringLiteral("triton.extra-args"),
          QStringLiteral("triton.stage-failed")},
         [](Context &c, const RuleInput &) { tritonRules(c); }},
    };
    return rules;
}

} // namespace hd::detail
