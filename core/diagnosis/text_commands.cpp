// The command lines a text shows (hipcc / clang / nvcc / ld), as read by readTextFacts(): what
// they ask of the compiler, and the options only nvcc takes.

#include "diagnosis/text_facts.h"

#include <QRegularExpression>

#include <algorithm>
#include <iterator>

namespace hd {

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

namespace {

// Options only nvcc understands; hipcc/clang reject them or silently do something else.
constexpr const char *kNvccOnlyExact[] = {"--extended-lambda",
                                          "--expt-extended-lambda",
                                          "-expt-extended-lambda",
                                          "--expt-relaxed-constexpr",
                                          "-expt-relaxed-constexpr",
                                          "--use_fast_math",
                                          "-use_fast_math",
                                          "-lineinfo",
                                          "--generate-line-info",
                                          "-dc",
                                          "-dlink",
                                          "--device-c",
                                          "--device-link",
                                          "--resource-usage",
                                          "-Wno-deprecated-gpu-targets",
                                          "--keep",
                                          "-G",
                                          "--device-debug",
                                          "--disable-warnings",
                                          "--restrict"};

// nvcc-only options with a value, written "-opt value" or "-opt=value".
constexpr const char *kNvccOnlyWithValue[] = {"-gencode",
                                              "--generate-code",
                                              "-code",
                                              "--gpu-code",
                                              "--gpu-architecture",
                                              "-Xcompiler",
                                              "--compiler-options",
                                              "-Xptxas",
                                              "--ptxas-options",
                                              "-Xcudafe",
                                              "-Xnvlink",
                                              "-ccbin",
                                              "--compiler-bindir",
                                              "-maxrregcount",
                                              "--maxrregcount",
                                              "--default-stream",
                                              "-rdc",
                                              "--relocatable-device-code",
                                              "-cudart",
                                              "--cudart",
                                              "--fmad",
                                              "-fmad",
                                              "-prec-div",
                                              "-prec-sqrt",
                                              "--prec-div",
                                              "--prec-sqrt",
                                              "-ftz",
                                              "--ftz",
                                              "--threads",
                                              "-t"};

} // namespace

QStringList nvccOnlyFlags(const QStringList &args) {
    QStringList out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (std::any_of(std::begin(kNvccOnlyExact), std::end(kNvccOnlyExact),
                        [&](const char *f) { return a == QLatin1String(f); })) {
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
        for (const char *flag : kNvccOnlyWithValue) {
            const QString f = QLatin1String(flag);
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

} // namespace hd
