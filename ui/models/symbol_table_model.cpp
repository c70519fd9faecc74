#include "models/symbol_table_model.h"

#include "models/ui_roles.h"

#include <QHash>
#include <QLocale>

#include <algorithm>

namespace hd::ui {

namespace {

QString targetLabel(const CodeObject &co) {
    return co.target.isValid() ? co.target.toString() : QStringLiteral("?");
}

void addTarget(SymbolRow &row, int coIndex, const QString &target) {
    row.codeObjects.append(coIndex);
    // appearsIn lists distinct targets; a kernel in 111 bundles for 7 targets names 7.
    if (row.appearsIn.isEmpty())
        row.appearsIn = target;
    else if (row.appearsIn != target && !row.appearsIn.startsWith(target + QStringLiteral(", ")) &&
             !row.appearsIn.endsWith(QStringLiteral(", ") + target) &&
             !row.appearsIn.contains(QStringLiteral(", ") + target + QStringLiteral(", ")))
        row.appearsIn += QStringLiteral(", ") + target;
}

QString foldedKey(const QString &name, const QString &demangled) {
    if (demangled.isEmpty() || demangled == name)
        return name.toCaseFolded();
    return (name + QLatin1Char('\n') + demangled).toCaseFolded();
}

} // namespace

// The natural order of one column (the same order lessThan() gives through the ranks).
static bool rowLess(const SymbolRow &a, const SymbolRow &b, int column) {
    switch (column) {
    case SymbolTableModel::Mangled:
        return a.name < b.name;
    case SymbolTableModel::Kind:
        return int(a.kind) < int(b.kind);
    case SymbolTableModel::Binding:
        return a.binding < b.binding;
    case SymbolTableModel::Visibility:
        return a.visibility < b.visibility;
    case SymbolTableModel::Section:
        return a.section < b.section;
    case SymbolTableModel::Size:
        return a.size < b.size;
    case SymbolTableModel::CodeObjects:
        return a.codeObjects.size() < b.codeObjects.size() ||
               (a.codeObjects.size() == b.codeObjects.size() && a.appearsIn < b.appearsIn);
    default:
        return a.demangled < b.demangled;
    }
}

static void rankRows(SymbolRows &rows) {
    std::vector<int> order(rows.size());
    for (int column = 0; column < SymbolTableModel::ColumnCount; ++column) {
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = int(i);
        std::stable_sort(order.begin(), order.end(), [&](int l, int r) {
            return rowLess(rows[size_t(l)], rows[size_t(r)], column);
        });
        for (size_t pos = 0; pos < order.size(); ++pos)
            rows[size_t(order[pos])].rank[size_t(column)] = int(pos);
    }
}

SymbolRows buildSymbolRows(const QList<ArtifactReport> &artifacts, SymbolGrouping grouping) {
    SymbolRows rows;
    for (int a = 0; a < artifacts.size(); ++a) {
        const ArtifactReport &rep = artifacts[a];
        // (name, kind) -> row, per artifact: one row per distinct symbol.
        QHash<QString, size_t> seen;
        for (int c = 0; c < rep.codeObjects.size(); ++c) {
            const CodeObject &co = rep.codeObjects[c];
            const QString target = targetLabel(co);
            for (const Symbol &s : co.symbols) {
                QString key;
                if (grouping == SymbolGrouping::ByName) {
                    key = s.name + QLatin1Char('\x1f') + QString::number(int(s.kind));
                    auto it = seen.constFind(key);
                    if (it != seen.cend()) {
                        addTarget(rows[*it], c, target);
                        continue;
                    }
                }
                SymbolRow row;
                row.artifact = a;
                row.name = s.name;
                row.demangled = s.demangled.isEmpty() ? s.name : s.demangled;
                row.kind = s.kind;
                row.undefined = s.undefined;
                row.binding = s.binding;
                row.visibility = s.visibility;
                row.section = s.section;
                row.size = s.size;
                row.key = foldedKey(s.name, row.demangled);
                addTarget(row, c, target);
                if (grouping == SymbolGrouping::ByName)
                    seen.insert(key, rows.size());
                rows.push_back(std::move(row));
            }
        }
        if (rep.host) {
            auto addHost = [&](const Symbol &s) {
                SymbolRow row;
                row.artifact = a;
                row.name = s.name;
                row.demangled = s.demangled.isEmpty() ? s.name : s.demangled;
                row.kind = s.kind;
                row.undefined = s.undefined;
                row.host = true;
                row.binding = s.binding;
                row.visibility = s.visibility;
                row.section = s.section;
                row.size = s.size;
                row.appearsIn = QStringLiteral("host");
                row.key = foldedKey(s.name, row.demangled);
                rows.push_back(std::move(row));
            };
            for (const Symbol &s : rep.host->hostFunctions)
                addHost(s);
            for (const Symbol &s : rep.host->undefinedDynamic) {
                addHost(s);
                rows.back().undefined = true;
            }
        }
    }
    rankRows(rows);
    return rows;
}

SymbolTableModel::SymbolTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void SymbolTableModel::setRows(SymbolRows rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int SymbolTableModel::findRow(const QString &name) const {
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].name == name)
            return int(i);
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].demangled == name)
            return int(i);
    return -1;
}

int SymbolTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SymbolTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString SymbolTableModel::kindText(const SymbolRow &row) {
    if (row.undefined)
        return tr("undefined");
    switch (row.kind) {
    case SymbolKind::Kernel:
        return tr("kernel");
    case SymbolKind::KernelDescriptor:
        return tr("kernel descriptor");
    case SymbolKind::DeviceFunction:
        return tr("device function");
    case SymbolKind::HostFunction:
        return tr("host function");
    case SymbolKind::Object:
        return tr("object");
    case SymbolKind::Section:
        return tr("section");
    case SymbolKind::File:
        return tr("file");
    case SymbolKind::Other:
        break;
    }
    return tr("other");
}

QVariant SymbolTableModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SymbolRow &r = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Demangled:
            return r.demangled;
        case Mangled:
            return r.name;
        case Kind:
            return kindText(r);
        case Binding:
            return r.binding;
        case Visibility:
            return r.visibility;
        case Section:
            return r.section;
        case Size:
            return QLocale().toString(r.size);
        case CodeObjects:
            return r.appearsIn;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == Demangled || index.column() == Mangled)
            return QStringLiteral("%1\n%2").arg(r.demangled, r.name);
        if (index.column() == CodeObjects)
            return tr("%n code object(s): %1", nullptr, int(r.codeObjects.size())).arg(r.appearsIn);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == Size)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case SortRole:
        if (index.column() == Size)
            return QVariant::fromValue<qulonglong>(r.size);
        return data(index, Qt::DisplayRole);
    case FilterRole:
        return r.key;
    case KindRole:
        return int(r.kind);
    case LinkRole:
        return QStringLiteral("symbol:") + r.name;
    case RawRole:
        if (index.column() == Size)
            return QVariant::fromValue<qulonglong>(r.size);
        return r.name;
    default:
        break;
    }
    return {};
}

QVariant SymbolTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case Demangled:
        return tr("Name");
    case Mangled:
        return tr("Mangled name");
    case Kind:
        return tr("Kind");
    case Binding:
        return tr("Binding");
    case Visibility:
        return tr("Visibility");
    case Section:
        return tr("Section");
    case Size:
        return tr("Size");
    case CodeObjects:
        return tr("Code objects");
    }
    return {};
}

bool SymbolTableModel::lessThan(int left, int right, int column) const {
    if (column < 0 || column >= ColumnCount)
        column = Demangled;
    return m_rows[size_t(left)].rank[size_t(column)] < m_rows[size_t(right)].rank[size_t(column)];
}

SymbolFilterProxy::SymbolFilterProxy(QObject *parent) : QSortFilterProxyModel(parent) {
    setSortRole(SortRole);
    setFilterRole(FilterRole);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void SymbolFilterProxy::setSourceModel(QAbstractItemModel *source) {
    m_symbols = qobject_cast<SymbolTableModel *>(source);
    QSortFilterProxyModel::setSourceModel(source);
}

void SymbolFilterProxy::setFilterText(const QString &text) {
    if (text == m_text)
        return;
    m_text = text;
    m_folded = text.trimmed().toCaseFolded();
    invalidateFilter();
}

void SymbolFilterProxy::setKernelsOnly(bool on) {
    if (on == m_kernelsOnly)
        return;
    m_kernelsOnly = on;
    invalidateFilter();
}

bool SymbolFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const {
    if (m_symbols) {
        const SymbolRow &r = m_symbols->row(sourceRow);
        if (m_kernelsOnly && r.kind != SymbolKind::Kernel)
            return false;
        return m_folded.isEmpty() || r.key.contains(m_folded);
    }
    if (m_folded.isEmpty())
        return true;
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    return idx.data(FilterRole).toString().contains(m_folded, Qt::CaseInsensitive);
}

bool SymbolFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const {
    if (m_symbols && left.column() == right.column())
        return m_symbols->lessThan(left.row(), right.row(), left.column());
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace hd::ui
