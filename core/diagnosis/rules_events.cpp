// Rules that read a text's events (text_events.h) for causes only a producer's own words show:
// an instruction the target lacks, a compiler that does not know the GPU, a device variable
// looked up by name, a C/C++ runtime symbol version the system lacks.

#include "common/engine_text.h"
#include "rules_p.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

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
            R"(Feature '([^']+)' requires (?:\.target )?(sm_\d+a?|PTX ISA version [\d.]+)|(instruction not supported on this GPU|instruction requires a CPU feature not currently enabled|invalid instruction for this target|not supported on this GPU|operands are not valid for this GPU or mode|invalid operand for instruction|unrecognized instruction mnemonic)(?:\s*\(([\w-]+)\))?|Cannot select: intrinsic %?(llvm\.[\w.]+)|needs target feature ([\w.,+-]+))"),
        QRegularExpression::CaseInsensitiveOption);
    QList<const TextEvent *> hits;
    QStringList features;
    QString target;
    for (const TextEvent &e : t.facts.events) {
        if (!e.error || (e.kind != EventKind::CompilerDiagnostic && e.kind != EventKind::LlvmError))
            continue;
        const auto m = feature.match(e.text);
        // "invalid operand" is an assembler's word on a target's feature only in device asm.
        if (m.hasMatch() &&
            (m.captured(3).startsWith(QLatin1String("invalid operand")) ||
             m.captured(3).startsWith(QLatin1String("unrecognized"))) &&
            e.producer != QLatin1String("assembler") && !e.text.startsWith(QLatin1Char('<')))
            continue;
        if (!m.hasMatch() && e.field(QStringLiteral("unsupported-feature")) != QLatin1String("1"))
            continue;
        hits << &e;
        QString what = !m.captured(1).isEmpty()   ? m.captured(1)
                       : !m.captured(3).isEmpty() ? m.captured(3)
                       : !m.captured(5).isEmpty()
                           ? m.captured(5)
                           : QStringLiteral("target feature ") + m.captured(6);
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
        QStringLiteral("build.instruction-not-supported"),
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

// The compiler refused the GPU as too old or unknown to it (arch.target-unsupported).
void refusedFinding(Context &c, const TextInput &t, const TextEvent *refused, const QString &arch) {
    const TextEvent *e = refused;
    Finding f = makeFinding(
        QStringLiteral("arch.target-unsupported"),
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
        Finding l = makeFinding(QStringLiteral("layer.compile-failed"),
                                HD_TEXT("hd::Diagnosis",
                                        "No device code was compiled (the compiler refused the "
                                        "GPU)"),
                                HD_TEXT("hd::Diagnosis", "The failure is in the compile layer."));
        l.evidence = f.evidence;
        c.add(l);
    }
}

// A Triton compile that failed on a GPU older than Triton supports or newer than Triton
// releases before 3.3 know, the device known from elsewhere.
void tritonDeviceFinding(Context &c, const TextInput &t) {
    // A Triton compile that failed on a GPU newer than Triton releases before 3.3 know
    // (Blackwell): the toolchain is the suspect, the device known from elsewhere.
    const TextEvent *failed = nullptr;
    for (const TextEvent &e : t.facts.events)
        if (e.error && e.speaksFor(TextLayer::Triton))
            failed = &e;
    const DeviceInfo *dev = c.devices.isEmpty() ? nullptr : &c.devices.first();
    if (!failed || !dev || !dev->target.isNvidia())
        return;
    const int sm = dev->target.processor.mid(3).toInt();
    if (sm > 0 && sm < 70) {
        // Older than any GPU Triton supports: its fallbacks for them are unmaintained.
        Finding f = makeFinding(
            QStringLiteral("arch.target-unsupported"),
            SeverityChange(Severity::Warning,
                           HD_TEXT("hd::Diagnosis", "read from a failed compile on an old GPU; "
                                                    "Triton itself does not say it")),
            HD_TEXT("hd::Diagnosis", "Triton does not support the GPU (%1)")
                .arg(dev->target.processor),
            HD_TEXT("hd::Diagnosis",
                    "Triton supports NVIDIA GPUs of compute capability 7.0 and newer; its "
                    "compile failed on %1, which is older.")
                .arg(dev->target.processor));
        f.evidence.append(lineEvidence(t.path, failed->firstLine, failed->text));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Run without Triton on this GPU (no torch.compile, eager attention) "
                         "or use a GPU of compute capability 7.0 or newer.");
        c.add(f);
        return;
    }
    if (sm < 100)
        return;
    Finding f = makeFinding(
        QStringLiteral("build.toolkit-too-old"),
        SeverityChange(Severity::Warning,
                       HD_TEXT("hd::Diagnosis", "read from a failed compile on a Blackwell GPU; "
                                                "no message says the architecture is unknown")),
        HD_TEXT("hd::Diagnosis", "Triton may not know the GPU (%1)").arg(dev->target.processor),
        HD_TEXT("hd::Diagnosis",
                "Triton's compile failed on %1, a Blackwell GPU: Triton releases before 3.3 "
                "(and the ptxas they bundle) do not support it, and fail in their passes or "
                "in ptxas.")
            .arg(dev->target.processor));
    f.evidence.append(lineEvidence(t.path, failed->firstLine, failed->text));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Update Triton (3.3 or newer for sm_120), with a PyTorch built for "
                     "CUDA 12.8 or newer; or point TRITON_PTXAS_PATH at a CUDA 12.8+ ptxas.");
    c.add(f);
}

// The compiler does not know the architecture asked for (build.toolkit-too-old).
void unknownArchFinding(Context &c, const TextInput &t, const TextEvent *unknown,
                        const QString &arch) {
    // clang handed a gfx target as a CUDA architecture is a language mix-up
    // (build.source-language), not an old toolkit.
    if (arch.startsWith(QLatin1String("gfx")) &&
        unknown->text.contains(QLatin1String("CUDA"), Qt::CaseInsensitive))
        return;
    // An NVIDIA architecture asked of ptxas / nvcc on a machine whose GPU is AMD: an NVIDIA
    // toolchain or backend (a Triton package built for CUDA) is in use where the ROCm one should
    // be, which a newer toolkit would not change.
    if (arch.startsWith(QLatin1String("sm_")) &&
        std::any_of(c.devices.cbegin(), c.devices.cend(), [](const DeviceInfo &d) {
            return d.target.processor.startsWith(QLatin1String("gfx"));
        }))
        return;
    Finding f = makeFinding(
        QStringLiteral("build.toolkit-too-old"),
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

// A compiler that does not know the GPU: Triton refusing an old GPU, Triton's ptxas not knowing
// a new one (arch.target-unsupported); nvcc / clang not knowing the architecture a build asks
// for (build.toolkit-too-old).
void targetUnsupportedRule(Context &c, const TextInput &t) {
    static const QRegularExpression tooOld(
        QStringLiteral(
            R"(too old to be supported by the triton GPU compiler|(?:compute )?capability (?:[1-6]\.\d|[1-6]\d) (?:is )?not supported|capability < ?(?:70|7\.0)|Triton only supports devices of CUDA Capability|unsupported target:?\s*'?gfx\w+|is not supported by Triton|Triton does not support)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression unknownArch(
        QStringLiteral(
            R"(Unsupported gpu architecture '((?:compute|sm)_\d+a?)'|computeCapability not supported|unsupported CUDA gpu architecture:\s*(sm_\d+a?)|Value '(sm_\d+a?)' is not defined for option 'gpu-name'|unsupported HIP gpu architecture:\s*(gfx\w+)|No such target '(gfx\w+)'|(?:invalid|unknown) target ID:?\s*'?(gfx\w+))"),
        QRegularExpression::CaseInsensitiveOption);
    // LLVM's warning when the target it is asked for is newer than it (a framework's bundled
    // LLVM, e.g. an older Triton's on sm_120); it only counts when the compile then failed.
    static const QRegularExpression notRecognized(
        QStringLiteral(R"('((?:sm_\d+a?|gfx\w+))' is not a recognized processor for this target)"));
    const bool compileFailed =
        std::any_of(t.facts.events.cbegin(), t.facts.events.cend(), [](const TextEvent &e) {
            return e.error && (e.speaksFor(TextLayer::Compiler) || e.speaksFor(TextLayer::Triton));
        });
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
        if (!unknown && compileFailed)
            if (const auto m = notRecognized.match(e.text); m.hasMatch()) {
                unknown = &e;
                arch = m.captured(1);
            }
    }
    if (refused)
        refusedFinding(c, t, refused, arch);
    else if (!unknown && triton)
        tritonDeviceFinding(c, t);
    else if (unknown)
        unknownArchFinding(c, t, unknown, arch);
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
            QStringLiteral("symbol.variable-not-found"),
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
            QStringLiteral("runtime.symbol-version-missing"),
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

// A CUDA driver entry point the program looks up is missing: the driver (libcuda / nvcuda.dll)
// is older than the driver API the program or its runtime was written against.
void driverEntryPointRule(Context &c, const TextInput &t) {
    for (const TextEvent &e : t.facts.events) {
        if (e.kind != EventKind::LoaderMessage ||
            e.field(QStringLiteral("driver-entry-point")) != QLatin1String("1"))
            continue;
        const QString symbol = e.field(QStringLiteral("symbol"));
        Finding f = makeFinding(
            QStringLiteral("runtime.driver-too-old"),
            HD_TEXT("hd::Diagnosis", "The GPU driver lacks %1").arg(symbol),
            HD_TEXT("hd::Diagnosis",
                    "%1 is a CUDA driver API function: the program (or its runtime) looks it "
                    "up in the installed driver's library and it is not there, so the driver is "
                    "older than the API the program was built for.")
                .arg(symbol));
        f.evidence.append(lineEvidence(t.path, e.firstLine, e.text));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Update the NVIDIA driver (nvidia-smi shows the installed one and the "
                         "newest CUDA it supports), or use a release of the program built for "
                         "an older CUDA.");
        c.add(f);
        return;
    }
}

// The driver refusing PTX newer than its JIT (CUDA error 222, in the runtime's words or a
// wrapper's: Blender's "Failed to load CUDA kernel from '….ptx' (Unsupported PTX version)"):
// the driver is older than the toolkit that made the PTX (issue 42).
void ptxNewerThanDriverRule(Context &c, const TextInput &t) {
    static const QRegularExpression re(QStringLiteral(
        R"(Unsupported PTX version|PTX was compiled with an unsupported toolchain|UNSUPPORTED_PTX_VERSION|cudaErrorUnsupportedPtxVersion)"));
    const TextEvent *e = firstErrorMatching(t, re);
    if (!e)
        return;
    Finding f = makeFinding(
        QStringLiteral("runtime.driver-too-old"),
        HD_TEXT("hd::Diagnosis", "The GPU driver is older than the PTX it is given"),
        HD_TEXT("hd::Diagnosis",
                "The driver compiles PTX at load time and refuses PTX of a newer ISA "
                "version than it knows: the program's kernels were built by a CUDA toolkit "
                "newer than the installed driver supports."));
    f.evidence.append(lineEvidence(t.path, e->firstLine, e->text));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Update the NVIDIA driver to one that supports the toolkit the program "
                     "was built with (nvidia-smi shows the newest CUDA the driver supports), "
                     "or use a build of the program made with an older toolkit or with SASS "
                     "for the GPU.");
    c.add(f);
}

// nvcc / clang refusing the host compiler or its headers ("unsupported GNU version!").
void hostCompilerRule(Context &c, const TextInput &t) {
    static const QRegularExpression re(QStringLiteral(
        R"(unsupported GNU version|unsupported Microsoft Visual Studio version|unsupported clang version|(?:gcc|GCC|g\+\+|clang|MSVC|Visual Studio) versions? (?:later|newer|earlier|older) than [\d.]+ (?:are|is) not supported|CUDA version (?:[\d.]+ )?is newer than the latest (?:partially )?supported version|-allow-unsupported-compiler)"));
    const TextEvent *e = firstErrorMatching(t, re);
    if (!e)
        return;
    Finding f = makeFinding(
        QStringLiteral("build.host-compiler-unsupported"),
        HD_TEXT("hd::Diagnosis", "The GPU compiler refuses the host compiler"),
        HD_TEXT("hd::Diagnosis",
                "nvcc (or clang's CUDA mode) checks the host compiler's version and stops "
                "when it is newer or older than the toolkit supports; nothing was compiled."));
    f.evidence.append(lineEvidence(t.path, e->firstLine, e->text));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Give nvcc a supported host compiler (-ccbin g++-11, NVCC_CCBIN, "
                     "CMAKE_CUDA_HOST_COMPILER), or install a toolkit release that supports "
                     "this one; -allow-unsupported-compiler only skips the check.");
    c.add(f);
}

// A Python binding of one release driving the library of another: the module lacks a function
// the other release's code calls (amd-smi from ROCm 7.2 importing 6.2's amdsmi package).
void bindingMismatchRule(Context &c, const TextInput &t) {
    static const QRegularExpression re(QStringLiteral(
        R"(AttributeError: module '((?:amdsmi|rocm_smi|rsmi|pyrsmi|pyamdgpuinfo|hip|hip_python|pynvml|cuda)[\w.]*)' has no attribute '(\w+)')"));
    for (const TextEvent &e : t.facts.events) {
        const auto m = re.match(e.text);
        if (!m.hasMatch())
            continue;
        Finding f = makeFinding(
            QStringLiteral("runtime.mixed-installs"),
            HD_TEXT("hd::Diagnosis", "The Python module %1 is from another release than its "
                                     "caller (no %2)")
                .arg(m.captured(1), m.captured(2)),
            HD_TEXT("hd::Diagnosis",
                    "The code calls %2, which the %1 package it imported does not have: the "
                    "package was installed with another ROCm / CUDA release than the tool or "
                    "library calling it (side-by-side installs, a pip package left behind).")
                .arg(m.captured(1), m.captured(2)));
        f.evidence.append(lineEvidence(t.path, e.firstLine, e.text));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Find which copy is imported (python3 -c 'import %1; print(%1.__file__)') "
                         "and keep the one of the release in use (pip uninstall the stale "
                         "package; reinstall from /opt/rocm-X.Y/share/...).")
                     .arg(m.captured(1).section(QLatin1Char('.'), 0, 0));
        c.add(f);
        return;
    }
}

// Code 35 (driver insufficient) in a container or from the device count: the host driver's
// libraries may not be visible (no nvidia-docker / --gpus), which gives the same code as an
// old driver.
void containerDriverRule(Context &c, const TextInput &t) {
    const TextEvent *hit = nullptr;
    for (const TextEvent &e : t.facts.events)
        if (e.kind == EventKind::RuntimeResult &&
            e.field(QStringLiteral("meaning")) == QLatin1String("hipErrorInsufficientDriver"))
            hit = &e;
    if (!hit)
        return;
    static const QRegularExpression container(
        QStringLiteral(R"(\bdocker\b|\bpodman\b|--device[= ]|container|\bnvidia-docker\b)"),
        QRegularExpression::CaseInsensitiveOption);
    const bool inContainer =
        std::any_of(t.facts.events.cbegin(), t.facts.events.cend(),
                    [](const TextEvent &e) { return container.match(e.text).hasMatch(); }) ||
        std::any_of(t.facts.commands.cbegin(), t.facts.commands.cend(),
                    [](const CommandLine &cmd) { return container.match(cmd.raw).hasMatch(); }) ||
        std::any_of(t.facts.exceptionLines.cbegin(), t.facts.exceptionLines.cend(),
                    [](const TextLine &l) { return container.match(l.text).hasMatch(); }) ||
        container.match(t.path).hasMatch();
    // Counting the devices is where a missing driver shows first.
    static const QRegularExpression countCall(QStringLiteral(
        R"(^(?:cudaGetDeviceCount|cuInit|cuDeviceGetCount|hipGetDeviceCount|hipInit)$)"));
    if (!inContainer && !countCall.match(hit->field(QStringLiteral("api"))).hasMatch())
        return;
    Finding f = makeFinding(
        QStringLiteral("runtime.no-device"),
        SeverityChange(Severity::Warning,
                       HD_TEXT("hd::Diagnosis", "code 35 also means a driver that is too old; "
                                                "the text does not tell which")),
        HD_TEXT("hd::Diagnosis", "In a container, \"driver insufficient\" can mean no driver"),
        HD_TEXT("hd::Diagnosis",
                "Inside a container the runtime reports code 35 as well when the host's driver "
                "libraries (libcuda) are not mounted: it then sees no usable GPU at all."));
    f.evidence.append(lineEvidence(t.path, hit->firstLine, hit->text));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Start the container with the NVIDIA container runtime (docker run --gpus "
                     "all, or nvidia-docker), which mounts the driver's libraries; --device "
                     "flags alone do not.");
    c.add(f);
}

// A hexdump of the module the program loads, showing a compressed offload bundle ("CCOB"):
// runtimes before ROCm 6.2 cannot read it.
void hexdumpRule(Context &c, const TextInput &t) {
    for (const TextEvent &e : t.facts.events) {
        if (e.kind != EventKind::Hexdump || !e.field(QStringLiteral("magic"))
                                                 .split(QLatin1Char(' '))
                                                 .contains(QStringLiteral("CCOB")))
            continue;
        Finding f = makeFinding(
            QStringLiteral("bundle.compressed"),
            SeverityChange(Severity::Warning,
                           HD_TEXT("hd::Diagnosis", "a dump does not say which runtime reads "
                                                    "the file")),
            HD_TEXT("hd::Diagnosis", "The dump shows a compressed offload bundle (CCOB)"),
            HD_TEXT("hd::Diagnosis",
                    "The bytes start with the magic of a compressed clang offload bundle "
                    "(--offload-compress). HIP runtimes before ROCm 6.2 cannot read it and "
                    "report an invalid image or no code object for the device."));
        f.evidence.append(lineEvidence(t.path, e.firstLine, e.text));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Run with a ROCm 6.2 or newer runtime, or rebuild without "
                         "--offload-compress (or unpack it with clang-offload-bundler "
                         "-unbundle).");
        c.add(f);
        return;
    }
}

// ld warning that a link pulls in two major versions of a ROCm / CUDA library.
void linkConflictRule(Context &c, const TextInput &t) {
    static const QRegularExpression re(
        QStringLiteral(
            R"(warning: (lib(?:amdhip64|hsa-runtime64|rocblas|hipblas\w*|miopen\w*|roc\w+|hip\w+|cudart|cuda|cublas\w*|amd_comgr|rocm\w*)\.so\.\d+)[^,]*, needed by (\S+), may conflict with (lib\w+\.so\.\d+))"),
        QRegularExpression::CaseInsensitiveOption);
    for (const TextEvent &e : t.facts.events) {
        const auto m = re.match(e.text);
        if (!m.hasMatch())
            continue;
        Finding f = makeFinding(
            QStringLiteral("runtime.mixed-installs"),
            HD_TEXT("hd::Diagnosis", "The link mixes %1 and %2").arg(m.captured(1), m.captured(3)),
            HD_TEXT("hd::Diagnosis",
                    "%2 needs %1 while the link also uses %3: libraries of two releases are "
                    "on the search path (a stale system install beside /opt/rocm).")
                .arg(m.captured(1), fileName(m.captured(2)), m.captured(3)));
        f.evidence.append(lineEvidence(t.path, e.firstLine, e.text));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Remove the stale release's libraries from the search path (-L, "
                         "LD_LIBRARY_PATH, /etc/ld.so.conf.d) so that one release is linked.");
        c.add(f);
        return;
    }
}

} // namespace

const QList<Rule> &eventRuleList() {
    static const QList<Rule> rules{
        {"text/unsupported-instruction",
         RuleScope::Text,
         {QStringLiteral("build.instruction-not-supported")},
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
        {"text/host-compiler",
         RuleScope::Text,
         {QStringLiteral("build.host-compiler-unsupported")},
         [](Context &c, const RuleInput &in) { hostCompilerRule(c, *in.text); }},
        {"text/binding-mismatch",
         RuleScope::Text,
         {QStringLiteral("runtime.mixed-installs")},
         [](Context &c, const RuleInput &in) { bindingMismatchRule(c, *in.text); }},
        {"text/container-driver",
         RuleScope::Text,
         {QStringLiteral("runtime.no-device")},
         [](Context &c, const RuleInput &in) { containerDriverRule(c, *in.text); }},
        {"text/hexdump",
         RuleScope::Text,
         {QStringLiteral("bundle.compressed")},
         [](Context &c, const RuleInput &in) { hexdumpRule(c, *in.text); }},
        {"text/link-conflict",
         RuleScope::Text,
         {QStringLiteral("runtime.mixed-installs")},
         [](Context &c, const RuleInput &in) { linkConflictRule(c, *in.text); }},
        {"text/ptx-newer-than-driver",
         RuleScope::Text,
         {QStringLiteral("runtime.driver-too-old")},
         [](Context &c, const RuleInput &in) { ptxNewerThanDriverRule(c, *in.text); }},
        {"text/driver-entry-point",
         RuleScope::Text,
         {QStringLiteral("runtime.driver-too-old")},
         [](Context &c, const RuleInput &in) { driverEntryPointRule(c, *in.text); }},
        {"text/symbol-version",
         RuleScope::Text,
         {QStringLiteral("runtime.symbol-version-missing")},
         [](Context &c, const RuleInput &in) { symbolVersionRule(c, *in.text); }},
    };
    return rules;
}

} // namespace hd::detail
