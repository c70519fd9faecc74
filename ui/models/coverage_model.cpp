#include "models/coverage_model.h"

#include "models/engine_text.h"

#include <QBrush>
#include <QColor>

namespace hd::ui {

CoverageModel::CoverageModel(QObject *parent) : QAbstractTableModel(parent) {}

void CoverageModel::setResult(ScanResult result) {
    beginResetModel();
    m_result = std::move(result);
    m_rows.clear();
    m_shown.clear();
    m_folder.clear();
    for (int i = 0; i < m_result.libraries.size(); ++i) {
        const ScanLibrary &lib = m_result.libraries[i];
        if (lib.deviceCode)
            m_rows.append(i);
        QString shown = scanShortPath(lib.path, m_result.paths);
        if (lib.kind == QLatin1String("kernel-library"))
            shown += QLatin1Char('/');
        m_shown.insert(lib.path, shown);
        m_folder.insert(lib.path, scanRootOf(lib.path, m_result.paths));
    }
    endResetModel();
}

int CoverageModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CoverageModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : FirstDevice + int(m_result.devices.size());
}

QVariant CoverageModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const ScanLibrary &lib = library(index.row());
    const int col = index.column();
    if (col >= FirstDevice) {
        const int d = col - FirstDevice;
        if (d >= lib.verdicts.size())
            return {};
        const ScanVerdict &v = lib.verdicts[d];
        if (role == Qt::DisplayRole) {
            if (v.status == QLatin1String("no-device-code"))
                return QStringLiteral("–");
            if (v.fits())
                return v.status == QLatin1String("via-generic") ? tr("yes (generic)") : tr("yes");
            if (v.status == QLatin1String("runtime-too-old"))
                return tr("NO (runtime too old)");
            if (v.status == QLatin1String("loader-refuses"))
                return !v.codeMisses ? tr("NO (the loader refuses it)")
                       : v.closest.isEmpty()
                           ? tr("NO (the loader refuses it; no code for it)")
                           : tr("NO (the loader refuses it; closest %1)").arg(v.closest);
            return v.closest.isEmpty() ? tr("NO") : tr("NO (closest %1)").arg(v.closest);
        }
        if (role == Qt::ToolTipRole)
            return v.reason.isEmpty() ? data(index, Qt::DisplayRole)
                                      : QVariant(shownEngineText(v.reason));
        if (role == Qt::ForegroundRole && !v.fits() && v.status != QLatin1String("no-device-code"))
            return QBrush(QColor(0xb0, 0x20, 0x20));
        return {};
    }
    if (role == Qt::DisplayRole) {
        switch (col) {
        case Folder:
            return m_folder.value(lib.path);
        case Library:
            return shownPath(lib.path);
        case Product:
            return lib.product.isEmpty() ? QStringLiteral("–") : lib.product;
        case Targets:
            return lib.targets.join(QStringLiteral(", "));
        default:
            return {};
        }
    }
    // The whole of what a narrow column elides.
    if (role == Qt::ToolTipRole && col == Folder)
        return m_folder.value(lib.path);
    if (role == Qt::ToolTipRole && col == Targets)
        return lib.targets.join(QStringLiteral(", "));
    if (role == Qt::ToolTipRole && col == Library) {
        QString tip = lib.path;
        if (!lib.versionsMissing.isEmpty())
            tip +=
                QLatin1Char('\n') +
                tr("needs from the system: %1").arg(lib.versionsMissing.join(QStringLiteral("; ")));
        return tip;
    }
    if (role == Qt::ForegroundRole && col == Library && !lib.versionsMissing.isEmpty())
        return QBrush(QColor(0xb0, 0x20, 0x20));
    return {};
}

QVariant CoverageModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case Folder:
        return tr("Folder scanned");
    case Library:
        return tr("Library");
    case Product:
        return tr("Product");
    case Targets:
        return tr("Architectures it has");
    default:
        if (section - FirstDevice < m_result.devices.size())
            return m_result.devices[section - FirstDevice].toString();
        return {};
    }
}

} // namespace hd::ui
