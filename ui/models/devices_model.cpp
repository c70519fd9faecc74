#include "models/devices_model.h"

#include "models/artifact_tree_model.h"
#include "models/ui_roles.h"

namespace hd::ui {

DevicesModel::DevicesModel(QObject *parent) : QAbstractTableModel(parent) {}

void DevicesModel::setDevices(QList<DeviceInfo> devices) {
    beginResetModel();
    m_devices = std::move(devices);
    endResetModel();
}

void DevicesModel::addDevice(const DeviceInfo &device) {
    for (int i = 0; i < m_devices.size(); ++i) {
        if (m_devices[i].source == device.source && m_devices[i].target == device.target &&
            m_devices[i].index == device.index) {
            m_devices[i] = device;
            emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
            return;
        }
    }
    beginInsertRows({}, int(m_devices.size()), int(m_devices.size()));
    m_devices.append(device);
    endInsertRows();
}

void DevicesModel::removeDevice(int row) {
    if (row < 0 || row >= m_devices.size())
        return;
    beginRemoveRows({}, row, row);
    m_devices.removeAt(row);
    endRemoveRows();
}

QString DevicesModel::sourceLabel(DeviceInfo::Source s) {
    switch (s) {
    case DeviceInfo::Source::Probe:
        return tr("live (probe)");
    case DeviceInfo::Source::Rocminfo:
        return tr("rocminfo dump");
    case DeviceInfo::Source::TargetOption:
        return tr("typed target");
    case DeviceInfo::Source::Session:
        return tr("saved session");
    }
    return {};
}

int DevicesModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_devices.size());
}

int DevicesModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DevicesModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const DeviceInfo &d = m_devices[index.row()];
    auto orDash = [](const QString &s) { return s.isEmpty() ? QStringLiteral("—") : s; };
    auto numOrDash = [](qint64 v) { return v > 0 ? QString::number(v) : QStringLiteral("—"); };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Name:
            return d.name.isEmpty() ? tr("(target only)") : d.name;
        case Target:
            return d.target.toString();
        case ComputeUnits:
            return numOrDash(d.computeUnits);
        case Wavefront:
            return numOrDash(d.wavefrontSize);
        case Memory:
            return d.totalMemory ? byteSize(d.totalMemory) : QStringLiteral("—");
        case Runtime:
            return orDash(d.runtimeVersion);
        case Driver:
            return orDash(d.driverVersion);
        case Library:
            return orDash(d.library);
        case Source:
            return sourceLabel(d.source);
        }
        break;
    case SortRole:
        switch (index.column()) {
        case ComputeUnits:
            return d.computeUnits;
        case Wavefront:
            return d.wavefrontSize;
        case Memory:
            return QVariant::fromValue<qulonglong>(d.totalMemory);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        return d.isaName.isEmpty() ? d.label() : d.isaName;
    case KindRole:
        return int(d.source);
    default:
        break;
    }
    return {};
}

QVariant DevicesModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case Name:
        return tr("Device");
    case Target:
        return tr("Target ID");
    case ComputeUnits:
        return tr("CUs");
    case Wavefront:
        return tr("Wavefront");
    case Memory:
        return tr("Memory");
    case Runtime:
        return tr("Runtime");
    case Driver:
        return tr("Driver");
    case Library:
        return tr("Runtime library loaded");
    case Source:
        return tr("From");
    }
    return {};
}

} // namespace hd::ui
