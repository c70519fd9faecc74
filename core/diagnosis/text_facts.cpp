// Facts read from text (logs, tracebacks, compiler output): readTextFacts() reads each line
// through a series of steps, one per family of facts; text_facts_other.cpp holds the rarer
// families, text_commands.cpp and text_rocminfo.cpp the command lines and rocminfo dumps.

#include "diagnosis/text_facts.h"

#include "text_facts_p.h"

#include "common/shell.h"
#include "model/runtime_errors.h"

#include <llvm/Demangle/Demangle.h>

#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace hd {

using namespace detail;

namespace {

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

QString demangleSymbol(const QString &name) {
    if (!name.startsWith(QLatin1String("_Z")) && !name.startsWith(QLatin1String("__Z")))
        return name;
    const std::string in = name.toStdString();
    const std::string out = llvm::demangle(in);
    return QString::fromStdString(out);
}

namespace {

using Line = PreparedLine;

void rocminfoFacts(TextFacts &f, const QString &text) {
    f.rocminfo = looksLikeRocminfo(text);
    if (f.rocminfo) {
        f.rocminfoDevices = parseRocminfo(text);
        static const QRegularExpression rv(QStringLiteral(R"(Runtime Version:\s*([\d.]+))"));
        f.rocminfoRuntimeVersion = rv.match(text).captured(1);
    }
}

void exceptionFacts(TextFacts &f, const Line &l) {
    static const QRegularExpression exception(
        QStringLiteral(R"(^([A-Za-z_][\w.]*(?:Error|Exception)):\s*(.*)$)"));
    if (l.trimmed.startsWith(QLatin1String("Traceback (most recent call last)")))
        f.pythonTraceback = true;
    if (!l.text.startsWith(QLatin1Char(' '))) {
        const auto e = exception.match(l.trimmed);
        if (e.hasMatch() && roomFor(f.exceptionLines))
            f.exceptionLines.append(makeLine(l.number, l.trimmed));
    }
}

// Missing libraries, at load time and at link time.
void missingLibraryFacts(TextFacts &f, const Line &l) {
    static const QRegularExpression missingLib(QStringLiteral(
        R"((?:^|[\s'"])((?:[^\s:'"]*/)?[^\s:'"/]+\.so(?:\.[0-9]+)*)\s*: cannot open shared object file)"));
    static const QRegularExpression requester(
        QStringLiteral(R"(^(?:\w+Error:\s*)?(\S+): error while loading shared libraries:)"));
    static const QRegularExpression ldCannotFind(
        QStringLiteral(R"((?:cannot find|unable to find library) -l([\w.+-]+))"));
    const int n = l.number;
    const QString &line = l.text, &trimmed = l.trimmed;
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
    // Wrapper programs that name the library they could not load in their own words
    // (issue 42): CTranslate2's "Library cublas64_11.dll is not found or cannot be loaded",
    // PyTorch's "libnvrtc.so.*[0-9] not found in the system path", ONNX Runtime's execution
    // provider ("Failed to create CUDAExecutionProvider", "..._Cuda: Failed to load shared
    // library"): its provider library or the CUDA/cuDNN libraries it needs.
    static const QRegularExpression wrapperLib(QStringLiteral(
        R"re(Library ([\w.+-]+\.(?:dll|so(?:\.[0-9]+)*)) is not found or cannot be loaded|\b(lib[\w+-]+\.so)[^\s]* not found in the system path|Failed to create (CUDA|ROCM|TensorRT|MIGraphX|DML)ExecutionProvider|ExecutionProvider_(Cuda|ROCM|TensorRT|MIGraphX): Failed to load shared library)re"));
    if (const auto wm = wrapperLib.match(line); wm.hasMatch() && roomFor(f.missingLibraries)) {
        TextFacts::MissingLibrary lib;
        lib.line = makeLine(n, trimmed);
        const QString provider = (wm.captured(3) + wm.captured(4)).toLower();
        lib.library = !wm.captured(1).isEmpty() ? wm.captured(1)
                      : !wm.captured(2).isEmpty()
                          ? wm.captured(2)
                          : QStringLiteral("onnxruntime_providers_%1").arg(provider);
        f.missingLibraries.append(lib);
    }
    // A program's own dlopen of a library: "Failed to dlopen libcuda.so".
    static const QRegularExpression dlopenFailed(
        QStringLiteral(
            R"re((?:failed to|could not|cannot|unable to) dlopen\s*\(?\s*["']?((?:[^\s"']*/)?[\w.+-]+\.so(?:\.[0-9]+)*)\b)re"),
        QRegularExpression::CaseInsensitiveOption);
    if (const auto dm = dlopenFailed.match(line);
        dm.hasMatch() && !missingLib.match(line).hasMatch() && roomFor(f.missingLibraries)) {
        TextFacts::MissingLibrary lib;
        lib.line = makeLine(n, trimmed);
        lib.library = dm.captured(1);
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
}

// lld's "undefined symbol", with the object named on the ">>> referenced by" lines after it.
void lldUndefinedFact(TextFacts &f, const Line &l, const QString &symbol,
                      const QStringList &lines) {
    if (roomFor(f.undefinedSymbols)) {
        TextFacts::UndefinedSymbol u;
        u.line = makeLine(l.number, l.trimmed);
        u.symbol = symbol;
        u.demangled = demangleSymbol(u.symbol);
        u.linkTime = true;
        const int i = l.index;
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
}

// Undefined symbols, at link time (lld, ld) and at load time.
void undefinedSymbolFacts(TextFacts &f, const Line &l, const QStringList &lines) {
    static const QRegularExpression undefLoad(QStringLiteral(
        R"((?:^|[\s('"\[])(?:([^\s('"\[]+?):\s+)?undefined symbol:\s+([A-Za-z_.$][\w.$@]*)(?:,\s*version\s+(\S+))?)"));
    static const QRegularExpression undefLld(
        QStringLiteral(R"((?:ld\.)?lld: error: undefined (?:hidden )?symbol: (.+)$)"));
    static const QRegularExpression undefRef(
        QStringLiteral(R"(undefined reference to [`'‘]([^'’]+)['’])"));
    const int n = l.number;
    const QString &line = l.text, &trimmed = l.trimmed;
    const auto ul = undefLld.match(trimmed);
    if (ul.hasMatch()) {
        lldUndefinedFact(f, l, ul.captured(1).trimmed(), lines);
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
    // A program's own lookup of a runtime function in the library it loaded (issue 42): XLA's
    // "cudaGetErrorString symbol not found", a webui's "Failed to load ZLUDA: function
    // 'zluda_get_nightly_flag' not found" — the library found is not the one built against.
    static const QRegularExpression lookupMissing(QStringLiteral(
        R"(\b((?:cu|cuda|hip|hsa|nccl|rccl|cublas|cudnn|zluda)\w+) symbol not found\b|Failed to load ([\w.+-]+): function '([A-Za-z_]\w*)' not found)"));
    if (const auto lm = lookupMissing.match(line); lm.hasMatch() && roomFor(f.undefinedSymbols)) {
        TextFacts::UndefinedSymbol s;
        s.line = makeLine(n, trimmed);
        s.symbol = lm.captured(1).isEmpty() ? lm.captured(3) : lm.captured(1);
        s.demangled = s.symbol;
        s.file = lm.captured(2);
        f.undefinedSymbols.append(s);
    }
    // glibc's loader when the library that should define a versioned symbol does not: "symbol
    // X, version V not defined in file F with link time reference" (another copy of F was
    // found first).
    static const QRegularExpression undefVersioned(QStringLiteral(
        R"(\bsymbol ([A-Za-z_.$][\w.$]*),? version (\S+) not defined in file (\S+) with link time reference)"));
    if (const auto uv = undefVersioned.match(line); uv.hasMatch() && roomFor(f.undefinedSymbols)) {
        TextFacts::UndefinedSymbol s;
        s.line = makeLine(n, trimmed);
        s.symbol = uv.captured(1);
        s.demangled = demangleSymbol(s.symbol);
        s.file = uv.captured(3);
        f.undefinedSymbols.append(s);
    }
    auto ur = undefRef.globalMatch(line);
    while (ur.hasNext() && roomFor(f.undefinedSymbols)) {
        const auto m = ur.next();
        TextFacts::UndefinedSymbol s;
        s.line = makeLine(n, trimmed);
        s.symbol = m.captured(1);
        s.demangled = demangleSymbol(s.symbol);
        s.linkTime = true;
        static const QRegularExpression obj(QStringLiteral(R"(^(?:\S*ld\S*:\s+)?([^\s:]+\.o)\b)"));
        s.file = obj.match(trimmed).captured(1);
        f.undefinedSymbols.append(s);
        f.compilerOutput = true;
    }
}

// Runtime errors by name or message (not the AMD_LOG_LEVEL lines: logs/ reads those), and a
// runtime or driver that sees no GPU at all.
void runtimeFacts(TextFacts &f, const Line &l, bool isAmdLog) {
    const int n = l.number;
    const QString &line = l.text, &trimmed = l.trimmed;
    if (!isAmdLog) {
        QString message;
        const QString name = runtimeErrorName(trimmed, &message);
        if (!name.isEmpty() && roomFor(f.runtimeErrors))
            f.runtimeErrors.append({makeLine(n, trimmed), name, message});
    }
    static const QRegularExpression noGpu(QStringLiteral(
        R"(hsa_init failed|ROCk module is NOT loaded|Unable to open /dev/kfd|/dev/kfd.*(?:[Pp]ermission denied|[Nn]o such file)|(?:Permission denied|cannot open).*/dev/(?:kfd|dri)|HSA_STATUS_ERROR_OUT_OF_RESOURCES|no ROCm-capable device|no CUDA-capable device|No devices found|hipErrorNoDevice|hipErrorInvalidDevice\b|CUDA_ERROR_NO_DEVICE|cudaErrorNoDevice|invalid device ordinal|Failed to get the number of (?:GPU|HIP|CUDA) devices|hipGetDeviceCount.*(?:failed|error)|torch\.cuda\.is_available\(\)\s*(?:returns?|is|=+)\s*False|Found no NVIDIA driver|No HIP GPUs are available|No CUDA GPUs are available|Could not initialize Tensile host: No devices found)"
        // Frameworks' and the thunk's own words for it.
        R"(|Torch is not able to use GPU|(?:CUDA|HIP) initialization: (?:CUDA driver initialization failed|Unexpected error from (?:cuda|hip)GetDeviceCount|Found no NVIDIA driver)|you might not have a (?:CUDA|ROCm|HIP) gpu)"
        R"(|hsaKmtOpenKFD\w*\s*(?:failed|error)|HSAKMT_STATUS_(?:ERROR|KERNEL_IO_CHANNEL_NOT_OPENED|DRIVER_MISMATCH)\w*|KFD (?:is )?not (?:loaded|found|available|supported)|(?:Failed|Unable|unable|failed) to open (?:the )?(?:/dev/kfd|KFD|kfd)|amdgpu kernel driver (?:is )?not loaded)"
        // Wrapper programs' words for it (issue 42): the HIP SDK on Windows, the NVIDIA
        // container banner and toolkit, Paddle's start-up check and its device count, a
        // server's CUDA-only kernel given CPU tensors, the amdgpu driver failing the GPU's init.
        R"(|ROCm: no agent was found|The NVIDIA Driver was not detected|nvidia-container-cli: initialization error)"
        R"(|Compiled with WITH_GPU, but no GPU found|there is no GPU detected on your machine|cudaErrorUnknown\b.*\bcuda_info\.cc)"
        R"(|\bmust be a CUDA tensor\b|Fatal error during GPU init)"
        // A GPU a script could not detect; the device file only root may open.
        R"(|There is no device (?:that )?can be used|could not select device driver "[^"]*" with capabilities: \[\[gpu\]\]|Setting the available devices to be zero|Unable to initialize backend '(?:cuda|rocm|gpu)'|No GPU/TPU found|(?:CUDA|ROCm) backend failed to initialize|(?:GPU|GFX|gfx) (?:version |arch(?:itecture)? )?detection (?:error|failed)|^GFX_NAME\s*=\s*$|^c(?:rw-|r--|---)------\s+\d+\s+root\s+root\b.*\b(?:kfd|renderD\d+)$|(?:only|just) (?:runs?|works?) (?:as|for|with) (?:root|sudo))"));
    if (noGpu.match(line).hasMatch() && roomFor(f.noDevice) &&
        !(f.noDevice.size() && f.noDevice.last().number == n))
        f.noDevice.append(makeLine(n, trimmed));
}

// Compiler diagnostics.
void compilerFacts(TextFacts &f, const Line &l, bool compilerLine) {
    static const QRegularExpression lds(QStringLiteral(
        R"(local memory \((\d+)\) exceeds limit \((\d+)\)(?: in function '([^']+)')?)"));
    static const QRegularExpression devLibs(
        QStringLiteral(
            R"(cannot find (?:ROCm device librar|HIP runtime|ROCm installation|libdevice)|no ROCm device library|ROCm device library.*not found)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression unsupported(QStringLiteral(
        R"((?:unsupported option|unknown argument|unknown argument ignored in clang-cl|optimization flag|argument unused during compilation):?\s*'([^']+)')"));
    const int n = l.number;
    const QString &line = l.text, &trimmed = l.trimmed;
    const auto ldsm = lds.match(line);
    if (ldsm.hasMatch() && roomFor(f.ldsOverLimit)) {
        f.ldsOverLimit.append({makeLine(n, trimmed), ldsm.captured(1).toLongLong(),
                               ldsm.captured(2).toLongLong(), ldsm.captured(3)});
        f.compilerOutput = true;
    }
    // ptxas says it in hex: "Entry function '_Z1kPf' uses too much shared data (0x10000 bytes,
    // 0xc000 max)".
    static const QRegularExpression ptxasShared(QStringLiteral(
        R"(Entry function '([^']+)' uses too much shared data \((0x[0-9a-fA-F]+|\d+) bytes?, (0x[0-9a-fA-F]+|\d+) max\))"));
    if (const auto pm = ptxasShared.match(line); pm.hasMatch() && roomFor(f.ldsOverLimit)) {
        auto number = [](const QString &v) { return v.toLongLong(nullptr, 0); };
        f.ldsOverLimit.append(
            {makeLine(n, trimmed), number(pm.captured(2)), number(pm.captured(3)), pm.captured(1)});
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
}

// Names a program asked the runtime for.
void requestedNameFacts(TextFacts &f, const Line &l) {
    static const QRegularExpression cannotFind(
        QStringLiteral(R"(Cannot find the function:?\s*(\S+))"));
    static const QRegularExpression getFunction(QStringLiteral(
        R"re(hipModuleGetFunction\s*\(\s*[^,]*,\s*[^,]*,\s*"?([A-Za-z_][\w$.]*)"?\s*\))re"));
    const QString &line = l.text;
    const auto cf = cannotFind.match(line);
    if (cf.hasMatch() && !f.kernelNamesRequested.contains(cf.captured(1)))
        f.kernelNamesRequested.append(cf.captured(1));
    const auto gf = getFunction.match(line);
    if (gf.hasMatch() && !gf.captured(1).startsWith(QLatin1String("0x")) &&
        !f.kernelNamesRequested.contains(gf.captured(1)))
        f.kernelNamesRequested.append(gf.captured(1));
}

// Command lines: a known tool as the first word (after a prompt / hipcc-cmd:), or a
// `-###` job line (quoted program path).
void commandLineFacts(TextFacts &f, const Line &l, bool isAmdLog) {
    static const QRegularExpression prompt(
        QStringLiteral(R"(^(?:[\w@.:~/-]*[$#>]\s+|hipcc-cmd:\s*))"));
    const int n = l.number;
    const QString &line = l.text, &trimmed = l.trimmed;
    if (isAmdLog || f.commands.size() >= kMaxFactsPerKind)
        return;
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
        return;
    const qsizetype firstSpace = cmdText.indexOf(QLatin1Char(' '));
    QString first = firstSpace < 0 ? cmdText : cmdText.left(firstSpace);
    first.remove(QLatin1Char('"'));
    const QString tool = toolName(first);
    if (!knownTools().contains(tool) || firstSpace < 0)
        return;
    QStringList args = shellSplit(cmdText);
    if (args.isEmpty())
        return;
    args.removeFirst();
    // A diagnostic that merely starts with a tool name ("clang: error: ...") is no command.
    if (!args.isEmpty() &&
        (args.first().endsWith(QLatin1Char(':')) || first.endsWith(QLatin1Char(':'))))
        return;
    if (args.isEmpty() || !std::any_of(args.cbegin(), args.cend(), [](const QString &a) {
            return a.startsWith(QLatin1Char('-')) || a.contains(QLatin1Char('.'));
        }))
        return;
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

// What the events say about the lines: the layer each event speaks for, counted once per
// headline line, the lines boilerplate and traceback frames hold, and the error lines no
// event places.
struct LineRoles {
    QList<char> role;   // 0 a line to read, 1 boilerplate, 2 a traceback's frame
    QList<bool> placed; // an event with a layer holds the line
    QSet<int> compilerHeadlines;
};

int headline(const TextEvent &e) {
    if (e.kind == EventKind::Traceback) {
        const int n = e.field(QStringLiteral("exception-line")).toInt();
        return n > 0 ? n : e.firstLine;
    }
    return e.firstLine;
}

// A loader message wrapped before the symbol: only the event has the symbol.
void addWrappedUndefinedSymbol(TextFacts &f, const TextEvent &e) {
    TextFacts::UndefinedSymbol u;
    u.line = makeLine(e.firstLine, e.text + QLatin1Char(' ') + e.field(QStringLiteral("symbol")));
    u.symbol = e.field(QStringLiteral("symbol"));
    u.demangled = demangleSymbol(u.symbol);
    static const QRegularExpression file(QStringLiteral(R"((\S+\.so[\w.]*): undefined symbol)"));
    u.file = file.match(e.text).captured(1);
    f.undefinedSymbols.append(u);
}

// A runtime result's error that is a look-alike (out of memory, a memory fault, a hang): its
// line, once, in the facts' list for it.
void addRuntimeLookAlike(TextFacts &f, const TextEvent &e) {
    const QString first = e.field(QStringLiteral("ids")).section(QLatin1Char(' '), 0, 0);
    QList<TextLine> *list = first == QLatin1String("runtime.out-of-memory")  ? &f.outOfMemory
                            : first == QLatin1String("runtime.memory-fault") ? &f.memoryFaults
                            : first == QLatin1String("runtime.hang")         ? &f.hangs
                                                                             : nullptr;
    if (list && roomFor(*list) &&
        std::none_of(list->cbegin(), list->cend(),
                     [&](const TextLine &l) { return l.number == e.firstLine; }))
        list->append(makeLine(e.firstLine, e.text));
}

LineRoles eventFacts(TextFacts &f, int lineCount) {
    LineRoles r;
    r.role.fill(0, lineCount);
    r.placed.fill(false, lineCount);
    QSet<qint64> counted;
    for (const TextEvent &e : std::as_const(f.events)) {
        if (e.kind == EventKind::Boilerplate) {
            for (int n = e.firstLine; n <= e.lastLine && n <= lineCount; ++n)
                r.role[n - 1] = 1;
            continue;
        }
        if (e.kind == EventKind::Traceback) {
            f.pythonTraceback = true;
            const int exc = e.field(QStringLiteral("exception-line")).toInt();
            for (int n = e.firstLine + 1; n <= e.lastLine && n <= lineCount; ++n)
                if (n != exc)
                    r.role[n - 1] = 2;
        }
        if (e.kind == EventKind::LoaderMessage && !e.field(QStringLiteral("symbol")).isEmpty() &&
            e.text.endsWith(QLatin1String("undefined symbol:")) && roomFor(f.undefinedSymbols))
            addWrappedUndefinedSymbol(f, e);
        // Look-alikes and shared-memory limits a runtime result or a compiler's event names.
        if (e.kind == EventKind::RuntimeResult && e.error)
            addRuntimeLookAlike(f, e);
        if (!e.field(QStringLiteral("required")).isEmpty() && roomFor(f.ldsOverLimit)) {
            f.ldsOverLimit.append({makeLine(e.firstLine, e.text),
                                   e.field(QStringLiteral("required")).toLongLong(),
                                   e.field(QStringLiteral("limit")).toLongLong(), QString()});
            f.compilerOutput = true;
        }
        if (!e.layer)
            continue;
        const int h = headline(e);
        for (int n = e.firstLine; n <= std::max(e.firstLine, h) && n <= lineCount; ++n)
            r.placed[n - 1] = true;
        const size_t li = size_t(*e.layer);
        if (counted.contains(qint64(li) << 32 | h))
            continue;
        counted.insert(qint64(li) << 32 | h);
        ++f.layerLines[li];
        if (e.error && f.layerErrors[li].size() < 20)
            f.layerErrors[li].append(makeLine(h, e.text));
        if (*e.layer == TextLayer::Compiler && e.error)
            r.compilerHeadlines.insert(h);
        if (*e.layer == TextLayer::Triton && e.error && roomFor(f.tritonErrors))
            f.tritonErrors.append(makeLine(h, e.text));
    }
    return r;
}

// Lines that say "error" that no event places (layer.unknown shows them).
void unplacedErrorFacts(TextFacts &f, const Line &l, const LineRoles &roles) {
    if (roles.placed.at(l.index))
        return;
    if (roomFor(f.unclassifiedErrors) && textSaysError(l.trimmed) &&
        !l.text.startsWith(QLatin1Char(' ')) && !l.text.startsWith(QLatin1Char('\t')))
        f.unclassifiedErrors.append(makeLine(l.number, l.trimmed));
}

} // namespace

TextFacts readTextFacts(const QString &text) {
    TextFacts f;
    f.events = readEvents(text);
    rocminfoFacts(f, text);
    static const QRegularExpression amdLogLine(QStringLiteral(R"(^:\d:)"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    const LineRoles roles = eventFacts(f, int(lines.size()));
    for (int i = 0; i < lines.size(); ++i) {
        const std::optional<Line> l = prepareLine(lines, i);
        if (!l || roles.role.at(i) == 1)
            continue; // blank, or a framework's hint
        if (roles.role.at(i) == 2) {
            // A launcher's check in a frame's code (the webui's `assert
            // torch.cuda.is_available(), 'Torch is not able to use GPU…'`): the GPU is not usable.
            static const QRegularExpression gpuCheck(
                QStringLiteral(R"(assert\s+torch\.cuda\.is_available\(\))"));
            if (gpuCheck.match(l->trimmed).hasMatch() && roomFor(f.noDevice))
                f.noDevice.append(makeLine(l->number, l->trimmed));
            environmentFacts(f, l->number, l->trimmed, false, lines, i);
            continue; // a frame's file and code: where the error passed, not what it was
        }
        const bool isAmdLog = amdLogLine.match(l->trimmed).hasMatch();
        const bool compilerLine = roles.compilerHeadlines.contains(l->number);
        unplacedErrorFacts(f, *l, roles);
        otherFacts(f, l->number, l->trimmed, compilerLine, lines, i);
        exceptionFacts(f, *l);
        missingLibraryFacts(f, *l);
        undefinedSymbolFacts(f, *l, lines);
        runtimeFacts(f, *l, isAmdLog);
        compilerFacts(f, *l, compilerLine);
        requestedNameFacts(f, *l);
        commandLineFacts(f, *l, isAmdLog);
    }
    std::sort(f.tritonErrors.begin(), f.tritonErrors.end(),
              [](const TextLine &a, const TextLine &b) { return a.number < b.number; });
    return f;
}

} // namespace hd
