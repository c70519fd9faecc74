#include "common/engine_text.h"
#include "verify_context_p.h"

#include "check_support_p.h"
#include "env/env_catalogue.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>

namespace hd {

VerifyContext::VerifyContext(VerifyOptions o)
    : options(std::move(o)), baseEnv(QProcessEnvironment::systemEnvironment()) {}

void VerifyContext::progress(int step, const QString &check, const QString &message) const {
    const VerifyProgress p{step, check, message};
    if (progressCallback)
        progressCallback(p);
    if (observer)
        observer->progress(p);
}

ProcessSpec VerifyContext::spec(const QStringList &argv, const QString &cwd,
                                const QMap<QString, QString> &extra) const {
    ProcessSpec s;
    s.argv = argv;
    s.workingDirectory = cwd;
    s.baseEnv = baseEnv;
    // Children start from this environment without runtime switches (the toolchain's
    // variables stay: a step may compile), plus the profile.
    QProcessEnvironment cleaned = baseEnv;
    s.unset = clearRuntimeVariables(cleaned, EnvChild::Step);
    s.env = profileEnv();
    for (auto it = extra.begin(); it != extra.end(); ++it)
        s.env.insert(it.key(), it.value());
    // A variable the profile sets is not "removed".
    for (auto it = s.env.begin(); it != s.env.end(); ++it)
        s.unset.removeAll(it.key());
    s.timeoutMs = options.timeoutMs;
    s.cancel = cancelFlag.get();
    return s;
}

ProbeOptions VerifyContext::probeOptions() const {
    ProbeOptions o;
    o.probePath = options.probePath;
    o.env = profileEnv();
    o.timeoutMs = options.timeoutMs;
    o.cancel = cancelFlag.get();
    return o;
}

ProbeRequest VerifyContext::request(ProbeRequest::Kind kind) const {
    ProbeRequest r;
    r.kind = kind;
    r.backend = options.backend;
    return r;
}

const CheckRecord &VerifyContext::queryDevices(int step) {
    if (devicesQueried)
        return devicesCheck;
    progress(step, QStringLiteral("devices"),
             HD_TEXT("hd::Verify", "asking the runtime for its devices").english());
    const QString startedAt = isoNow();
    return recordDevices(host->runProbe(request(ProbeRequest::Kind::Devices), probeOptions()),
                         startedAt);
}

const CheckRecord &VerifyContext::recordDevices(const ProbeResult &r, const QString &startedAt) {
    devicesQueried = true;
    CheckRecord &c = devicesCheck;
    c.id = QStringLiteral("runtime-devices");
    c.title = HD_TEXT("hd::Verify", "Runtime and devices (probe)");
    c.startedAt = startedAt;
    fillFromProbe(r, profileEnv(), c);
    devices = r.devices;
    runtimeVersion = r.hello.runtimeVersion;
    if (r.ok() && r.devices.isEmpty())
        c.status = CheckStatus::Fail;
    return devicesCheck;
}

QString VerifyContext::sourceDir() const {
    // Absolute: the compiles run in a folder of the compile cache, not where a relative
    // --kernels-dir was meant.
    if (!options.step1.sourceDir.isEmpty())
        return QDir(options.step1.sourceDir).absolutePath();
    QStringList candidates;
    const QString envDir = baseEnv.value(QStringLiteral("HIPDOCTOR_KERNELS_SRC"));
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

QList<Finding> VerifyContext::diagnose(const DiagnoseRequest &in, CheckRecord &c) const {
    c.artifacts = in.inputs;
    if (!diagnoseHook) {
        c.status = CheckStatus::Skipped;
        c.summary = HD_TEXT("hd::Verify", "no diagnosis engine in this build");
        return {};
    }
    QElapsedTimer t;
    t.start();
    const QList<Finding> f = diagnoseHook(in);
    c.durationMs = double(t.nsecsElapsed()) / 1e6;
    QStringList ids;
    bool errors = false;
    for (const Finding &x : f) {
        ids << x.id;
        errors = errors || x.severity == Severity::Error;
    }
    c.status = errors ? CheckStatus::Fail : CheckStatus::Pass;
    c.summary = f.isEmpty()
                    ? HD_TEXT("hd::Verify", "no findings")
                    : HD_TEXT("hd::Verify", "findings: %1").arg(ids.join(QStringLiteral(", ")));
    c.data.insert(QStringLiteral("kernels"), QJsonArray::fromStringList(in.kernels));
    c.data.insert(QStringLiteral("targets"), QJsonArray::fromStringList(in.targets));
    return f;
}

} // namespace hd
