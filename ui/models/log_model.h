#pragma once

#include "logs/amd_log.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

namespace hd::ui {

// Runtime log lines (AMD_LOG_LEVEL output and whatever else a step printed), each tagged with
// where it came from ("step 1 · program"), raw and parsed side by side.
class LogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Line, Origin, Level, Api, Message, Location, Time, ColumnCount };

    struct Entry {
        QString origin;
        AmdLogLine line;
    };

    explicit LogModel(QObject *parent = nullptr);
    void clear();
    void setEntries(QList<Entry> entries);
    // Appends every line of a parsed log under one origin.
    void appendLog(const QString &origin, const AmdLog &log);
    const QList<Entry> &entries() const { return m_entries; }
    // Row of the given 1-based line of an origin ("" = any origin), -1 when none.
    int rowOfLine(int lineNumber, const QString &origin = {}) const;
    QStringList apiNames() const; // distinct API names, sorted

    static QString levelName(int level);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    static QVariant display(const Entry &e, int column);

    QList<Entry> m_entries;
};

// Filters log lines by level, API name and free text.
class LogFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit LogFilterProxy(QObject *parent = nullptr);

    // Level -1 stands for lines that are not runtime log lines (program output).
    void setLevelVisible(int level, bool visible);
    bool levelVisible(int level) const;
    void setApiFilter(const QString &api); // "" = any; exact API name or a prefix
    void setTextFilter(const QString &text);
    void setErrorsOnly(bool on); // lines that returned a hipError* other than hipSuccess

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    unsigned m_levels = 0x3f; // bit (level + 1)
    QString m_api;
    QString m_text;
    bool m_errorsOnly = false;
};

} // namespace hd::ui
