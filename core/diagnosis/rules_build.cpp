// Rules on build output in text inputs: compiler, linker and build-system lines, the command
// lines they ran (docs/findings.md, "Build" and "Layers of a text").

#include "common/engine_text.h"
#include "rules_p.h"

#include <QRegularExpression>
#include <QSet>

namespace hd::detail {

namespace {

// __hip_fatbin undefined: -fgpu-rdc without --hip-link; hip* undefined at link: no runtime.
void undefinedAtLinkRule(Context &c, const TextInput &t) {
    // lld found __hip_fatbin_ instead: the device object exists under another name (a stub of
    // another compiler release), not a missing device link.
    bool rdcReported = t.facts.fatbinNameMismatch, linkReported = false;
    for (const TextFacts::UndefinedSymbol &u : t.facts.undefinedSymbols) {
        if (!isHipLinkFailure(u))
            continue;
        if (u.linkTime && u.symbol.startsWith(QLatin1String("__hip_fatbin"))) {
            if (rdcReported)
                continue;
            rdcReported = true;
            Finding f = makeFinding(
                QStringLiteral("build.rdc-link"),
                HD_TEXT("hd::Diagnosis", "-fgpu-rdc objects were linked without --hip-link"),
                HD_TEXT("hd::Diagnosis",
                        "Objects compiled with -fgpu-rdc keep their device code as "
                        "bitcode; only a device link (--hip-link) creates %1. The host "
                        "linker leaves it undefined.")
                    .arg(u.symbol));
            f.evidence.append(lineEvidence(t.path, u.line));
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Link with hipcc/clang and --hip-link -fgpu-rdc "
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
                QStringLiteral("build.runtime-not-on-link-line"),
                HD_TEXT("hd::Diagnosis", "The link misses the HIP runtime (undefined %1)")
                    .arg(u.symbol),
                HD_TEXT("hd::Diagnosis",
                        "Objects compiled by hipcc -c call the runtime (%1); a link with "
                        "g++/ld/clang++ does not add libamdhip64 on its own.")
                    .arg(syms.mid(0, 6).join(QStringLiteral(", "))));
            f.evidence.append(lineEvidence(t.path, u.line));
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Add -lamdhip64 (and -L/opt/rocm/lib or the directory holding "
                             "it) to the link line, or link with hipcc.");
            c.add(f);
            continue;
        }
    }
}

// A __device__ / __constant__ variable of another file, used where it is not defined: without
// -fgpu-rdc each file's device code is linked alone, and hipcc's link leaves it undefined.
void deviceVariableLinkRule(Context &c, const TextInput &t) {
    int hipccCompiles = 0;
    bool rdc = false;
    for (const CommandLine &cmd : t.facts.commands) {
        if (cmd.tool.startsWith(QLatin1String("hipcc")) && cmd.compilesOnly())
            ++hipccCompiles;
        rdc = rdc || cmd.has(QStringLiteral("-fgpu-rdc"));
    }
    if (hipccCompiles < 2 || rdc)
        return;
    for (const TextFacts::UndefinedSymbol &u : t.facts.undefinedSymbols) {
        // A variable: no parameter list, not the runtime's.
        if (!u.linkTime || u.demangled.contains(QLatin1Char('(')) || isHipRuntimeSymbol(u.symbol) ||
            u.symbol.startsWith(QLatin1String("__hip")))
            continue;
        Finding f = makeFinding(
            QStringLiteral("build.rdc-link"),
            SeverityChange(Severity::Warning,
                           HD_TEXT("hd::Diagnosis", "the log does not show that another file "
                                                    "defines it")),
            HD_TEXT("hd::Diagnosis", "%1 is used in another file than the one defining it, "
                                     "without -fgpu-rdc")
                .arg(u.demangled),
            HD_TEXT("hd::Diagnosis",
                    "The files were compiled by hipcc without relocatable device code, so each "
                    "file's device code is linked alone; a __device__ / __constant__ variable "
                    "defined in one file is undefined in the others."));
        f.evidence.append(lineEvidence(t.path, u.line));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Compile every file with -fgpu-rdc and link with hipcc -fgpu-rdc "
                         "--hip-link, or define the variable in the file that uses it.");
        c.add(f);
        return;
    }
}

// Device code calling a function of another translation unit without -fgpu-rdc: each file's
// device code is linked alone, and lld cannot find the other file's function.
void deviceLinkRule(Context &c, const TextInput &t) {
    // __ockl_* and friends come from the device libraries, not from another file.
    if (t.facts.deviceLinkUndefined.isEmpty() ||
        t.facts.deviceLinkUndefined.size() <= t.facts.deviceLibsUnlinked.size())
        return;
    Finding f = makeFinding(
        QStringLiteral("build.rdc-link"),
        HD_TEXT("hd::Diagnosis",
                "Device code calls a function of another file, built without -fgpu-rdc"),
        HD_TEXT("hd::Diagnosis",
                "Without relocatable device code every translation unit's device code is "
                "linked on its own (amdgcn-link / lld), so a __device__ function defined "
                "in another file stays undefined."));
    for (const TextLine &l : t.facts.deviceLinkUndefined.mid(0, 4))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Compile every file with -fgpu-rdc and link with hipcc -fgpu-rdc "
                     "--hip-link --offload-arch=<gfx...> (CMake: set "
                     "HIP_SEPARABLE_COMPILATION / CUDA_SEPARABLE_COMPILATION ON).")
          << HD_TEXT("hd::Diagnosis",
                     "Or define the __device__ function in a header (inline) so every "
                     "file has its own copy.");
    c.add(f);
}

// HIP flags or HIP code given to a host compiler (g++/gcc/cl) or to nvcc.
void wrongCompilerRule(Context &c, const TextInput &t) {
    QList<TextLine> lines = t.facts.wrongCompiler;
    // HIP built-ins unknown with no hipcc in sight: a host compiler got the HIP source.
    if (!hasHipccCommand(t.facts))
        lines += t.facts.hipBuiltinsUnknown;
    static const QStringList hipFlags{QStringLiteral("--offload-arch"), QStringLiteral("-fgpu-rdc"),
                                      QStringLiteral("--hip-link"), QStringLiteral("--rocm-path")};
    for (const CommandLine &cmd : t.facts.commands) {
        const bool host = cmd.tool == QLatin1String("g++") || cmd.tool == QLatin1String("gcc") ||
                          cmd.tool == QLatin1String("c++") || cmd.tool == QLatin1String("cc");
        const bool hipFlag = std::any_of(hipFlags.cbegin(), hipFlags.cend(),
                                         [&](const QString &fl) { return cmd.has(fl); }) ||
                             (cmd.value(QStringLiteral("-x")) == QLatin1String("hip"));
        if (host && hipFlag && !cmd.fromVerbose)
            lines.append({cmd.lineNumber, cmd.raw});
    }
    if (lines.isEmpty())
        return;
    Finding f = makeFinding(
        QStringLiteral("build.wrong-compiler"),
        HD_TEXT("hd::Diagnosis", "HIP code or HIP flags went to a compiler that is not HIP's"),
        HD_TEXT("hd::Diagnosis",
                "Only hipcc / amdclang++ (clang with -x hip) compile HIP: g++ and gcc do "
                "not know --offload-arch, -fgpu-rdc or __global__, and nvcc does not "
                "take clang's offload flags."));
    for (const TextLine &l : lines.mid(0, 4))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << HD_TEXT("hd::Diagnosis", "Compile the HIP sources with hipcc (or CMake: "
                                      "enable_language(HIP) with the files marked LANGUAGE HIP, or "
                                      "CMAKE_CXX_COMPILER=hipcc / amdclang++).")
          << HD_TEXT("hd::Diagnosis", "Keep HIP-only flags off the host compiler's command lines.");
    c.add(f);
}

// .cu files compiled as CUDA by clang (no -x hip), or .hip files handed to nvcc without -x cu.
void sourceLanguageRule(Context &c, const TextInput &t) {
    QList<TextLine> lines = t.facts.sourceLanguage;
    // hipcc itself compiled the file, yet HIP's built-ins are unknown: it was compiled as C
    // (a .c file), or as host C++ on the NVIDIA platform (no -x cu).
    if (hasHipccCommand(t.facts))
        lines += t.facts.hipBuiltinsUnknown;
    if (lines.isEmpty())
        return;
    const bool nvcc =
        hipOnNvidia(c) || std::any_of(lines.cbegin(), lines.cend(), [](const TextLine &l) {
            return l.text.contains(QLatin1String("nvcc"));
        });
    Finding f = makeFinding(
        QStringLiteral("build.source-language"),
        nvcc ? HD_TEXT("hd::Diagnosis", "The HIP source was not compiled as CUDA by nvcc")
             : HD_TEXT("hd::Diagnosis", "The source was compiled in another language than HIP"),
        nvcc ? HD_TEXT("hd::Diagnosis",
                       "On the NVIDIA platform hipcc calls nvcc, which compiles only .cu "
                       "files (or -x cu) as CUDA; a .hip or .cpp file is left to the host "
                       "compiler, which knows no threadIdx or __global__.")
             : HD_TEXT("hd::Diagnosis",
                       "The compiler picks the language from the file name: a .c file "
                       "is C and a .cu file is CUDA for clang, so HIP's built-ins are "
                       "unknown or a CUDA installation is looked for. HIP needs -x hip "
                       "(or a .hip / .cpp file given to hipcc)."));
    for (const TextLine &l : lines.mid(0, 4))
        f.evidence.append(lineEvidence(t.path, l));
    if (nvcc)
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Pass -x cu before the .hip files (hipcc -x cu x.hip), or rename "
                         "them .cu for the NVIDIA build.");
    else
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Add -x hip before the .cu files (clang++ -x hip x.cu "
                         "--offload-arch=gfx...), or compile with hipcc; in CMake mark the "
                         "files LANGUAGE HIP.");
    c.add(f);
}

// Device-library functions (__ockl_*, __ocml_*) undefined at the device link: the ROCm device
// libraries were left out (-nogpulib / -nocudalib, hipRTC options) or not found.
void deviceLibsUnlinkedRule(Context &c, const TextInput &t) {
    if (t.facts.deviceLibsUnlinked.isEmpty() || !t.facts.deviceLibsMissing.isEmpty())
        return;
    Finding f = makeFinding(
        QStringLiteral("build.device-libs-missing"),
        HD_TEXT("hd::Diagnosis", "The device link misses the ROCm device libraries"),
        HD_TEXT("hd::Diagnosis",
                "Functions of the device libraries (ockl, ocml, oclc) stayed undefined: "
                "the libraries were not linked into the code object — an option such "
                "as -nogpulib / -nocudalib (also through hipRTC), or a device-library "
                "path that does not hold them."));
    for (const TextLine &l : t.facts.deviceLibsUnlinked.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Drop -nogpulib / -nocudalib from the compile (or hipRTC) options, or "
                     "give --rocm-device-lib-path=<dir with ockl.bc>.");
    c.add(f);
}

// The Triton stage a failing event names, and the event that names it.
const TextEvent *tritonFailure(const TextInput &t) {
    const TextEvent *first = nullptr;
    for (const TextEvent &e : t.facts.events) {
        if (!e.error || !e.speaksFor(TextLayer::Triton))
            continue;
        if (!first)
            first = &e;
        if (!e.field(QStringLiteral("stage")).isEmpty())
            return &e;
    }
    return first;
}

// A Triton compile that failed in a text alone (no cache given): the stage from the event that
// failed (an MLIR pass, ptxas, lld, LLVM under a Triton traceback) or from the traceback.
void tritonTextRule(Context &c, const TextInput &t) {
    const TextEvent *ev = tritonFailure(t);
    if (!c.caches.isEmpty() || (!t.tritonStage && t.facts.tritonErrors.isEmpty() && !ev))
        return;
    QString stage = t.tritonStage ? t.tritonStage->stage : QString();
    if (stage.isEmpty() && ev)
        stage = ev->field(QStringLiteral("stage"));
    const TextLine first = ev ? TextLine{ev->firstLine, ev->text}
                           : t.facts.tritonErrors.isEmpty()
                               ? TextLine{t.tritonStage->errorLineNumber, t.tritonStage->errorLine}
                               : t.facts.tritonErrors.first();
    if (stage.isEmpty() && first.text.contains(QLatin1String("ptxas"), Qt::CaseInsensitive))
        stage = QStringLiteral("cubin");
    Finding f = makeFinding(
        QStringLiteral("triton.stage-failed"),
        HD_TEXT("hd::Diagnosis", "Triton failed while compiling a kernel%1")
            .arg(stage.isEmpty() ? QString() : QStringLiteral(" (stage .%1)").arg(stage)),
        HD_TEXT("hd::Diagnosis",
                "The kernel never reached the GPU: Triton's compile pipeline stopped%1. "
                "This is the compile layer, not a load failure.")
            .arg(ev && !ev->producer.isEmpty() && ev->producer != QLatin1String("triton")
                     ? HD_TEXT("hd::Diagnosis", " in %1").arg(ev->producer)
                 : ev && !ev->field(QStringLiteral("pass")).isEmpty()
                     ? HD_TEXT("hd::Diagnosis", " in the pass %1")
                           .arg(ev->field(QStringLiteral("pass")))
                     : QString()));
    f.evidence.append(lineEvidence(t.path, first));
    for (const TextLine &l : t.facts.tritonErrors.mid(0, 3))
        if (l.number != first.number)
            f.evidence.append(lineEvidence(t.path, l));
    if (stage == QLatin1String("cubin"))
        f.fix << HD_TEXT("hd::Diagnosis",
                         "If ptxas does not know the GPU's target: point TRITON_PTXAS_PATH at "
                         "the ptxas of a CUDA release that supports it, or update Triton.");
    else if (!stage.isEmpty())
        f.fix << HD_TEXT("hd::Diagnosis",
                         "A failure inside Triton's compiler (make_%1) is Triton's: try another "
                         "Triton release, or change the kernel's parameters (block sizes, "
                         "num_warps, num_stages) around the operation named.")
                     .arg(stage);
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Reproduce with TRITON_ALWAYS_COMPILE=1 and an empty TRITON_CACHE_DIR, "
                     "then give the cache folder to `hipdoctor-cli diagnose` for the "
                     "stage-by-stage view.");
    c.add(f);
    if (t.tritonStage)
        return; // triton/traceback says the compile layer failed
    Finding l = makeFinding(
        QStringLiteral("layer.compile-failed"),
        HD_TEXT("hd::Diagnosis", "No device code object was produced (Triton failed%1)")
            .arg(stage.isEmpty() ? QString() : QStringLiteral(" at make_%1").arg(stage)),
        HD_TEXT("hd::Diagnosis", "The failure is in the compile layer."));
    l.evidence = f.evidence;
    l.fix = f.fix;
    c.add(l);
}

bool isCompileDriver(const CommandLine &cmd) {
    return cmd.tool.startsWith(QLatin1String("hipcc")) ||
           cmd.tool.startsWith(QLatin1String("clang")) ||
           cmd.tool.startsWith(QLatin1String("amdclang"));
}

// Why a finding read from a command line alone is a warning.
Text commandLineOnly() {
    return HD_TEXT("hd::Diagnosis", "read from the command line, not from a link error");
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

// The -target-cpu of `-###` cc1 jobs for amdgcn: what clang built device code for.
QStringList cc1AmdgcnTargets(const TextFacts &tf) {
    QStringList defaults;
    for (const CommandLine &cmd : tf.commands) {
        if (!cmd.isCc1)
            continue;
        const QString triple = cmd.value(QStringLiteral("-triple"));
        const QString cpu = cmd.value(QStringLiteral("-target-cpu"));
        if (triple.startsWith(QLatin1String("amdgcn")) && !cpu.isEmpty() && !defaults.contains(cpu))
            defaults.append(cpu);
    }
    return defaults;
}

// clang's replacement for one nvcc-only option.
Text nvccFlagReplacement(const QString &fl) {
    Text repl;
    if (fl.contains(QLatin1String("lambda")))
        repl = HD_TEXT("hd::Diagnosis",
                       "remove it (clang supports extended __device__ lambdas by default)");
    else if (fl.contains(QLatin1String("relaxed-constexpr")))
        repl = HD_TEXT("hd::Diagnosis",
                       "remove it (clang allows constexpr host functions in device code)");
    else if (fl.startsWith(QLatin1String("-gencode")) || fl.startsWith(QLatin1String("-arch")) ||
             fl.startsWith(QLatin1String("--gpu-architecture")) ||
             fl.startsWith(QLatin1String("-code")) ||
             fl.startsWith(QLatin1String("--generate-code")))
        repl = HD_TEXT("hd::Diagnosis", "use --offload-arch=<gfx...> for each AMD GPU instead");
    else if (fl.startsWith(QLatin1String("-Xcompiler")) ||
             fl.startsWith(QLatin1String("--compiler-options")))
        repl = HD_TEXT("hd::Diagnosis",
                       "pass the host option directly (clang compiles host and device)");
    else if (fl.contains(QLatin1String("fast_math")))
        repl = HD_TEXT("hd::Diagnosis", "use -ffast-math");
    else if (fl.startsWith(QLatin1String("-rdc")) ||
             fl.startsWith(QLatin1String("--relocatable-device-code")) ||
             fl == QLatin1String("-dc") || fl == QLatin1String("--device-c"))
        repl = HD_TEXT("hd::Diagnosis", "use -fgpu-rdc (and --hip-link when linking)");
    else if (fl == QLatin1String("-lineinfo") || fl == QLatin1String("--generate-line-info"))
        repl = HD_TEXT("hd::Diagnosis", "use -g (or -gline-tables-only)");
    else if (fl.startsWith(QLatin1String("-Xptxas")) ||
             fl.startsWith(QLatin1String("--ptxas-options")) ||
             fl.startsWith(QLatin1String("-maxrregcount")) ||
             fl.startsWith(QLatin1String("--maxrregcount")))
        repl = HD_TEXT("hd::Diagnosis", "remove it (use __launch_bounds__ to limit registers)");
    else
        repl = HD_TEXT("hd::Diagnosis", "remove it or find the clang equivalent");
    return repl;
}

void nvccFlagRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (hipOnNvidia(c))
        return; // hipcc hands them to nvcc, which takes them
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
        Finding f =
            makeFinding(QStringLiteral("build.nvcc-flags"),
                        HD_TEXT("hd::Diagnosis", "nvcc-only options given to hipcc/clang: %1")
                            .arg(flags.join(QStringLiteral(", "))),
                        HD_TEXT("hd::Diagnosis",
                                "hipcc passes its options to clang, which does not know nvcc's (%1 "
                                "option(s)); they fail the build or are silently dropped.")
                            .arg(flags.size()));
        f.evidence = flagEvidence.mid(0, 10);
        for (const QString &fl : flags)
            f.fix << Text(QStringLiteral("%1: %2")).arg(fl, nvccFlagReplacement(fl));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Keep CUDA-only flags behind a HIP_PLATFORM=nvidia / CUDA branch "
                         "of the build.");
        c.add(f);
    }
}

void noOffloadArchRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    const QStringList defaults = cc1AmdgcnTargets(tf);
    for (const CommandLine &cmd : tf.commands) {
        if (!isCompileDriver(cmd) || cmd.isCc1 || !cmd.hasHipSource())
            continue;
        if (!cmd.offloadArchs().isEmpty() || cmd.has(QStringLiteral("--cuda-host-only")) ||
            cmd.has(QStringLiteral("--offload-host-only")) || cmd.has(QStringLiteral("-E")))
            continue;
        // hipcc -v's own echo of a user command also shows as hipcc-cmd with the arch added
        Finding f = makeFinding(
            QStringLiteral("build.no-offload-arch"),
            HD_TEXT("hd::Diagnosis", "HIP compile without --offload-arch (line %1)")
                .arg(cmd.lineNumber),
            HD_TEXT("hd::Diagnosis",
                    "Without --offload-arch, hipcc builds for the GPUs rocm_agent_enumerator "
                    "finds on the build host, and clang's default (%1) when there are "
                    "none: the binary then carries no code object for the real GPU.")
                .arg(defaults.isEmpty()
                         ? HD_TEXT("hd::Diagnosis", "gfx803 with clang ≤ 16, gfx906 later")
                         : defaults.join(QStringLiteral(", "))));
        f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Add --offload-arch=<gfx...> for every GPU you run on (e.g. "
                         "--offload-arch=gfx90a --offload-arch=gfx1100); `rocminfo | grep "
                         "gfx` on the GPU machine names it.");
        c.add(f);
        break;
    }
}

void defaultTargetTextRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    const QStringList defaults = cc1AmdgcnTargets(tf);
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
                QStringLiteral("arch.default-target"),
                HD_TEXT("hd::Diagnosis", "The compile built device code only for %1")
                    .arg(defaults.join(QStringLiteral(", "))),
                HD_TEXT("hd::Diagnosis",
                        "The compiler jobs (-###) target only %1, clang's default when no "
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
            f.fix << HD_TEXT("hd::Diagnosis", "Pass --offload-arch=<gfx...> explicitly.");
            c.add(f);
        }
    }
}

void rdcLinkLineRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
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
                QStringLiteral("build.rdc-link"),
                SeverityChange(Severity::Warning, commandLineOnly()),
                HD_TEXT("hd::Diagnosis", "-fgpu-rdc objects linked without --hip-link (line %1)")
                    .arg(cmd.lineNumber),
                HD_TEXT("hd::Diagnosis",
                        "The build compiles with -fgpu-rdc, and this link line has no "
                        "--hip-link: the device code is not linked and __hip_fatbin stays "
                        "undefined."));
            f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Add --hip-link -fgpu-rdc --offload-arch=<gfx...> to the link "
                             "line (link with hipcc or clang++).");
            c.add(f);
            break;
        }
    }
}

void runtimeLinkLineRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
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
                QStringLiteral("build.runtime-not-on-link-line"),
                SeverityChange(Severity::Warning, commandLineOnly()),
                HD_TEXT("hd::Diagnosis",
                        "%1 links hipcc-compiled objects without -lamdhip64 (line %2)")
                    .arg(cmd.tool)
                    .arg(cmd.lineNumber),
                HD_TEXT("hd::Diagnosis",
                        "Objects from hipcc -c need libamdhip64; %1 does not add it. An "
                        "executable fails to link; a shared library links but does not "
                        "depend on the runtime (runtime.not-linked at load).")
                    .arg(cmd.tool));
            f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Add -lamdhip64 (with -L for its directory) to this line, or "
                             "link with hipcc.");
            c.add(f);
            break;
        }
    }
}

void ldsTextRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    for (const TextFacts::LdsOverLimit &l : tf.ldsOverLimit) {
        Finding f = makeFinding(
            QStringLiteral("build.lds-exceeds-limit"),
            HD_TEXT("hd::Diagnosis", "%1 uses %2 bytes of LDS; the limit is %3")
                .arg(l.function.isEmpty() ? QStringLiteral("A kernel") : l.function)
                .arg(l.used)
                .arg(l.limit),
            HD_TEXT("hd::Diagnosis",
                    "The kernel's static __shared__ memory is %1 bytes over the target's "
                    "LDS per workgroup.")
                .arg(l.used - l.limit));
        f.evidence.append(lineEvidence(t.path, l.line));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Shrink the __shared__ arrays (smaller tiles), or move part to "
                         "dynamic shared memory sized at launch within %1 bytes.")
                     .arg(l.limit);
        c.add(f);
    }
}

void deviceLibsRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (!tf.deviceLibsMissing.isEmpty()) {
        Finding f = makeFinding(
            QStringLiteral("build.device-libs-missing"),
            HD_TEXT("hd::Diagnosis", "The compiler cannot find the ROCm device libraries"),
            HD_TEXT("hd::Diagnosis",
                    "clang links the device bitcode libraries (ocml.bc, ockl.bc, ...) into "
                    "every HIP device compile and stopped because it found none."));
        for (const TextLine &l : tf.deviceLibsMissing.mid(0, 3))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Install them (Debian/Ubuntu: apt install rocm-device-libs; ROCm: "
                         "the rocm-device-libs package)")
              << HD_TEXT("hd::Diagnosis", "or point clang at them: --rocm-path=/opt/rocm, "
                                          "--rocm-device-lib-path=<dir with ocml.bc>, or "
                                          "HIP_DEVICE_LIB_PATH for hipcc.");
        c.add(f);
    }
}

void cpuAgentTargetRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    // hipcc handing clang the CPU agent's name (rocm_agent_enumerator on a host without a GPU).
    for (const TextLine &l : tf.compileErrors) {
        if (!l.text.contains(QLatin1String("gfx000")))
            continue;
        Finding f =
            makeFinding(QStringLiteral("arch.default-target"),
                        SeverityChange(Severity::Error,
                                       HD_TEXT("hd::Diagnosis", "gfx000 is the CPU agent: no GPU "
                                                                "runs it")),
                        HD_TEXT("hd::Diagnosis", "The build targeted gfx000, the CPU agent"),
                        HD_TEXT("hd::Diagnosis",
                                "Without --offload-arch, hipcc asks rocm_agent_enumerator for the "
                                "GPUs; on a host without one it can hand clang gfx000, which is no "
                                "GPU."));
        f.evidence.append(lineEvidence(t.path, l));
        f.fix << HD_TEXT("hd::Diagnosis", "Pass --offload-arch=<gfx...> explicitly (or set "
                                          "HCC_AMDGPU_TARGET / GPU_TARGETS in the build system).");
        c.add(f);
        break;
    }
}

void compileFailedRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (!tf.compileErrors.isEmpty()) {
        Finding f = makeFinding(
            QStringLiteral("layer.compile-failed"),
            HD_TEXT("hd::Diagnosis", "The build failed: %1")
                .arg(tf.compileErrors.first().text.left(160)),
            HD_TEXT("hd::Diagnosis",
                    "%1 error line(s) in %2; no code object was produced by this build, so "
                    "the failure is in the compile layer.")
                .arg(tf.compileErrors.size())
                .arg(fileName(t.path)));
        for (const TextLine &l : tf.compileErrors.mid(0, 4))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Fix the first error reported; the later ones often follow from "
                         "it.");
        for (const TextLine &l : tf.compileErrors)
            if (l.text.contains(QLatin1String("invalid target ID")) ||
                l.text.contains(QLatin1String("Unsupported CUDA gpu architecture")) ||
                l.text.contains(QLatin1String("unsupported HIP gpu architecture"),
                                Qt::CaseInsensitive)) {
                f.fix << HD_TEXT("hd::Diagnosis",
                                 "The compiler does not know the processor named in "
                                 "%1: use a clang/ROCm release that supports it, or "
                                 "check the spelling of --offload-arch.")
                             .arg(l.text.left(120));
                break;
            }
        c.add(f);
    }
}

} // namespace

const QList<Rule> &buildRuleList() {
    static const QList<Rule> rules{
        {"text/undefined-at-link",
         RuleScope::Text,
         {QStringLiteral("build.rdc-link"), QStringLiteral("build.runtime-not-on-link-line")},
         [](Context &c, const RuleInput &in) { undefinedAtLinkRule(c, *in.text); }},
        {"text/device-variable-link",
         RuleScope::Text,
         {QStringLiteral("build.rdc-link")},
         [](Context &c, const RuleInput &in) { deviceVariableLinkRule(c, *in.text); }},
        {"text/nvcc-flags",
         RuleScope::Text,
         {QStringLiteral("build.nvcc-flags")},
         [](Context &c, const RuleInput &in) { nvccFlagRule(c, *in.text); }},
        {"text/no-offload-arch",
         RuleScope::Text,
         {QStringLiteral("build.no-offload-arch")},
         [](Context &c, const RuleInput &in) { noOffloadArchRule(c, *in.text); }},
        {"text/default-target",
         RuleScope::Text,
         {QStringLiteral("arch.default-target")},
         [](Context &c, const RuleInput &in) { defaultTargetTextRule(c, *in.text); }},
        {"text/cpu-agent-target",
         RuleScope::Text,
         {QStringLiteral("arch.default-target")},
         [](Context &c, const RuleInput &in) { cpuAgentTargetRule(c, *in.text); }},
        {"text/rdc-link-line",
         RuleScope::Text,
         {QStringLiteral("build.rdc-link")},
         [](Context &c, const RuleInput &in) { rdcLinkLineRule(c, *in.text); }},
        {"text/device-link",
         RuleScope::Text,
         {QStringLiteral("build.rdc-link")},
         [](Context &c, const RuleInput &in) { deviceLinkRule(c, *in.text); }},
        {"text/runtime-link-line",
         RuleScope::Text,
         {QStringLiteral("build.runtime-not-on-link-line")},
         [](Context &c, const RuleInput &in) { runtimeLinkLineRule(c, *in.text); }},
        {"text/wrong-compiler",
         RuleScope::Text,
         {QStringLiteral("build.wrong-compiler")},
         [](Context &c, const RuleInput &in) { wrongCompilerRule(c, *in.text); }},
        {"text/source-language",
         RuleScope::Text,
         {QStringLiteral("build.source-language")},
         [](Context &c, const RuleInput &in) { sourceLanguageRule(c, *in.text); }},
        {"text/lds",
         RuleScope::Text,
         {QStringLiteral("build.lds-exceeds-limit")},
         [](Context &c, const RuleInput &in) { ldsTextRule(c, *in.text); }},
        {"text/device-libs",
         RuleScope::Text,
         {QStringLiteral("build.device-libs-missing")},
         [](Context &c, const RuleInput &in) { deviceLibsRule(c, *in.text); }},
        {"text/device-libs-unlinked",
         RuleScope::Text,
         {QStringLiteral("build.device-libs-missing")},
         [](Context &c, const RuleInput &in) { deviceLibsUnlinkedRule(c, *in.text); }},
        {"text/triton-stage",
         RuleScope::Text,
         {QStringLiteral("triton.stage-failed"), QStringLiteral("layer.compile-failed")},
         [](Context &c, const RuleInput &in) { tritonTextRule(c, *in.text); }},
        {"text/compile-failed",
         RuleScope::Text,
         {QStringLiteral("layer.compile-failed")},
         [](Context &c, const RuleInput &in) { compileFailedRule(c, *in.text); }},
    };
    return rules;
}

} // namespace hd::detail
