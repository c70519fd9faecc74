#include "diagnosis/text_facts.h"

#include "common/shell.h"
#include "model/runtime_errors.h"

#include <llvm/Demangle/Demangle.h>

#include <QFileInfo>
#include <QRegularExpression>

namespace hd {

namespace {

constexpr int kMaxLineChars = 1000;
constexpr int kMaxFactsPerKind = 200; // a huge log still gives a bounded result

TextLine makeLine(int number, const QString &text) {
    QString t = text.trimmed();
    if (t.size() > kMaxLineChars)
        t = t.left(kMaxLineChars) + QStringLiteral("…");
    return {number, t};
}

template <typename T> bool roomFor(const QList<T> &list) {
    return list.size() < kMaxFactsPerKind;
}

const QStringList &knownTools() {
    static const QStringList tools{
        QStringLiteral("hipcc"),      QStringLiteral("hipcc.pl"), QStringLiteral("hipcc.bin"),
        QStringLiteral("clang"),      QStringLiteral("clang++"),  QStringLiteral("amdclang"),
        QStringLiteral("amdclang++"), QStringLiteral("nvcc"),     QStringLiteral("g++"),
        QStringLiteral("gcc"),        QStringLiteral("c++"),      QStringLiteral("cc"),
        QStringLiteral("ld"),         QStringLiteral("ld.lld"),   QStringLiteral("ld.gold"),
        QStringLiteral("lld"),        QStringLiteral("ld.bfd")};
    return tools;
}

// "clang++-15" -> "clang++", "/usr/bin/x86_64-linux-gnu-g++-12" -> "g++".
QString toolName(const QString &argv0) {
    QString base = QFileInfo(argv0).fileName();
    static const QRegularExpression ver(QStringLiteral(R"(-\d+(\.\d+)*$)"));
    base.remove(ver);
    static const QRegularExpression triple(
        QStringLiteral(R"(^[\w]+-[\w]+-[\w-]+-(?=[gc]\+\+|gcc|ld|cc))"));
    base.remove(triple);
    return base;
}

// The error a line names, through the one runtime-error table; the HIP name when it has one.
QString runtimeErrorName(const QString &line, QString *message) {
    QString matched;
    const RuntimeErrorMeaning *m = runtimeErrorMeaningInText(line, &matched);
    if (!m) {
        static const QRegularExpression hipErr(QStringLiteral(R"(\b(hipError[A-Za-z]+)\b)"));
        const auto hm = hipErr.match(line);
        *message = QString();
        return hm.hasMatch() && hm.captured(1) != QLatin1String("hipErrorNoError") ? hm.captured(1)
                                                                                   : QString();
    }
    const bool byName = matched.startsWith(QLatin1String("hipError")) ||
                        matched.startsWith(QLatin1String("cudaError")) ||
                        matched.startsWith(QLatin1String("CUDA_ERROR_"));
    *message = byName ? QString() : matched;
    return QString::fromLatin1(m->hipName ? m->hipName : m->cudaName);
}

} // namespace

bool CommandLine::has(const QString &flag) const {
    for (const QString &a : args)
        if (a == flag || a.startsWith(flag + QLatin1Char('=')))
            return true;
    return false;
}

QString CommandLine::value(const QString &flag) const {
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i].startsWith(flag + QLatin1Char('=')))
            return args[i].mid(flag.size() + 1);
        if (args[i] == flag && i + 1 < args.size())
            return args[i + 1];
    }
    return {};
}

bool CommandLine::compilesOnly() const {
    for (const QString &a : args)
        if (a == QLatin1String("-c") || a == QLatin1String("-S") || a == QLatin1String("-E") ||
            a == QLatin1String("--genco") || a == QLatin1String("-fsyntax-only") ||
            a == QLatin1String("--cuda-device-only") || a == QLatin1String("--offload-device-only"))
            return true;
    return false;
}

bool CommandLine::hasHipSource() const {
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a.startsWith(QLatin1Char('-'))) {
            if ((a == QLatin1String("-x") && i + 1 < args.size() &&
                 (args[i + 1] == QLatin1String("hip") || args[i + 1] == QLatin1String("cuda"))) ||
                a == QLatin1String("-xhip") || a == QLatin1String("--genco"))
                return true;
            continue;
        }
        if (a.endsWith(QLatin1String(".hip")) || a.endsWith(QLatin1String(".cu")))
            return true;
    }
    // hipcc compiles .cpp files as HIP as well.
    if (tool.startsWith(QLatin1String("hipcc")))
        for (const QString &a : args)
            if (!a.startsWith(QLatin1Char('-')) &&
                (a.endsWith(QLatin1String(".cpp")) || a.endsWith(QLatin1String(".cc")) ||
                 a.endsWith(QLatin1String(".cxx"))))
                return true;
    return false;
}

QStringList CommandLine::offloadArchs() const {
    QStringList out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        for (const char *f : {"--offload-arch", "--amdgpu-target", "--cuda-gpu-arch"}) {
            const QString flag = QString::fromLatin1(f);
            if (a.startsWith(flag + QLatin1Char('=')))
                out.append(a.mid(flag.size() + 1).split(QLatin1Char(','), Qt::SkipEmptyParts));
            else if (a == flag && i + 1 < args.size())
                out.append(args[i + 1].split(QLatin1Char(','), Qt::SkipEmptyParts));
        }
    }
    return out;
}

QString demangleSymbol(const QString &name) {
    if (!name.startsWith(QLatin1String("_Z")) && !name.startsWith(QLatin1String("__Z")))
        return name;
    const std::string in = name.toStdString();
    const std::string out = llvm::demangle(in);
    return QString::fromStdString(out);
}

QString symbolBaseName(const QString &symbolOrDemangled) {
    QString s = symbolOrDemangled;
    if (s.startsWith(QLatin1String("_Z")))
        s = demangleSymbol(s);
    s.replace(QLatin1String("(anonymous namespace)"), QLatin1String("anonymous_namespace"));
    // Cut the parameter list: the first '(' outside template brackets.
    int depth = 0;
    qsizetype cut = s.size();
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c == QLatin1Char('<'))
            ++depth;
        else if (c == QLatin1Char('>') && depth > 0)
            --depth;
        else if (c == QLatin1Char('(') && depth == 0) {
            cut = i;
            break;
        }
    }
    s = s.left(cut).trimmed();
    // Drop trailing template arguments: "foo<int, 4>" -> "foo".
    while (s.endsWith(QLatin1Char('>'))) {
        int d = 0;
        qsizetype i = s.size() - 1;
        for (; i >= 0; --i) {
            if (s[i] == QLatin1Char('>'))
                ++d;
            else if (s[i] == QLatin1Char('<') && --d == 0)
                break;
        }
        if (i <= 0)
            break;
        s = s.left(i).trimmed();
    }
    // Return type ("void foo") and qualifiers ("ns::Cls::foo").
    const qsizetype sp = s.lastIndexOf(QLatin1Char(' '));
    if (sp >= 0)
        s = s.mid(sp + 1);
    const qsizetype colons = s.lastIndexOf(QLatin1String("::"));
    if (colons >= 0)
        s = s.mid(colons + 2);
    return s;
}

QStringList nvccOnlyFlags(const QStringList &args) {
    // Options only nvcc understands; hipcc/clang reject them or silently do something else.
    static const QStringList exact{QStringLiteral("--extended-lambda"),
                                   QStringLiteral("--expt-extended-lambda"),
                                   QStringLiteral("-expt-extended-lambda"),
                                   QStringLiteral("--expt-relaxed-constexpr"),
                                   QStringLiteral("-expt-relaxed-constexpr"),
                                   QStringLiteral("--use_fast_math"),
                                   QStringLiteral("-use_fast_math"),
                                   QStringLiteral("-lineinfo"),
                                   QStringLiteral("--generate-line-info"),
                                   QStringLiteral("-dc"),
                                   QStringLiteral("-dlink"),
                                   QStringLiteral("--device-c"),
                                   QStringLiteral("--device-link"),
                                   QStringLiteral("--resource-usage"),
                                   QStringLiteral("-Wno-deprecated-gpu-targets"),
                                   QStringLiteral("--keep"),
                                   QStringLiteral("-G"),
                                   QStringLiteral("--device-debug"),
                                   QStringLiteral("--disable-warnings"),
                                   QStringLiteral("--restrict")};
    // Options with a value, written "-opt value" or "-opt=value".
    static const QStringList withValue{QStringLiteral("-gencode"),
                                       QStringLiteral("--generate-code"),
                                       QStringLiteral("-code"),
                                       QStringLiteral("--gpu-code"),
                                       QStringLiteral("--gpu-architecture"),
                                       QStringLiteral("-Xcompiler"),
                                       QStringLiteral("--compiler-options"),
                                       QStringLiteral("-Xptxas"),
                                       QStringLiteral("--ptxas-options"),
                                       QStringLiteral("-Xcudafe"),
                                       QStringLiteral("-Xnvlink"),
                                       QStringLiteral("-ccbin"),
                                       QStringLiteral("--compiler-bindir"),
                                       QStringLiteral("-maxrregcount"),
                                       QStringLiteral("--maxrregcount"),
                                       QStringLiteral("--default-stream"),
                                       QStringLiteral("-rdc"),
                                       QStringLiteral("--relocatable-device-code"),
                                       QStringLiteral("-cudart"),
                                       QStringLiteral("--cudart"),
                                       QStringLiteral("--fmad"),
                                       QStringLiteral("-fmad"),
                                       QStringLiteral("-prec-div"),
                                       QStringLiteral("-prec-sqrt"),
                                       QStringLiteral("--prec-div"),
                                       QStringLiteral("--prec-sqrt"),
                                       QStringLiteral("-ftz"),
                                       QStringLiteral("--ftz"),
                                       QStringLiteral("--threads"),
                                       QStringLiteral("-t")};
    QStringList out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (exact.contains(a)) {
            out.append(a);
            continue;
        }
        // -arch=sm_80 / -arch sm_80 / -arch=compute_80 (clang's -arch is for Darwin only).
        if (a == QLatin1String("-arch") || a.startsWith(QLatin1String("-arch="))) {
            const QString v = a.contains(QLatin1Char('='))
                                  ? a.mid(6)
                                  : (i + 1 < args.size() ? args[i + 1] : QString());
            if (v.startsWith(QLatin1String("sm_")) || v.startsWith(QLatin1String("compute_")) ||
                v == QLatin1String("native") || v == QLatin1String("all-major")) {
                out.append(a.contains(QLatin1Char('=')) ? a : a + QLatin1Char(' ') + v);
                if (!a.contains(QLatin1Char('=')))
                    ++i;
            }
            continue;
        }
        for (const QString &f : withValue) {
            if (a.startsWith(f + QLatin1Char('='))) {
                out.append(a);
                break;
            }
            if (a == f && i + 1 < args.size() && f != QLatin1String("-t")) {
                out.append(a + QLatin1Char(' ') + args[i + 1]);
                ++i;
                break;
            }
        }
    }
    return out;
}

bool looksLikeRocminfo(const QString &text) {
    return (text.contains(QLatin1String("HSA Agents")) ||
            text.contains(QLatin1String("HSA System Attributes"))) ||
           (text.contains(QLatin1String("Device Type:")) &&
            text.contains(QLatin1String("Agent ")) && text.contains(QLatin1String("Name:")));
}

QList<DeviceInfo> parseRocminfo(const QString &text) {
    QList<DeviceInfo> out;
    struct Agent {
        QString name, marketing, type, isa;
        int cu = 0, wave = 0, wgMax = 0;
        quint64 groupKb = 0;
    };
    QList<Agent> agents;
    Agent cur;
    bool inAgent = false, inIsa = false, groupPool = false;
    static const QRegularExpression kv(
        QStringLiteral(R"(^\s*([A-Za-z][\w .()/-]*?):\s*(.*?)\s*$)"));
    static const QRegularExpression num(QStringLiteral(R"(^(\d+))"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    auto flush = [&] {
        if (inAgent)
            agents.append(cur);
        cur = Agent{};
        inIsa = groupPool = false;
    };
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String("Agent ")) && !line.contains(QLatin1Char(':'))) {
            flush();
            inAgent = true;
            continue;
        }
        if (!inAgent)
            continue;
        if (line.startsWith(QLatin1String("ISA Info")))
            inIsa = true;
        const auto m = kv.match(raw);
        if (!m.hasMatch())
            continue;
        const QString key = m.captured(1).trimmed();
        const QString val = m.captured(2);
        auto number = [&](const QString &v) { return num.match(v).captured(1).toLongLong(); };
        if (key == QLatin1String("Name")) {
            if (inIsa) {
                if (cur.isa.isEmpty())
                    cur.isa = val;
            } else if (cur.name.isEmpty()) {
                cur.name = val;
            }
        } else if (key == QLatin1String("Marketing Name")) {
            cur.marketing = val;
        } else if (key == QLatin1String("Device Type")) {
            cur.type = val;
        } else if (key == QLatin1String("Compute Unit")) {
            cur.cu = int(number(val));
        } else if (key == QLatin1String("Wavefront Size")) {
            cur.wave = int(number(val));
        } else if (key == QLatin1String("Workgroup Max Size")) {
            cur.wgMax = int(number(val));
        } else if (key == QLatin1String("Segment")) {
            groupPool = val.startsWith(QLatin1String("GROUP"));
        } else if (key == QLatin1String("Size") && groupPool) {
            cur.groupKb = quint64(number(val));
            groupPool = false;
        }
    }
    flush();
    int index = 0;
    for (const Agent &a : agents) {
        if (a.type != QLatin1String("GPU"))
            continue;
        std::optional<TargetId> t;
        if (!a.isa.isEmpty())
            t = TargetId::parse(a.isa);
        if (!t)
            t = TargetId::parse(a.name);
        if (!t)
            continue;
        DeviceInfo d;
        d.source = DeviceInfo::Source::Rocminfo;
        d.index = index++;
        d.name = a.marketing;
        d.target = *t;
        d.isaName = a.isa;
        d.computeUnits = a.cu;
        d.wavefrontSize = a.wave;
        d.maxThreadsPerBlock = a.wgMax;
        d.maxSharedMemoryPerBlock = a.groupKb * 1024;
        d.backend = QStringLiteral("hip");
        out.append(d);
    }
    return out;
}

namespace {

// Facts beyond the error lines: math libraries without kernels for a GPU, look-alikes, ISA and
// override lines, device-side link errors, compiler and language mix-ups, device targets.
// Math libraries without kernels for the GPU, and targets the text names as the device's.
void mathLibraryFacts(TextFacts &f, int n, const QString &t, bool compilerLine,
                      const QStringList &lines, int index) {
    static const QRegularExpression mathLib(QStringLiteral(
        R"(\b(rocBLAS|rocblas|rocblaslt|hipBLASLt|hipblaslt|hipBLAS|MIOpen|miopen|Tensile|rocFFT|rocSPARSE|hipSPARSELt|rocSOLVER|MIGraphX|composable_kernel|CK)\b|(TensileLibrary))"));
    static const QRegularExpression missingWord(
        QStringLiteral(
            R"(Cannot read|No such file|not found|Could not (?:load|find|read)|No paths matched|missing|does not exist|Unable to (?:find|open|load)|not supported|Cannot find|No (?:kernels?|solutions?|code objects?) (?:for|found))"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression gfx(
        QStringLiteral(R"(\b(gfx[0-9]{2,4}[0-9a-f]?)\b|_(gfx[0-9]{2,4}[0-9a-f]?)[._*])"));
    static const QRegularExpression archIs(
        QStringLiteral(
            R"((?:GPU arch|(?<![-\w])arch(?:itecture)?|TARGET_GRAPHICS_VERSION|GFX_VERSION|gfx_target)\s*:?\s*=?\s*(gfx[0-9]{2,4}[0-9a-f]?)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    if (!compilerLine && roomFor(f.libraryArchMissing)) {
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
        }
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
            R"(GPU Hang|\bXid:?\s+(?:8|43|45|109|119|120)\b|hipErrorLaunchTimeOut|CUDA_ERROR_LAUNCH_TIMEOUT|the launch timed out|Watchdog caught collective operation timeout|ring \w+ timeout|amdgpu:.*GPU reset|\bGPU (?:hangs?|hung|is stuck))"),
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
                     lines.at(j).contains(QLatin1String("-hip-"));
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

// Variables set for the run, ROCm releases named, Windows paths, no-GPU answers.
void environmentFacts(TextFacts &f, int n, const QString &t, bool /*compilerLine*/,
                      const QStringList &lines, int index) {
    // Variables the text sets for the run: `export X=Y`, `set X=Y` (Windows), `X=Y ./app`.
    static const QRegularExpression exportVar(QStringLiteral(
        R"(^(?:[\w@.:~/-]*[$#>]\s+)?(?:export\s+|set\s+|\$env:)([A-Z][A-Z0-9_]*(?:VISIBLE_DEVICES|GFX_VERSION[_0-9]*|PLATFORM|DEVICE_ORDINAL|LOG_LEVEL|LAUNCH_BLOCKING))\s*=\s*["']?([^"'\s]*)["']?)"));
    static const QRegularExpression inlineVar(QStringLiteral(
        R"re((?:^|[$#>]\s+|\s)([A-Z][A-Z0-9_]*(?:VISIBLE_DEVICES|GFX_VERSION[_0-9]*|PLATFORM|DEVICE_ORDINAL))=(?:'([^']*)'|"([^"]*)"|(\S*))\s+\S)re"));
    if (const auto e = exportVar.match(t); e.hasMatch())
        f.envAssignments.append({e.captured(1), e.captured(2)});
    else if (const auto iv = inlineVar.match(t); iv.hasMatch())
        f.envAssignments.append({iv.captured(1), iv.captured(2) + iv.captured(3) + iv.captured(4)});

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

} // namespace

TextFacts readTextFacts(const QString &text) {
    TextFacts f;
    f.rocminfo = looksLikeRocminfo(text);
    if (f.rocminfo) {
        f.rocminfoDevices = parseRocminfo(text);
        static const QRegularExpression rv(QStringLiteral(R"(Runtime Version:\s*([\d.]+))"));
        f.rocminfoRuntimeVersion = rv.match(text).captured(1);
    }

    static const QRegularExpression missingLib(QStringLiteral(
        R"((?:^|[\s'"])((?:[^\s:'"]*/)?[^\s:'"/]+\.so(?:\.[0-9]+)*)\s*: cannot open shared object file)"));
    static const QRegularExpression requester(
        QStringLiteral(R"(^(?:\w+Error:\s*)?(\S+): error while loading shared libraries:)"));
    static const QRegularExpression ldCannotFind(
        QStringLiteral(R"((?:cannot find|unable to find library) -l([\w.+-]+))"));
    static const QRegularExpression undefLoad(QStringLiteral(
        R"((?:^|[\s('"\[])(?:([^\s('"\[]+?):\s+)?undefined symbol:\s+([A-Za-z_.$][\w.$@]*)(?:,\s*version\s+(\S+))?)"));
    static const QRegularExpression undefLld(
        QStringLiteral(R"((?:ld\.)?lld: error: undefined (?:hidden )?symbol: (.+)$)"));
    static const QRegularExpression undefRef(
        QStringLiteral(R"(undefined reference to [`'‘]([^'’]+)['’])"));
    static const QRegularExpression lds(QStringLiteral(
        R"(local memory \((\d+)\) exceeds limit \((\d+)\)(?: in function '([^']+)')?)"));
    static const QRegularExpression devLibs(
        QStringLiteral(
            R"(cannot find (?:ROCm device librar|HIP runtime|ROCm installation|libdevice)|no ROCm device library|ROCm device library.*not found)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression unsupported(QStringLiteral(
        R"((?:unsupported option|unknown argument|unknown argument ignored in clang-cl|optimization flag|argument unused during compilation):?\s*'([^']+)')"));
    static const QRegularExpression exception(
        QStringLiteral(R"(^([A-Za-z_][\w.]*(?:Error|Exception)):\s*(.*)$)"));
    static const QRegularExpression cannotFind(
        QStringLiteral(R"(Cannot find the function:?\s*(\S+))"));
    static const QRegularExpression getFunction(QStringLiteral(
        R"re(hipModuleGetFunction\s*\(\s*[^,]*,\s*[^,]*,\s*"?([A-Za-z_][\w$.]*)"?\s*\))re"));
    static const QRegularExpression prompt(
        QStringLiteral(R"(^(?:[\w@.:~/-]*[$#>]\s+|hipcc-cmd:\s*))"));
    static const QRegularExpression amdLogLine(QStringLiteral(R"(^:\d:)"));

    // "error: ..." with no tool before it: clang's backend and driver print such lines, and so
    // do programs. They count as compiler lines only where the text shows a compile.
    static const QRegularExpression bareError(QStringLiteral(R"(^(?:fatal )?error: )"));
    QList<TextLine> bareErrors;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const int n = i + 1;
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.size() > 64 * 1024)
            line = line.left(64 * 1024); // a single giant line: look at its start only
        // Prefixes that tools put before the real output: docker BuildKit ("#9 24.95 "), CI
        // timestamps, make/cmake progress ("[ 50%] ").
        static const QRegularExpression prefix(QStringLiteral(
            R"(^\s*(?:#\d+ \d+(?:\.\d+)? |\d{4}-\d\d-\d\dT[\d:.]+Z? |\[\s*\d+%\]\s+|(?:>>\s+)?\d+\s{3,}))"));
        if (const auto pm = prefix.match(line); pm.hasMatch())
            line = line.mid(pm.capturedLength());
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        const bool isAmdLog = amdLogLine.match(trimmed).hasMatch();

        // The layer first: every rule below reads facts, the layer says whose facts they are.
        const std::optional<LineClass> cls = classifyLine(trimmed);
        if (cls) {
            const size_t li = size_t(cls->layer);
            ++f.layerLines[li];
            if (cls->error && f.layerErrors[li].size() < 20)
                f.layerErrors[li].append(makeLine(n, trimmed));
        } else if (bareError.match(trimmed).hasMatch()) {
            bareErrors.append(makeLine(n, trimmed));
        } else if (roomFor(f.unclassifiedErrors) && textSaysError(trimmed) &&
                   !line.startsWith(QLatin1Char(' ')) && !line.startsWith(QLatin1Char('\t'))) {
            f.unclassifiedErrors.append(makeLine(n, trimmed));
        }
        const bool compilerLine = cls && cls->layer == TextLayer::Compiler;
        otherFacts(f, n, trimmed, compilerLine, lines, i);

        if (trimmed.startsWith(QLatin1String("Traceback (most recent call last)")))
            f.pythonTraceback = true;
        if (!line.startsWith(QLatin1Char(' '))) {
            const auto e = exception.match(trimmed);
            if (e.hasMatch() && roomFor(f.exceptionLines))
                f.exceptionLines.append(makeLine(n, trimmed));
        }

        // Missing libraries, at load time and at link time.
        auto ml = missingLib.globalMatch(line);
        while (ml.hasNext() && roomFor(f.missingLibraries)) {
            const auto m = ml.next();
            TextFacts::MissingLibrary lib;
            lib.line = makeLine(n, trimmed);
            lib.library = m.captured(1);
            const auto r = requester.match(trimmed);
            if (r.hasMatch())
                lib.requester = r.captured(1);
            f.missingLibraries.append(lib);
        }
        // Windows: `Error loading "...\amdhip64.dll" or one of its dependencies` ([WinError 126]).
        static const QRegularExpression missingDll(
            QStringLiteral(
                R"re((?:Error loading|Could not (?:load|find)(?: module)?)\s+["']?((?:[A-Za-z]:)?[^"'\s]*?([\w.+-]+\.dll))["']?)re"),
            QRegularExpression::CaseInsensitiveOption);
        if (const auto md = missingDll.match(line); md.hasMatch() && roomFor(f.missingLibraries)) {
            TextFacts::MissingLibrary lib;
            lib.line = makeLine(n, trimmed);
            lib.library = md.captured(2);
            f.missingLibraries.append(lib);
        }
        const auto lc = ldCannotFind.match(line);
        if (lc.hasMatch() && roomFor(f.missingLibraries)) {
            TextFacts::MissingLibrary lib;
            lib.line = makeLine(n, trimmed);
            lib.library = QStringLiteral("lib%1.so").arg(lc.captured(1));
            lib.linkTime = true;
            f.missingLibraries.append(lib);
            f.compilerOutput = true;
        }

        // Undefined symbols.
        const auto ul = undefLld.match(trimmed);
        if (ul.hasMatch()) {
            if (roomFor(f.undefinedSymbols)) {
                TextFacts::UndefinedSymbol u;
                u.line = makeLine(n, trimmed);
                u.symbol = ul.captured(1).trimmed();
                u.demangled = demangleSymbol(u.symbol);
                u.linkTime = true;
                // lld names the referencing object on the following ">>> referenced by" lines
                for (int j = i + 1; j < lines.size() && j < i + 4; ++j) {
                    const QString next = lines.at(j).trimmed();
                    if (!next.startsWith(QLatin1String(">>>")))
                        break;
                    static const QRegularExpression obj(QStringLiteral(R"(>>>\s+(\S+\.o\S*):)"));
                    const auto om = obj.match(next);
                    if (om.hasMatch())
                        u.file = om.captured(1);
                }
                f.undefinedSymbols.append(u);
            }
            f.compilerOutput = true;
        } else {
            const auto u = undefLoad.match(line);
            if (u.hasMatch() && roomFor(f.undefinedSymbols)) {
                TextFacts::UndefinedSymbol s;
                s.line = makeLine(n, trimmed);
                s.symbol = u.captured(2).section(QLatin1Char('@'), 0, 0); // no @version
                s.demangled = demangleSymbol(s.symbol);
                s.file = u.captured(1);
                if (s.file.endsWith(QLatin1String("Error")))
                    s.file.clear();
                f.undefinedSymbols.append(s);
            }
        }
        auto ur = undefRef.globalMatch(line);
        while (ur.hasNext() && roomFor(f.undefinedSymbols)) {
            const auto m = ur.next();
            TextFacts::UndefinedSymbol s;
            s.line = makeLine(n, trimmed);
            s.symbol = m.captured(1);
            s.demangled = demangleSymbol(s.symbol);
            s.linkTime = true;
            static const QRegularExpression obj(
                QStringLiteral(R"(^(?:\S*ld\S*:\s+)?([^\s:]+\.o)\b)"));
            s.file = obj.match(trimmed).captured(1);
            f.undefinedSymbols.append(s);
            f.compilerOutput = true;
        }

        // Runtime errors by name or message (not the AMD_LOG_LEVEL lines: logs/ reads those).
        if (!isAmdLog) {
            QString message;
            const QString name = runtimeErrorName(trimmed, &message);
            if (!name.isEmpty() && roomFor(f.runtimeErrors))
                f.runtimeErrors.append({makeLine(n, trimmed), name, message});
        }

        // A runtime or driver that sees no GPU at all.
        static const QRegularExpression noGpu(QStringLiteral(
            R"(hsa_init failed|ROCk module is NOT loaded|Unable to open /dev/kfd|/dev/kfd.*(?:Permission denied|No such file)|(?:Permission denied|cannot open).*/dev/(?:kfd|dri)|HSA_STATUS_ERROR_OUT_OF_RESOURCES|no ROCm-capable device|no CUDA-capable device|No devices found|hipErrorNoDevice|hipErrorInvalidDevice\b|CUDA_ERROR_NO_DEVICE|cudaErrorNoDevice|invalid device ordinal|Failed to get the number of (?:GPU|HIP|CUDA) devices|hipGetDeviceCount.*(?:failed|error)|torch\.cuda\.is_available\(\)\s*(?:returns?|is|=+)\s*False|Found no NVIDIA driver|NVIDIA driver on your system is too old|No HIP GPUs are available|No CUDA GPUs are available|Could not initialize Tensile host: No devices found)"));
        if (noGpu.match(line).hasMatch() && roomFor(f.noDevice) &&
            !(f.noDevice.size() && f.noDevice.last().number == n))
            f.noDevice.append(makeLine(n, trimmed));

        // Compiler diagnostics.
        const auto ldsm = lds.match(line);
        if (ldsm.hasMatch() && roomFor(f.ldsOverLimit)) {
            f.ldsOverLimit.append({makeLine(n, trimmed), ldsm.captured(1).toLongLong(),
                                   ldsm.captured(2).toLongLong(), ldsm.captured(3)});
            f.compilerOutput = true;
        }
        if (devLibs.match(line).hasMatch() && roomFor(f.deviceLibsMissing)) {
            f.deviceLibsMissing.append(makeLine(n, trimmed));
            f.compilerOutput = true;
        }
        auto us = unsupported.globalMatch(line);
        while (us.hasNext() && roomFor(f.unsupportedFlags)) {
            const auto m = us.next();
            f.unsupportedFlags.append({makeLine(n, trimmed), m.captured(1)});
            f.compilerOutput = true;
        }
        if (compilerLine && roomFor(f.compileErrors)) {
            f.compileErrors.append(makeLine(n, trimmed));
            f.compilerOutput = true;
        }

        // Names a program asked the runtime for.
        const auto cf = cannotFind.match(line);
        if (cf.hasMatch() && !f.kernelNamesRequested.contains(cf.captured(1)))
            f.kernelNamesRequested.append(cf.captured(1));
        const auto gf = getFunction.match(line);
        if (gf.hasMatch() && !gf.captured(1).startsWith(QLatin1String("0x")) &&
            !f.kernelNamesRequested.contains(gf.captured(1)))
            f.kernelNamesRequested.append(gf.captured(1));

        // Command lines: a known tool as the first word (after a prompt / hipcc-cmd:), or a
        // `-###` job line (quoted program path).
        if (isAmdLog || f.commands.size() >= kMaxFactsPerKind)
            continue;
        QString cmdText = trimmed;
        const bool verbose =
            cmdText.startsWith(QLatin1String("hipcc-cmd:")) ||
            (trimmed.startsWith(QLatin1Char('"')) && line.startsWith(QLatin1Char(' ')));
        cmdText.remove(prompt);
        // `HIP_PLATFORM=nvidia hipcc ...`: the variables are the environment, not the tool.
        static const QRegularExpression leadingEnv(
            QStringLiteral(R"(^(?:[A-Z_][A-Z0-9_]*=(?:'[^']*'|"[^"]*"|\S*)\s+)+)"));
        cmdText.remove(leadingEnv);
        if (cmdText.size() > 32 * 1024)
            continue;
        const qsizetype firstSpace = cmdText.indexOf(QLatin1Char(' '));
        QString first = firstSpace < 0 ? cmdText : cmdText.left(firstSpace);
        first.remove(QLatin1Char('"'));
        const QString tool = toolName(first);
        if (!knownTools().contains(tool) || firstSpace < 0)
            continue;
        QStringList args = shellSplit(cmdText);
        if (args.isEmpty())
            continue;
        args.removeFirst();
        // A diagnostic that merely starts with a tool name ("clang: error: ...") is no command.
        if (!args.isEmpty() &&
            (args.first().endsWith(QLatin1Char(':')) || first.endsWith(QLatin1Char(':'))))
            continue;
        if (args.isEmpty() || !std::any_of(args.cbegin(), args.cend(), [](const QString &a) {
                return a.startsWith(QLatin1Char('-')) || a.contains(QLatin1Char('.'));
            }))
            continue;
        CommandLine c;
        c.lineNumber = n;
        c.tool = tool;
        c.args = args;
        c.raw = makeLine(n, trimmed).text;
        c.fromVerbose = verbose;
        c.isCc1 = args.contains(QStringLiteral("-cc1"));
        f.commands.append(c);
        f.commandLines = true;
    }
    const bool compiling =
        f.hasLayer(TextLayer::Compiler) ||
        std::any_of(f.commands.cbegin(), f.commands.cend(), [](const CommandLine &c) {
            return !c.tool.startsWith(QLatin1String("ld")) && c.tool != QLatin1String("lld");
        });
    for (const TextLine &l : std::as_const(bareErrors)) {
        if (compiling) {
            ++f.layerLines[size_t(TextLayer::Compiler)];
            if (f.layerErrors[size_t(TextLayer::Compiler)].size() < 20)
                f.layerErrors[size_t(TextLayer::Compiler)].append(l);
            if (roomFor(f.compileErrors))
                f.compileErrors.append(l);
            f.compilerOutput = true;
        } else if (roomFor(f.unclassifiedErrors)) {
            f.unclassifiedErrors.append(l);
        }
    }
    std::sort(f.compileErrors.begin(), f.compileErrors.end(),
              [](const TextLine &a, const TextLine &b) { return a.number < b.number; });
    return f;
}

} // namespace hd
