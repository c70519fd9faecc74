#include "model/records.h"

#include "model/model_json.h"

#include <QJsonArray>

#include <algorithm>

namespace hd {

namespace {

QMap<QString, QString> mapFromJson(const QJsonObject &o) {
    QMap<QString, QString> m;
    for (auto it = o.begin(); it != o.end(); ++it)
        m.insert(it.key(), it.value().toString());
    return m;
}

QStringList strings(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

template <typename T> QList<T> listOf(const QJsonValue &v) {
    QList<T> out;
    for (const QJsonValue &x : v.toArray())
        out.append(T::fromJson(x.toObject()));
    return out;
}

} // namespace

QString checkStatusName(CheckStatus s) {
    switch (s) {
    case CheckStatus::Pass:
        return QStringLiteral("pass");
    case CheckStatus::Fail:
        return QStringLiteral("fail");
    case CheckStatus::Skipped:
        return QStringLiteral("skipped");
    case CheckStatus::Error:
        return QStringLiteral("error");
    case CheckStatus::Cancelled:
        return QStringLiteral("cancelled");
    }
    return QStringLiteral("error");
}

CheckStatus checkStatusFromName(const QString &n) {
    if (n == QLatin1String("pass"))
        return CheckStatus::Pass;
    if (n == QLatin1String("fail"))
        return CheckStatus::Fail;
    if (n == QLatin1String("skipped"))
        return CheckStatus::Skipped;
    if (n == QLatin1String("cancelled"))
        return CheckStatus::Cancelled;
    return CheckStatus::Error;
}

QString directionName(Direction d) {
    switch (d) {
    case Direction::RuntimeLink:
        return QStringLiteral("runtime-link");
    case Direction::Symbols:
        return QStringLiteral("symbols");
    case Direction::CodeObject:
        return QStringLiteral("code-object");
    case Direction::None:
        break;
    }
    return QStringLiteral("none");
}

QList<Finding> runFindings(const QList<StepRecord> &steps, const Comparison &comparison,
                           const QList<Finding> &more) {
    QList<Finding> all;
    for (const StepRecord &s : steps)
        all << s.findings;
    all << comparison.findings << more;
    return mergeDuplicateFindings(all); // one per cause, with counts
}

Direction directionFromName(const QString &name) {
    for (Direction d : {Direction::RuntimeLink, Direction::Symbols, Direction::CodeObject})
        if (directionName(d) == name)
            return d;
    return Direction::None;
}

PhaseTiming PhaseTiming::fromJson(const QJsonObject &o) {
    return {o.value(QStringLiteral("name")).toString(),
            o.value(QStringLiteral("start_ms")).toDouble(),
            o.value(QStringLiteral("ms")).toDouble(), o.value(QStringLiteral("status")).toString(),
            o.value(QStringLiteral("detail")).toString()};
}

Text FailureSignature::summaryText() const {
    if (passed)
        return HD_TEXT("hd::Verify", "passed (exit 0)");
    Text s = timedOut                ? HD_TEXT("hd::Verify", "timed out")
             : !signalName.isEmpty() ? HD_TEXT("hd::Verify", "killed by %1").arg(signalName)
             : exitCode >= 0         ? HD_TEXT("hd::Verify", "exit %1").arg(exitCode)
                                     : HD_TEXT("hd::Verify", "did not run");
    if (!hipErrors.isEmpty())
        s += QStringLiteral("; ") + hipErrors.join(QStringLiteral(", "));
    if (!firstError.isEmpty())
        s += QStringLiteral("; \"%1\"").arg(firstError);
    return s;
}

bool FailureSignature::sameFailureAs(const FailureSignature &o) const {
    if (passed || o.passed)
        return false;
    if (timedOut != o.timedOut || signalName != o.signalName)
        return false;
    if (signalName.isEmpty() && !timedOut && exitCode != o.exitCode)
        return false;
    QStringList a = hipErrors, b = o.hipErrors;
    a.removeDuplicates();
    b.removeDuplicates();
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

QJsonObject FailureSignature::toJson() const {
    return jsonObjectOf(*this);
}

FailureSignature FailureSignature::fromJson(const QJsonObject &o) {
    FailureSignature s;
    s.passed = o.value(QStringLiteral("passed")).toBool();
    s.exitCode = o.value(QStringLiteral("exit_code")).toInt(-1);
    s.signalName = o.value(QStringLiteral("signal")).toString();
    s.firstError = o.value(QStringLiteral("first_error")).toString();
    s.hipErrors = strings(o.value(QStringLiteral("hip_errors")));
    s.durationMs = o.value(QStringLiteral("duration_ms")).toDouble();
    s.timedOut = o.value(QStringLiteral("timed_out")).toBool();
    return s;
}

QJsonObject CheckRecord::toJson() const {
    return jsonObjectOf(*this);
}

CheckRecord CheckRecord::fromJson(const QJsonObject &o) {
    CheckRecord c;
    c.id = o.value(QStringLiteral("id")).toString();
    c.title = o.value(QStringLiteral("title")).toString();
    c.status = checkStatusFromName(o.value(QStringLiteral("status")).toString());
    c.summary = o.value(QStringLiteral("summary")).toString();
    c.command = strings(o.value(QStringLiteral("command")));
    c.workingDirectory = o.value(QStringLiteral("working_directory")).toString();
    c.env = mapFromJson(o.value(QStringLiteral("env")).toObject());
    c.envRemoved = strings(o.value(QStringLiteral("env_removed")));
    c.stdoutText = o.value(QStringLiteral("stdout")).toString();
    c.stderrText = o.value(QStringLiteral("stderr")).toString();
    c.logText = o.value(QStringLiteral("log")).toString();
    c.exitCode = o.value(QStringLiteral("exit_code")).toInt(-1);
    c.signalName = o.value(QStringLiteral("signal")).toString();
    c.timedOut = o.value(QStringLiteral("timed_out")).toBool();
    c.cached = o.value(QStringLiteral("cached")).toBool();
    c.startedAt = o.value(QStringLiteral("started_at")).toString();
    c.durationMs = o.value(QStringLiteral("duration_ms")).toDouble();
    c.phases = listOf<PhaseTiming>(o.value(QStringLiteral("phases")));
    for (const QJsonValue &v : o.value(QStringLiteral("launch_samples_ms")).toArray())
        c.launchSamplesMs << v.toDouble();
    c.artifacts = strings(o.value(QStringLiteral("artifacts")));
    c.data = o.value(QStringLiteral("data")).toObject();
    return c;
}

const CheckRecord *StepRecord::check(const QString &checkId) const {
    for (const CheckRecord &c : checks)
        if (c.id == checkId)
            return &c;
    return nullptr;
}

StepRecord StepRecord::fromJson(const QJsonObject &o) {
    StepRecord s;
    s.step = o.value(QStringLiteral("step")).toInt();
    s.title = o.value(QStringLiteral("title")).toString();
    s.status = checkStatusFromName(o.value(QStringLiteral("status")).toString());
    s.summary = o.value(QStringLiteral("summary")).toString();
    s.inputs = o.value(QStringLiteral("inputs")).toObject();
    s.startedAt = o.value(QStringLiteral("started_at")).toString();
    s.durationMs = o.value(QStringLiteral("duration_ms")).toDouble();
    s.checks = listOf<CheckRecord>(o.value(QStringLiteral("checks")));
    s.findings = listOf<Finding>(o.value(QStringLiteral("findings")));
    s.signatures = listOf<FailureSignature>(o.value(QStringLiteral("signatures")));
    s.rerun = o.value(QStringLiteral("rerun")).toString();
    return s;
}

Comparison Comparison::fromJson(const QJsonObject &o) {
    Comparison c;
    const int d = o.value(QStringLiteral("direction")).toInt();
    c.direction = d >= 0 && d <= 3 ? Direction(d) : Direction::None;
    c.verdict = o.value(QStringLiteral("verdict")).toString();
    c.basis = textsOf(strings(o.value(QStringLiteral("basis"))));
    c.findings = listOf<Finding>(o.value(QStringLiteral("findings")));
    return c;
}

} // namespace hd
