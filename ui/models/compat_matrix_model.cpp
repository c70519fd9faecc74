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
    for (int a = 0; a < m_artifacts.size(); ++a) {
        const ArtifactReport &rep = m_artifacts[a];
        const QString file = QFileInfo(rep.path).fileName();
        for (int i = 0; i < rep.codeObjects.size(); ++i) {
            const CodeObject &co = rep.codeObjects[i];
            const bool ptx = co.format == CodeObject::Format::NvidiaPtx;
            auto it = std::find_if(m_columns.begin(), m_columns.end(), [&](const Column &c) {
                return c.artifactIndex == a && c.target == co.target && c.isPtx == ptx;
            });
            if (it != m_columns.end()) {
                ++it->codeObjects;
                it->codeObjectIndices.append(i);
            } else {
                m_columns.append({file, co.target, ptx, 1, a, {i}});
            }
        }
    }
    rebuild();
    endResetModel();
}

void CompatMatrixModel::setRuntime(const LoadRuntime &runtime) {
    beginResetModel();
    m_runtime = runtime;
    rebuild();
    endResetModel();
}

// The cells read the load verdict (artifacts/load_verdict.h): each is how the candidate of that
// target fits in the file's fat binaries; a code object the runtime never chooses from (not a
// hip/hipv4 entry) is said to be so.
void CompatMatrixModel::rebuild() {
    m_cells.clear();
    m_verdicts.clear();
    for (const DeviceInfo &d : m_devices) {
        QList<LoadVerdict> verdicts;
        for (const ArtifactReport &rep : std::as_const(m_artifacts))
            verdicts.append(loadVerdict(rep, d.target, m_runtime));
        QList<Compatibility> row;
        for (const Column &c : std::as_const(m_columns)) {
            Compatibility cell{Compatibility::Kind::ProcessorMismatch,
                               HD_TEXT("hd::Diagnosis", "the runtime does not choose from this "
                                                        "code object (not a HIP entry)")};
            // The candidate made from one of the column's code objects: its fit as the verdict
            // judged it.
            bool found = false;
            for (const CodeObjectSelection &s :
                 std::as_const(verdicts[c.artifactIndex].selections)) {
                for (const SelectionCandidate &cand : s.candidates)
                    if (c.codeObjectIndices.contains(cand.codeObjectIndex)) {
                        cell = cand.compatibility;
                        found = true;
                        break;
                    }
                if (found)
                    break;
            }
            row.append(cell);
        }
        m_cells.append(row);
        m_verdicts.append(verdicts);
    }
}

Compatibility CompatMatrixModel::cell(int row, int column) const {
    if (row < 0 || row >= m_cells.size() || column < 0 || column >= m_columns.size())
        return {};
    return m_cells[row][column];
}

bool CompatMatrixModel::deviceCanRun(int row, const QString &artifact) const {
    if (row < 0 || row >= m_verdicts.size())
        return false;
    for (int a = 0; a < m_artifacts.size(); ++a)
        if (QFileInfo(m_artifacts[a].path).fileName() == artifact && m_verdicts[row][a].loads())
            return true;
    return false;
}

const LoadVerdict *CompatMatrixModel::verdict(int row, int artifactIndex) const {
    if (row < 0 || row >= m_verdicts.size() || artifactIndex < 0 ||
        artifactIndex >= m_verdicts[row].size())
        return nullptr;
    return &m_verdicts[row][artifactIndex];
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
