#include "probe/protocol.h"

#include "model/runtime_errors.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace hd {

namespace {

QJsonArray dims(const std::array<unsigned, 3> &d) {
    return QJsonArray{qint64(d[0]), qint64(d[1]), qint64(d[2])};
}

std::array<unsigned, 3> dimsFrom(const QJsonValue &v) {
    std::array<unsigned, 3> d{1, 1, 1};
    const QJsonArray a = v.toArray();
    for (int i = 0; i < 3 && i < a.size(); ++i)
        d[size_t(i)] = unsigned(a[i].toInteger(1));
    return d;
}

QJsonArray toArray(const QStringList &l) {
    QJsonArray a;
    for (const auto &s : l)
        a.append(s);
    return a;
}

QStringList toStrings(const QJsonValue &v) {
    QStringList l;
    for (const auto &e : v.toArray())
        l << e.toString();
    return l;
}

template <typename T> QJsonArray listToJson(const QList<T> &l) {
    QJsonArray a;
    for (const auto &e : l)
        a.append(e.toJson());
    return a;
}

template <typename T> QList<T> listFromJson(const QJsonValue &v) {
    QList<T> l;
    for (const auto &e : v.toArray())
        l << T::fromJson(e.toObject());
    return l;
}

DeviceInfo deviceFromEvent(const QJsonObject &o, const ProbeHello &h) {
    DeviceInfo d;
    d.source = DeviceInfo::Source::Probe;
    d.index = o.value(QLatin1String("index")).toInt();
    d.name = o.value(QLatin1String("name")).toString();
    d.isaName = o.value(QLatin1String("isa")).toString();
    const QString target = o.value(QLatin1String("target")).toString();
    if (auto t = TargetId::parse(target.isEmpty() ? d.isaName : target))
        d.target = *t;
    d.computeUnits = o.value(QLatin1String("compute_units")).toInt();
    d.wavefrontSize = o.value(QLatin1String("wavefront")).toInt();
    d.totalMemory = uint64_t(o.value(QLatin1String("memory")).toDouble());
    d.maxThreadsPerBlock = o.value(QLatin1String("max_threads_per_block")).toInt();
    d.maxSharedMemoryPerBlock = uint64_t(o.value(QLatin1String("max_shared_per_block")).toDouble());
    d.backend = h.backend;
    d.runtimeVersion = h.runtimeVersion;
    d.driverVersion = h.driverVersion;
    d.library = h.library;
    return d;
}

} // namespace

QString ProbeRequest::kindName(Kind k) {
    switch (k) {
    case Kind::Devices:
        return QStringLiteral("devices");
    case Kind::Load:
        return QStringLiteral("load");
    case Kind::Launch:
        return QStringLiteral("launch");
    case Kind::Dlopen:
        return QStringLiteral("dlopen");
    }
    return {};
}

QJsonObject ProbeRequest::toJson() const {
    QJsonObject o{{QStringLiteral("protocol"), kProbeProtocolVersion},
                  {QStringLiteral("request"), kindName(kind)},
                  {QStringLiteral("backend"), backend}};
    if (!library.isEmpty())
        o.insert(QStringLiteral("library"), library);
    if (kind == Kind::Load || kind == Kind::Launch) {
        o.insert(QStringLiteral("device"), device);
        o.insert(QStringLiteral("file"), file);
    }
    if (kind == Kind::Load)
        o.insert(QStringLiteral("kernels"), toArray(kernels));
    if (kind == Kind::Launch) {
        o.insert(QStringLiteral("kernel"), kernel);
        o.insert(QStringLiteral("args"), args);
        o.insert(QStringLiteral("grid"), dims(grid));
        o.insert(QStringLiteral("block"), dims(block));
        o.insert(QStringLiteral("shared"), qint64(sharedMemBytes));
        o.insert(QStringLiteral("repeat"), repeat);
        o.insert(QStringLiteral("validate"), validate);
    }
    if (kind == Kind::Dlopen)
        o.insert(QStringLiteral("path"), dlopenPath);
    return o;
}

static ProbeRequest requestFromJson(const QJsonObject &o) {
    ProbeRequest r;
    const QString k = o.value(QLatin1String("request")).toString();
    r.kind = k == QLatin1String("load")     ? ProbeRequest::Kind::Load
             : k == QLatin1String("launch") ? ProbeRequest::Kind::Launch
             : k == QLatin1String("dlopen") ? ProbeRequest::Kind::Dlopen
                                            : ProbeRequest::Kind::Devices;
    r.backend = o.value(QLatin1String("backend")).toString(QStringLiteral("auto"));
    r.library = o.value(QLatin1String("library")).toString();
    r.device = o.value(QLatin1String("device")).toInt();
    r.file = o.value(QLatin1String("file")).toString();
    r.kernels = toStrings(o.value(QLatin1String("kernels")));
    r.kernel = o.value(QLatin1String("kernel")).toString();
    r.args = o.value(QLatin1String("args")).toString();
    r.grid = dimsFrom(o.value(QLatin1String("grid")));
    r.block = dimsFrom(o.value(QLatin1String("block")));
    r.sharedMemBytes = unsigned(o.value(QLatin1String("shared")).toInteger());
    r.repeat = o.value(QLatin1String("repeat")).toInt(1);
    r.validate = o.value(QLatin1String("validate")).toString(QStringLiteral("auto"));
    r.dlopenPath = o.value(QLatin1String("path")).toString();
    return r;
}

QJsonObject PhaseEvent::toJson() const {
    QJsonObject o{{QStringLiteral("name"), name},
                  {QStringLiteral("api"), api},
                  {QStringLiteral("status"), status},
                  {QStringLiteral("ms"), ms},
                  {QStringLiteral("code"), errorCode}};
    if (!errorName.isEmpty())
        o.insert(QStringLiteral("error"), errorName);
    if (!errorString.isEmpty())
        o.insert(QStringLiteral("message"), errorString);
    if (repeat >= 0)
        o.insert(QStringLiteral("repeat"), repeat);
    if (!detail.isEmpty())
        o.insert(QStringLiteral("detail"), detail);
    return o;
}

PhaseEvent PhaseEvent::fromJson(const QJsonObject &o) {
    PhaseEvent e;
    e.name = o.value(QLatin1String("name")).toString();
    e.api = o.value(QLatin1String("api")).toString();
    e.status = o.value(QLatin1String("status")).toString();
    e.ms = o.value(QLatin1String("ms")).toDouble();
    e.errorCode = o.value(QLatin1String("code")).toInt();
    e.errorName = o.value(QLatin1String("error")).toString();
    e.errorString = o.value(QLatin1String("message")).toString();
    e.repeat = o.value(QLatin1String("repeat")).toInt(-1);
    e.detail = o.value(QLatin1String("detail")).toString();
    return e;
}

QJsonObject KernelLookup::toJson() const {
    return {{QStringLiteral("name"), name},
            {QStringLiteral("found"), found},
            {QStringLiteral("code"), errorCode},
            {QStringLiteral("error"), errorName}};
}

KernelLookup KernelLookup::fromJson(const QJsonObject &o) {
    KernelLookup k;
    k.name = o.value(QLatin1String("name")).toString();
    k.found = o.value(QLatin1String("found")).toBool();
    k.errorCode = o.value(QLatin1String("code")).toInt();
    k.errorName = o.value(QLatin1String("error")).toString();
    return k;
}

QJsonObject TimingStats::toJson() const {
    return {{QStringLiteral("name"), name},
            {QStringLiteral("count"), count},
            {QStringLiteral("min"), minMs},
            {QStringLiteral("median"), medianMs},
            {QStringLiteral("max"), maxMs}};
}

TimingStats TimingStats::fromJson(const QJsonObject &o) {
    TimingStats t;
    t.name = o.value(QLatin1String("name")).toString();
    t.count = o.value(QLatin1String("count")).toInt();
    t.minMs = o.value(QLatin1String("min")).toDouble();
    t.medianMs = o.value(QLatin1String("median")).toDouble();
    t.maxMs = o.value(QLatin1String("max")).toDouble();
    return t;
}

QJsonObject LibraryAttempt::toJson() const {
    return {{QStringLiteral("path"), path},
            {QStringLiteral("loaded"), loaded},
            {QStringLiteral("error"), error}};
}

LibraryAttempt LibraryAttempt::fromJson(const QJsonObject &o) {
    LibraryAttempt a;
    a.path = o.value(QLatin1String("path")).toString();
    a.loaded = o.value(QLatin1String("loaded")).toBool();
    a.error = o.value(QLatin1String("error")).toString();
    return a;
}

QJsonObject ProbeHello::toJson() const {
    return {{QStringLiteral("protocol"), protocol},
            {QStringLiteral("probe"), probeVersion},
            {QStringLiteral("backend"), backend},
            {QStringLiteral("library"), library},
            {QStringLiteral("soname"), soname},
            {QStringLiteral("runtime_version"), runtimeVersion},
            {QStringLiteral("runtime_version_raw"), runtimeVersionRaw},
            {QStringLiteral("driver_version"), driverVersion},
            {QStringLiteral("driver_version_raw"), driverVersionRaw},
            {QStringLiteral("device_properties_layout"), devicePropertiesLayout},
            {QStringLiteral("device_properties_api"), devicePropertiesApi},
            {QStringLiteral("abi_note"), abiNote},
            {QStringLiteral("tried"), listToJson(tried)}};
}

ProbeHello ProbeHello::fromJson(const QJsonObject &o) {
    ProbeHello h;
    h.protocol = o.value(QLatin1String("protocol")).toInt();
    h.probeVersion = o.value(QLatin1String("probe")).toString();
    h.backend = o.value(QLatin1String("backend")).toString();
    h.library = o.value(QLatin1String("library")).toString();
    h.soname = o.value(QLatin1String("soname")).toString();
    h.devicePropertiesLayout = o.value(QLatin1String("device_properties_layout")).toString();
    h.devicePropertiesApi = o.value(QLatin1String("device_properties_api")).toString();
    h.abiNote = o.value(QLatin1String("abi_note")).toString();
    h.runtimeVersion = o.value(QLatin1String("runtime_version")).toString();
    h.runtimeVersionRaw = o.value(QLatin1String("runtime_version_raw")).toInt();
    h.driverVersion = o.value(QLatin1String("driver_version")).toString();
    h.driverVersionRaw = o.value(QLatin1String("driver_version_raw")).toInt();
    h.tried = listFromJson<LibraryAttempt>(o.value(QLatin1String("tried")));
    return h;
}

QJsonObject ValidationResult::toJson() const {
    return {{QStringLiteral("ran"), ran},
            {QStringLiteral("passed"), passed},
            {QStringLiteral("checked"), checked},
            {QStringLiteral("mismatches"), mismatches},
            {QStringLiteral("first_mismatch"), firstMismatch},
            {QStringLiteral("detail"), detail}};
}

ValidationResult ValidationResult::fromJson(const QJsonObject &o) {
    ValidationResult v;
    v.ran = o.value(QLatin1String("ran")).toBool();
    v.passed = o.value(QLatin1String("passed")).toBool();
    v.checked = o.value(QLatin1String("checked")).toInteger();
    v.mismatches = o.value(QLatin1String("mismatches")).toInteger();
    v.firstMismatch = o.value(QLatin1String("first_mismatch")).toInteger(-1);
    v.detail = o.value(QLatin1String("detail")).toString();
    return v;
}

QString probeOutcomeName(ProbeOutcome o) {
    switch (o) {
    case ProbeOutcome::Completed:
        return QStringLiteral("completed");
    case ProbeOutcome::NoResult:
        return QStringLiteral("no-result");
    case ProbeOutcome::Crashed:
        return QStringLiteral("crashed");
    case ProbeOutcome::Aborted:
        return QStringLiteral("aborted");
    case ProbeOutcome::TimedOut:
        return QStringLiteral("timed-out");
    case ProbeOutcome::Cancelled:
        return QStringLiteral("cancelled");
    case ProbeOutcome::ProtocolMismatch:
        return QStringLiteral("protocol-mismatch");
    case ProbeOutcome::FailedToStart:
        return QStringLiteral("failed-to-start");
    }
    return {};
}

static ProbeOutcome outcomeFromName(const QString &n) {
    for (auto o : {ProbeOutcome::Completed, ProbeOutcome::NoResult, ProbeOutcome::Crashed,
                   ProbeOutcome::Aborted, ProbeOutcome::TimedOut, ProbeOutcome::Cancelled,
                   ProbeOutcome::ProtocolMismatch, ProbeOutcome::FailedToStart})
        if (probeOutcomeName(o) == n)
            return o;
    return ProbeOutcome::NoResult;
}

namespace {

// The probe's "validation" event: its status word, and the counts of what was compared.
void applyValidationEvent(ValidationResult &v, const QJsonObject &o) {
    v.ran = true;
    v.passed = o.value(QLatin1String("status")).toString() == QLatin1String("passed");
    v.checked = o.value(QLatin1String("checked")).toInteger();
    v.mismatches = o.value(QLatin1String("mismatches")).toInteger();
    v.firstMismatch = o.value(QLatin1String("first_mismatch")).toInteger(-1);
}

// The probe's last word: its status and message, and the call that failed (when one did).
void applyResultEvent(ProbeResult &r, const QJsonObject &o) {
    r.outcome = ProbeOutcome::Completed;
    r.status = o.value(QLatin1String("status")).toString();
    r.message = o.value(QLatin1String("message")).toString();
    if (o.contains(QLatin1String("phase"))) {
        PhaseEvent f;
        f.name = o.value(QLatin1String("phase")).toString();
        f.api = o.value(QLatin1String("api")).toString();
        f.status = QStringLiteral("error");
        f.errorCode = o.value(QLatin1String("code")).toInt();
        f.errorName = o.value(QLatin1String("error")).toString();
        // the matching phase event carries the runtime's text and the time
        for (auto it = r.phases.crbegin(); it != r.phases.crend(); ++it)
            if (!it->ok() && it->name == f.name && it->errorCode == f.errorCode) {
                f = *it;
                break;
            }
        r.failedCall = f;
    }
}

} // namespace

void applyProbeLine(ProbeResult &r, const QByteArray &rawLine, QString *currentPhase,
                    QString *currentApi) {
    QByteArray line = rawLine.trimmed();
    if (line.isEmpty())
        return;
    r.stdoutLines << QString::fromUtf8(line);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        // Not protocol output: a runtime printing on stdout. Kept verbatim, never interpreted.
        return;
    }
    const QJsonObject o = doc.object();
    const QString ev = o.value(QLatin1String("event")).toString();
    if (ev == QLatin1String("hello")) {
        r.hello = ProbeHello::fromJson(o);
        r.helloSeen = true;
        if (r.hello.protocol != kProbeProtocolVersion)
            r.protocolMismatch = true;
    } else if (ev == QLatin1String("begin")) {
        if (currentPhase)
            *currentPhase = o.value(QLatin1String("name")).toString();
        if (currentApi)
            *currentApi = o.value(QLatin1String("api")).toString();
    } else if (ev == QLatin1String("phase")) {
        PhaseEvent p = PhaseEvent::fromJson(o);
        if (!p.ok() && !r.firstError)
            r.firstError = p;
        r.phases << p;
        if (currentPhase)
            currentPhase->clear();
        if (currentApi)
            currentApi->clear();
    } else if (ev == QLatin1String("device")) {
        r.devices << deviceFromEvent(o, r.hello);
    } else if (ev == QLatin1String("kernel")) {
        r.kernels << KernelLookup::fromJson(o);
    } else if (ev == QLatin1String("timing")) {
        r.timings << TimingStats::fromJson(o);
    } else if (ev == QLatin1String("validation")) {
        applyValidationEvent(r.validation, o);
    } else if (ev == QLatin1String("result")) {
        applyResultEvent(r, o);
    }
}

ProbeResult probeResultFromLines(const QList<QByteArray> &lines) {
    ProbeResult r;
    QString phase, api;
    for (const QByteArray &l : lines)
        applyProbeLine(r, l, &phase, &api);
    if (r.protocolMismatch) {
        r.outcome = ProbeOutcome::ProtocolMismatch;
    } else if (r.outcome != ProbeOutcome::Completed) {
        r.diedInPhase =
            phase.isEmpty() && !r.helloSeen ? QString::fromLatin1(phase::LibraryLoad) : phase;
        r.diedInApi = api;
    }
    return r;
}

QStringList ProbeResult::suggestedFindingIds() const {
    QStringList ids;
    auto add = [&](const QStringList &l) {
        for (const auto &id : l)
            if (!ids.contains(id))
                ids << id;
    };
    if (outcome == ProbeOutcome::Completed && status == QLatin1String("no-runtime"))
        add({QStringLiteral("runtime.library-not-found")});
    if (outcome == ProbeOutcome::Completed && status == QLatin1String("no-device"))
        add({QStringLiteral("runtime.no-device")});
    QList<PhaseEvent> decisive;
    if (failedCall)
        decisive << *failedCall;
    decisive << phases;
    for (const PhaseEvent &p : decisive) {
        if (p.ok() || p.errorCode <= 0)
            continue;
        // the first error of a phase decides; follow-on errors rarely add information
        const RuntimeErrorInfo info = hello.backend == QLatin1String("cuda")
                                          ? cudaErrorInfo(p.errorCode, p.name)
                                          : hipErrorInfo(p.errorCode, hello.runtimeVersion, p.name);
        if (p.name == QLatin1String(phase::RuntimeInit) && p.api == QLatin1String("hipInit"))
            continue; // ROCm 5 answers hipInit with 101 when there is no GPU; the count says why
        add(info.findingIds);
        break;
    }
    for (const AmdLogLine &l : amdLog.lines)
        if (!l.returnedError.isEmpty() && l.returnedError != QLatin1String("hipSuccess") &&
            l.returnedError != QLatin1String("hipErrorNoDevice") &&
            l.apiName != QLatin1String("hipInit"))
            add(errorInfoByName(l.returnedError, hello.runtimeVersion).findingIds);
    if (!amdLog.noBinary.isEmpty())
        add({QStringLiteral("arch.no-compatible-code-object")});
    if (!amdLog.missingFunctions.isEmpty())
        add({QStringLiteral("symbol.kernel-not-found")});
    return ids;
}

namespace {
// Who answered: the runtime the probe loaded, or the probe itself.
QString probeWho(const ProbeHello &hello) {
    return hello.backend.isEmpty() || hello.backend == QLatin1String("none")
               ? QStringLiteral("probe")
               : QStringLiteral("%1 %2 (%3)")
                     .arg(hello.backend, hello.runtimeVersion, hello.library);
}
} // namespace

QString ProbeResult::summary() const {
    const QString who = probeWho(hello);
    switch (outcome) {
    case ProbeOutcome::Completed: {
        QString s = QStringLiteral("%1: %2").arg(who, status);
        if (!message.isEmpty())
            s += QStringLiteral(": ") + message;
        return s;
    }
    case ProbeOutcome::Crashed:
    case ProbeOutcome::Aborted:
    case ProbeOutcome::TimedOut:
        return QStringLiteral("%1: %2 in phase %3%4%5")
            .arg(who,
                 outcome == ProbeOutcome::TimedOut
                     ? QStringLiteral("hung (timed out)")
                     : QStringLiteral("%1 (%2)").arg(probeOutcomeName(outcome), signalName),
                 diedInPhase.isEmpty() ? QStringLiteral("(unknown)") : diedInPhase,
                 diedInApi.isEmpty() ? QString() : QStringLiteral(" during %1").arg(diedInApi),
                 message.isEmpty() ? QString() : QStringLiteral(": ") + message);
    default:
        return QStringLiteral("%1: %2%3: %4")
            .arg(who, probeOutcomeName(outcome),
                 diedInPhase.isEmpty() ? QString()
                                       : QStringLiteral(" in phase %1").arg(diedInPhase),
                 message);
    }
}

Text ProbeResult::summaryText() const {
    if (outcome != ProbeOutcome::Completed)
        return summary();
    // summary()'s English, made of the same parts.
    return message.isEmpty()
               ? HD_TEXT("hd::Verify", "%1: %2").arg(probeWho(hello), status)
               : HD_TEXT("hd::Verify", "%1: %2: %3").arg(probeWho(hello), status, message);
}

QJsonObject ProbeResult::toJson() const {
    QJsonObject o;
    o.insert(QStringLiteral("schema"), QStringLiteral("hipdoctor.probe-result/1"));
    o.insert(QStringLiteral("request"), request.toJson());
    o.insert(QStringLiteral("outcome"), probeOutcomeName(outcome));
    o.insert(QStringLiteral("status"), status);
    o.insert(QStringLiteral("message"), message);
    o.insert(QStringLiteral("summary"), summary());
    o.insert(QStringLiteral("hello"), hello.toJson());
    o.insert(QStringLiteral("hello_seen"), helloSeen);
    o.insert(QStringLiteral("protocol_mismatch"), protocolMismatch);
    o.insert(QStringLiteral("devices"), listToJson(devices));
    o.insert(QStringLiteral("phases"), listToJson(phases));
    o.insert(QStringLiteral("kernels"), listToJson(kernels));
    o.insert(QStringLiteral("timings"), listToJson(timings));
    o.insert(QStringLiteral("validation"), validation.toJson());
    if (firstError)
        o.insert(QStringLiteral("first_error"), firstError->toJson());
    if (failedCall)
        o.insert(QStringLiteral("failed_call"), failedCall->toJson());
    o.insert(QStringLiteral("died_in_phase"), diedInPhase);
    o.insert(QStringLiteral("died_in_api"), diedInApi);
    o.insert(QStringLiteral("exit_code"), exitCode);
    o.insert(QStringLiteral("signal"), signal);
    o.insert(QStringLiteral("signal_name"), signalName);
    o.insert(QStringLiteral("wall_ms"), wallMs);
    o.insert(QStringLiteral("command"), toArray(command));
    o.insert(QStringLiteral("environment"), toArray(environment));
    o.insert(QStringLiteral("stdout"), toArray(stdoutLines));
    o.insert(QStringLiteral("stderr"), stderrText);
    o.insert(QStringLiteral("finding_ids"), toArray(suggestedFindingIds()));
    return o;
}

ProbeResult ProbeResult::fromJson(const QJsonObject &o) {
    ProbeResult r;
    r.request = requestFromJson(o.value(QLatin1String("request")).toObject());
    r.outcome = outcomeFromName(o.value(QLatin1String("outcome")).toString());
    r.status = o.value(QLatin1String("status")).toString();
    r.message = o.value(QLatin1String("message")).toString();
    r.hello = ProbeHello::fromJson(o.value(QLatin1String("hello")).toObject());
    r.helloSeen = o.value(QLatin1String("hello_seen")).toBool();
    r.protocolMismatch = o.value(QLatin1String("protocol_mismatch")).toBool();
    for (const auto &d : o.value(QLatin1String("devices")).toArray())
        r.devices << DeviceInfo::fromJson(d.toObject());
    r.phases = listFromJson<PhaseEvent>(o.value(QLatin1String("phases")));
    r.kernels = listFromJson<KernelLookup>(o.value(QLatin1String("kernels")));
    r.timings = listFromJson<TimingStats>(o.value(QLatin1String("timings")));
    r.validation = ValidationResult::fromJson(o.value(QLatin1String("validation")).toObject());
    if (o.contains(QLatin1String("first_error")))
        r.firstError = PhaseEvent::fromJson(o.value(QLatin1String("first_error")).toObject());
    if (o.contains(QLatin1String("failed_call")))
        r.failedCall = PhaseEvent::fromJson(o.value(QLatin1String("failed_call")).toObject());
    r.diedInPhase = o.value(QLatin1String("died_in_phase")).toString();
    r.diedInApi = o.value(QLatin1String("died_in_api")).toString();
    r.exitCode = o.value(QLatin1String("exit_code")).toInt(-1);
    r.signal = o.value(QLatin1String("signal")).toInt();
    r.signalName = o.value(QLatin1String("signal_name")).toString();
    r.wallMs = o.value(QLatin1String("wall_ms")).toDouble();
    r.command = toStrings(o.value(QLatin1String("command")));
    r.environment = toStrings(o.value(QLatin1String("environment")));
    r.stdoutLines = toStrings(o.value(QLatin1String("stdout")));
    r.stderrText = o.value(QLatin1String("stderr")).toString();
    r.amdLog = parseAmdLog(r.stderrText);
    return r;
}

} // namespace hd
