#pragma once

#include "model/device.h"

#include <QAbstractTableModel>

namespace hd::ui {

// The devices the method runs against: live (probe), from a rocminfo dump, or typed targets.
// With no device, the "what was tried" text stands in the panel (setNoDeviceReason).
class DevicesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Target,
        ComputeUnits,
        Wavefront,
        Memory,
        Runtime,
        Driver,
        Library,
        Source,
        ColumnCount
    };

    explicit DevicesModel(QObject *parent = nullptr);
    void setDevices(QList<DeviceInfo> devices);
    void addDevice(const DeviceInfo &device); // replaces one with the same target and source
    void removeDevice(int row);
    const QList<DeviceInfo> &devices() const { return m_devices; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    static QString sourceLabel(DeviceInfo::Source s);

private:
    QList<DeviceInfo> m_devices;
};

} // namespace hd::ui
