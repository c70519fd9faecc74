#include "common/shell.h"
#include "verify/verifier.h"
#include <QFileInfo>

#include <QJsonArray>

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
    return runFindings(steps, comparison);
}

CaseQuestion VerifyResult::question(const VerifyOptions &o) const {
    CaseQuestion q;
    if (!o.step2.kernel.isEmpty())
        q.kernels << o.step2.kernel;
    // The devices the steps' runtime saw; else the target step 1 was told to build for.
    q.devices = devices;
    q.devicesFrom = QStringLiteral("probe");
    if (devices.isEmpty()) {
        q.devicesFrom = QStringLiteral("none");
        if (const auto t = TargetId::parse(o.step1.target)) {
            q.devices << DeviceInfo::fromTarget(*t);
            q.devicesFrom = QStringLiteral("target");
        }
    }
    const QString program =
        o.step2.mode == Step2Options::Mode::Executable ? o.step2.argv.value(0) : o.step2.file;
    if (!program.isEmpty())
        q.inputs << QFileInfo(program).fileName();
    if (!o.step3.argv.isEmpty())
        q.inputs << shellJoin(o.step3.argv);
    // Steps 1 and 2 ask this machine's runtime (through the probe) for its devices.
    q.probeRan = std::any_of(steps.cbegin(), steps.cend(), [](const StepRecord &s) {
        return s.step <= 2 && s.status != CheckStatus::Skipped;
    });
    q.probeDevices = int(devices.size());
    q.stepsRanOnGpu = !devices.isEmpty();
    return q;
}

} // namespace hd
