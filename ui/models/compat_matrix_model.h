#pragma once

#include "artifacts/load_verdict.h"
#include "model/artifact_report.h"
#include "model/device.h"
#include "targets/compatibility.h"

#include <QAbstractTableModel>

namespace hd::ui {

// Devices (rows) × distinct code-object targets of the open artifacts (columns); each cell
// says whether the runtime would load that code object on that device, and why — read from
// the load verdict of its file (artifacts/load_verdict.h), never decided here.
class CompatMatrixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit CompatMatrixModel(QObject *parent = nullptr);

    void setDevices(const QList<DeviceInfo> &devices);
    void setArtifacts(const QList<ArtifactReport> &artifacts);
    void setRuntime(const LoadRuntime &runtime);

    struct Column {
        QString artifact; // file name
        TargetId target;
        bool isPtx = false;
        int codeObjects = 0; // how many code objects of that artifact have the target
        int artifactIndex = 0;
        QList<int> codeObjectIndices; // into that artifact's codeObjects
    };
    const QList<Column> &columns() const { return m_columns; }
    Compatibility cell(int row, int column) const;
    // Does the artifact load on the device? Its load verdict.
    bool deviceCanRun(int row, const QString &artifact) const;
    const LoadVerdict *verdict(int row, int artifactIndex) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    void rebuild();

    QList<DeviceInfo> m_devices;
    QList<Column> m_columns;
    QList<ArtifactReport> m_artifacts;
    LoadRuntime m_runtime;
    QList<QList<Compatibility>> m_cells;  // [row][column]
    QList<QList<LoadVerdict>> m_verdicts; // [row][artifact]
};

} // namespace hd::ui
