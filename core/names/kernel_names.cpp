#include "names/kernel_names.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/edit_distance.h>

#include <QHash>
#include <QSet>

#include <algorithm>

namespace hd {

QString symbolBaseName(const QString &symbolOrDemangled) {
    QString s = symbolOrDemangled;
    if (s.startsWith(QLatin1String("_Z")))
        s = SymbolName(s).demangled();
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

bool isInternalName(const QString &name) {
    return name.startsWith(QLatin1String("_ZL")) || name.contains(QLatin1String("_GLOBAL__N_")) ||
           name.contains(QLatin1String("(anonymous namespace)"));
}

int editDistance(const QString &a, const QString &b, bool ignoreCase) {
    const QString x = ignoreCase ? a.toLower() : a, y = ignoreCase ? b.toLower() : b;
    return int(llvm::ComputeEditDistance(llvm::ArrayRef<QChar>(x.constData(), size_t(x.size())),
                                         llvm::ArrayRef<QChar>(y.constData(), size_t(y.size()))));
}

QStringList nearestNames(const QString &name, const QStringList &candidates, int max) {
    QList<QPair<int, QString>> scored;
    QSet<QString> seen;
    for (const QString &cand : candidates) {
        if (cand.isEmpty() || seen.contains(cand))
            continue;
        seen.insert(cand);
        const QString base = symbolBaseName(cand);
        int d = std::min(editDistance(name, cand), editDistance(name, base));
        if (base.contains(name, Qt::CaseInsensitive) || name.contains(base, Qt::CaseInsensitive))
            d = std::min(d, 2);
        scored.append({d, cand});
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList out;
    for (const auto &[d, cand] : scored) {
        if (out.size() >= max)
            break;
        out.append(cand);
    }
    return out;
}

QString closestWord(const QString &word, const QStringList &candidates) {
    QString best;
    int bestDistance = 1 << 20;
    for (const QString &c : candidates) {
        const int d = editDistance(word, c, false);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    const int allowed = word.size() >= 8 ? 3 : word.size() >= 5 ? 2 : 1;
    if (bestDistance <= allowed)
        return best;
    // "--runtime" for "--runtime-version": the only candidate it begins.
    QStringList prefixed;
    for (const QString &c : candidates)
        if (word.size() >= 4 && c.startsWith(word))
            prefixed << c;
    return prefixed.size() == 1 ? prefixed.first() : QString();
}

bool NamedSymbol::internal() const {
    return binding == QLatin1String("local") || isInternalName(name) || isInternalName(demangled);
}

namespace {

// The family a C entry point belongs to: its leading lower-case letters and digits
// ("rocblas" of rocblas_sgemm, "hip" of hipMalloc, "cublas" of cublasSgemm_v2).
QString apiPrefix(const QString &name) {
    qsizetype n = 0;
    while (n < name.size() && (name[n].isLower() || (n > 0 && name[n].isDigit())))
        ++n;
    if (n < 3 || n == name.size() || !(name[n] == QLatin1Char('_') || name[n].isUpper()))
        return {};
    return name.left(n);
}

bool exported(const Symbol &s) {
    // STB_GLOBAL / STB_WEAK, STV_DEFAULT / STV_PROTECTED: ld.so binds other objects to it.
    return (s.elfBinding == 1 || s.elfBinding == 2) &&
           (s.elfVisibility == 0 || s.elfVisibility == 3);
}

// A library's public API is a family of exported C entry points with one prefix; a kernel a
// port left as a host function is one or a few functions of the user's own. So many
// (kApiFamily) exported unmangled functions sharing the name's prefix make it an API.
constexpr int kApiFamily = 8;

// The kernels and defined device functions of one code object; a kernel both the metadata and
// the symbol table name is listed once, with the symbol table's binding.
void addCodeObject(SymbolIndex &index, const QString &file, const CodeObject &co) {
    // Each kernel name of this code object -> its place in index.kernels. A position, not a
    // search: a library's index holds every code object's kernels (librocsparse: 30k names in
    // 111 code objects), and looking each one up there took 40 s.
    QHash<QString, qsizetype> seen;
    for (const KernelInfo &k : co.kernels) {
        if (seen.contains(k.name))
            continue;
        seen.insert(k.name, index.kernels.size());
        NamedSymbol s;
        s.file = file;
        s.origin = co.origin;
        s.name = k.name;
        s.demangled = SymbolName(k.name).demangled();
        s.binding = QStringLiteral("global");
        s.codeObject = &co;
        index.kernels.append(s);
    }
    for (const Symbol &sym : co.symbols) {
        if (sym.kind == SymbolKind::Kernel) {
            if (const auto known = seen.constFind(sym.name()); known != seen.cend()) {
                index.kernels[*known].binding = sym.binding(); // the symbol table's
                continue;
            }
            seen.insert(sym.name(), index.kernels.size());
            index.kernels.append({file,
                                  co.origin,
                                  sym.name(),
                                  sym.demangled(),
                                  sym.binding(),
                                  SymbolKind::Kernel,
                                  &co,
                                  false,
                                  {}});
        } else if (sym.kind == SymbolKind::DeviceFunction && !sym.undefined) {
            index.functions.append({file,
                                    co.origin,
                                    sym.name(),
                                    sym.demangled(),
                                    sym.binding(),
                                    SymbolKind::DeviceFunction,
                                    &co,
                                    false,
                                    {}});
        }
    }
}

// The functions of a host binary. In a shared library, a large family of exported C entry
// points sharing a prefix is its public API (kApiFamily).
void addHostFunctions(SymbolIndex &index, const ArtifactReport &r) {
    const bool sharedLibrary =
        r.kind == ArtifactKind::HostSharedLibrary || !r.host->soname.isEmpty();
    QHash<QString, int> family;
    if (sharedLibrary)
        for (const Symbol &s : r.host->hostFunctions)
            if (exported(s) && !s.name().startsWith(QLatin1String("_Z")))
                if (const QString p = apiPrefix(s.name()); !p.isEmpty())
                    ++family[p];
    const QString library =
        r.host->soname.isEmpty() ? r.path.section(QLatin1Char('/'), -1) : r.host->soname;
    for (const Symbol &s : r.host->hostFunctions) {
        NamedSymbol f{r.path,      s.section().isEmpty() ? QStringLiteral(".text") : s.section(),
                      s.name(),    s.demangled(),
                      s.binding(), SymbolKind::HostFunction,
                      nullptr,     false,
                      {}};
        if (sharedLibrary && exported(s) && !s.name().startsWith(QLatin1String("_Z")) &&
            family.value(apiPrefix(s.name())) >= kApiFamily) {
            f.publicHostApi = true;
            f.library = library;
        }
        index.functions.append(f);
    }
}

} // namespace

void SymbolIndex::add(const ArtifactReport &r) {
    for (const CodeObject &co : r.codeObjects) {
        anyDeviceCode = true;
        addCodeObject(*this, r.path, co);
    }
    if (r.host)
        addHostFunctions(*this, r);
}

SymbolIndex indexSymbols(const QList<ArtifactReport> &artifacts) {
    SymbolIndex index;
    for (const ArtifactReport &r : artifacts)
        index.add(r);
    return index;
}

NameLookup lookupKernelName(const SymbolIndex &index, const QString &rawName, int nearestMax) {
    NameLookup out;
    const QString name = rawName.trimmed();
    for (const NamedSymbol &k : index.kernels)
        if (k.name == name && k.binding != QLatin1String("local"))
            out.exact.append(k);
    if (!out.exact.isEmpty()) {
        out.match = NameLookup::Match::Exact;
        return out;
    }
    const QString base = symbolBaseName(name);
    QSet<QString> seen;
    for (const NamedSymbol &k : index.kernels) {
        const bool sameName = k.name == name;
        if (!sameName && symbolBaseName(k.demangled) != base)
            continue;
        if (seen.contains(k.name))
            continue;
        seen.insert(k.name);
        if (k.internal())
            out.internal.append(k);
        else if (!sameName && k.name.startsWith(QLatin1String("_Z")))
            out.mangled.append(k);
    }
    if (!out.mangled.isEmpty()) {
        out.match = NameLookup::Match::Mangled;
        return out;
    }
    if (!out.internal.isEmpty()) {
        out.match = NameLookup::Match::InternalLinkage;
        return out;
    }
    for (const NamedSymbol &f : index.functions)
        if (f.name == name || symbolBaseName(f.demangled) == base)
            out.functions.append(f);
    if (!out.functions.isEmpty()) {
        out.match = std::any_of(out.functions.begin(), out.functions.end(),
                                [](const NamedSymbol &f) { return f.publicHostApi; })
                        ? NameLookup::Match::HostApi
                        : NameLookup::Match::NotAKernel;
        // The API entry first: it is what the name is.
        std::stable_partition(out.functions.begin(), out.functions.end(),
                              [](const NamedSymbol &f) { return f.publicHostApi; });
        return out;
    }
    QStringList names;
    for (const NamedSymbol &k : index.kernels)
        names.append(k.name);
    out.nearest = nearestNames(name, names, nearestMax);
    return out;
}

QString matchName(NameLookup::Match m) {
    switch (m) {
    case NameLookup::Match::Exact:
        return QStringLiteral("exact");
    case NameLookup::Match::InternalLinkage:
        return QStringLiteral("internal-linkage");
    case NameLookup::Match::Mangled:
        return QStringLiteral("mangled");
    case NameLookup::Match::NotAKernel:
        return QStringLiteral("not-a-kernel");
    case NameLookup::Match::HostApi:
        return QStringLiteral("host-api");
    case NameLookup::Match::Missing:
        return QStringLiteral("missing");
    }
    return {};
}

} // namespace hd
