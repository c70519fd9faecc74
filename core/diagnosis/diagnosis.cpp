#include "diagnosis/diagnosis.h"
#include "common/engine_text.h"

#include "artifacts/inspector.h"
#include "artifacts/kernel_library.h"
#include "common/input_file.h"
#include "common/json_writer.h"
#include "diagnosis/diagnosis_json.h"
#include "diagnosis/runtime_env.h"
#include "loader/loader.h"
#include "rules_p.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace hd {

using namespace detail;

namespace {

QString artifactSummary(const ArtifactReport &r) {
    QStringList targets;
    for (const CodeObject &co : r.codeObjects) {
        const QString t = co.target.toString();
        if (!t.isEmpty() && !targets.contains(t))
            targets.append(t);
    }
    QString s;
    if (!r.bundles.isEmpty())
        s += QStringLiteral("%1 bundle(s), ").arg(r.bundles.size());
    s += HD_TEXT("hd::Diagnosis", "%1 code object(s)").arg(r.codeObjects.size()).english();
    if (!targets.isEmpty()) {
        const QStringList shown = targets.mid(0, 8);
        s += QStringLiteral(" (%1%2)").arg(shown.join(QStringLiteral(", ")),
                                           targets.size() > 8 ? QStringLiteral(", …") : QString());
    }
    s += QStringLiteral(", %1 kernel(s)").arg(r.kernelCount());
    if (r.host && !r.host->needed.isEmpty())
        s += QStringLiteral(", needs %1").arg(r.host->needed.join(QStringLiteral(", ")));
    return s;
}

int severityRank(Severity s) {
    return s == Severity::Error ? 0 : s == Severity::Warning ? 1 : 2;
}

QString versionFromLibraryPath(const QString &path) {
    // libamdhip64.so.5.2.21153 -> 5.2
    const QString canonical = QFileInfo(path).canonicalFilePath();
    static const QRegularExpression re(QStringLiteral(R"(\.so\.(\d+)\.(\d+))"));
    const auto m = re.match(QFileInfo(canonical.isEmpty() ? path : canonical).fileName());
    return m.hasMatch() ? m.captured(1) + QLatin1Char('.') + m.captured(2) : QString();
}

} // namespace

QPair<int, int> parseRuntimeVersion(const QString &text) {
    static const QRegularExpression re(QStringLiteral(R"(^\s*(\d+)(?:\.(\d+))?)"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return {-1, -1};
    return {m.captured(1).toInt(), m.captured(2).isEmpty() ? 0 : m.captured(2).toInt()};
}

bool Diagnosis::hasErrors() const {
    return hd::hasErrors(findings);
}

QJsonObject Diagnosis::toJson() const {
    return jsonObjectOf(*this);
}

namespace {

// Devices typed as --target.
QList<DeviceInfo> typedDevices(const DiagnoseRequest &request, Diagnosis &result) {
    QList<DeviceInfo> typed;
    for (const QString &t : request.targets) {
        QString err;
        const auto id = TargetId::parse(t, &err);
        if (!id) {
            result.usageError = QStringLiteral("--target %1: %2").arg(t, err);
            continue;
        }
        DeviceInfo d = DeviceInfo::fromTarget(*id);
        d.index = int(typed.size());
        d.backend = id->isNvidia() ? QStringLiteral("cuda") : QStringLiteral("hip");
        typed.append(d);
    }
    return typed;
}

// At most this many lines of one text are read: the first and the last half of them. The
// readers cost about 15 us and 120 bytes a line, so 8 million short lines (16 MiB of "x")
// took 132 s and 1 GB (docs/limits.md "Text, logs, sessions, reports").
constexpr qsizetype kMaxTextLines = 256 * 1024;

void readTextLines(Context &c, DiagnosisInput &in, const QString &text);

// A text's events and facts, the AMD log, a Triton traceback; a text of more lines than
// kMaxTextLines keeps its first and last halves.
void readTextContent(Context &c, DiagnosisInput &in, const QString &text) {
    const qsizetype lines = text.count(QLatin1Char('\n'));
    if (lines <= kMaxTextLines) {
        readTextLines(c, in, text);
        return;
    }
    qsizetype head = 0;
    for (qsizetype n = 0; n < kMaxTextLines / 2; ++n)
        head = text.indexOf(QLatin1Char('\n'), head) + 1;
    qsizetype tail = text.size();
    for (qsizetype n = 0; n < kMaxTextLines / 2; ++n)
        tail = text.lastIndexOf(QLatin1Char('\n'), tail - 1);
    const qsizetype skipped = lines - kMaxTextLines;
    readTextLines(c, in,
                  text.left(head) + QStringLiteral("[hipdoctor: %1 lines not read]").arg(skipped) +
                      text.mid(tail));
    in.problems.append(
        {in.path, -1,
         HD_TEXT("hd::Diagnosis", "text of more than %1 lines: the first and the last %2 were "
                                  "read; %3 lines between them were not, and lines after the "
                                  "cut are numbered from it")
             .arg(kMaxTextLines)
             .arg(kMaxTextLines / 2)
             .arg(skipped),
         false});
}

void readTextLines(Context &c, DiagnosisInput &in, const QString &text) {
    TextInput t;
    t.path = in.path;
    // One pass turns the paste into the lines the readers see (text_normalize.h); evidence is
    // mapped back to the original lines after the rules.
    t.normalized = normalizeText(text);
    const QString read = t.normalized.changed ? t.normalized.text() : text;
    t.facts = readTextFacts(read);
    if (looksLikeAmdLog(read))
        t.amdLog = parseAmdLog(read);
    t.tritonStage = tritonStageFromTraceback(read);
    if (t.amdLog && t.amdLog->logLineCount > 0)
        in.aspects.append(QStringLiteral("amd-log"));
    if (t.facts.pythonTraceback)
        in.aspects.append(QStringLiteral("python-traceback"));
    if (t.facts.compilerOutput)
        in.aspects.append(QStringLiteral("build-log"));
    if (t.facts.commandLines)
        in.aspects.append(QStringLiteral("command-lines"));
    if (t.facts.rocminfo)
        in.aspects.append(QStringLiteral("rocminfo"));
    in.kind = in.aspects.isEmpty() ? QStringLiteral("text") : in.aspects.first();
    in.layers = t.facts.layers();
    in.summary = HD_TEXT("hd::Diagnosis", "%1 line(s) of text")
                     .arg(text.count(QLatin1Char('\n')) + 1)
                     .english();
    if (t.facts.rocminfo)
        in.summary += HD_TEXT("hd::Diagnosis", ", %1 GPU agent(s)")
                          .arg(t.facts.rocminfoDevices.size())
                          .english();
    in.events = t.facts.events;
    for (TextEvent &e : in.events) { // the front ends show the original lines
        e.firstLine = t.normalized.originalNumber(e.firstLine);
        e.lastLine = t.normalized.originalLastNumber(e.lastLine);
    }
    c.texts.append(t);
}

// An in-memory text: like a file, its start and end kept when it is larger than the limit.
DiagnosisInput readMemoryText(Context &c, const DiagnoseText &text) {
    DiagnosisInput in;
    in.path = text.name;
    const qint64 maxChars = c.request.maxTextBytes;
    if (text.content.isEmpty()) {
        in.kind = QStringLiteral("text");
        in.problems.append({text.name, 0, HD_TEXT("hd::Diagnosis", "the text is empty"), false});
        return in;
    }
    if (text.droppedBytes == 0 && text.content.size() > maxChars) { // else cut as it was read
        const qint64 skipped = text.content.size() - maxChars;
        readTextContent(c, in,
                        text.content.left(maxChars / 2) +
                            QStringLiteral("\n[hipdoctor: %1 characters not read]\n").arg(skipped) +
                            text.content.right(maxChars / 2));
        in.problems.append(
            {text.name, maxChars / 2,
             HD_TEXT("hd::Diagnosis", "text larger than the limit: its first and last halves were "
                                      "read; %1 characters between them were not")
                 .arg(skipped),
             false});
    } else {
        readTextContent(c, in, text.content);
    }
    if (text.droppedBytes > 0) // a stream's middle, left out as it was read
        in.problems.append(
            {text.name, -1,
             HD_TEXT("hd::Diagnosis", "text larger than %1 MiB: the first and the last %2 MiB "
                                      "were read; %3 bytes (%4 lines) between them were not, "
                                      "and lines after the cut are numbered from it")
                 .arg(double(maxChars) / (1 << 20))
                 .arg(double(maxChars) / (2 << 20))
                 .arg(text.droppedBytes)
                 .arg(text.droppedLines),
             false});
    return in;
}

// A text input: facts of every line, the AMD log, a Triton traceback.
void readTextInput(Context &c, DiagnosisInput &in, const QFileInfo &fi) {
    const QString &path = in.path;
    QFile f;
    QString why;
    if (!openInputFile(f, path, &why)) { // never blocks on a FIFO (docs/limits.md)
        in.kind = QStringLiteral("unreadable");
        in.problems.append({path, -1, why, true});
        c.result.inputError = true;
    } else {
        // A long log keeps its start and its end, where the failure usually is.
        const qint64 kMaxTextBytes = c.request.maxTextBytes;
        QByteArray bytes = f.read(kMaxTextBytes / 2);
        if (fi.size() > kMaxTextBytes) {
            const qint64 skipped = fi.size() - kMaxTextBytes;
            f.seek(fi.size() - kMaxTextBytes / 2);
            bytes += QStringLiteral("\n[hipdoctor: %1 bytes not read]\n").arg(skipped).toUtf8();
            in.problems.append(
                {path, kMaxTextBytes / 2,
                 HD_TEXT("hd::Diagnosis",
                         "text larger than %1 MiB: the first and the last %2 MiB were "
                         "read; %3 bytes between them were not, and lines after the cut "
                         "are numbered from it")
                     .arg(double(kMaxTextBytes) / (1 << 20))
                     .arg(double(kMaxTextBytes) / (2 << 20))
                     .arg(skipped),
                 false});
        }
        bytes += f.read(kMaxTextBytes / 2);
        readTextContent(c, in, QString::fromUtf8(bytes));
        if (fi.size() == 0)
            in.problems.append({path, 0, HD_TEXT("hd::Diagnosis", "the file is empty"), false});
    }
}

// A folder: a vendor's kernel library, a Triton cache, or neither (an input error).
void readDirectoryInput(Context &c, DiagnosisInput &in, const QFileInfo &fi) {
    Diagnosis &result = c.result;
    const QString &path = in.path;
    if (!fi.isReadable() || !fi.isExecutable()) {
        in.kind = QStringLiteral("unreadable");
        in.problems.append({path, -1,
                            HD_TEXT("hd::Diagnosis", "permission denied (a folder that cannot "
                                                     "be listed)"),
                            true});
        result.inputError = true;
    } else if (kernelLibraryKind(path)) {
        // A vendor's kernel folder (rocBLAS/hipBLASLt Tensile, MIOpen databases): checked
        // before Triton, whose layout it must never be taken for.
        KernelLibrary lib = readKernelLibrary(path);
        in.kind = QStringLiteral("kernel-library");
        in.summary = HD_TEXT("hd::Diagnosis", "%1 kernel folder: %2 file(s), %3 architecture(s) "
                                              "(%4)")
                         .arg(lib.product)
                         .arg(lib.files)
                         .arg(lib.archs.size())
                         .arg(lib.targets().join(QStringLiteral(", ")))
                         .english();
        in.problems += lib.problems;
        c.kernelLibraries.append(lib);
    } else if (looksLikeTritonCache(path)) {
        TritonCache cache = readTritonCache(path);
        in.kind =
            cache.singleEntry ? QStringLiteral("triton-entry") : QStringLiteral("triton-cache");
        in.summary = HD_TEXT("hd::Diagnosis", "Triton cache: %1 kernel folder(s)")
                         .arg(cache.entries.size())
                         .english();
        in.problems += cache.problems;
        for (const TritonEntry &e : cache.entries)
            in.problems += e.problems;
        c.caches.append(cache);
    } else {
        in.kind = QStringLiteral("unreadable");
        in.problems.append(
            {path, -1,
             HD_TEXT("hd::Diagnosis", "a directory that is neither a Triton cache (no "
                                      "folders of .ttir/.llir/.hsaco files) nor a kernel "
                                      "library folder (Tensile, MIOpen); `hipdoctor-cli "
                                      "scan` reads whole installs"),
             true});
        result.inputError = true;
    }
}

// What of each code object the rules read (docs/performance.md, "diagnose as fast as reading
// the file"): its symbol table only when a name is looked up (--kernel, or a text, which may
// name one), its kernels one by one only when a device may be known (their LDS against it,
// ldsRules) or a name is looked up; else both are only counted, as inspect --summary does.
// Never fewer than a rule reads: any input that is not a plain artifact file counts as a text.
void chooseInspectDepth(const DiagnoseRequest &request, InspectOptions &o) {
    bool names = !request.kernels.isEmpty() || !request.texts.isEmpty();
    for (const QString &path : request.inputs) {
        if (names)
            break;
        const QFileInfo fi(path);
        names = !fi.isFile() || request.textInputs.contains(path) ||
                detectArtifactKind(path) == ArtifactKind::Text;
    }
    const bool devices = !request.targets.isEmpty() || !request.probeDevices.isEmpty();
    o.symbols = names;
    o.kernels = names || devices;
}

// A file the inspector reads. One it does not recognise is still inspected: the inspector says
// what it could make of the bytes.
void readArtifactInput(Context &c, DiagnosisInput &in, ArtifactKind kind,
                       const InspectOptions &inspectOptions) {
    const QString &path = in.path;
    const QList<ArtifactReport> &known = c.request.inspected;
    const auto have = std::find_if(known.cbegin(), known.cend(),
                                   [&](const ArtifactReport &k) { return k.path == path; });
    ArtifactReport r = have != known.cend() ? *have : inspectFile(path, inspectOptions);
    in.kind = artifactKindName(r.kind);
    in.summary = artifactSummary(r);
    in.problems += r.problems;
    if (kind == ArtifactKind::Unknown && r.problems.isEmpty())
        in.problems.append({path, 0,
                            HD_TEXT("hd::Diagnosis", "not a recognised artifact (ELF, offload "
                                                     "bundle, fatbin, PTX) nor text"),
                            false});
    c.artifacts.append(r);
}

// One input, read by what it holds: missing, a Triton cache, text, or an artifact.
DiagnosisInput readInput(Context &c, const QString &path, const InspectOptions &inspectOptions) {
    const DiagnoseRequest &request = c.request;
    Diagnosis &result = c.result;
    DiagnosisInput in;
    in.path = path;
    const QFileInfo fi(path);
    if (!fi.exists()) {
        const QString why = missingPathReason(path); // a symbolic link loop is not "missing"
        in.kind = why.startsWith(QLatin1String("no such")) ? QStringLiteral("missing")
                                                           : QStringLiteral("unreadable");
        in.problems.append({path, -1, why, true});
        result.inputError = true;
    } else if (fi.isDir()) {
        readDirectoryInput(c, in, fi);
    } else if (!fi.isReadable()) {
        in.kind = QStringLiteral("unreadable");
        in.problems.append({path, -1, HD_TEXT("hd::Diagnosis", "permission denied"), true});
        result.inputError = true;
    } else {
        const ArtifactKind kind =
            request.textInputs.contains(path) ? ArtifactKind::Text : detectArtifactKind(path);
        if (kind == ArtifactKind::Text && fi.size() > 0)
            readTextInput(c, in, fi);
        else
            readArtifactInput(c, in, kind, inspectOptions);
    }
    return in;
}

// A device a text names (a runtime log's listing, a target on a line), once per target.
void addTextDevice(Context &c, const QString &target, const Text &name) {
    const auto id = TargetId::parse(target);
    if (!id || std::any_of(c.devices.cbegin(), c.devices.cend(),
                           [&](const DeviceInfo &d) { return d.target == *id; }))
        return;
    DeviceInfo d = DeviceInfo::fromTarget(*id);
    d.source = DeviceInfo::Source::Session;
    d.index = int(c.devices.size());
    d.name = name.english();
    d.backend = id->isNvidia() ? QStringLiteral("cuda") : QStringLiteral("hip");
    c.devices.append(d);
}

// The text reports that a code object did not fit: "invalid device function" (98) or "no
// kernel image" / hipErrorNoBinaryForGpu (209).
bool namesCodeObjectError(const TextFacts &facts) {
    return std::any_of(facts.events.cbegin(), facts.events.cend(), [](const TextEvent &e) {
        if (e.kind != EventKind::RuntimeResult || !e.error)
            return false;
        const QString meaning = e.field(QStringLiteral("meaning"));
        return meaning == QLatin1String("hipErrorInvalidDeviceFunction") ||
               meaning == QLatin1String("hipErrorNoBinaryForGpu");
    });
}

// Devices: --target > rocminfo dump > a runtime log's device listing > a target the text names
// > live probe.
void chooseDevices(Context &c, const QList<DeviceInfo> &typed) {
    const DiagnoseRequest &request = c.request;
    if (!typed.isEmpty()) {
        c.devices = typed;
        c.devicesFrom = QStringLiteral("target");
    }
    if (c.devices.isEmpty()) {
        for (const TextInput &t : std::as_const(c.texts))
            c.devices += t.facts.rocminfoDevices;
        if (!c.devices.isEmpty())
            c.devicesFrom = QStringLiteral("rocminfo");
    }
    if (c.devices.isEmpty()) {
        for (const TextInput &t : std::as_const(c.texts)) {
            if (!t.amdLog)
                continue;
            for (const NoBinaryListing &l : t.amdLog->noBinary)
                for (const QString &dev : l.devices)
                    addTextDevice(c, dev,
                                  HD_TEXT("hd::Diagnosis", "from the runtime log %1 line %2")
                                      .arg(QFileInfo(t.path).fileName())
                                      .arg(l.lineNumber));
        }
        if (!c.devices.isEmpty())
            c.devicesFrom = QStringLiteral("log");
    }
    // Targets a text names as the device's (amd-smi, a math library's "GPU arch : gfx1031").
    if (c.devices.isEmpty()) {
        for (const TextInput &t : std::as_const(c.texts))
            for (const QString &arch : t.facts.deviceTargets)
                addTextDevice(
                    c, arch,
                    HD_TEXT("hd::Diagnosis", "named in %1").arg(QFileInfo(t.path).fileName()));
        if (!c.devices.isEmpty())
            c.devicesFrom = QStringLiteral("text");
    }
    // A paste with a code-object error that names one GPU target and no other ("invalid device
    // function" ... "on my gfx1031"): that target is the device, shown as named in the paste.
    // Several targets are what a binary holds, not the GPU: none is guessed.
    if (c.devices.isEmpty()) {
        for (const TextInput &t : std::as_const(c.texts))
            if (t.facts.namedTargets.size() == 1 && namesCodeObjectError(t.facts))
                addTextDevice(c, t.facts.namedTargets.first(),
                              HD_TEXT("hd::Diagnosis", "named in the paste %1")
                                  .arg(QFileInfo(t.path).fileName()));
        if (!c.devices.isEmpty())
            c.devicesFrom = QStringLiteral("text");
    }
    if (c.devices.isEmpty() && !request.probeDevices.isEmpty()) {
        c.devices = request.probeDevices;
        c.devicesFrom = QStringLiteral("probe");
    }
    if (c.devicesFrom.isEmpty())
        c.devicesFrom = QStringLiteral("none");
    // Per-device rules then say each thing once per target, not once per device of a listing.
    c.devices = mergeSameTargetDevices(c.devices);
}

// HSA_OVERRIDE_GFX_VERSION: the runtime matches code objects against the processor it names,
// not the real one (env.hsa-override says so).
void applyGfxOverride(Context &c) {
    for (const DeviceInfo &d : std::as_const(c.devices))
        if (!d.target.isNvidia())
            c.realProcessors.append(d.target.processor);
    for (const auto &[name, value] : c.request.env) {
        if (name != QLatin1String("HSA_OVERRIDE_GFX_VERSION"))
            continue;
        const QString gfx = overrideProcessor(value);
        if (gfx.isEmpty())
            continue;
        for (DeviceInfo &d : c.devices) {
            if (d.target.isNvidia() || d.target.processor == gfx)
                continue;
            d.name = HD_TEXT("hd::Diagnosis", "%1, reported as %2 by HSA_OVERRIDE_GFX_VERSION")
                         .arg(d.name.isEmpty() ? d.target.processor : d.name, gfx)
                         .english();
            d.target.processor = gfx;
        }
    }
}

// The runtime version from the libamdhip64 the inputs resolve to (the last one found), else
// the one installed here, by its file name.
void runtimeFromLibrary(Context &c) {
    QString lib;
    for (const ArtifactReport &r : std::as_const(c.artifacts))
        if (r.host)
            for (const LibraryResolution &res : r.host->resolutions)
                if (res.name.startsWith(QLatin1String("libamdhip64")) && res.found())
                    lib = res.path;
    if (lib.isEmpty()) {
        const QStringList libs = runtimeLibrariesFor();
        if (!libs.isEmpty())
            lib = libs.first();
    }
    const QString v = versionFromLibraryPath(lib);
    if (!v.isEmpty()) {
        c.runtime = parseRuntimeVersion(v);
        c.result.runtimeVersionFrom =
            HD_TEXT("hd::Diagnosis", "the runtime library %1").arg(lib).english();
    }
}

// Runtime version: given > the probe's > a runtime log's own > the libamdhip64 the inputs
// resolve to > installed.
void chooseRuntime(Context &c) {
    const DiagnoseRequest &request = c.request;
    Diagnosis &result = c.result;
    if (!request.runtimeVersion.isEmpty()) {
        c.runtime = parseRuntimeVersion(request.runtimeVersion);
        if (c.runtime.first < 0)
            result.usageError = HD_TEXT("hd::Diagnosis", "--runtime-version %1: expected X.Y")
                                    .arg(request.runtimeVersion)
                                    .english();
        c.runtimeExplicit = c.runtime.first >= 0;
        result.runtimeVersionFrom = QStringLiteral("option");
    }
    // A probe that answered through CUDA: the runtime is CUDA's, never the ROCm installed here.
    const bool probeUsedCuda =
        !request.probeDevices.isEmpty() &&
        std::all_of(request.probeDevices.cbegin(), request.probeDevices.cend(),
                    [](const DeviceInfo &d) { return d.backend == QLatin1String("cuda"); });
    result.runtimeBackend = probeUsedCuda ? QStringLiteral("cuda") : QStringLiteral("hip");
    if (probeUsedCuda && request.runtimeVersion.isEmpty()) {
        result.runtimeVersion = request.probeDevices.first().runtimeVersion;
        result.runtimeVersionFrom = QStringLiteral("probe");
    }
    if (!c.runtimeKnown() && !probeUsedCuda) {
        for (const DeviceInfo &d : request.probeDevices)
            if (!d.runtimeVersion.isEmpty() && d.backend != QLatin1String("cuda")) {
                c.runtime = parseRuntimeVersion(d.runtimeVersion);
                c.runtimeExplicit = true;
                result.runtimeVersionFrom = QStringLiteral("probe");
                break;
            }
    }
    // A runtime log that names its own version (ROCm 7: "HIP Version: 7.2.53211.") speaks for
    // the runtime that ran, as the probe does.
    if (!c.runtimeKnown() && !probeUsedCuda) {
        for (const TextInput &t : std::as_const(c.texts))
            if (t.amdLog && !t.amdLog->runtimeVersion.isEmpty()) {
                c.runtime = parseRuntimeVersion(t.amdLog->runtimeVersion);
                c.runtimeExplicit = c.runtime.first >= 0;
                result.runtimeVersionFrom =
                    HD_TEXT("hd::Diagnosis", "the runtime log %1").arg(t.path).english();
                break;
            }
    }
    if (!c.runtimeKnown() && !probeUsedCuda)
        runtimeFromLibrary(c);
    if (c.runtimeKnown())
        result.runtimeVersion = c.runtimeText();
}

// Names looked up: given, then those the logs show the program asking for.
void collectKernelNames(Context &c) {
    c.kernels = c.request.kernels;
    for (const TextInput &t : std::as_const(c.texts)) {
        for (const QString &k : t.facts.kernelNamesRequested)
            if (!c.kernels.contains(k))
                c.kernels.append(k);
        if (t.amdLog)
            for (const QString &k : t.amdLog->missingFunctions)
                if (!c.kernels.contains(k))
                    c.kernels.append(k);
    }
}

// No finding may contradict another of the same run (docs/findings.md, "One finding per
// cause"): a look-alike says the code loaded and ran, so it goes when an error proves that the
// build or the load failed; it is the weaker claim (a warning read from a line).
void dropContradicted(QList<Finding> &findings) {
    const bool failedBeforeRun =
        std::any_of(findings.cbegin(), findings.cend(), [](const Finding &f) {
            const bool layerBeforeRun = f.layer == QLatin1String("compile") ||
                                        f.layer == QLatin1String("build") ||
                                        f.layer == QLatin1String("load");
            // A code object missing for the device ("invalid device function") is a warning
            // when the error alone cannot prove it, and still says the kernel never ran.
            const bool codeObject =
                f.direction == Direction::CodeObject && f.severity != Severity::Info;
            return layerBeforeRun && (f.severity == Severity::Error || codeObject);
        });
    if (!failedBeforeRun)
        return;
    findings.erase(std::remove_if(findings.begin(), findings.end(),
                                  [](const Finding &f) {
                                      return f.layer == QLatin1String("run") &&
                                             f.severity != Severity::Error;
                                  }),
                   findings.end());
}

} // namespace

std::optional<Finding> nameFinding(const QList<ArtifactReport> &artifacts, const QString &name) {
    DiagnoseRequest request;
    request.kernels = {name};
    Diagnosis result;
    Context c(request, result);
    c.artifacts = artifacts;
    c.kernels = {name};
    for (const Rule &r : symbolRuleList())
        applyRule(c, r);
    for (const Finding &f : std::as_const(c.findings))
        if (f.id.startsWith(QLatin1String("symbol.")))
            return f;
    return std::nullopt;
}

CaseQuestion caseQuestionOf(const DiagnoseRequest &request, const Diagnosis &d) {
    CaseQuestion q;
    q.kernels = d.kernels;
    q.devices = d.devices;
    q.devicesFrom = d.devicesFrom;
    for (const QString &in : request.inputs)
        q.inputs.append(QFileInfo(in).fileName().isEmpty() ? in : QFileInfo(in).fileName());
    for (const DiagnoseText &t : request.texts)
        q.inputs.append(t.name);
    q.probeRan = request.probeRan;
    q.probeDevices = int(request.probeDevices.size());
    return q;
}

Diagnosis diagnose(const DiagnoseRequest &request) {
    Diagnosis result;
    Context c{request, result};
    const QList<DeviceInfo> typed = typedDevices(request, result);
    InspectOptions inspectOptions;
    inspectOptions.ldLibraryPath = request.ldLibraryPath;
    inspectOptions.cancel = request.cancel;
    // Compressed bundles' hashes are not on the answer's path (no finding reads them; half of
    // diagnose's CPU on librocblas 7.2): checkDiagnosisHashes() afterwards, as the app does.
    inspectOptions.verifyCcobHash = false;
    chooseInspectDepth(request, inspectOptions);
    for (const QString &path : request.inputs) {
        if (c.cancelled())
            break;
        const DiagnosisInput in = readInput(c, path, inspectOptions);
        result.problems += in.problems;
        result.inputs.append(in);
    }
    for (const DiagnoseText &text : request.texts) {
        if (c.cancelled())
            break;
        const DiagnosisInput in = readMemoryText(c, text);
        result.problems += in.problems;
        result.inputs.append(in);
    }
    // Variables the texts set for the failing run count as its environment (after --env).
    for (const TextInput &t : std::as_const(c.texts))
        for (const auto &[name, value] : t.facts.envAssignments)
            c.addTextEnv(name, value);

    chooseDevices(c, typed);
    applyGfxOverride(c);
    chooseRuntime(c);
    collectKernelNames(c);
    runRules(c);
    for (const TextInput &t : std::as_const(c.texts)) // evidence quotes the original lines
        mapEvidenceToOriginal(c.findings, t.path, t.normalized);

    dropContradicted(c.findings);
    // One finding per cause (Finding::key), with a count; errors first.
    QList<Finding> unique = mergeDuplicateFindings(c.findings);
    std::stable_sort(unique.begin(), unique.end(), [](const Finding &a, const Finding &b) {
        return severityRank(a.severity) < severityRank(b.severity);
    });
    if (unique.size() > kMaxFindings) { // errors first: what is left out is the least severe
        result.findingsLeftOut = int(unique.size()) - kMaxFindings;
        unique.resize(kMaxFindings);
    }
    result.findings = unique;
    result.devices = c.devices;
    result.devicesFrom = c.devicesFrom;
    result.kernels = c.kernels;
    result.artifacts = c.artifacts;
    result.tritonCaches = c.caches;
    result.kernelLibraries = c.kernelLibraries;
    result.caseVerdict = caseVerdict(caseQuestionOf(request, result), result.findings);
    return result;
}

QList<Problem> checkDiagnosisHashes(Diagnosis &d, const std::atomic_bool *cancel) {
    QList<Problem> found;
    for (const ArtifactReport &r : std::as_const(d.artifacts)) {
        if (std::none_of(r.bundles.cbegin(), r.bundles.cend(),
                         [](const Bundle &b) { return b.compressed; }))
            continue;
        const QList<Problem> problems = checkCcobHashes(r.path, r, cancel);
        for (DiagnosisInput &in : d.inputs)
            if (in.path == r.path)
                in.problems += problems;
        d.problems += problems;
        found += problems;
    }
    return found;
}

} // namespace hd
