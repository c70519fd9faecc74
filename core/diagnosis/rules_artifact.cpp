// Rules on inspected artifacts: module kind, runtime link (direction 1), code object vs.
// device (direction 3). The symbols a caller looks up (direction 2): rules_symbols.cpp.

#include "common/engine_text.h"
#include "rules_p.h"

#include "artifacts/load_verdict.h"
#include "artifacts/selection.h"
#include "artifacts/vendor_library.h"
#include "common/format.h"
#include "diagnosis/runtime_env.h"
#include "loader/symbol_versions.h"
#include "model/labels.h"
#include "targets/closeness.h"
#include "targets/compatibility.h"
#include "targets/processors.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace hd::detail {

Evidence fileEvidence(const QString &path, const Text &location, const Text &text) {
    // An inspector's origin ("entry … @ …", "file") is said in the reader's language too.
    return {path, location.hasSentence() ? location : originText(location.english()), text};
}

Evidence lineEvidence(const QString &path, const TextLine &line) {
    return {path, HD_TEXT("hd::Diagnosis", "line %1").arg(line.number), line.text};
}

Evidence lineEvidence(const QString &path, int lineNumber, const Text &text) {
    return {path, HD_TEXT("hd::Diagnosis", "line %1").arg(lineNumber), text};
}

const TextEvent *firstErrorMatching(const TextInput &t, const QRegularExpression &re) {
    for (const TextEvent &e : t.facts.events)
        if (e.error && re.match(e.text).hasMatch())
            return &e;
    return nullptr;
}

namespace {

// A finding that depends on the runtime version: its catalog severity (an error) where the
// version was given or seen, a warning saying why where it was inferred or is not known.
SeverityChange runtimeDependent(const Context &c) {
    if (c.runtimeExplicit && c.runtimeKnown())
        return {Severity::Error, {}};
    return {Severity::Warning,
            c.runtimeKnown()
                ? HD_TEXT("hd::Diagnosis", "the runtime version was inferred from a libamdhip64 "
                                           "on this machine, not given")
                : HD_TEXT("hd::Diagnosis", "the runtime version is not known")};
}

bool isHostKind(ArtifactKind k) {
    return k == ArtifactKind::HostExecutable || k == ArtifactKind::HostSharedLibrary ||
           k == ArtifactKind::HostRelocatable;
}

bool hasDeviceCode(const ArtifactReport &r) {
    return !r.codeObjects.isEmpty() || !r.bundles.isEmpty() ||
           (r.host && (r.host->hasHipFatbin || r.host->hasNvFatbin || r.host->hasOffloadSections));
}

// ---- module kind --------------------------------------------------------------------------

// Empty files and bytes of no known kind, looked up as a module.
void notCodeObjectRule(Context &c, const ArtifactReport &r) {
    if (c.kernels.isEmpty() || !(r.kind == ArtifactKind::Unknown || r.fileSize == 0))
        return;
    Finding f = makeFinding(
        QStringLiteral("module.not-a-code-object"),
        HD_TEXT("hd::Diagnosis", "%1 is not device code").arg(QFileInfo(r.path).fileName()),
        r.fileSize == 0
            ? HD_TEXT("hd::Diagnosis", "The file is empty; hipModuleLoad on it fails "
                                       "(hipErrorInvalidImage / hipErrorInvalidKernelFile).")
            : HD_TEXT("hd::Diagnosis", "The bytes are no AMDGPU code object, offload bundle or "
                                       "NVIDIA binary; the module API cannot load them."));
    f.evidence.append(fileEvidence(r.path, HD_TEXT("hd::Diagnosis", "offset 0"),
                                   HD_TEXT("hd::Diagnosis", "%1 bytes, kind %2")
                                       .arg(r.fileSize)
                                       .arg(artifactKindName(r.kind))));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Pass the file hipcc --genco wrote (an offload bundle / .hsaco / "
                     ".co), not a host file; check the path the program loads.");
    c.add(f);
}

// A host executable, library or object passed where the module API wants device code.
void hostModuleRule(Context &c, const ArtifactReport &r) {
    if (c.kernels.isEmpty() || r.kind == ArtifactKind::Unknown || r.fileSize == 0 ||
        !isHostKind(r.kind))
        return;
    if (!hasDeviceCode(r)) {
        Finding f = makeFinding(
            QStringLiteral("module.not-a-code-object"),
            HD_TEXT("hd::Diagnosis", "%1 is a host %2, not device code")
                .arg(QFileInfo(r.path).fileName(), r.kind == ArtifactKind::HostRelocatable
                                                       ? HD_TEXT("hd::Diagnosis", "object file")
                                                   : r.kind == ArtifactKind::HostSharedLibrary
                                                       ? HD_TEXT("hd::Diagnosis", "shared library")
                                                       : QStringLiteral("executable")),
            HD_TEXT("hd::Diagnosis",
                    "It holds no GPU code object (no .hip_fatbin, no offload bundle, no "
                    "AMDGPU/NVIDIA ELF), so hipModuleLoad cannot find %1 in it.")
                .arg(c.kernels.join(QStringLiteral(", "))));
        f.evidence.append(
            fileEvidence(r.path, HD_TEXT("hd::Diagnosis", "ELF header"),
                         HD_TEXT("hd::Diagnosis", "%1 (%2), no device code sections")
                             .arg(artifactKindName(r.kind), r.host ? r.host->machine : QString())));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Build the code object for the module API with "
                         "`hipcc --genco --offload-arch=<gfx...> kernel.hip -o kernel.co` "
                         "and pass that file to hipModuleLoad.")
              << HD_TEXT("hd::Diagnosis",
                         "If the kernel source was compiled as plain C++ (g++, or a .cpp "
                         "without -x hip), compile it with hipcc so __global__ functions "
                         "become device code.");
        c.add(f);
    } else if (r.kind == ArtifactKind::HostRelocatable) {
        Finding f = makeFinding(
            QStringLiteral("module.not-a-code-object"),
            SeverityChange(Severity::Warning,
                           HD_TEXT("hd::Diagnosis", "the device code is there, inside the host "
                                                    "object: it loads once linked into a program")),
            HD_TEXT("hd::Diagnosis", "%1 is a host object file with embedded device code")
                .arg(QFileInfo(r.path).fileName()),
            HD_TEXT("hd::Diagnosis",
                    "The device code sits inside the host object (.hip_fatbin or offload "
                    "bundle sections); the module API needs the code object itself."));
        f.evidence.append(
            fileEvidence(r.path, HD_TEXT("hd::Diagnosis", "ELF header"), artifactKindName(r.kind)));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Build with `hipcc --genco --offload-arch=<gfx...>` for "
                         "hipModuleLoad, or link the object into the program and launch "
                         "with hipLaunchKernelGGL.");
        c.add(f);
    }
}

// ---- runtime link (direction 1) -----------------------------------------------------------

// Undefined dynamic symbols that only the HIP runtime defines.
QStringList hipRuntimeReferences(const HostInfo &h) {
    QStringList names;
    for (const Symbol &s : h.undefinedDynamic)
        if (s.name().startsWith(QLatin1String("__hipRegister")) ||
            s.name().startsWith(QLatin1String("__hipPushCallConfiguration")) ||
            s.name().startsWith(QLatin1String("__hipPopCallConfiguration")) ||
            s.name().startsWith(QLatin1String("__hipUnregister")) ||
            (s.name().startsWith(QLatin1String("hip")) && s.name().size() > 3 &&
             s.name()[3].isUpper()))
            names.append(s.name());
    return names;
}

// DT_NEEDED libraries the loader does not find.
void neededLibrariesRule(Context &c, const ArtifactReport &r) {
    if (!r.host)
        return;
    const QString file = QFileInfo(r.path).fileName();
    for (const LibraryResolution &res : r.host->resolutions) {
        if (res.found())
            continue;
        const bool other = !res.otherVersions.isEmpty();
        Finding f = makeFinding(
            other ? QStringLiteral("runtime.soname-mismatch")
                  : QStringLiteral("runtime.library-not-found"),
            other ? HD_TEXT("hd::Diagnosis", "%1 needs %2, but only %3 is installed")
                        .arg(file, res.name, QFileInfo(res.otherVersions.first()).fileName())
                  : HD_TEXT("hd::Diagnosis", "%1 needs %2, which the loader finds nowhere")
                        .arg(file, res.name),
            other ? HD_TEXT("hd::Diagnosis",
                            "The loader looks for exactly %1 (DT_NEEDED); another major "
                            "version is a different ABI (ROCm 5 / 6 / 7) and is not used.")
                        .arg(res.name)
                  : HD_TEXT("hd::Diagnosis", "No file named %1 in any directory the dynamic loader "
                                             "searches.")
                        .arg(res.name));
        f.evidence.append(fileEvidence(r.path, QStringLiteral(".dynamic DT_NEEDED"), res.name));
        if (!res.searched.isEmpty())
            f.evidence.append(fileEvidence(QStringLiteral("loader"),
                                           HD_TEXT("hd::Diagnosis", "searched"),
                                           res.searched.mid(0, 12).join(QStringLiteral(", "))));
        for (const QString &o : res.otherVersions)
            f.evidence.append(
                fileEvidence(o, HD_TEXT("hd::Diagnosis", "installed"), QFileInfo(o).fileName()));
        if (other) {
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Rebuild %1 against the installed ROCm (its libamdhip64 is "
                             "%2), or install the ROCm release that provides %3.")
                         .arg(file, QFileInfo(res.otherVersions.first()).fileName(), res.name)
                  << HD_TEXT("hd::Diagnosis", "Do not symlink %1 to another major version: the ABI "
                                              "differs.")
                         .arg(res.name);
        } else {
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Install the package that provides %1, or add its directory "
                             "to LD_LIBRARY_PATH / the binary's RUNPATH "
                             "(-Wl,-rpath,/opt/rocm/lib).")
                         .arg(res.name);
        }
        c.add(f);
    }
}

// HIP code in a binary that does not list libamdhip64.
void notLinkedRule(Context &c, const ArtifactReport &r) {
    if (!r.host)
        return;
    const HostInfo &h = *r.host;
    const QString file = QFileInfo(r.path).fileName();
    const bool needsHip = std::any_of(h.needed.cbegin(), h.needed.cend(), [](const QString &n) {
        return n.startsWith(QLatin1String("libamdhip64"));
    });
    const QStringList hipUndefined = hipRuntimeReferences(h);
    const bool hasHip = h.hasHipFatbin || h.hasOffloadSections || !hipUndefined.isEmpty();
    if (!hasHip || needsHip || r.kind == ArtifactKind::HostRelocatable)
        return;
    const bool transitive = std::any_of(h.needed.cbegin(), h.needed.cend(), [](const QString &n) {
        return n.contains(QLatin1String("hip"), Qt::CaseInsensitive) ||
               n.contains(QLatin1String("torch")) || n.contains(QLatin1String("roc"));
    });
    Finding f = makeFinding(
        QStringLiteral("runtime.not-linked"),
        SeverityChange(
            transitive ? Severity::Warning : Severity::Error,
            HD_TEXT("hd::Diagnosis", "a library it depends on may bring the runtime in")),
        HD_TEXT("hd::Diagnosis", "%1 holds HIP code but does not depend on libamdhip64").arg(file),
        transitive
            ? HD_TEXT("hd::Diagnosis", "It references HIP runtime symbols but lists no libamdhip64 "
                                       "in DT_NEEDED; it only works if one of its other libraries "
                                       "(%1) brings the runtime in first.")
                  .arg(h.needed.join(QStringLiteral(", ")))
            : HD_TEXT("hd::Diagnosis",
                      "It references HIP runtime symbols (%1) that nothing it "
                      "depends on defines: dlopen fails with \"undefined symbol\", "
                      "or its kernels are never registered.")
                  .arg(hipUndefined.mid(0, 4).join(QStringLiteral(", "))));
    if (h.hasHipFatbin)
        f.evidence.append(fileEvidence(r.path, QStringLiteral(".hip_fatbin"),
                                       HD_TEXT("hd::Diagnosis", "HIP device code present")));
    for (const QString &s : hipUndefined.mid(0, 6))
        f.evidence.append(fileEvidence(r.path, HD_TEXT("hd::Diagnosis", ".dynsym (undefined)"), s));
    f.evidence.append(fileEvidence(r.path, QStringLiteral(".dynamic DT_NEEDED"),
                                   h.needed.isEmpty() ? QStringLiteral("(none)")
                                                      : h.needed.join(QStringLiteral(", "))));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Link with the HIP runtime: add -lamdhip64 (with "
                     "-L/opt/rocm/lib or -L/usr/lib/x86_64-linux-gnu) to the link line, "
                     "or link with hipcc, which adds it.")
          << HD_TEXT("hd::Diagnosis",
                     "Check with `readelf -d %1 | grep NEEDED` that libamdhip64 is "
                     "listed.")
                 .arg(file);
    c.add(f);
}

// HIP API symbols the resolved runtime does not export (built against a newer HIP).
void hipSymbolsRule(Context &c, const ArtifactReport &r) {
    if (!r.host)
        return;
    const QString hipResolved = resolvedHipRuntime(*r.host);
    if (hipResolved.isEmpty())
        return;
    QStringList missing;
    for (const Symbol &s : r.host->undefinedDynamic) {
        if (!(s.name().startsWith(QLatin1String("hip")) ||
              s.name().startsWith(QLatin1String("__hip"))))
            continue;
        const VariableReadCheck chk = runtimeReadsVariable(s.name(), {hipResolved});
        if (chk.status == VariableReadCheck::Status::NotRead)
            missing.append(s.name());
        if (missing.size() >= 20)
            break;
    }
    if (missing.isEmpty())
        return;
    Finding f = makeFinding(QStringLiteral("runtime.undefined-symbol"),
                            HD_TEXT("hd::Diagnosis", "%1 needs %2, which %3 does not define")
                                .arg(QFileInfo(r.path).fileName(), demangleSymbol(missing.first()),
                                     QFileInfo(hipResolved).fileName()),
                            HD_TEXT("hd::Diagnosis",
                                    "The runtime the loader resolves lacks %1 symbol(s) the binary "
                                    "was linked against: it was built with a newer HIP (e.g. "
                                    "hipGetDevicePropertiesR0600 is ROCm 6's ABI).")
                                .arg(missing.size()));
    for (const QString &m : missing.mid(0, 8))
        f.evidence.append(fileEvidence(r.path, HD_TEXT("hd::Diagnosis", ".dynsym (undefined)"),
                                       demangleSymbol(m)));
    f.evidence.append(fileEvidence(hipResolved, HD_TEXT("hd::Diagnosis", "resolved runtime"),
                                   HD_TEXT("hd::Diagnosis", "no such symbol")));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Rebuild against the installed ROCm's headers and runtime, or "
                     "run with the ROCm release it was built for.");
    c.add(f);
}

// More than one libamdhip64 major reachable from this binary.
void installedRuntimesRule(Context &c, const ArtifactReport &r) {
    if (!r.host)
        return;
    const QString file = QFileInfo(r.path).fileName();
    for (const LibraryResolution &res : r.host->resolutions) {
        if (!res.name.startsWith(QLatin1String("libamdhip64")) || !res.found() ||
            res.otherVersions.isEmpty())
            continue;
        Finding f = makeFinding(
            QStringLiteral("runtime.mixed-installs"),
            HD_TEXT("hd::Diagnosis", "Several HIP runtimes are installed; %1 uses %2")
                .arg(file, res.path),
            HD_TEXT("hd::Diagnosis",
                    "Other major versions are reachable too (%1). Libraries built "
                    "against one and loaded with another fail with undefined symbols or "
                    "load errors.")
                .arg(res.otherVersions.join(QStringLiteral(", "))));
        f.evidence.append(fileEvidence(
            res.path, HD_TEXT("hd::Diagnosis", "resolved via %1").arg(res.via), res.name));
        for (const QString &o : res.otherVersions)
            f.evidence.append(
                fileEvidence(o, HD_TEXT("hd::Diagnosis", "also installed"), QString()));
        f.fix << HD_TEXT("hd::Diagnosis", "Make every library of the process use one ROCm: check "
                                          "`ldd %1 | grep amdhip64` and LD_LIBRARY_PATH / RUNPATH.")
                     .arg(file);
        c.add(f);
    }
}

// ---- code objects vs. devices (direction 3) -----------------------------------------------

// A fat binary the runtime chooses from (one selection of the load verdict): where it is and
// the candidates it holds.
struct Group {
    QString origin;
    QList<int> codeObjects; // indices into ArtifactReport::codeObjects (decoded entries)
    QStringList targets;    // every candidate's target, decoded or not
};

Group groupOf(const ArtifactReport &r, const CodeObjectSelection &s) {
    Group g;
    if (s.bundleIndex >= 0 && s.bundleIndex < r.bundles.size()) {
        const Bundle &b = r.bundles[s.bundleIndex];
        g.origin = b.origin.isEmpty() ? QStringLiteral("bundle @ %1").arg(hex(b.fileOffset))
                                      : QStringLiteral("bundle %1").arg(b.origin);
    } else {
        g.origin = QFileInfo(r.path).fileName();
    }
    for (const SelectionCandidate &cand : s.candidates) {
        if (cand.codeObjectIndex >= 0 && cand.codeObjectIndex < r.codeObjects.size())
            g.codeObjects.append(cand.codeObjectIndex);
        g.targets.append(cand.target.isValid() ? cand.target.toString() : cand.entryId);
    }
    return g;
}

const QStringList &defaultTargetProcessors() {
    // What clang / hipcc pick without --offload-arch: gfx803 (clang <= 16, this Debian),
    // gfx906 (newer clang), gfx000 (rocm_agent_enumerator's CPU agent on hosts without a GPU).
    static const QStringList p{QStringLiteral("gfx803"), QStringLiteral("gfx906"),
                               QStringLiteral("gfx000")};
    return p;
}

// The fat binaries of one file that do not fit one device, by why not: the load verdict's
// selections (artifacts/load_verdict.h), which also decide inspect, scan, the matrix and the
// name box.
struct DeviceFit {
    LoadVerdict verdict;
    QList<Group> procFail, featFail, genFail;
    QList<Text> featReasons, genReasons;
    QString scope; // " (2 of 3 bundles)" when the file has several bundles
    int groups = 0;
    bool fitsAll() const { return procFail.isEmpty() && featFail.isEmpty() && genFail.isEmpty(); }
};

// The reason of the first candidate of a kind: the sentence that says why that entry misses.
Text candidateReason(const CodeObjectSelection &s, Compatibility::Kind kind) {
    for (const SelectionCandidate &cand : s.candidates)
        if (cand.compatibility.kind == kind)
            return cand.compatibility.reason;
    return s.reason;
}

DeviceFit deviceFit(const Context &c, const ArtifactReport &r, const DeviceInfo &d) {
    DeviceFit fit;
    fit.verdict = c.loadVerdictFor(r, d.target);
    fit.groups = int(fit.verdict.selections.size());
    for (const CodeObjectSelection &s : std::as_const(fit.verdict.selections)) {
        if (s.selected())
            continue;
        if (s.kind == Compatibility::Kind::FeatureMismatch) {
            fit.featFail.append(groupOf(r, s));
            fit.featReasons.append(candidateReason(s, s.kind));
        } else if (s.kind == Compatibility::Kind::GenericNeedsNewerRuntime) {
            fit.genFail.append(groupOf(r, s));
            fit.genReasons.append(candidateReason(s, s.kind));
        } else {
            fit.procFail.append(groupOf(r, s));
        }
    }
    if (fit.groups > 1)
        fit.scope = HD_TEXT("hd::Diagnosis", " (%1 of %2 bundles)")
                        .arg(fit.procFail.size() + fit.featFail.size() + fit.genFail.size())
                        .arg(fit.groups)
                        .english();
    return fit;
}

void addGroupEvidence(Finding &f, const ArtifactReport &r, const QList<Group> &gs) {
    for (const Group &g : gs.mid(0, 4))
        f.evidence.append(fileEvidence(r.path, g.origin,
                                       HD_TEXT("hd::Diagnosis", "code objects: %1")
                                           .arg(g.targets.join(QStringLiteral(", ")))));
    if (gs.size() > 4)
        f.evidence.append(fileEvidence(r.path, QStringLiteral("…"),
                                       QStringLiteral("%1 more").arg(gs.size() - 4)));
}

// Calls fn(device, fit) for each device, where the file has code objects at all.
template <typename Fn> void forEachDeviceFit(const Context &c, const ArtifactReport &r, Fn &&fn) {
    for (const DeviceInfo &d : std::as_const(c.devices)) {
        const DeviceFit fit = deviceFit(c, r, d);
        if (fit.groups > 0)
            fn(d, fit);
    }
}

// Device code the inspector could not read, so no target could be checked.
void uncheckedRule(Context &c, const ArtifactReport &r) {
    if (c.devices.isEmpty() || !c.loadVerdictFor(r, c.devices.first().target).selections.isEmpty())
        return;
    const bool deviceCode =
        r.kind == ArtifactKind::AmdgpuCodeObject || r.kind == ArtifactKind::OffloadBundle ||
        r.kind == ArtifactKind::CompressedBundle || r.kind == ArtifactKind::NvidiaCubin ||
        r.kind == ArtifactKind::NvidiaFatbin || r.kind == ArtifactKind::NvidiaPtx ||
        (r.host && (r.host->hasHipFatbin || r.host->hasNvFatbin));
    // -fgpu-rdc objects carry bitcode, which only the device link turns into code.
    bool onlyBitcode = r.host && r.host->hasOffloadSections;
    for (const Bundle &b : r.bundles)
        for (const BundleEntry &e : b.entries)
            if (e.kind != QLatin1String("host") && e.content != QLatin1String("bitcode"))
                onlyBitcode = false;
    if (!deviceCode || onlyBitcode)
        return;
    QStringList why;
    for (const Problem &p : r.problems)
        why << p.toString();
    Finding f = makeFinding(
        QStringLiteral("arch.unchecked"),
        HD_TEXT("hd::Diagnosis", "%1 holds device code that could not be read; it was not checked "
                                 "against %2")
            .arg(QFileInfo(r.path).fileName(), c.devices.first().label()),
        why.isEmpty() ? HD_TEXT("hd::Diagnosis", "No code object could be extracted.")
                      : why.join(QStringLiteral("; ")));
    f.evidence.append(fileEvidence(r.path, artifactKindName(r.kind),
                                   HD_TEXT("hd::Diagnosis", "0 code objects read")));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "List its targets with roc-obj-ls (AMD) or cuobjdump "
                     "--list-elf --list-ptx (NVIDIA) and compare them with the device.");
    c.add(f);
}

// Code for the device's processor, but with other xnack/sramecc settings.
void featureMatchRule(Context &c, const ArtifactReport &r) {
    forEachDeviceFit(c, r, [&](const DeviceInfo &d, const DeviceFit &fit) {
        if (fit.featFail.isEmpty())
            return;
        Finding f = makeFinding(
            QStringLiteral("arch.feature-mismatch"),
            HD_TEXT("hd::Diagnosis",
                    "%1: the code object for %2 has other xnack/sramecc settings than "
                    "the device %3%4")
                .arg(QFileInfo(r.path).fileName(), d.target.processor, d.label(), fit.scope),
            fit.featReasons.first() + QLatin1Char('.'));
        addGroupEvidence(f, r, fit.featFail);
        f.evidence.append(fileEvidence(QStringLiteral("device"), deviceSourceLabel(d.source),
                                       d.target.toString()));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Rebuild with --offload-arch=%1 (the device's exact target "
                         "id), or with --offload-arch=%2 (no feature setting: runs "
                         "with xnack on or off).")
                     .arg(d.target.toString(), d.target.processor);
        if (fit.featReasons.first().contains(QLatin1String("xnack+")))
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Or run with HSA_XNACK=1 where the GPU and kernel driver "
                             "support XNACK, so the device runs with xnack+.");
        c.add(f);
    });
}

// Only a generic target (gfx9-generic...) covers the device, and the runtime predates them.
void genericTargetsRule(Context &c, const ArtifactReport &r) {
    forEachDeviceFit(c, r, [&](const DeviceInfo &d, const DeviceFit &fit) {
        if (fit.genFail.isEmpty())
            return;
        Finding f = makeFinding(
            QStringLiteral("arch.generic-needs-newer-runtime"), runtimeDependent(c),
            HD_TEXT("hd::Diagnosis",
                    "%1: only a generic code object covers %2, and the runtime (%3) "
                    "does not load generic targets")
                .arg(QFileInfo(r.path).fileName(), d.target.processor,
                     c.runtimeKnown() ? QStringLiteral("ROCm %1").arg(c.runtimeText())
                                      : HD_TEXT("hd::Diagnosis", "version unknown")),
            fit.genReasons.first() +
                (c.runtimeExplicit
                     ? QString()
                     : HD_TEXT("hd::Diagnosis", " The runtime version was inferred from %1; "
                                                "pass --runtime-version to be sure.")
                           .arg(c.result.runtimeVersionFrom)));
        addGroupEvidence(f, r, fit.genFail);
        f.fix << HD_TEXT("hd::Diagnosis", "Run with ROCm 6.3 or newer, or also build the specific "
                                          "target: %1")
                     .arg(offloadArchFix(d.target));
        c.add(f);
    });
}

// The targets of the code objects that miss the device's processor.
QStringList presentTargets(const DeviceFit &fit) {
    QStringList present;
    for (const Group &g : fit.procFail)
        for (const QString &t : g.targets)
            if (!present.contains(t))
                present.append(t);
    return present;
}

// Up to three kernels of the fatbins that miss the device, by their demangled start; count is
// how many there are.
QStringList missingFatbinKernels(const ArtifactReport &r, const DeviceFit &fit, int &count) {
    QStringList kernels;
    count = 0;
    for (const Group &g : fit.procFail)
        for (int idx : g.codeObjects)
            for (const KernelInfo &k : r.codeObjects[idx].kernels) {
                // Library kernels are long templates: their demangled start names them.
                QString name = SymbolName(k.name).demangled();
                if (name.size() > 60)
                    name = name.left(59) + QStringLiteral("…");
                if (!kernels.contains(name) && ++count <= 3)
                    kernels.append(name);
            }
    return kernels;
}

// Some fatbins of an NVIDIA file miss the device while others fit: only their kernels fail.
Finding partialFatbinFinding(const ArtifactReport &r, const DeviceInfo &d, const DeviceFit &fit,
                             const std::optional<VendorLibrary> &vendor) {
    const QString file = QFileInfo(r.path).fileName();
    const QStringList present = presentTargets(fit);
    int count = 0;
    const QStringList kernels = missingFatbinKernels(r, fit, count);
    Finding f = makeFinding(
        QStringLiteral("arch.no-compatible-code-object"),
        vendor ? SeverityChange(Severity::Info,
                                HD_TEXT("hd::Diagnosis", "a library carries fatbins per "
                                                         "architecture and launches those of the "
                                                         "GPU it runs on"))
               : SeverityChange(Severity::Warning,
                                HD_TEXT("hd::Diagnosis", "the file loads; only a launch of these "
                                                         "fatbins' kernels fails")),
        HD_TEXT("hd::Diagnosis", "%1 of %2 fatbins in %3 have no code for %4")
            .arg(fit.procFail.size())
            .arg(fit.groups)
            .arg(file, d.label()),
        HD_TEXT("hd::Diagnosis",
                "They hold only %1 (kernels: %2). The CUDA runtime needs a fatbin's code "
                "only when one of its kernels is launched: the file loads, and a launch of "
                "one of these kernels fails with cudaErrorNoKernelImageForDevice (209). "
                "Libraries carry fatbins for one architecture each and pick by the GPU, "
                "so this alone is no failure.")
            .arg(present.join(QStringLiteral(", ")),
                 kernels.isEmpty() ? HD_TEXT("hd::Diagnosis", "none named")
                                   : kernels.join(QStringLiteral(", ")) +
                                         (count > 3 ? QStringLiteral(" …") : QString())));
    addGroupEvidence(f, r, fit.procFail);
    f.evidence.append(
        fileEvidence(QStringLiteral("device"), deviceSourceLabel(d.source), d.target.toString()));
    f.fix << (vendor
                  ? vendorBuildFix(*vendor, d.target)
                  : HD_TEXT("hd::Diagnosis", "If one of these kernels fails to launch, rebuild its "
                                             "source with %1 added to its targets.")
                        .arg(offloadArchFix(d.target)));
    return f;
}

// No code object of the file is for the device's processor.
Finding noCodeObjectFinding(const ArtifactReport &r, const DeviceInfo &d, const DeviceFit &fit,
                            const std::optional<VendorLibrary> &vendor) {
    const QString file = QFileInfo(r.path).fileName();
    const QStringList present = presentTargets(fit);
    Finding f = makeFinding(
        QStringLiteral("arch.no-compatible-code-object"),
        HD_TEXT("hd::Diagnosis", "%1 has no code object for the device %2%3")
            .arg(file, d.label(), fit.scope),
        HD_TEXT("hd::Diagnosis",
                "The runtime needs a code object for %1; %2 holds only: %3. Loading "
                "fails with %4 (\"no kernel image is available for execution on the "
                "device\").")
            .arg(d.target.toString(), file,
                 present.isEmpty() ? QStringLiteral("(none)") : present.join(QStringLiteral(", ")),
                 d.target.isNvidia() ? QStringLiteral("CUDA_ERROR_NO_BINARY_FOR_GPU (209)")
                                     : QStringLiteral("hipErrorNoBinaryForGpu")));
    addGroupEvidence(f, r, fit.procFail);
    f.evidence.append(
        fileEvidence(QStringLiteral("device"), deviceSourceLabel(d.source), d.target.toString()));
    // The load verdict's fixes: a vendor's build (and the override where it applies) for a
    // library the user did not build, a rebuild with the device's target for one's own.
    f.fix << missingCodeFixes(d.target, fit.verdict.targets, vendor);
    if (!d.target.isNvidia())
        f.fix << HD_TEXT("hd::Diagnosis", "Check the device's target with `rocminfo | grep gfx` "
                                          "and the file's with `roc-obj-ls %1`.")
                     .arg(file);
    return f;
}

// No code object for the device's processor at all.
void archMatchRule(Context &c, const ArtifactReport &r) {
    forEachDeviceFit(c, r, [&](const DeviceInfo &d, const DeviceFit &fit) {
        if (fit.procFail.isEmpty())
            return;
        const auto vendor = r.host ? vendorLibraryFor(r.path, r.host->soname) : std::nullopt;
        // The CUDA runtime needs a fatbin's code only when one of its kernels is launched: with
        // other fatbins that fit, the file loads and only those kernels fail. Libraries carry
        // fatbins for one architecture each and choose between them by the GPU.
        const int failing = int(fit.procFail.size() + fit.featFail.size() + fit.genFail.size());
        if (d.target.isNvidia() && failing < fit.groups)
            c.add(partialFatbinFinding(r, d, fit, vendor));
        else
            c.add(noCodeObjectFinding(r, d, fit, vendor));
    });
}

// The one AMD processor of the file, when every code object is featureless and for it; "".
QString onlyFeaturelessProcessor(const ArtifactReport &r) {
    QSet<QString> procs;
    for (const CodeObject &co : r.codeObjects) {
        if (co.target.isNvidia())
            continue;
        procs.insert(co.target.processor);
        if (co.target.xnack == FeatureSetting::On || co.target.xnack == FeatureSetting::Off ||
            co.target.sramecc == FeatureSetting::On || co.target.sramecc == FeatureSetting::Off)
            return {};
    }
    return procs.size() == 1 ? *procs.cbegin() : QString();
}

// Only a compiler-default target: the build had no --offload-arch.
void defaultTargetRule(Context &c, const ArtifactReport &r) {
    const QString p = onlyFeaturelessProcessor(r);
    if (r.codeObjects.isEmpty() || !defaultTargetProcessors().contains(p))
        return;
    for (const DeviceInfo &d : std::as_const(c.devices))
        if (deviceFit(c, r, d).fitsAll())
            return;
    QStringList allTargets;
    for (const CodeObject &co : r.codeObjects)
        if (!allTargets.contains(co.target.toString()))
            allTargets.append(co.target.toString());
    Finding f = makeFinding(
        QStringLiteral("arch.default-target"),
        SeverityChange(p == QLatin1String("gfx000") ? Severity::Error : Severity::Warning,
                       HD_TEXT("hd::Diagnosis", "gfx000 is the CPU agent: no GPU runs it")),
        HD_TEXT("hd::Diagnosis", "%1 was built only for %2, the compiler's default target")
            .arg(QFileInfo(r.path).fileName(), p),
        HD_TEXT("hd::Diagnosis",
                "%1 is what hipcc/clang build when no --offload-arch is given and no "
                "GPU is detected on the build host%2.")
            .arg(p, c.devices.isEmpty()
                        ? HD_TEXT("hd::Diagnosis", " (no device given: pass --target to "
                                                   "check it against your GPU)")
                        : HD_TEXT("hd::Diagnosis", "; it does not fit the device")));
    f.evidence.append(fileEvidence(r.path, HD_TEXT("hd::Diagnosis", "code objects"),
                                   allTargets.join(QStringLiteral(", "))));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Pass the device's target explicitly: hipcc --offload-arch=%1 "
                     "(one --offload-arch per GPU you run on).")
                 .arg(c.devices.isEmpty() ? QStringLiteral("<gfx...>")
                                          : c.devices.first().target.processor);
    c.add(f);
}

// The problem of code object version v under the context's runtime; "" when there is none.
QString versionProblem(const Context &c, int v, SeverityChange &sev) {
    if (v >= 6 && (!c.runtimeKnown() || !c.runtimeAtLeast(6, 3))) {
        sev = runtimeDependent(c);
        return (c.runtimeKnown()
                    ? HD_TEXT("hd::Diagnosis", "code object v%1 needs ROCm 6.3 or newer; the "
                                               "runtime is ROCm %2")
                          .arg(v)
                          .arg(c.runtimeText())
                    : HD_TEXT("hd::Diagnosis", "code object v%1 needs ROCm 6.3 or newer; the "
                                               "runtime version is not known")
                          .arg(v))
            .english();
    }
    // v2/v3 on ROCm 6: the load verdict (artifacts/load_verdict.h) does not refuse them.
    sev = SeverityChange(Severity::Warning,
                         HD_TEXT("hd::Diagnosis", "the load verdict does not count code objects "
                                                  "v2/v3 as refused"));
    if (v <= 3 && c.runtimeKnown() && c.runtimeAtLeast(6, 0))
        return HD_TEXT("hd::Diagnosis", "code object v%1 is no longer loaded by ROCm 6 runtimes "
                                        "(the runtime is ROCm %2)")
            .arg(v)
            .arg(c.runtimeText())
            .english();
    return {};
}

void codeObjectVersionRule(Context &c, const ArtifactReport &r) {
    QMap<int, QStringList> byVersion;
    for (const CodeObject &co : r.codeObjects)
        if (co.format == CodeObject::Format::AmdgpuElf && co.codeObjectVersion > 0)
            byVersion[co.codeObjectVersion].append(co.origin);
    for (auto it = byVersion.cbegin(); it != byVersion.cend(); ++it) {
        const int v = it.key();
        SeverityChange sev(Severity::Warning, {});
        const QString problem = versionProblem(c, v, sev);
        if (problem.isEmpty())
            continue;
        Finding f =
            makeFinding(QStringLiteral("cov.unsupported-version"), sev,
                        QStringLiteral("%1: %2").arg(QFileInfo(r.path).fileName(), problem),
                        HD_TEXT("hd::Diagnosis", "The code object version is EI_ABIVERSION of the "
                                                 "ELF header (v4 = 2, v5 = 3, v6 = 4)."));
        for (const QString &o : it.value().mid(0, 4))
            f.evidence.append(
                fileEvidence(r.path, o, HD_TEXT("hd::Diagnosis", "code object v%1").arg(v)));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Rebuild with -mcode-object-version=%1 (or the compiler of the "
                         "target ROCm), or run with a runtime that accepts v%2.")
                     .arg(v >= 6 ? 5 : 4)
                     .arg(v);
        c.add(f);
    }
}

// A compressed offload bundle (CCOB), which older runtimes cannot read; one finding per file.
void compressedBundleRule(Context &c, const ArtifactReport &r) {
    const auto b = std::find_if(r.bundles.cbegin(), r.bundles.cend(),
                                [](const Bundle &x) { return x.compressed; });
    if (b == r.bundles.cend())
        return;
    const bool ok = c.runtimeKnown() && c.runtimeAtLeast(6, 2);
    const bool bad = c.runtimeKnown() && !ok;
    Finding f = makeFinding(
        QStringLiteral("bundle.compressed"),
        ok ? SeverityChange(Severity::Info, HD_TEXT("hd::Diagnosis", "the runtime (ROCm %1) reads "
                                                                     "compressed bundles")
                                                .arg(c.runtimeText()))
           : runtimeDependent(c),
        HD_TEXT("hd::Diagnosis", "%1 holds a compressed offload bundle (CCOB v%2, %3)")
            .arg(QFileInfo(r.path).fileName())
            .arg(b->ccobVersion)
            .arg(b->compression),
        bad ? HD_TEXT("hd::Diagnosis",
                      "ROCm %1 cannot read compressed bundles (from about ROCm 6.2); "
                      "its load fails and the usual \"Bundled Code Objects\" listing "
                      "is not printed.")
                  .arg(c.runtimeText())
        : ok ? HD_TEXT("hd::Diagnosis", "The runtime (ROCm %1) reads compressed bundles; raw HSA "
                                        "loaders and older tools cannot.")
                   .arg(c.runtimeText())
             : HD_TEXT("hd::Diagnosis",
                       "Runtimes older than about ROCm 6.2 and raw HSA loaders cannot "
                       "read it; the runtime version is not known."));
    f.evidence.append(fileEvidence(r.path, b->origin.isEmpty() ? hex(b->fileOffset) : b->origin,
                                   HD_TEXT("hd::Diagnosis", "CCOB v%1 %2, %3 bytes uncompressed")
                                       .arg(b->ccobVersion)
                                       .arg(b->compression)
                                       .arg(b->uncompressedSize)));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Build without compression (drop --offload-compress / set "
                     "COMPRESSED_BUNDLE_FORMAT_VERSION only for new runtimes), or run "
                     "with ROCm 6.2 or newer.");
    c.add(f);
}

void ldsRules(Context &c, const ArtifactReport &r) {
    for (const DeviceInfo &d : std::as_const(c.devices)) {
        if (d.target.isNvidia())
            continue;
        const quint64 limit = d.maxSharedMemoryPerBlock > 0 ? d.maxSharedMemoryPerBlock
                              : d.target.processor == QLatin1String("gfx950") ? 160 * 1024
                                                                              : 64 * 1024;
        for (const CodeObject &co : r.codeObjects) {
            if (co.target.processor != d.target.processor)
                continue;
            for (const KernelInfo &k : co.kernels) {
                if (k.groupSegmentFixedSize <= limit)
                    continue;
                Finding f = makeFinding(
                    QStringLiteral("build.lds-exceeds-limit"),
                    HD_TEXT("hd::Diagnosis", "%1 uses %2 bytes of LDS; the device allows %3")
                        .arg(k.name)
                        .arg(k.groupSegmentFixedSize)
                        .arg(limit),
                    HD_TEXT("hd::Diagnosis",
                            "The kernel's static shared memory (group segment) is larger "
                            "than the device's LDS per workgroup; the launch fails."));
                f.evidence.append(
                    fileEvidence(r.path, co.origin,
                                 QStringLiteral("%1 .group_segment_fixed_size = %2")
                                     .arg(k.name, QString::number(k.groupSegmentFixedSize))));
                f.fix << HD_TEXT("hd::Diagnosis",
                                 "Shrink the __shared__ arrays of %1 (tile smaller, or "
                                 "use dynamic shared memory sized at launch).")
                             .arg(k.name);
                c.add(f);
            }
        }
    }
}

void mixedInstallRules(Context &c) {
    // Two inputs resolving libamdhip64 to different files: two runtimes in one process.
    QMap<QString, QString> hipByFile;
    for (const ArtifactReport &r : std::as_const(c.artifacts))
        if (r.host)
            if (const QString hip = resolvedHipRuntime(*r.host); !hip.isEmpty())
                hipByFile.insert(r.path, QFileInfo(hip).canonicalFilePath());
    QStringList distinct;
    for (const QString &p : hipByFile)
        if (!distinct.contains(p))
            distinct.append(p);
    if (distinct.size() > 1) {
        Finding f =
            makeFinding(QStringLiteral("runtime.mixed-installs"),
                        SeverityChange(Severity::Error,
                                       HD_TEXT("hd::Diagnosis", "the inputs load two different "
                                                                "HIP runtimes into one process")),
                        HD_TEXT("hd::Diagnosis", "The inputs load %1 different HIP runtimes")
                            .arg(distinct.size()),
                        HD_TEXT("hd::Diagnosis", "One process can only use one libamdhip64; "
                                                 "libraries built for different ROCm releases "
                                                 "conflict."));
        for (auto it = hipByFile.cbegin(); it != hipByFile.cend(); ++it)
            f.evidence.append(fileEvidence(
                it.key(), HD_TEXT("hd::Diagnosis", "libamdhip64 resolves to"), it.value()));
        f.fix << HD_TEXT("hd::Diagnosis", "Build every library against the same ROCm release.");
        c.add(f);
    }
}

// The C library / C++ runtime the file needs (GLIBC_*, GLIBCXX_*, CXXABI_*) against the ones
// the loader resolves: ld.so refuses "version `GLIBC_2.38' not found" before any HIP call.
void libcVersionsRule(Context &c, const ArtifactReport &r) {
    if (!r.host)
        return;
    const QString file = QFileInfo(r.path).fileName();
    for (const LibraryResolution &res : r.host->resolutions) {
        if (res.versionsMissing.isEmpty())
            continue;
        const QString newest =
            res.versionsMissing.size() == 1
                ? res.versionsMissing.first()
                : newestVersion(res.versionsMissing,
                                res.versionsMissing.first().section(QLatin1Char('_'), 0, 0) +
                                    QLatin1Char('_'));
        Finding f = makeFinding(
            QStringLiteral("runtime.symbol-version-missing"),
            HD_TEXT("hd::Diagnosis", "%1 needs %2 from %3, which the installed %3 does not have")
                .arg(file, newest.isEmpty() ? res.versionsMissing.first() : newest, res.name),
            HD_TEXT("hd::Diagnosis",
                    "%1 was linked against a newer %2 than this system's %3: the dynamic "
                    "loader stops with \"version `%4' not found (required by %1)\" before the "
                    "program runs. Missing: %5.")
                .arg(file, res.name, res.path, res.versionsMissing.first(),
                     res.versionsMissing.join(QStringLiteral(", "))));
        f.evidence.append(
            fileEvidence(r.path, QStringLiteral(".gnu.version_r"),
                         HD_TEXT("hd::Diagnosis", "needs from %1: %2")
                             .arg(res.name, res.versionsNeeded.join(QStringLiteral(", ")))));
        f.evidence.append(fileEvidence(res.path, QStringLiteral(".gnu.version_d"),
                                       HD_TEXT("hd::Diagnosis", "does not define %1")
                                           .arg(res.versionsMissing.join(QStringLiteral(", ")))));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Install the build of %1 made for this distribution (its package for "
                         "this release, or AMD's ROCm packages for it), or run it on a system or "
                         "in a container whose %2 provides %3. Copying a newer %2 into the "
                         "system breaks every other program.")
                     .arg(file, res.name, newest.isEmpty() ? res.versionsMissing.first() : newest);
        f.fix << HD_TEXT("hd::Diagnosis", "Check with `ldd %1`: it prints the same \"version "
                                          "... not found\" lines.")
                     .arg(r.path);
        c.add(f);
    }
}

// Vendor kernel folders (Tensile, MIOpen databases): one finding per library and device, with
// the architectures the folder covers, never one per file.
void kernelLibraryRule(Context &c) {
    for (const KernelLibrary &lib : std::as_const(c.kernelLibraries)) {
        const QStringList targets = lib.targets();
        for (const DeviceInfo &d : std::as_const(c.devices)) {
            if (d.target.isNvidia())
                continue;
            QList<TargetId> ids;
            bool covered = false;
            for (const QString &t : targets)
                if (const auto id = TargetId::parse(t)) {
                    ids.append(*id);
                    covered = covered || checkCompatibility(*id, d.target).compatible();
                }
            if (covered)
                continue;
            const int close = closestTarget(d.target, ids);
            const QString closest =
                close >= 0 && relateTargets(ids[close], d.target) != TargetRelation::Unrelated
                    ? ids[close].toString()
                    : QString();
            const VendorLibrary vendor = vendorLibraryNamed(lib.product, lib.path);
            const bool miopen = lib.kind == KernelLibraryKind::MiopenDatabase;
            Finding f = makeFinding(
                miopen ? QStringLiteral("arch.library-data-missing")
                       : QStringLiteral("arch.no-compatible-code-object"),
                miopen ? HD_TEXT("hd::Diagnosis", "%1's databases in %2 have nothing for %3")
                             .arg(lib.product, QFileInfo(lib.path).fileName(), d.label())
                       : HD_TEXT("hd::Diagnosis", "%1's kernel folder %2 has no kernels for %3")
                             .arg(lib.product, QFileInfo(lib.path).fileName(), d.label()),
                (miopen ? HD_TEXT("hd::Diagnosis",
                                  "It covers %1 (%2 files). Without data for %3 MIOpen compiles "
                                  "its kernels at first use and runs untuned.")
                        : HD_TEXT("hd::Diagnosis",
                                  "It covers %1 (%2 files, %4). %5 looks up kernels for %3 in "
                                  "it and fails at its first call (\"Cannot read ... "
                                  "TensileLibrary\" / hipErrorNoBinaryForGpu); the folder is "
                                  "not a Triton cache and must not be deleted."))
                        .arg(targets.join(QStringLiteral(", ")))
                        .arg(lib.files)
                        .arg(d.target.toString(),
                             lib.lazyLoading ? HD_TEXT("hd::Diagnosis", "lazy loading")
                                             : HD_TEXT("hd::Diagnosis", "all loaded at start"),
                             lib.product) +
                    (closest.isEmpty() ? QString()
                                       : HD_TEXT("hd::Diagnosis", " Closest: %1.").arg(closest)));
            f.evidence.append(fileEvidence(lib.path, kernelLibraryKindName(lib.kind),
                                           HD_TEXT("hd::Diagnosis", "architectures: %1")
                                               .arg(targets.join(QStringLiteral(", ")))));
            f.evidence.append(fileEvidence(QStringLiteral("device"), deviceSourceLabel(d.source),
                                           d.target.toString()));
            f.fix << vendorBuildFix(vendor, d.target);
            if (const auto o = isaOverrideFor(d.target, targets))
                f.fix << isaOverrideFix(*o, d.target);
            c.add(f);
        }
    }
}

} // namespace

const QList<Rule> &artifactRuleList() {
    static const QList<Rule> rules{
        {"artifact/not-code-object",
         RuleScope::Artifact,
         {QStringLiteral("module.not-a-code-object")},
         [](Context &c, const RuleInput &in) { notCodeObjectRule(c, *in.artifact); }},
        {"artifact/host-module",
         RuleScope::Artifact,
         {QStringLiteral("module.not-a-code-object")},
         [](Context &c, const RuleInput &in) { hostModuleRule(c, *in.artifact); }},
        {"artifact/needed-libraries",
         RuleScope::Artifact,
         {QStringLiteral("runtime.library-not-found"), QStringLiteral("runtime.soname-mismatch")},
         [](Context &c, const RuleInput &in) { neededLibrariesRule(c, *in.artifact); }},
        {"artifact/not-linked",
         RuleScope::Artifact,
         {QStringLiteral("runtime.not-linked")},
         [](Context &c, const RuleInput &in) { notLinkedRule(c, *in.artifact); }},
        {"artifact/hip-symbols",
         RuleScope::Artifact,
         {QStringLiteral("runtime.undefined-symbol")},
         [](Context &c, const RuleInput &in) { hipSymbolsRule(c, *in.artifact); }},
        {"artifact/installed-runtimes",
         RuleScope::Artifact,
         {QStringLiteral("runtime.mixed-installs")},
         [](Context &c, const RuleInput &in) { installedRuntimesRule(c, *in.artifact); }},
        {"artifact/feature-match",
         RuleScope::Artifact,
         {QStringLiteral("arch.feature-mismatch")},
         [](Context &c, const RuleInput &in) { featureMatchRule(c, *in.artifact); }},
        {"artifact/generic-targets",
         RuleScope::Artifact,
         {QStringLiteral("arch.generic-needs-newer-runtime")},
         [](Context &c, const RuleInput &in) { genericTargetsRule(c, *in.artifact); }},
        {"artifact/arch-match",
         RuleScope::Artifact,
         {QStringLiteral("arch.no-compatible-code-object")},
         [](Context &c, const RuleInput &in) { archMatchRule(c, *in.artifact); }},
        {"artifact/unchecked",
         RuleScope::Artifact,
         {QStringLiteral("arch.unchecked")},
         [](Context &c, const RuleInput &in) { uncheckedRule(c, *in.artifact); }},
        {"artifact/default-target",
         RuleScope::Artifact,
         {QStringLiteral("arch.default-target")},
         [](Context &c, const RuleInput &in) { defaultTargetRule(c, *in.artifact); }},
        {"artifact/code-object-version",
         RuleScope::Artifact,
         {QStringLiteral("cov.unsupported-version")},
         [](Context &c, const RuleInput &in) { codeObjectVersionRule(c, *in.artifact); }},
        {"artifact/compressed-bundle",
         RuleScope::Artifact,
         {QStringLiteral("bundle.compressed")},
         [](Context &c, const RuleInput &in) { compressedBundleRule(c, *in.artifact); }},
        {"artifact/lds",
         RuleScope::Artifact,
         {QStringLiteral("build.lds-exceeds-limit")},
         [](Context &c, const RuleInput &in) { ldsRules(c, *in.artifact); }},
        {"artifact/libc-versions",
         RuleScope::Artifact,
         {QStringLiteral("runtime.symbol-version-missing")},
         [](Context &c, const RuleInput &in) { libcVersionsRule(c, *in.artifact); }},
        {"global/kernel-libraries",
         RuleScope::Global,
         {QStringLiteral("arch.no-compatible-code-object"),
          QStringLiteral("arch.library-data-missing")},
         [](Context &c, const RuleInput &) { kernelLibraryRule(c); }},
        {"global/mixed-installs",
         RuleScope::Global,
         {QStringLiteral("runtime.mixed-installs")},
         [](Context &c, const RuleInput &) { mixedInstallRules(c); }},
    };
    return rules;
}

} // namespace hd::detail
