#include "model/device.h"

#include <QHash>
#include <QLocale>

#include "model/model_json.h"

namespace hd {

QString deviceSourceName(DeviceInfo::Source s) {
    switch (s) {
    case DeviceInfo::Source::Probe:
        return QStringLiteral("probe");
    case DeviceInfo::Source::Rocminfo:
        return QStringLiteral("rocminfo");
    case DeviceInfo::Source::TargetOption:
        return QStringLiteral("target-option");
    case DeviceInfo::Source::Session:
        return QStringLiteral("session");
    }
    return {};
}

Text deviceSourceLabel(DeviceInfo::Source s) {
    switch (s) {
    case DeviceInfo::Source::Probe:
        return HD_TEXT("hd::Diagnosis", "probe");
    case DeviceInfo::Source::Rocminfo:
        return HD_TEXT("hd::Diagnosis", "rocminfo");
    case DeviceInfo::Source::TargetOption:
        return HD_TEXT("hd::Diagnosis", "target-option");
    case DeviceInfo::Source::Session:
        return HD_TEXT("hd::Diagnosis", "session");
    }
    return {};
}

QJsonObject DeviceInfo::toJson() const {
    return jsonObjectOf(*this);
}

DeviceInfo DeviceInfo::fromJson(const QJsonObject &o) {
    DeviceInfo d;
    const QString src = o.value(QStringLiteral("source")).toString();
    d.source = src == QLatin1String("probe")      ? Source::Probe
               : src == QLatin1String("rocminfo") ? Source::Rocminfo
               : src == QLatin1String("session")  ? Source::Session
                                                  : Source::TargetOption;
    d.index = o.value(QStringLiteral("index")).toInt();
    d.count = std::max(1, o.value(QStringLiteral("count")).toInt(1));
    d.name = o.value(QStringLiteral("name")).toString();
    if (auto t = TargetId::parse(o.value(QStringLiteral("target")).toString()))
        d.target = *t;
    d.isaName = o.value(QStringLiteral("isa_name")).toString();
    d.backend = o.value(QStringLiteral("backend")).toString();
    d.runtimeVersion = o.value(QStringLiteral("runtime_version")).toString();
    d.driverVersion = o.value(QStringLiteral("driver_version")).toString();
    d.library = o.value(QStringLiteral("library")).toString();
    d.computeUnits = o.value(QStringLiteral("compute_units")).toInt();
    d.wavefrontSize = o.value(QStringLiteral("wavefront_size")).toInt();
    d.totalMemory = uint64_t(o.value(QStringLiteral("total_memory")).toDouble());
    d.maxThreadsPerBlock = o.value(QStringLiteral("max_threads_per_block")).toInt();
    d.maxSharedMemoryPerBlock =
        uint64_t(o.value(QStringLiteral("max_shared_memory_per_block")).toDouble());
    return d;
}

DeviceInfo DeviceInfo::fromTarget(const TargetId &t) {
    DeviceInfo d;
    d.source = Source::TargetOption;
    d.target = t;
    return d;
}

QString DeviceInfo::label() const {
    if (count > 1) {
        QLocale c = QLocale::c(); // "10,000", as docs/limits.md writes it
        c.setNumberOptions(QLocale::DefaultNumberOptions);
        const QString n = c.toString(count);
        return name.isEmpty()
                   ? QStringLiteral("%1 (%2 devices)").arg(target.toString(), n)
                   : QStringLiteral("%1 (%2, %3 devices)").arg(target.toString(), name, n);
    }
    return name.isEmpty() ? target.toString()
                          : QStringLiteral("%1 (%2)").arg(target.toString(), name);
}

QList<DeviceInfo> mergeSameTargetDevices(const QList<DeviceInfo> &devices) {
    QList<DeviceInfo> out;
    QHash<QString, qsizetype> at;
    for (const DeviceInfo &d : devices) {
        const QString key = d.target.toString();
        const auto it = at.constFind(key);
        if (it == at.cend()) {
            at.insert(key, out.size());
            out.append(d);
            continue;
        }
        DeviceInfo &m = out[*it];
        m.count += std::max(d.count, 1);
        if (m.name != d.name)
            m.name.clear();
    }
    return out;
}

} // namespace hd
