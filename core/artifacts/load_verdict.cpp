#include "artifacts/load_verdict.h"

#include "targets/closeness.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QSet>

#include <algorithm>

namespace hd {

LoadRuntime LoadRuntime::fromVersion(const QString &version) {
    const QStringList parts = version.trimmed().split(QLatin1Char('.'));
    bool okMajor = false, okMinor = false;
    const int major = parts.value(0).toInt(&okMajor);
    const int minor = parts.value(1).toInt(&okMinor);
    if (!okMajor || !okMinor || major < 0 || minor < 0)
        return {};
    return rocm(major, minor);
}

QString loadStatusName(LoadStatus s) {
    switch (s) {
    case LoadStatus::Loads:
        return QStringLiteral("loads");
    case LoadStatus::LoadsByJit:
        return QStringLiteral("loads-by-jit");
    case LoadStatus::LoadsPartly:
        return QStringLiteral("loads-partly");
    case LoadStatus::Refused:
        return QStringLiteral("refused");
    case LoadStatus::NoDeviceCode:
        return QStringLiteral("no-device-code");
    }
    return {};
}

QString refusedByName(RefusedBy r) {
    switch (r) {
    case RefusedBy::Nobody:
        return {};
    case RefusedBy::DynamicLoader:
        return QStringLiteral("dynamic-loader");
    case RefusedBy::CodeObjectLoader:
        return QStringLiteral("code-object-loader");
    }
    return {};
}

bool LoadVerdict::viaGeneric() const {
    return loads() &&
           std::any_of(selections.cbegin(), selections.cend(), [](const CodeObjectSelection &s) {
               return s.selected() && s.kind == Compatibility::Kind::ViaGeneric;
           });
}

QJsonObject LoadVerdict::toJson() const {
    QJsonArray fx;
    for (const Text &f : fixes)
        fx.append(f.english());
    QJsonObject o{{QStringLiteral("device"), device.toString()},
                  {QStringLiteral("status"), statusName()},
                  {QStringLiteral("loads"), loads()},
                  {QStringLiteral("kind"), compatibilityKindName(kind)},
                  {QStringLiteral("reason"), reason.english()},
                  {QStringLiteral("fixes"), fx},
                  {QStringLiteral("fat_binaries"), int(selections.size())},
                  {QStringLiteral("fat_binaries_without_fit"), failing}};
    if (refusedBy != RefusedBy::Nobody)
        o.insert(QStringLiteral("refused_by"), refusedByName(refusedBy));
    if (codeStatus != status)
        o.insert(QStringLiteral("code_status"), loadStatusName(codeStatus));
    if (!closest.isEmpty())
        o.insert(QStringLiteral("closest"), closest);
    if (compressedUnreadable)
        o.insert(QStringLiteral("compressed_unreadable"), true);
    if (!librariesNotFound.isEmpty())
        o.insert(QStringLiteral("libraries_not_found"),
                 QJsonArray::fromStringList(librariesNotFound));
    if (!versionsMissing.isEmpty())
        o.insert(QStringLiteral("versions_missing"), QJsonArray::fromStringList(versionsMissing));
    return o;
}

QStringList deviceTargetsOf(const ArtifactReport &r) {
    QSet<QString> set;
    for (const Bundle &b : r.bundles)
        for (const BundleEntry &e : b.entries)
            if (e.kind != QLatin1String("host") && e.content != QLatin1String("bitcode"))
                if (const auto t = TargetId::parse(e.targetId))
                    set.insert(t->toString());
    if (r.bundles.isEmpty())
        for (const CodeObject &co : r.codeObjects)
            if (co.target.isValid())
                set.insert(co.target.toString());
    QStringList out(set.cbegin(), set.cend());
    std::sort(out.begin(), out.end());
    return out;
}

QString closestRelative(const TargetId &device, const QStringList &targets) {
    QList<TargetId> ids;
    for (const QString &t : targets)
        if (auto id = TargetId::parse(t))
            ids.append(*id);
    // Only a relative is "close": another generation or vendor is just another target.
    if (const int i = closestTarget(device, ids);
        i >= 0 && relateTargets(ids[i], device) != TargetRelation::Unrelated)
        return ids[i].toString();
    return {};
}

TextList missingCodeFixes(const TargetId &device, const QStringList &present,
                          const std::optional<VendorLibrary> &vendor) {
    TextList fixes;
    // A vendor's library is fixed by the vendor's build, not by rebuilding the user's code.
    if (vendor) {
        fixes << vendorBuildFix(*vendor, device);
        if (const auto o = isaOverrideFor(device, present))
            fixes << isaOverrideFix(*o, device);
    } else {
        fixes << HD_TEXT("hd::Diagnosis", "Rebuild with %1 added to the targets you build.")
                     .arg(offloadArchFix(device));
    }
    return fixes;
}

namespace {

// The dynamic loader's part: libraries it finds nowhere, symbol versions the system lacks.
void readLoaderNeeds(const ArtifactReport &r, LoadVerdict &v) {
    if (!r.host)
        return;
    for (const LibraryResolution &res : r.host->resolutions) {
        if (!res.found())
            v.librariesNotFound.append(res.name);
        else if (!res.versionsMissing.isEmpty())
            v.versionsMissing.append(QStringLiteral("%1: %2").arg(
                res.name, res.versionsMissing.join(QStringLiteral(", "))));
    }
}

void refuseByLoader(LoadVerdict &v, const QString &file) {
    v.status = LoadStatus::Refused;
    v.refusedBy = RefusedBy::DynamicLoader;
    if (!v.versionsMissing.isEmpty()) {
        v.reason = HD_TEXT("hd::Diagnosis",
                           "the dynamic loader refuses %1 before any GPU call: it needs symbol "
                           "versions this system's libraries lack (%2)")
                       .arg(file, v.versionsMissing.join(QStringLiteral("; ")));
        v.fixes << HD_TEXT("hd::Diagnosis",
                           "Install the build of %1 made for this distribution, or run it in a "
                           "container of the distribution it was built on.")
                       .arg(file);
    } else {
        v.reason = HD_TEXT("hd::Diagnosis",
                           "the dynamic loader refuses %1 before any GPU call: it finds no %2")
                       .arg(file, v.librariesNotFound.join(QStringLiteral(", ")));
        v.fixes << HD_TEXT("hd::Diagnosis",
                           "Install the package that provides %1, or add its directory to "
                           "LD_LIBRARY_PATH / the binary's RUNPATH.")
                       .arg(v.librariesNotFound.first());
    }
}

// The fixes for a fat binary that has no fit, by why.
TextList fixesFor(const LoadVerdict &v, const LoadRuntime &runtime) {
    switch (v.kind) {
    case Compatibility::Kind::FeatureMismatch:
        return {HD_TEXT("hd::Diagnosis",
                        "Rebuild with --offload-arch=%1 (the device's exact target id), or with "
                        "--offload-arch=%2 (no feature setting: runs with xnack on or off).")
                    .arg(v.device.toString(), v.device.processor)};
    case Compatibility::Kind::GenericNeedsNewerRuntime:
        return {HD_TEXT("hd::Diagnosis",
                        "Run with ROCm 6.3 or newer (the runtime is ROCm %1), or also build the "
                        "specific target: %2")
                    .arg(runtime.text(), offloadArchFix(v.device))};
    default:
        return missingCodeFixes(v.device, v.targets, v.vendor);
    }
}

} // namespace

namespace {

// The code-object loader's part: the fat binaries against the device, compressed bundles
// against the runtime.
void judgeCode(const ArtifactReport &r, const LoadRuntime &runtime, const QString &file,
               LoadVerdict &v) {
    const TargetId &device = v.device;
    if (v.selections.isEmpty()) {
        v.status = LoadStatus::NoDeviceCode;
        v.reason = HD_TEXT("hd::Diagnosis", "%1 holds no device code to load").arg(file);
        return;
    }
    if (!runtime.readsCompressedBundles() &&
        std::any_of(r.bundles.cbegin(), r.bundles.cend(),
                    [](const Bundle &b) { return b.compressed; })) {
        v.status = LoadStatus::Refused;
        v.refusedBy = RefusedBy::CodeObjectLoader;
        v.compressedUnreadable = true;
        v.reason = HD_TEXT("hd::Diagnosis",
                           "ROCm %1 cannot read compressed offload bundles (read from about ROCm "
                           "6.2 on): %2 does not load")
                       .arg(runtime.text(), file);
        v.fixes << HD_TEXT("hd::Diagnosis", "Run with ROCm 6.2 or newer, or build without "
                                            "--offload-compress.");
        return;
    }
    const auto firstMiss = std::find_if(v.selections.cbegin(), v.selections.cend(),
                                        [](const CodeObjectSelection &s) { return !s.selected(); });
    const int fitting = int(v.selections.size()) - v.failing;
    // The CUDA runtime needs a fatbin's code only when one of its kernels is launched; the HIP
    // runtime needs every fat binary of the file to fit.
    if (v.failing == 0 || (device.isNvidia() && fitting > 0)) {
        const bool jit = std::any_of(
            v.selections.cbegin(), v.selections.cend(), [](const CodeObjectSelection &s) {
                return s.selected() && s.kind == Compatibility::Kind::ViaPtxJit;
            });
        v.status = v.failing > 0 ? LoadStatus::LoadsPartly
                   : jit         ? LoadStatus::LoadsByJit
                                 : LoadStatus::Loads;
        const CodeObjectSelection &first =
            *std::find_if(v.selections.cbegin(), v.selections.cend(),
                          [](const CodeObjectSelection &s) { return s.selected(); });
        v.kind = first.kind;
        v.reason = v.failing > 0
                       ? HD_TEXT("hd::Diagnosis",
                                 "%1 of %2 fatbins have no code for it: fatbins for one "
                                 "architecture each, which the CUDA runtime needs only when one "
                                 "of their kernels is launched")
                             .arg(v.failing)
                             .arg(v.selections.size())
                       : first.reason;
        if (v.failing > 0)
            v.fixes = missingCodeFixes(device, v.targets, v.vendor);
        return;
    }
    v.status = LoadStatus::Refused;
    v.refusedBy = RefusedBy::CodeObjectLoader;
    v.kind = firstMiss->kind;
    v.reason = firstMiss->reason;
    v.closest = closestRelative(device, v.targets);
    v.fixes = fixesFor(v, runtime);
}

} // namespace

LoadVerdict loadVerdict(const ArtifactReport &r, const TargetId &device,
                        const LoadRuntime &runtime) {
    LoadVerdict v;
    v.device = device;
    const QString file = QFileInfo(r.path).fileName();
    v.vendor = vendorLibraryFor(r.path, r.host ? r.host->soname : QString());
    v.targets = deviceTargetsOf(r);
    MatchOptions options;
    options.runtimeKnowsGeneric = runtime.knowsGenericTargets();
    v.selections = selectCodeObjects(r, device, options);
    v.failing = int(std::count_if(v.selections.cbegin(), v.selections.cend(),
                                  [](const CodeObjectSelection &s) { return !s.selected(); }));
    judgeCode(r, runtime, file, v);
    v.codeStatus = v.status;
    // ld.so refuses first: no GPU call is ever made. What the code-object loader would say
    // stays in codeStatus, and its fixes follow the loader's.
    readLoaderNeeds(r, v);
    if (!v.librariesNotFound.isEmpty() || !v.versionsMissing.isEmpty()) {
        const bool codeRefused = v.status == LoadStatus::Refused;
        const TextList codeFixes = codeRefused ? v.fixes : TextList{};
        const Text codeReason = v.reason;
        v.fixes.clear();
        refuseByLoader(v, file);
        v.fixes << codeFixes;
        if (codeRefused)
            v.reason =
                HD_TEXT("hd::Diagnosis", "%1; and past the loader: %2").arg(v.reason, codeReason);
    }
    return v;
}

} // namespace hd
