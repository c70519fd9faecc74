// Rules on text inputs (runtime logs, tracebacks, build output).

#include "diagnosis/rules_p.h"

#include "artifacts/inspector.h"
#include "common/runtime_errors.h"
#include "diagnosis/runtime_env.h"
#include "loader/loader.h"
#include "targets/compatibility.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace hd::detail {

namespace {

// One device of a hipErrorNoBinaryForGpu listing against the code objects listed with it.
Finding noBinaryFinding(const TextInput &t, const NoBinaryListing &l, const TargetId &dev,
                        const QList<TargetId> &objects, const QStringList &objectIds) {
    bool featureOnly = false;
    QString reason;
    for (const TargetId &o : objects) {
        const Compatibility comp = checkCompatibility(o, dev);
        if (comp.kind == Compatibility::Kind::FeatureMismatch) {
            featureOnly = true;
            reason = comp.reason;
        }
    }
    Finding f = makeFinding(
        featureOnly ? QStringLiteral("arch.feature-mismatch")
                    : QStringLiteral("arch.no-compatible-code-object"),
        Severity::Error,
        featureOnly ? QStringLiteral("The runtime found %1 code, but not with the device's "
                                     "xnack/sramecc settings (%2)")
                          .arg(dev.processor, dev.toString())
                    : QStringLiteral("The runtime found no code object for the device %1")
                          .arg(dev.toString()),
        QStringLiteral("hipErrorNoBinaryForGpu at line %1 of %2: the device is %3; the binary "
                       "holds %4.%5")
            .arg(l.lineNumber)
            .arg(fileName(t.path), dev.toString(),
                 objectIds.isEmpty() ? QStringLiteral("no device code objects")
                                     : objectIds.join(QStringLiteral(", ")),
                 featureOnly ? QLatin1Char(' ') + reason + QLatin1Char('.') : QString()));
    f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message));
    f.evidence.append({t.path, QStringLiteral("Devices:"), dev.toString()});
    for (const QString &id : l.codeObjects.mid(0, 8))
        f.evidence.append({t.path, QStringLiteral("Bundled Code Objects:"), id});
    if (featureOnly)
        f.fix << QStringLiteral("Rebuild with --offload-arch=%1 (or --offload-arch=%2 without "
                                "feature settings).")
                     .arg(dev.toString(), dev.processor);
    else
        f.fix << QStringLiteral("Rebuild with --offload-arch=%1 added (hipcc --offload-arch=%1 "
                                "...); for prebuilt libraries (PyTorch, rocBLAS...) install a "
                                "build that lists %1.")
                     .arg(dev.processor);
    f.fix << QStringLiteral("Check which targets a binary holds with `roc-obj-ls FILE` or "
                            "`hipdoctor-cli inspect FILE`.");
    return f;
}

// The runtime's own Devices / Bundled Code Objects listing after hipErrorNoBinaryForGpu.
void noBinaryListingRule(Context &c, const TextInput &t) {
    if (!t.amdLog)
        return;
    const bool someListed = std::any_of(
        t.amdLog->noBinary.cbegin(), t.amdLog->noBinary.cend(),
        [](const NoBinaryListing &l) { return !l.devices.isEmpty() || !l.codeObjects.isEmpty(); });
    for (const NoBinaryListing &l : t.amdLog->noBinary) {
        // The runtime repeats the error line (level 0, before aborting) without a listing.
        if (someListed && l.devices.isEmpty() && l.codeObjects.isEmpty())
            continue;
        QList<TargetId> objects;
        QStringList objectIds;
        for (const QString &id : l.codeObjects)
            if (const auto tid = targetFromBundleId(id)) {
                objects.append(*tid);
                objectIds.append(id);
            }
        QStringList devices = l.devices;
        if (devices.isEmpty())
            for (const DeviceInfo &d : std::as_const(c.devices))
                devices.append(d.target.toString());
        bool any = false;
        for (const QString &devText : devices)
            if (const auto dev = TargetId::parse(devText)) {
                any = true;
                c.add(noBinaryFinding(t, l, *dev, objects, objectIds));
            }
        if (any)
            continue;
        Finding f = makeFinding(
            QStringLiteral("arch.no-compatible-code-object"), Severity::Error,
            QStringLiteral("The runtime found no code object for the device (line %1)")
                .arg(l.lineNumber),
            QStringLiteral("The log does not name the device; pass --target or a rocminfo dump "
                           "to see which target is missing."));
        f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message));
        f.fix << QStringLiteral("Rebuild with --offload-arch=<the device's gfx target>.");
        c.add(f);
    }
}

bool isHipRuntimeSymbol(const QString &s) {
    return s.startsWith(QLatin1String("__hipRegister")) ||
           s.startsWith(QLatin1String("__hipPushCallConfiguration")) ||
           s.startsWith(QLatin1String("__hipPopCallConfiguration")) ||
           s.startsWith(QLatin1String("__hipUnregister")) ||
           (s.startsWith(QLatin1String("hip")) && s.size() > 3 && s[3].isUpper());
}

// What to do about a library the loader or linker could not find.
// `other`: only another major version is installed (soname mismatch).
QStringList missingLibraryFixes(const QString &soname, const QStringList &others, bool other,
                                bool linkTime) {
    QStringList fix;
    if (other)
        fix << QStringLiteral("Install the ROCm release that provides %1, or rebuild the "
                              "failing module against the installed one (%2).")
                   .arg(soname, fileName(others.first()))
            << QStringLiteral("Do not symlink %1 to another major version: the ABI "
                              "differs.")
                   .arg(soname);
    else if (linkTime)
        fix << QStringLiteral("Add the library's directory with -L (e.g. -L/opt/rocm/lib) "
                              "or install its development package.");
    else if (soname.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive))
        fix << QStringLiteral("Install the HIP SDK release that provides %1 and put its bin "
                              "folder on PATH (Windows looks for DLLs there, next to the "
                              "module, and in the system folders).")
                   .arg(soname);
    else
        fix << QStringLiteral("Install the package providing %1, or add its directory to "
                              "LD_LIBRARY_PATH (export LD_LIBRARY_PATH=/opt/rocm/lib:$"
                              "LD_LIBRARY_PATH).")
                   .arg(soname);
    return fix;
}

void libraryRules(Context &c, const TextInput &t) {
    QSet<QString> done;
    for (const TextFacts::MissingLibrary &m : t.facts.missingLibraries) {
        if (done.contains(m.library))
            continue;
        done.insert(m.library);
        const QString soname = fileName(m.library);
        LoaderEnvironment env = LoaderEnvironment::fromProcess();
        if (!c.request.ldLibraryPath.isEmpty())
            env.ldLibraryPath = c.request.ldLibraryPath;
        const LibraryResolution here = resolveLibrary(soname, LoaderQuery{}, env);
        QStringList others = otherMajorVersions(soname, libraryDirs(c), env);
        others.removeAll(here.path);
        const bool other = !others.isEmpty() && !here.found();
        Finding f = makeFinding(
            other ? QStringLiteral("runtime.soname-mismatch")
                  : QStringLiteral("runtime.library-not-found"),
            here.found() ? Severity::Warning : Severity::Error,
            other ? QStringLiteral("%1 is not installed; only %2 is")
                        .arg(soname, fileName(others.first()))
                  : QStringLiteral("%1 could not be found%2")
                        .arg(soname, m.linkTime ? QStringLiteral(" at link time") : QString()),
            here.found()
                ? QStringLiteral("It resolves on this machine (%1), so the failing environment "
                                 "had another library path or install.")
                      .arg(here.path)
            : other ? QStringLiteral("The loader needs exactly %1; %2 is another major version "
                                     "(another ROCm release, another ABI). The binary was built "
                                     "for a different ROCm than the one installed.")
                          .arg(soname, others.join(QStringLiteral(", ")))
                    : QStringLiteral("No file named %1 is on the loader's search path%2.")
                          .arg(soname, m.requester.isEmpty()
                                           ? QString()
                                           : QStringLiteral(" (needed by %1)").arg(m.requester)));
        if (m.linkTime)
            f.layer = QStringLiteral("build");
        f.evidence.append(lineEvidence(t.path, m.line));
        for (const QString &o : others.mid(0, 4))
            f.evidence.append({o, QStringLiteral("installed"), fileName(o)});
        f.fix = missingLibraryFixes(soname, others, other, m.linkTime);
        c.add(f);
    }
}

// Link-time undefined symbols that say how the HIP build was linked, not what is missing.
bool isHipLinkFailure(const TextFacts::UndefinedSymbol &u) {
    return u.linkTime &&
           (u.symbol.startsWith(QLatin1String("__hip_fatbin")) || isHipRuntimeSymbol(u.symbol));
}

bool isDeviceLinkLine(const TextFacts &f, int lineNumber) {
    return std::any_of(f.deviceLinkUndefined.cbegin(), f.deviceLinkUndefined.cend(),
                       [&](const TextLine &l) { return l.number == lineNumber; });
}

// __hip_fatbin undefined: -fgpu-rdc without --hip-link; hip* undefined at link: no runtime.
void undefinedAtLinkRule(Context &c, const TextInput &t) {
    // lld found __hip_fatbin_ instead: the device object exists under another name (a stub of
    // another compiler release), not a missing device link.
    bool rdcReported = t.facts.fatbinNameMismatch, linkReported = false;
    for (const TextFacts::UndefinedSymbol &u : t.facts.undefinedSymbols) {
        if (!isHipLinkFailure(u))
            continue;
        if (u.linkTime && u.symbol.startsWith(QLatin1String("__hip_fatbin"))) {
            if (rdcReported)
                continue;
            rdcReported = true;
            Finding f = makeFinding(
                QStringLiteral("build.rdc-link"), Severity::Error,
                QStringLiteral("-fgpu-rdc objects were linked without --hip-link"),
                QStringLiteral("Objects compiled with -fgpu-rdc keep their device code as "
                               "bitcode; only a device link (--hip-link) creates %1. The host "
                               "linker leaves it undefined.")
                    .arg(u.symbol));
            f.evidence.append(lineEvidence(t.path, u.line));
            f.fix << QStringLiteral("Link with hipcc/clang and --hip-link -fgpu-rdc "
                                    "--offload-arch=<gfx...> (e.g. hipcc -fgpu-rdc --hip-link "
                                    "--offload-arch=gfx90a a.o b.o -o app).");
            c.add(f);
            continue;
        }
        if (u.linkTime && isHipRuntimeSymbol(u.symbol)) {
            if (linkReported)
                continue;
            linkReported = true;
            QStringList syms;
            for (const TextFacts::UndefinedSymbol &v : t.facts.undefinedSymbols)
                if (v.linkTime && isHipRuntimeSymbol(v.symbol) && !syms.contains(v.symbol))
                    syms.append(v.symbol);
            Finding f = makeFinding(
                QStringLiteral("build.runtime-not-on-link-line"), Severity::Error,
                QStringLiteral("The link misses the HIP runtime (undefined %1)").arg(u.symbol),
                QStringLiteral("Objects compiled by hipcc -c call the runtime (%1); a link with "
                               "g++/ld/clang++ does not add libamdhip64 on its own.")
                    .arg(syms.mid(0, 6).join(QStringLiteral(", "))));
            f.evidence.append(lineEvidence(t.path, u.line));
            f.fix << QStringLiteral("Add -lamdhip64 (and -L/opt/rocm/lib or the directory holding "
                                    "it) to the link line, or link with hipcc.");
            c.add(f);
            continue;
        }
    }
}

// A HIP entry point undefined at load time that the installed runtime does define: the module
// does not depend on libamdhip64 (runtime.not-linked), rather than needing a newer HIP.
bool reportNotLinked(Context &c, const TextInput &t, const TextFacts::UndefinedSymbol &u) {
    const QStringList libs = runtimeLibrariesFor(c.request.probeLibrary);
    const bool installedHasIt =
        !libs.isEmpty() &&
        runtimeReadsVariable(u.symbol, {libs.first()}).status == VariableReadCheck::Status::Read;
    if (!installedHasIt && !u.symbol.startsWith(QLatin1String("__hipRegister")))
        return false;
    Finding f = makeFinding(
        QStringLiteral("runtime.not-linked"), Severity::Error,
        QStringLiteral("%1 references the HIP runtime (%2) without depending on libamdhip64")
            .arg(u.file.isEmpty() ? QStringLiteral("The module") : fileName(u.file), u.symbol),
        QStringLiteral("%1 is defined by every libamdhip64%2, so the loader did not load the "
                       "runtime for this module: it was linked without -lamdhip64.")
            .arg(u.symbol,
                 installedHasIt
                     ? QStringLiteral(" (the installed %1 has it)").arg(fileName(libs.first()))
                     : QString()));
    f.evidence.append(lineEvidence(t.path, u.line));
    f.fix << QStringLiteral("Relink the module with -lamdhip64 (or with hipcc); check `readelf -d` "
                            "lists libamdhip64 as NEEDED.");
    c.add(f);
    return true;
}

void symbolTextRules(Context &c, const TextInput &t) {
    QSet<QString> done;
    for (const TextFacts::UndefinedSymbol &u : t.facts.undefinedSymbols) {
        if (done.contains(u.symbol))
            continue;
        done.insert(u.symbol);
        if (isHipLinkFailure(u) || isDeviceLinkLine(t.facts, u.line.number))
            continue; // text/undefined-at-link
        const bool hipAbi = isHipRuntimeSymbol(u.symbol);
        if (hipAbi && !u.linkTime && reportNotLinked(c, t, u))
            continue;
        Finding f = makeFinding(
            QStringLiteral("runtime.undefined-symbol"), Severity::Error,
            QStringLiteral("Undefined symbol %1%2")
                .arg(u.demangled,
                     u.file.isEmpty() ? QString() : QStringLiteral(" in %1").arg(fileName(u.file))),
            hipAbi ? QStringLiteral("%1 is a HIP runtime entry point the loaded libamdhip64 does "
                                    "not export: the module was built against a newer HIP (e.g. "
                                    "the R0600 suffix is ROCm 6's ABI) than the runtime it runs "
                                    "with.")
                         .arg(u.symbol)
                   : QStringLiteral("%1%2 is referenced but no loaded library defines it: the "
                                    "file defining it was not compiled or linked in, or it was "
                                    "declared with another signature or language linkage "
                                    "(extern \"C\" on one side only).")
                         .arg(u.demangled, u.demangled != u.symbol
                                               ? QStringLiteral(" (%1)").arg(u.symbol)
                                               : QString()));
        if (u.linkTime)
            f.layer = QStringLiteral("build");
        f.evidence.append(lineEvidence(t.path, u.line));
        if (u.demangled != u.symbol)
            f.evidence.append({t.path, QStringLiteral("demangled"), u.demangled});
        if (hipAbi)
            f.fix << QStringLiteral("Rebuild the module against the ROCm release installed here, "
                                    "or run it with the release it was built for.");
        else
            f.fix << QStringLiteral("Make sure the source defining %1 is part of the build "
                                    "(listed in sources=[...] / the link line) and that "
                                    "declaration and definition agree on the signature and "
                                    "extern \"C\".")
                         .arg(u.demangled)
                  << QStringLiteral("Check with `nm -D --defined-only` on the libraries which one "
                                    "should define %1.")
                         .arg(u.symbol);
        c.add(f);
    }
}

// Ids with a rule of their own that reads more than the error name.
bool hasOwnRule(const QString &id) {
    return id == QLatin1String("runtime.no-device") ||
           id == QLatin1String("runtime.out-of-memory") ||
           id == QLatin1String("runtime.memory-fault") || id == QLatin1String("runtime.hang");
}

// Every runtime error a text names (a message, a name, an AMD log "Returned" line), read
// through the one runtime-error table (common/runtime_errors.h).
void runtimeErrorRule(Context &c, const TextInput &t) {
    const bool hasListing = t.amdLog && !t.amdLog->noBinary.isEmpty();
    QSet<const RuntimeErrorMeaning *> done;
    auto handle = [&](const QString &name, int lineNumber, const QString &lineText) {
        const RuntimeErrorMeaning *m = runtimeErrorMeaningByName(name);
        if (!m || done.contains(m))
            return;
        done.insert(m);
        const QStringList ids = findingIdsOf(*m);
        if (ids.isEmpty() || hasOwnRule(ids.first()) || (m->code == 209 && hasListing))
            return;
        QString detail = QString::fromUtf8(m->explanation);
        QString fix = QString::fromUtf8(m->fix);
        if (m->code == 209 && !c.devices.isEmpty()) {
            const QString dev = c.devices.first().target.processor;
            detail += QStringLiteral(" The device is %1.").arg(c.devices.first().target.toString());
            fix =
                QStringLiteral("Rebuild with --offload-arch=%1, or install a build of the library "
                               "that lists %1.")
                    .arg(dev);
        } else if (m->code == 209) {
            detail += QStringLiteral(" Run with AMD_LOG_LEVEL=1 to get the runtime's Devices / "
                                     "Bundled Code Objects listing.");
        }
        Finding f =
            makeFinding(ids.first(), m->severity,
                        QStringLiteral("%1 (%2)").arg(QString::fromUtf8(m->title), name), detail);
        f.evidence.append(lineEvidence(t.path, lineNumber, lineText));
        f.fix << fix;
        c.add(f);
    };
    for (const TextFacts::RuntimeError &e : t.facts.runtimeErrors)
        handle(e.errorName, e.line.number, e.line.text);
    if (t.amdLog)
        for (const AmdLogLine &l : t.amdLog->lines)
            if (!l.returnedError.isEmpty() && l.returnedError != QLatin1String("hipSuccess"))
                handle(l.returnedError, l.lineNumber, l.message.trimmed());
}

void logLaunchBlockRule(Context &c, const TextInput &t) {
    if (!t.amdLog)
        return;
    // Launches logged with their block size, for kernels the inputs describe.
    {
        for (const AmdLogLine &l : t.amdLog->lines) {
            if (l.apiName != QLatin1String("hipModuleLaunchKernel") || l.apiArgs.isEmpty())
                continue;
            const QStringList a = l.apiArgs.split(QLatin1Char(','));
            if (a.size() < 7)
                continue;
            bool ok1 = false, ok2 = false, ok3 = false;
            const int bx = a[4].trimmed().toInt(&ok1), by = a[5].trimmed().toInt(&ok2),
                      bz = a[6].trimmed().toInt(&ok3);
            if (!ok1 || !ok2 || !ok3)
                continue;
            const qint64 threads = qint64(bx) * by * bz;
            const int limit = c.devices.isEmpty() || c.devices.first().maxThreadsPerBlock <= 0
                                  ? 1024
                                  : c.devices.first().maxThreadsPerBlock;
            if (threads <= limit)
                continue;
            Finding f = makeFinding(QStringLiteral("launch.block-too-large"), Severity::Error,
                                    QStringLiteral("A launch uses %1 threads per block; the limit "
                                                   "is %2")
                                        .arg(threads)
                                        .arg(limit),
                                    QStringLiteral("Block %1x%2x%3 is over the device's maximum "
                                                   "workgroup size.")
                                        .arg(bx)
                                        .arg(by)
                                        .arg(bz));
            f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message.trimmed()));
            f.fix << QStringLiteral("Use at most %1 threads per block.").arg(limit);
            c.add(f);
            break;
        }
    }
}

void logMissingFunctionRule(Context &c, const TextInput &t) {
    // The runtime asked for names nobody could check (no artifact given).
    bool haveCode = false;
    for (const ArtifactReport &r : std::as_const(c.artifacts))
        haveCode =
            haveCode || !r.codeObjects.isEmpty() || (r.host && !r.host->hostFunctions.isEmpty());
    if (!haveCode && t.amdLog) {
        for (const QString &name : t.amdLog->missingFunctions) {
            int line = 0;
            QString text;
            for (const AmdLogLine &l : t.amdLog->lines)
                if (l.message.contains(QLatin1String("Cannot find the function")) &&
                    l.message.contains(name)) {
                    line = l.lineNumber;
                    text = l.message.trimmed();
                    break;
                }
            Finding f = makeFinding(
                QStringLiteral("symbol.kernel-not-found"), Severity::Warning,
                QStringLiteral("The runtime could not find the function %1").arg(name),
                QStringLiteral("The log shows the lookup failing; without the code object it "
                               "cannot say whether %1 is C++-mangled (missing extern \"C\"), "
                               "internal, a non-kernel function or absent.")
                    .arg(name));
            f.evidence.append(lineEvidence(t.path, line, text));
            f.fix << QStringLiteral("Run `hipdoctor-cli diagnose CODE_OBJECT --kernel %1` on the "
                                    "file the program loads.")
                         .arg(name);
            c.add(f);
        }
    }
}

// The text or --env says HIP builds for NVIDIA (hipcc then drives nvcc).
bool hipOnNvidia(const Context &c) {
    for (const auto &[name, value] : c.request.env)
        if (name == QLatin1String("HIP_PLATFORM") &&
            (value == QLatin1String("nvidia") || value == QLatin1String("nvcc")))
            return true;
    return false;
}

bool hasHipccCommand(const TextFacts &f) {
    return std::any_of(f.commands.cbegin(), f.commands.cend(), [](const CommandLine &cmd) {
        return cmd.tool.startsWith(QLatin1String("hipcc"));
    });
}

// ---- device and driver state ----------------------------------------------------------------

bool textMentions(const TextInput &t, const QString &what) {
    for (const TextLine &l : t.facts.noDevice)
        if (l.text.contains(what, Qt::CaseInsensitive))
            return true;
    return false;
}

// The runtime loads but sees no GPU: the fixes for the common causes, the one the text shows
// first.
void noDeviceTextRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (tf.noDevice.isEmpty())
        return;
    const TextLine &first = tf.noDevice.first();
    Finding f = makeFinding(
        QStringLiteral("runtime.no-device"), Severity::Error,
        QStringLiteral("The runtime sees no GPU"),
        QStringLiteral("The HIP/CUDA runtime loaded but found no usable GPU (%1). Every load or "
                       "launch fails after this, whatever the code object.")
            .arg(first.text));
    for (const TextLine &l : tf.noDevice.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    if (textMentions(t, QStringLiteral("Permission denied")) ||
        textMentions(t, QStringLiteral("/dev/kfd")))
        f.fix << QStringLiteral("Give the user access to /dev/kfd and /dev/dri/renderD*: sudo "
                                "usermod -aG video,render $USER, then log in again.");
    if (textMentions(t, QStringLiteral("invalid device ordinal")) ||
        textMentions(t, QStringLiteral("hipErrorInvalidDevice")))
        f.fix << QStringLiteral("The program selected a device index the runtime does not have: "
                                "list the GPUs it sees (rocminfo, hipdoctor-cli devices) and "
                                "select one of them.");
    f.fix << QStringLiteral("Check that the amdgpu driver is loaded and /dev/kfd and "
                            "/dev/dri/renderD* exist and are accessible (user in the 'render' and "
                            "'video' groups; in containers pass --device=/dev/kfd "
                            "--device=/dev/dri).")
          << QStringLiteral("Check that HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / "
                            "CUDA_VISIBLE_DEVICES do not hide every GPU; `rocminfo` must list a "
                            "GPU agent.")
          << QStringLiteral("On an NVIDIA machine, HIP needs HIP_PLATFORM=nvidia (a build for "
                            "HIP_PLATFORM=amd finds no AMD GPU there), and the reverse.");
    c.add(f);
}

// rocBLAS / Tensile, MIOpen, hipBLASLt ship kernels per GPU architecture; a missing file for the
// device's arch is a code object missing for the device.
void libraryArchRule(Context &c, const TextInput &t) {
    QSet<QString> done;
    for (const TextFacts::LibraryArchMissing &m : t.facts.libraryArchMissing) {
        if (done.contains(m.library + m.arch))
            continue;
        done.insert(m.library + m.arch);
        Finding f = makeFinding(
            QStringLiteral("arch.no-compatible-code-object"), Severity::Error,
            QStringLiteral("%1 has no kernels for %2").arg(m.library, m.arch),
            QStringLiteral("%1 ships its GPU kernels as one library file per architecture; the "
                           "installed build has none for %2, so it fails at run time although "
                           "the program built and loaded fine.")
                .arg(m.library, m.arch));
        f.evidence.append(lineEvidence(t.path, m.line));
        f.fix << QStringLiteral("Install or build %1 with %2 in its target list (e.g. "
                                "-DAMDGPU_TARGETS=%2 / GPU_TARGETS=%2), or use a ROCm release "
                                "that supports %2.")
                     .arg(m.library, m.arch);
        if (const QString o = compatibleOverride(m.arch); !o.isEmpty())
            f.fix << QStringLiteral("Unsupported workaround: HSA_OVERRIDE_GFX_VERSION=%1 makes "
                                    "the GPU report %2, whose kernels run on %3 because both "
                                    "have the same instruction set. The risk: an untested "
                                    "combination that can crash or compute wrong results.")
                         .arg(o, overrideProcessor(o), m.arch);
        c.add(f);
    }
}

// Out of memory, memory faults and hangs happen after the code loaded: say so, so nobody
// looks for a load failure.
void lookAlikeRule(Context &c, const TextInput &t) {
    struct Kind {
        const QList<TextLine> *lines;
        const char *id;
        const char *title;
        const char *detail;
        const char *fix;
    };
    const Kind kinds[] = {
        {&t.facts.outOfMemory, "runtime.out-of-memory", "The GPU ran out of memory",
         "The kernels and the runtime loaded; an allocation failed. This is not a load failure.",
         "Reduce the batch or problem size, free cached memory (PYTORCH_HIP_ALLOC_CONF / "
         "PYTORCH_CUDA_ALLOC_CONF), or use a GPU with more memory."},
        {&t.facts.memoryFaults, "runtime.memory-fault", "A kernel faulted on GPU memory",
         "The kernel loaded and ran, then accessed memory it may not (page fault / illegal "
         "address). This is not a load failure.",
         "Run with HIP_LAUNCH_BLOCKING=1 (CUDA_LAUNCH_BLOCKING=1) to find the faulting launch; "
         "check indexing and buffer sizes; AMD_SERIALIZE_KERNEL=3 serializes launches."},
        {&t.facts.hangs, "runtime.hang", "The GPU hung or a launch timed out",
         "The code loaded and ran but did not finish (a hang, a deadlock or a watchdog). This is "
         "not a load failure.",
         "Find the kernel with HIP_LAUNCH_BLOCKING=1; check loops and barriers; dmesg shows "
         "amdgpu resets."},
    };
    for (const Kind &k : kinds) {
        if (k.lines->isEmpty())
            continue;
        Finding f = makeFinding(QString::fromLatin1(k.id), Severity::Warning,
                                QString::fromLatin1(k.title), QString::fromLatin1(k.detail));
        for (const TextLine &l : k.lines->mid(0, 3))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << QString::fromLatin1(k.fix);
        c.add(f);
    }
}

// HSA_STATUS_ERROR_INVALID_ISA: the runtime was told (usually by an override) to use an ISA
// the GPU or the code objects do not have.
void invalidIsaRule(Context &c, const TextInput &t) {
    if (t.facts.invalidIsa.isEmpty())
        return;
    QStringList overrides = t.facts.hsaOverrides;
    for (const auto &[name, value] : c.request.env)
        if (name.startsWith(QLatin1String("HSA_OVERRIDE_GFX_VERSION")) &&
            !overrides.contains(value))
            overrides << value;
    Finding f = makeFinding(
        QStringLiteral("env.hsa-override"),
        overrides.isEmpty() ? Severity::Warning : Severity::Error,
        overrides.isEmpty()
            ? QStringLiteral("The runtime rejected the GPU's ISA (HSA_STATUS_ERROR_INVALID_ISA)")
            : QStringLiteral("HSA_OVERRIDE_GFX_VERSION=%1 names an ISA the runtime rejects")
                  .arg(overrides.first()),
        QStringLiteral("HSA_STATUS_ERROR_INVALID_ISA means the runtime was asked to use an "
                       "instruction set it cannot use on this GPU: usually an "
                       "HSA_OVERRIDE_GFX_VERSION naming a processor of another family, or one "
                       "this runtime does not know."));
    for (const TextLine &l : t.facts.invalidIsa.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    for (const QString &o : overrides)
        f.evidence.append({t.path, QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), o});
    f.fix << QStringLiteral("Unset HSA_OVERRIDE_GFX_VERSION, or set it only to a processor of "
                            "the GPU's own family (10.3.0 for gfx103x, 11.0.0 for gfx110x).")
          << QStringLiteral("Better: use a build (PyTorch wheel, ROCm libraries) that lists the "
                            "GPU's real target.");
    c.add(f);
}

// ---- build output -------------------------------------------------------------------------

// Device code calling a function of another translation unit without -fgpu-rdc: each file's
// device code is linked alone, and lld cannot find the other file's function.
void deviceLinkRule(Context &c, const TextInput &t) {
    // __ockl_* and friends come from the device libraries, not from another file.
    if (t.facts.deviceLinkUndefined.isEmpty() ||
        t.facts.deviceLinkUndefined.size() <= t.facts.deviceLibsUnlinked.size())
        return;
    Finding f = makeFinding(
        QStringLiteral("build.rdc-link"), Severity::Error,
        QStringLiteral("Device code calls a function of another file, built without -fgpu-rdc"),
        QStringLiteral("Without relocatable device code every translation unit's device code is "
                       "linked on its own (amdgcn-link / lld), so a __device__ function defined "
                       "in another file stays undefined."));
    for (const TextLine &l : t.facts.deviceLinkUndefined.mid(0, 4))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << QStringLiteral("Compile every file with -fgpu-rdc and link with hipcc -fgpu-rdc "
                            "--hip-link --offload-arch=<gfx...> (CMake: set "
                            "HIP_SEPARABLE_COMPILATION / CUDA_SEPARABLE_COMPILATION ON).")
          << QStringLiteral("Or define the __device__ function in a header (inline) so every "
                            "file has its own copy.");
    c.add(f);
}

// HIP flags or HIP code given to a host compiler (g++/gcc/cl) or to nvcc.
void wrongCompilerRule(Context &c, const TextInput &t) {
    QList<TextLine> lines = t.facts.wrongCompiler;
    // HIP built-ins unknown with no hipcc in sight: a host compiler got the HIP source.
    if (!hasHipccCommand(t.facts))
        lines += t.facts.hipBuiltinsUnknown;
    static const QStringList hipFlags{QStringLiteral("--offload-arch"), QStringLiteral("-fgpu-rdc"),
                                      QStringLiteral("--hip-link"), QStringLiteral("--rocm-path")};
    for (const CommandLine &cmd : t.facts.commands) {
        const bool host = cmd.tool == QLatin1String("g++") || cmd.tool == QLatin1String("gcc") ||
                          cmd.tool == QLatin1String("c++") || cmd.tool == QLatin1String("cc");
        const bool hipFlag = std::any_of(hipFlags.cbegin(), hipFlags.cend(),
                                         [&](const QString &fl) { return cmd.has(fl); }) ||
                             (cmd.value(QStringLiteral("-x")) == QLatin1String("hip"));
        if (host && hipFlag && !cmd.fromVerbose)
            lines.append({cmd.lineNumber, cmd.raw});
    }
    if (lines.isEmpty())
        return;
    Finding f = makeFinding(
        QStringLiteral("build.wrong-compiler"), Severity::Error,
        QStringLiteral("HIP code or HIP flags went to a compiler that is not HIP's"),
        QStringLiteral("Only hipcc / amdclang++ (clang with -x hip) compile HIP: g++ and gcc do "
                       "not know --offload-arch, -fgpu-rdc or __global__, and nvcc does not "
                       "take clang's offload flags."));
    for (const TextLine &l : lines.mid(0, 4))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << QStringLiteral("Compile the HIP sources with hipcc (or CMake: "
                            "enable_language(HIP) with the files marked LANGUAGE HIP, or "
                            "CMAKE_CXX_COMPILER=hipcc / amdclang++).")
          << QStringLiteral("Keep HIP-only flags off the host compiler's command lines.");
    c.add(f);
}

// .cu files compiled as CUDA by clang (no -x hip), or .hip files handed to nvcc without -x cu.
void sourceLanguageRule(Context &c, const TextInput &t) {
    QList<TextLine> lines = t.facts.sourceLanguage;
    // hipcc itself compiled the file, yet HIP's built-ins are unknown: it was compiled as C
    // (a .c file), or as host C++ on the NVIDIA platform (no -x cu).
    if (hasHipccCommand(t.facts))
        lines += t.facts.hipBuiltinsUnknown;
    if (lines.isEmpty())
        return;
    const bool nvcc =
        hipOnNvidia(c) || std::any_of(lines.cbegin(), lines.cend(), [](const TextLine &l) {
            return l.text.contains(QLatin1String("nvcc"));
        });
    Finding f = makeFinding(
        QStringLiteral("build.source-language"), Severity::Error,
        nvcc ? QStringLiteral("The HIP source was not compiled as CUDA by nvcc")
             : QStringLiteral("The source was compiled in another language than HIP"),
        nvcc ? QStringLiteral("On the NVIDIA platform hipcc calls nvcc, which compiles only .cu "
                              "files (or -x cu) as CUDA; a .hip or .cpp file is left to the host "
                              "compiler, which knows no threadIdx or __global__.")
             : QStringLiteral("The compiler picks the language from the file name: a .c file "
                              "is C and a .cu file is CUDA for clang, so HIP's built-ins are "
                              "unknown or a CUDA installation is looked for. HIP needs -x hip "
                              "(or a .hip / .cpp file given to hipcc)."));
    for (const TextLine &l : lines.mid(0, 4))
        f.evidence.append(lineEvidence(t.path, l));
    if (nvcc)
        f.fix << QStringLiteral("Pass -x cu before the .hip files (hipcc -x cu x.hip), or rename "
                                "them .cu for the NVIDIA build.");
    else
        f.fix << QStringLiteral("Add -x hip before the .cu files (clang++ -x hip x.cu "
                                "--offload-arch=gfx...), or compile with hipcc; in CMake mark the "
                                "files LANGUAGE HIP.");
    c.add(f);
}

// Device-library functions (__ockl_*, __ocml_*) undefined at the device link: the ROCm device
// libraries were left out (-nogpulib / -nocudalib, hipRTC options) or not found.
void deviceLibsUnlinkedRule(Context &c, const TextInput &t) {
    if (t.facts.deviceLibsUnlinked.isEmpty() || !t.facts.deviceLibsMissing.isEmpty())
        return;
    Finding f = makeFinding(
        QStringLiteral("build.device-libs-missing"), Severity::Error,
        QStringLiteral("The device link misses the ROCm device libraries"),
        QStringLiteral("Functions of the device libraries (ockl, ocml, oclc) stayed undefined: "
                       "the libraries were not linked into the code object — an option such "
                       "as -nogpulib / -nocudalib (also through hipRTC), or a device-library "
                       "path that does not hold them."));
    for (const TextLine &l : t.facts.deviceLibsUnlinked.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << QStringLiteral("Drop -nogpulib / -nocudalib from the compile (or hipRTC) options, or "
                            "give --rocm-device-lib-path=<dir with ockl.bc>.");
    c.add(f);
}

// HSA_STATUS_ERROR_INVALID_CODE_OBJECT: the loader rejected the code object's format, usually a
// code object version the runtime does not load (v6 before ROCm 6.3).
void invalidCodeObjectRule(Context &c, const TextInput &t) {
    if (t.facts.invalidCodeObject.isEmpty())
        return;
    Finding f = makeFinding(
        QStringLiteral("cov.unsupported-version"), Severity::Warning,
        QStringLiteral(
            "The runtime rejected the code object (HSA_STATUS_ERROR_INVALID_CODE_OBJECT)"),
        QStringLiteral("The HSA loader could not load the code object's format: most often a code "
                       "object version the runtime does not know (v6 needs ROCm 6.3), else a "
                       "damaged file. `hipdoctor-cli inspect FILE` shows the version."));
    for (const TextLine &l : t.facts.invalidCodeObject.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << QStringLiteral("Build with -mcode-object-version=N for the runtime (5 for ROCm "
                            "before 6.3), on every step that emits device code (for offload "
                            "links too: -Xoffload-linker --amdhsa-code-object-version=N).");
    c.add(f);
}

// A framework's own check says its build has no kernels for the GPU (PyTorch's warning).
void frameworkArchRule(Context &c, const TextInput &t) {
    if (t.facts.frameworkArchUnsupported.isEmpty())
        return;
    const TextLine &l = t.facts.frameworkArchUnsupported.first();
    const QString dev = t.facts.deviceTargets.isEmpty() ? QString() : t.facts.deviceTargets.first();
    Finding f = makeFinding(
        QStringLiteral("arch.no-compatible-code-object"), Severity::Error,
        QStringLiteral("The framework's build has no kernels for the GPU%1")
            .arg(dev.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(dev)),
        QStringLiteral("The framework itself checked the GPU against the architectures it was "
                       "built for, and the GPU is not among them: its kernels will fail to "
                       "launch (no kernel image / invalid device function)."));
    f.evidence.append(lineEvidence(t.path, l));
    f.fix << QStringLiteral("Install a build of the framework that lists %1 (for PyTorch: the "
                            "wheel for a newer CUDA / ROCm release, or a nightly), or build it "
                            "from source for that architecture.")
                 .arg(dev.isEmpty() ? QStringLiteral("the GPU's architecture") : dev);
    c.add(f);
}

// A Triton compile that failed in a text alone (no cache given): the stage from the traceback
// or from the tool that failed (ptxas: the .cubin stage).
void tritonTextRule(Context &c, const TextInput &t) {
    if (!c.caches.isEmpty() || (!t.tritonStage && t.facts.tritonErrors.isEmpty()))
        return;
    QString stage = t.tritonStage ? t.tritonStage->stage : QString();
    const TextLine first = t.facts.tritonErrors.isEmpty()
                               ? TextLine{t.tritonStage->errorLineNumber, t.tritonStage->errorLine}
                               : t.facts.tritonErrors.first();
    if (stage.isEmpty() && first.text.contains(QLatin1String("ptxas"), Qt::CaseInsensitive))
        stage = QStringLiteral("cubin");
    Finding f = makeFinding(
        QStringLiteral("triton.stage-failed"), Severity::Error,
        QStringLiteral("Triton failed while compiling a kernel%1")
            .arg(stage.isEmpty() ? QString() : QStringLiteral(" (stage .%1)").arg(stage)),
        QStringLiteral("The kernel never reached the GPU: Triton's compile pipeline stopped. "
                       "This is the compile layer, not a load failure."));
    f.evidence.append(lineEvidence(t.path, first));
    for (const TextLine &l : t.facts.tritonErrors.mid(1, 3))
        f.evidence.append(lineEvidence(t.path, l));
    if (stage == QLatin1String("cubin"))
        f.fix << QStringLiteral("ptxas does not know the GPU's target: point TRITON_PTXAS_PATH at "
                                "the ptxas of a CUDA release that supports it, or update Triton.");
    f.fix << QStringLiteral("Reproduce with TRITON_ALWAYS_COMPILE=1 and an empty TRITON_CACHE_DIR, "
                            "then give the cache folder to `hipdoctor-cli diagnose` for the "
                            "stage-by-stage view.");
    c.add(f);
}

// Two ROCm releases in one failing load: paths of both, or a library named for one release
// that is missing (the framework was built for another ROCm than the one installed).
void mixedRocmRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    const bool loadFailed = std::any_of(tf.undefinedSymbols.cbegin(), tf.undefinedSymbols.cend(),
                                        [](const auto &u) { return !u.linkTime; }) ||
                            std::any_of(tf.missingLibraries.cbegin(), tf.missingLibraries.cend(),
                                        [](const auto &m) { return !m.linkTime; }) ||
                            tf.hasLayer(TextLayer::Loader);
    if (!loadFailed)
        return;
    const TextLine named = tf.releaseNamedLibraries.value(0);
    if (tf.rocmVersions.size() < 2 && named.text.isEmpty())
        return;
    const bool two = tf.rocmVersions.size() >= 2;
    Finding f = makeFinding(
        QStringLiteral("runtime.mixed-installs"), two ? Severity::Error : Severity::Warning,
        two ? QStringLiteral("The failing load mixes ROCm %1")
                  .arg(tf.rocmVersions.join(QStringLiteral(" and ")))
            : QStringLiteral("A library built for ROCm %1 is looked for")
                  .arg(tf.rocmVersions.value(0)),
        two ? QStringLiteral("Files of more than one ROCm release take part in the same load; "
                             "their ABIs differ, so symbols one expects are missing from the "
                             "other.")
            : QStringLiteral("The program looks for a library named after one ROCm release: the "
                             "framework (e.g. torch.version.hip) and the ROCm it runs with are "
                             "different releases."));
    if (!named.text.isEmpty())
        f.evidence.append(lineEvidence(t.path, named));
    for (const TextLine &l : tf.layerErrors[size_t(TextLayer::Loader)].mid(0, 2))
        if (l.number != named.number)
            f.evidence.append(lineEvidence(t.path, l));
    f.fix << QStringLiteral("Use one ROCm release for the whole process: remove stale packages "
                            "(pip list | grep -i -e rocm -e amdsmi), point LD_LIBRARY_PATH at one "
                            "/opt/rocm-X.Y, and build extensions against the ROCm the framework "
                            "was built for.");
    c.add(f);
}

// HSA_OVERRIDE_GFX_VERSION on Windows: the HIP SDK has no HSA layer and ignores it.
void windowsOverrideRule(Context &c, const TextInput &t) {
    if (!t.facts.windows)
        return;
    QString value;
    for (const auto &[name, v] : c.request.env)
        if (name.startsWith(QLatin1String("HSA_OVERRIDE_GFX_VERSION")))
            value = v;
    if (value.isEmpty())
        return;
    Finding f = makeFinding(
        QStringLiteral("env.hsa-override"), Severity::Warning,
        QStringLiteral("HSA_OVERRIDE_GFX_VERSION=%1 has no effect on Windows").arg(value),
        QStringLiteral("The override is read by the Linux HSA runtime (ROCr); the Windows HIP "
                       "runtime has no HSA layer, so the GPU keeps its real target and code "
                       "built only for others still does not load."));
    f.evidence.append({QStringLiteral("env"), QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), value});
    f.fix << QStringLiteral("On Windows use a build that includes the GPU's own target.");
    c.add(f);
}

bool isCompileDriver(const CommandLine &cmd) {
    return cmd.tool.startsWith(QLatin1String("hipcc")) ||
           cmd.tool.startsWith(QLatin1String("clang")) ||
           cmd.tool.startsWith(QLatin1String("amdclang"));
}

bool isLinkOnly(const CommandLine &cmd) {
    if (cmd.compilesOnly() || cmd.isCc1)
        return false;
    for (const QString &a : cmd.args)
        if (!a.startsWith(QLatin1Char('-')) &&
            (a.endsWith(QLatin1String(".hip")) || a.endsWith(QLatin1String(".cu")) ||
             a.endsWith(QLatin1String(".cpp")) || a.endsWith(QLatin1String(".cc")) ||
             a.endsWith(QLatin1String(".c"))))
            return false;
    return std::any_of(cmd.args.cbegin(), cmd.args.cend(), [](const QString &a) {
        return !a.startsWith(QLatin1Char('-')) &&
               (a.endsWith(QLatin1String(".o")) || a.endsWith(QLatin1String(".a")));
    });
}

// The -target-cpu of `-###` cc1 jobs for amdgcn: what clang built device code for.
QStringList cc1AmdgcnTargets(const TextFacts &tf) {
    QStringList defaults;
    for (const CommandLine &cmd : tf.commands) {
        if (!cmd.isCc1)
            continue;
        const QString triple = cmd.value(QStringLiteral("-triple"));
        const QString cpu = cmd.value(QStringLiteral("-target-cpu"));
        if (triple.startsWith(QLatin1String("amdgcn")) && !cpu.isEmpty() && !defaults.contains(cpu))
            defaults.append(cpu);
    }
    return defaults;
}

// clang's replacement for one nvcc-only option.
QString nvccFlagReplacement(const QString &fl) {
    QString repl;
    if (fl.contains(QLatin1String("lambda")))
        repl = QStringLiteral("remove it (clang supports extended __device__ lambdas by default)");
    else if (fl.contains(QLatin1String("relaxed-constexpr")))
        repl = QStringLiteral("remove it (clang allows constexpr host functions in device code)");
    else if (fl.startsWith(QLatin1String("-gencode")) || fl.startsWith(QLatin1String("-arch")) ||
             fl.startsWith(QLatin1String("--gpu-architecture")) ||
             fl.startsWith(QLatin1String("-code")) ||
             fl.startsWith(QLatin1String("--generate-code")))
        repl = QStringLiteral("use --offload-arch=<gfx...> for each AMD GPU instead");
    else if (fl.startsWith(QLatin1String("-Xcompiler")) ||
             fl.startsWith(QLatin1String("--compiler-options")))
        repl = QStringLiteral("pass the host option directly (clang compiles host and device)");
    else if (fl.contains(QLatin1String("fast_math")))
        repl = QStringLiteral("use -ffast-math");
    else if (fl.startsWith(QLatin1String("-rdc")) ||
             fl.startsWith(QLatin1String("--relocatable-device-code")) ||
             fl == QLatin1String("-dc") || fl == QLatin1String("--device-c"))
        repl = QStringLiteral("use -fgpu-rdc (and --hip-link when linking)");
    else if (fl == QLatin1String("-lineinfo") || fl == QLatin1String("--generate-line-info"))
        repl = QStringLiteral("use -g (or -gline-tables-only)");
    else if (fl.startsWith(QLatin1String("-Xptxas")) ||
             fl.startsWith(QLatin1String("--ptxas-options")) ||
             fl.startsWith(QLatin1String("-maxrregcount")) ||
             fl.startsWith(QLatin1String("--maxrregcount")))
        repl = QStringLiteral("remove it (use __launch_bounds__ to limit registers)");
    else
        repl = QStringLiteral("remove it or find the clang equivalent");
    return repl;
}

void nvccFlagRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (hipOnNvidia(c))
        return; // hipcc hands them to nvcc, which takes them
    // nvcc-only flags: on hipcc/clang command lines and in clang's complaints.
    QStringList flags;
    QList<Evidence> flagEvidence;
    for (const CommandLine &cmd : tf.commands) {
        if (!isCompileDriver(cmd) || cmd.isCc1)
            continue;
        const QStringList nv = nvccOnlyFlags(cmd.args);
        for (const QString &fl : nv)
            if (!flags.contains(fl))
                flags.append(fl);
        if (!nv.isEmpty())
            flagEvidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
    }
    for (const TextFacts::UnsupportedFlag &u : tf.unsupportedFlags) {
        const QStringList nv = nvccOnlyFlags({u.flag});
        const bool nvccish = !nv.isEmpty() || u.flag.startsWith(QLatin1String("--expt")) ||
                             u.flag.contains(QLatin1String("lambda")) ||
                             u.flag.startsWith(QLatin1String("-gencode")) ||
                             u.flag.contains(QLatin1String("sm_")) ||
                             u.flag.startsWith(QLatin1String("-X"));
        if (!nvccish)
            continue;
        const bool known = std::any_of(flags.cbegin(), flags.cend(), [&](const QString &f) {
            return f == u.flag || f.startsWith(u.flag + QLatin1Char(' '));
        });
        if (!known)
            flags.append(u.flag);
        flagEvidence.append(lineEvidence(t.path, u.line));
    }
    if (!flags.isEmpty()) {
        Finding f = makeFinding(
            QStringLiteral("build.nvcc-flags"), Severity::Error,
            QStringLiteral("nvcc-only options given to hipcc/clang: %1")
                .arg(flags.join(QStringLiteral(", "))),
            QStringLiteral("hipcc passes its options to clang, which does not know nvcc's (%1 "
                           "option(s)); they fail the build or are silently dropped.")
                .arg(flags.size()));
        f.evidence = flagEvidence.mid(0, 10);
        for (const QString &fl : flags)
            f.fix << QStringLiteral("%1: %2").arg(fl, nvccFlagReplacement(fl));
        f.fix << QStringLiteral("Keep CUDA-only flags behind a HIP_PLATFORM=nvidia / CUDA branch "
                                "of the build.");
        c.add(f);
    }
}

void noOffloadArchRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    const QStringList defaults = cc1AmdgcnTargets(tf);
    for (const CommandLine &cmd : tf.commands) {
        if (!isCompileDriver(cmd) || cmd.isCc1 || !cmd.hasHipSource())
            continue;
        if (!cmd.offloadArchs().isEmpty() || cmd.has(QStringLiteral("--cuda-host-only")) ||
            cmd.has(QStringLiteral("--offload-host-only")) || cmd.has(QStringLiteral("-E")))
            continue;
        // hipcc -v's own echo of a user command also shows as hipcc-cmd with the arch added
        Finding f = makeFinding(
            QStringLiteral("build.no-offload-arch"), Severity::Error,
            QStringLiteral("HIP compile without --offload-arch (line %1)").arg(cmd.lineNumber),
            QStringLiteral(
                "Without --offload-arch, hipcc builds for the GPUs rocm_agent_enumerator "
                "finds on the build host, and clang's default (%1) when there are "
                "none: the binary then carries no code object for the real GPU.")
                .arg(defaults.isEmpty() ? QStringLiteral("gfx803 with clang ≤ 16, gfx906 later")
                                        : defaults.join(QStringLiteral(", "))));
        f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
        f.fix << QStringLiteral("Add --offload-arch=<gfx...> for every GPU you run on (e.g. "
                                "--offload-arch=gfx90a --offload-arch=gfx1100); `rocminfo | grep "
                                "gfx` on the GPU machine names it.");
        c.add(f);
        break;
    }
}

void defaultTargetTextRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    const QStringList defaults = cc1AmdgcnTargets(tf);
    if (!defaults.isEmpty()) {
        bool onlyDefault = std::all_of(defaults.cbegin(), defaults.cend(), [](const QString &d) {
            return d == QLatin1String("gfx803") || d == QLatin1String("gfx906") ||
                   d == QLatin1String("gfx000");
        });
        bool userGaveArch = false;
        for (const CommandLine &cmd : tf.commands)
            if (!cmd.isCc1 && !cmd.offloadArchs().isEmpty())
                userGaveArch = true;
        if (onlyDefault && !userGaveArch) {
            Finding f = makeFinding(
                QStringLiteral("arch.default-target"), Severity::Warning,
                QStringLiteral("The compile built device code only for %1")
                    .arg(defaults.join(QStringLiteral(", "))),
                QStringLiteral("The compiler jobs (-###) target only %1, clang's default when no "
                               "--offload-arch is given and no GPU was found.")
                    .arg(defaults.join(QStringLiteral(", "))));
            for (const CommandLine &cmd : tf.commands)
                if (cmd.isCc1 &&
                    cmd.value(QStringLiteral("-triple")).startsWith(QLatin1String("amdgcn"))) {
                    f.evidence.append(
                        lineEvidence(t.path, cmd.lineNumber,
                                     QStringLiteral("-triple %1 -target-cpu %2")
                                         .arg(cmd.value(QStringLiteral("-triple")),
                                              cmd.value(QStringLiteral("-target-cpu")))));
                    break;
                }
            f.fix << QStringLiteral("Pass --offload-arch=<gfx...> explicitly.");
            c.add(f);
        }
    }
}

void rdcLinkLineRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    // -fgpu-rdc without --hip-link on a link line.
    bool rdcUsed = false;
    for (const CommandLine &cmd : tf.commands)
        if (cmd.has(QStringLiteral("-fgpu-rdc")))
            rdcUsed = true;
    if (rdcUsed) {
        for (const CommandLine &cmd : tf.commands) {
            if (cmd.isCc1 || !isLinkOnly(cmd) || cmd.has(QStringLiteral("--hip-link")))
                continue;
            Finding f = makeFinding(
                QStringLiteral("build.rdc-link"), Severity::Warning,
                QStringLiteral("-fgpu-rdc objects linked without --hip-link (line %1)")
                    .arg(cmd.lineNumber),
                QStringLiteral("The build compiles with -fgpu-rdc, and this link line has no "
                               "--hip-link: the device code is not linked and __hip_fatbin stays "
                               "undefined."));
            f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
            f.fix << QStringLiteral("Add --hip-link -fgpu-rdc --offload-arch=<gfx...> to the link "
                                    "line (link with hipcc or clang++).");
            c.add(f);
            break;
        }
    }
}

void runtimeLinkLineRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    // A separate link with the host compiler after hipcc -c, without the runtime.
    bool hipCompiled = false;
    for (const CommandLine &cmd : tf.commands)
        if (cmd.tool.startsWith(QLatin1String("hipcc")) && cmd.compilesOnly())
            hipCompiled = true;
    if (hipCompiled) {
        for (const CommandLine &cmd : tf.commands) {
            if (cmd.isCc1 || cmd.tool.startsWith(QLatin1String("hipcc")) || !isLinkOnly(cmd))
                continue;
            const bool hasRuntime =
                std::any_of(cmd.args.cbegin(), cmd.args.cend(), [](const QString &a) {
                    return a == QLatin1String("-lamdhip64") ||
                           a.contains(QLatin1String("libamdhip64")) ||
                           a == QLatin1String("--hip-link");
                });
            if (hasRuntime)
                continue;
            Finding f = makeFinding(
                QStringLiteral("build.runtime-not-on-link-line"), Severity::Warning,
                QStringLiteral("%1 links hipcc-compiled objects without -lamdhip64 (line %2)")
                    .arg(cmd.tool)
                    .arg(cmd.lineNumber),
                QStringLiteral("Objects from hipcc -c need libamdhip64; %1 does not add it. An "
                               "executable fails to link; a shared library links but does not "
                               "depend on the runtime (runtime.not-linked at load).")
                    .arg(cmd.tool));
            f.evidence.append(lineEvidence(t.path, cmd.lineNumber, cmd.raw));
            f.fix << QStringLiteral("Add -lamdhip64 (with -L for its directory) to this line, or "
                                    "link with hipcc.");
            c.add(f);
            break;
        }
    }
}

void ldsTextRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    for (const TextFacts::LdsOverLimit &l : tf.ldsOverLimit) {
        Finding f = makeFinding(
            QStringLiteral("build.lds-exceeds-limit"), Severity::Error,
            QStringLiteral("%1 uses %2 bytes of LDS; the limit is %3")
                .arg(l.function.isEmpty() ? QStringLiteral("A kernel") : l.function)
                .arg(l.used)
                .arg(l.limit),
            QStringLiteral("The kernel's static __shared__ memory is %1 bytes over the target's "
                           "LDS per workgroup.")
                .arg(l.used - l.limit));
        f.evidence.append(lineEvidence(t.path, l.line));
        f.fix << QStringLiteral("Shrink the __shared__ arrays (smaller tiles), or move part to "
                                "dynamic shared memory sized at launch within %1 bytes.")
                     .arg(l.limit);
        c.add(f);
    }
}

void deviceLibsRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (!tf.deviceLibsMissing.isEmpty()) {
        Finding f = makeFinding(
            QStringLiteral("build.device-libs-missing"), Severity::Error,
            QStringLiteral("The compiler cannot find the ROCm device libraries"),
            QStringLiteral("clang links the device bitcode libraries (ocml.bc, ockl.bc, ...) into "
                           "every HIP device compile and stopped because it found none."));
        for (const TextLine &l : tf.deviceLibsMissing.mid(0, 3))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << QStringLiteral("Install them (Debian/Ubuntu: apt install rocm-device-libs; ROCm: "
                                "the rocm-device-libs package)")
              << QStringLiteral("or point clang at them: --rocm-path=/opt/rocm, "
                                "--rocm-device-lib-path=<dir with ocml.bc>, or "
                                "HIP_DEVICE_LIB_PATH for hipcc.");
        c.add(f);
    }
}

void cpuAgentTargetRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    // hipcc handing clang the CPU agent's name (rocm_agent_enumerator on a host without a GPU).
    for (const TextLine &l : tf.compileErrors) {
        if (!l.text.contains(QLatin1String("gfx000")))
            continue;
        Finding f = makeFinding(
            QStringLiteral("arch.default-target"), Severity::Error,
            QStringLiteral("The build targeted gfx000, the CPU agent"),
            QStringLiteral("Without --offload-arch, hipcc asks rocm_agent_enumerator for the "
                           "GPUs; on a host without one it can hand clang gfx000, which is no "
                           "GPU."));
        f.evidence.append(lineEvidence(t.path, l));
        f.fix << QStringLiteral("Pass --offload-arch=<gfx...> explicitly (or set "
                                "HCC_AMDGPU_TARGET / GPU_TARGETS in the build system).");
        c.add(f);
        break;
    }
}

void compileFailedRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (!tf.compileErrors.isEmpty()) {
        Finding f = makeFinding(
            QStringLiteral("layer.compile-failed"), Severity::Error,
            QStringLiteral("The build failed: %1").arg(tf.compileErrors.first().text.left(160)),
            QStringLiteral("%1 error line(s) in %2; no code object was produced by this build, so "
                           "the failure is in the compile layer.")
                .arg(tf.compileErrors.size())
                .arg(fileName(t.path)));
        for (const TextLine &l : tf.compileErrors.mid(0, 4))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << QStringLiteral("Fix the first error reported; the later ones often follow from "
                                "it.");
        for (const TextLine &l : tf.compileErrors)
            if (l.text.contains(QLatin1String("invalid target ID")) ||
                l.text.contains(QLatin1String("Unsupported CUDA gpu architecture")) ||
                l.text.contains(QLatin1String("unsupported HIP gpu architecture"),
                                Qt::CaseInsensitive)) {
                f.fix << QStringLiteral("The compiler does not know the processor named in "
                                        "%1: use a clang/ROCm release that supports it, or "
                                        "check the spelling of --offload-arch.")
                             .arg(l.text.left(120));
                break;
            }
        c.add(f);
    }
}

void rocminfoNoGpuRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (tf.rocminfo && tf.rocminfoDevices.isEmpty() && tf.noDevice.isEmpty()) {
        Finding f = makeFinding(QStringLiteral("runtime.no-device"), Severity::Error,
                                QStringLiteral("The rocminfo dump lists no GPU agent"),
                                QStringLiteral("The HSA runtime on that machine sees only CPU "
                                               "agents."));
        f.evidence.append({t.path, QStringLiteral("HSA Agents"),
                           QStringLiteral("no agent with Device Type: GPU")});
        f.fix << QStringLiteral("Check the amdgpu driver, /dev/kfd permissions (render/video "
                                "groups) and ROCR_VISIBLE_DEVICES.");
        c.add(f);
    }
}

} // namespace

namespace {

// Runs after every other text rule: a text no rule could place gets an honest "don't know".
void unknownLayerRule(Context &c, const TextInput &t) {
    for (const Finding &f : std::as_const(c.findings))
        for (const Evidence &e : f.evidence)
            if (e.source == t.path)
                return;
    const QStringList layers = t.facts.layers();
    Finding f = makeFinding(
        QStringLiteral("layer.unknown"), Severity::Info,
        QStringLiteral("No failing layer recognised in %1").arg(fileName(t.path)),
        layers.isEmpty()
            ? QStringLiteral("The text holds no compiler, runtime, loader, Triton or device "
                             "message this tool knows, so it does not guess at the layer.")
            : QStringLiteral("The text has %1 lines, but none that says which layer failed or "
                             "why.")
                  .arg(layers.join(QStringLiteral(", "))));
    for (const TextLine &l : t.facts.unclassifiedErrors.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << QStringLiteral("Add the output around the failure: the build log for a compile "
                            "error, or the run with AMD_LOG_LEVEL=1 (HIP) for a load error.");
    c.add(f);
}

} // namespace

const QList<Rule> &textRuleList() {
    // Order matters only for text/unknown-layer, which must come last.
    static const QList<Rule> rules{
        {"text/no-binary-listing",
         RuleScope::Text,
         {QStringLiteral("arch.no-compatible-code-object"),
          QStringLiteral("arch.feature-mismatch")},
         [](Context &c, const RuleInput &in) { noBinaryListingRule(c, *in.text); }},
        {"text/library-arch",
         RuleScope::Text,
         {QStringLiteral("arch.no-compatible-code-object")},
         [](Context &c, const RuleInput &in) { libraryArchRule(c, *in.text); }},
        {"text/missing-libraries",
         RuleScope::Text,
         {QStringLiteral("runtime.library-not-found"), QStringLiteral("runtime.soname-mismatch")},
         [](Context &c, const RuleInput &in) { libraryRules(c, *in.text); }},
        {"text/undefined-at-link",
         RuleScope::Text,
         {QStringLiteral("build.rdc-link"), QStringLiteral("build.runtime-not-on-link-line")},
         [](Context &c, const RuleInput &in) { undefinedAtLinkRule(c, *in.text); }},
        {"text/undefined-symbols",
         RuleScope::Text,
         {QStringLiteral("runtime.not-linked"), QStringLiteral("runtime.undefined-symbol")},
         [](Context &c, const RuleInput &in) { symbolTextRules(c, *in.text); }},
        {"text/runtime-errors",
         RuleScope::Text,
         {QStringLiteral("arch.no-compatible-code-object"),
          QStringLiteral("symbol.kernel-not-found"), QStringLiteral("module.not-a-code-object"),
          QStringLiteral("runtime.load-error"), QStringLiteral("launch.block-too-large"),
          QStringLiteral("cov.unsupported-version")},
         [](Context &c, const RuleInput &in) { runtimeErrorRule(c, *in.text); }},
        {"text/no-device",
         RuleScope::Text,
         {QStringLiteral("runtime.no-device")},
         [](Context &c, const RuleInput &in) { noDeviceTextRule(c, *in.text); }},
        {"text/look-alikes",
         RuleScope::Text,
         {QStringLiteral("runtime.out-of-memory"), QStringLiteral("runtime.memory-fault"),
          QStringLiteral("runtime.hang")},
         [](Context &c, const RuleInput &in) { lookAlikeRule(c, *in.text); }},
        {"text/invalid-isa",
         RuleScope::Text,
         {QStringLiteral("env.hsa-override")},
         [](Context &c, const RuleInput &in) { invalidIsaRule(c, *in.text); }},
        {"text/log-launch-block",
         RuleScope::Text,
         {QStringLiteral("launch.block-too-large")},
         [](Context &c, const RuleInput &in) { logLaunchBlockRule(c, *in.text); }},
        {"text/log-missing-function",
         RuleScope::Text,
         {QStringLiteral("symbol.kernel-not-found")},
         [](Context &c, const RuleInput &in) { logMissingFunctionRule(c, *in.text); }},
        {"text/nvcc-flags",
         RuleScope::Text,
         {QStringLiteral("build.nvcc-flags")},
         [](Context &c, const RuleInput &in) { nvccFlagRule(c, *in.text); }},
        {"text/no-offload-arch",
         RuleScope::Text,
         {QStringLiteral("build.no-offload-arch")},
         [](Context &c, const RuleInput &in) { noOffloadArchRule(c, *in.text); }},
        {"text/default-target",
         RuleScope::Text,
         {QStringLiteral("arch.default-target")},
         [](Context &c, const RuleInput &in) { defaultTargetTextRule(c, *in.text); }},
        {"text/cpu-agent-target",
         RuleScope::Text,
         {QStringLiteral("arch.default-target")},
         [](Context &c, const RuleInput &in) { cpuAgentTargetRule(c, *in.text); }},
        {"text/rdc-link-line",
         RuleScope::Text,
         {QStringLiteral("build.rdc-link")},
         [](Context &c, const RuleInput &in) { rdcLinkLineRule(c, *in.text); }},
        {"text/device-link",
         RuleScope::Text,
         {QStringLiteral("build.rdc-link")},
         [](Context &c, const RuleInput &in) { deviceLinkRule(c, *in.text); }},
        {"text/runtime-link-line",
         RuleScope::Text,
         {QStringLiteral("build.runtime-not-on-link-line")},
         [](Context &c, const RuleInput &in) { runtimeLinkLineRule(c, *in.text); }},
        {"text/wrong-compiler",
         RuleScope::Text,
         {QStringLiteral("build.wrong-compiler")},
         [](Context &c, const RuleInput &in) { wrongCompilerRule(c, *in.text); }},
        {"text/source-language",
         RuleScope::Text,
         {QStringLiteral("build.source-language")},
         [](Context &c, const RuleInput &in) { sourceLanguageRule(c, *in.text); }},
        {"text/lds",
         RuleScope::Text,
         {QStringLiteral("build.lds-exceeds-limit")},
         [](Context &c, const RuleInput &in) { ldsTextRule(c, *in.text); }},
        {"text/device-libs",
         RuleScope::Text,
         {QStringLiteral("build.device-libs-missing")},
         [](Context &c, const RuleInput &in) { deviceLibsRule(c, *in.text); }},
        {"text/device-libs-unlinked",
         RuleScope::Text,
         {QStringLiteral("build.device-libs-missing")},
         [](Context &c, const RuleInput &in) { deviceLibsUnlinkedRule(c, *in.text); }},
        {"text/invalid-code-object",
         RuleScope::Text,
         {QStringLiteral("cov.unsupported-version")},
         [](Context &c, const RuleInput &in) { invalidCodeObjectRule(c, *in.text); }},
        {"text/framework-arch",
         RuleScope::Text,
         {QStringLiteral("arch.no-compatible-code-object")},
         [](Context &c, const RuleInput &in) { frameworkArchRule(c, *in.text); }},
        {"text/triton-stage",
         RuleScope::Text,
         {QStringLiteral("triton.stage-failed")},
         [](Context &c, const RuleInput &in) { tritonTextRule(c, *in.text); }},
        {"text/mixed-rocm",
         RuleScope::Text,
         {QStringLiteral("runtime.mixed-installs")},
         [](Context &c, const RuleInput &in) { mixedRocmRule(c, *in.text); }},
        {"text/windows-override",
         RuleScope::Text,
         {QStringLiteral("env.hsa-override")},
         [](Context &c, const RuleInput &in) { windowsOverrideRule(c, *in.text); }},
        {"text/compile-failed",
         RuleScope::Text,
         {QStringLiteral("layer.compile-failed")},
         [](Context &c, const RuleInput &in) { compileFailedRule(c, *in.text); }},
        {"text/rocminfo-no-gpu",
         RuleScope::Text,
         {QStringLiteral("runtime.no-device")},
         [](Context &c, const RuleInput &in) { rocminfoNoGpuRule(c, *in.text); }},
        {"text/unknown-layer",
         RuleScope::Text,
         {QStringLiteral("layer.unknown")},
         [](Context &c, const RuleInput &in) { unknownLayerRule(c, *in.text); }},
    };
    return rules;
}

} // namespace hd::detail
