#pragma once

// The system inventory's value types (docs/schema-sysinfo.md): facts as collected by
// core/sysinfo, stored in sessions and shown by reports and the app. Plain data with JSON.

#include <QJsonObject>
#include <QList>
#include <QString>

namespace hd {

inline constexpr char kSysinfoSchema[] = "hipdoctor.sysinfo/1";

struct InventoryFact {
    QString section;     // "system", "driver", "devices", "packages", "toolchain", "gpus",
                         // "python", "environment"
    QString name;        // "kernel", "/dev/kfd", "rocm-core", "torch.version.hip", "PATH"
    QString value;       // "" when not available
    QString source;      // "/etc/os-release", "uname(2)", "dpkg-query", "python3 -c"
    QString unavailable; // why there is no value; "" when there is one
    bool available() const { return unavailable.isEmpty(); }

    QJsonObject toJson() const;
    static InventoryFact fromJson(const QJsonObject &o);
    bool operator==(const InventoryFact &) const = default;
};

struct SystemInventory {
    QString collectedAt; // ISO 8601 UTC
    QList<InventoryFact> facts;

    bool isEmpty() const { return facts.isEmpty(); }
    // The facts of one section, in collection order.
    QList<InventoryFact> section(const QString &name) const;
    // The first fact of that name in the section, or nullptr.
    const InventoryFact *find(const QString &section, const QString &name) const;

    QJsonObject toJson() const;
    static SystemInventory fromJson(const QJsonObject &o);
    bool operator==(const SystemInventory &) const = default;
};

} // namespace hd
