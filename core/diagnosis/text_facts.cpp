#include "diagnosis/text_facts.h"

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

QString runtimeErrorName(const QString &line, QString *message) {
    struct Known {
        const char *name;
        const char *messages[3];
    };
    static const Known known[] = {
        {"hipErrorNoBinaryForGpu",
         {"no kernel image is available for execution on the device",
          "Unable to find code object for all current devices", "CUDA_ERROR_NO_BINARY_FOR_GPU"}},
        {"hipErrorInvalidDeviceFunction", {"invalid device function", nullptr, nullptr}},
        {"hipErrorNotFound", {"named symbol not found", "CUDA_ERROR_NOT_FOUND", nullptr}},
        {"hipErrorNoDevice",
         {"no ROCm-capable device is detected", "no CUDA-capable device is detected",
          "CUDA_ERROR_NO_DEVICE"}},
        {"hipErrorInvalidImage", {"device kernel image is invalid", nullptr, nullptr}},
        {"hipErrorInvalidKernelFile", {"invalid kernel file", nullptr, nullptr}},
        {"hipErrorSharedObjectInitFailed",
         {"shared object initialization failed", nullptr, nullptr}},
        {"hipErrorSharedObjectSymbolNotFound",
         {"shared object symbol not found", nullptr, nullptr}},
        {"hipErrorInvalidConfiguration", {"invalid configuration argument", nullptr, nullptr}},
        {"hipErrorFileNotFound", {"file not found", nullptr, nullptr}},
        {"hipErrorLaunchOutOfResources",
         {"too many resources requested for launch", nullptr, nullptr}},
    };
    static const QRegularExpression hipErr(QStringLiteral(R"(\b(hipError[A-Za-z]+)\b)"));
    const auto m = hipErr.match(line);
    for (const Known &k : known) {
        for (const char *msg : k.messages) {
            if (msg && line.contains(QLatin1String(msg), Qt::CaseInsensitive)) {
                *message = QString::fromLatin1(msg);
                return QString::fromLatin1(k.name);
            }
        }
    }
    if (m.hasMatch()) {
        *message = QString();
        return m.captured(1);
    }
    return {};
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

QStringList splitCommandLine(const QString &line) {
    QStringList out;
    QString cur;
    bool inToken = false;
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else if (c == QLatin1Char('\\') && quote == QLatin1Char('"') && i + 1 < line.size())
                cur += line[++i];
            else
                cur += c;
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
            inToken = true;
        } else if (c == QLatin1Char('\\') && i + 1 < line.size()) {
            cur += line[++i];
            inToken = true;
        } else if (c.isSpace()) {
            if (inToken)
                out.append(cur);
            cur.clear();
            inToken = false;
        } else {
            cur += c;
            inToken = true;
        }
    }
    if (inToken)
        out.append(cur);
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
        R"((?:^|\s)(?:(\S+?):\s+)?undefined symbol:\s+([^\s,]+)(?:,\s*version\s+(\S+))?)"));
    static const QRegularExpression undefLld(
        QStringLiteral(R"(ld\.lld: error: undefined symbol: (.+)$)"));
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
    static const QRegularExpression compileErr(QStringLiteral(
        R"((?:^|[\s:])(?:fatal )?error: |^nvcc fatal|error: linker command failed|collect2: error)"));
    static const QRegularExpression exception(
        QStringLiteral(R"(^([A-Za-z_][\w.]*(?:Error|Exception)):\s*(.*)$)"));
    static const QRegularExpression cannotFind(
        QStringLiteral(R"(Cannot find the function:?\s*(\S+))"));
    static const QRegularExpression getFunction(QStringLiteral(
        R"re(hipModuleGetFunction\s*\(\s*[^,]*,\s*[^,]*,\s*"?([A-Za-z_][\w$.]*)"?\s*\))re"));
    static const QRegularExpression prompt(
        QStringLiteral(R"(^(?:[\w@.:~/-]*[$#>]\s+|hipcc-cmd:\s*))"));
    static const QRegularExpression amdLogLine(QStringLiteral(R"(^:\d:)"));

    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const int n = i + 1;
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.size() > 64 * 1024)
            line = line.left(64 * 1024); // a single giant line: look at its start only
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        const bool isAmdLog = amdLogLine.match(trimmed).hasMatch();

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
                s.symbol = u.captured(2);
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
            R"(hsa_init failed|ROCk module is NOT loaded|Unable to open /dev/kfd|HSA_STATUS_ERROR_OUT_OF_RESOURCES|no ROCm-capable device|No devices found|hipErrorNoDevice)"));
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
        if (!isAmdLog && compileErr.match(trimmed).hasMatch() && roomFor(f.compileErrors)) {
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
        if (cmdText.size() > 32 * 1024)
            continue;
        const qsizetype firstSpace = cmdText.indexOf(QLatin1Char(' '));
        QString first = firstSpace < 0 ? cmdText : cmdText.left(firstSpace);
        first.remove(QLatin1Char('"'));
        const QString tool = toolName(first);
        if (!knownTools().contains(tool) || firstSpace < 0)
            continue;
        QStringList args = splitCommandLine(cmdText);
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
    return f;
}

} // namespace hd
