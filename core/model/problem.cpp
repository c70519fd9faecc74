#include "model/problem.h"
#include "common/format.h"
#include "model/model_json.h"

namespace hd {

QString Problem::toString() const {
    if (offset >= 0)
        return QStringLiteral("%1: offset %2: %3")
            .arg(file, hex(uint64_t(offset)), message.english());
    return QStringLiteral("%1: %2").arg(file, message.english());
}

QJsonObject Problem::toJson() const {
    return jsonObjectOf(*this);
}

Problem Problem::fromJson(const QJsonObject &o) {
    Problem p;
    p.file = o.value(QStringLiteral("file")).toString();
    p.offset = o.contains(QStringLiteral("offset"))
                   ? qint64(o.value(QStringLiteral("offset")).toDouble())
                   : -1;
    p.message = o.value(QStringLiteral("message")).toString();
    p.fatal = o.value(QStringLiteral("fatal")).toBool();
    return p;
}

} // namespace hd
