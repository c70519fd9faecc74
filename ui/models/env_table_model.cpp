#include "models/env_table_model.h"

#include "models/ui_roles.h"

#include "model/finding.h"

#include <QColor>
#include <QCoreApplication>
#include <QRegularExpression>

namespace hd::ui {

EnvTableModel::EnvTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void EnvTableModel::setCatalogue(QList<EnvVarRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    emit profileChanged();
}

void EnvTableModel::setValidator(EnvValidator validator) {
    m_validator = std::move(validator);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int EnvTableModel::rowOf(const QString &name) const {
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].name == name)
            return i;
    return -1;
}

int EnvTableModel::addVariable(const QString &name, const QString &value) {
    const int existing = rowOf(name);
    if (existing >= 0) {
        setData(index(existing, Value), value);
        setData(index(existing, Name), Qt::Checked, Qt::CheckStateRole);
        return existing;
    }
    EnvVarRow row;
    row.name = name;
    row.value = value;
    row.enabled = true;
    const int at = int(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.append(row);
    endInsertRows();
    emit profileChanged();
    return at;
}

void EnvTableModel::applyProfile(const QMap<QString, QString> &values) {
    for (int i = 0; i < m_rows.size(); ++i) {
        EnvVarRow &r = m_rows[i];
        const auto it = values.constFind(r.name);
        r.enabled = it != values.cend();
        if (r.enabled)
            r.value = *it;
    }
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        if (rowOf(it.key()) < 0)
            addVariable(it.key(), it.value());
    emit profileChanged();
}

QMap<QString, QString> EnvTableModel::profile() const {
    QMap<QString, QString> out;
    for (const EnvVarRow &r : m_rows)
        if (r.enabled)
            out.insert(r.name, r.value);
    return out;
}

QString EnvTableModel::validationError(int row) const {
    if (row < 0 || row >= m_rows.size())
        return {};
    const EnvVarRow &r = m_rows[row];
    static const QRegularExpression nameRe(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!nameRe.match(r.name).hasMatch())
        return tr("\"%1\" is not a valid variable name").arg(r.name);
    if (m_validator && !m_validator(r.name, r.value).isEmpty())
        // The validator's English sentence, in the language shown: what is allowed is the
        // catalogue's (core/env/env_catalogue.h validateEnvValue()).
        return r.allowed.isEmpty()
                   ? m_validator(r.name, r.value)
                   : tr("%1=%2: invalid value; allowed: %3")
                         .arg(r.name, r.value.isEmpty() ? QStringLiteral("\"\"") : r.value,
                              catalogueText(r.allowed));
    return {};
}

bool EnvTableModel::hasErrors() const {
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].enabled && !validationError(i).isEmpty())
            return true;
    return false;
}

int EnvTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int EnvTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EnvTableModel::display(int row, int column) const {
    const EnvVarRow &r = m_rows[row];
    switch (column) {
    case Name:
        return r.name;
    case Value:
        return r.value;
    case Status:
        return statusText(row);
    case Meaning:
        return meaningText(r);
    case Allowed:
        return catalogueText(r.allowed);
    }
    return {};
}

// The catalogue's English (core/env/env_catalogue.cpp) in the language shown.
QString EnvTableModel::catalogueText(const QString &english) {
    if (english.isEmpty())
        return english;
    return QCoreApplication::translate("hd::EnvCatalogue", english.toUtf8().constData());
}

QString EnvTableModel::meaningText(const EnvVarRow &r) {
    if (r.meaning.isEmpty())
        return tr("(not in the catalogue)");
    const QString meaning = catalogueText(r.meaning);
    return r.note.isEmpty() ? meaning : meaning + QLatin1Char(' ') + catalogueText(r.note);
}

// Off, refused (the validation's words), or applied, with whether the runtime reads it once a
// step has run.
QString EnvTableModel::statusText(int row) const {
    const EnvVarRow &r = m_rows[row];
    if (!r.enabled)
        return tr("off");
    const QString err = validationError(row);
    if (!err.isEmpty())
        return err;
    if (r.read == EnvVarRow::Read::No)
        return tr("set, but the loaded runtime does not read it");
    if (r.read == EnvVarRow::Read::Yes)
        return tr("applied; the runtime reads it");
    return tr("applied");
}

QVariant EnvTableModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const EnvVarRow &r = m_rows[index.row()];
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        return display(index.row(), col);
    case Qt::EditRole:
        if (col == Value)
            return r.value;
        break;
    case Qt::CheckStateRole:
        if (col == Name)
            return r.enabled ? Qt::Checked : Qt::Unchecked;
        break;
    case Qt::ToolTipRole:
        if (col == Meaning || col == Name)
            return meaningText(r);
        if (col == Status) {
            if (const QString err = validationError(index.row()); r.enabled && !err.isEmpty())
                return err;
            if (r.enabled && r.read == EnvVarRow::Read::Unknown)
                return tr("Whether the runtime reads it is checked when a step runs.");
        }
        break;
    case Qt::ForegroundRole:
        if (col == Status && r.enabled && !validationError(index.row()).isEmpty())
            return QColor(0xd0, 0x30, 0x30);
        break;
    case SeverityRole:
        if (r.enabled && !validationError(index.row()).isEmpty())
            return int(Severity::Error);
        if (r.enabled && r.read == EnvVarRow::Read::No)
            return int(Severity::Warning);
        return int(Severity::Info);
    case StatusRole:
        if (!r.enabled)
            return QString();
        return validationError(index.row()).isEmpty() ? QStringLiteral("pass")
                                                      : QStringLiteral("fail");
    case KindRole:
        return r.category;
    case LinkRole:
        return QStringLiteral("env:") + r.name;
    default:
        break;
    }
    return {};
}

bool EnvTableModel::setData(const QModelIndex &index, const QVariant &value, int role) {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    EnvVarRow &r = m_rows[index.row()];
    if (index.column() == Name && role == Qt::CheckStateRole) {
        r.enabled = Qt::CheckState(value.toInt()) == Qt::Checked;
    } else if (index.column() == Value && role == Qt::EditRole) {
        r.value = value.toString();
        // Typing a value means using it: the row is switched on.
        if (!r.value.isEmpty())
            r.enabled = true;
    } else {
        return false;
    }
    emit dataChanged(this->index(index.row(), 0), this->index(index.row(), ColumnCount - 1));
    emit profileChanged();
    return true;
}

void EnvTableModel::setRuntimeReads(const QMap<QString, bool> &reads) {
    for (EnvVarRow &r : m_rows)
        r.read = !reads.contains(r.name) ? EnvVarRow::Read::Unknown
                 : reads.value(r.name)   ? EnvVarRow::Read::Yes
                                         : EnvVarRow::Read::No;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

Qt::ItemFlags EnvTableModel::flags(const QModelIndex &index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid())
        return f;
    if (index.column() == Name)
        f |= Qt::ItemIsUserCheckable;
    if (index.column() == Value)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant EnvTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case Name:
        return tr("Variable");
    case Value:
        return tr("Value");
    case Status:
        return tr("Validation");
    case Meaning:
        return tr("Meaning");
    case Allowed:
        return tr("Allowed values");
    }
    return {};
}

} // namespace hd::ui
