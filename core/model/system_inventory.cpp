#include "model/system_inventory.h"

#include <QJsonArray>

namespace hd {

QJsonObject InventoryFact::toJson() const {
    QJsonObject o{{QStringLiteral("section"), section},
                  {QStringLiteral("name"), name},
                  {QStringLiteral("source"), source}};
    if (available())
        o.insert(QStringLiteral("value"), value);
    else
        o.insert(QStringLiteral("unavailable"), unavailable);
    return o;
}

InventoryFact InventoryFact::fromJson(const QJsonObject &o) {
    return {o.value(QStringLiteral("section")).toString(),
            o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("value")).toString(),
            o.value(QStringLiteral("source")).toString(),
            o.value(QStringLiteral("unavailable")).toString()};
}

QList<InventoryFact> SystemInventory::section(const QString &name) const {
    QList<InventoryFact> r;
    for (const InventoryFact &f : facts)
        if (f.section == name)
            r.append(f);
    return r;
}

const InventoryFact *SystemInventory::find(const QString &section, const QString &name) const {
    for (const InventoryFact &f : facts)
        if (f.section == section && f.name == name)
            return &f;
    return nullptr;
}

QJsonObject SystemInventory::toJson() const {
    QJsonArray fs;
    for (const InventoryFact &f : facts)
        fs.append(f.toJson());
    return {{QStringLiteral("schema"), QLatin1String(kSysinfoSchema)},
            {QStringLiteral("collected_at"), collectedAt},
            {QStringLiteral("facts"), fs}};
}

SystemInventory SystemInventory::fromJson(const QJsonObject &o) {
    SystemInventory inv;
    inv.collectedAt = o.value(QStringLiteral("collected_at")).toString();
    const QJsonArray fs = o.value(QStringLiteral("facts")).toArray();
    for (const QJsonValue &f : fs)
        inv.facts.append(InventoryFact::fromJson(f.toObject()));
    return inv;
}

} // namespace hd
