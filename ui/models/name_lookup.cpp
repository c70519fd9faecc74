#include "models/name_lookup.h"

#include "models/engine_text.h"
#include "models/findings_model.h"
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
        // The module API's question is the code object's: a dynamic loader's refusal (of this
        // machine's libraries) is its own finding, runtime.*.
        LoadVerdict v = loadVerdict(r, device, runtime);
        if (!v.codeFits()) {
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
        // The load verdict's own reason and fix: the words of Findings, scan and inspect. No
        // refusal: the module loads, but the code object it picks does not hold the kernel.
        out.explanation =
            refusal.reason.isEmpty()
                ? NameLookup::tr("The module loads, but the code object the runtime picks for "
                                 "this GPU does not hold the kernel: hipModuleGetFunction returns "
                                 "hipErrorNotFound.")
                : NameLookup::tr("The module does not load on this GPU "
                                 "(hipErrorNoBinaryForGpu), so the name is never looked up.") +
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

// Only C++-mangled kernels carry the name (internal: with internal linkage too). The words are
// the engine's finding's (withFinding).
NameExplanation explainMangled(NameExplanation out, bool internal) {
    out.match =
        internal ? NameExplanation::Match::InternalLinkage : NameExplanation::Match::Mangled;
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
NameExplanation explainInternal(NameExplanation out) {
    out.match = NameExplanation::Match::InternalLinkage;
    return out;
}

// The name is an entry point of a library's host API (rocBLAS, hipBLAS ...), never a kernel.
NameExplanation explainHostApi(NameExplanation out) {
    out.match = NameExplanation::Match::HostApi;
    return out;
}

// A function by that name exists, host or device, but without a kernel descriptor.
NameExplanation explainNotAKernel(NameExplanation out) {
    out.match = NameExplanation::Match::NotAKernel;
    return out;
}

// Nothing by that name: the nearest kernel names, as the user may have misspelt one. Where the
// artifacts hold no device code the engine's name rules say nothing (module.not-a-code-object
// does): that case has its words here.
NameExplanation explainMissing(NameExplanation out, const QString &name, const QStringList &nearest,
                               bool noKernels) {
    out.match = NameExplanation::Match::Missing;
    for (const QString &n : nearest) {
        const QString base = symbolBaseName(n);
        out.nearest.append(n == base ? base : QStringLiteral("%1 (%2)").arg(base, n));
    }
    if (noKernels) {
        out.headline =
            NameLookup::tr("No kernel or function called \"%1\" in the open artifacts.").arg(name);
        out.explanation = NameLookup::tr("The open artifacts hold no kernels at all.");
    }
    return out;
}

} // namespace

NameExplanation NameLookup::explain(const QList<ArtifactReport> &artifacts, const QString &rawName,
                                    const QList<DeviceInfo> &devices, const LoadRuntime &runtime,
                                    bool textsOpen) {
    NameExplanation out;
    const QString name = rawName.trimmed();
    out.name = name;
    if (name.isEmpty()) {
        out.headline = tr("Type the kernel name your code passes to hipModuleGetFunction.");
        return out;
    }
    if (artifacts.isEmpty()) {
        // A log alone is a case too (its diagnosis is in Findings): the box says what it needs.
        out.headline =
            textsOpen ? tr("Only logs or texts are open: the name is looked up in code objects. "
                           "Open the file that should hold it; what the open text says is in "
                           "Findings.")
                      : tr("Open an artifact first: the name is looked up in its code objects.");
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
            return explainInternal(out);
        return explainMangled(out, true);
    case hd::NameLookup::Match::Mangled:
        addWhereFound(out, lookup.mangled);
        return explainMangled(out, false);
    case hd::NameLookup::Match::HostApi:
        addWhereFound(out, lookup.functions);
        return explainHostApi(out);
    case hd::NameLookup::Match::NotAKernel:
        addWhereFound(out, lookup.functions);
        return explainNotAKernel(out);
    case hd::NameLookup::Match::Missing:
        break;
    }
    return explainMissing(out, name, lookup.nearest, index.kernels.isEmpty());
}

bool NameExplanation::isSymbolVerdict() const {
    return match == Match::Mangled || match == Match::InternalLinkage ||
           match == Match::NotAKernel || match == Match::HostApi ||
           (match == Match::Missing && headline.isEmpty());
}

NameExplanation NameLookup::withFinding(NameExplanation e, const Finding &f) {
    const FindingsModel::Shown shown = FindingsModel::shown(f);
    e.headline = shown.title;
    e.explanation = shown.explanation;
    e.fix = shown.fix.join(QLatin1Char(' '));
    return e;
}

} // namespace hd::ui
