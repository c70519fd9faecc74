#pragma once

// The one lookup of a kernel name among inspected artifacts (docs/findings.md "Direction 2:
// symbols"): does the name a caller passes to hipModuleGetFunction exist as a kernel, only
// C++-mangled, with internal linkage, as a function that is no kernel (a port that dropped
// __global__, or a library's public host API), or not at all (the nearest names). The
// diagnosis rules, the app's name box and the command-line parsers' suggestions all use it,
// so they never disagree about the same name.

#include "model/artifact_report.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

// The unqualified function name of a mangled, demangled or plain symbol:
// "ns::vecAdd(float*, int)" -> "vecAdd"; "void foo<int>(int*)" -> "foo";
// "(anonymous namespace)::k(int)" -> "k".
QString symbolBaseName(const QString &symbolOrDemangled);
// A name private to its translation unit: static (_ZL), in an anonymous namespace.
bool isInternalName(const QString &mangledOrDemangled);
// Levenshtein distance (LLVM's ComputeEditDistance), ignoring case when asked.
int editDistance(const QString &a, const QString &b, bool ignoreCase = true);
// The candidates nearest to name, at most max, nearest first (ties keep their order): by the
// edit distance to the candidate and to its base name; one holding the other counts as 2.
QStringList nearestNames(const QString &name, const QStringList &candidates, int max = 5);
// The word a mistyped one (an option, a command) was meant to be, "" when none is close:
// within 1 edit for short words, 2 from 5 letters, 3 from 8; else the only candidate it begins.
QString closestWord(const QString &word, const QStringList &candidates);

// A kernel or function of an inspected artifact, as the lookup sees it.
struct NamedSymbol {
    QString file;   // the artifact's path
    QString origin; // the code object's origin, or the host section
    QString name;   // as in the symbol table (mangled)
    QString demangled;
    QString binding; // "global", "local", "weak"
    SymbolKind kind = SymbolKind::Kernel;
    const CodeObject *codeObject = nullptr; // device symbols; valid while the artifacts live
    // A host function a shared library exports as part of a family of entry points sharing its
    // prefix (rocblas_sgemm in librocblas): the library's public API, called from host code.
    bool publicHostApi = false;
    QString library; // that library's soname (or file name)
    bool internal() const;
};

// Every kernel and every function that is no kernel, of some artifacts.
struct SymbolIndex {
    QList<NamedSymbol> kernels, functions;
    bool anyDeviceCode = false; // some artifact holds a code object
    bool isEmpty() const { return kernels.isEmpty() && functions.isEmpty(); }
    void add(const ArtifactReport &artifact);
};
SymbolIndex indexSymbols(const QList<ArtifactReport> &artifacts);

struct NameLookup {
    enum class Match {
        Exact,           // a kernel of exactly that name, with external linkage
        InternalLinkage, // the kernel is there, but private to its translation unit
        Mangled,         // only C++-mangled kernels carry that base name (no extern "C")
        NotAKernel,      // a host or device function of that name: no kernel descriptor
        HostApi,         // a library's public host function (never a kernel to look up)
        Missing,         // nothing of that name
    };
    Match match = Match::Missing;
    QList<NamedSymbol> exact;     // Exact
    QList<NamedSymbol> internal;  // the same kernel with internal linkage
    QList<NamedSymbol> mangled;   // the same kernel, mangled
    QList<NamedSymbol> functions; // NotAKernel / HostApi: the functions carrying the name
    QStringList nearest;          // Missing: the nearest kernel names (mangled), nearest first
    // The name reaches a kernel (exactly, mangled or internal).
    bool sameKernel() const {
        return !exact.isEmpty() || !mangled.isEmpty() || !internal.isEmpty();
    }
};
// Looks name up; nearest names are listed (up to nearestMax) only when it is Missing.
NameLookup lookupKernelName(const SymbolIndex &index, const QString &name, int nearestMax = 5);
QString matchName(NameLookup::Match m); // "exact", "internal-linkage", ... (stable, for tests)

} // namespace hd
