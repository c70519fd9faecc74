#pragma once

// The system inventory's value types (docs/schema-sysinfo.md): facts as collected by
// core/sysinfo, stored in sessions and shown by reports and the app. Plain data with JSON.

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include "common/engine_text.h"

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

// The maintainers' first questions, one row each (GPU, driver, OS, packages, HIP runtime,
// compilers, PyTorch/Triton, device access, environment), for the top of a report and the
// app's Devices panel. Values are plain text; a row whose sources were all unavailable holds
// their reasons and has missing set; problem marks a row that explains a failure on its own
// (no access to /dev/kfd, not in the render group).
// Labels and the words around the facts are sentences of context "hd::SystemInventory" (the
// app shows them translated); the facts stay as found.
struct InventorySummaryRow {
    Text label;     // "GPU", "Driver", …
    TextList items; // "gfx1030 (rocminfo)", "amdgpu 6.7.0", …
    bool missing = false;
    bool problem = false;
};
QList<InventorySummaryRow> summarizeInventory(const SystemInventory &inventory);

// The section names in display order, with a title each ("system" → "System").
QList<QPair<QString, Text>> inventorySections();

} // namespace hd
