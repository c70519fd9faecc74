#include "models/compat_matrix_model.h"

#include "models/engine_text.h"
#include "models/ui_roles.h"

#include <QColor>
#include <QFileInfo>

namespace hd::ui {

CompatMatrixModel::CompatMatrixModel(QObject *parent) : QAbstractTableModel(parent) {}

void CompatMatrixModel::setDevices(const QList<DeviceInfo> &devices) {
    beginResetModel();
    m_devices = devices;
    rebuild();
    endResetModel();
}

void CompatMatrixModel::setArtifacts(const QList<ArtifactReport> &artifacts) {
    beginResetModel();
    m_artifacts = artifacts;
    m_columns.clear();
    for (const ArtifactReport &rep : m_artifacts) {
        const QString file = QFileInfo(rep.path).fileName();
        for (const CodeObject &co : rep.codeObjects) {
            const bool ptx = co.format == CodeObject::Format::NvidiaPtx;
            auto it = std::find_if(m_columns.begin(), m_columns.end(), [&](const Column &c) {
                return c.artifact == file && c.target == co.target && c.isPtx == ptx;
            });
            if (it != m_columns.end())
                ++it->codeObjects;
            else
                m_columns.append({file, co.target, ptx, 1});
        }
    }
    rebuild();
    endResetModel();
}

void CompatMatrixModel::setMatchOptions(const MatchOptions &options) {
    beginResetModel();
    m_options = options;
    rebuild();
    endResetModel();
}

void CompatMatrixModel::rebuild() {
    m_cells.clear();
    for (const DeviceInfo &d : m_devices) {
        QList<Compatibility> row;
        for (const Column &c : m_columns) {
            MatchOptions o = m_options;
            o.isPtx = c.isPtx;
            row.append(checkCompatibility(c.target, d.target, o));
        }
        m_cells.append(row);
    }
}

Compatibility CompatMatrixModel::cell(int row, int column) const {
    if (row < 0 || row >= m_cells.size() || column < 0 || column >= m_columns.size())
        return {};
    return m_cells[row][column];
}

bool CompatMatrixModel::deviceCanRun(int row, const QString &artifact) const {
    for (int c = 0; c < m_columns.size(); ++c)
        if (m_columns[c].artifact == artifact && cell(row, c).compatible())
            return true;
    return false;
}

int CompatMatrixModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_devices.size());
}

int CompatMatrixModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_columns.size());
}

static QString shortKind(Compatibility::Kind k) {
    switch (k) {
    case Compatibility::Kind::Exact:
        return CompatMatrixModel::tr("✓ loads");
    case Compatibility::Kind::ViaGeneric:
        return CompatMatrixModel::tr("✓ generic");
    case Compatibility::Kind::ViaPtxJit:
        return CompatMatrixModel::tr("✓ PTX JIT");
    case Compatibility::Kind::ProcessorMismatch:
        return CompatMatrixModel::tr("✗ other GPU");
    case Compatibility::Kind::FeatureMismatch:
        return CompatMatrixModel::tr("✗ xnack/sramecc");
    case Compatibility::Kind::GenericNeedsNewerRuntime:
        return CompatMatrixModel::tr("✗ runtime too old");
    }
    return {};
}

QVariant CompatMatrixModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Compatibility c = cell(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return shortKind(c.kind);
    case Qt::ToolTipRole:
        return shownEngineText(c.reason);
    case Qt::BackgroundRole:
        return c.compatible() ? QColor(0x2e, 0xa0, 0x43, 0x60) : QColor(0xd0, 0x30, 0x30, 0x50);
    case Qt::TextAlignmentRole:
        return Qt::AlignCenter;
    case StatusRole:
        return c.compatible() ? QStringLiteral("pass") : QStringLiteral("fail");
    case KindRole:
        return int(c.kind);
    case SortRole:
        return int(c.compatible());
    default:
        break;
    }
    return {};
}

QVariant CompatMatrixModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o == Qt::Horizontal && section >= 0 && section < m_columns.size()) {
        const Column &c = m_columns[section];
        if (role == Qt::DisplayRole)
            return QStringLiteral("%1\n%2%3")
                .arg(c.artifact, c.target.toString(),
                     c.isPtx ? QStringLiteral(" (PTX)") : QString());
        if (role == Qt::ToolTipRole)
            return tr("%n code object(s) of %1 built for %2", nullptr, c.codeObjects)
                .arg(c.artifact, c.target.toString());
    }
    if (o == Qt::Vertical && section >= 0 && section < m_devices.size()) {
        if (role == Qt::DisplayRole)
            return m_devices[section].label();
    }
    return QAbstractTableModel::headerData(section, o, role);
}

} // namespace hd::ui
