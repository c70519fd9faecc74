#pragma once

#include "common/engine_text.h"
#include "targets/target_id.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>

namespace hd {

// One GPU as a device description: from the live probe, a rocminfo dump, or a typed --target.
struct DeviceInfo {
    enum class Source { Probe, Rocminfo, TargetOption, Session };
    Source source = Source::TargetOption;
    int index = 0;
    QString name;    // "AMD Instinct MI210", "NVIDIA H200"; "" when typed as --target
    TargetId target; // with the features the device runs with
    QString isaName; // "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-" as HSA reports it
    int computeUnits = 0;
    int wavefrontSize = 0;
    uint64_t totalMemory = 0;
    int maxThreadsPerBlock = 0;
    uint64_t maxSharedMemoryPerBlock = 0; // LDS limit
    QString backend;                      // "hip" | "cuda" | ""
    QString runtimeVersion;               // "5.2.21153" / "13.0"
    QString driverVersion;
    QString library; // the runtime file actually loaded
    // How many devices of a listing this one stands for: devices of one target are one entry
    // (a node listing 10,000 gfx90a is "10,000 devices", docs/limits.md "Findings").
    int count = 1;

    QJsonObject toJson() const;
    static DeviceInfo fromJson(const QJsonObject &o);
    static DeviceInfo fromTarget(const TargetId &t);
    QString label() const; // "gfx90a:sramecc+:xnack- (AMD Instinct MI210)", "…, 8 devices)"
};

QString deviceSourceName(DeviceInfo::Source s);
// The same word as an evidence caption, said in the reader's language where shown.
Text deviceSourceLabel(DeviceInfo::Source s);

// One entry per target, in the order first seen; each entry counts the devices it stands for,
// and keeps its name only where all of them have that name.
QList<DeviceInfo> mergeSameTargetDevices(const QList<DeviceInfo> &devices);

} // namespace hd
