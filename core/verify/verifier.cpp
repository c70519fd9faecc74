#include "verify/verifier.h"

#include "artifacts/inspector.h"
#include "common/shell.h"
#include "env/env_catalogue.h"
#include "logs/amd_log.h"
#include "model/finding_catalog.h"
#include "model/runtime_errors.h"
#include "model/verification_findings.h"
#include "probe/probe_client.h"
#include "verify/compile_cache.h"
#include "verify/import_records.h"
#include "verify/process_run.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QStandardPaths>

#include <algorithm>

namespace hd {

// ---------------------------------------------------------------------------------------------
// Options JSON

namespace {

QJsonArray dim3Json(const std::array<unsigned, 3> &d) {
    return {int(d[0]), int(d[1]), int(d[2])};
}
std::array<unsigned, 3> dim3From(const QJsonValue &v) {
    std::array<unsigned, 3> d{1, 1, 1};
    const QJsonArray a = v.toArray();
    for (int i = 0; i < 3 && i < a.size(); ++i)
        d[i] = unsigned(std::max(1, a[i].toInt(1)));
    return d;
}
QStringList strs(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}
QJsonObject mapJson(const QMap<QString, QString> &m) {
    QJsonObject o;
    for (auto it = m.begin(); it != m.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}
QMap<QString, QString> mapFrom(const QJsonValue &v) {
    QMap<QString, QString> m;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        m.insert(it.key(), it.value().toString());
    return m;
}

} // namespace

QJsonObject Step1Options::toJson() const {
    return {{QStringLiteral("target"), target},        {QStringLiteral("compiler"), compiler},
            {QStringLiteral("source_dir"), sourceDir}, {QStringLiteral("cache_dir"), cacheDir},
            {QStringLiteral("use_cache"), useCache},   {QStringLiteral("elements"), elements}};
}
Step1Options Step1Options::fromJson(const QJsonObject &o) {
    Step1Options s;
    s.target = o.value(QStringLiteral("target")).toString();
    s.compiler = o.value(QStringLiteral("compiler")).toString();
    s.sourceDir = o.value(QStringLiteral("source_dir")).toString();
    s.cacheDir = o.value(QStringLiteral("cache_dir")).toString();
    s.useCache = o.value(QStringLiteral("use_cache")).toBool(true);
    s.elements = o.value(QStringLiteral("elements")).toInt(1 << 20);
    return s;
}

QString Step2Options::modeName(Mode m) {
    switch (m) {
    case Mode::Artifact:
        return QStringLiteral("artifact");
    case Mode::Dlopen:
        return QStringLiteral("dlopen");
    case Mode::Executable:
        return QStringLiteral("executable");
    case Mode::Source:
        return QStringLiteral("source");
    case Mode::None:
        break;
    }
    return QStringLiteral("none");
}
QJsonObject Step2Options::toJson() const {
    return {{QStringLiteral("mode"), modeName(mode)},
            {QStringLiteral("file"), file},
            {QStringLiteral("kernel"), kernel},
            {QStringLiteral("args"), args},
            {QStringLiteral("grid"), dim3Json(grid)},
            {QStringLiteral("block"), dim3Json(block)},
            {QStringLiteral("repeat"), repeat},
            {QStringLiteral("argv"), QJsonArray::fromStringList(argv)},
            {QStringLiteral("compile_argv"), QJsonArray::fromStringList(compileArgv)},
            {QStringLiteral("working_directory"), workingDirectory},
            {QStringLiteral("targets"), QJsonArray::fromStringList(targets)}};
}
Step2Options Step2Options::fromJson(const QJsonObject &o) {
    Step2Options s;
    const QString m = o.value(QStringLiteral("mode")).toString();
    for (Mode x : {Mode::Artifact, Mode::Dlopen, Mode::Executable, Mode::Source})
        if (modeName(x) == m)
            s.mode = x;
    s.file = o.value(QStringLiteral("file")).toString();
    s.kernel = o.value(QStringLiteral("kernel")).toString();
    s.args = o.value(QStringLiteral("args")).toString();
    s.grid = dim3From(o.value(QStringLiteral("grid")));
    s.block = dim3From(o.value(QStringLiteral("block")));
    s.repeat = o.value(QStringLiteral("repeat")).toInt(1);
    s.argv = strs(o.value(QStringLiteral("argv")));
    s.compileArgv = strs(o.value(QStringLiteral("compile_argv")));
    s.workingDirectory = o.value(QStringLiteral("working_directory")).toString();
    s.targets = strs(o.value(QStringLiteral("targets")));
    return s;
}

QJsonObject Step3Options::toJson() const {
    return {{QStringLiteral("argv"), QJsonArray::fromStringList(argv)},
            {QStringLiteral("working_directory"), workingDirectory},
            {QStringLiteral("env"), mapJson(env)},
            {QStringLiteral("switch_env"), switchEnv},
            {QStringLiteral("variant_argv"), QJsonArray::fromStringList(variantArgv)}};
}
Step3Options Step3Options::fromJson(const QJsonObject &o) {
    Step3Options s;
    s.argv = strs(o.value(QStringLiteral("argv")));
    s.workingDirectory = o.value(QStringLiteral("working_directory")).toString();
    s.env = mapFrom(o.value(QStringLiteral("env")));
    s.switchEnv = o.value(QStringLiteral("switch_env")).toString();
    s.variantArgv = strs(o.value(QStringLiteral("variant_argv")));
    return s;
}

QJsonObject VerifyOptions::toJson() const {
    return {{QStringLiteral("step1"), step1.toJson()}, {QStringLiteral("step2"), step2.toJson()},
            {QStringLiteral("step3"), step3.toJson()}, {QStringLiteral("env"), env.toJson()},
            {QStringLiteral("probe"), probePath},      {QStringLiteral("backend"), backend},
            {QStringLiteral("timeout_ms"), timeoutMs}};
}
VerifyOptions VerifyOptions::fromJson(const QJsonObject &o) {
    VerifyOptions v;
    v.step1 = Step1Options::fromJson(o.value(QStringLiteral("step1")).toObject());
    v.step2 = Step2Options::fromJson(o.value(QStringLiteral("step2")).toObject());
    v.step3 = Step3Options::fromJson(o.value(QStringLiteral("step3")).toObject());
    v.env = EnvProfile::fromJson(o.value(QStringLiteral("env")).toObject());
    v.probePath = o.value(QStringLiteral("probe")).toString();
    v.backend = o.value(QStringLiteral("backend")).toString(QStringLiteral("auto"));
    v.timeoutMs = o.value(QStringLiteral("timeout_ms")).toInt(120000);
    return v;
}

QList<Finding> VerifyResult::allFindings() const {
    QList<Finding> all;
    for (const StepRecord &s : steps)
        all << s.findings;
    all << comparison.findings;
    return mergeDuplicateFindings(all); // one pass, with counts (was a quadratic scan)
}

// ---------------------------------------------------------------------------------------------
// Helpers

QString defaultCompileCacheDir() {
    QString base = qEnvironmentVariable("XDG_CACHE_HOME");
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.cache");
    return base + QStringLiteral("/hipdoctor/compile");
}

CompilerInfo detectCompiler(const QProcessEnvironment &env, const QString &explicitPath,
                            bool preferNvcc) {
    CompilerInfo c;
    const auto tryPath = [&](const QString &path, const QString &via) {
        c.searched << path;
        const QFileInfo fi(path);
        if (fi.isFile() && fi.isExecutable()) {
            c.path = fi.absoluteFilePath();
            c.via = via;
            c.kind = fi.fileName().startsWith(QLatin1String("nvcc")) ? QStringLiteral("nvcc")
                                                                     : QStringLiteral("hipcc");
            return true;
        }
        return false;
    };
    if (!explicitPath.isEmpty()) {
        if (tryPath(explicitPath, QStringLiteral("option")))
            return c;
        const QString onPath = QStandardPaths::findExecutable(explicitPath);
        if (!onPath.isEmpty() && tryPath(onPath, QStringLiteral("option")))
            return c;
        return c;
    }
    const QStringList pathDirs =
        env.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    const auto findHipcc = [&] {
        const QString hip = env.value(QStringLiteral("HIP_PATH"));
        if (!hip.isEmpty() &&
            tryPath(hip + QStringLiteral("/bin/hipcc"), QStringLiteral("HIP_PATH")))
            return true;
        const QString rocm = env.value(QStringLiteral("ROCM_PATH"));
        if (!rocm.isEmpty() &&
            tryPath(rocm + QStringLiteral("/bin/hipcc"), QStringLiteral("ROCM_PATH")))
            return true;
        for (const QString &d : pathDirs)
            if (tryPath(d + QStringLiteral("/hipcc"), QStringLiteral("PATH")))
                return true;
        return false;
    };
    const auto findNvcc = [&] {
        const QString cuda = env.value(QStringLiteral("CUDA_PATH"));
        if (!cuda.isEmpty() &&
            tryPath(cuda + QStringLiteral("/bin/nvcc"), QStringLiteral("CUDA_PATH")))
            return true;
        for (const QString &d : pathDirs)
            if (tryPath(d + QStringLiteral("/nvcc"), QStringLiteral("PATH")))
                return true;
        return false;
    };
    if (preferNvcc) {
        if (!findNvcc())
            findHipcc();
    } else if (!findHipcc()) {
        findNvcc();
    }
    return c;
}

Direction directionOfError(const QString &name) {
    const RuntimeErrorMeaning *m = runtimeErrorMeaningByName(name);
    return m ? m->direction : Direction::None;
}

FailureSignature signatureOf(const CheckRecord &run) {
    FailureSignature s;
    if (run.data.value(QStringLiteral("probe")).isObject()) {
        // A probe run: its protocol lines are not error text; the failing call is structured.
        const ProbeResult r =
            ProbeResult::fromJson(run.data.value(QStringLiteral("probe")).toObject());
        s.durationMs = run.durationMs;
        s.exitCode = run.exitCode;
        s.signalName = run.signalName;
        s.timedOut = run.timedOut;
        s.passed = run.status == CheckStatus::Pass;
        if (r.firstError) {
            if (!r.firstError->errorName.isEmpty())
                s.hipErrors << r.firstError->errorName;
            s.firstError = QStringLiteral("%1 returned %2 %3: %4")
                               .arg(r.firstError->api)
                               .arg(r.firstError->errorCode)
                               .arg(r.firstError->errorName, r.firstError->errorString);
        } else if (!r.ok()) {
            s.firstError = r.message;
        }
        for (const QString &e : parseAmdLog(r.stderrText).errorsReturned)
            if (!s.hipErrors.contains(e))
                s.hipErrors << e;
        return s;
    }
    s.durationMs = run.durationMs;
    s.exitCode = run.exitCode;
    s.signalName = run.signalName;
    s.timedOut = run.timedOut;
    s.passed = run.status == CheckStatus::Pass;
    const QString text =
        run.stderrText + QLatin1Char('\n') + run.logText + QLatin1Char('\n') + run.stdoutText;
    static const QRegularExpression errName(
        QStringLiteral("\\b(hipError[A-Za-z]+|CUDA_ERROR_[A-Z_]+|cudaError[A-Za-z]+)\\b"));
    auto it = errName.globalMatch(text);
    while (it.hasNext()) {
        const QString n = it.next().captured(1);
        if (n != QLatin1String("hipErrorNoError") && !s.hipErrors.contains(n))
            s.hipErrors << n;
    }
    const AmdLog log = parseAmdLog(run.stderrText + QLatin1Char('\n') + run.logText);
    for (const QString &e : log.errorsReturned)
        if (!s.hipErrors.contains(e))
            s.hipErrors << e;
    static const QRegularExpression errLine(
        QStringLiteral("(error|failed|fail:|exception|cannot|undefined symbol|abort|"
                       "no such file|not found|traceback)"),
        QRegularExpression::CaseInsensitiveOption);
    for (const QString &src : {run.stderrText, run.stdoutText}) {
        for (const QString &line : src.split(QLatin1Char('\n'))) {
            const QString t = line.trimmed();
            if (t.isEmpty())
                continue;
            // A runtime log line at info/debug level is not the program's error.
            if (t.startsWith(QLatin1String(":3:")) || t.startsWith(QLatin1String(":4:")))
                continue;
            if (errLine.match(t).hasMatch()) {
                s.firstError = t.left(300);
                break;
            }
        }
        if (!s.firstError.isEmpty())
            break;
    }
    return s;
}

namespace {

// A finding of the verification, built through the catalog (common/finding_catalog.h) with the
// direction the step or the comparison found.
Finding catalogFinding(const QString &id, Severity sev, Direction dir, const QString &title,
                       const QString &detail, QList<Evidence> ev, QStringList fix,
                       const QString &layer = {}) {
    Finding f = hd::makeFinding(id, sev, title, detail);
    if (dir != Direction::None)
        f.direction = dir;
    f.evidence = std::move(ev);
    f.fix = std::move(fix);
    if (!layer.isEmpty())
        f.layer = layer;
    return f;
}

QString firstLines(const QString &text, int n) {
    QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() > n)
        lines = lines.mid(0, n);
    return lines.join(QLatin1Char('\n'));
}

// A probe result as a check record.
void fillFromProbe(const ProbeResult &r, const QMap<QString, QString> &env, CheckRecord &c) {
    c.command = r.command;
    c.env = env;
    c.stdoutText = r.stdoutLines.join(QLatin1Char('\n'));
    c.stderrText = r.stderrText;
    c.exitCode = r.exitCode;
    c.signalName = r.signalName;
    c.durationMs = r.wallMs;
    c.timedOut = r.outcome == ProbeOutcome::TimedOut;
    double at = 0;
    for (const PhaseEvent &p : r.phases) {
        c.phases.append(
            {p.name, at, p.ms, p.status,
             p.errorName.isEmpty() ? p.api : p.api + QStringLiteral(": ") + p.errorName});
        at += p.ms;
        if (p.repeat >= 0 && p.name == QLatin1String(phase::Launch))
            c.launchSamplesMs << p.ms;
    }
    c.data = QJsonObject{{QStringLiteral("probe"), r.toJson()}};
    switch (r.outcome) {
    case ProbeOutcome::Completed:
        c.status = r.ok() ? CheckStatus::Pass : CheckStatus::Fail;
        break;
    case ProbeOutcome::Crashed:
    case ProbeOutcome::Aborted:
    case ProbeOutcome::NoResult:
        c.status = CheckStatus::Fail;
        break;
    case ProbeOutcome::Cancelled:
        c.status = CheckStatus::Cancelled;
        break;
    case ProbeOutcome::TimedOut:
    case ProbeOutcome::ProtocolMismatch:
    case ProbeOutcome::FailedToStart:
        c.status = CheckStatus::Error;
        break;
    }
    c.summary = r.summary();
    if (!r.diedInPhase.isEmpty())
        c.summary += QStringLiteral(" (died in phase %1)").arg(r.diedInPhase);
}

bool probeSaysNoDevice(const ProbeResult &r) {
    if (r.status == QLatin1String("no-device"))
        return true;
    for (const PhaseEvent &p : r.phases)
        if (p.errorName == QLatin1String("hipErrorNoDevice") ||
            p.errorName == QLatin1String("CUDA_ERROR_NO_DEVICE"))
            return true;
    return false;
}

Finding noDeviceFinding(const QList<Evidence> &ev) {
    return catalogFinding(
        QStringLiteral("runtime.no-device"), Severity::Error, Direction::RuntimeLink,
        QStringLiteral("The runtime loads but sees no GPU"),
        QStringLiteral("The HIP runtime was found and initialised, and answered that there is no "
                       "device. Nothing can be loaded or launched on this machine as it is."),
        ev,
        {QStringLiteral("Run on a machine with a supported GPU and its kernel driver (amdgpu / "
                        "/dev/kfd for AMD, the NVIDIA driver for CUDA)"),
         QStringLiteral("Check that HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / "
                        "CUDA_VISIBLE_DEVICES do not hide every GPU"),
         QStringLiteral("Check that the user may open /dev/kfd and /dev/dri/renderD* (groups "
                        "render and video)")},
        QStringLiteral("load"));
}

} // namespace

// ---------------------------------------------------------------------------------------------
// The engine

struct Verifier::Impl {
    Verifier &v;

    bool cancelled() const { return v.m_cancel->load(); }

    void progress(int step, const QString &check, const QString &message) const {
        if (v.m_progress)
            v.m_progress({step, check, message});
    }

    QProcessEnvironment cleanEnv(QStringList *removed) const {
        QProcessEnvironment env = v.m_baseEnv;
        const QStringList r = clearRuntimeVariables(env, EnvChild::Step);
        if (removed)
            *removed = r;
        return env;
    }

    ProcessSpec spec(const QStringList &argv, const QString &cwd,
                     const QMap<QString, QString> &extra = {}) const {
        ProcessSpec s;
        s.argv = argv;
        s.workingDirectory = cwd;
        s.baseEnv = v.m_baseEnv;
        // Children start from this environment without runtime switches (the toolchain's
        // variables stay: a step may compile), plus the profile.
        QProcessEnvironment probe = v.m_baseEnv;
        s.unset = clearRuntimeVariables(probe, EnvChild::Step);
        s.env = v.m_options.env.enabledMap();
        for (auto it = extra.begin(); it != extra.end(); ++it)
            s.env.insert(it.key(), it.value());
        // A variable the profile sets is not "removed".
        for (auto it = s.env.begin(); it != s.env.end(); ++it)
            s.unset.removeAll(it.key());
        s.timeoutMs = v.m_options.timeoutMs;
        s.cancel = v.m_cancel.get();
        return s;
    }

    ProbeOptions probeOptions() const {
        ProbeOptions o;
        o.probePath = v.m_options.probePath;
        o.env = v.m_options.env.enabledMap();
        o.timeoutMs = v.m_options.timeoutMs;
        o.cancel = v.m_cancel.get();
        return o;
    }

    ProbeRequest request(ProbeRequest::Kind kind) const {
        ProbeRequest r;
        r.kind = kind;
        r.backend = v.m_options.backend;
        return r;
    }

    CheckRecord cancelledCheck(const QString &id, const QString &title) const {
        CheckRecord c;
        c.id = id;
        c.title = title;
        c.status = CheckStatus::Cancelled;
        c.summary = QStringLiteral("not run: cancelled");
        return c;
    }

    // Whether a sub-check's record gets its start time before it decides (a Skipped record
    // then has one too) or only from its body (runProcess, or the body itself).
    enum class Stamp { Before, InBody };

    // The frame every sub-check shares, so each one only states what it checks: "not run:
    // cancelled" once the run is cancelled, Skipped with `skipped` as its summary when that is
    // not empty, else `body` fills the record. id and title are set before `body` runs and put
    // back after it (a cached compile record replaces the whole record).
    template <typename Body>
    CheckRecord subCheck(const QString &id, const QString &title, Stamp stamp,
                         const QString &skipped, Body &&body) const {
        if (cancelled())
            return cancelledCheck(id, title);
        CheckRecord c;
        c.id = id;
        c.title = title;
        if (stamp == Stamp::Before)
            c.startedAt = isoNow();
        if (!skipped.isEmpty()) {
            c.status = CheckStatus::Skipped;
            c.summary = skipped;
            return c;
        }
        body(c);
        c.id = id;
        c.title = title;
        return c;
    }

    void queryDevices(int step) {
        if (v.m_devicesQueried)
            return;
        v.m_devicesQueried = true;
        progress(step, QStringLiteral("devices"),
                 QStringLiteral("asking the runtime for its devices"));
        CheckRecord &c = v.m_devicesCheck;
        c.id = QStringLiteral("runtime-devices");
        c.title = QStringLiteral("Runtime and devices (probe)");
        c.startedAt = isoNow();
        const ProbeResult r =
            v.m_host->runProbe(request(ProbeRequest::Kind::Devices), probeOptions());
        fillFromProbe(r, v.m_options.env.enabledMap(), c);
        v.m_devices = r.devices;
        v.m_runtimeVersion = r.hello.runtimeVersion;
        if (r.ok() && r.devices.isEmpty()) {
            c.status = CheckStatus::Fail;
        }
    }

    QString sourceDir() const {
        QStringList candidates;
        if (!v.m_options.step1.sourceDir.isEmpty())
            return v.m_options.step1.sourceDir;
        const QString envDir = v.m_baseEnv.value(QStringLiteral("HIPDOCTOR_KERNELS_SRC"));
        if (!envDir.isEmpty())
            candidates << envDir;
        const QString app = QCoreApplication::applicationDirPath();
        candidates << app + QStringLiteral("/../share/hipdoctor/kernels");
#ifdef HIPDOCTOR_SOURCE_KERNELS_DIR
        candidates << QStringLiteral(HIPDOCTOR_SOURCE_KERNELS_DIR);
#endif
        for (const QString &d : candidates)
            if (QFileInfo::exists(d + QStringLiteral("/vector_add.hip")))
                return QDir(d).absolutePath();
        return candidates.isEmpty() ? QString() : candidates.first();
    }

    StepRecord step1();
    StepRecord step2();
    StepRecord step3();
    QList<Finding> diagnose(const DiagnoseHookInput &in, CheckRecord &c) const;
};

QList<Finding> Verifier::Impl::diagnose(const DiagnoseHookInput &in, CheckRecord &c) const {
    c.id = QStringLiteral("diagnose");
    c.title = QStringLiteral("Diagnosis of the artifact and the logs");
    c.startedAt = isoNow();
    c.artifacts = in.files;
    if (!v.m_diagnose) {
        c.status = CheckStatus::Skipped;
        c.summary = QStringLiteral("no diagnosis engine in this build");
        return {};
    }
    QElapsedTimer t;
    t.start();
    const QList<Finding> f = v.m_diagnose(in);
    c.durationMs = double(t.nsecsElapsed()) / 1e6;
    QStringList ids;
    bool errors = false;
    for (const Finding &x : f) {
        ids << x.id;
        errors = errors || x.severity == Severity::Error;
    }
    c.status = errors ? CheckStatus::Fail : CheckStatus::Pass;
    c.summary = f.isEmpty() ? QStringLiteral("no findings")
                            : QStringLiteral("findings: %1").arg(ids.join(QStringLiteral(", ")));
    c.data.insert(QStringLiteral("kernels"), QJsonArray::fromStringList(in.kernels));
    c.data.insert(QStringLiteral("targets"), QJsonArray::fromStringList(in.targets));
    return f;
}

StepRecord Verifier::Impl::step1() {
    const Step1Options &o = v.m_options.step1;
    StepRecord s;
    s.step = 1;
    s.title = QStringLiteral("Baseline: vector add with the platform compiler");
    s.inputs = o.toJson();
    s.startedAt = isoNow();
    QElapsedTimer stepTimer;
    stepTimer.start();
    const auto finish = [&]() -> StepRecord {
        s.durationMs = double(stepTimer.nsecsElapsed()) / 1e6;
        return s;
    };

    // Runtime and devices.
    if (cancelled()) {
        s.status = CheckStatus::Cancelled;
        s.summary = QStringLiteral("cancelled");
        return finish();
    }
    queryDevices(1);
    s.checks << v.m_devicesCheck;
    const ProbeResult devResult =
        ProbeResult::fromJson(v.m_devicesCheck.data.value(QStringLiteral("probe")).toObject());
    bool noDevice =
        v.m_devicesCheck.status != CheckStatus::Pass &&
        (probeSaysNoDevice(devResult) || (devResult.ok() && devResult.devices.isEmpty()));

    // Compiler.
    const bool nvidiaDevice = !v.m_devices.isEmpty() && v.m_devices.first().target.isNvidia();
    CheckRecord comp;
    comp.id = QStringLiteral("compiler");
    comp.title = QStringLiteral("Platform compiler");
    comp.startedAt = isoNow();
    QElapsedTimer t;
    t.start();
    const CompilerInfo ci = detectCompiler(v.m_baseEnv, o.compiler, nvidiaDevice);
    CompileCache cache(o.cacheDir.isEmpty() ? defaultCompileCacheDir() : o.cacheDir);
    QString version;
    if (!ci.path.isEmpty()) {
        version = cache.compilerVersion(ci.path, [&] {
            CheckRecord vr;
            v.m_host->runProcess(spec({ci.path, QStringLiteral("--version")}, {}), vr);
            return (vr.stdoutText + vr.stderrText).trimmed();
        });
    }
    comp.durationMs = double(t.nsecsElapsed()) / 1e6;
    comp.data.insert(QStringLiteral("searched"), QJsonArray::fromStringList(ci.searched));
    comp.data.insert(QStringLiteral("via"), ci.via);
    comp.data.insert(QStringLiteral("kind"), ci.kind);
    comp.stdoutText = version;
    if (ci.path.isEmpty()) {
        comp.status = CheckStatus::Fail;
        comp.summary = QStringLiteral("no hipcc or nvcc found; looked at: %1")
                           .arg(ci.searched.join(QStringLiteral(", ")));
        s.checks << comp;
        s.findings << catalogFinding(
            QStringLiteral("layer.compile-failed"), Severity::Error, Direction::RuntimeLink,
            QStringLiteral("No platform compiler found"), comp.summary,
            {{QStringLiteral("search"), {}, ci.searched.join(QLatin1Char(' '))}},
            {QStringLiteral(
                "Install hipcc (Debian: apt install hipcc) or set HIP_PATH / ROCM_PATH")},
            QStringLiteral("compile"));
        s.status = CheckStatus::Fail;
        s.summary = comp.summary;
        return finish();
    }
    comp.status = CheckStatus::Pass;
    comp.command = {ci.path};
    comp.summary =
        QStringLiteral("%1 (%2, found via %3)").arg(ci.path, firstLines(version, 1), ci.via);
    s.checks << comp;

    // Target.
    CheckRecord tgt;
    tgt.id = QStringLiteral("target");
    tgt.title = QStringLiteral("Target to compile for");
    tgt.status = CheckStatus::Pass;
    tgt.startedAt = isoNow();
    QString target = o.target;
    QString why;
    if (!target.isEmpty()) {
        why = QStringLiteral("given with --target");
    } else if (!v.m_devices.isEmpty()) {
        target = v.m_devices.first().target.toString();
        why = QStringLiteral("the exact target of device 0 (%1)").arg(v.m_devices.first().label());
    } else {
        target = ci.kind == QLatin1String("nvcc") ? QStringLiteral("sm_80")
                                                  : QString::fromLatin1(kDefaultStep1Target);
        why = QStringLiteral("no --target and no device: using the documented default %1 "
                             "(give --target for the GPU the project runs on)")
                  .arg(target);
    }
    QString terr;
    const auto parsed = TargetId::parse(target, &terr);
    if (!parsed) {
        tgt.status = CheckStatus::Error;
        tgt.summary = QStringLiteral("'%1' is not a target id: %2").arg(target, terr);
        s.checks << tgt;
        s.status = CheckStatus::Error;
        s.summary = tgt.summary;
        return finish();
    }
    target = parsed->toString();
    tgt.summary = QStringLiteral("%1: %2").arg(target, why);
    tgt.data.insert(QStringLiteral("target"), target);
    s.checks << tgt;

    // Sources.
    const QString srcDir = sourceDir();
    const bool nv = ci.kind == QLatin1String("nvcc");
    const QString ext = nv ? QStringLiteral(".cu") : QStringLiteral(".hip");
    const QString mainSrc = srcDir + QStringLiteral("/vector_add_main") + ext;
    const QString kernSrc = srcDir + QStringLiteral("/vector_add") + ext;
    const QStringList archFlags = nv ? QStringList{QStringLiteral("-arch=%1").arg(target)}
                                     : QStringList{QStringLiteral("--offload-arch=%1").arg(target)};
    const QStringList progFlags = archFlags + QStringList{QStringLiteral("-O2")};
    const QStringList coFlags =
        (nv ? QStringList{QStringLiteral("-cubin")} : QStringList{QStringLiteral("--genco")}) +
        archFlags + QStringList{QStringLiteral("-O2")};

    const auto compileCheck = [&](const QString &id, const QString &title, const QString &src,
                                  const QStringList &flags, const QString &outName, bool hashHash) {
        const QString missing =
            QFileInfo::exists(src)
                ? QString()
                : QStringLiteral("source %1 not found (set --kernels-dir)").arg(src);
        return subCheck(id, title, Stamp::Before, missing, [&](CheckRecord &c) {
            const QString key =
                cache.key(ci.path, version, src, target,
                          hashHash ? flags + QStringList{QStringLiteral("-###")} : flags);
            QElapsedTimer ct;
            ct.start();
            if (o.useCache) {
                if (auto hit = cache.lookup(key)) {
                    c = *hit;
                    c.cached = true;
                    c.startedAt = isoNow();
                    c.data.insert(QStringLiteral("original_duration_ms"), c.durationMs);
                    c.durationMs = double(ct.nsecsElapsed()) / 1e6;
                    return;
                }
            }
            const QString tmp = cache.beginEntry(key);
            const QString out = tmp + QLatin1Char('/') + outName;
            QStringList argv{ci.path};
            if (hashHash) // nvcc spells "print the sub-commands" --dryrun
                argv << (nv ? QStringLiteral("--dryrun") : QStringLiteral("-###"));
            argv << flags << QStringLiteral("-o") << out << src;
            progress(1, id,
                     QStringLiteral("%1 %2 for %3")
                         .arg(hashHash ? QStringLiteral("recording") : QStringLiteral("compiling"),
                              QFileInfo(src).fileName(), target));
            v.m_host->runProcess(spec(argv, tmp), c);
            if (c.status == CheckStatus::Pass && !hashHash && !QFileInfo::exists(out)) {
                c.status = CheckStatus::Fail;
                c.summary = QStringLiteral("the compiler exited 0 but wrote no %1").arg(outName);
            } else if (c.status == CheckStatus::Pass) {
                c.summary = hashHash
                                ? QStringLiteral("the compiler's sub-commands for %1").arg(target)
                                : QStringLiteral("built %1 for %2").arg(outName, target);
            } else if (c.status == CheckStatus::Fail) {
                const FailureSignature sig = signatureOf(c);
                c.summary = QStringLiteral("compile failed (%1)").arg(sig.summary());
            }
            c.artifacts = hashHash ? QStringList{} : QStringList{out};
            if (c.status == CheckStatus::Pass && o.useCache) {
                const auto committed = cache.commitEntry(key, tmp, c);
                if (committed)
                    c = *committed;
            } else {
                cache.keepUncommitted(tmp);
            }
        });
    };

    CheckRecord hh = compileCheck(QStringLiteral("compiler-commands"),
                                  QStringLiteral("Compiler sub-commands (-###)"), mainSrc,
                                  progFlags, QStringLiteral("vector_add_main"), true);
    if (cancelled()) // cancelled while the sub-commands were recorded: not judged
        hh = cancelledCheck(hh.id, hh.title);
    s.checks << hh;

    const CheckRecord prog =
        compileCheck(QStringLiteral("compile-program"),
                     QStringLiteral("Compile and link the vector-add program"), mainSrc, progFlags,
                     QStringLiteral("vector_add_main"), false);
    s.checks << prog;
    const CheckRecord co = compileCheck(
        QStringLiteral("compile-code-object"),
        QStringLiteral("Compile the kernel as a code object"), kernSrc, coFlags,
        nv ? QStringLiteral("vector_add.cubin") : QStringLiteral("vector_add.co"), false);
    s.checks << co;
    for (const CheckRecord *c : {&prog, &co}) {
        if (c->status == CheckStatus::Fail)
            s.findings << catalogFinding(
                QStringLiteral("layer.compile-failed"), Severity::Error, Direction::None,
                QStringLiteral("The baseline vector add does not compile"), c->summary,
                {{QStringLiteral("command"), {}, shellJoin(c->command)},
                 {QStringLiteral("compiler output"), {}, firstLines(c->stderrText, 8)}},
                {QStringLiteral("Fix the compiler installation first: every "
                                "kernel build depends on it (see the output)")},
                QStringLiteral("compile"));
    }
    const QString program = prog.artifacts.value(0);
    const QString codeObject = co.artifacts.value(0);

    // The program's dependency on the runtime.
    const QString noProgram = prog.status != CheckStatus::Pass || program.isEmpty()
                                  ? QStringLiteral("no program was built")
                                  : QString();
    s.checks << subCheck(
        QStringLiteral("runtime-dependency"),
        QStringLiteral("The program's runtime library (loader path)"), Stamp::Before, noProgram,
        [&](CheckRecord &dep) {
            QElapsedTimer dt;
            dt.start();
            InspectOptions io;
            io.symbols = false;
            io.metadata = false;
            io.resolveLibraries = true;
            const auto ld = v.m_options.env.value(QStringLiteral("LD_LIBRARY_PATH"));
            io.ldLibraryPath = ld ? ld->split(QLatin1Char(':'), Qt::SkipEmptyParts)
                                  : v.m_baseEnv.value(QStringLiteral("LD_LIBRARY_PATH"))
                                        .split(QLatin1Char(':'), Qt::SkipEmptyParts);
            const ArtifactReport rep = inspectFile(program, io);
            dep.durationMs = double(dt.nsecsElapsed()) / 1e6;
            dep.artifacts = {program};
            QJsonArray res;
            const LibraryResolution *hip = nullptr;
            if (rep.host) {
                for (const LibraryResolution &lr : rep.host->resolutions) {
                    res.append(lr.toJson());
                    if (lr.name.startsWith(QLatin1String("libamdhip64")) ||
                        lr.name.startsWith(QLatin1String("libcudart")))
                        hip = &lr;
                }
                dep.data.insert(QStringLiteral("needed"),
                                QJsonArray::fromStringList(rep.host->needed));
            }
            dep.data.insert(QStringLiteral("resolutions"), res);
            if (!rep.host) {
                dep.status = CheckStatus::Error;
                dep.summary = QStringLiteral("could not read %1 as a host binary").arg(program);
            } else if (!hip) {
                dep.status = nv ? CheckStatus::Pass : CheckStatus::Fail;
                dep.summary = nv ? QStringLiteral("no libcudart dependency (static CUDA runtime)")
                                 : QStringLiteral("the program does not depend on libamdhip64");
            } else if (hip->found()) {
                dep.status = CheckStatus::Pass;
                dep.summary =
                    QStringLiteral("%1 → %2 (via %3)").arg(hip->name, hip->path, hip->via);
            } else {
                dep.status = CheckStatus::Fail;
                dep.summary = QStringLiteral("%1 resolves nowhere; looked in %2")
                                  .arg(hip->name, hip->searched.join(QStringLiteral(", ")));
                s.findings << catalogFinding(
                    QStringLiteral("runtime.library-not-found"), Severity::Error,
                    Direction::RuntimeLink,
                    QStringLiteral("%1 is not found by the dynamic loader").arg(hip->name),
                    dep.summary, {{program, QStringLiteral("DT_NEEDED"), hip->name}},
                    {QStringLiteral("Install the HIP runtime package or add its directory to "
                                    "LD_LIBRARY_PATH")},
                    QStringLiteral("load"));
            }
        });

    // Run the program.
    s.checks << subCheck(
        QStringLiteral("run-program"),
        QStringLiteral("Run the program (hipLaunchKernelGGL, result checked)"), Stamp::InBody,
        noProgram, [&](CheckRecord &run) {
            progress(1, run.id, QStringLiteral("running the vector-add program"));
            v.m_host->runProcess(
                spec({program, QString::number(o.elements)}, QFileInfo(program).absolutePath()),
                run);
            const FailureSignature sig = signatureOf(run);
            if (run.status == CheckStatus::Pass) {
                run.summary = firstLines(run.stdoutText, 1);
            } else if (sig.hipErrors.contains(QStringLiteral("hipErrorNoDevice")) ||
                       sig.hipErrors.contains(QStringLiteral("cudaErrorNoDevice"))) {
                run.summary =
                    QStringLiteral("the runtime answers: no device (%1)").arg(sig.firstError);
                noDevice = true;
            } else {
                run.summary = sig.summary();
            }
        });

    // The same kernel as a code object through the probe.
    s.checks << subCheck(
        QStringLiteral("probe-launch"),
        QStringLiteral("Module API: load, look up and launch the code object (probe)"),
        Stamp::InBody,
        codeObject.isEmpty() || co.status != CheckStatus::Pass
            ? QStringLiteral("no code object was built")
            : QString(),
        [&](CheckRecord &pl) {
            progress(1, pl.id,
                     QStringLiteral("loading and launching vector_add through the probe"));
            ProbeRequest req = request(ProbeRequest::Kind::Launch);
            req.file = codeObject;
            req.kernel = QStringLiteral("vector_add");
            req.kernels = {req.kernel};
            const unsigned n = unsigned(std::max(1, o.elements));
            req.args =
                QStringLiteral("buf:f32:%1:rand, buf:f32:%1:rand, buf:f32:%1:out, i32:%1").arg(n);
            req.block = {256, 1, 1};
            req.grid = {(n + 255) / 256, 1, 1};
            req.repeat = 1;
            pl.startedAt = isoNow();
            const ProbeResult r = v.m_host->runProbe(req, probeOptions());
            fillFromProbe(r, v.m_options.env.enabledMap(), pl);
            pl.artifacts = {codeObject};
            if (probeSaysNoDevice(r)) {
                noDevice = true;
                pl.summary = QStringLiteral("the runtime answers: no device — %1").arg(r.summary());
            }
        });

    if (noDevice) {
        QList<Evidence> ev;
        for (const CheckRecord &c : s.checks)
            if ((c.id == QLatin1String("run-program") || c.id == QLatin1String("probe-launch") ||
                 c.id == QLatin1String("runtime-devices")) &&
                c.status == CheckStatus::Fail)
                ev.append({QStringLiteral("step 1: ") + c.id, {}, c.summary});
        s.findings << noDeviceFinding(ev);
    }

    // The step's verdict.
    const auto st = [&](const QString &id) {
        const CheckRecord *c = s.check(id);
        return c ? c->status : CheckStatus::Skipped;
    };
    const bool buildOk = st(QStringLiteral("compile-program")) == CheckStatus::Pass &&
                         st(QStringLiteral("compile-code-object")) == CheckStatus::Pass &&
                         st(QStringLiteral("runtime-dependency")) == CheckStatus::Pass;
    const bool runOk = st(QStringLiteral("run-program")) == CheckStatus::Pass &&
                       st(QStringLiteral("probe-launch")) == CheckStatus::Pass;
    bool anyCancelled = false;
    for (const CheckRecord &c : s.checks)
        anyCancelled = anyCancelled || c.status == CheckStatus::Cancelled;
    if (anyCancelled) {
        s.status = CheckStatus::Cancelled;
        s.summary = QStringLiteral("cancelled");
    } else if (buildOk && runOk) {
        s.status = CheckStatus::Pass;
        s.summary = QStringLiteral("compiler, runtime link, runtime and device work: the vector "
                                   "add runs as a program and through the module API on %1")
                        .arg(target);
    } else if (buildOk && noDevice) {
        s.status = CheckStatus::Fail;
        s.summary = QStringLiteral("compile and link work (vector add built for %1, runtime "
                                   "resolved), but the runtime answers: no device")
                        .arg(target);
    } else {
        s.status = CheckStatus::Fail;
        QStringList failed;
        for (const CheckRecord &c : s.checks)
            if (c.status == CheckStatus::Fail || c.status == CheckStatus::Error)
                failed << c.id;
        s.summary =
            QStringLiteral("the base chain fails at: %1").arg(failed.join(QStringLiteral(", ")));
    }
    return finish();
}

StepRecord Verifier::Impl::step2() {
    const Step2Options &o = v.m_options.step2;
    StepRecord s;
    s.step = 2;
    s.title = QStringLiteral("The suspect operator alone");
    s.inputs = o.toJson();
    s.startedAt = isoNow();
    QElapsedTimer stepTimer;
    stepTimer.start();
    const auto finish = [&]() -> StepRecord {
        s.durationMs = double(stepTimer.nsecsElapsed()) / 1e6;
        bool anyCancelled = false, anyFail = false, anyError = false;
        for (const CheckRecord &c : s.checks) {
            anyCancelled = anyCancelled || c.status == CheckStatus::Cancelled;
            anyFail = anyFail || c.status == CheckStatus::Fail;
            anyError = anyError || c.status == CheckStatus::Error;
        }
        if (s.status == CheckStatus::Skipped && !s.checks.isEmpty())
            s.status = anyCancelled ? CheckStatus::Cancelled
                       : anyFail    ? CheckStatus::Fail
                       : anyError   ? CheckStatus::Error
                                    : CheckStatus::Pass;
        return s;
    };
    if (o.mode == Step2Options::Mode::None) {
        s.status = CheckStatus::Skipped;
        s.summary = QStringLiteral("no operator given (--artifact, --dlopen, --exec or --source)");
        return finish();
    }
    if (cancelled()) {
        s.status = CheckStatus::Cancelled;
        s.summary = QStringLiteral("cancelled");
        return finish();
    }

    QString file = o.file;
    Step2Options::Mode mode = o.mode;
    QList<QPair<QString, QString>> texts; // (file name for the evidence, text)

    // Source: compile first, then treat the output by its content.
    if (mode == Step2Options::Mode::Source) {
        CheckRecord c;
        progress(2, QStringLiteral("compile"), QStringLiteral("compiling the operator"));
        v.m_host->runProcess(spec(o.compileArgv, o.workingDirectory), c);
        c.id = QStringLiteral("compile");
        c.title = QStringLiteral("Compile the operator");
        texts.append({QStringLiteral("compile-output.log"), c.stderrText + c.stdoutText});
        if (c.status == CheckStatus::Pass &&
            (file.isEmpty() ||
             !QFileInfo::exists(QDir(o.workingDirectory).absoluteFilePath(file)))) {
            c.status = CheckStatus::Fail;
            c.summary =
                QStringLiteral("the compile command exited 0 but %1 does not exist").arg(file);
        }
        s.checks << c;
        if (c.status != CheckStatus::Pass) {
            s.findings << catalogFinding(
                QStringLiteral("layer.compile-failed"), Severity::Error, Direction::None,
                QStringLiteral("The operator does not compile"), c.summary,
                {{QStringLiteral("command"), {}, shellJoin(c.command)},
                 {QStringLiteral("compiler output"), {}, firstLines(c.stderrText, 8)}},
                {QStringLiteral("Fix the compile error first (see the compiler output)")},
                QStringLiteral("compile"));
            // The diagnosis may still explain the build output (nvcc flags, missing arch…).
            CheckRecord d;
            DiagnoseHookInput in;
            for (const auto &[name, text] : texts) {
                in.textNames << name;
                in.texts << text;
            }
            in.env = v.m_options.env.enabledMap();
            s.findings << diagnose(in, d);
            s.checks << d;
            s.status = CheckStatus::Fail;
            s.summary = c.summary;
            return finish();
        }
        file = QDir(o.workingDirectory).absoluteFilePath(file);
        const ArtifactKind k = detectArtifactKind(file);
        mode = k == ArtifactKind::HostExecutable      ? Step2Options::Mode::Executable
               : k == ArtifactKind::HostSharedLibrary ? Step2Options::Mode::Dlopen
                                                      : Step2Options::Mode::Artifact;
    }

    if (cancelled())
        return finish();
    if (!o.file.isEmpty() && mode != Step2Options::Mode::Executable && !QFileInfo::exists(file)) {
        CheckRecord c;
        c.id = QStringLiteral("input");
        c.title = QStringLiteral("The operator's file");
        c.status = CheckStatus::Error;
        c.summary = QStringLiteral("%1: no such file").arg(file);
        s.checks << c;
        s.status = CheckStatus::Error;
        s.summary = c.summary;
        return finish();
    }

    if (mode != Step2Options::Mode::Executable || !v.m_devicesQueried)
        queryDevices(2);
    QStringList targets = o.targets;
    if (targets.isEmpty())
        for (const DeviceInfo &d : v.m_devices)
            targets << d.target.toString();

    CheckRecord main;
    if (mode == Step2Options::Mode::Dlopen) {
        progress(2, QStringLiteral("probe-dlopen"),
                 QStringLiteral("dlopen of %1 in a clean process").arg(file));
        ProbeRequest req = request(ProbeRequest::Kind::Dlopen);
        req.dlopenPath = QFileInfo(file).absoluteFilePath();
        main.startedAt = isoNow();
        const ProbeResult r = v.m_host->runProbe(req, probeOptions());
        fillFromProbe(r, v.m_options.env.enabledMap(), main);
        main.id = QStringLiteral("probe-dlopen");
        main.title = QStringLiteral("dlopen the library in a clean process (probe)");
        main.artifacts = {file};
        QStringList lines;
        for (const PhaseEvent &p : r.phases)
            if (!p.ok() && !p.detail.isEmpty())
                lines << p.detail;
        if (!r.message.isEmpty() && !r.ok() && !lines.contains(r.message))
            lines << r.message;
        texts.append({QStringLiteral("probe-dlopen.log"), lines.join(QLatin1Char('\n'))});
        texts.append({QStringLiteral("probe-dlopen-stderr.log"), r.stderrText});
    } else if (mode == Step2Options::Mode::Executable) {
        const QStringList argv = o.argv.isEmpty() ? QStringList{file} : o.argv;
        progress(2, QStringLiteral("run"), QStringLiteral("running %1").arg(argv.first()));
        v.m_host->runProcess(spec(argv, o.workingDirectory), main);
        main.id = QStringLiteral("run");
        main.title = QStringLiteral("Run the operator's program in a clean process");
        const AmdLog log = parseAmdLog(main.stderrText);
        main.data.insert(QStringLiteral("log_lines"), log.logLineCount);
        main.data.insert(QStringLiteral("errors_returned"),
                         QJsonArray::fromStringList(log.errorsReturned));
        texts.append({QStringLiteral("run-stderr.log"), main.stderrText});
        texts.append({QStringLiteral("run-stdout.log"), main.stdoutText});
        if (file.isEmpty())
            file = argv.first();
    } else {
        // Code object / bundle / host binary holding the kernel.
        const ArtifactKind k = detectArtifactKind(file);
        QString loadFile = file;
        CheckRecord ins;
        ins.id = QStringLiteral("inspect");
        ins.title = QStringLiteral("What the file holds");
        ins.startedAt = isoNow();
        QElapsedTimer it;
        it.start();
        InspectOptions io;
        io.cancel = v.m_cancel.get();
        const ArtifactReport rep = inspectFile(file, io);
        ins.durationMs = double(it.nsecsElapsed()) / 1e6;
        QStringList kernels, coTargets;
        for (const CodeObject &c : rep.codeObjects) {
            coTargets << c.target.toString();
            for (const KernelInfo &kk : c.kernels)
                kernels << kk.name;
        }
        kernels.removeDuplicates();
        coTargets.removeDuplicates();
        ins.status = rep.codeObjects.isEmpty() ? CheckStatus::Fail : CheckStatus::Pass;
        ins.summary = QStringLiteral("%1: %2 code object(s) for %3; kernels: %4")
                          .arg(artifactKindName(rep.kind))
                          .arg(rep.codeObjects.size())
                          .arg(coTargets.isEmpty() ? QStringLiteral("-")
                                                   : coTargets.join(QStringLiteral(", ")),
                               kernels.isEmpty() ? QStringLiteral("-")
                                                 : kernels.mid(0, 12).join(QStringLiteral(", ")));
        ins.artifacts = {file};
        ins.data.insert(QStringLiteral("kind"), artifactKindName(rep.kind));
        ins.data.insert(QStringLiteral("targets"), QJsonArray::fromStringList(coTargets));
        ins.data.insert(QStringLiteral("kernels"), QJsonArray::fromStringList(kernels));
        s.checks << ins;
        // A host binary: hand the runtime its embedded bundle, as the program would.
        if ((k == ArtifactKind::HostExecutable || k == ArtifactKind::HostSharedLibrary ||
             k == ArtifactKind::HostRelocatable) &&
            !rep.bundles.isEmpty()) {
            QFile in(file);
            const Bundle &b = rep.bundles.first();
            if (in.open(QIODevice::ReadOnly) && in.seek(qint64(b.fileOffset))) {
                const QByteArray bytes = in.read(qint64(b.size));
                loadFile = QDir::temp().filePath(QStringLiteral("hipdoctor-step2-%1-%2.bundle")
                                                     .arg(QCoreApplication::applicationPid())
                                                     .arg(quintptr(this)));
                QFile outF(loadFile);
                if (outF.open(QIODevice::WriteOnly))
                    outF.write(bytes);
                ins.summary +=
                    QStringLiteral("; bundle at %1 extracted for the module API").arg(b.origin);
                s.checks.last() = ins;
            }
        }
        if (!cancelled()) {
            ProbeRequest req =
                request(o.args.isEmpty() ? ProbeRequest::Kind::Load : ProbeRequest::Kind::Launch);
            req.file = loadFile;
            req.kernel = o.kernel;
            req.kernels = o.kernel.isEmpty() ? kernels.mid(0, 1) : QStringList{o.kernel};
            req.args = o.args;
            req.grid = o.grid;
            req.block = o.block;
            req.repeat = std::max(1, o.repeat);
            req.validate = QStringLiteral("none");
            progress(
                2, QStringLiteral("probe"),
                QStringLiteral("%1 %2 through the probe")
                    .arg(o.args.isEmpty() ? QStringLiteral("loading") : QStringLiteral("launching"),
                         o.kernel));
            main.startedAt = isoNow();
            const ProbeResult r = v.m_host->runProbe(req, probeOptions());
            fillFromProbe(r, v.m_options.env.enabledMap(), main);
            main.id =
                o.args.isEmpty() ? QStringLiteral("probe-load") : QStringLiteral("probe-launch");
            main.title =
                o.args.isEmpty()
                    ? QStringLiteral("Module API: load and look up the kernel (probe)")
                    : QStringLiteral("Module API: load, look up and launch the kernel (probe)");
            main.artifacts = {file};
            texts.append({QStringLiteral("probe-stderr.log"), r.stderrText});
        }
        if (loadFile != file)
            QFile::remove(loadFile);
    }
    if (!main.id.isEmpty()) {
        if (probeSaysNoDevice(
                ProbeResult::fromJson(main.data.value(QStringLiteral("probe")).toObject())))
            main.summary = QStringLiteral("the runtime answers: no device — %1").arg(main.summary);
        s.checks << main;
        s.signatures << signatureOf(main);
    }

    if (!cancelled()) {
        CheckRecord d;
        DiagnoseHookInput in;
        if (!file.isEmpty() && QFileInfo(file).isFile())
            in.files << file;
        if (!o.kernel.isEmpty())
            in.kernels << o.kernel;
        in.targets = targets;
        for (const auto &[name, text] : texts) {
            if (text.trimmed().isEmpty())
                continue;
            in.textNames << name;
            in.texts << text;
        }
        in.devices = v.m_devices;
        in.probeRan = v.m_devicesQueried;
        in.env = v.m_options.env.enabledMap();
        in.runtimeVersion = v.m_runtimeVersion;
        progress(2, QStringLiteral("diagnose"), QStringLiteral("diagnosing"));
        s.findings << diagnose(in, d);
        s.checks << d;
        // What the runtime itself answered, for what the static diagnosis could not see.
        const QJsonValue pr = main.data.value(QStringLiteral("probe"));
        if (pr.isObject() && main.signalName.isEmpty()) {
            const ProbeResult r = ProbeResult::fromJson(pr.toObject());
            if (!r.ok())
                for (const Finding &f : findingsFromProbe(r, main.id, !in.files.isEmpty())) {
                    bool covered = false;
                    for (const Finding &g : s.findings)
                        covered = covered || g.id == f.id ||
                                  (f.id.startsWith(QLatin1String("symbol.")) &&
                                   g.id.startsWith(QLatin1String("symbol.")));
                    if (!covered)
                        s.findings << f;
                }
        }
    }

    finish();
    if (!main.id.isEmpty()) {
        if (main.status == CheckStatus::Pass && !hasErrors(s.findings)) {
            s.status = CheckStatus::Pass;
            s.summary = QStringLiteral("the operator works in isolation: %1").arg(main.summary);
        } else {
            QStringList ids;
            for (const Finding &f : s.findings)
                if (f.severity == Severity::Error)
                    ids << f.id;
            ids.removeDuplicates();
            s.status = main.status == CheckStatus::Pass && ids.isEmpty() ? CheckStatus::Pass
                                                                         : CheckStatus::Fail;
            s.summary = QStringLiteral("%1%2").arg(
                main.summary,
                ids.isEmpty()
                    ? QString()
                    : QStringLiteral(" — findings: %1").arg(ids.join(QStringLiteral(", "))));
        }
    }
    return s;
}

StepRecord Verifier::Impl::step3() {
    const Step3Options &o = v.m_options.step3;
    StepRecord s;
    s.step = 3;
    s.title = QStringLiteral("Back to the project");
    s.inputs = o.toJson();
    s.startedAt = isoNow();
    QElapsedTimer stepTimer;
    stepTimer.start();
    if (o.argv.isEmpty()) {
        s.status = CheckStatus::Skipped;
        s.summary = QStringLiteral("no project command given (--run … --)");
        return s;
    }
    const auto runOne = [&](const QString &id, const QString &title, const QStringList &argv,
                            const QMap<QString, QString> &extra) {
        return subCheck(id, title, Stamp::InBody, {}, [&](CheckRecord &c) {
            progress(3, id, QStringLiteral("running %1").arg(shellJoin(argv)));
            v.m_host->runProcess(spec(argv, o.workingDirectory, extra), c);
            const FailureSignature sig = signatureOf(c);
            c.summary = sig.summary();
            const AmdLog log = parseAmdLog(c.stderrText);
            c.data.insert(QStringLiteral("errors_returned"),
                          QJsonArray::fromStringList(log.errorsReturned));
            c.data.insert(QStringLiteral("signature"), sig.toJson());
        });
    };
    const CheckRecord asIs = runOne(QStringLiteral("as-is"),
                                    QStringLiteral("The project's command, as is"), o.argv, o.env);
    s.checks << asIs;
    s.signatures << signatureOf(asIs);

    QMap<QString, QString> variantEnv = o.env;
    QStringList variantArgv = o.variantArgv.isEmpty() ? o.argv : o.variantArgv;
    bool haveVariant = !o.variantArgv.isEmpty();
    if (!o.switchEnv.isEmpty()) {
        const qsizetype eq = o.switchEnv.indexOf(QLatin1Char('='));
        variantEnv.insert(eq < 0 ? o.switchEnv : o.switchEnv.left(eq),
                          eq < 0 ? QStringLiteral("1") : o.switchEnv.mid(eq + 1));
        haveVariant = true;
    }
    if (haveVariant) {
        CheckRecord variant =
            runOne(QStringLiteral("without-triton"),
                   QStringLiteral("The project's command without the Triton path"), variantArgv,
                   variantEnv);
        variant.data.insert(QStringLiteral("switch"), o.switchEnv);
        s.checks << variant;
        s.signatures << signatureOf(variant);
    }
    s.durationMs = double(stepTimer.nsecsElapsed()) / 1e6;
    bool anyCancelled = false;
    for (const CheckRecord &c : s.checks)
        anyCancelled = anyCancelled || c.status == CheckStatus::Cancelled;
    const bool asIsOk = asIs.status == CheckStatus::Pass;
    const bool variantOk = s.signatures.size() > 1 && s.signatures[1].passed;
    if (anyCancelled) {
        s.status = CheckStatus::Cancelled;
        s.summary = QStringLiteral("cancelled");
    } else if (asIsOk && (!haveVariant || variantOk)) {
        s.status = CheckStatus::Pass;
        s.summary =
            haveVariant ? QStringLiteral("both runs pass") : QStringLiteral("the command passes");
    } else {
        s.status = CheckStatus::Fail;
        s.summary = QStringLiteral("as is: %1").arg(s.signatures[0].summary());
        if (haveVariant)
            s.summary += QStringLiteral("; without Triton: %1").arg(s.signatures[1].summary());
    }
    return s;
}

Verifier::Verifier(VerifyOptions options)
    : m_options(std::move(options)), m_cancel(std::make_shared<std::atomic_bool>(false)),
      m_diagnose(defaultDiagnoseHook()), m_envReads(defaultEnvReadCheck()),
      m_baseEnv(QProcessEnvironment::systemEnvironment()) {}

void Verifier::setProgressCallback(std::function<void(const VerifyProgress &)> cb) {
    m_progress = std::move(cb);
}
void Verifier::setDiagnoseHook(DiagnoseHook hook) {
    m_diagnose = std::move(hook);
}
void Verifier::setEnvReadCheck(EnvReadCheck check) {
    m_envReads = std::move(check);
}
void Verifier::setBaseEnvironment(const QProcessEnvironment &env) {
    m_baseEnv = env;
}
void Verifier::setExecutionHost(std::shared_ptr<ExecutionHost> host) {
    m_host = host ? std::move(host) : localHost();
}
void Verifier::cancel() {
    m_cancel->store(true);
}
bool Verifier::isCancelled() const {
    return m_cancel->load();
}

namespace {

// One finding per cause in a step (Finding::key, docs/findings.md "One finding per cause"): the
// baseline's program and code-object compiles fail with the same finding, shown once with a
// count.
StepRecord mergedFindings(StepRecord s) {
    s.findings = mergeDuplicateFindings(s.findings);
    return s;
}

} // namespace

StepRecord Verifier::runStep1() {
    Impl impl{*this};
    return mergedFindings(impl.step1());
}
StepRecord Verifier::runStep2() {
    Impl impl{*this};
    return mergedFindings(impl.step2());
}
StepRecord Verifier::runStep3() {
    Impl impl{*this};
    return mergedFindings(impl.step3());
}

VerifyResult Verifier::run(const QList<int> &steps) {
    VerifyResult r;
    r.envProblems = m_options.env.check(m_envReads);
    QList<int> order = steps;
    std::sort(order.begin(), order.end());
    order.erase(std::unique(order.begin(), order.end()), order.end());
    for (int n : order) {
        // A failed step never stops the next one; only cancellation does.
        if (n == 1)
            r.steps << runStep1();
        else if (n == 2)
            r.steps << runStep2();
        else if (n == 3)
            r.steps << runStep3();
    }
    r.devices = m_devices;
    r.cancelled = isCancelled();
    r.comparison = compareSteps(r.steps);
    return r;
}

// ---------------------------------------------------------------------------------------------
// The comparison

Comparison compareSteps(const QList<StepRecord> &steps) {
    Comparison c;
    const StepRecord *s1 = nullptr, *s2 = nullptr, *s3 = nullptr;
    for (const StepRecord &s : steps) {
        if (s.step == 1)
            s1 = &s;
        else if (s.step == 2)
            s2 = &s;
        else if (s.step == 3)
            s3 = &s;
        if (s.status != CheckStatus::Skipped)
            c.basis << QStringLiteral("step %1 (%2): %3 — %4")
                           .arg(s.step)
                           .arg(s.title, checkStatusName(s.status), s.summary);
    }
    const auto ran = [](const StepRecord *s) {
        return s && s->status != CheckStatus::Skipped && s->status != CheckStatus::Cancelled;
    };
    const auto failed = [&](const StepRecord *s) {
        return ran(s) && (s->status == CheckStatus::Fail || s->status == CheckStatus::Error);
    };
    const auto directionFromFindings = [](const StepRecord &s) {
        for (const Finding &f : s.findings)
            if (f.severity == Severity::Error && f.direction != Direction::None)
                return f.direction;
        for (const FailureSignature &sig : s.signatures)
            for (const QString &e : sig.hipErrors)
                if (directionOfError(e) != Direction::None)
                    return directionOfError(e);
        return Direction::None;
    };
    const auto stepEvidence = [](const StepRecord &s) {
        QList<Evidence> ev;
        for (const CheckRecord &ck : s.checks)
            if (ck.status == CheckStatus::Fail || ck.status == CheckStatus::Error)
                ev.append({QStringLiteral("step %1: %2").arg(s.step).arg(ck.id), {}, ck.summary});
        return ev;
    };

    if (!ran(s1) && !ran(s2) && !ran(s3)) {
        c.verdict = QStringLiteral("No step ran: nothing to compare.");
        return c;
    }
    if (failed(s1)) {
        c.direction = Direction::RuntimeLink;
        c.verdict = QStringLiteral("Step 1 (baseline) fails: the base chain — compiler, runtime "
                                   "link, runtime, device — is broken. Fix that first; the "
                                   "project's kernel cannot be judged until a plain vector add "
                                   "runs. (%1)")
                        .arg(s1->summary);
        c.findings << catalogFinding(
            QStringLiteral("verify.baseline-failed"), Severity::Error, Direction::RuntimeLink,
            QStringLiteral("The baseline (step 1) fails"), s1->summary, stepEvidence(*s1),
            {QStringLiteral("Follow the step 1 findings (runtime.*, "
                            "layer.compile-failed) before looking at the "
                            "project's kernel")},
            QStringLiteral("load"));
        // With no device the base chain cannot pass here, but step 3's with/without-Triton
        // signal needs no device: it is still reported (docs/user-guide.md "The comparison").
        if (ran(s3) &&
            !findingsWithId(s1->findings, QStringLiteral("runtime.no-device")).isEmpty()) {
            const Comparison later = compareSteps({*s3});
            const QList<Finding> triton =
                findingsWithId(later.findings, QStringLiteral("context.triton-state"));
            if (!triton.isEmpty()) {
                c.verdict += QStringLiteral(" Step 3 still shows: %1").arg(later.verdict);
                c.findings += triton;
            }
        }
        return c;
    }
    const bool s1ok = ran(s1) && s1->status == CheckStatus::Pass;
    if (failed(s2)) {
        const Direction d = directionFromFindings(*s2);
        c.direction = d == Direction::None ? Direction::CodeObject : d;
        QString same;
        if (ran(s3) && !s3->signatures.isEmpty() && !s2->signatures.isEmpty() &&
            s2->signatures.first().sameFailureAs(s3->signatures.first()))
            same = QStringLiteral(" It fails the same way as the project (step 3: %1).")
                       .arg(s3->signatures.first().summary());
        c.verdict = QStringLiteral("%1The suspect operator fails on its own (step 2: %2): the "
                                   "artifact is at fault, direction %3 (%4).%5")
                        .arg(s1ok ? QStringLiteral("The baseline works (step 1). ") : QString(),
                             s2->summary)
                        .arg(int(c.direction))
                        .arg(directionName(c.direction), same);
        QList<Evidence> ev = stepEvidence(*s2);
        if (s1ok)
            ev.prepend({QStringLiteral("step 1"), {}, s1->summary});
        c.findings << catalogFinding(
            QStringLiteral("verify.operator-fails"), Severity::Error, c.direction,
            QStringLiteral("The operator fails in isolation (step 2)"), c.verdict, ev,
            {QStringLiteral("Apply the step 2 findings' fixes to the artifact "
                            "(build flags, extern \"C\", --offload-arch)")},
            QStringLiteral("load"));
        return c;
    }
    if (ran(s3) && !s3->signatures.isEmpty()) {
        const FailureSignature &asIs = s3->signatures.first();
        const bool haveVariant = s3->signatures.size() > 1;
        if (!asIs.passed && haveVariant && s3->signatures[1].passed) {
            c.direction = Direction::CodeObject;
            const QString sw = s3->inputs.value(QStringLiteral("switch_env")).toString();
            c.verdict =
                QStringLiteral("Only the project fails, and only with the Triton path: as is "
                               "it fails (%1), without Triton (%2) it passes%3. The process "
                               "state Triton leaves behind breaks the HIP kernel.")
                    .arg(asIs.summary(), sw.isEmpty() ? QStringLiteral("second command") : sw,
                         ran(s2) ? QStringLiteral(", and the operator alone passes (step 2)")
                                 : QString());
            QList<Evidence> ev{
                {QStringLiteral("step 3: as-is"), {}, asIs.summary()},
                {QStringLiteral("step 3: without-triton"), sw, s3->signatures[1].summary()}};
            if (ran(s2))
                ev.append({QStringLiteral("step 2"), {}, s2->summary});
            // The diagnosis engine owns the finding's wording and fix; the steps add evidence.
            Finding f = tritonStateFinding(
                asIs.summary(),
                sw.isEmpty() ? shellJoin(strs(s3->inputs.value(QStringLiteral("variant_argv"))))
                             : sw,
                ev);
            f.direction = Direction::CodeObject;
            f.layer = QStringLiteral("load");
            if (ran(s2))
                f.detail += QStringLiteral(" The operator alone passes too (step 2).");
            c.findings << f;
            return c;
        }
        if (!asIs.passed) {
            Direction d = directionFromFindings(*s3);
            c.direction = d;
            c.verdict =
                QStringLiteral("The project fails (%1)%2%3, while the isolated steps pass: "
                               "compare the project's build commands and link lines with "
                               "the steps' (recorded in the step 1 and 2 checks).")
                    .arg(asIs.summary(),
                         haveVariant ? QStringLiteral(" with and without the Triton path (%1)")
                                           .arg(s3->signatures[1].summary())
                                     : QString(),
                         d != Direction::None
                             ? QStringLiteral("; its errors point at direction %1 (%2)")
                                   .arg(int(d))
                                   .arg(directionName(d))
                             : QString());
            c.findings << catalogFinding(
                QStringLiteral("verify.project-fails"), Severity::Error, d,
                QStringLiteral("The project's command fails, the isolated steps do not"), c.verdict,
                stepEvidence(*s3),
                {QStringLiteral("Diff the project's compile and link commands "
                                "(HIPCC_VERBOSE=1) against step 1's recorded "
                                "commands: --offload-arch, -lamdhip64, rpath"),
                 QStringLiteral("Run step 2 on the exact artifact the project loads")},
                QStringLiteral("load"));
            return c;
        }
    }
    c.verdict =
        QStringLiteral("Everything that ran passes in isolation. If the project still fails "
                       "elsewhere, compare its build commands and link lines with the steps'.");
    c.findings << catalogFinding(
        QStringLiteral("verify.passes-in-isolation"), Severity::Info, Direction::None,
        QStringLiteral("Every step that ran passes"), c.verdict, {},
        {QStringLiteral("Compare the project's build and link lines (HIPCC_VERBOSE=1) "
                        "with the steps' recorded commands")});
    return c;
}

} // namespace hd
