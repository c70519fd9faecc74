#include "models/libraries_model.h"

#include "models/ui_roles.h"

#include "model/finding.h"

#include <QFileInfo>

namespace hd::ui {

LibrariesModel::LibrariesModel(QObject *parent) : QAbstractTableModel(parent) {}

void LibrariesModel::setArtifacts(const QList<ArtifactReport> &artifacts) {
    beginResetModel();
    m_rows.clear();
    for (const ArtifactReport &rep : artifacts) {
        if (!rep.host)
            continue;
        const QString by = QFileInfo(rep.path).fileName();
        if (rep.host->resolutions.isEmpty()) {
            // Resolution was not asked for: still list what the binary needs.
            for (const QString &n : rep.host->needed) {
                LibraryResolution r;
                r.name = n;
                m_rows.append({by, r});
            }
        }
        for (const LibraryResolution &r : rep.host->resolutions)
            m_rows.append({by, r});
    }
    endResetModel();
}

int LibrariesModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LibrariesModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LibrariesModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[index.row()];
    const LibraryResolution &r = row.resolution;
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        switch (index.column()) {
        case Library:
            return r.name;
        case ResolvedPath:
            return r.found() ? r.path : tr("not found");
        case Via:
            return r.via;
        case NeededBy:
            return row.neededBy;
        case OtherVersions:
            return r.otherVersions.join(QStringLiteral(", "));
        }
        break;
    case Qt::ToolTipRole:
        if (r.searched.isEmpty())
            return {};
        return tr("Searched, in order:\n%1").arg(r.searched.join(QLatin1Char('\n')));
    case SeverityRole:
        if (!r.found())
            return int(r.otherVersions.isEmpty() ? Severity::Error : Severity::Warning);
        return int(Severity::Info);
    case StatusRole:
        return r.found() ? QStringLiteral("pass") : QStringLiteral("fail");
    default:
        break;
    }
    return {};
}

QVariant LibrariesModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case Library:
        return tr("Needed library");
    case ResolvedPath:
        return tr("Resolves to");
    case Via:
        return tr("Found via");
    case NeededBy:
        return tr("Needed by");
    case OtherVersions:
        return tr("Other versions installed");
    }
    return {};
}

} // namespace hd::ui
