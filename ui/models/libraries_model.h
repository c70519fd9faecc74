#pragma once

#include "model/artifact_report.h"

#include <QAbstractTableModel>

namespace hd::ui {

// Needed libraries (DT_NEEDED) of the open host binaries and where the loader finds each.
class LibrariesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Library, ResolvedPath, Via, NeededBy, OtherVersions, ColumnCount };

    explicit LibrariesModel(QObject *parent = nullptr);
    void setArtifacts(const QList<ArtifactReport> &artifacts);

    struct Row {
        QString neededBy;
        LibraryResolution resolution;
    };
    const QList<Row> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};

} // namespace hd::ui
