#pragma once

#include "model/artifact_report.h"
#include "models/ui_roles.h"

#include <QAbstractProxyModel>
#include <QAbstractTableModel>
#include <QByteArray>

#include <QElapsedTimer>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace hd::ui {

// One symbol name of one artifact; the same symbol in several code objects (one per target)
// is one row listing every code object it appears in. 48 bytes: the per-code-object table of
// librocsparse 6.4 has 1.84M rows, so the row shares the report's names (a reference count
// each) and keeps indexes into its table (SymbolRows) instead of strings and lists of its own.
struct SymbolRow {
    SymbolName names;       // mangled, as in the symbol table, and demangled (shared)
    SymbolName sectionName; // shared; empty when undefined
    quint64 size = 0;
    int artifact = -1;     // index into the list of inspected artifacts
    quint32 coFirst = 0;   // its code objects: SymbolRows::codeObjects(row)
    quint32 coCount = 0;   // how many code objects (0: host)
    quint32 appearsIn = 0; // SymbolRows::appearsIn(row): "gfx906, gfx90a:xnack-" or "host"
    SymbolKind kind = SymbolKind::Other;
    bool undefined = false;
    bool host = false; // from the host ELF, not device code
    // ELF binding and visibility codes (STB_*, STV_*): two bytes instead of two strings a row.
    quint8 elfBinding = 1, elfVisibility = 0;

    const QString &name() const { return names.name(); }
    const QString &demangled() const { return names.demangled(); }
    const QString &section() const { return sectionName.name(); }
    QString binding() const { return symbolBindingName(elfBinding); }          // "global", ...
    QString visibility() const { return symbolVisibilityName(elfVisibility); } // "default", ...
};

// What the filter matches, for every row: the case-folded name + "\n" + demangled name as
// UTF-8, searched with a plain byte search, no QString/QVariant per row. Each shared name's key
// is stored once, the keys back to back in the order of the rows that first have them: the
// per-code-object table repeats every name once per target (librocsparse: 232k rows, 30k
// keys), so a pass over all keys reads a seventh of what one key per row would. A scan reads a
// few compact arrays instead of each row's struct, and many candidates are scanned in one pass
// over the buffer. Keys are not separated: a match must lie within one key.
struct SymbolKeys {
    QByteArray text;             // the distinct keys, back to back
    std::vector<quint32> begin;  // per distinct key: where it starts in text (ascending)
    std::vector<quint32> size;   // per distinct key: its length
    std::vector<quint32> rowKey; // per row: its key's index into begin/size
    std::vector<quint8> kernel;  // per row: 1 for a kernel ("Kernels only")
    // How often each byte value occurs in a sample of text: a scan of the whole text looks
    // for the needle's rarest byte (all zero: the needle's first byte).
    std::array<quint32, 256> byteSample{};
    QByteArray key(int row) const {
        const size_t k = rowKey[size_t(row)];
        return QByteArray::fromRawData(text.constData() + begin[k], qsizetype(size[k]));
    }
};

struct SymbolRows : std::vector<SymbolRow> {
    // The filter's keys, made on first use from the rows as they are then (thread-safe; the
    // rows are not changed once built); SymbolTableModel::setRows() has a worker make them
    // once the table is shown. Opening librocsparse 6.4 no longer waits for them: 180k names
    // with their demangled templates are about 100 MB of keys, a fifth of the rows' build.
    const SymbolKeys &keys() const;
    // Each row's position when sorted by `column` (SymbolTableModel::Column), ties in row
    // order: sorting compares two ints, so the proxy re-sorts 100k+ rows without a string
    // comparison on the GUI thread. Made on first use, like the keys (thread-safe): the table
    // opens unsorted, and SymbolTableModel::setRows() has a worker make them meanwhile.
    const std::vector<int> &ranks(int column) const;
    // Every row's code objects (indices into ArtifactReport::codeObjects), back to back.
    std::vector<int> codeObjectIndexes;
    // The distinct "appears in" texts, shared by their rows.
    QStringList appearsInTexts;

    std::span<const int> codeObjects(const SymbolRow &r) const {
        return {codeObjectIndexes.data() + r.coFirst, r.coCount};
    }
    const QString &appearsIn(const SymbolRow &r) const {
        return appearsInTexts[qsizetype(r.appearsIn)];
    }

private:
    struct Lazy {
        std::once_flag keysMade;
        SymbolKeys keys;
        std::array<std::once_flag, 8> ranksMade;
        std::array<std::vector<int>, 8> ranks;
    };
    std::shared_ptr<Lazy> m_lazy = std::make_shared<Lazy>();
};

enum class SymbolGrouping {
    ByName,        // one row per symbol name of an artifact, listing its code objects
    PerCodeObject, // one row per symbol of each code object (per-target sizes)
};

// Pure function, safe on a worker thread: flattens every artifact's symbols into rows (their
// ranks and filter keys are made on first use).
// progress, when given, hears how many of the artifacts' symbols were read so far, now and
// then (the calling thread), and done == total once all are read.
using SymbolRowsProgress = std::function<void(qint64 done, qint64 total)>;
// The first rows while the rest are built (per code object, where rows are final as they
// come): a copy of the rows so far, each preview four times the last, from firstPreview rows,
// none of more than lastPreview rows (the table shows a screenful of them meanwhile; copies of
// more would cost memory beside 1.84M rows, and sorting or filtering them would be done on
// the GUI thread, their ranks and keys not made ahead). Called on the building thread.
struct SymbolRowsPreview {
    std::function<void(SymbolRows first)> show;
    qint64 firstPreview = 4096;
    qint64 lastPreview = 65536;
};
SymbolRows buildSymbolRows(const QList<ArtifactReport> &artifacts,
                           SymbolGrouping grouping = SymbolGrouping::ByName,
                           const SymbolRowsProgress &progress = {},
                           const SymbolRowsPreview &preview = {});

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
    // The first rows while the rest are built (SymbolRowsPreview): shown as they are, their
    // filter keys and sort ranks made only if asked for (setRows() has a worker make them).
    void setFirstRows(SymbolRows rows) { replaceRows(std::move(rows), false); }
    void setArtifactNames(const QStringList &names) { m_artifactNames = names; }
    const SymbolRows &rows() const { return *m_rows; }
    // The rows, shared: a filter job on a worker keeps them alive (unchanged) while the GUI
    // thread swaps new rows in.
    std::shared_ptr<const SymbolRows> sharedRows() const { return m_rows; }
    const SymbolRow &row(int r) const { return (*m_rows)[size_t(r)]; }
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
    void replaceRows(SymbolRows rows, bool index);

    std::shared_ptr<const SymbolRows> m_rows;
    QStringList m_artifactNames;
};

// How filterSymbolRows() looks for the text; every way gives the same rows.
enum class SymbolScan {
    Auto,      // PerRow for a few candidates, WholeText for many (the rule is in the .cpp)
    PerRow,    // one memmem over each candidate's key
    WholeText, // one pass over all distinct keys marking those that hold the text, then the
               // candidates whose key is marked
};

// The source rows of `candidates` (in their order) whose key contains `folded` (already
// case-folded UTF-8; empty matches every row), restricted to kernels when asked. Pure: safe on
// any thread. A raised `cancel` stops the scan early (the partial result is to be dropped).
std::vector<int> filterSymbolRows(const SymbolRows &rows, const std::vector<int> &candidates,
                                  const QByteArray &folded, bool kernelsOnly,
                                  const std::atomic_bool *cancel = nullptr,
                                  SymbolScan how = SymbolScan::Auto);
// The same result, scanned on the global thread pool in up to `chunks` slices (the calling
// thread takes one): slices of the candidates joined in order (PerRow), or of the distinct
// keys (WholeText).
std::vector<int> filterSymbolRowsParallel(const SymbolRows &rows,
                                          const std::vector<int> &candidates,
                                          const QByteArray &folded, bool kernelsOnly, int chunks,
                                          const std::atomic_bool *cancel = nullptr,
                                          SymbolScan how = SymbolScan::Auto);
// The case-folded UTF-8 form of a filter text, as the row keys hold it.
QByteArray foldFilterText(const QString &text);

// Filter-as-you-type and sorting over SymbolTableModel, built for 200k+ rows. Not a
// QSortFilterProxyModel: that one re-sorts and emits row insertions/removals range by range
// on every filter change (hundreds of ms on 232k rows). This proxy maps through one vector of
// source rows:
//  - sorting is an O(n) permutation read off the column's ranks (SymbolRows::ranks);
//  - filtering walks the sorted order once and keeps the matching rows, so the order is kept
//    without re-sorting; a text that extends the previous one (the usual next keystroke) only
//    rescans the rows still shown;
//  - the scan runs on the thread pool once it has more than syncLimit() rows to look at (the
//    232k-row table cost 5-30 ms a scan here with a key per row, ~100 ms before the whole-text
//    pass, less since the keys are stored once): each filter
//    change is a job with an id, a newer change supersedes it (its cancel flag is raised and its
//    result, if it comes, is dropped), and the GUI thread only swaps the current job's result in,
//    with one cheap model reset; until then the previous result stays shown;
//  - a sort is a layoutChanged that carries the persistent indexes (selection) along.
class SymbolFilterProxy : public QAbstractProxyModel {
    Q_OBJECT
public:
    // Below this many rows to scan, filtering is done at once on the calling thread (under
    // 10 ms here: up to 10 000 keys searched one by one, or one pass over the distinct keys when
    // they are at most 8 times as many as the rows); above it, on the thread pool.
    static constexpr int kDefaultSyncLimit = 10000;

    // What the last applied filter change cost (bench/gui-filter.sh, diagnostics).
    struct FilterStats {
        qint64 guiNs = 0;     // on the GUI thread: the request plus the swap-in
        qint64 latencyNs = 0; // from the request to the result shown
        bool async = false;   // scanned on a worker
        int scanned = 0;      // rows looked at (fewer when the text narrowed the last one)
        int staleDropped = 0; // results of superseded jobs dropped so far (a running count)
    };

    explicit SymbolFilterProxy(QObject *parent = nullptr);
    ~SymbolFilterProxy() override;

    void setSourceModel(QAbstractItemModel *source) override;
    // Filter changes apply at once or, on big tables, when the worker's result arrives
    // (filterApplied()); filterText()/kernelsOnly() always give the newest request.
    void setFilterText(const QString &text);
    QString filterText() const { return m_text; }
    void setKernelsOnly(bool on);
    bool kernelsOnly() const { return m_kernelsOnly; }
    // True while a worker scans for the newest filter request.
    bool isFiltering() const { return m_filtering; }
    void setSyncLimit(int rows) { m_syncLimit = rows; }
    int syncLimit() const { return m_syncLimit; }
    // How many slices a worker scan is split into (default: one less than the cores).
    void setFilterChunks(int chunks) { m_chunks = qMax(1, chunks); }
    int filterChunks() const { return m_chunks; }
    const FilterStats &lastFilterStats() const { return m_stats; }
    // The role sorting orders by (numbers as numbers); kept for callers of the former
    // QSortFilterProxyModel.
    int sortRole() const { return SortRole; }
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
    QModelIndex mapToSource(const QModelIndex &proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex &sourceIndex) const override;

signals:
    // The rows shown now match filterText() and kernelsOnly() (sent after the model reset).
    void filterApplied();

private:
    void rebuildOrder();
    void rebuildReverse();
    void sourceReset();
    // Starts filtering for the current request; `narrow` allows scanning only the rows shown
    // when the request is a narrowing of what they match.
    void requestFilter(bool narrow);
    void supersede(); // the running job's result, if any, is no longer wanted
    std::vector<int> filterNow(const std::vector<int> &candidates) const; // on this thread
    void applyRows(std::vector<int> rows, const QByteArray &folded, bool kernelsOnly,
                   qint64 requestGuiNs, bool async, int scanned);

    SymbolTableModel *m_symbols = nullptr;
    QString m_text;
    QByteArray m_folded;
    bool m_kernelsOnly = false;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    std::vector<int> m_order;   // every source row, in sort order
    std::vector<int> m_rows;    // proxy row -> source row: the shown subset of m_order
    std::vector<int> m_proxyOf; // source row -> proxy row, -1 when filtered out
    // What m_rows match; m_shownValid is false while m_rows is an empty stand-in after the
    // source was reset and its filtered rows are being computed.
    QByteArray m_shownFolded;
    bool m_shownKernelsOnly = false;
    bool m_shownValid = true;
    // The newest filter job; a result with another id is stale.
    quint64 m_job = 0;
    bool m_filtering = false;
    std::shared_ptr<std::atomic_bool> m_cancel;
    QElapsedTimer m_requested; // since the newest request
    qint64 m_requestGuiNs = 0;
    int m_syncLimit = kDefaultSyncLimit;
    int m_chunks = 1;
    FilterStats m_stats;
    QList<QMetaObject::Connection> m_connections;
};

} // namespace hd::ui
