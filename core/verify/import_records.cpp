#include "verify/import_records.h"
#include "common/engine_text.h"

#include "common/input_file.h"
#include "exec/process_run.h"
#include "model/finding_catalog.h"
#include "model/runtime_errors.h"
#include "probe/probe_client.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <llvm/Demangle/Demangle.h>

#include <optional>
#include <string>

namespace hd {

namespace {

QMap<QString, QString> envOf(const QJsonObject &o) {
    QMap<QString, QString> m;
    const QJsonObject e = o.value(QStringLiteral("env")).toObject();
    for (auto it = e.begin(); it != e.end(); ++it)
        m.insert(it.key(), it.value().toString());
    return m;
}

Finding findingFromProbe(const ProbeResult &r, const QString &id, const QString &checkName) {
    // The probe saw the error on the GPU: an error, whatever the id's catalog severity.
    Finding f = makeFinding(
        id,
        SeverityChange(Severity::Error,
                       HD_TEXT("hd::Verify", "the probe's run on the GPU failed with this error")),
        QString());
    f.layer = QStringLiteral("load");
    const PhaseEvent *e = r.firstError ? &*r.firstError : nullptr;
    const RuntimeErrorInfo info =
        e ? (r.hello.backend == QLatin1String("cuda")
                 ? cudaErrorInfo(e->errorCode, e->name)
                 : hipErrorInfo(e->errorCode, r.hello.runtimeVersion, e->name))
          : RuntimeErrorInfo{};
    f.title = e ? HD_TEXT("hd::Verify", "%1 failed with %2 (%3)")
                      .arg(e->api, e->errorName)
                      .arg(e->errorCode)
                : r.summary();
    f.detail = info.description.isEmpty() ? r.message : info.description;
    if (!info.note.isEmpty())
        f.detail += QStringLiteral(" ") + info.note;
    f.evidence.append({HD_TEXT("hd::Verify", "probe (GPU run)").english(), checkName,
                       e ? HD_TEXT("hd::Verify", "phase %1: %2 returned %3 %4")
                               .arg(e->name, e->api)
                               .arg(e->errorCode)
                               .arg(e->errorName)
                         : r.summary()});
    if (id == QLatin1String("arch.no-compatible-code-object"))
        f.fix << HD_TEXT(
            "hd::Verify",
            "Build for the device's architecture (nvcc -arch=sm_XX / hipcc --offload-arch=gfxNNN), "
            "or include PTX so the driver can JIT it");
    else if (id.startsWith(QLatin1String("symbol.")))
        f.fix << HD_TEXT("hd::Verify",
                         "Declare the kernel extern \"C\", or look it up by its mangled name");
    return f;
}

} // namespace

namespace {

struct Rec {
    int step = 0;
    QString kind;
    CheckRecord check;
    bool isProbe = false;
    ProbeResult probe;
    QJsonObject request;
};

// "vector_add_cpp(float const*, float const*, float*, int)" → "vector_add_cpp".
QString demangledBase(const QString &symbol) {
    const std::string m = symbol.toStdString();
    char *d = llvm::itaniumDemangle(m.c_str(), nullptr, nullptr, nullptr);
    if (!d)
        return symbol;
    QString out = QString::fromUtf8(d);
    std::free(d);
    const qsizetype paren = out.indexOf(QLatin1Char('('));
    return paren > 0 ? out.left(paren) : out;
}

QStringList requestedNames(const Rec &r) {
    QStringList names;
    for (const QJsonValue &v : r.request.value(QStringLiteral("kernels")).toArray())
        names << v.toString();
    const QString k = r.request.value(QStringLiteral("kernel")).toString();
    if (!k.isEmpty() && !names.contains(k))
        names << k;
    return names;
}

// symbol.mangled-name for `name` when another probe record of the same file found a mangled
// name whose demangled base is `name`.
std::optional<Finding> mangledNameFinding(const Rec &r, const QList<Rec> &all, const QString &name,
                                          const QString &file) {
    for (const Rec &other : all) {
        if (!other.isProbe || other.request.value(QStringLiteral("file")).toString() != file)
            continue;
        for (const KernelLookup &k : other.probe.kernels) {
            if (!k.found || k.name == name || demangledBase(k.name) != name)
                continue;
            Finding f =
                findingFromProbe(r.probe, QStringLiteral("symbol.mangled-name"), r.check.id);
            f.direction = Direction::Symbols;
            f.title = HD_TEXT("hd::Verify", "Kernel '%1' exists only C++-mangled as %2")
                          .arg(name, k.name);
            f.detail =
                HD_TEXT("hd::Verify", "Looking up '%1' fails (%2), while the same file's lookup of "
                                      "the mangled name %3 succeeds (record %4): the kernel lacks "
                                      "extern \"C\".")
                    .arg(name, r.check.summary, k.name, other.check.id);
            f.evidence.append({HD_TEXT("hd::Verify", "probe (GPU run)").english(), other.check.id,
                               HD_TEXT("hd::Verify", "%1 found (demangles to %2)")
                                   .arg(k.name, demangledBase(k.name))});
            f.fix = {
                HD_TEXT("hd::Verify", "Declare the kernel extern \"C\" so '%1' is its symbol name")
                    .arg(name),
                HD_TEXT("hd::Verify", "Or look it up by the mangled name: "
                                      "hipModuleGetFunction(&f, module, \"%1\") "
                                      "(cuModuleGetFunction on CUDA)")
                    .arg(k.name)};
            return f;
        }
    }
    return std::nullopt;
}

// The findings of a symbol miss: symbol.mangled-name when proved for a missing name, else a
// warning naming what is missing.
QList<Finding> symbolMissFindings(const Rec &r, const QList<Rec> &all) {
    QList<Finding> out;
    QStringList missing;
    for (const KernelLookup &k : r.probe.kernels)
        if (!k.found)
            missing << k.name;
    if (missing.isEmpty())
        missing = requestedNames(r);
    const QString file = r.request.value(QStringLiteral("file")).toString();
    for (const QString &name : missing)
        if (std::optional<Finding> f = mangledNameFinding(r, all, name, file)) {
            out << *f;
            return out;
        }
    Finding f = findingFromProbe(r.probe, QStringLiteral("symbol.kernel-not-found"), r.check.id);
    changeSeverity(
        f, SeverityChange(Severity::Warning,
                          HD_TEXT("hd::Verify", "the runtime's error alone cannot tell a missing "
                                                "kernel from a mangled, internal or non-kernel "
                                                "one")));
    f.direction = Direction::Symbols;
    f.detail = HD_TEXT("hd::Verify",
                       "The runtime did not find %1. The error alone cannot tell whether the "
                       "kernel is missing, only C++-mangled, not a kernel or internal: run "
                       "'hipdoctor-cli diagnose FILE --kernel NAME' on the artifact.")
                   .arg(missing.join(QStringLiteral(", ")));
    out << f;
    return out;
}

// Findings for a failed probe record. A symbol miss (CUDA 500 / hipErrorNotFound) alone cannot
// tell which symbol case holds; another record that found a mangled name for the same file
// whose demangled base is the missing name proves symbol.mangled-name. Otherwise it stays a
// warning saying what is missing.
QList<Finding> probeFindings(const Rec &r, const QList<Rec> &all, bool artifactInspected) {
    QList<Finding> out;
    QStringList ids = r.probe.suggestedFindingIds();
    QStringList symbolIds;
    for (const QString &id : ids)
        if (id.startsWith(QLatin1String("symbol.")))
            symbolIds << id;
    if (!symbolIds.isEmpty()) {
        for (const QString &id : symbolIds)
            ids.removeAll(id);
        out << symbolMissFindings(r, all);
    }
    // The table lists the most likely cause first; the others are possible with the same code
    // but not shown by it, so they are warnings (the artifact's diagnosis can settle them).
    bool first = true;
    for (const QString &id : ids) {
        if (!first && artifactInspected)
            break;
        Finding f = findingFromProbe(r.probe, id, r.check.id);
        if (!first) {
            changeSeverity(f, SeverityChange(Severity::Warning,
                                             HD_TEXT("hd::Verify", "the error code points at "
                                                                   "another cause first")));
            f.detail = HD_TEXT("hd::Verify",
                               "Also possible with this error code (not shown by it alone): ") +
                       f.detail;
        }
        first = false;
        out << f;
    }
    return out;
}

} // namespace

QList<Finding> findingsFromProbe(const ProbeResult &probe, const QString &checkName,
                                 bool artifactInspected) {
    Rec r;
    r.isProbe = true;
    r.probe = probe;
    r.check.id = checkName;
    r.check.summary = probe.summary();
    r.request = probe.request.toJson();
    return probeFindings(r, {}, artifactInspected);
}

namespace {

// The capture files: the *.jsonl of a folder (a symbolic link only to a file inside it), or the
// one file named. False when there is nothing by that name.
bool listCaptureFiles(const QString &dirOrFile, ImportedRecords &out) {
    QFileInfo fi(dirOrFile);
    if (fi.isDir()) {
        // A symbolic link in the folder is followed only to a file inside it: records handed
        // over from a GPU node must not make hipdoctor read files elsewhere.
        const QString root = fi.canonicalFilePath() + QLatin1Char('/');
        for (const QFileInfo &f :
             QDir(dirOrFile).entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name)) {
            if (f.isSymLink() && !f.canonicalFilePath().startsWith(root)) {
                out.problems << HD_TEXT("hd::Verify",
                                        "%1: a symbolic link to %2, outside the folder: "
                                        "not read")
                                    .arg(f.absoluteFilePath(), f.symLinkTarget());
                continue;
            }
            out.files << f.absoluteFilePath();
        }
    } else if (fi.isFile()) {
        out.files << fi.absoluteFilePath();
    } else {
        out.problems << HD_TEXT("hd::Verify", "%1: no such file or directory").arg(dirOrFile);
        return false;
    }
    if (out.files.isEmpty())
        out.problems << HD_TEXT("hd::Verify", "%1: no *.jsonl capture files").arg(dirOrFile);
    return true;
}

// One line of a capture file as a capture record's object; nullopt (with a problem, unless the
// line is blank) when it is not one.
std::optional<QJsonObject> captureObject(const QByteArray &line, const QString &file, int lineNo,
                                         ImportedRecords &out) {
    if (line.trimmed().isEmpty())
        return std::nullopt;
    QJsonParseError pe;
    const QJsonDocument d = QJsonDocument::fromJson(line, &pe);
    if (pe.error != QJsonParseError::NoError || !d.isObject()) {
        out.problems << (pe.error != QJsonParseError::NoError
                             ? HD_TEXT("hd::Verify", "%1:%2: not JSON (column %3: %4)")
                                   .arg(file)
                                   .arg(lineNo)
                                   .arg(pe.offset + 1)
                                   .arg(pe.errorString())
                             : HD_TEXT("hd::Verify", "%1:%2: JSON, but not an object")
                                   .arg(file)
                                   .arg(lineNo));
        return std::nullopt;
    }
    const QJsonObject o = d.object();
    if (o.value(QStringLiteral("schema")).toString() != QLatin1String("hipdoctor.gpu-capture/1")) {
        out.problems << HD_TEXT("hd::Verify", "%1:%2: not a capture record (schema \"%3\")")
                            .arg(file)
                            .arg(lineNo)
                            .arg(o.value(QStringLiteral("schema")).toString());
        return std::nullopt;
    }
    return o;
}

// The check fields every record has: name, command, environment, outputs, exit.
void readCheckFields(const QJsonObject &o, const QString &file, int lineNo, Rec &r) {
    CheckRecord &c = r.check;
    c.id = o.value(QStringLiteral("name")).toString();
    c.title = HD_TEXT("hd::Verify", "%1 (%2, recorded on the GPU machine)").arg(c.id, r.kind);
    for (const QJsonValue &a : o.value(QStringLiteral("argv")).toArray())
        c.command << a.toString();
    c.env = envOf(o);
    c.startedAt = o.value(QStringLiteral("started")).toString();
    c.durationMs = o.value(QStringLiteral("wall_ms")).toDouble();
    c.stdoutText = o.value(QStringLiteral("stdout")).toString();
    c.stderrText = o.value(QStringLiteral("stderr")).toString();
    c.timedOut = o.value(QStringLiteral("timed_out")).toBool();
    const int sig = o.value(QStringLiteral("signal")).toInt();
    c.exitCode = sig ? -1 : o.value(QStringLiteral("exit_code")).toInt(-1);
    if (sig)
        c.signalName = signalName(sig);
    c.data.insert(QStringLiteral("imported_from"),
                  QStringLiteral("%1:%2").arg(QFileInfo(file).fileName(), QString::number(lineNo)));
    if (r.step == 0)
        c.data.insert(QStringLiteral("setup"), true);
}

// A probe record: its stdout read back as the probe's result, the check's status, summary and
// phases from it, and the devices it saw (once each) added to out.
void readProbeRecord(const QJsonObject &o, Rec &r, ImportedRecords &out) {
    CheckRecord &c = r.check;
    const int sig = o.value(QStringLiteral("signal")).toInt();
    r.isProbe = true;
    QList<QByteArray> lines;
    for (const QByteArray &l : c.stdoutText.toUtf8().split('\n'))
        if (!l.trimmed().isEmpty())
            lines << l;
    ProbeResult &p = r.probe;
    p = probeResultFromLines(lines);
    p.stderrText = c.stderrText;
    p.exitCode = c.exitCode;
    p.signal = sig;
    p.signalName = c.signalName;
    p.wallMs = c.durationMs;
    if (sig && p.outcome != ProbeOutcome::Completed)
        p.outcome = sig == 6 ? ProbeOutcome::Aborted : ProbeOutcome::Crashed;
    r.request =
        QJsonDocument::fromJson(o.value(QStringLiteral("stdin")).toString().toUtf8()).object();
    c.data.insert(QStringLiteral("request"), r.request);
    c.data.insert(QStringLiteral("probe"), p.toJson());
    c.status = p.ok() ? CheckStatus::Pass : (c.timedOut ? CheckStatus::Error : CheckStatus::Fail);
    c.summary = p.summary();
    if (!c.signalName.isEmpty())
        c.summary +=
            HD_TEXT("hd::Verify", " (killed by %1%2)")
                .arg(c.signalName, p.diedInPhase.isEmpty()
                                       ? QString()
                                       : HD_TEXT("hd::Verify", " in phase ") + p.diedInPhase);
    double at = 0;
    for (const PhaseEvent &ph : p.phases) {
        c.phases.append(
            {ph.name, at, ph.ms, ph.status,
             ph.errorName.isEmpty() ? ph.api : ph.api + QStringLiteral(": ") + ph.errorName});
        at += ph.ms;
        if (ph.repeat >= 0 && ph.name == QLatin1String(phase::Launch))
            c.launchSamplesMs << ph.ms;
    }
    if (p.ok())
        for (const DeviceInfo &dev : p.devices) {
            bool seen = false;
            for (const DeviceInfo &known : out.devices)
                seen = seen || (known.index == dev.index && known.name == dev.name);
            if (!seen)
                out.devices << dev;
        }
}

// Any other record (a compile, a program run): its exit status and last line of output.
void readCommandRecord(CheckRecord &c) {
    c.status = c.exitCode == 0 ? CheckStatus::Pass : CheckStatus::Fail;
    c.summary = c.exitCode == 0          ? HD_TEXT("hd::Verify", "exit status 0")
                : c.signalName.isEmpty() ? HD_TEXT("hd::Verify", "exit status %1").arg(c.exitCode)
                                         : HD_TEXT("hd::Verify", "killed by %1").arg(c.signalName);
    const QString last = c.stdoutText.trimmed().section(QLatin1Char('\n'), -1);
    if (!last.isEmpty())
        c.summary += QStringLiteral(": ") + last.left(200);
}

// The records of one capture file, appended to recs (bench records only counted).
void readCaptureFile(const QString &file, QList<Rec> &recs, ImportedRecords &out) {
    QFile f;
    QString why;
    if (!openInputFile(f, file, &why)) {
        out.problems << HD_TEXT("hd::Verify", "%1: cannot read: %2").arg(file, why);
        return;
    }
    int lineNo = 0;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine();
        ++lineNo;
        const std::optional<QJsonObject> o = captureObject(line, file, lineNo, out);
        if (!o)
            continue;
        ++out.recordCount;
        Rec r;
        r.kind = o->value(QStringLiteral("kind")).toString();
        r.step = o->value(QStringLiteral("step")).toInt();
        if (r.kind == QLatin1String("bench")) {
            ++out.skippedBench;
            continue;
        }
        readCheckFields(*o, file, lineNo, r);
        if (r.kind == QLatin1String("probe"))
            readProbeRecord(*o, r, out);
        else
            readCommandRecord(r.check);
        recs << r;
    }
}

// Step n (1 or 2) of the imported records; nullopt when no record belongs to it.
std::optional<StepRecord> importedStep(int n, const QList<Rec> &recs) {
    StepRecord s;
    s.step = n;
    s.title =
        (n == 1 ? HD_TEXT("hd::Verify", "Baseline: vector add with the platform compiler (GPU run)")
                : HD_TEXT("hd::Verify", "The suspect operator alone (GPU run)"))
            .english();
    int pass = 0, fail = 0, own = 0;
    for (const Rec &r : recs) {
        if ((n == 1 && r.step > 1) || (n == 2 && r.step != 2))
            continue;
        s.checks << r.check;
        s.signatures << signatureOf(r.check);
        // Setup records (compiles, device queries of other backends) are shown but only the
        // step's own records decide its status.
        if (r.step == n) {
            ++own;
            (r.check.status == CheckStatus::Pass ? pass : fail)++;
            if (r.isProbe && !r.probe.ok() && r.check.signalName.isEmpty())
                for (const Finding &f : probeFindings(r, recs, false))
                    s.findings << f;
        }
    }
    if (s.checks.isEmpty())
        return std::nullopt;
    // One finding per cause (Finding::key): the load and the launch of the same file
    // fail the same way and are shown once, with a count.
    s.findings = mergeDuplicateFindings(s.findings);
    s.status = own == 0 ? CheckStatus::Skipped : fail ? CheckStatus::Fail : CheckStatus::Pass;
    s.summary = HD_TEXT("hd::Verify", "%1 of %2 recorded checks passed on the GPU machine")
                    .arg(pass)
                    .arg(own);
    s.startedAt = s.checks.first().startedAt;
    for (const CheckRecord &c : s.checks)
        s.durationMs += c.durationMs;
    return s;
}

} // namespace

ImportedRecords importGpuRecords(const QString &dirOrFile) {
    ImportedRecords out;
    if (!listCaptureFiles(dirOrFile, out))
        return out;
    QList<Rec> recs;
    for (const QString &file : out.files)
        readCaptureFile(file, recs, out);
    for (int n : {1, 2})
        if (std::optional<StepRecord> s = importedStep(n, recs))
            out.steps << *s;
    return out;
}

} // namespace hd
