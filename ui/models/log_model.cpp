#include "models/log_model.h"

#include "models/ui_roles.h"

#include "model/finding.h"

#include <QColor>
#include <QFont>

#include <algorithm>

namespace hd::ui {

LogModel::LogModel(QObject *parent) : QAbstractTableModel(parent) {}

void LogModel::clear() {
    setEntries({});
}

void LogModel::setEntries(QList<Entry> entries) {
    beginResetModel();
    m_entries = std::move(entries);
    endResetModel();
}

void LogModel::appendLog(const QString &origin, const AmdLog &log) {
    if (log.lines.isEmpty())
        return;
    const int first = int(m_entries.size());
    beginInsertRows({}, first, first + int(log.lines.size()) - 1);
    for (const AmdLogLine &l : log.lines)
        m_entries.append({origin, l});
    endInsertRows();
}

int LogModel::rowOfLine(int lineNumber, const QString &origin) const {
    for (int i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].line.lineNumber == lineNumber &&
            (origin.isEmpty() || m_entries[i].origin == origin))
            return i;
    return -1;
}

QStringList LogModel::apiNames() const {
    QStringList names;
    for (const Entry &e : m_entries)
        if (!e.line.apiName.isEmpty() && !names.contains(e.line.apiName))
            names.append(e.line.apiName);
    names.sort();
    return names;
}

QString LogModel::levelName(int level) {
    switch (level) {
    case 0:
        return tr("always");
    case 1:
        return tr("error");
    case 2:
        return tr("warning");
    case 3:
        return tr("info");
    case 4:
        return tr("debug");
    case 5:
        return tr("trace");
    default:
        break;
    }
    return tr("output");
}

int LogModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_entries.size());
}

int LogModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

// An error (level 0 or 1, or a call that returned an error), a warning (level 2), or
// information: the row's colour and its severity.
Severity severityOf(const AmdLogLine &l) {
    if (l.level == 0 || l.level == 1 ||
        (!l.returnedError.isEmpty() && l.returnedError != QLatin1String("hipSuccess")))
        return Severity::Error;
    if (l.level == 2)
        return Severity::Warning;
    return Severity::Info;
}

} // namespace

QVariant LogModel::display(const Entry &e, int column) {
    const AmdLogLine &l = e.line;
    switch (column) {
    case Line:
        return l.lineNumber;
    case Origin:
        return e.origin;
    case Level:
        return levelName(l.level);
    case Api:
        if (!l.returnedError.isEmpty())
            return QStringLiteral("%1 → %2").arg(l.apiName, l.returnedError);
        return l.apiName;
    case Message:
        return l.level < 0 ? l.raw : l.message;
    case Location:
        if (l.sourceFile.isEmpty())
            return {};
        return QStringLiteral("%1:%2").arg(l.sourceFile, QString::number(l.sourceLine));
    case Time:
        return l.microseconds >= 0 ? QVariant(l.microseconds) : QVariant();
    }
    return {};
}

QVariant LogModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_entries[index.row()];
    const AmdLogLine &l = e.line;
    switch (role) {
    case Qt::DisplayRole:
        return display(e, index.column());
    case Qt::ToolTipRole:
        return l.raw;
    case Qt::ForegroundRole:
        if (severityOf(l) == Severity::Error)
            return QColor(0xd0, 0x30, 0x30);
        if (severityOf(l) == Severity::Warning)
            return QColor(0xc0, 0x80, 0x00);
        break;
    case Qt::FontRole:
        if (index.column() == Message || index.column() == Api) {
            QFont f(QStringLiteral("monospace"));
            f.setStyleHint(QFont::Monospace);
            return f;
        }
        break;
    case SortRole:
        if (index.column() == Line)
            return l.lineNumber;
        if (index.column() == Time)
            return l.microseconds;
        return data(index, Qt::DisplayRole);
    case SeverityRole:
        return int(severityOf(l));
    case KindRole:
        return l.level;
    case LinkRole:
        return QStringLiteral("log:%1").arg(l.lineNumber);
    case RawRole:
        return l.raw;
    default:
        break;
    }
    return {};
}

QVariant LogModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case Line:
        return tr("Line");
    case Origin:
        return tr("From");
    case Level:
        return tr("Level");
    case Api:
        return tr("API");
    case Message:
        return tr("Message");
    case Location:
        return tr("Runtime source");
    case Time:
        return tr("µs");
    }
    return {};
}

LogFilterProxy::LogFilterProxy(QObject *parent) : QSortFilterProxyModel(parent) {
    setSortRole(SortRole);
}

void LogFilterProxy::setLevelVisible(int level, bool visible) {
    const unsigned bit = 1u << unsigned(std::clamp(level, -1, 5) + 1);
    const unsigned next = visible ? (m_levels | bit) : (m_levels & ~bit);
    if (next == m_levels)
        return;
    m_levels = next;
    invalidateFilter();
}

bool LogFilterProxy::levelVisible(int level) const {
    return m_levels & (1u << unsigned(std::clamp(level, -1, 5) + 1));
}

void LogFilterProxy::setApiFilter(const QString &api) {
    if (api == m_api)
        return;
    m_api = api;
    invalidateFilter();
}

void LogFilterProxy::setTextFilter(const QString &text) {
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

void LogFilterProxy::setErrorsOnly(bool on) {
    if (on == m_errorsOnly)
        return;
    m_errorsOnly = on;
    invalidateFilter();
}

bool LogFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &) const {
    const auto *logs = qobject_cast<const LogModel *>(sourceModel());
    if (!logs)
        return true;
    const AmdLogLine &l = logs->entries()[sourceRow].line;
    if (!levelVisible(l.level))
        return false;
    if (!m_api.isEmpty() && !l.apiName.startsWith(m_api, Qt::CaseInsensitive))
        return false;
    if (m_errorsOnly &&
        (l.returnedError.isEmpty() || l.returnedError == QLatin1String("hipSuccess")) &&
        l.level != 1 && l.level != 0)
        return false;
    return m_text.isEmpty() || l.raw.contains(m_text, Qt::CaseInsensitive);
}

} // namespace hd::ui
