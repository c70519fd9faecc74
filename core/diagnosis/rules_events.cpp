// Rules that read a text's events (text_events.h) for causes only a producer's own words show:
// an instruction the target lacks, a compiler that does not know the GPU, a device variable
// looked up by name, a C/C++ runtime symbol version the system lacks.

#include "common/engine_text.h"
#include "rules_p.h"

#include <QRegularExpression>
#include <QSet>

namespace hd::detail {

namespace {

bool tritonContext(const TextInput &t) {
    return std::any_of(t.facts.events.cbegin(), t.facts.events.cend(), [](const TextEvent &e) {
        return e.speaksFor(TextLayer::Triton) ||
               e.field(QStringLiteral("context")) == QLatin1String("triton");
    });
}

// ptxas' "Feature 'X' requires .target sm_NN or higher", the AMDGPU backend's "instruction not
// supported on this GPU": the code uses what the target does not have.
void unsupportedInstructionRule(Context &c, const TextInput &t) {
    static const QRegularExpression feature(
        QStringLiteral(
            R"(Feature '([^']+)' requires (?:\.target )?(sm_\d+a?|PTX ISA version [\d.]+)|(instruction not supported on this GPU|instruction requires a CPU feature not currently enabled|invalid instruction for this target|not supported on this GPU)(?:\s*\(([\w-]+)\))?)"),
        QRegularExpression::CaseInsensitiveOption);
    QList<const TextEvent *> hits;
    QStringList features;
    QString target;
    for (const TextEvent &e : t.facts.events) {
        if (!e.error || (e.kind != EventKind::CompilerDiagnostic && e.kind != EventKind::LlvmError))
            continue;
        const auto m = feature.match(e.text);
        if (!m.hasMatch() && e.field(QStringLiteral("unsupported-feature")) != QLatin1String("1"))
            continue;
        hits << &e;
        QString what = m.captured(1).isEmpty() ? m.captured(3) : m.captured(1);
        if (what.isEmpty())
            what = e.text.left(100);
        if (!features.contains(what))
            features << what;
        if (target.isEmpty())
            target = m.captured(2);
    }
    if (hits.isEmpty())
        return;
    Finding f = makeFinding(
        QStringLiteral("arch.unsupported-instruction"), Severity::Error,
        target.isEmpty()
            ? HD_TEXT("hd::Diagnosis", "The device code uses an instruction the GPU does not have")
            : HD_TEXT("hd::Diagnosis", "The device code uses %1, which needs %2 or newer")
                  .arg(features.mid(0, 3).join(QStringLiteral(", ")), target),
        HD_TEXT("hd::Diagnosis",
                "The assembler (%1) refused instructions or data types that the target "
                "architecture of the compile lacks (%2), so no code object was built for it. "
                "Another --offload-arch for the same GPU does not help.")
            .arg(hits.first()->producer.isEmpty() ? QStringLiteral("assembler")
                                                  : hits.first()->producer,
                 features.mid(0, 4).join(QStringLiteral(", "))));
    for (const TextEvent *e : hits.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, e->firstLine, e->text));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Use a data type the GPU has (fp16 or fp32 instead of bf16 / fp8), or the "
                     "framework's fallback for this GPU (e.g. torch_dtype=torch.float16).")
          << HD_TEXT("hd::Diagnosis", "Or run on a GPU that has the feature%1.")
                 .arg(target.isEmpty() ? QString() : QStringLiteral(" (%1+)").arg(target));
    c.add(f);
}

// A compiler that does not know the GPU: Triton refusing an old GPU, Triton's ptxas not knowing
// a new one (arch.target-unsupported); nvcc / clang not knowing the architecture a build asks
// for (build.toolkit-too-old).
void targetUnsupportedRule(Context &c, const TextInput &t) {
    static const QRegularExpression tooOld(
        QStringLiteral(
            R"(too old to be supported by the triton GPU compiler|Triton only supports devices of CUDA Capability|unsupported target:?\s*'?gfx\w+|is not supported by Triton|Triton does not support)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression unknownArch(
        QStringLiteral(
            R"(Unsupported gpu architecture '((?:compute|sm)_\d+a?)'|unsupported CUDA gpu architecture:\s*(sm_\d+a?)|Value '(sm_\d+a?)' is not defined for option 'gpu-name'|unsupported HIP gpu architecture:\s*(gfx\w+)|No such target '(gfx\w+)'|(?:invalid|unknown) target ID:?\s*'?(gfx\w+))"),
        QRegularExpression::CaseInsensitiveOption);
    const bool triton = tritonContext(t);
    const TextEvent *refused = nullptr, *unknown = nullptr;
    QString arch;
    for (const TextEvent &e : t.facts.events) {
        if (e.kind == EventKind::Boilerplate)
            continue;
        if (!refused && tooOld.match(e.text).hasMatch())
            refused = &e;
        if (!unknown && e.error)
            if (const auto m = unknownArch.match(e.text); m.hasMatch()) {
                unknown = &e;
                for (int k = 1; k <= 6 && arch.isEmpty(); ++k)
                    arch = m.captured(k);
            }
    }
    if (refused || (unknown && triton)) {
        const TextEvent *e = refused ? refused : unknown;
        Finding f = makeFinding(
            QStringLiteral("arch.target-unsupported"), Severity::Error,
            HD_TEXT("hd::Diagnosis", "The compiler that builds the kernel does not support the "
                                     "GPU%1")
                .arg(arch.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(arch)),
            HD_TEXT("hd::Diagnosis",
                    "Nothing was built for the device, whatever the kernel: the GPU is older "
                    "than the compiler supports (Triton needs CUDA capability 7.0 or newer) or "
                    "newer than its toolchain (a bundled ptxas) knows."));
        f.evidence.append(lineEvidence(t.path, e->firstLine, e->text));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "For a GPU newer than the toolchain: update Triton, or point "
                         "TRITON_PTXAS_PATH at the ptxas of a CUDA release that knows it.")
              << HD_TEXT("hd::Diagnosis",
                         "For a GPU older than Triton supports: run without Triton (no "
                         "torch.compile, eager attention) or on a supported GPU.");
        c.add(f);
        if (!e->speaksFor(TextLayer::Compiler) && !e->speaksFor(TextLayer::Triton)) {
            Finding l = makeFinding(
                QStringLiteral("layer.compile-failed"), Severity::Error,
                HD_TEXT("hd::Diagnosis", "No device code was compiled (the compiler refused the "
                                         "GPU)"),
                HD_TEXT("hd::Diagnosis", "The failure is in the compile layer."));
            l.evidence = f.evidence;
            c.add(l);
        }
        return;
    }
    if (!unknown)
        return;
    // clang handed a gfx target as a CUDA architecture is a language mix-up
    // (build.source-language), not an old toolkit.
    if (arch.startsWith(QLatin1String("gfx")) &&
        unknown->text.contains(QLatin1String("CUDA"), Qt::CaseInsensitive))
        return;
    Finding f = makeFinding(
        QStringLiteral("build.toolkit-too-old"), Severity::Error,
        HD_TEXT("hd::Diagnosis", "The compiler does not know the architecture %1").arg(arch),
        HD_TEXT("hd::Diagnosis",
                "%1 refused %2: the toolkit release predates it (NVIDIA: sm_86 needs CUDA "
                "11.1, sm_89/sm_90 CUDA 11.8, sm_120 CUDA 12.8; AMD: each gfx target needs "
                "the ROCm release that added it).")
            .arg(unknown->producer.isEmpty() ? QStringLiteral("The compiler") : unknown->producer,
                 arch));
    f.evidence.append(lineEvidence(t.path, unknown->firstLine, unknown->text));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Install a toolkit release that supports %1 and build with it, or build "
                     "for an architecture this toolkit knows (TORCH_CUDA_ARCH_LIST / "
                     "-gencode / --offload-arch).")
                 .arg(arch);
    c.add(f);
}

// A device variable (hipMemcpyToSymbol, cuModuleGetGlobal, a SYCL device_global) the runtime
// could not find by name.
void variableNotFoundRule(Context &c, const TextInput &t) {
    static const QSet<QString> notFound{QStringLiteral("hipErrorInvalidSymbol"),
                                        QStringLiteral("cudaErrorInvalidSymbol"),
                                        QStringLiteral("hipErrorNotFound"),
                                        QStringLiteral("CUDA_ERROR_NOT_FOUND"),
                                        QStringLiteral("cudaErrorSymbolNotFound"),
                                        QStringLiteral("hipErrorSharedObjectSymbolNotFound")};
    for (const TextEvent &e : t.facts.events) {
        if (e.kind != EventKind::RuntimeResult && e.kind != EventKind::RuntimeLog)
            continue;
        const QString api = e.field(QStringLiteral("variable-api"));
        const bool byMessage = e.text.contains(QLatin1String("invalid device symbol"));
        if (!byMessage && (api.isEmpty() || !notFound.contains(e.field(QStringLiteral("name")))))
            continue;
        Finding f = makeFinding(
            QStringLiteral("symbol.variable-not-found"), Severity::Error,
            HD_TEXT("hd::Diagnosis", "A device variable looked up%1 is not in the code object")
                .arg(api.isEmpty() ? QString() : HD_TEXT("hd::Diagnosis", " by %1").arg(api)),
            HD_TEXT("hd::Diagnosis",
                    "The runtime found no device variable of that name in the loaded code "
                    "object: the compiler dropped it because no device code uses it, it is "
                    "not declared __device__ / __constant__, it is static, or it is defined in "
                    "another file without relocatable device code."));
        f.evidence.append(lineEvidence(t.path, e.firstLine, e.text));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Declare it __device__ or __constant__ (not static), use it from device "
                         "code, and compile with -fgpu-rdc (-rdc=true) when another file "
                         "defines it.")
              << HD_TEXT("hd::Diagnosis",
                         "`hipdoctor-cli inspect` on the code object lists the variables it "
                         "holds.");
        c.add(f);
        return;
    }
}

// `version 'GLIBC_2.38' not found`: a library needs a symbol version of the C / C++ runtime that
// the one the loader found lacks.
void symbolVersionRule(Context &c, const TextInput &t) {
    QSet<QString> done;
    for (const TextEvent &e : t.facts.events) {
        if (e.kind != EventKind::LoaderMessage ||
            e.field(QStringLiteral("version-need")) != QLatin1String("1"))
            continue;
        const QString version = e.field(QStringLiteral("version"));
        if (done.contains(version))
            continue;
        done.insert(version);
        const QString lib = e.field(QStringLiteral("library"));
        const QString by = e.field(QStringLiteral("requester"));
        const bool cxx = version.startsWith(QLatin1String("GLIBCXX")) ||
                         version.startsWith(QLatin1String("CXXABI"));
        Finding f = makeFinding(
            QStringLiteral("runtime.symbol-version-missing"), Severity::Error,
            HD_TEXT("hd::Diagnosis", "%1 needs %2, which %3 does not provide")
                .arg(by.isEmpty() ? HD_TEXT("hd::Diagnosis", "A library") : fileName(by), version,
                     lib.isEmpty() ? HD_TEXT("hd::Diagnosis", "the C/C++ runtime found") : lib),
            cxx ? HD_TEXT("hd::Diagnosis",
                          "The libstdc++ the loader found is older than the one the library was "
                          "built with: often an older copy bundled with conda, a Python "
                          "environment or an application shadows the system's.")
                : HD_TEXT("hd::Diagnosis",
                          "The library was built on a system with a newer C library (glibc) "
                          "than this one; glibc cannot be replaced per program."));
        f.evidence.append(lineEvidence(t.path, e.firstLine, e.text));
        if (cxx)
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Find which libstdc++ is loaded (ldd on the library, "
                             "LD_DEBUG=libs); let the system's newer one come first (remove or "
                             "update the bundled copy, e.g. conda install -c conda-forge "
                             "libstdcxx-ng; LD_PRELOAD it as a test).");
        else
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Use a build of the library made for this system's glibc (an "
                             "older manylinux wheel, the distribution's package), or a newer "
                             "system / container image.");
        c.add(f);
    }
}

} // namespace

const QList<Rule> &eventRuleList() {
    static const QList<Rule> rules{
        {"text/unsupported-instruction",
         RuleScope::Text,
         {QStringLiteral("arch.unsupported-instruction")},
         [](Context &c, const RuleInput &in) { unsupportedInstructionRule(c, *in.text); }},
        {"text/target-unsupported",
         RuleScope::Text,
         {QStringLiteral("arch.target-unsupported"), QStringLiteral("build.toolkit-too-old"),
          QStringLiteral("layer.compile-failed")},
         [](Context &c, const RuleInput &in) { targetUnsupportedRule(c, *in.text); }},
        {"text/variable-not-found",
         RuleScope::Text,
         {QStringLiteral("symbol.variable-not-found")},
         [](Context &c, const RuleInput &in) { variableNotFoundRule(c, *in.text); }},
        {"text/symbol-version",
         RuleScope::Text,
         {QStringLiteral("runtime.symbol-version-missing")},
         [](Context &c, const RuleInput &in) { symbolVersionRule(c, *in.text); }},
    };
    return rules;
}

} // namespace hd::detail
