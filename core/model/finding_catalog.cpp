#include "model/finding_catalog.h"

namespace hd {

const QList<FindingKind> &findingCatalog() {
    using D = Direction;
    static const QList<FindingKind> table{
        {"layer.compile-failed", D::None, "compile", "no device code object was produced"},
        {"runtime.library-not-found", D::RuntimeLink, "load",
         "a needed library resolves nowhere on the search path"},
        {"runtime.soname-mismatch", D::RuntimeLink, "load",
         "needs libX.so.N but only another major version is installed"},
        {"runtime.not-linked", D::RuntimeLink, "load",
         "has HIP device code but does not depend on libamdhip64"},
        {"runtime.undefined-symbol", D::RuntimeLink, "load",
         "a symbol stays undefined at load time"},
        {"runtime.no-device", D::RuntimeLink, "load", "the runtime loads but sees no GPU"},
        {"runtime.mixed-installs", D::RuntimeLink, "load",
         "more than one HIP runtime version reachable or loaded"},
        {"symbol.mangled-name", D::Symbols, "load",
         "requested kernel absent, but a C++-mangled kernel demangles to that name"},
        {"symbol.not-a-kernel", D::Symbols, "load",
         "the name exists as a host or device function, not a kernel"},
        {"symbol.internal-linkage", D::Symbols, "load", "the kernel has internal linkage"},
        {"symbol.kernel-not-found", D::Symbols, "load", "no such kernel anywhere"},
        {"arch.no-compatible-code-object", D::CodeObject, "load",
         "no code object matches the device's processor"},
        {"arch.feature-mismatch", D::CodeObject, "load",
         "processor matches, but xnack/sramecc settings do not"},
        {"arch.default-target", D::CodeObject, "build", "only a compiler-default target was built"},
        {"arch.generic-needs-newer-runtime", D::CodeObject, "load",
         "generic targets need code object v6 and a runtime that knows them"},
        {"cov.unsupported-version", D::CodeObject, "load",
         "the code object version is newer or older than the runtime accepts"},
        {"bundle.compressed", D::CodeObject, "load",
         "compressed offload bundle: needs a runtime that reads it"},
        {"module.not-a-code-object", D::CodeObject, "load",
         "the file given to the module API is not device code"},
        {"env.hsa-override", D::CodeObject, "env",
         "HSA_OVERRIDE_GFX_VERSION makes the device report another processor"},
        {"env.visible-devices-empty", D::RuntimeLink, "env", "visibility variables leave no GPU"},
        {"build.nvcc-flags", D::None, "build", "nvcc-only options given to hipcc/clang"},
        {"build.no-offload-arch", D::None, "build", "a HIP compile line without --offload-arch"},
        {"build.runtime-not-on-link-line", D::RuntimeLink, "build",
         "linked without -lamdhip64 or hipcc"},
        {"build.rdc-link", D::None, "build", "-fgpu-rdc objects linked without --hip-link"},
        {"build.lds-exceeds-limit", D::None, "build", "shared memory (LDS) over the device limit"},
        {"build.device-libs-missing", D::None, "build",
         "the compiler cannot find the ROCm device libraries"},
        {"triton.stage-failed", D::None, "compile", "a Triton cache entry stops at a stage"},
        {"context.triton-state", D::CodeObject, "load",
         "fails with the Triton path, passes without it"},
        {"launch.block-too-large", D::None, "launch",
         "block size over the kernel's or the device's limit"},
        {"launch.args-mismatch", D::None, "launch",
         "launch arguments do not fit the kernel's kernarg layout"},
        // Added by the diagnosis engine.
        {"env.variable-ignored", D::None, "env",
         "the runtime library holds no reference to an environment variable that was set"},
        {"triton.extra-args", D::Symbols, "launch",
         "Triton added hidden scratch pointer arguments to the kernel"},
        {"arch.unchecked", D::CodeObject, "load",
         "device code is present but could not be read, so it was not checked against the device"},
        {"runtime.load-error", D::None, "load",
         "the runtime reported a load error whose cause the evidence does not pin down"},
        // Added with the layer classification of text (docs/findings.md).
        {"layer.unknown", D::None, "", "no failing layer could be recognised in a text"},
        {"build.wrong-compiler", D::None, "build",
         "HIP code or HIP flags given to a compiler that does not compile HIP"},
        {"build.source-language", D::None, "build",
         "a source compiled as the wrong language (.cu as CUDA by clang, .hip by nvcc)"},
        {"runtime.out-of-memory", D::None, "run", "the GPU ran out of memory: not a load failure"},
        {"runtime.memory-fault", D::None, "run",
         "a kernel faulted on GPU memory (page fault, illegal address): not a load failure"},
        {"runtime.hang", D::None, "run", "the GPU hung or a launch timed out: not a load failure"},
        // The verification's verdicts (docs/findings.md, "Verification").
        {"verify.baseline-failed", D::RuntimeLink, "load",
         "step 1, the baseline vector add, fails: the base chain is broken"},
        {"verify.operator-fails", D::None, "load",
         "step 2, the kernel alone in a clean process, fails"},
        {"verify.project-fails", D::None, "load",
         "step 3: the project fails while the kernel passes alone"},
        {"verify.passes-in-isolation", D::None, "",
         "every step passes: the failure is not reproduced in isolation"},
    };
    return table;
}

const FindingKind *findingKind(const QString &id) {
    for (const FindingKind &k : findingCatalog())
        if (id == QLatin1String(k.id))
            return &k;
    return nullptr;
}

Finding makeFinding(const QString &id, Severity severity, const QString &title,
                    const QString &detail) {
    Finding f;
    f.id = id;
    f.severity = severity;
    f.title = title;
    f.detail = detail;
    if (const FindingKind *k = findingKind(id)) {
        f.direction = k->direction;
        f.layer = QString::fromLatin1(k->layer);
    }
    return f;
}

} // namespace hd
