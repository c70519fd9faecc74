// Facts beyond the error lines, one family of lines at a time (private/text_facts_p.h).

#include "diagnosis/text_facts.h"

#include "text_facts_p.h"

#include <QRegularExpression>

namespace hd {

using namespace detail;

namespace {

// A math library that says it has no kernels (or no kernel file) for a GPU.
void libraryArchFacts(TextFacts &f, int n, const QString &t, const QStringList &lines, int index) {
    static const QRegularExpression mathLib(QStringLiteral(
        R"(\b(rocBLAS|rocblas|rocblaslt|hipBLASLt|hipblaslt|hipBLAS|MIOpen|miopen|Tensile|rocFFT|rocSPARSE|hipSPARSELt|rocSOLVER|MIGraphX|composable_kernel|CK)\b|(TensileLibrary))"));
    static const QRegularExpression missingWord(
        QStringLiteral(
            R"(Cannot read|No such file|not found|Could not (?:load|find|read)|No paths matched|missing|does not exist|Unable to (?:find|open|load)|not supported|Cannot find|No (?:kernels?|solutions?|code objects?) (?:for|found))"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression gfx(
        QStringLiteral(R"(\b(gfx[0-9]{2,4}[0-9a-f]?)\b|_(gfx[0-9]{2,4}[0-9a-f]?)[._*])"));
    const auto lib = mathLib.match(t);
    auto g = gfx.match(t);
    if (!g.hasMatch() &&
        index + 1 < lines.size()) // "Cannot read ...:\nIllegal seek for GPU arch: gfx1103"
        g = gfx.match(lines.at(index + 1));
    if (lib.hasMatch() && g.hasMatch() && missingWord.match(t).hasMatch()) {
        QString name = lib.captured(1).isEmpty() ? QStringLiteral("rocBLAS") : lib.captured(1);
        if (name.compare(QLatin1String("rocblas"), Qt::CaseInsensitive) == 0 ||
            name == QLatin1String("Tensile"))
            name = QStringLiteral("rocBLAS");
        else if (name.compare(QLatin1String("hipblaslt"), Qt::CaseInsensitive) == 0 ||
                 name == QLatin1String("rocblaslt"))
            name = QStringLiteral("hipBLASLt");
        else if (name.compare(QLatin1String("miopen"), Qt::CaseInsensitive) == 0)
            name = QStringLiteral("MIOpen");
        const QString arch = g.captured(1).isEmpty() ? g.captured(2) : g.captured(1);
        f.libraryArchMissing.append({makeLine(n, t), name, arch});
        if (!f.deviceTargets.contains(arch))
            f.deviceTargets.append(arch);
    } else if (lib.hasMatch() && !g.hasMatch() && missingWord.match(t).hasMatch() &&
               (t.contains(QLatin1String("TensileLibrary")) ||
                t.contains(QLatin1String("/library/")))) {
        // Its kernel library could not be read and the line names no GPU: the rule takes
        // the device known from elsewhere (--target, rocminfo).
        QString name = lib.captured(1).isEmpty() ? QStringLiteral("rocBLAS") : lib.captured(1);
        if (name.compare(QLatin1String("rocblas"), Qt::CaseInsensitive) == 0 ||
            name == QLatin1String("Tensile"))
            name = QStringLiteral("rocBLAS");
        f.libraryArchMissing.append({makeLine(n, t), name, QString()});
    }
}

// Facts beyond the error lines: math libraries without kernels for a GPU, look-alikes, ISA and
// override lines, device-side link errors, compiler and language mix-ups, device targets.
// Math libraries without kernels for the GPU, and targets the text names as the device's.
void mathLibraryFacts(TextFacts &f, int n, const QString &t, bool compilerLine,
                      const QStringList &lines, int index) {
    static const QRegularExpression archIs(
        QStringLiteral(
            R"((?:GPU arch|(?<![-\w])arch(?:itecture)?|TARGET_GRAPHICS_VERSION|GFX_VERSION|gfx_target)\s*:?\s*=?\s*(gfx[0-9]{2,4}[0-9a-f]?)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    // "MIOpen(HIP): Warning [SQLiteBase] Missing system database file: gfx1030_40.kdb"
    static const QRegularExpression database(QStringLiteral(
        R"(\b(MIOpen|miopen)\b.*\bMissing system (?:database|perf(?:ormance)? db) file:?\s*\S*?(gfx[0-9]{2,4}[0-9a-f]?)(?:_\d+)?\.(?:kdb|db|udb|fdb\.txt))"));
    if (!compilerLine && roomFor(f.libraryDataMissing)) {
        if (const auto d = database.match(t); d.hasMatch()) {
            f.libraryDataMissing.append({makeLine(n, t), QStringLiteral("MIOpen"), d.captured(2)});
            if (!f.deviceTargets.contains(d.captured(2)))
                f.deviceTargets.append(d.captured(2));
            return;
        }
    }
    if (!compilerLine && roomFor(f.libraryArchMissing))
        libraryArchFacts(f, n, t, lines, index);
    // Bare targets anywhere in a line that is no compiler command (whose --offload-arch lists
    // what was built, not the GPU).
    static const QRegularExpression bareTarget(QStringLiteral(
        R"((?<![\w=-])(gfx(?:9[0-9][0-9a-f]|1[0-2][0-9][0-9a-f])|sm_[1-9][0-9]{1,2}a?)(?![\w-]))"));
    if (!compilerLine && f.namedTargets.size() <= 8)
        for (auto it = bareTarget.globalMatch(t); it.hasNext();) {
            const QString target = it.next().captured(1);
            if (!f.namedTargets.contains(target) && f.namedTargets.size() <= 8)
                f.namedTargets.append(target);
        }
    if (const auto a = archIs.match(t); a.hasMatch() && !compilerLine &&
                                        !f.deviceTargets.contains(a.captured(1)) &&
                                        f.deviceTargets.size() < 16)
        f.deviceTargets.append(a.captured(1));
}

// Look-alikes (out of memory, faults, hangs), invalid ISA and override values.
void lookAlikeFacts(TextFacts &f, int n, const QString &t, bool compilerLine,
                    const QStringList & /*lines*/, int /*index*/) {
    // Look-alikes: the code loaded, then something else failed.
    static const QRegularExpression oom(QStringLiteral(
        R"(\b(?:HIP|CUDA|GPU|hip|cuda|device) out of memory|OutOfMemoryError|hipErrorOutOfMemory|CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation|\bout of memory\b.*\b(?:GPU|HIP|CUDA|device)|Tried to allocate [\d.]+ [GMK]i?B|failed to allocate (?:\w+ )?(?:ROCm|CUDA|HIP|Vulkan|GPU|device)\d* buffer)"));
    static const QRegularExpression fault(QStringLiteral(
        R"(Memory access fault by GPU|Page not present or supervisor privilege|illegal memory access|\bXid:?\s+(?:13|31|32|48|63|64|94|95)\b|hipErrorIllegalAddress|CUDA_ERROR_ILLEGAL_ADDRESS|cudaErrorIllegalAddress|unspecified launch failure|hipErrorLaunchFailure|device-side assert|GPU core dump|\[gfxhub\] page fault|amdgpu:.*page fault|HW Exception by GPU node-\d+.*(?:memory|fault|ECC))"));
    static const QRegularExpression hang(
        QStringLiteral(
            R"(GPU Hang|\bXid:?\s+(?:8|43|45|109|119|120)\b|hipErrorLaunchTimeOut|CUDA_ERROR_LAUNCH_TIMEOUT|the launch timed out|Watchdog caught collective operation timeout|ProcessGroupNCCL::WorkNCCL::checkTimeout|\bncclCommWatchdog\b|ring \w+ timeout|amdgpu:.*GPU reset|\bGPU (?:hangs?|hung|is stuck))"),
        QRegularExpression::CaseInsensitiveOption);
    if (!compilerLine) {
        if (oom.match(t).hasMatch() && roomFor(f.outOfMemory))
            f.outOfMemory.append(makeLine(n, t));
        if (fault.match(t).hasMatch() && roomFor(f.memoryFaults))
            f.memoryFaults.append(makeLine(n, t));
        if (hang.match(t).hasMatch() && roomFor(f.hangs))
            f.hangs.append(makeLine(n, t));
    }

    if (t.contains(QLatin1String("HSA_STATUS_ERROR_INVALID_ISA")) && roomFor(f.invalidIsa))
        f.invalidIsa.append(makeLine(n, t));
    static const QRegularExpression override(
        QStringLiteral(R"(HSA_OVERRIDE_GFX_VERSION\s*=\s*["']?(\d+\.\d+\.\d+))"));
    if (const auto o = override.match(t); o.hasMatch() && !f.hsaOverrides.contains(o.captured(1)))
        f.hsaOverrides.append(o.captured(1));
}

// Device-side links, host compilers given HIP, language mix-ups, device libraries.
void buildMixupFacts(TextFacts &f, int n, const QString &t, bool /*compilerLine*/,
                     const QStringList &lines, int index) {
    // Device-side link: lld's hidden symbols, or an undefined symbol referenced from an amdgcn
    // object (each translation unit's device code was linked on its own).
    static const QRegularExpression undefDevice(
        QStringLiteral(R"(lld: error: undefined (?:hidden )?symbol:)"));
    if (undefDevice.match(t).hasMatch() && roomFor(f.deviceLinkUndefined)) {
        bool device = t.contains(QLatin1String("hidden symbol"));
        for (int j = index + 1; !device && j < lines.size() && j <= index + 4; ++j)
            device = lines.at(j).contains(QLatin1String("amdgcn")) ||
                     lines.at(j).contains(QLatin1String("-hip-")) ||
                     lines.at(j).contains(QLatin1String("-gfx"));
        if (device)
            f.deviceLinkUndefined.append(makeLine(n, t));
    }
    if (t.contains(QLatin1String("amdgcn-link")) && !f.deviceLinkUndefined.isEmpty() &&
        roomFor(f.deviceLinkUndefined) && f.deviceLinkUndefined.last().number != n)
        f.deviceLinkUndefined.append(makeLine(n, t));

    // A host compiler given HIP flags or HIP code; CUDA-vs-HIP language mix-ups.
    static const QRegularExpression hostRejects(QStringLiteral(
        R"((?:^|[/\\\s])(?:g\+\+|gcc|c\+\+|cc|cc1plus|cc1|gfortran|x86_64-linux-gnu-g\+\+|x86_64-linux-gnu-gcc|cl)(?:-\d+)?(?:\.exe)?: (?:error|warning): (?:unrecognized|unknown) (?:command[- ]line )?(?:option|argument) [‘'"`]?(?:--offload-arch|-fgpu-rdc|--hip-link|--cuda-gpu-arch|--rocm-path|-mcode-object-version|-munsafe-fp-atomics|-mllvm|-x hip|--hip-device-lib|-fhip))"
        R"(|language hip not recognized)"
        R"(|nvcc fatal\s*:\s*Unknown option [‘'"`]?-?-(?:offload-arch|fgpu-rdc|hip-link|amdgpu-target))"));
    if (hostRejects.match(t).hasMatch() && roomFor(f.wrongCompiler))
        f.wrongCompiler.append(makeLine(n, t));
    static const QRegularExpression language(QStringLiteral(
        R"(unsupported CUDA gpu architecture: gfx|cannot find CUDA installation|cannot find libdevice for|nvcc fatal\s*:\s*Don't know what to do with [‘'"`][^'’"`]*\.hip[’'"`]|GPU arch(?:itecture)? gfx\S* is not supported by CUDA|unknown CUDA offload)"));
    if (language.match(t).hasMatch() && roomFor(f.sourceLanguage))
        f.sourceLanguage.append(makeLine(n, t));
    // HIP's built-ins unknown: the file was compiled as C / C++ / CUDA-less, not as HIP.
    static const QRegularExpression builtins(QStringLiteral(
        R"([‘'`](?:threadIdx|blockIdx|blockDim|gridDim|__syncthreads|__global__|__device__|__shared__|hipLaunchKernelGGL)[’'`] (?:was not declared in this scope|does not name a type)|use of undeclared identifier '(?:threadIdx|blockIdx|blockDim|gridDim|__syncthreads)'|unknown type name '__global__')"));
    if (builtins.match(t).hasMatch() && roomFor(f.hipBuiltinsUnknown))
        f.hipBuiltinsUnknown.append(makeLine(n, t));

    // Device-library functions left undefined: the ROCm device libraries were not linked.
    static const QRegularExpression devLib(QStringLiteral(
        R"(undefined (?:hidden )?symbol: (?:__ockl_|__ocml_|__oclc_|__irif_|__llvm_amdgcn_))"));
    if (devLib.match(t).hasMatch() && roomFor(f.deviceLibsUnlinked))
        f.deviceLibsUnlinked.append(makeLine(n, t));
    static const QRegularExpression fatbinRenamed(
        QStringLiteral(R"(did you mean: __hip_fatbin\w)"));
    if (fatbinRenamed.match(t).hasMatch())
        f.fatbinNameMismatch = true;
    if (t.contains(QLatin1String("HSA_STATUS_ERROR_INVALID_CODE_OBJECT")) &&
        roomFor(f.invalidCodeObject))
        f.invalidCodeObject.append(makeLine(n, t));
}

// A framework's own architecture check and Triton's compile errors.
void frameworkFacts(TextFacts &f, int n, const QString &t, bool /*compilerLine*/,
                    const QStringList &lines, int index) {
    // A framework's own architecture check (PyTorch prints the device and what it was built for).
    static const QRegularExpression framework(
        QStringLiteral(
            R"(with CUDA capability (sm_\d+a?) is not compatible with the current PyTorch installation|which is of cuda capability (\d+)\.(\d+)\.?\s*(?:PyTorch no longer supports|is not supported)|(gfx[0-9a-f]{3,5}) is not (?:in the list of supported|a supported) (?:architectures?|targets?))"),
        QRegularExpression::CaseInsensitiveOption);
    // PyTorch wraps the sentence: "... cuda capability 5.0.\n    PyTorch no longer supports ..."
    const QString withNext =
        index + 1 < lines.size() ? t + QLatin1Char(' ') + lines.at(index + 1).trimmed() : t;
    if (const auto fm = framework.match(withNext);
        fm.hasMatch() && fm.capturedStart() < t.size() && roomFor(f.frameworkArchUnsupported)) {
        f.frameworkArchUnsupported.append(makeLine(n, t));
        QString dev = fm.captured(1);
        if (dev.isEmpty() && !fm.captured(2).isEmpty())
            dev = QStringLiteral("sm_%1%2").arg(fm.captured(2), fm.captured(3));
        if (dev.isEmpty())
            dev = fm.captured(4);
        if (!dev.isEmpty() && !f.deviceTargets.contains(dev))
            f.deviceTargets.append(dev);
    }
    static const QRegularExpression tritonError(QStringLiteral(
        R"(PTXASError|PTXAS error|triton\.compiler\.errors\.\w+|CompilationError: at \d+:\d+|LLD failed|ptxas fatal\s*:.*sm_\d+)"));
    if (tritonError.match(t).hasMatch() && roomFor(f.tritonErrors))
        f.tritonErrors.append(makeLine(n, t));
}

} // namespace

namespace detail {

// Variables set for the run, ROCm releases named, Windows paths, no-GPU answers.
void environmentFacts(TextFacts &f, int n, const QString &t, bool /*compilerLine*/,
                      const QStringList &lines, int index) {
    // Variables the text sets for the run: `export X=Y`, `set X=Y` (Windows), `X=Y ./app`.
    static const QRegularExpression exportVar(QStringLiteral(
        R"(^(?:[\w@.:~/-]*[$#>]\s+)?(?:export\s+|set\s+|\$env:)([A-Z][A-Z0-9_]*(?:VISIBLE_DEVICES|GFX_VERSION[_0-9]*|PLATFORM|DEVICE_ORDINAL|LOG_LEVEL|LAUNCH_BLOCKING))\s*=\s*["']?([^"'\s]*)["']?)"));
    static const QRegularExpression inlineVar(QStringLiteral(
        R"re((?:^|[$#>]\s+|\s)([A-Z][A-Z0-9_]*(?:VISIBLE_DEVICES|GFX_VERSION[_0-9]*|PLATFORM|DEVICE_ORDINAL))=(?:'([^']*)'|"([^"]*)"|(\S*))\s+\S)re"));
    // A value quoted in prose ends at its Markdown backtick or the sentence's stop:
    // "with `export HSA_OVERRIDE_GFX_VERSION=9.0.a`. Result" sets 9.0.a.
    const auto value = [](QString v) {
        while (!v.isEmpty() && QStringLiteral("`'\".,;:)").contains(v.back()))
            v.chop(1);
        return v;
    };
    if (const auto e = exportVar.match(t); e.hasMatch())
        f.envAssignments.append({e.captured(1), value(e.captured(2))});
    else if (const auto iv = inlineVar.match(t); iv.hasMatch())
        f.envAssignments.append(
            {iv.captured(1), value(iv.captured(2) + iv.captured(3) + iv.captured(4))});

    static const QRegularExpression soname(QStringLiteral(R"(\b(lib[\w+-]+\.so\.\d+(?:\.\d+)*))"));
    auto sn = soname.globalMatch(t);
    while (sn.hasNext() && f.sonamesMentioned.size() < 64) {
        const QString name = sn.next().captured(1);
        if (!f.sonamesMentioned.contains(name))
            f.sonamesMentioned << name;
    }
    static const QRegularExpression rocmVersion(
        QStringLiteral(R"(/opt/rocm-(\d+\.\d+(?:\.\d+)?)|_rocm(\d)(\d+)\.(?:so|dll)\b)"));
    auto rv = rocmVersion.globalMatch(t);
    while (rv.hasNext() && f.rocmVersions.size() < 8) {
        const auto m = rv.next();
        const QString v = m.captured(1).isEmpty() ? m.captured(2) + QLatin1Char('.') + m.captured(3)
                                                  : m.captured(1).section(QLatin1Char('.'), 0, 1);
        if (!f.rocmVersions.contains(v))
            f.rocmVersions.append(v);
    }
    static const QRegularExpression namedForRelease(
        QStringLiteral(R"(_rocm\d{2,3}\.(?:so|dll)\b)"));
    if (namedForRelease.match(t).hasMatch() && textSaysError(t) && roomFor(f.releaseNamedLibraries))
        f.releaseNamedLibraries.append(makeLine(n, t));
    static const QRegularExpression winPath(QStringLiteral(R"((?:^|[\s"'(=])[A-Za-z]:[\\/][\w])"));
    if (!f.windows && winPath.match(t).hasMatch())
        f.windows = true;

    // `>>> torch.cuda.is_available()` answered `False` on the next line: no GPU for the runtime.
    if (t.endsWith(QLatin1String("is_available()")) && index + 1 < lines.size() &&
        lines.at(index + 1).trimmed() == QLatin1String("False") && roomFor(f.noDevice))
        f.noDevice.append(makeLine(n, t + QStringLiteral(" → False")));
}

void otherFacts(TextFacts &f, int n, const QString &t, bool compilerLine, const QStringList &lines,
                int index) {
    mathLibraryFacts(f, n, t, compilerLine, lines, index);
    lookAlikeFacts(f, n, t, compilerLine, lines, index);
    buildMixupFacts(f, n, t, compilerLine, lines, index);
    frameworkFacts(f, n, t, compilerLine, lines, index);
    environmentFacts(f, n, t, compilerLine, lines, index);
}

} // namespace detail

} // namespace hd
