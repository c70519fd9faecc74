#include "model/case_verdict.h"

#include "model/records.h"

#include <QJsonArray>

#include <algorithm>

namespace hd {

namespace {

// How a device came to be known, said after its target.
Text deviceOrigin(const QString &devicesFrom) {
    if (devicesFrom == QLatin1String("target"))
        return HD_TEXT("hd::Diagnosis", "typed");
    if (devicesFrom == QLatin1String("text"))
        return HD_TEXT("hd::Diagnosis", "named in a pasted text");
    if (devicesFrom == QLatin1String("probe"))
        return HD_TEXT("hd::Diagnosis", "detected");
    if (devicesFrom == QLatin1String("rocminfo"))
        return HD_TEXT("hd::Diagnosis", "from a rocminfo listing");
    if (devicesFrom == QLatin1String("log"))
        return HD_TEXT("hd::Diagnosis", "from a runtime log");
    if (devicesFrom == QLatin1String("session"))
        return HD_TEXT("hd::Diagnosis", "from the session");
    return {};
}

Text questionOf(const CaseQuestion &q) {
    const QString kernels = q.kernels.join(QStringLiteral(", "));
    QStringList targets;
    for (const DeviceInfo &d : q.devices)
        if (!targets.contains(d.target.toString()))
            targets.append(d.target.toString());
    const Text origin = deviceOrigin(q.devicesFrom);
    const Text devices =
        targets.isEmpty() ? Text()
        : origin.isEmpty()
            ? Text(targets.join(QStringLiteral(", ")))
            : Text(QStringLiteral("%1 (%2)")).arg(targets.join(QStringLiteral(", ")), origin);
    const QString inputs = q.inputs.mid(0, 3).join(QStringLiteral(", ")) +
                           (q.inputs.size() > 3 ? QStringLiteral(", …") : QString());
    if (!kernels.isEmpty() && !devices.isEmpty() && !inputs.isEmpty())
        return HD_TEXT("hd::Diagnosis", "%1 on %2, in %3").arg(kernels, devices, inputs);
    if (!kernels.isEmpty() && !devices.isEmpty())
        return HD_TEXT("hd::Diagnosis", "%1 on %2").arg(kernels, devices);
    if (!kernels.isEmpty() && !inputs.isEmpty())
        return HD_TEXT("hd::Diagnosis", "%1 in %2").arg(kernels, inputs);
    if (!devices.isEmpty() && !inputs.isEmpty())
        return HD_TEXT("hd::Diagnosis", "%1 on %2").arg(inputs, devices);
    if (!inputs.isEmpty())
        return Text(inputs);
    return devices.isEmpty() ? Text(kernels) : devices;
}

// Compile failures come before anything loads, a load before a launch.
int layerRank(const QString &layer) {
    static const QStringList order{QStringLiteral("compile"), QStringLiteral("build"),
                                   QStringLiteral("load"),    QStringLiteral("launch"),
                                   QStringLiteral("env"),     QStringLiteral("run")};
    const qsizetype i = order.indexOf(layer);
    return i < 0 ? int(order.size()) : int(i);
}

// The finding speaks of what was asked: a kernel name or a device's processor.
bool aboutTheQuestion(const Finding &f, const CaseQuestion &q) {
    const QString text = f.title.english();
    for (const QString &k : q.kernels)
        if (!k.isEmpty() && text.contains(k))
            return true;
    for (const DeviceInfo &d : q.devices)
        if (text.contains(d.target.processor))
            return true;
    return false;
}

// No device here was asked about: the question names a GPU elsewhere (typed, or in a paste).
bool gpuIsElsewhere(const CaseQuestion &q) {
    return q.devicesFrom == QLatin1String("target") || q.devicesFrom == QLatin1String("text");
}

} // namespace

QString CaseVerdict::headline() const {
    if (findingId.isEmpty())
        return answer.english();
    return QStringLiteral("%1 %2: %3")
        .arg(severityName(severity).toUpper(), findingId, answer.english());
}

CaseVerdict caseVerdict(const CaseQuestion &q, const QList<Finding> &findings) {
    CaseVerdict v;
    v.question = questionOf(q);
    v.inputs = q.inputs;
    const bool noGpuHere = q.probeRan && q.probeDevices == 0 && !q.stepsRanOnGpu;
    // The answering finding. "The runtime sees no GPU" answers nothing when the GPU asked
    // about is another machine's: it is what could not be checked here.
    const Finding *best = nullptr;
    auto better = [&](const Finding &a, const Finding &b) {
        if (a.severity != b.severity)
            return int(a.severity) > int(b.severity);
        if (aboutTheQuestion(a, q) != aboutTheQuestion(b, q))
            return aboutTheQuestion(a, q);
        return layerRank(a.layer) < layerRank(b.layer);
    };
    // Without a GPU here, "the baseline fails" only repeats that the runtime sees none, unless
    // something else failed too (a compile, the runtime link).
    const bool noDevice = std::any_of(findings.cbegin(), findings.cend(), [](const Finding &f) {
        return f.id == QLatin1String("runtime.no-device");
    });
    const int otherErrors =
        int(std::count_if(findings.cbegin(), findings.cend(), [](const Finding &f) {
            return f.severity == Severity::Error && f.id != QLatin1String("runtime.no-device") &&
                   f.id != QLatin1String("verify.baseline-failed");
        }));
    // Only where the GPU asked about is another machine's: on the GPU machine itself a runtime
    // that sees no GPU is the answer (a driver, a permission).
    const bool onlyNoDevice = noGpuHere && gpuIsElsewhere(q) && noDevice && otherErrors == 0;
    for (const Finding &f : findings) {
        if (f.severity == Severity::Info)
            continue;
        if (f.id == QLatin1String("runtime.no-device") && gpuIsElsewhere(q))
            continue;
        if (f.id == QLatin1String("verify.baseline-failed") && onlyNoDevice)
            continue;
        if (!best || better(f, *best))
            best = &f;
    }
    if (best) {
        v.answer = best->title;
        v.findingId = best->id;
        v.findingKey = best->key();
        v.severity = best->severity;
        v.layer = best->layer;
        v.direction = best->direction;
    } else if (noGpuHere && gpuIsElsewhere(q)) {
        v.answer = HD_TEXT("hd::Diagnosis", "Nothing failed that this machine could check.");
    } else {
        v.answer = HD_TEXT("hd::Diagnosis", "No problem found in what was read.");
    }
    // What this machine could not check, and how to check it.
    if (!q.devices.isEmpty() && gpuIsElsewhere(q)) {
        const QString t = q.devices.first().target.toString();
        v.notChecked << (q.devicesFrom == QLatin1String("text")
                             ? HD_TEXT("hd::Diagnosis",
                                       "%1 was named in a pasted text, not detected: that the GPU "
                                       "is %1 (with these xnack/sramecc settings) was not checked. "
                                       "On the GPU machine, rocminfo | grep gfx says it.")
                                   .arg(t)
                             : HD_TEXT("hd::Diagnosis",
                                       "%1 was given, not detected: that the GPU is %1 (with these "
                                       "xnack/sramecc settings) was not checked. On the GPU "
                                       "machine, rocminfo | grep gfx says it.")
                                   .arg(t));
    } else if (q.devices.isEmpty()) {
        v.notChecked << HD_TEXT("hd::Diagnosis",
                                "No GPU was named or detected: whether a code object fits the "
                                "device was not checked. Name the GPU's target, or run on the "
                                "GPU machine.");
    }
    if (noGpuHere)
        v.notChecked << HD_TEXT("hd::Diagnosis",
                                "This machine's runtime sees no GPU: loading and launching were "
                                "not tried here. Run the steps on the GPU machine, or connect "
                                "to it.");
    return v;
}

QJsonObject CaseVerdict::toJson() const {
    QJsonArray nc;
    for (const Text &t : notChecked)
        nc.append(t.english());
    return {{QStringLiteral("question"), question.english()},
            {QStringLiteral("answer"), answer.english()},
            {QStringLiteral("finding_id"), findingId},
            {QStringLiteral("finding_key"), findingKey},
            {QStringLiteral("severity"), severityName(severity)},
            {QStringLiteral("layer"), layer},
            {QStringLiteral("direction"), directionName(direction)},
            {QStringLiteral("not_checked"), nc},
            {QStringLiteral("inputs"), QJsonArray::fromStringList(inputs)}};
}

CaseVerdict CaseVerdict::fromJson(const QJsonObject &o) {
    CaseVerdict v;
    v.question = o.value(QStringLiteral("question")).toString();
    v.answer = o.value(QStringLiteral("answer")).toString();
    v.findingId = o.value(QStringLiteral("finding_id")).toString();
    v.findingKey = o.value(QStringLiteral("finding_key")).toString();
    v.severity = severityFromName(o.value(QStringLiteral("severity")).toString());
    v.layer = o.value(QStringLiteral("layer")).toString();
    v.direction = directionFromName(o.value(QStringLiteral("direction")).toString());
    for (const QJsonValue &t : o.value(QStringLiteral("not_checked")).toArray())
        v.notChecked << Text(t.toString());
    for (const QJsonValue &i : o.value(QStringLiteral("inputs")).toArray())
        v.inputs << i.toString();
    return v;
}

} // namespace hd
