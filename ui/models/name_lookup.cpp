#include "models/name_lookup.h"

#include "models/engine_text.h"
#include "names/kernel_names.h"

#include <algorithm>

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
    case NameExplanation::Match::HostApi:
        return QStringLiteral("host-api");
    case NameExplanation::Match::Missing:
        return QStringLiteral("missing");
    }
    return {};
}

namespace {

// Whether `device` runs a code object holding one of `exact`: the load verdict of each file that
// holds one (artifacts/load_verdict.h), and the code object it picks is one of them. The first
// refusing verdict comes back in *refusal.
bool deviceFindsKernel(const QList<ArtifactReport> &artifacts, const QList<NamedSymbol> &exact,
                       const TargetId &device, const LoadRuntime &runtime, LoadVerdict *refusal) {
    for (const ArtifactReport &r : artifacts) {
        const bool holds = std::any_of(exact.begin(), exact.end(),
                                       [&](const NamedSymbol &s) { return s.file == r.path; });
        if (!holds)
            continue;
        LoadVerdict v = loadVerdict(r, device, runtime);
        if (!v.loads()) {
            if (refusal->reason.isEmpty())
                *refusal = std::move(v);
            continue;
        }
        for (const CodeObjectSelection &sel : std::as_const(v.selections)) {
            const SelectionCandidate *c = sel.choice();
            if (!c)
                continue;
            if (c->codeObjectIndex < 0 || c->codeObjectIndex >= r.codeObjects.size())
                return true; // not decoded: the verdict alone says it loads
            const CodeObject *picked = &r.codeObjects[c->codeObjectIndex];
            if (std::any_of(exact.begin(), exact.end(),
                            [&](const NamedSymbol &s) { return s.codeObject == picked; }))
                return true;
        }
    }
    return false;
}

// The kernel is there by that name: whether the module loads depends on the GPU it runs on.
NameExplanation explainExact(NameExplanation out, const QString &name,
                             const QList<NamedSymbol> &exact, const QList<DeviceInfo> &devices,
                             const QList<ArtifactReport> &artifacts, const LoadRuntime &runtime) {
    const QString where = out.targets.join(QStringLiteral(", "));
    if (devices.isEmpty()) {
        out.match = NameExplanation::Match::ExactNoDevice;
        out.needsDevice = true;
        out.headline =
            NameLookup::tr("\"%1\" is a kernel in code objects for %2 only: which GPU do you have?")
                .arg(name, where);
        out.explanation = NameLookup::tr(
            "hipModuleGetFunction finds the name once the module loads, and the module "
            "loads only on a GPU whose target matches one of these. Run "
            "\"rocminfo | grep gfx\" on the machine where it fails, or Query devices "
            "(F5), and type the target below.");
        return out;
    }
    QStringList loads, refuses;
    LoadVerdict refusal;
    for (const DeviceInfo &d : devices) {
        const bool ok = deviceFindsKernel(artifacts, exact, d.target, runtime, &refusal);
        (ok ? loads : refuses).append(d.target.toString());
    }
    if (loads.isEmpty()) {
        out.match = NameExplanation::Match::ExactNoBinary;
        out.headline =
            NameLookup::tr("\"%1\" is a kernel, but only for %2: %3 gets no code object.")
                .arg(name, where, refuses.join(QStringLiteral(", ")));
        out.explanation =
            NameLookup::tr("The module does not load on this GPU "
                           "(hipErrorNoBinaryForGpu), so the name is never looked up.");
        // The load verdict's own reason and fix: the words of Findings, scan and inspect.
        if (!refusal.reason.isEmpty())
            out.explanation +=
                QLatin1Char(' ') + shownEngineText(refusal.reason) + QLatin1Char('.');
        out.fix = refusal.fixes.isEmpty()
                      ? NameLookup::tr("Rebuild with --offload-arch=%1 (the device's target).")
                            .arg(refuses.first())
                      : shownEngineText(refusal.fixes.first());
        return out;
    }
    out.match = NameExplanation::Match::Exact;
    out.headline =
        NameLookup::tr(
            "\"%1\" is a kernel and %2 loads its code object: hipModuleGetFunction finds it.")
            .arg(name, loads.join(QStringLiteral(", ")));
    out.explanation =
        NameLookup::tr("Found in %n code object target(s): %1.", nullptr, int(out.targets.size()))
            .arg(where);
    if (!refuses.isEmpty())
        out.explanation +=
            QLatin1Char(' ') +
            NameLookup::tr("Not loadable on: %1.").arg(refuses.join(QStringLiteral(", ")));
    return out;
}

// Only C++-mangled kernels carry the name (internal: with internal linkage too).
NameExplanation explainMangled(NameExplanation out, const QString &name,
                               const QList<NamedSymbol> &mangled, bool internal) {
    out.match =
        internal ? NameExplanation::Match::InternalLinkage : NameExplanation::Match::Mangled;
    out.headline = NameLookup::tr("No kernel is called \"%1\"; the kernel is there under its "
                                  "C++-mangled name.")
                       .arg(name);
    out.explanation =
        NameLookup::tr(
            "%1 demangles to %2. The module API looks names up exactly, so \"%3\" is "
            "not found (hipErrorNotFound). The kernel was compiled without extern \"C\".")
            .arg(mangled.first().name, mangled.first().demangled, name);
    if (internal)
        out.explanation += QLatin1Char(' ') + NameLookup::tr("It also has internal linkage (static "
                                                             "or anonymous namespace).");
    out.fix = NameLookup::tr("Declare the kernel extern \"C\" __global__ void %1(...), or look it "
                             "up by its mangled name: hipModuleGetFunction(&f, module, \"%2\").")
                  .arg(name, mangled.first().name);
    return out;
}

// Where the hits were found: their symbols, targets and files, each once, in first-seen order.
void addWhereFound(NameExplanation &out, const QList<NamedSymbol> &hits) {
    for (const NamedSymbol &s : hits) {
        if (!out.symbols.contains(s.name))
            out.symbols.append(s.name);
        const QString target =
            s.codeObject ? s.codeObject->target.toString() : QStringLiteral("host");
        if (!out.targets.contains(target))
            out.targets.append(target);
        if (!out.files.contains(s.file))
            out.files.append(s.file);
    }
}

// The kernel is there by that exact name, but local to its code object.
NameExplanation explainInternal(NameExplanation out, const QString &name) {
    out.match = NameExplanation::Match::InternalLinkage;
    out.headline = NameLookup::tr("\"%1\" is a kernel, but with internal linkage.").arg(name);
    out.explanation =
        NameLookup::tr("The kernel is static or in an anonymous namespace, so its symbol is local "
                       "to the code object and the module API may not find it by name.");
    out.fix = NameLookup::tr("Give the kernel external linkage: remove \"static\" or move it out "
                             "of the anonymous namespace, and declare it extern \"C\".");
    return out;
}

// The name is an entry point of a library's host API (rocBLAS, hipBLAS ...), never a kernel.
NameExplanation explainHostApi(NameExplanation out, const QString &name, const NamedSymbol &api) {
    out.match = NameExplanation::Match::HostApi;
    out.headline = NameLookup::tr("\"%1\" is a host function of %2's API, not a kernel.")
                       .arg(name, api.library);
    out.explanation =
        NameLookup::tr(
            "%1 exports it for host code, with a family of entry points of the same prefix: "
            "your program calls it directly and the library launches its own kernels. "
            "hipModuleGetFunction finds kernels of a code object only, so it never finds "
            "this name; nothing was lost in a port.")
            .arg(api.library);
    out.fix = NameLookup::tr("Call %1 from host code, linked against %2 (or dlopen %2 and find it "
                             "with dlsym).")
                  .arg(name, api.library);
    return out;
}

// A function by that name exists, host or device, but without a kernel descriptor.
NameExplanation explainNotAKernel(NameExplanation out, const QString &name,
                                  const QList<NamedSymbol> &functions) {
    out.match = NameExplanation::Match::NotAKernel;
    const bool host = std::any_of(functions.begin(), functions.end(), [](const NamedSymbol &s) {
        return s.kind == SymbolKind::HostFunction;
    });
    out.headline =
        host ? NameLookup::tr("\"%1\" exists, but as a host function, not a kernel.").arg(name)
             : NameLookup::tr("\"%1\" exists, but as a device function, not a kernel.").arg(name);
    out.explanation =
        NameLookup::tr("A kernel has a kernel descriptor (%1.kd) next to its code; this "
                       "function has none, so the module API cannot launch it. A common "
                       "cause is a port (hipify) that dropped __global__.")
            .arg(name);
    out.fix = NameLookup::tr("Mark the function __global__ (and extern \"C\"), and compile it as "
                             "device code with hipcc --offload-arch=<your GPU>.");
    return out;
}

// Nothing by that name: the nearest kernel names, as the user may have misspelt one.
NameExplanation explainMissing(NameExplanation out, const QString &name, const QStringList &nearest,
                               bool noKernels) {
    out.match = NameExplanation::Match::Missing;
    for (const QString &n : nearest) {
        const QString base = symbolBaseName(n);
        out.nearest.append(n == base ? base : QStringLiteral("%1 (%2)").arg(base, n));
    }
    out.headline =
        NameLookup::tr("No kernel or function called \"%1\" in the open artifacts.").arg(name);
    out.explanation = noKernels ? NameLookup::tr("The open artifacts hold no kernels at all.")
                                : NameLookup::tr("Nearest kernel names: %1.")
                                      .arg(out.nearest.join(QStringLiteral("; ")));
    out.fix = NameLookup::tr("Check the spelling and that the file you load is the one built from "
                             "the source holding the kernel.");
    return out;
}

} // namespace

NameExplanation NameLookup::explain(const QList<ArtifactReport> &artifacts, const QString &rawName,
                                    const QList<DeviceInfo> &devices, const LoadRuntime &runtime) {
    NameExplanation out;
    const QString name = rawName.trimmed();
    out.name = name;
    if (name.isEmpty()) {
        out.headline = tr("Type the kernel name your code passes to hipModuleGetFunction.");
        return out;
    }
    if (artifacts.isEmpty()) {
        out.headline = tr("Open an artifact first: the name is looked up in its code objects.");
        return out;
    }
    const SymbolIndex index = indexSymbols(artifacts);
    const hd::NameLookup lookup = lookupKernelName(index, name);
    switch (lookup.match) {
    case hd::NameLookup::Match::Exact:
        addWhereFound(out, lookup.exact);
        return explainExact(out, name, lookup.exact, devices, artifacts, runtime);
    case hd::NameLookup::Match::InternalLinkage:
        addWhereFound(out, lookup.internal);
        if (std::any_of(lookup.internal.begin(), lookup.internal.end(),
                        [&](const NamedSymbol &s) { return s.name == name; }))
            return explainInternal(out, name);
        return explainMangled(out, name, lookup.internal, true);
    case hd::NameLookup::Match::Mangled:
        addWhereFound(out, lookup.mangled);
        return explainMangled(out, name, lookup.mangled, false);
    case hd::NameLookup::Match::HostApi:
        addWhereFound(out, lookup.functions);
        return explainHostApi(out, name, lookup.functions.first());
    case hd::NameLookup::Match::NotAKernel:
        addWhereFound(out, lookup.functions);
        return explainNotAKernel(out, name, lookup.functions);
    case hd::NameLookup::Match::Missing:
        break;
    }
    return explainMissing(out, name, lookup.nearest, index.kernels.isEmpty());
}

} // namespace hd::ui
