#include "artifacts/selection.h"

#include "artifacts/inspector.h"
#include "artifacts/offload_bundle.h"
#include "targets/closeness.h"

#include <QJsonArray>

namespace hd {

namespace {

bool entryCounts(const BundleEntry &e, const TargetId &device) {
    if (device.isNvidia())
        return e.kind == QLatin1String("cubin") || e.kind == QLatin1String("ptx") ||
               e.kind == QLatin1String("cuda") || e.kind == QLatin1String("sm");
    return isHipEntryKind(e.kind);
}

// The candidate the runtime loads, or -1: exact (and PTX JIT) first, generic only as a
// fallback — newer runtimes prefer the device's own processor.
int runtimeChoice(const QList<SelectionCandidate> &candidates) {
    for (int pass = 0; pass < 2; ++pass) {
        for (int i = 0; i < candidates.size(); ++i) {
            const auto k = candidates[i].compatibility.kind;
            const bool fits =
                pass == 0 ? (k == Compatibility::Kind::Exact || k == Compatibility::Kind::ViaPtxJit)
                          : k == Compatibility::Kind::ViaGeneric;
            if (fits)
                return i;
        }
    }
    return -1;
}

// The miss that explains it best, or null: features before generic before the nearest
// processor (targets/closeness.h: same ISA family first, gfx1030 for gfx1031).
const SelectionCandidate *closestMiss(const CodeObjectSelection &s) {
    for (Compatibility::Kind k :
         {Compatibility::Kind::FeatureMismatch, Compatibility::Kind::GenericNeedsNewerRuntime})
        for (const SelectionCandidate &c : s.candidates)
            if (c.compatibility.kind == k)
                return &c;
    QList<TargetId> valid;
    QList<const SelectionCandidate *> of;
    for (const SelectionCandidate &c : s.candidates)
        if (c.target.isValid()) {
            valid.append(c.target);
            of.append(&c);
        }
    const int i = closestTarget(s.device, valid);
    return i >= 0 ? of[i] : nullptr;
}

void decide(CodeObjectSelection &s) {
    const auto device = s.device.toString();
    if (s.chosen < 0)
        s.chosen = runtimeChoice(s.candidates);
    if (const SelectionCandidate *c = s.choice()) {
        s.kind = c->compatibility.kind;
        s.reason =
            Text(QStringLiteral("%1 runs %2: %3")).arg(device, c->entryId, c->compatibility.reason);
        return;
    }
    if (s.candidates.isEmpty()) {
        s.kind = Compatibility::Kind::ProcessorMismatch;
        s.reason = QStringLiteral("no code object for %1: %2 holds no %3 device code at all")
                       .arg(device, s.origin,
                            s.device.isNvidia() ? QStringLiteral("NVIDIA") : QStringLiteral("HIP"));
        return;
    }
    QStringList targets;
    for (const SelectionCandidate &c : s.candidates)
        targets.append(c.target.isValid() ? c.target.toString() : c.entryId);
    if (const SelectionCandidate *closest = closestMiss(s)) {
        s.kind = closest->compatibility.kind;
        s.reason =
            Text(QStringLiteral("no code object fits %1 (present: %2); closest: %3"))
                .arg(device, targets.join(QStringLiteral(", ")), closest->compatibility.reason);
        return;
    }
    s.kind = s.candidates.first().compatibility.kind;
    s.reason = QStringLiteral("no code object fits %1 (present: %2)")
                   .arg(device, targets.join(QStringLiteral(", ")));
}

} // namespace

QJsonObject SelectionCandidate::toJson() const {
    QJsonObject o{{QStringLiteral("entry"), entryId},
                  {QStringLiteral("target"), target.isValid() ? target.toString() : QString()},
                  {QStringLiteral("compatibility"), compatibilityKindName(compatibility.kind)},
                  {QStringLiteral("reason"), compatibility.reason.english()}};
    if (bundleIndex >= 0)
        o.insert(QStringLiteral("bundle"), bundleIndex);
    if (entryIndex >= 0)
        o.insert(QStringLiteral("entry_index"), entryIndex);
    if (codeObjectIndex >= 0)
        o.insert(QStringLiteral("code_object"), codeObjectIndex);
    return o;
}

QJsonObject CodeObjectSelection::toJson() const {
    QJsonArray cands;
    for (const SelectionCandidate &c : candidates)
        cands.append(c.toJson());
    QJsonObject o{{QStringLiteral("device"), device.toString()},
                  {QStringLiteral("origin"), origin},
                  {QStringLiteral("selected"), selected()},
                  {QStringLiteral("kind"), compatibilityKindName(kind)},
                  {QStringLiteral("reason"), reason.english()},
                  {QStringLiteral("candidates"), cands}};
    if (bundleIndex >= 0)
        o.insert(QStringLiteral("bundle"), bundleIndex);
    if (const SelectionCandidate *c = choice()) {
        o.insert(QStringLiteral("entry"), c->entryId);
        if (c->codeObjectIndex >= 0)
            o.insert(QStringLiteral("code_object"), c->codeObjectIndex);
    }
    return o;
}

bool isKernelLessNvidiaBundle(const ArtifactReport &report, const Bundle &bundle) {
    if (bundle.entries.isEmpty())
        return false;
    for (const BundleEntry &e : bundle.entries) {
        if (e.codeObjectIndex < 0 || e.codeObjectIndex >= report.codeObjects.size())
            return false; // not read: what it holds is unknown
        const CodeObject &co = report.codeObjects[e.codeObjectIndex];
        if (co.format == CodeObject::Format::AmdgpuElf || !co.kernels.isEmpty())
            return false;
    }
    return true;
}

namespace {

// Bundle entry e of bundle b as a candidate for the device: its target checked against the
// device's (bitcode is never loadable as it is).
SelectionCandidate entryCandidate(const BundleEntry &entry, int b, int e, const TargetId &device,
                                  const MatchOptions &options) {
    SelectionCandidate c;
    c.bundleIndex = b;
    c.entryIndex = e;
    c.codeObjectIndex = entry.codeObjectIndex;
    c.entryId = entry.id;
    QString err;
    if (auto t = TargetId::parse(entry.targetId, &err)) {
        c.target = *t;
        MatchOptions mo = options;
        mo.isPtx = entry.kind == QLatin1String("ptx");
        c.compatibility = checkCompatibility(c.target, device, mo);
    } else {
        c.compatibility = {
            Compatibility::Kind::ProcessorMismatch,
            QStringLiteral("entry target '%1' is not a target ID: %2").arg(entry.targetId, err)};
    }
    if (entry.content == QLatin1String("bitcode")) {
        // -fgpu-rdc bitcode is not loadable until linked.
        c.compatibility = {Compatibility::Kind::ProcessorMismatch,
                           QStringLiteral("the entry holds LLVM bitcode (-fgpu-rdc), "
                                          "which must be linked with --hip-link first")};
    }
    return c;
}

// Bare code objects (a raw .co / .hsaco / cubin): the module API loads them as they are; one
// selection among all of them.
CodeObjectSelection bareCodeObjectSelection(const ArtifactReport &report, const TargetId &device,
                                            const MatchOptions &options) {
    CodeObjectSelection s;
    s.device = device;
    s.origin = report.path;
    for (int i = 0; i < report.codeObjects.size(); ++i) {
        const CodeObject &co = report.codeObjects[i];
        SelectionCandidate c;
        c.codeObjectIndex = i;
        c.target = co.target;
        c.entryId = co.target.isValid() ? co.target.toString() : co.origin;
        MatchOptions mo = options;
        mo.isPtx = co.format == CodeObject::Format::NvidiaPtx;
        c.compatibility =
            co.target.isValid()
                ? checkCompatibility(co.target, device, mo)
                : Compatibility{Compatibility::Kind::ProcessorMismatch,
                                QStringLiteral("the code object's target is unknown")};
        s.candidates.append(c);
    }
    decide(s);
    return s;
}

} // namespace

QList<CodeObjectSelection> selectCodeObjects(const ArtifactReport &report, const TargetId &device,
                                             const MatchOptions &options) {
    QList<CodeObjectSelection> out;
    for (int b = 0; b < report.bundles.size(); ++b) {
        const Bundle &bundle = report.bundles[b];
        if (isKernelLessNvidiaBundle(report, bundle))
            continue;
        CodeObjectSelection s;
        s.device = device;
        s.bundleIndex = b;
        s.origin = bundle.origin;
        bool anyDevice = false;
        for (int e = 0; e < bundle.entries.size(); ++e) {
            const BundleEntry &entry = bundle.entries[e];
            if (entry.kind != QLatin1String("host"))
                anyDevice = true;
            if (entryCounts(entry, device))
                s.candidates.append(entryCandidate(entry, b, e, device, options));
        }
        if (!anyDevice)
            continue;
        decide(s);
        out.append(s);
    }
    if (!out.isEmpty() || !report.bundles.isEmpty())
        return out;
    if (report.codeObjects.isEmpty())
        return out;
    out.append(bareCodeObjectSelection(report, device, options));
    return out;
}

CodeObjectSelection selectCodeObject(const ArtifactReport &report, const TargetId &device,
                                     const MatchOptions &options) {
    const auto all = selectCodeObjects(report, device, options);
    if (!all.isEmpty())
        return all.first();
    CodeObjectSelection s;
    s.device = device;
    s.origin = report.path;
    decide(s);
    return s;
}

PickedCodeObject pickCodeObject(const QString &path, const TargetId &device, QString *why) {
    InspectOptions io;
    io.symbols = false;
    io.metadata = false;
    io.resolveLibraries = false;
    const ArtifactReport report = inspectFile(path, io);
    PickedCodeObject p;
    p.selection = selectCodeObject(report, device);
    const SelectionCandidate *c = p.selection.choice();
    if (!c || c->codeObjectIndex < 0 || c->codeObjectIndex >= report.codeObjects.size()) {
        *why = QStringLiteral("no code object for %1: %2")
                   .arg(device.toString(), p.selection.reason.english());
        return p;
    }
    p.codeObject = report.codeObjects[c->codeObjectIndex];
    p.bytes = readCodeObjectBytes(p.codeObject, path, why);
    return p;
}

} // namespace hd
