// The command lines a text shows (hipcc / clang / nvcc / ld), as read by readTextFacts(): what
// they ask of the compiler, and the options only nvcc takes.

#include "diagnosis/text_facts.h"

#include <QRegularExpression>

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

} // namespace hd
