#include "model/finding_catalog.h"

#include <QCoreApplication>

namespace hd {

const QList<FindingKind> &findingCatalog() {
    using D = Direction;
    using S = Severity;
    static const QList<FindingKind> table{
        {"layer.compile-failed", D::None, "compile", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "no device code object was produced")},
        {"runtime.library-not-found", D::RuntimeLink, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "a needed library resolves nowhere on the search path")},
        {"runtime.soname-mismatch", D::RuntimeLink, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "needs libX.so.N but only another major version is installed")},
        {"runtime.not-linked", D::RuntimeLink, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "has HIP device code but does not depend on libamdhip64")},
        {"runtime.undefined-symbol", D::RuntimeLink, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "a symbol stays undefined at load time")},
        {"runtime.no-device", D::RuntimeLink, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "the runtime loads but sees no GPU")},
        {"runtime.mixed-installs", D::RuntimeLink, "load", S::Warning,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "more than one HIP runtime version reachable or loaded")},
        {"symbol.mangled-name", D::Symbols, "load", S::Error,
         QT_TRANSLATE_NOOP(
             "hd::FindingCatalog",
             "requested kernel absent, but a C++-mangled kernel demangles to that name")},
        {"symbol.not-a-kernel", D::Symbols, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the name exists as a host or device function, not a kernel")},
        {"symbol.internal-linkage", D::Symbols, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "the kernel has internal linkage")},
        {"symbol.kernel-not-found", D::Symbols, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "no such kernel anywhere")},
        {"arch.no-compatible-code-object", D::CodeObject, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "no code object matches the device's processor")},
        {"arch.feature-mismatch", D::CodeObject, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "processor matches, but xnack/sramecc settings do not")},
        {"arch.default-target", D::CodeObject, "build", S::Warning,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "only a compiler-default target was built")},
        {"arch.generic-needs-newer-runtime", D::CodeObject, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "generic targets need code object v6 and a runtime that knows them")},
        {"cov.unsupported-version", D::CodeObject, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the code object version is newer or older than the runtime accepts")},
        {"bundle.compressed", D::CodeObject, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "compressed offload bundle: needs a runtime that reads it")},
        {"module.not-a-code-object", D::CodeObject, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the file given to the module API is not device code")},
        {"env.hsa-override", D::CodeObject, "env", S::Warning,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "HSA_OVERRIDE_GFX_VERSION makes the device report another processor")},
        {"env.visible-devices-empty", D::RuntimeLink, "env", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "visibility variables leave no GPU")},
        {"build.nvcc-flags", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "nvcc-only options given to hipcc/clang")},
        {"build.no-offload-arch", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "a HIP compile line without --offload-arch")},
        {"build.runtime-not-on-link-line", D::RuntimeLink, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "linked without -lamdhip64 or hipcc")},
        {"build.rdc-link", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "-fgpu-rdc objects linked without --hip-link")},
        {"build.lds-exceeds-limit", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "shared memory (LDS) over the device limit")},
        {"build.device-libs-missing", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the compiler cannot find the ROCm device libraries")},
        {"triton.stage-failed", D::None, "compile", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "a Triton cache entry stops at a stage")},
        {"context.triton-state", D::CodeObject, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "fails with the Triton path, passes without it")},
        {"launch.block-too-large", D::None, "launch", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "block size over the kernel's or the device's limit")},
        {"launch.args-mismatch", D::None, "launch", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "launch arguments do not fit the kernel's kernarg layout")},
        // Added by the diagnosis engine.
        {"env.variable-ignored", D::None, "env", S::Warning,
         QT_TRANSLATE_NOOP(
             "hd::FindingCatalog",
             "the runtime library holds no reference to an environment variable that was set")},
        {"triton.extra-args", D::Symbols, "launch", S::Info,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "Triton added hidden scratch pointer arguments to the kernel")},
        // Added with kernel libraries and installed-library versions (docs/findings.md).
        {"arch.library-data-missing", D::CodeObject, "load", S::Warning,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "a vendor library has no tuned data or precompiled kernels for the "
                           "device (it compiles or falls back at run time)")},
        {"arch.unchecked", D::CodeObject, "load", S::Warning,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "device code is present but could not be read, so "
                                                 "it was not checked against the device")},
        {"runtime.load-error", D::None, "load", S::Warning,
         QT_TRANSLATE_NOOP(
             "hd::FindingCatalog",
             "the runtime reported a load error whose cause the evidence does not pin down")},
        // Added with the layer classification of text (docs/findings.md).
        {"layer.unknown", D::None, "", S::Info,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "no failing layer could be recognised in a text")},
        {"build.wrong-compiler", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "HIP code or HIP flags given to a compiler that does not compile HIP")},
        {"build.source-language", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP(
             "hd::FindingCatalog",
             "a source compiled as the wrong language (.cu as CUDA by clang, .hip by nvcc)")},
        {"runtime.out-of-memory", D::None, "run", S::Warning,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "the GPU ran out of memory: not a load failure")},
        {"runtime.memory-fault", D::None, "run", S::Warning,
         QT_TRANSLATE_NOOP(
             "hd::FindingCatalog",
             "a kernel faulted on GPU memory (page fault, illegal address): not a load failure")},
        {"runtime.hang", D::None, "run", S::Warning,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the GPU hung or a launch timed out: not a load failure")},
        // The verification's verdicts (docs/findings.md, "Verification").
        {"build.instruction-not-supported", D::None, "compile", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the device code uses an instruction or data type the target lacks")},
        {"arch.target-unsupported", D::CodeObject, "compile", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the compiler that must build the kernel does not support the GPU")},
        {"symbol.variable-not-found", D::Symbols, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "a device variable looked up by name is not in the code object")},
        {"build.toolkit-too-old", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the compiler toolkit does not know the GPU architecture asked for")},
        {"build.host-compiler-unsupported", D::None, "build", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "the GPU compiler refuses the host compiler or its headers")},
        {"runtime.driver-too-old", D::RuntimeLink, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog", "the GPU driver is older than the runtime needs")},
        {"runtime.symbol-version-missing", D::RuntimeLink, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "a library needs a C/C++ runtime symbol version the system lacks")},
        {"verify.baseline-failed", D::RuntimeLink, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "step 1, the baseline vector add, fails: the base chain is broken")},
        {"verify.operator-fails", D::None, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "step 2, the kernel alone in a clean process, fails")},
        {"verify.project-fails", D::None, "load", S::Error,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "step 3: the project fails while the kernel passes alone")},
        {"verify.passes-in-isolation", D::None, "", S::Info,
         QT_TRANSLATE_NOOP("hd::FindingCatalog",
                           "every step passes: the failure is not reproduced in isolation")},
    };
    return table;
}

namespace {

// What to do about each finding, in general (the engine's own fix lines name the files and
// commands of the case at hand). Translated with the meanings, context "hd::FindingCatalog".
struct Advice {
    const char *id;
    const char *advice;
};
const Advice kAdvice[] = {
    {"layer.compile-failed",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Fix the first compiler error in the build output, then build again.")},
    {"runtime.library-not-found",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Install the library or add its folder to LD_LIBRARY_PATH (or the binary's RUNPATH).")},
    {"runtime.soname-mismatch",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Rebuild against the installed version, or install "
                                             "the major version the binary asks for.")},
    {"runtime.not-linked",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Link with hipcc or add -lamdhip64 to the link line.")},
    {"runtime.undefined-symbol",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Load the library that defines the symbol, or rebuild against the installed runtime.")},
    {"runtime.no-device",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Check that the GPU driver is loaded and that this user may open /dev/kfd "
                       "and /dev/dri (groups video, render).")},
    {"runtime.mixed-installs",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Keep one ROCm installation on the search path; remove the others from LD_LIBRARY_PATH.")},
    {"symbol.mangled-name",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Declare the kernel extern \"C\" or ask for its mangled name.")},
    {"symbol.not-a-kernel",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Mark the function __global__, or ask for the kernel that calls it.")},
    {"symbol.internal-linkage",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Remove static or the anonymous namespace around the "
                                             "kernel so the module API can find it.")},
    {"symbol.kernel-not-found",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Check the name against the Symbols table; the kernel "
                                             "may be in another file or not built.")},
    {"arch.no-compatible-code-object",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Rebuild with --offload-arch for your GPU (rocminfo | grep gfx shows it).")},
    {"arch.feature-mismatch",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Rebuild for the device's xnack/sramecc setting, or build without the feature suffix.")},
    {"arch.default-target",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Name the targets with --offload-arch instead of relying on the compiler's default.")},
    {"arch.generic-needs-newer-runtime",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Use a runtime that knows generic targets (ROCm "
                                             "6.1+), or build for the specific processor.")},
    {"cov.unsupported-version",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Build with a code object version the runtime accepts (-mcode-object-version=N).")},
    {"bundle.compressed",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Use a runtime that reads compressed bundles, or build without --offload-compress.")},
    {"module.not-a-code-object",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Pass a code object (hipcc --genco output) to hipModuleLoad.")},
    {"env.hsa-override",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Unset HSA_OVERRIDE_GFX_VERSION, or build for the processor it names.")},
    {"env.visible-devices-empty",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Unset the *_VISIBLE_DEVICES variables or list a GPU in them.")},
    {"build.nvcc-flags",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Replace the nvcc-only options with their hipcc/clang equivalents.")},
    {"build.no-offload-arch",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Add --offload-arch=<your gfx target> to the compile line.")},
    {"build.runtime-not-on-link-line",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Link with hipcc or add -lamdhip64.")},
    {"build.rdc-link",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Link -fgpu-rdc objects with --hip-link.")},
    {"build.lds-exceeds-limit",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Use less shared memory per block (smaller tiles) or split the kernel.")},
    {"build.device-libs-missing",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Install the ROCm device libraries or pass --rocm-path / --rocm-device-lib-path.")},
    {"triton.stage-failed",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Look at the failing stage's output in the Triton "
                                             "cache entry; clear the cache after fixing.")},
    {"context.triton-state",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Run the kernel without the Triton setup (step 3) to find what it changes.")},
    {"launch.block-too-large",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Launch with fewer threads per block (at most the limit shown).")},
    {"launch.args-mismatch",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Pass the kernel's arguments in order with the sizes its kernarg layout gives.")},
    {"env.variable-ignored",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Remove the variable or use one this runtime version reads.")},
    {"triton.extra-args",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Pass the hidden scratch pointers Triton added when launching the kernel yourself.")},
    {"arch.library-data-missing",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Expect a slow first run; install the vendor's databases for the GPU.")},
    {"arch.unchecked",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Look at the reader's problems under the file in the Artifacts tree.")},
    {"runtime.load-error",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Capture a runtime log (AMD_LOG_LEVEL=4) and open it here.")},
    {"layer.unknown",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Open the full output or a runtime log (AMD_LOG_LEVEL=4).")},
    {"build.wrong-compiler",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Compile HIP code with hipcc or clang -x hip.")},
    {"build.source-language",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Compile with -x hip (clang) or rename the source.")},
    {"runtime.out-of-memory",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Use smaller batches or free memory; this is not a load failure.")},
    {"runtime.memory-fault",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Check the kernel's indexing and buffer sizes; this is not a load failure.")},
    {"runtime.hang",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "Look for a deadlock or an endless loop in the kernel; this is not a load failure.")},
    {"build.instruction-not-supported",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Use a data type the GPU has (fp16/fp32 instead of bf16/fp8), a code path "
                       "that falls back on it, or a GPU with the feature.")},
    {"arch.target-unsupported",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Use a compiler release that knows the GPU (newer Triton / ptxas), or run "
                       "without that compiler (eager mode) on an older GPU.")},
    {"symbol.variable-not-found",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Declare the variable __device__ / __constant__, use it from device code, "
                       "and build with -fgpu-rdc when it is defined in another file.")},
    {"build.toolkit-too-old",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Install a toolkit release that supports the architecture, or build for one "
                       "it knows.")},
    {"build.host-compiler-unsupported",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Use a host compiler the GPU toolkit supports (nvcc -ccbin, "
                       "NVCC_CCBIN, CMAKE_CUDA_HOST_COMPILER) or a newer toolkit.")},
    {"runtime.driver-too-old",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Install a newer GPU driver, or a runtime / framework build the installed "
                       "driver supports.")},
    {"runtime.symbol-version-missing",
     QT_TRANSLATE_NOOP("hd::FindingCatalog",
                       "Let the system's libc / libstdc++ be found first (remove or update the "
                       "bundled one), or use a build made for this system.")},
    {"verify.baseline-failed",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "Fix the runtime and device first (direction 1): step "
                                             "1 must pass before the others mean anything.")},
    {"verify.operator-fails",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "The kernel itself does not load: look at the symbol "
                                             "and code object findings (directions 2 and 3).")},
    {"verify.project-fails",
     QT_TRANSLATE_NOOP("hd::FindingCatalog", "The project's setup breaks the kernel: compare its "
                                             "environment and libraries with step 2's.")},
    {"verify.passes-in-isolation",
     QT_TRANSLATE_NOOP(
         "hd::FindingCatalog",
         "The failure needs something of the original run: capture its log and environment.")},
};

} // namespace

QString findingMeaning(const QString &id) {
    const FindingKind *k = findingKind(id);
    return k ? QCoreApplication::translate("hd::FindingCatalog", k->meaning) : QString();
}

QString findingAdvice(const QString &id) {
    for (const Advice &a : kAdvice)
        if (id == QLatin1String(a.id))
            return QCoreApplication::translate("hd::FindingCatalog", a.advice);
    return {};
}

bool catalogTranslated() {
    // Any translated meaning tells: the translators installed cover the whole catalog.
    const char *probe = findingCatalog().front().meaning;
    return QCoreApplication::translate("hd::FindingCatalog", probe) != QLatin1String(probe);
}

const FindingKind *findingKind(const QString &id) {
    for (const FindingKind &k : findingCatalog())
        if (id == QLatin1String(k.id))
            return &k;
    return nullptr;
}

Severity catalogSeverity(const QString &id) {
    const FindingKind *k = findingKind(id);
    return k ? k->severity : Severity::Info;
}

Finding makeFinding(const QString &id, const Text &title, const Text &detail) {
    Finding f;
    f.id = id;
    f.title = title;
    f.detail = detail;
    if (const FindingKind *k = findingKind(id)) {
        f.severity = k->severity;
        f.direction = k->direction;
        f.layer = QString::fromLatin1(k->layer);
    }
    return f;
}

Finding makeFinding(const QString &id, const SeverityChange &change, const Text &title,
                    const Text &detail) {
    Finding f = makeFinding(id, title, detail);
    changeSeverity(f, change);
    return f;
}

void changeSeverity(Finding &f, const SeverityChange &change) {
    f.severity = change.severity;
    f.severityReason = change.severity == catalogSeverity(f.id) ? Text() : change.reason;
}

bool severityExplained(const Finding &f) {
    return f.severity == catalogSeverity(f.id) || !f.severityReason.isEmpty();
}

} // namespace hd
