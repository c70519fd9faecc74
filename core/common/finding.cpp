#include "common/finding.h"

#include <QJsonArray>

#include <algorithm>

namespace hd {

QString severityName(Severity s) {
    switch (s) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Error:
        return QStringLiteral("error");
    }
    return QStringLiteral("info");
}

Severity severityFromName(const QString &name, Severity fallback) {
    if (name == QLatin1String("error"))
        return Severity::Error;
    if (name == QLatin1String("warning"))
        return Severity::Warning;
    if (name == QLatin1String("info"))
        return Severity::Info;
    return fallback;
}

QJsonObject Evidence::toJson() const {
    return {{QStringLiteral("source"), source},
            {QStringLiteral("location"), location},
            {QStringLiteral("text"), text}};
}

Evidence Evidence::fromJson(const QJsonObject &o) {
    return {o.value(QStringLiteral("source")).toString(),
            o.value(QStringLiteral("location")).toString(),
            o.value(QStringLiteral("text")).toString()};
}

QJsonObject Finding::toJson() const {
    QJsonArray ev;
    for (const Evidence &e : evidence)
        ev.append(e.toJson());
    return {{QStringLiteral("id"), id},
            {QStringLiteral("severity"), severityName(severity)},
            {QStringLiteral("title"), title},
            {QStringLiteral("detail"), detail},
            {QStringLiteral("evidence"), ev},
            {QStringLiteral("fix"), QJsonArray::fromStringList(fix)},
            {QStringLiteral("direction"), int(direction)},
            {QStringLiteral("layer"), layer}};
}

Finding Finding::fromJson(const QJsonObject &o) {
    Finding f;
    f.id = o.value(QStringLiteral("id")).toString();
    f.severity = severityFromName(o.value(QStringLiteral("severity")).toString());
    f.title = o.value(QStringLiteral("title")).toString();
    f.detail = o.value(QStringLiteral("detail")).toString();
    for (const auto &v : o.value(QStringLiteral("evidence")).toArray())
        f.evidence.append(Evidence::fromJson(v.toObject()));
    for (const auto &v : o.value(QStringLiteral("fix")).toArray())
        f.fix.append(v.toString());
    const int dir = o.value(QStringLiteral("direction")).toInt();
    f.direction = (dir >= 0 && dir <= 3) ? Direction(dir) : Direction::None;
    f.layer = o.value(QStringLiteral("layer")).toString();
    return f;
}

bool hasErrors(const QList<Finding> &findings) {
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding &f) { return f.severity == Severity::Error; });
}

QList<Finding> findingsWithId(const QList<Finding> &findings, const QString &id) {
    QList<Finding> out;
    for (const Finding &f : findings)
        if (f.id == id)
            out.append(f);
    return out;
}

} // namespace hd
