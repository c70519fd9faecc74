// Rules on text inputs (runtime logs, tracebacks, build output).

#include "common/engine_text.h"
#include "rules_p.h"

#include "artifacts/inspector.h"
#include "artifacts/load_verdict.h"
#include "artifacts/vendor_library.h"
#include "diagnosis/runtime_env.h"
#include "loader/loader.h"
#include "model/runtime_errors.h"
#include "targets/compatibility.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

namespace hd::detail {

namespace {

// One device of a hipErrorNoBinaryForGpu listing against the code objects listed with it.
Finding noBinaryFinding(const TextInput &t, const NoBinaryListing &l, const TargetId &dev,
                        const QList<TargetId> &objects, const QStringList &objectIds) {
    bool featureOnly = false;
    Text reason;
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
        featureOnly
            ? HD_TEXT("hd::Diagnosis", "The runtime found %1 code, but not with the device's "
                                       "xnack/sramecc settings (%2)")
                  .arg(dev.processor, dev.toString())
            : HD_TEXT("hd::Diagnosis", "The runtime found no code object for the device %1")
                  .arg(dev.toString()),
        HD_TEXT("hd::Diagnosis",
                "hipErrorNoBinaryForGpu at line %1 of %2: the device is %3; the binary "
                "holds %4.%5")
            .arg(l.lineNumber)
            .arg(fileName(t.path), dev.toString(),
                 !objectIds.isEmpty() ? objectIds.join(QStringLiteral(", "))
                 : l.codeObjectsListed
                     ? HD_TEXT("hd::Diagnosis", "no device code objects")
                     : HD_TEXT("hd::Diagnosis", "code objects the log does not list"),
                 featureOnly ? QLatin1Char(' ') + reason + QLatin1Char('.') : QString()));
    f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message));
    f.evidence.append({t.path, HD_TEXT("hd::Diagnosis", "Devices:"), dev.toString()});
    for (const QString &id : l.codeObjects.mid(0, 8))
        f.evidence.append({t.path, HD_TEXT("hd::Diagnosis", "Bundled Code Objects:"), id});
    if (featureOnly)
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Rebuild with --offload-arch=%1 (or --offload-arch=%2 without "
                         "feature settings).")
                     .arg(dev.toString(), dev.processor);
    else
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Rebuild with --offload-arch=%1 added (hipcc --offload-arch=%1 "
                         "...); for prebuilt libraries (PyTorch, rocBLAS...) install a "
                         "build that lists %1.")
                     .arg(dev.processor);
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Check which targets a binary holds with `roc-obj-ls FILE` or "
                     "`hipdoctor-cli inspect FILE`.");
    return f;
}

// ROCm 6+'s bundle search: the libraries with no code object for the device's ISA. The fix is
// the library's vendor's when it is one (never "rebuild" a rocBLAS), with the same-ISA
// override where the family has one.
Finding bundleSearchFinding(const TextInput &t, const NoBinaryListing &l, const TargetId &dev) {
    QStringList names;
    for (const QString &file : l.files)
        names << fileName(file);
    const Text shown = names.isEmpty()     ? HD_TEXT("hd::Diagnosis", "the program's code objects")
                       : names.size() <= 3 ? names.join(QStringLiteral(", "))
                                           : HD_TEXT("hd::Diagnosis", "%1 and %2 more")
                                                 .arg(names.mid(0, 3).join(QStringLiteral(", ")))
                                                 .arg(names.size() - 3);
    Finding f = makeFinding(
        QStringLiteral("arch.no-compatible-code-object"),
        HD_TEXT("hd::Diagnosis", "No code object for %1 in %2").arg(dev.toString(), shown),
        HD_TEXT("hd::Diagnosis",
                "The runtime searched the code-object bundles for the device's ISA %1 and "
                "found none (\"Missing CO\"). It goes on loading the rest; a kernel of these "
                "files then fails when it is launched (invalid device function).")
            .arg(dev.toString()));
    f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message));
    for (const QString &file : l.files.mid(0, 8))
        f.evidence.append({t.path,
                           HD_TEXT("hd::Diagnosis", "no code for %1").arg(dev.processor).english(),
                           file});
    std::optional<VendorLibrary> vendor;
    for (const QString &file : l.files)
        if (!vendor)
            vendor = vendorLibraryFor(file);
    if (vendor) {
        f.fix << vendorBuildFix(*vendor, dev);
        if (const QString o = compatibleOverride(dev.processor); !o.isEmpty())
            f.fix << isaOverrideFix(
                IsaOverride{QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), o, overrideProcessor(o)},
                dev);
    } else {
        f.fix << HD_TEXT("hd::Diagnosis", "Rebuild with %1 added.").arg(offloadArchFix(dev));
    }
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Check which targets a binary holds with `roc-obj-ls FILE` or "
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
        if (l.fromBundleSearch) {
            if (const auto dev = TargetId::parse(l.devices.value(0)))
                c.add(bundleSearchFinding(t, l, *dev));
            continue;
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
            QStringLiteral("arch.no-compatible-code-object"),
            HD_TEXT("hd::Diagnosis", "The runtime found no code object for the device (line %1)")
                .arg(l.lineNumber),
            HD_TEXT("hd::Diagnosis",
                    "The log does not name the device; pass --target or a rocminfo dump "
                    "to see which target is missing."));
        f.evidence.append(lineEvidence(t.path, l.lineNumber, l.message));
        f.fix << HD_TEXT("hd::Diagnosis", "Rebuild with --offload-arch=<the device's gfx target>.");
        c.add(f);
    }
}

// Other versions of a library's soname the text itself names: "libcudart.so.9.2" beside a
// missing "libcudart.so.9.0".
QStringList otherVersionsInText(const TextFacts &f, const QString &soname) {
    const qsizetype so = soname.indexOf(QLatin1String(".so"));
    if (so < 0)
        return {};
    const QString stem = soname.left(so + 3);
    QStringList out;
    for (const QString &name : f.sonamesMentioned)
        if (name != soname && name.startsWith(stem + QLatin1Char('.')) && !out.contains(name))
            out << name;
    return out;
}

// What to do about a library the loader or linker could not find.
// `other`: only another major version is installed (soname mismatch).
QList<Text> missingLibraryFixes(const QString &soname, const QStringList &others, bool other,
                                bool linkTime) {
    QList<Text> fix;
    if (other)
        fix << HD_TEXT("hd::Diagnosis", "Install the ROCm release that provides %1, or rebuild the "
                                        "failing module against the installed one (%2).")
                   .arg(soname, fileName(others.first()))
            << HD_TEXT("hd::Diagnosis", "Do not symlink %1 to another major version: the ABI "
                                        "differs.")
                   .arg(soname);
    else if (linkTime)
        fix << HD_TEXT("hd::Diagnosis",
                       "Add the library's directory with -L (e.g. -L/opt/rocm/lib) "
                       "or install its development package.");
    else if (soname.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive))
        fix << HD_TEXT("hd::Diagnosis",
                       "Install the HIP SDK release that provides %1 and put its bin "
                       "folder on PATH (Windows looks for DLLs there, next to the "
                       "module, and in the system folders).")
                   .arg(soname);
    else
        fix << HD_TEXT("hd::Diagnosis", "Install the package providing %1, or add its directory to "
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
        LibraryResolution here = resolveLibrary(soname, LoaderQuery{}, env);
        QStringList others = otherMajorVersions(soname, libraryDirs(c), env);
        others.removeAll(here.path);
        // The failing machine's own evidence beats this one's: another version of the library
        // named in the text ("the libcudart.so.9.2 file I had").
        const QStringList inText = otherVersionsInText(t.facts, soname);
        if (!inText.isEmpty()) {
            others = inText;
            here = LibraryResolution{};
        }
        const bool other = !others.isEmpty() && !here.found();
        Finding f = makeFinding(
            other ? QStringLiteral("runtime.soname-mismatch")
                  : QStringLiteral("runtime.library-not-found"),
            SeverityChange(here.found() ? Severity::Warning : Severity::Error,
                           HD_TEXT("hd::Diagnosis",
                                   "it resolves on this machine; the failing run had "
                                   "another library path or install")),
            other ? HD_TEXT("hd::Diagnosis", "%1 is not installed; only %2 is")
                        .arg(soname, fileName(others.first()))
                  : HD_TEXT("hd::Diagnosis", "%1 could not be found%2")
                        .arg(soname,
                             m.linkTime ? HD_TEXT("hd::Diagnosis", " at link time") : QString()),
            here.found() ? HD_TEXT("hd::Diagnosis",
                                   "It resolves on this machine (%1), so the failing environment "
                                   "had another library path or install.")
                               .arg(here.path)
            : other ? HD_TEXT("hd::Diagnosis",
                              "The loader needs exactly %1; %2 is another major version "
                              "(another ROCm release, another ABI). The binary was built "
                              "for a different ROCm than the one installed.")
                          .arg(soname, others.join(QStringLiteral(", ")))
                    : HD_TEXT("hd::Diagnosis", "No file named %1 is on the loader's search path%2.")
                          .arg(soname,
                               m.requester.isEmpty()
                                   ? QString()
                                   : HD_TEXT("hd::Diagnosis", " (needed by %1)").arg(m.requester)));
        if (m.linkTime)
            f.layer = QStringLiteral("build");
        f.evidence.append(lineEvidence(t.path, m.line));
        for (const QString &o : others.mid(0, 4))
            f.evidence.append({o, HD_TEXT("hd::Diagnosis", "installed"), fileName(o)});
        f.fix = missingLibraryFixes(soname, others, other, m.linkTime);
        c.add(f);
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
        QStringLiteral("runtime.not-linked"),
        HD_TEXT("hd::Diagnosis",
                "%1 references the HIP runtime (%2) without depending on libamdhip64")
            .arg(u.file.isEmpty() ? HD_TEXT("hd::Diagnosis", "The module") : fileName(u.file),
                 u.symbol),
        HD_TEXT("hd::Diagnosis",
                "%1 is defined by every libamdhip64%2, so the loader did not load the "
                "runtime for this module: it was linked without -lamdhip64.")
            .arg(u.symbol, installedHasIt ? HD_TEXT("hd::Diagnosis", " (the installed %1 has it)")
                                                .arg(fileName(libs.first()))
                                          : QString()));
    f.evidence.append(lineEvidence(t.path, u.line));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Relink the module with -lamdhip64 (or with hipcc); check `readelf -d` "
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
        if (u.linkTime &&
            std::any_of(c.findings.cbegin(), c.findings.cend(), [&](const Finding &f) {
                return f.id == QLatin1String("build.rdc-link") && f.title.contains(u.demangled);
            }))
            continue; // text/device-variable-link
        const bool hipAbi = isHipRuntimeSymbol(u.symbol);
        if (hipAbi && !u.linkTime && reportNotLinked(c, t, u))
            continue;
        Finding f = makeFinding(
            QStringLiteral("runtime.undefined-symbol"),
            HD_TEXT("hd::Diagnosis", "Undefined symbol %1%2")
                .arg(u.demangled,
                     u.file.isEmpty() ? QString() : QStringLiteral(" in %1").arg(fileName(u.file))),
            hipAbi ? HD_TEXT("hd::Diagnosis",
                             "%1 is a HIP runtime entry point the loaded libamdhip64 does "
                             "not export: the module was built against a newer HIP (e.g. "
                             "the R0600 suffix is ROCm 6's ABI) than the runtime it runs "
                             "with.")
                         .arg(u.symbol)
                   : HD_TEXT("hd::Diagnosis",
                             "%1%2 is referenced but no loaded library defines it: the "
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
            f.evidence.append({t.path, HD_TEXT("hd::Diagnosis", "demangled"), u.demangled});
        if (hipAbi)
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Rebuild the module against the ROCm release installed here, "
                             "or run it with the release it was built for.");
        else
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Make sure the source defining %1 is part of the build "
                             "(listed in sources=[...] / the link line) and that "
                             "declaration and definition agree on the signature and "
                             "extern \"C\".")
                         .arg(u.demangled)
                  << HD_TEXT("hd::Diagnosis",
                             "Check with `nm -D --defined-only` on the libraries which one "
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

// Whether the text is PyTorch's: its frames or extension builder, or the c10 wrapper it prints
// a runtime error in ("RuntimeError: HIP error: ..." / "RuntimeError: CUDA error: ...").
bool fromPyTorch(const TextFacts &facts) {
    static const QRegularExpression torchWords(QStringLiteral(
        R"(^RuntimeError: (?:HIP|CUDA) error\b|[/\\]torch[/\\]|\btorch\.(?:cuda|_C|nn|ops)\b)"));
    return std::any_of(facts.events.cbegin(), facts.events.cend(), [](const TextEvent &e) {
        if (e.producer == QLatin1String("torch") || torchWords.match(e.text).hasMatch())
            return true;
        return std::any_of(e.notes.cbegin(), e.notes.cend(),
                           [](const QString &n) { return n == QLatin1String("torch"); });
    });
}

// "No kernel image for the device" (209) and "invalid device function" (98) say more when the
// device is known: the build to install, and the override of its family with its risk or that
// none applies — the sentences of the load verdict and scan (artifacts/vendor_library.h).
// Without a device: how to see the binary's architectures (CUDA) or the runtime's listing.
void explainNoKernelImage(const Context &c, const TextInput &t, bool cuda, Text &detail,
                          TextList &fixes) {
    if (!c.devices.isEmpty()) {
        const DeviceInfo &d = c.devices.first();
        const TargetId &dev = d.target;
        // A device a text named says where ("named in the paste ..."); a typed one needs nothing.
        detail +=
            c.devicesFrom == QLatin1String("text")
                ? HD_TEXT("hd::Diagnosis", " The device is %1, named in the pasted text.")
                      .arg(dev.toString())
            : d.name.isEmpty()
                ? HD_TEXT("hd::Diagnosis", " The device is %1.").arg(dev.toString())
                : HD_TEXT("hd::Diagnosis", " The device is %1 (%2).").arg(dev.toString(), d.name);
        std::optional<VendorLibrary> torch;
        if (fromPyTorch(t.facts))
            torch = VendorLibrary{QStringLiteral("PyTorch"),
                                  HD_TEXT("hd::Diagnosis", "PyTorch wheel"), QString()};
        const auto familyOverride = familyOverrideFor(dev);
        fixes = torch ? missingCodeFixes(dev,
                                         familyOverride ? QStringList{familyOverride->processor}
                                                        : QStringList{},
                                         torch)
                      : TextList{HD_TEXT("hd::Diagnosis", "Rebuild with %1, or install a build "
                                                          "of the library that lists %2.")
                                     .arg(offloadArchFix(dev), dev.processor)};
        if (torch) // PyTorch prints its extensions' launch errors the same way
            fixes << HD_TEXT("hd::Diagnosis",
                             "If the failing kernel is your own (a C++/HIP extension), rebuild it "
                             "with %1.")
                         .arg(offloadArchFix(dev));
        if (familyOverride && !torch)
            fixes << isaOverrideFix(*familyOverride, dev);
        if (!familyOverride)
            fixes << noOverrideFix(dev);
    } else if (cuda) {
        detail += HD_TEXT("hd::Diagnosis",
                          " `cuobjdump --list-elf --list-ptx BINARY` lists the architectures "
                          "the binary holds; `nvidia-smi --query-gpu=compute_cap "
                          "--format=csv` gives the GPU's.");
    } else {
        detail +=
            HD_TEXT("hd::Diagnosis", " Run with AMD_LOG_LEVEL=1 to get the runtime's Devices / "
                                     "Bundled Code Objects listing.");
    }
}

// Every runtime error a text names (a message, a name, an AMD log "Returned" line), read
// through the one runtime-error table (model/runtime_errors.h).
void runtimeErrorRule(Context &c, const TextInput &t) {
    const bool hasListing = t.amdLog && !t.amdLog->noBinary.isEmpty();
    QSet<const RuntimeErrorMeaning *> done;
    // `shown`: the name as the text printed it (cudaErrorNoKernelImageForDevice), `name` the
    // table's key for it.
    auto handle = [&](const QString &name, const QString &shown, bool fromCuda, int lineNumber,
                      const QString &lineText) {
        const RuntimeErrorMeaning *m = runtimeErrorMeaningByName(name);
        if (!m || done.contains(m))
            return;
        done.insert(m);
        const QStringList ids = findingIdsOf(*m);
        if (ids.isEmpty() || hasOwnRule(ids.first()) || (m->code == 209 && hasListing))
            return;
        // A compressed bundle in the dump explains an image the runtime could not read.
        if (ids.contains(QLatin1String("bundle.compressed")) && m->code != 209 &&
            showsCompressedBundle(t.facts))
            return;
        Text detail = Text::sentence("hd::Diagnosis", m->explanation);
        TextList fixes{Text::sentence("hd::Diagnosis", m->fix)};
        const bool cuda = fromCuda || shown.startsWith(QLatin1String("cuda")) ||
                          shown.startsWith(QLatin1String("CUDA_"));
        if (m->code == 209 || (m->code == 98 && !c.devices.isEmpty())) {
            // With the device known, 98 no longer needs "give the binary and --target".
            if (m->code == 98)
                detail = HD_TEXT("hd::Diagnosis",
                                 "A launch returns this when the kernel has no code for the "
                                 "device (a library or wheel built for other GPU architectures) "
                                 "or was never registered.");
            explainNoKernelImage(c, t, cuda, detail, fixes);
        }
        Finding f = makeFinding(ids.first(), runtimeErrorSeverity(*m),
                                Text(QStringLiteral("%1 (%2)"))
                                    .arg(Text::sentence("hd::Diagnosis", m->title),
                                         Text(shown.isEmpty() ? name : shown)),
                                detail);
        f.evidence.append(lineEvidence(t.path, lineNumber, lineText));
        f.fix << fixes;
        c.add(f);
    };
    // The runtime results the text's events hold (every shape: names, numbers, messages).
    for (const TextEvent &e : t.facts.events) {
        if (e.kind != EventKind::RuntimeResult || !e.error)
            continue;
        // A device variable's lookup is symbol.variable-not-found (text/variable-not-found).
        if (!e.field(QStringLiteral("variable-api")).isEmpty())
            continue;
        const QString meaning = e.field(QStringLiteral("meaning"));
        // A name as printed (cudaErrorNoKernelImageForDevice), not a matched message.
        const QString name = e.field(QStringLiteral("name"));
        const QString shown = name.contains(QLatin1Char(' ')) ? meaning : name;
        handle(meaning.isEmpty() ? name : meaning, shown,
               e.producer.startsWith(QLatin1String("cuda")), e.firstLine, e.text);
    }
    // The AMD log parser's reading of each runtime log line, carried by its event.
    for (const TextEvent &e : t.facts.events) {
        const QString returned = e.field(QStringLiteral("returned"));
        if (e.kind == EventKind::RuntimeLog && !returned.isEmpty() &&
            returned != QLatin1String("hipSuccess"))
            handle(returned, returned, false, e.firstLine, e.field(QStringLiteral("log-message")));
    }
}

void logLaunchBlockRule(Context &c, const TextInput &t) {
    // Launches logged with their block size, for kernels the inputs describe: the AMD log
    // parser's reading of the line, carried by its event.
    {
        for (const TextEvent &e : t.facts.events) {
            const QString api = e.field(QStringLiteral("log-api"));
            const QString args = e.field(QStringLiteral("log-api-args"));
            if (e.kind != EventKind::RuntimeLog || api != QLatin1String("hipModuleLaunchKernel") ||
                args.isEmpty())
                continue;
            const QStringList a = args.split(QLatin1Char(','));
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
            Finding f = makeFinding(
                QStringLiteral("launch.block-too-large"),
                HD_TEXT("hd::Diagnosis", "A launch uses %1 threads per block; the limit "
                                         "is %2")
                    .arg(threads)
                    .arg(limit),
                HD_TEXT("hd::Diagnosis", "Block %1x%2x%3 is over the device's maximum "
                                         "workgroup size.")
                    .arg(bx)
                    .arg(by)
                    .arg(bz));
            f.evidence.append(
                lineEvidence(t.path, e.firstLine, e.field(QStringLiteral("log-message"))));
            f.fix << HD_TEXT("hd::Diagnosis", "Use at most %1 threads per block.").arg(limit);
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
    // The names of the runtime's "Cannot find the function: NAME" lines, where the text is a
    // runtime log: the AMD log parser's reading, carried by each line's event.
    const bool runtimeLog =
        std::any_of(t.facts.events.cbegin(), t.facts.events.cend(), [](const TextEvent &e) {
            return e.kind == EventKind::RuntimeLog && !e.field(QStringLiteral("level")).isEmpty();
        });
    if (!haveCode && runtimeLog) {
        for (const TextEvent &e : t.facts.events) {
            const bool lookup =
                (e.kind == EventKind::RuntimeLog && !e.field(QStringLiteral("level")).isEmpty()) ||
                e.field(QStringLiteral("catalog"))
                    .startsWith(QLatin1String("hip:function-not-found"));
            const QString name = lookup ? e.field(QStringLiteral("function")) : QString();
            if (name.isEmpty())
                continue;
            const int line = e.firstLine;
            const QString text = e.field(QStringLiteral("log-message")).isEmpty()
                                     ? e.text
                                     : e.field(QStringLiteral("log-message"));
            Finding f = makeFinding(
                QStringLiteral("symbol.kernel-not-found"),
                SeverityChange(Severity::Warning,
                               HD_TEXT("hd::Diagnosis",
                                       "without the code object, a missing kernel cannot be told "
                                       "from a mangled, internal or non-kernel one")),
                HD_TEXT("hd::Diagnosis", "The runtime could not find the function %1").arg(name),
                HD_TEXT("hd::Diagnosis",
                        "The log shows the lookup failing; without the code object it "
                        "cannot say whether %1 is C++-mangled (missing extern \"C\"), "
                        "internal, a non-kernel function or absent.")
                    .arg(name));
            f.evidence.append(lineEvidence(t.path, line, text));
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Run `hipdoctor-cli diagnose CODE_OBJECT --kernel %1` on the "
                             "file the program loads.")
                         .arg(name);
            c.add(f);
        }
    }
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
        QStringLiteral("runtime.no-device"), HD_TEXT("hd::Diagnosis", "The runtime sees no GPU"),
        HD_TEXT("hd::Diagnosis",
                "The HIP/CUDA runtime loaded but found no usable GPU (%1). Every load or "
                "launch fails after this, whatever the code object.")
            .arg(first.text));
    for (const TextLine &l : tf.noDevice.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    if (textMentions(t, HD_TEXT("hd::Diagnosis", "Permission denied").english()) ||
        textMentions(t, QStringLiteral("/dev/kfd")))
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Give the user access to /dev/kfd and /dev/dri/renderD*: sudo "
                         "usermod -aG video,render $USER, then log in again.");
    if (textMentions(t, HD_TEXT("hd::Diagnosis", "invalid device ordinal").english()) ||
        textMentions(t, QStringLiteral("hipErrorInvalidDevice")))
        f.fix << HD_TEXT("hd::Diagnosis",
                         "The program selected a device index the runtime does not have: "
                         "list the GPUs it sees (rocminfo, hipdoctor-cli devices) and "
                         "select one of them.");
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Check that the amdgpu driver is loaded and /dev/kfd and "
                     "/dev/dri/renderD* exist and are accessible (user in the 'render' and "
                     "'video' groups; in containers pass --device=/dev/kfd "
                     "--device=/dev/dri).")
          << HD_TEXT("hd::Diagnosis",
                     "Check that HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / "
                     "CUDA_VISIBLE_DEVICES do not hide every GPU; `rocminfo` must list a "
                     "GPU agent.")
          << HD_TEXT("hd::Diagnosis",
                     "On an NVIDIA machine, HIP needs HIP_PLATFORM=nvidia (a build for "
                     "HIP_PLATFORM=amd finds no AMD GPU there), and the reverse.");
    c.add(f);
}

// rocBLAS / Tensile, MIOpen, hipBLASLt ship kernels per GPU architecture; a missing file for the
// device's arch is a code object missing for the device.
void libraryArchRule(Context &c, const TextInput &t) {
    QSet<QString> done;
    for (TextFacts::LibraryArchMissing m : t.facts.libraryArchMissing) {
        // "Cannot read .../TensileLibrary.dat" names no GPU: the device known from elsewhere.
        const bool archKnown =
            !m.arch.isEmpty() || (!c.devices.isEmpty() && !c.devices.first().target.isNvidia());
        if (m.arch.isEmpty() && archKnown)
            m.arch = c.devices.first().target.processor;
        if (!archKnown) {
            // The file is missing but no text names the GPU: say so, with what would tell.
            if (done.contains(m.library))
                continue;
            done.insert(m.library);
            Finding f = makeFinding(
                QStringLiteral("arch.no-compatible-code-object"),
                SeverityChange(Severity::Warning,
                               HD_TEXT("hd::Diagnosis", "the text does not name the GPU")),
                HD_TEXT("hd::Diagnosis", "%1 has no kernel library for the GPU").arg(m.library),
                HD_TEXT("hd::Diagnosis",
                        "%1 ships its GPU kernels as one library file per architecture, and the "
                        "one it looked for is missing: usually a GPU the installed build does "
                        "not support (or an incomplete install). The GPU is not named; "
                        "--target or a rocminfo dump names it.")
                    .arg(m.library));
            f.evidence.append(lineEvidence(t.path, m.line));
            f.fix << HD_TEXT("hd::Diagnosis",
                             "List the library's kernel files (ls .../library/ | grep gfx) against "
                             "the GPU's target (rocminfo | grep gfx); install a build that lists "
                             "it.");
            c.add(f);
            continue;
        }
        if (done.contains(m.library + m.arch))
            continue;
        done.insert(m.library + m.arch);
        Finding f = makeFinding(
            QStringLiteral("arch.no-compatible-code-object"),
            HD_TEXT("hd::Diagnosis", "%1 has no kernels for %2").arg(m.library, m.arch),
            HD_TEXT("hd::Diagnosis",
                    "%1 ships its GPU kernels as one library file per architecture; the "
                    "installed build has none for %2, so it fails at run time although "
                    "the program built and loaded fine.")
                .arg(m.library, m.arch));
        f.evidence.append(lineEvidence(t.path, m.line));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Install or build %1 with %2 in its target list (e.g. "
                         "-DAMDGPU_TARGETS=%2 / GPU_TARGETS=%2), or use a ROCm release "
                         "that supports %2.")
                     .arg(m.library, m.arch);
        if (const QString o = compatibleOverride(m.arch); !o.isEmpty())
            f.fix << HD_TEXT("hd::Diagnosis",
                             "Unsupported workaround: HSA_OVERRIDE_GFX_VERSION=%1 makes "
                             "the GPU report %2, whose kernels run on %3 because both "
                             "have the same instruction set. The risk: an untested "
                             "combination that can crash or compute wrong results.")
                         .arg(o, overrideProcessor(o), m.arch);
        c.add(f);
    }
}

// MIOpen without its precompiled kernel database for the GPU compiles at first use: a slow
// first run, never the failure (the artifact rule says the same of an installed folder).
void libraryDataRule(Context &c, const TextInput &t) {
    QSet<QString> done;
    for (const TextFacts::LibraryArchMissing &m : t.facts.libraryDataMissing) {
        if (done.contains(m.library + m.arch))
            continue;
        done.insert(m.library + m.arch);
        Finding f = makeFinding(
            QStringLiteral("arch.library-data-missing"),
            SeverityChange(Severity::Info,
                           HD_TEXT("hd::Diagnosis", "%1's own warning: it compiles the kernels at "
                                                    "first use, so the run is slower, not failing")
                               .arg(m.library)),
            HD_TEXT("hd::Diagnosis", "%1 has no precompiled kernel database for %2")
                .arg(m.library, m.arch),
            HD_TEXT("hd::Diagnosis",
                    "This is a warning, not a failure: %1 compiles the kernels it needs at "
                    "first use and caches them, so the first run is slower. If the program "
                    "fails, the failure is another message.")
                .arg(m.library));
        f.evidence.append(lineEvidence(t.path, m.line));
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Nothing needs fixing; to skip the first-use compiles, install %1's "
                         "kernel database package for %2 if the release ships one.")
                     .arg(m.library, m.arch);
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
        {&t.facts.outOfMemory, "runtime.out-of-memory",
         QT_TRANSLATE_NOOP("hd::Diagnosis", "The GPU ran out of memory"),
         QT_TRANSLATE_NOOP("hd::Diagnosis", "The kernels and the runtime loaded; an allocation "
                                            "failed. This is not a load failure."),
         QT_TRANSLATE_NOOP(
             "hd::Diagnosis",
             "Reduce the batch or problem size, free cached memory (PYTORCH_HIP_ALLOC_CONF / "
             "PYTORCH_CUDA_ALLOC_CONF), or use a GPU with more memory.")},
        {&t.facts.memoryFaults, "runtime.memory-fault",
         QT_TRANSLATE_NOOP("hd::Diagnosis", "A kernel faulted on GPU memory"),
         QT_TRANSLATE_NOOP(
             "hd::Diagnosis",
             "The kernel loaded and ran, then accessed memory it may not (page fault / illegal "
             "address). This is not a load failure."),
         QT_TRANSLATE_NOOP(
             "hd::Diagnosis",
             "Run with HIP_LAUNCH_BLOCKING=1 (CUDA_LAUNCH_BLOCKING=1) to find the faulting launch; "
             "check indexing and buffer sizes; AMD_SERIALIZE_KERNEL=3 serializes launches.")},
        {&t.facts.hangs, "runtime.hang",
         QT_TRANSLATE_NOOP("hd::Diagnosis", "The GPU hung or a launch timed out"),
         QT_TRANSLATE_NOOP("hd::Diagnosis", "The code loaded and ran but did not finish (a hang, a "
                                            "deadlock or a watchdog). This is "
                                            "not a load failure."),
         QT_TRANSLATE_NOOP(
             "hd::Diagnosis",
             "Find the kernel with HIP_LAUNCH_BLOCKING=1; check loops and barriers; dmesg shows "
             "amdgpu resets.")},
    };
    for (const Kind &k : kinds) {
        if (k.lines->isEmpty())
            continue;
        Finding f = makeFinding(QString::fromLatin1(k.id), Text::sentence("hd::Diagnosis", k.title),
                                Text::sentence("hd::Diagnosis", k.detail));
        for (const TextLine &l : k.lines->mid(0, 3))
            f.evidence.append(lineEvidence(t.path, l));
        f.fix << Text::sentence("hd::Diagnosis", k.fix);
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
        SeverityChange(overrides.isEmpty() ? Severity::Warning : Severity::Error,
                       HD_TEXT("hd::Diagnosis", "the runtime rejected the ISA the override "
                                                "names")),
        overrides.isEmpty()
            ? HD_TEXT("hd::Diagnosis",
                      "The runtime rejected the GPU's ISA (HSA_STATUS_ERROR_INVALID_ISA)")
            : HD_TEXT("hd::Diagnosis",
                      "HSA_OVERRIDE_GFX_VERSION=%1 names an ISA the runtime rejects")
                  .arg(overrides.first()),
        HD_TEXT("hd::Diagnosis",
                "HSA_STATUS_ERROR_INVALID_ISA means the runtime was asked to use an "
                "instruction set it cannot use on this GPU: usually an "
                "HSA_OVERRIDE_GFX_VERSION naming a processor of another family, or one "
                "this runtime does not know."));
    for (const TextLine &l : t.facts.invalidIsa.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    for (const QString &o : overrides)
        f.evidence.append({t.path, QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), o});
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Unset HSA_OVERRIDE_GFX_VERSION, or set it only to a processor of "
                     "the GPU's own family (10.3.0 for gfx103x, 11.0.0 for gfx110x).")
          << HD_TEXT("hd::Diagnosis",
                     "Better: use a build (PyTorch wheel, ROCm libraries) that lists the "
                     "GPU's real target.");
    c.add(f);
}

// HSA_STATUS_ERROR_INVALID_CODE_OBJECT: the loader rejected the code object's format, usually a
// code object version the runtime does not load (v6 before ROCm 6.3).
void invalidCodeObjectRule(Context &c, const TextInput &t) {
    if (t.facts.invalidCodeObject.isEmpty() || showsCompressedBundle(t.facts))
        return; // text/hexdump names the compressed bundle
    Finding f = makeFinding(
        QStringLiteral("cov.unsupported-version"),
        SeverityChange(Severity::Warning,
                       HD_TEXT("hd::Diagnosis", "the error also fits a damaged file, and the "
                                                "code object's version is not shown")),
        HD_TEXT("hd::Diagnosis",
                "The runtime rejected the code object (HSA_STATUS_ERROR_INVALID_CODE_OBJECT)"),
        HD_TEXT("hd::Diagnosis",
                "The HSA loader could not load the code object's format: most often a code "
                "object version the runtime does not know (v6 needs ROCm 6.3), else a "
                "damaged file. `hipdoctor-cli inspect FILE` shows the version."));
    for (const TextLine &l : t.facts.invalidCodeObject.mid(0, 3))
        f.evidence.append(lineEvidence(t.path, l));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Build with -mcode-object-version=N for the runtime (5 for ROCm "
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
    Finding f =
        makeFinding(QStringLiteral("arch.no-compatible-code-object"),
                    HD_TEXT("hd::Diagnosis", "The framework's build has no kernels for the GPU%1")
                        .arg(dev.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(dev)),
                    HD_TEXT("hd::Diagnosis",
                            "The framework itself checked the GPU against the architectures it was "
                            "built for, and the GPU is not among them: its kernels will fail to "
                            "launch (no kernel image / invalid device function)."));
    f.evidence.append(lineEvidence(t.path, l));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Install a build of the framework that lists %1 (for PyTorch: the "
                     "wheel for a newer CUDA / ROCm release, or a nightly), or build it "
                     "from source for that architecture.")
                 .arg(dev.isEmpty() ? HD_TEXT("hd::Diagnosis", "the GPU's architecture") : dev);
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
        QStringLiteral("runtime.mixed-installs"),
        SeverityChange(two ? Severity::Error : Severity::Warning,
                       HD_TEXT("hd::Diagnosis", "files of two ROCm releases take part in the "
                                                "failing load")),
        two ? HD_TEXT("hd::Diagnosis", "The failing load mixes ROCm %1")
                  .arg(tf.rocmVersions.join(QStringLiteral(" and ")))
            : HD_TEXT("hd::Diagnosis", "A library built for ROCm %1 is looked for")
                  .arg(tf.rocmVersions.value(0)),
        two ? HD_TEXT("hd::Diagnosis",
                      "Files of more than one ROCm release take part in the same load; "
                      "their ABIs differ, so symbols one expects are missing from the "
                      "other.")
            : HD_TEXT("hd::Diagnosis",
                      "The program looks for a library named after one ROCm release: the "
                      "framework (e.g. torch.version.hip) and the ROCm it runs with are "
                      "different releases."));
    if (!named.text.isEmpty())
        f.evidence.append(lineEvidence(t.path, named));
    for (const TextLine &l : tf.layerErrors[size_t(TextLayer::Loader)].mid(0, 2))
        if (l.number != named.number)
            f.evidence.append(lineEvidence(t.path, l));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Use one ROCm release for the whole process: remove stale packages "
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
        QStringLiteral("env.hsa-override"),
        HD_TEXT("hd::Diagnosis", "HSA_OVERRIDE_GFX_VERSION=%1 has no effect on Windows").arg(value),
        HD_TEXT("hd::Diagnosis",
                "The override is read by the Linux HSA runtime (ROCr); the Windows HIP "
                "runtime has no HSA layer, so the GPU keeps its real target and code "
                "built only for others still does not load."));
    f.evidence.append({QStringLiteral("env"), QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), value});
    f.fix << HD_TEXT("hd::Diagnosis", "On Windows use a build that includes the GPU's own target.");
    c.add(f);
}

void rocminfoNoGpuRule(Context &c, const TextInput &t) {
    const TextFacts &tf = t.facts;
    if (tf.rocminfo && tf.rocminfoDevices.isEmpty() && tf.noDevice.isEmpty()) {
        Finding f =
            makeFinding(QStringLiteral("runtime.no-device"),
                        HD_TEXT("hd::Diagnosis", "The rocminfo dump lists no GPU agent"),
                        HD_TEXT("hd::Diagnosis", "The HSA runtime on that machine sees only CPU "
                                                 "agents."));
        f.evidence.append({t.path, QStringLiteral("HSA Agents"),
                           HD_TEXT("hd::Diagnosis", "no agent with Device Type: GPU")});
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Check the amdgpu driver, /dev/kfd permissions (render/video "
                         "groups) and ROCR_VISIBLE_DEVICES.");
        c.add(f);
    }
}

} // namespace

namespace {

// Runs after every other text rule: a text no rule could place gets an honest "don't know",
// which says what events it read and why none of them places the failure.
void unknownLayerRule(Context &c, const TextInput &t) {
    // A finding on this text, or on a variable this text set (`export HSA_OVERRIDE_…=…`),
    // places it.
    for (const Finding &f : std::as_const(c.findings))
        for (const Evidence &e : f.evidence) {
            if (e.source == t.path)
                return;
            if (e.source == QLatin1String("env"))
                for (const auto &[name, value] : t.facts.envAssignments)
                    if (e.location.english() == name)
                        return;
        }
    // Each kind of event with the producers that printed it, and the catalogued messages
    // (producer_catalog.h) among them: "3 runtime-log (hip: hip:function-not-found)".
    QMap<QString, int> kinds;
    QMap<QString, QStringList> producers;
    int boilerplate = 0;
    for (const TextEvent &e : t.facts.events) {
        if (e.kind == EventKind::Boilerplate) {
            ++boilerplate;
            continue;
        }
        const QString kind = eventKindName(e.kind);
        ++kinds[kind];
        QStringList &p = producers[kind];
        const QString catalog = e.field(QStringLiteral("catalog"));
        for (const QString &name : {e.producer, catalog})
            if (!name.isEmpty() && !p.contains(name) && p.size() < 6)
                p << name;
    }
    QStringList seen;
    for (auto it = kinds.cbegin(); it != kinds.cend(); ++it)
        seen << (producers.value(it.key()).isEmpty()
                     ? QStringLiteral("%1 %2").arg(it.value()).arg(it.key())
                     : QStringLiteral("%1 %2 (%3)")
                           .arg(it.value())
                           .arg(it.key(), producers.value(it.key()).join(QStringLiteral(", "))));
    const TextEvent *failing = failingEvent(t.facts.events);
    Text why;
    if (failing)
        why = HD_TEXT("hd::Diagnosis",
                      "The last failing event (line %1, %2 from %3) names no cause this tool "
                      "knows.")
                  .arg(failing->firstLine)
                  .arg(eventKindName(failing->kind),
                       failing->producer.isEmpty() ? HD_TEXT("hd::Diagnosis", "an unknown producer")
                                                   : failing->producer);
    else if (seen.isEmpty())
        why = HD_TEXT("hd::Diagnosis",
                      "The text holds no compiler, runtime, loader, Triton or device message "
                      "this tool knows, so it does not guess at the layer.");
    else
        why = HD_TEXT("hd::Diagnosis",
                      "None of them reports a failure with a producer that places it (a "
                      "compiler, the loader, a runtime, Triton, the driver).");
    if (boilerplate > 0)
        why += HD_TEXT("hd::Diagnosis", " %1 line(s) of framework boilerplate (debugging hints "
                                        "printed with every error) were not read as evidence.")
                   .arg(boilerplate);
    Finding f = makeFinding(
        QStringLiteral("layer.unknown"),
        HD_TEXT("hd::Diagnosis", "No failing layer recognised in %1").arg(fileName(t.path)),
        (seen.isEmpty()
             ? Text()
             : HD_TEXT("hd::Diagnosis", "Events read: %1. ").arg(seen.join(QStringLiteral(", ")))) +
            why);
    if (failing)
        f.evidence.append(lineEvidence(t.path, failing->firstLine, failing->text));
    for (const TextLine &l : t.facts.unclassifiedErrors.mid(0, 3))
        if (!failing || l.number != failing->firstLine)
            f.evidence.append(lineEvidence(t.path, l));
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Add the output around the failure: the build log for a compile "
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
        {"text/library-data",
         RuleScope::Text,
         {QStringLiteral("arch.library-data-missing")},
         [](Context &c, const RuleInput &in) { libraryDataRule(c, *in.text); }},
        {"text/missing-libraries",
         RuleScope::Text,
         {QStringLiteral("runtime.library-not-found"), QStringLiteral("runtime.soname-mismatch")},
         [](Context &c, const RuleInput &in) { libraryRules(c, *in.text); }},
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
        {"text/invalid-code-object",
         RuleScope::Text,
         {QStringLiteral("cov.unsupported-version")},
         [](Context &c, const RuleInput &in) { invalidCodeObjectRule(c, *in.text); }},
        {"text/framework-arch",
         RuleScope::Text,
         {QStringLiteral("arch.no-compatible-code-object")},
         [](Context &c, const RuleInput &in) { frameworkArchRule(c, *in.text); }},
        {"text/mixed-rocm",
         RuleScope::Text,
         {QStringLiteral("runtime.mixed-installs")},
         [](Context &c, const RuleInput &in) { mixedRocmRule(c, *in.text); }},
        {"text/windows-override",
         RuleScope::Text,
         {QStringLiteral("env.hsa-override")},
         [](Context &c, const RuleInput &in) { windowsOverrideRule(c, *in.text); }},
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
