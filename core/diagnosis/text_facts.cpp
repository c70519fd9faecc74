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

// One line of the text as the steps below read it.
struct Line {
    int index = 0;   // in the text's lines
    int number = 0;  // 1-based
    QString text;    // without "\r" and tool prefixes, at most 64 KiB
    QString trimmed; // never empty
};

// The line `i` of `lines` ready to read; nullopt for a blank one.
std::optional<Line> prepareLine(const QStringList &lines, int i) {
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
        return std::nullopt;
    return Line{i, i + 1, line, trimmed};
}

void rocminfoFacts(TextFacts &f, const QString &text) {
    f.rocminfo = looksLikeRocminfo(text);
    if (f.rocminfo) {
        f.rocminfoDevices = parseRocminfo(text);
        static const QRegularExpression rv(QStringLiteral(R"(Runtime Version:\s*([\d.]+))"));
        f.rocminfoRuntimeVersion = rv.match(text).captured(1);
    }
}

// The layer first: every rule below reads facts, the layer says whose facts they are.
// "error: ..." with no tool before it is kept in `bareErrors` for bareErrorFacts().
std::optional<LineClass> layerFacts(TextFacts &f, const Line &l, QList<TextLine> &bareErrors) {
    // clang's backend and driver print such lines, and so do programs. They count as compiler
    // lines only where the text shows a compile.
    static const QRegularExpression bareError(QStringLiteral(R"(^(?:fatal )?error: )"));
    const int n = l.number;
    const QString &trimmed = l.trimmed;
    const std::optional<LineClass> cls = classifyLine(trimmed);
    if (cls) {
        const size_t li = size_t(cls->layer);
        ++f.layerLines[li];
        if (cls->error && f.layerErrors[li].size() < 20)
            f.layerErrors[li].append(makeLine(n, trimmed));
    } else if (bareError.match(trimmed).hasMatch()) {
        bareErrors.append(makeLine(n, trimmed));
    } else if (roomFor(f.unclassifiedErrors) && textSaysError(trimmed) &&
               !l.text.startsWith(QLatin1Char(' ')) && !l.text.startsWith(QLatin1Char('\t'))) {
        f.unclassifiedErrors.append(makeLine(n, trimmed));
    }
    return cls;
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
        R"(hsa_init failed|ROCk module is NOT loaded|Unable to open /dev/kfd|/dev/kfd.*(?:Permission denied|No such file)|(?:Permission denied|cannot open).*/dev/(?:kfd|dri)|HSA_STATUS_ERROR_OUT_OF_RESOURCES|no ROCm-capable device|no CUDA-capable device|No devices found|hipErrorNoDevice|hipErrorInvalidDevice\b|CUDA_ERROR_NO_DEVICE|cudaErrorNoDevice|invalid device ordinal|Failed to get the number of (?:GPU|HIP|CUDA) devices|hipGetDeviceCount.*(?:failed|error)|torch\.cuda\.is_available\(\)\s*(?:returns?|is|=+)\s*False|Found no NVIDIA driver|NVIDIA driver on your system is too old|No HIP GPUs are available|No CUDA GPUs are available|Could not initialize Tensile host: No devices found)"));
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

// Bare "error: ..." lines are the compiler's where the text shows a compile.
void bareErrorFacts(TextFacts &f, const QList<TextLine> &bareErrors) {
    const bool compiling =
        f.hasLayer(TextLayer::Compiler) ||
        std::any_of(f.commands.cbegin(), f.commands.cend(), [](const CommandLine &c) {
            return !c.tool.startsWith(QLatin1String("ld")) && c.tool != QLatin1String("lld");
        });
    for (const TextLine &l : bareErrors) {
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
}

} // namespace

TextFacts readTextFacts(const QString &text) {
    TextFacts f;
    rocminfoFacts(f, text);
    static const QRegularExpression amdLogLine(QStringLiteral(R"(^:\d:)"));
    QList<TextLine> bareErrors;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const std::optional<Line> l = prepareLine(lines, i);
        if (!l)
            continue;
        const bool isAmdLog = amdLogLine.match(l->trimmed).hasMatch();
        const std::optional<LineClass> cls = layerFacts(f, *l, bareErrors);
        const bool compilerLine = cls && cls->layer == TextLayer::Compiler;
        otherFacts(f, l->number, l->trimmed, compilerLine, lines, i);
        exceptionFacts(f, *l);
        missingLibraryFacts(f, *l);
        undefinedSymbolFacts(f, *l, lines);
        runtimeFacts(f, *l, isAmdLog);
        compilerFacts(f, *l, compilerLine);
        requestedNameFacts(f, *l);
        commandLineFacts(f, *l, isAmdLog);
    }
    bareErrorFacts(f, bareErrors);
    std::sort(f.compileErrors.begin(), f.compileErrors.end(),
              [](const TextLine &a, const TextLine &b) { return a.number < b.number; });
    return f;
}

} // namespace hd
