// Rules on the names a caller looks up (direction 2): kernels, device and host functions of
// every inspected code object and host binary (docs/findings.md, "Direction 2: symbols").

#include "common/engine_text.h"
#include "rules_p.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace hd::detail {

namespace {

const SymbolIndex kNoSymbols;

QString moduleGetFunctionCall(const QString &name) {
    return QStringLiteral("hipModuleGetFunction(&function, module, \"%1\");").arg(name);
}

void internalLinkageRule(Context &c) {
    const SymbolIndex &t = c.kernels.isEmpty() ? kNoSymbols : c.symbolIndex();
    for (const QString &requested : std::as_const(c.kernels)) {
        for (const NamedSymbol &k : lookupKernelName(t, requested).internal) {
            const bool anon = k.name.contains(QLatin1String("_GLOBAL__N_"));
            Finding f = makeFinding(
                QStringLiteral("symbol.internal-linkage"),
                HD_TEXT("hd::Diagnosis", "Kernel %1 has internal linkage (%2)")
                    .arg(requested, anon ? HD_TEXT("hd::Diagnosis", "anonymous namespace")
                                         : QStringLiteral("static")),
                HD_TEXT("hd::Diagnosis",
                        "The kernel is in the code object as %1 (%2): a %3 name that is "
                        "private to its translation unit, so a lookup of \"%4\" fails "
                        "(hipErrorNotFound) and the mangled name is not stable.")
                    .arg(k.name, k.demangled,
                         anon ? QStringLiteral("anonymous-namespace") : QStringLiteral("static"),
                         requested));
            f.evidence.append(fileEvidence(
                k.file, k.origin,
                HD_TEXT("hd::Diagnosis", "symbol %1 (binding %2)").arg(k.name, k.binding)));
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Give the kernel external linkage: remove `static` / move it "
                             "out of the anonymous namespace, and declare it "
                             "extern \"C\" __global__ void %1(...).")
                         .arg(symbolBaseName(requested))
                  << HD_TEXT("hd::Diagnosis", "This build only: %1")
                         .arg(moduleGetFunctionCall(k.name));
            c.add(f);
        }
    }
}

void mangledNameRule(Context &c) {
    const SymbolIndex &t = c.kernels.isEmpty() ? kNoSymbols : c.symbolIndex();
    for (const QString &requested : std::as_const(c.kernels)) {
        const QList<NamedSymbol> mangled = lookupKernelName(t, requested).mangled;
        if (mangled.isEmpty())
            continue;
        const NamedSymbol &k = mangled.first();
        const bool templ =
            k.demangled.left(k.demangled.indexOf(QLatin1Char('('))).contains(QLatin1Char('<'));
        QStringList all;
        for (const NamedSymbol &m : mangled)
            all.append(QStringLiteral("%1 (%2)").arg(m.name, m.demangled));
        Finding f = makeFinding(
            QStringLiteral("symbol.mangled-name"),
            HD_TEXT("hd::Diagnosis", "Kernel %1 exists only C++-mangled, as %2")
                .arg(requested, k.name),
            HD_TEXT("hd::Diagnosis",
                    "The code object has no symbol \"%1\", but the kernel %2 "
                    "demangles to %3: it was declared without extern \"C\", so its "
                    "name carries the parameter types. hipModuleGetFunction(\"%1\") "
                    "returns hipErrorNotFound.%4")
                .arg(requested, k.name, k.demangled,
                     mangled.size() > 1
                         ? QStringLiteral(" Candidates: %1.").arg(all.join(QStringLiteral("; ")))
                         : QString()));
        for (const NamedSymbol &m : mangled.mid(0, 4))
            f.evidence.append(
                fileEvidence(m.file, m.origin,
                             HD_TEXT("hd::Diagnosis", "kernel %1 = %2").arg(m.name, m.demangled)));
        if (templ)
            f.fix << HD_TEXT("hd::Diagnosis",
                             "%1 is a template instance: extern \"C\" cannot apply to a "
                             "template; add an extern \"C\" __global__ wrapper kernel "
                             "with a fixed name, or look up the mangled name.")
                         .arg(k.demangled);
        else
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Declare the kernel extern \"C\": extern \"C\" __global__ "
                             "void %1(...) — then hipModuleGetFunction finds \"%1\".")
                         .arg(symbolBaseName(requested));
        f.fix << HD_TEXT("hd::Diagnosis", "Or look up the mangled name: %1")
                     .arg(moduleGetFunctionCall(k.name));
        c.add(f);
    }
}

// A library's public host function (rocblas_sgemm in librocblas): host code calls it; no
// kernel of that name was ever meant to exist, so no __global__ is missing.
Finding hostApiFinding(const QString &requested, const QList<NamedSymbol> &sites) {
    const NamedSymbol &s = sites.first();
    Finding f = makeFinding(
        QStringLiteral("symbol.not-a-kernel"),
        HD_TEXT("hd::Diagnosis", "%1 is a host function of %2's API, not a kernel")
            .arg(requested, s.library),
        HD_TEXT("hd::Diagnosis",
                "%1 is one of the entry points %2 exports for host code: the program calls it "
                "directly and the library launches its own kernels. The module API "
                "(hipModuleGetFunction) finds kernels of a code object only, so it never finds "
                "%1; nothing was lost in a port.")
            .arg(s.name, s.library));
    for (const NamedSymbol &n : sites.mid(0, 4))
        f.evidence.append(fileEvidence(
            n.file, n.origin,
            QStringLiteral("%1 %2 (%3)").arg(symbolKindName(n.kind), n.name, n.binding)));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Call %1 from host code, linked against %2 (or dlopen %2 and find it with "
                     "dlsym); look up with hipModuleGetFunction only kernels of a code object.")
                 .arg(s.name, s.library);
    return f;
}

// The name is there, but not as a kernel (no .kd descriptor / host code).
void notAKernelRule(Context &c) {
    const SymbolIndex &t = c.kernels.isEmpty() ? kNoSymbols : c.symbolIndex();
    for (const QString &requested : std::as_const(c.kernels)) {
        const NameLookup lookup = lookupKernelName(t, requested);
        if (lookup.match == NameLookup::Match::HostApi) {
            c.add(hostApiFinding(requested, lookup.functions));
            continue;
        }
        if (lookup.match != NameLookup::Match::NotAKernel)
            continue;
        const QList<NamedSymbol> &notKernel = lookup.functions;
        const NamedSymbol &s = notKernel.first();
        const bool host = s.kind == SymbolKind::HostFunction;
        Finding f =
            makeFinding(QStringLiteral("symbol.not-a-kernel"),
                        HD_TEXT("hd::Diagnosis", "%1 is a %2, not a kernel")
                            .arg(requested, host ? HD_TEXT("hd::Diagnosis", "host function")
                                                 : HD_TEXT("hd::Diagnosis", "device function")),
                        host ? HD_TEXT("hd::Diagnosis",
                                       "%1 (%2) is compiled as host code in %3: it has no "
                                       "__global__, so no device code and no kernel descriptor "
                                       "exist for it (a common hipify / porting leftover).")
                                   .arg(s.name, s.demangled, QFileInfo(s.file).fileName())
                             : HD_TEXT("hd::Diagnosis",
                                       "%1 (%2) is a __device__ function in the code object: it "
                                       "has no kernel descriptor (%1.kd), so it cannot be launched "
                                       "or found with hipModuleGetFunction.")
                                   .arg(s.name, s.demangled));
        for (const NamedSymbol &n : notKernel.mid(0, 4))
            f.evidence.append(fileEvidence(
                n.file, n.origin,
                QStringLiteral("%1 %2 (%3)").arg(symbolKindName(n.kind), n.name, n.demangled)));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Declare it as a kernel: extern \"C\" __global__ void %1(...), "
                         "and compile the file as HIP (hipcc, or -x hip).")
                     .arg(symbolBaseName(requested));
        if (host)
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Launch it with hipLaunchKernelGGL / hipModuleLaunchKernel "
                             "instead of calling it from host code.");
        c.add(f);
    }
}

// No trace of the name at all: the nearest kernel names instead.
void notFoundRule(Context &c) {
    const SymbolIndex &t = c.kernels.isEmpty() ? kNoSymbols : c.symbolIndex();
    // Without device code module.not-a-code-object says it; log-only cases are text rules'.
    if (t.isEmpty() || !t.anyDeviceCode)
        return;
    for (const QString &requested : std::as_const(c.kernels)) {
        const NameLookup lookup = lookupKernelName(t, requested);
        if (lookup.match != NameLookup::Match::Missing)
            continue;
        const QStringList &near = lookup.nearest;
        QStringList shown;
        for (const QString &n : near) {
            const QString d = demangleSymbol(n);
            shown.append(d == n ? n : QStringLiteral("%1 (%2)").arg(n, d));
        }
        Finding f = makeFinding(
            QStringLiteral("symbol.kernel-not-found"),
            HD_TEXT("hd::Diagnosis", "No kernel named %1 in the inputs").arg(requested),
            HD_TEXT("hd::Diagnosis",
                    "None of the %1 kernel(s) in the code objects is %2, mangled or not. "
                    "Nearest names: %3.")
                .arg(t.kernels.size())
                .arg(requested)
                .arg(shown.isEmpty() ? HD_TEXT("hd::Diagnosis", "(no kernels at all)")
                                     : shown.join(QStringLiteral(", "))));
        for (const ArtifactReport &r : std::as_const(c.artifacts))
            if (!r.codeObjects.isEmpty())
                f.evidence.append(fileEvidence(
                    r.path, HD_TEXT("hd::Diagnosis", "%1 code object(s)").arg(r.codeObjects.size()),
                    QStringLiteral("%1 kernel(s)").arg(r.kernelCount())));
        if (!near.isEmpty())
            f.fix << HD_TEXT("hd::Diagnosis", "Use the exact name: %1")
                         .arg(moduleGetFunctionCall(near.first()));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Check that the file loaded is the one built from the kernel's "
                         "source (list its kernels with `hipdoctor-cli inspect`).");
        c.add(f);
    }
}

} // namespace

const QList<Rule> &symbolRuleList() {
    static const QList<Rule> rules{
        {"symbols/internal-linkage",
         RuleScope::Symbols,
         {QStringLiteral("symbol.internal-linkage")},
         [](Context &c, const RuleInput &) { internalLinkageRule(c); }},
        {"symbols/mangled",
         RuleScope::Symbols,
         {QStringLiteral("symbol.mangled-name")},
         [](Context &c, const RuleInput &) { mangledNameRule(c); }},
        {"symbols/not-a-kernel",
         RuleScope::Symbols,
         {QStringLiteral("symbol.not-a-kernel")},
         [](Context &c, const RuleInput &) { notAKernelRule(c); }},
        {"symbols/not-found",
         RuleScope::Symbols,
         {QStringLiteral("symbol.kernel-not-found")},
         [](Context &c, const RuleInput &) { notFoundRule(c); }},
    };
    return rules;
}

} // namespace hd::detail
