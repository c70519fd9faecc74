#include "models/name_lookup.h"

#include "targets/compatibility.h"

#include <QSet>

#include <algorithm>
#include <vector>

namespace hd::ui {

QString matchName(NameExplanation::Match m) {
    switch (m) {
    case NameExplanation::Match::NoInput:
        return QStringLiteral("no-input");
    case NameExplanation::Match::Exact:
        return QStringLiteral("exact");
    case NameExplanation::Match::ExactNoDevice:
        return QStringLiteral("exact-no-device");
    case NameExplanation::Match::ExactNoBinary:
        return QStringLiteral("exact-no-binary");
    case NameExplanation::Match::Mangled:
        return QStringLiteral("mangled");
    case NameExplanation::Match::InternalLinkage:
        return QStringLiteral("internal-linkage");
    case NameExplanation::Match::NotAKernel:
        return QStringLiteral("not-a-kernel");
    case NameExplanation::Match::Missing:
        return QStringLiteral("missing");
    }
    return {};
}

QString NameLookup::baseName(const QString &demangled) {
    // Cut the parameter list at the '(' that closes the name (skip "(anonymous namespace)").
    QString s = demangled;
    int depthAngle = 0;
    int cut = -1;
    for (int i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c == QLatin1Char('<'))
            ++depthAngle;
        else if (c == QLatin1Char('>'))
            --depthAngle;
        else if (c == QLatin1Char('(') && depthAngle == 0) {
            if (s.mid(i).startsWith(QLatin1String("(anonymous namespace)"))) {
                i += 20;
                continue;
            }
            cut = i;
            break;
        }
    }
    if (cut >= 0)
        s = s.left(cut);
    // Drop template arguments and everything up to the last "::" outside them.
    int angle = 0;
    int lastScope = -1;
    for (int i = 0; i + 1 < s.size(); ++i) {
        if (s[i] == QLatin1Char('<'))
            ++angle;
        else if (s[i] == QLatin1Char('>'))
            --angle;
        else if (angle == 0 && s[i] == QLatin1Char(':') && s[i + 1] == QLatin1Char(':'))
            lastScope = i + 1;
    }
    if (lastScope >= 0)
        s = s.mid(lastScope + 1);
    const int lt = s.indexOf(QLatin1Char('<'));
    if (lt > 0)
        s = s.left(lt);
    // "void foo" from a demangled template return type.
    const int space = s.lastIndexOf(QLatin1Char(' '));
    if (space >= 0)
        s = s.mid(space + 1);
    return s.trimmed();
}

int NameLookup::editDistance(const QString &a, const QString &b) {
    std::vector<int> prev(size_t(b.size()) + 1), cur(size_t(b.size()) + 1);
    for (int j = 0; j <= b.size(); ++j)
        prev[size_t(j)] = j;
    for (int i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (int j = 1; j <= b.size(); ++j) {
            const int cost = a[i - 1].toLower() == b[j - 1].toLower() ? 0 : 1;
            cur[size_t(j)] =
                std::min({prev[size_t(j)] + 1, cur[size_t(j - 1)] + 1, prev[size_t(j - 1)] + cost});
        }
        std::swap(prev, cur);
    }
    return prev[size_t(b.size())];
}

namespace {

struct Candidate {
    const Symbol *symbol;
    QString target;
    const CodeObject *codeObject = nullptr; // nullptr for host symbols
};

bool isInternal(const Symbol &s) {
    return s.binding() == QLatin1String("local") ||
           s.name().contains(QLatin1String("_GLOBAL__N_")) ||
           s.demangled().contains(QLatin1String("(anonymous namespace)"));
}

} // namespace

NameExplanation NameLookup::explain(const QList<ArtifactReport> &artifacts, const QString &rawName,
                                    const QList<DeviceInfo> &devices) {
    NameExplanation out;
    const QString name = rawName.trimmed();
    if (name.isEmpty()) {
        out.headline = tr("Type the kernel name your code passes to hipModuleGetFunction.");
        return out;
    }
    if (artifacts.isEmpty()) {
        out.headline = tr("Open an artifact first: the name is looked up in its code objects.");
        return out;
    }
    QList<Candidate> kernels, functions;
    for (const ArtifactReport &rep : artifacts) {
        for (const CodeObject &co : rep.codeObjects) {
            const QString target = co.target.toString();
            for (const Symbol &s : co.symbols) {
                if (s.undefined)
                    continue;
                if (s.kind == SymbolKind::Kernel)
                    kernels.append({&s, target, &co});
                else if (s.kind == SymbolKind::DeviceFunction || s.kind == SymbolKind::HostFunction)
                    functions.append({&s, target, &co});
            }
        }
        if (rep.host)
            for (const Symbol &s : rep.host->hostFunctions)
                functions.append({&s, QStringLiteral("host")});
    }
    auto collect = [&](const QList<Candidate> &list, auto pred) {
        QList<Candidate> hits;
        for (const Candidate &c : list)
            if (pred(*c.symbol))
                hits.append(c);
        return hits;
    };
    auto fill = [&](const QList<Candidate> &hits) {
        for (const Candidate &c : hits) {
            if (!out.symbols.contains(c.symbol->name()))
                out.symbols.append(c.symbol->name());
            if (!out.targets.contains(c.target))
                out.targets.append(c.target);
        }
    };

    const auto exact = collect(kernels, [&](const Symbol &s) { return s.name() == name; });
    if (!exact.isEmpty()) {
        fill(exact);
        if (std::all_of(exact.begin(), exact.end(),
                        [](const Candidate &c) { return isInternal(*c.symbol); })) {
            out.match = NameExplanation::Match::InternalLinkage;
            out.headline = tr("\"%1\" is a kernel, but with internal linkage.").arg(name);
            out.explanation =
                tr("The kernel is static or in an anonymous namespace, so its symbol is local "
                   "to the code object and the module API may not find it by name.");
            out.fix = tr("Give the kernel external linkage: remove \"static\" or move it out of "
                         "the anonymous namespace, and declare it extern \"C\".");
            return out;
        }
        const QString where = out.targets.join(QStringLiteral(", "));
        // The name is there; whether the module loads depends on the GPU it runs on.
        if (devices.isEmpty()) {
            out.match = NameExplanation::Match::ExactNoDevice;
            out.needsDevice = true;
            out.headline =
                tr("\"%1\" is a kernel in code objects for %2 only: which GPU do you have?")
                    .arg(name, where);
            out.explanation =
                tr("hipModuleGetFunction finds the name once the module loads, and the module "
                   "loads only on a GPU whose target matches one of these. Run "
                   "\"rocminfo | grep gfx\" on the machine where it fails, or Query devices "
                   "(F5), and type the target below.");
            return out;
        }
        QStringList loads, refuses;
        for (const DeviceInfo &d : devices) {
            const bool ok = std::any_of(exact.begin(), exact.end(), [&](const Candidate &c) {
                MatchOptions o;
                o.isPtx = c.codeObject->format == CodeObject::Format::NvidiaPtx;
                return checkCompatibility(c.codeObject->target, d.target, o).compatible();
            });
            (ok ? loads : refuses).append(d.target.toString());
        }
        if (loads.isEmpty()) {
            out.match = NameExplanation::Match::ExactNoBinary;
            out.headline = tr("\"%1\" is a kernel, but only for %2: %3 gets no code object.")
                               .arg(name, where, refuses.join(QStringLiteral(", ")));
            out.explanation = tr("The module does not load on this GPU "
                                 "(hipErrorNoBinaryForGpu), so the name is never looked up.");
            out.fix =
                tr("Rebuild with --offload-arch=%1 (the device's target).").arg(refuses.first());
            return out;
        }
        out.match = NameExplanation::Match::Exact;
        out.headline =
            tr("\"%1\" is a kernel and %2 loads its code object: hipModuleGetFunction finds it.")
                .arg(name, loads.join(QStringLiteral(", ")));
        out.explanation =
            tr("Found in %n code object target(s): %1.", nullptr, int(out.targets.size()))
                .arg(where);
        if (!refuses.isEmpty())
            out.explanation += QLatin1Char(' ') +
                               tr("Not loadable on: %1.").arg(refuses.join(QStringLiteral(", ")));
        return out;
    }

    const auto mangled = collect(kernels, [&](const Symbol &s) {
        return s.name() != name && baseName(s.demangled()) == name;
    });
    if (!mangled.isEmpty()) {
        fill(mangled);
        const bool internal = std::all_of(mangled.begin(), mangled.end(),
                                          [](const Candidate &c) { return isInternal(*c.symbol); });
        out.match =
            internal ? NameExplanation::Match::InternalLinkage : NameExplanation::Match::Mangled;
        out.headline = tr("No kernel is called \"%1\"; the kernel is there under its C++-mangled "
                          "name.")
                           .arg(name);
        out.explanation =
            tr("%1 demangles to %2. The module API looks names up exactly, so \"%3\" is not "
               "found (hipErrorNotFound). The kernel was compiled without extern \"C\".")
                .arg(mangled.first().symbol->name(), mangled.first().symbol->demangled(), name);
        if (internal)
            out.explanation += QLatin1Char(' ') +
                               tr("It also has internal linkage (static or anonymous namespace).");
        out.fix = tr("Declare the kernel extern \"C\" __global__ void %1(...), or look it up by "
                     "its mangled name: hipModuleGetFunction(&f, module, \"%2\").")
                      .arg(name, mangled.first().symbol->name());
        return out;
    }

    const auto notKernel = collect(functions, [&](const Symbol &s) {
        return s.name() == name || baseName(s.demangled()) == name;
    });
    if (!notKernel.isEmpty()) {
        fill(notKernel);
        out.match = NameExplanation::Match::NotAKernel;
        const bool host = std::any_of(notKernel.begin(), notKernel.end(), [](const Candidate &c) {
            return c.symbol->kind == SymbolKind::HostFunction;
        });
        out.headline = host
                           ? tr("\"%1\" exists, but as a host function, not a kernel.").arg(name)
                           : tr("\"%1\" exists, but as a device function, not a kernel.").arg(name);
        out.explanation = tr("A kernel has a kernel descriptor (%1.kd) next to its code; this "
                             "function has none, so the module API cannot launch it. A common "
                             "cause is a port (hipify) that dropped __global__.")
                              .arg(name);
        out.fix = tr("Mark the function __global__ (and extern \"C\"), and compile it as device "
                     "code with hipcc --offload-arch=<your GPU>.");
        return out;
    }

    // Missing: the nearest kernel names by edit distance, then substring matches.
    out.match = NameExplanation::Match::Missing;
    QList<QPair<int, QString>> scored;
    QSet<QString> seen;
    for (const Candidate &c : kernels) {
        const QString base = baseName(c.symbol->demangled());
        if (seen.contains(c.symbol->name()))
            continue;
        seen.insert(c.symbol->name());
        int d = editDistance(base, name);
        if (base.contains(name, Qt::CaseInsensitive) || name.contains(base, Qt::CaseInsensitive))
            d = std::min(d, 2);
        scored.append({d, c.symbol->name() == base
                              ? base
                              : QStringLiteral("%1 (%2)").arg(base, c.symbol->name())});
    }
    std::sort(scored.begin(), scored.end());
    for (int i = 0; i < scored.size() && i < 5; ++i)
        out.nearest.append(scored[i].second);
    out.headline = tr("No kernel or function called \"%1\" in the open artifacts.").arg(name);
    out.explanation =
        kernels.isEmpty()
            ? tr("The open artifacts hold no kernels at all.")
            : tr("Nearest kernel names: %1.").arg(out.nearest.join(QStringLiteral("; ")));
    out.fix = tr("Check the spelling and that the file you load is the one built from the "
                 "source holding the kernel.");
    return out;
}

} // namespace hd::ui
