#pragma once

#include "artifacts/model.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <array>
#include <memory>
#include <vector>

namespace hd::ui {

// One symbol name of one artifact; the same symbol in several code objects (one per target)
// is one row listing every code object it appears in.
struct SymbolRow {
    int artifact = -1; // index into the list of inspected artifacts
    QString name;      // mangled, as in the symbol table
    QString demangled;
    SymbolKind kind = SymbolKind::Other;
    bool undefined = false;
    bool host = false; // from the host ELF, not device code
    QString binding, visibility, section;
    quint64 size = 0;
    QList<int> codeObjects; // indices into ArtifactReport::codeObjects
    QString appearsIn;      // "gfx906, gfx90a:xnack-" or "host"
    QString key;            // case-folded name + demangled: what the filter matches
    // Position of the row when sorted by each column: sorting compares two ints, so the proxy
    // re-sorts 100k+ rows without a string comparison on the GUI thread.
    std::array<int, 8> rank{};
};

using SymbolRows = std::vector<SymbolRow>;

enum class SymbolGrouping {
    ByName,        // one row per symbol name of an artifact, listing its code objects
    PerCodeObject, // one row per symbol of each code object (per-target sizes)
};

// Pure function, safe on a worker thread: flattens every artifact's symbols into rows and
// ranks them for every column.
SymbolRows buildSymbolRows(const QList<ArtifactReport> &artifacts,
                           SymbolGrouping grouping = SymbolGrouping::ByName);

// The symbol table of every open artifact. Built for 100k+ rows: rows are made off the GUI
// thread by buildSymbolRows() and swapped in; data() does no allocation beyond the QVariant.
class SymbolTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Demangled,
        Mangled,
        Kind,
        Binding,
        Visibility,
        Section,
        Size,
        CodeObjects,
        ColumnCount
    };

    explicit SymbolTableModel(QObject *parent = nullptr);

    void setRows(SymbolRows rows);
    void setArtifactNames(const QStringList &names) { m_artifactNames = names; }
    const SymbolRows &rows() const { return m_rows; }
    const SymbolRow &row(int r) const { return m_rows[size_t(r)]; }
    // First row with this mangled or demangled name, -1 when none.
    int findRow(const QString &name) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    static QString kindText(const SymbolRow &row);
    // Strict weak order of two rows by one column (the proxy's fast path).
    bool lessThan(int left, int right, int column) const;

private:
    SymbolRows m_rows;
    QStringList m_artifactNames;
};

// Filter-as-you-type over SymbolTableModel: matches mangled and demangled names case-
// insensitively, optionally restricted to kernels. Sorting by SortRole, with a direct
// comparison of rows when the source is a SymbolTableModel (100k rows sort in milliseconds).
class SymbolFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit SymbolFilterProxy(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *source) override;
    void setFilterText(const QString &text);
    QString filterText() const { return m_text; }
    void setKernelsOnly(bool on);
    bool kernelsOnly() const { return m_kernelsOnly; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    SymbolTableModel *m_symbols = nullptr;
    QString m_text;
    QString m_folded;
    bool m_kernelsOnly = false;
};

} // namespace hd::ui
