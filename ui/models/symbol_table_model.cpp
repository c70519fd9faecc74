#include "models/symbol_table_model.h"

#include "models/jobs.h"
#include "models/ui_roles.h"

#include <QCoreApplication>
#include <QFuture>
#include <QHash>
#include <QLocale>
#include <QSet>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>

namespace hd::ui {

namespace {

QString targetLabel(const CodeObject &co) {
    return co.target.isValid() ? co.target.toString() : QStringLiteral("?");
}

// Case folding of ASCII is lower-casing the bytes: symbol names are ASCII but for rare
// exceptions, which take the full QString::toCaseFolded().
// Appends the filter's key of a name to text: the name, and its demangled form after a "\n"
// when it differs, case-folded. ASCII is written straight into the text, one byte a character
// (no UTF-8 copy per name: the keys of librocsparse 6.4 are about 100 MB); anything else goes
// through QString.
void appendFoldedKey(QByteArray &text, const QString &name, const QString &demangled) {
    const bool both = !demangled.isEmpty() && demangled != name;
    const qsizetype start = text.size();
    text.resize(start + name.size() + (both ? 1 + demangled.size() : 0));
    char *d = text.data() + start;
    const auto put = [&d](const QString &s) {
        for (const QChar c : s) {
            const char16_t u = c.unicode();
            if (u >= 0x80)
                return false;
            *d++ = char(u >= 'A' && u <= 'Z' ? u + ('a' - 'A') : u);
        }
        return true;
    };
    bool ascii = put(name);
    if (ascii && both) {
        *d++ = '\n';
        ascii = put(demangled);
    }
    if (!ascii) {
        text.truncate(start);
        text += (both ? name + QLatin1Char('\n') + demangled : name).toCaseFolded().toUtf8();
    }
}

} // namespace

// The place of each string among the distinct strings of `strings` (equal strings share it).
static std::vector<quint32> ordinals(const std::vector<const QString *> &strings) {
    std::vector<quint32> order(strings.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = quint32(i);
    std::sort(order.begin(), order.end(),
              [&](quint32 l, quint32 r) { return *strings[l] < *strings[r]; });
    std::vector<quint32> ordinal(strings.size());
    quint32 next = 0;
    for (size_t pos = 0; pos < order.size(); ++pos) {
        if (pos > 0 && *strings[order[pos - 1]] != *strings[order[pos]])
            ++next; // equal strings of different data share one place
        ordinal[order[pos]] = next;
    }
    return ordinal;
}

// Each row's sort key for a string column: the string's place among the column's distinct
// strings. Rows of one shared name share its data, so the distinct strings (librocsparse 6.4
// per code object: 1.84M rows, ~180k names) are sorted instead of the rows.
template <typename Field>
static std::vector<quint64> stringKeys(const SymbolRows &rows, Field field) {
    std::vector<quint64> keys(rows.size());
    QHash<const QChar *, quint32> byData;
    std::vector<const QString *> distinct;
    for (size_t i = 0; i < rows.size(); ++i) {
        const QString &v = field(rows[i]);
        auto it = byData.constFind(v.constData());
        if (it == byData.cend()) {
            it = byData.insert(v.constData(), quint32(distinct.size()));
            distinct.push_back(&v);
        }
        keys[i] = *it;
    }
    const std::vector<quint32> ordinal = ordinals(distinct);
    for (quint64 &k : keys)
        k = ordinal[size_t(k)];
    return keys;
}

// Each row's key for `column`: rows sort by it, ties in row order.
static std::vector<quint64> sortKeys(const SymbolRows &rows, int column) {
    // A code's key is its name's place among the names of the 256 codes.
    auto byName = [&rows](quint8 (*code)(const SymbolRow &), QString (*name)(unsigned)) {
        std::array<QString, 256> names;
        std::vector<const QString *> strings;
        for (size_t i = 0; i < names.size(); ++i) {
            names[i] = name(unsigned(i));
            strings.push_back(&names[i]);
        }
        const std::vector<quint32> place = ordinals(strings);
        std::vector<quint64> keys;
        keys.reserve(rows.size());
        for (const SymbolRow &r : rows)
            keys.push_back(place[code(r)]);
        return keys;
    };
    std::vector<quint64> keys;
    switch (column) {
    case SymbolTableModel::Mangled:
        return stringKeys(rows, [](const SymbolRow &r) -> const QString & { return r.name(); });
    case SymbolTableModel::Binding:
        return byName([](const SymbolRow &r) { return r.elfBinding; }, symbolBindingName);
    case SymbolTableModel::Visibility:
        return byName([](const SymbolRow &r) { return r.elfVisibility; }, symbolVisibilityName);
    case SymbolTableModel::Section:
        return stringKeys(rows, [](const SymbolRow &r) -> const QString & { return r.section(); });
    case SymbolTableModel::Kind:
        keys.reserve(rows.size());
        for (const SymbolRow &r : rows)
            keys.push_back(quint64(r.kind));
        return keys;
    case SymbolTableModel::Size:
        keys.reserve(rows.size());
        for (const SymbolRow &r : rows)
            keys.push_back(r.size);
        return keys;
    case SymbolTableModel::CodeObjects: {
        // How many code objects, then which: dense (count * texts + place), so the counting
        // sort takes it.
        std::vector<const QString *> texts;
        for (const QString &t : rows.appearsInTexts)
            texts.push_back(&t);
        const std::vector<quint32> place = ordinals(texts);
        const quint64 stride = quint64(texts.size()) + 1;
        keys.reserve(rows.size());
        for (const SymbolRow &r : rows)
            keys.push_back(quint64(r.coCount) * stride + place[r.appearsIn]);
        return keys;
    }
    default:
        return stringKeys(rows,
                          [](const SymbolRow &r) -> const QString & { return r.demangled(); });
    }
}

// A column's ranks: each row's place when sorted by the column's key, ties in row order (a
// stable sort).
static std::vector<int> rankColumn(const SymbolRows &rows, int column) {
    const std::vector<quint64> keys = sortKeys(rows, column);
    std::vector<int> rank(keys.size());
    const quint64 most = keys.empty() ? 0 : *std::max_element(keys.begin(), keys.end());
    if (most < 4 * quint64(keys.size()) + 4096) {
        // Most columns' keys are places among few distinct values: a counting sort, rows
        // visited in order, is the stable order with no comparison (1.84M rows: an indirect
        // std::sort was a sixth of opening librocsparse 6.4).
        std::vector<int> next(size_t(most) + 2, 0);
        for (const quint64 k : keys)
            ++next[size_t(k) + 1];
        for (size_t v = 1; v < next.size(); ++v)
            next[v] += next[v - 1];
        for (size_t i = 0; i < keys.size(); ++i)
            rank[i] = next[size_t(keys[i])]++;
        return rank;
    }
    // Sizes: the keys sorted beside their rows, in one array (no lookup per comparison).
    std::vector<std::pair<quint64, int>> order(keys.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = {keys[i], int(i)};
    std::sort(order.begin(), order.end());
    for (size_t pos = 0; pos < order.size(); ++pos)
        rank[size_t(order[pos].second)] = int(pos);
    return rank;
}

static void indexKeys(const SymbolRows &rows, SymbolKeys &k) {
    k.rowKey.reserve(rows.size());
    k.kernel.reserve(rows.size());
    // Rows of one shared name (every target's copy, per code object) share its QString data:
    // its key is folded and stored once, straight into the text (no copy per key: on
    // librocsparse 6.4 the 180k keys with their demangled templates are about 100 MB).
    // (A name given with another demangled form is another key: both data pointers count.)
    QHash<std::pair<const QChar *, const QChar *>, quint32> byName;
    for (const SymbolRow &r : rows) {
        const std::pair<const QChar *, const QChar *> shared{r.name().constData(),
                                                             r.demangled().constData()};
        const auto known = byName.constFind(shared);
        if (known != byName.cend()) {
            k.rowKey.push_back(known.value());
        } else {
            const auto index = quint32(k.begin.size());
            const qsizetype start = k.text.size();
            appendFoldedKey(k.text, r.name(), r.demangled());
            k.begin.push_back(quint32(start));
            k.size.push_back(quint32(k.text.size() - start));
            k.rowKey.push_back(index);
            byName.insert(shared, index);
        }
        k.kernel.push_back(r.kind == SymbolKind::Kernel);
    }
    k.text.squeeze();
    // Every 61st byte (odd, so no period of the names lines up with it) is enough to tell
    // frequent bytes from rare ones, for 1/61 of the cost of counting all of them.
    for (qsizetype i = 0; i < k.text.size(); i += 61)
        ++k.byteSample[quint8(k.text[i])];
}

namespace {

// Makes the demangled form of rows [first, end) from their names, on the thread pool: a name is
// demangled once, however many rows share it (per code object: one per target); the first
// open of librocsparse 6.4 demangles 180k names (about 0.7 s on one core). The rows then read
// it without a lock.
void demangleRows(const SymbolRows &rows, size_t first) {
    std::vector<size_t> distinct;
    QSet<const QChar *> seen;
    seen.reserve(qsizetype(rows.size() - first));
    for (size_t i = first; i < rows.size(); ++i) {
        const QChar *data = rows[i].name().constData();
        if (!seen.contains(data)) {
            seen.insert(data);
            distinct.push_back(i);
        }
    }
    const auto demangle = [&rows](size_t i) { (void)rows[i].demangled(); };
    if (distinct.size() < 2000)
        std::for_each(distinct.begin(), distinct.end(), demangle);
    else
        QtConcurrent::blockingMap(distinct, demangle);
}

// How far the reading of symbols is, said at most every 64k symbols.
struct RowsTicker {
    const SymbolRowsProgress &progress;
    const SymbolRowsPreview &preview;
    qint64 total = 0;
    qint64 done = 0;
    qint64 said = 0;
    qint64 nextPreview = std::max<qint64>(1, preview.firstPreview);
    void add(qint64 n) {
        done += n;
        if (progress && done - said >= (qint64(1) << 16)) {
            said = done;
            progress(done, total);
        }
    }
    // Rows that are final as they come (per code object): a copy of them once they reach the
    // next preview's size, and not when they are all there (the whole table follows at once).
    void offer(const SymbolRows &rows) {
        const auto n = qint64(rows.size());
        if (!preview.show || n < nextPreview || nextPreview > preview.lastPreview || done >= total)
            return;
        while (nextPreview <= n)
            nextPreview *= 4;
        SymbolRows first; // not a copy of `rows`: that would share its lazy keys and ranks
        first.assign(rows.begin(), rows.begin() + std::min(n, preview.lastPreview));
        first.codeObjectIndexes = rows.codeObjectIndexes;
        first.appearsInTexts = rows.appearsInTexts;
        preview.show(std::move(first));
    }
};

SymbolRow rowOf(const Symbol &s, int artifact) {
    SymbolRow r;
    r.names = s.names;
    r.sectionName = s.sectionName;
    r.size = s.size;
    r.artifact = artifact;
    r.kind = s.kind;
    r.undefined = s.undefined;
    r.elfBinding = s.elfBinding;
    r.elfVisibility = s.elfVisibility;
    return r;
}

// The rows of one artifact's device symbols. The names are shared (SymbolName: one copy of
// each distinct name per inspection, librocsparse: 231k symbols, 30k names), so a row is
// found by its name's data pointer, and each row's code objects' targets are bits: no string
// is built or hashed per symbol; the "appears in" texts are made once per distinct set of
// targets at the end.
void addDeviceRows(SymbolRows &rows, const ArtifactReport &rep, int a, SymbolGrouping grouping,
                   RowsTicker &ticker) {
    const size_t first = rows.size();
    QStringList targets;       // this artifact's target labels, first seen first
    std::vector<int> coTarget; // per code object: its index in targets
    coTarget.reserve(size_t(rep.codeObjects.size()));
    for (const CodeObject &co : rep.codeObjects) {
        const QString label = targetLabel(co);
        qsizetype t = targets.indexOf(label);
        if (t < 0) {
            targets.append(label);
            t = targets.size() - 1;
        }
        coTarget.push_back(int(t));
    }
    if (grouping == SymbolGrouping::PerCodeObject) {
        // One row per symbol, listing its own code object; the text is its target's.
        const auto textBase = quint32(rows.appearsInTexts.size());
        rows.appearsInTexts.append(targets);
        for (int c = 0; c < rep.codeObjects.size(); ++c) {
            const auto coFirst = quint32(rows.codeObjectIndexes.size());
            rows.codeObjectIndexes.push_back(c);
            const quint32 text = textBase + quint32(coTarget[size_t(c)]);
            for (const Symbol &s : rep.codeObjects[c].symbols) {
                rows.push_back(rowOf(s, a));
                SymbolRow &r = rows.back();
                r.coFirst = coFirst;
                r.coCount = 1;
                r.appearsIn = text;
            }
            ticker.add(rep.codeObjects[c].symbols.size());
            ticker.offer(rows);
        }
        demangleRows(rows, first);
        return;
    }
    const size_t words = size_t(targets.size() + 63) / 64;
    std::vector<quint64> masks;          // per row of this artifact: `words` words of target bits
    std::vector<std::vector<int>> lists; // per row of this artifact: its code objects
    using PtrKey = std::pair<const void *, int>;
    QHash<PtrKey, quint32> byPointer;               // (name's data, kind) -> row
    QHash<std::pair<QString, int>, quint32> byText; // the same name held twice (rare)
    byPointer.reserve(rep.codeObjects.isEmpty() ? 0 : rep.codeObjects[0].symbols.size() * 4);
    for (int c = 0; c < rep.codeObjects.size(); ++c) {
        const CodeObject &co = rep.codeObjects[c];
        const int t = coTarget[size_t(c)];
        for (const Symbol &s : co.symbols) {
            size_t row = rows.size();
            const PtrKey key{s.name().constData(), int(s.kind)};
            auto it = byPointer.constFind(key);
            if (it != byPointer.cend()) {
                row = it.value();
            } else {
                auto f = byText.constFind({s.name(), int(s.kind)});
                if (f != byText.cend())
                    row = f.value();
                else
                    byText.insert({s.name(), int(s.kind)}, quint32(rows.size()));
                byPointer.insert(key, quint32(row));
            }
            if (row == rows.size()) {
                rows.push_back(rowOf(s, a));
                masks.resize(masks.size() + words, 0);
                lists.emplace_back();
            }
            lists[row - first].push_back(c);
            masks[(row - first) * words + size_t(t) / 64] |= quint64(1) << (t % 64);
        }
        ticker.add(co.symbols.size());
    }
    // One text per distinct set of targets ("gfx906, gfx90a:xnack-"), shared by its rows.
    QHash<QByteArray, quint32> texts;
    for (size_t r = first; r < rows.size(); ++r) {
        const quint64 *m = masks.data() + (r - first) * words;
        const QByteArray key = QByteArray::fromRawData(reinterpret_cast<const char *>(m),
                                                       qsizetype(words * sizeof(quint64)));
        auto it = texts.find(key);
        if (it == texts.end()) {
            QStringList names;
            for (int t = 0; t < targets.size(); ++t)
                if (m[t / 64] & (quint64(1) << (t % 64)))
                    names.append(targets[t]);
            it = texts.insert(QByteArray(key.constData(), key.size()),
                              quint32(rows.appearsInTexts.size()));
            rows.appearsInTexts.append(names.join(QStringLiteral(", ")));
        }
        SymbolRow &row = rows[r];
        row.appearsIn = it.value();
        const std::vector<int> &list = lists[r - first];
        row.coFirst = quint32(rows.codeObjectIndexes.size());
        row.coCount = quint32(list.size());
        rows.codeObjectIndexes.insert(rows.codeObjectIndexes.end(), list.begin(), list.end());
    }
    demangleRows(rows, first);
}

} // namespace

SymbolRows buildSymbolRows(const QList<ArtifactReport> &artifacts, SymbolGrouping grouping,
                           const SymbolRowsProgress &progress, const SymbolRowsPreview &preview) {
    SymbolRows rows;
    RowsTicker ticker{progress, preview};
    for (const ArtifactReport &rep : artifacts) {
        for (const CodeObject &co : rep.codeObjects)
            ticker.total += co.symbols.size();
        if (rep.host)
            ticker.total += rep.host->hostFunctions.size() + rep.host->undefinedDynamic.size();
    }
    // Per code object the rows are known in advance, one per symbol: reserved, the vector
    // never grows through a copy of itself (librocsparse 6.4: 1.84M rows).
    if (grouping == SymbolGrouping::PerCodeObject)
        rows.reserve(size_t(ticker.total));
    // Every artifact's device symbols, then the host ELF's symbols (_DYNAMIC,
    // deregister_tm_clones, ...): the table opens on what a person looks for.
    for (int a = 0; a < artifacts.size(); ++a)
        addDeviceRows(rows, artifacts[a], a, grouping, ticker);
    const auto deviceEnd = rows.end() - rows.begin();
    const auto hostText = quint32(rows.appearsInTexts.size());
    bool anyHost = false;
    for (int a = 0; a < artifacts.size(); ++a) {
        const ArtifactReport &rep = artifacts[a];
        if (!rep.host)
            continue;
        anyHost = true;
        auto addHost = [&](const Symbol &s, bool undefined) {
            rows.push_back(rowOf(s, a));
            SymbolRow &row = rows.back();
            row.undefined = row.undefined || undefined;
            row.host = true;
            row.coFirst = quint32(rows.codeObjectIndexes.size());
            row.appearsIn = hostText;
        };
        for (const Symbol &s : rep.host->hostFunctions)
            addHost(s, false);
        for (const Symbol &s : rep.host->undefinedDynamic)
            addHost(s, true);
        ticker.add(rep.host->hostFunctions.size() + rep.host->undefinedDynamic.size());
    }
    if (anyHost)
        rows.appearsInTexts.append(QCoreApplication::translate("hd::ui::Artifacts", "host"));
    if (progress && ticker.said != ticker.total) // all read: ordering and indexing are left
        progress(ticker.total, ticker.total);
    // In the default view the kernels first.
    if (grouping == SymbolGrouping::ByName)
        std::stable_partition(rows.begin(), rows.begin() + deviceEnd, [](const SymbolRow &r) {
            return r.kind == SymbolKind::Kernel && !r.undefined;
        });
    return rows;
}

const SymbolKeys &SymbolRows::keys() const {
    std::call_once(m_lazy->keysMade, [this] { indexKeys(*this, m_lazy->keys); });
    return m_lazy->keys;
}

const std::vector<int> &SymbolRows::ranks(int column) const {
    if (column < 0 || column >= SymbolTableModel::ColumnCount)
        column = SymbolTableModel::Demangled;
    const auto c = size_t(column);
    std::call_once(m_lazy->ranksMade[c], [&] { m_lazy->ranks[c] = rankColumn(*this, column); });
    return m_lazy->ranks[c];
}

SymbolTableModel::SymbolTableModel(QObject *parent)
    : QAbstractTableModel(parent), m_rows(std::make_shared<const SymbolRows>()) {}

void SymbolTableModel::setRows(SymbolRows rows) {
    replaceRows(std::move(rows), true);
}

void SymbolTableModel::replaceRows(SymbolRows rows, bool index) {
    beginResetModel();
    std::shared_ptr<const SymbolRows> old = std::move(m_rows);
    m_rows = std::make_shared<const SymbolRows>(std::move(rows));
    endResetModel();
    // The table is shown before its filter keys and sort ranks exist: a worker makes them
    // right after, the keys first (on librocsparse 6.4 the first keystroke would wait about a
    // second for them), so the filter and a click on a header find them made. It lets go of
    // the rows between steps: rows replaced meanwhile are freed, not indexed.
    if (index && m_rows->size() > 10000)
        QThreadPool::globalInstance()->start([weak = std::weak_ptr<const SymbolRows>(m_rows)] {
            if (const std::shared_ptr<const SymbolRows> rows = weak.lock())
                (void)rows->keys();
            for (int c = 0; c < ColumnCount; ++c)
                if (const std::shared_ptr<const SymbolRows> rows = weak.lock())
                    (void)rows->ranks(c);
        });
    // Freeing 232k rows (millions of strings) takes longer than a frame: a worker does it
    // (or the filter job that still holds them, whichever lets go last).
    if (old->size() > 10000)
        QThreadPool::globalInstance()->start([old = std::move(old)]() mutable { old.reset(); });
}

int SymbolTableModel::findRow(const QString &name) const {
    const SymbolRows &rows = *m_rows;
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].name() == name)
            return int(i);
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].demangled() == name)
            return int(i);
    return -1;
}

int SymbolTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows->size());
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
    const SymbolRow &r = (*m_rows)[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Demangled:
            return r.demangled();
        case Mangled:
            return r.name();
        case Kind:
            return kindText(r);
        case Binding:
            return r.binding();
        case Visibility:
            return r.visibility();
        case Section:
            return r.section();
        case Size:
            return QLocale().toString(r.size);
        case CodeObjects:
            return m_rows->appearsIn(r);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == Demangled || index.column() == Mangled)
            return QStringLiteral("%1\n%2").arg(r.demangled(), r.name());
        if (index.column() == CodeObjects)
            return tr("%n code object(s): %1", nullptr, int(r.coCount)).arg(m_rows->appearsIn(r));
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
        return QString::fromUtf8(m_rows->keys().key(index.row()));
    case KindRole:
        return int(r.kind);
    case LinkRole:
        return QStringLiteral("symbol:") + r.name();
    case RawRole:
        if (index.column() == Size)
            return QVariant::fromValue<qulonglong>(r.size);
        return r.name();
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
    const std::vector<int> &rank = m_rows->ranks(column);
    return rank[size_t(left)] < rank[size_t(right)];
}

QByteArray foldFilterText(const QString &text) {
    return text.trimmed().toCaseFolded().toUtf8();
}

namespace {

bool isCancelled(const std::atomic_bool *cancel) {
    return cancel && cancel->load(std::memory_order_relaxed);
}

std::vector<int> filterSlice(const SymbolRows &rows, const int *begin, const int *end,
                             const QByteArray &folded, bool kernelsOnly,
                             const std::atomic_bool *cancel) {
    std::vector<int> out;
    out.reserve(size_t(end - begin));
    const char *needle = folded.constData();
    const size_t n = size_t(folded.size());
    const SymbolKeys &keys = rows.keys();
    const char *text = keys.text.constData();
    for (const int *p = begin; p != end; ++p) {
        // A superseded scan stops soon; checking every row would cost more than the check.
        if (((p - begin) & 4095) == 0 && isCancelled(cancel))
            break;
        const size_t i = size_t(*p);
        if (kernelsOnly && !keys.kernel[i])
            continue;
        const size_t k = keys.rowKey[i];
        if (n && !memmem(text + keys.begin[k], keys.size[k], needle, n))
            continue;
        out.push_back(*p);
    }
    return out;
}

// Where `needle` first starts in text[from, to), or npos; text must hold needle.size() - 1
// bytes past `to`. memchr (vectorised in glibc) for the needle's rarest byte, then one compare:
// on the 100 MB of librocsparse's keys this took 4-27 ms a needle where glibc's memmem took
// 4-85 ms (its two-byte case walks byte by byte).
size_t findFrom(const char *text, size_t from, size_t to, std::string_view needle, size_t rare) {
    const char *q = text + from + rare;
    const char *const last = text + to + rare;
    while (q < last) {
        const auto *hit = static_cast<const char *>(memchr(q, needle[rare], size_t(last - q)));
        if (!hit)
            break;
        if (memcmp(hit - rare, needle.data(), needle.size()) == 0)
            return size_t(hit - rare - text);
        q = hit + 1;
    }
    return std::string_view::npos;
}

// Sets mark[k] for the keys k in [first, last) that contain `needle` (not empty), in one pass
// over them (they lie back to back in index order). False when cancelled.
bool markMatchingKeys(const SymbolKeys &keys, size_t first, size_t last, std::string_view needle,
                      quint8 *mark, const std::atomic_bool *cancel) {
    if (first >= last)
        return !isCancelled(cancel);
    size_t rare = 0;
    for (size_t i = 1; i < needle.size(); ++i)
        if (keys.byteSample[quint8(needle[i])] < keys.byteSample[quint8(needle[rare])])
            rare = i;
    const char *text = keys.text.constData();
    const size_t n = needle.size();
    const size_t end = size_t(keys.begin[last - 1]) + keys.size[last - 1];
    size_t pos = keys.begin[first];
    if (end - pos < n)
        return !isCancelled(cancel);
    const size_t stop = end - n + 1; // a match starts before this
    // A superseded scan stops within a few milliseconds.
    constexpr size_t kBlock = size_t(4) << 20;
    size_t key = first;
    for (size_t block = pos; block < stop; block += kBlock) {
        if (isCancelled(cancel))
            return false;
        const size_t to = std::min(stop, block + kBlock);
        pos = std::max(pos, block);
        while (pos < to) {
            const size_t at = findFrom(text, pos, to, needle, rare);
            if (at == std::string_view::npos)
                break;
            // The key holding `at`: the hits come in text order, so the cursor only moves on.
            while (key + 1 < last && keys.begin[key + 1] <= at)
                ++key;
            const size_t keyEnd = size_t(keys.begin[key]) + keys.size[key];
            if (at + n <= keyEnd) {
                mark[key] = 1;
                pos = keyEnd; // one hit is enough: on to the next key
            } else {
                pos = at + 1; // runs into the next key (keys have no separator): no match
            }
        }
    }
    return true;
}

// The candidates whose key is marked (and a kernel when asked), in their order.
std::vector<int> keepMarked(const SymbolKeys &keys, const std::vector<int> &candidates,
                            const std::vector<quint8> &mark, bool kernelsOnly) {
    std::vector<int> out;
    out.reserve(candidates.size());
    for (const int r : candidates)
        if (mark[keys.rowKey[size_t(r)]] && (!kernelsOnly || keys.kernel[size_t(r)]))
            out.push_back(r);
    return out;
}

// The whole-text pass costs the same whatever the candidates; one memmem per candidate grows
// with them. Measured on librocsparse's 232k rows with one key per row (random subsets in name
// order, 15 texts), per row vs whole text, mean / max: 1/16 of the keys 5.2 / 9.7 vs 9.8 / 21
// ms; 1/8 9.4 / 16 vs 10.0 / 21 ms; 1/4 15 / 28 vs 9.8 / 20 ms; all 36 / 73 vs 9.9 / 21 ms (30k
// rows: even at about 1/5). So from an eighth of the distinct keys on, the pass; below, per row
// (e.g. `gemm` after `gem`).
constexpr size_t kWholeTextShare = 8;

bool useWholeText(const SymbolRows &rows, const std::vector<int> &candidates,
                  const QByteArray &folded, SymbolScan how) {
    if (folded.isEmpty())
        return false; // nothing to search for: no pass over the keys
    if (how != SymbolScan::Auto)
        return how == SymbolScan::WholeText;
    return candidates.size() * kWholeTextShare >= rows.keys().begin.size();
}

} // namespace

std::vector<int> filterSymbolRows(const SymbolRows &rows, const std::vector<int> &candidates,
                                  const QByteArray &folded, bool kernelsOnly,
                                  const std::atomic_bool *cancel, SymbolScan how) {
    if (!useWholeText(rows, candidates, folded, how))
        return filterSlice(rows, candidates.data(), candidates.data() + candidates.size(), folded,
                           kernelsOnly, cancel);
    std::vector<quint8> mark(rows.keys().begin.size(), 0);
    if (!markMatchingKeys(rows.keys(), 0, mark.size(),
                          std::string_view(folded.constData(), size_t(folded.size())), mark.data(),
                          cancel))
        return {};
    return keepMarked(rows.keys(), candidates, mark, kernelsOnly);
}

std::vector<int> filterSymbolRowsParallel(const SymbolRows &rows,
                                          const std::vector<int> &candidates,
                                          const QByteArray &folded, bool kernelsOnly, int chunks,
                                          const std::atomic_bool *cancel, SymbolScan how) {
    // Slices smaller than this cost more to hand out than to scan.
    constexpr size_t kMinSlice = 16384;
    const bool whole = useWholeText(rows, candidates, folded, how);
    // Whole text: slices of the keys (a match never spans two keys, so they are independent).
    const size_t total = whole ? rows.keys().begin.size() : candidates.size();
    const size_t slices = std::clamp<size_t>(total / kMinSlice, 1, size_t(std::max(chunks, 1)));
    if (slices == 1)
        return filterSymbolRows(rows, candidates, folded, kernelsOnly, cancel,
                                whole ? SymbolScan::WholeText : SymbolScan::PerRow);
    auto bound = [&](size_t k) { return total * k / slices; };
    if (whole) {
        // Each slice writes its own keys' marks.
        std::vector<quint8> mark(total, 0);
        const std::string_view needle(folded.constData(), size_t(folded.size()));
        auto markSlice = [&rows, &mark, needle, cancel](size_t first, size_t last) {
            return markMatchingKeys(rows.keys(), first, last, needle, mark.data(), cancel);
        };
        QList<QFuture<bool>> others;
        for (size_t k = 1; k < slices; ++k)
            others.append(QtConcurrent::run(markSlice, bound(k), bound(k + 1)));
        bool done = markSlice(bound(0), bound(1));
        for (QFuture<bool> &f : others)
            done = f.result() && done; // every slice must end before `mark` goes
        if (!done)
            return {};
        return keepMarked(rows.keys(), candidates, mark, kernelsOnly);
    }
    const int *base = candidates.data();
    QList<QFuture<std::vector<int>>> others;
    for (size_t k = 1; k < slices; ++k)
        others.append(QtConcurrent::run(filterSlice, std::cref(rows), base + bound(k),
                                        base + bound(k + 1), folded, kernelsOnly, cancel));
    std::vector<int> out =
        filterSlice(rows, base + bound(0), base + bound(1), folded, kernelsOnly, cancel);
    // result() waits; a slice not started yet is taken off the pool and run here.
    for (QFuture<std::vector<int>> &f : others) {
        const std::vector<int> part = f.result();
        out.insert(out.end(), part.begin(), part.end());
    }
    return out;
}

SymbolFilterProxy::SymbolFilterProxy(QObject *parent)
    : QAbstractProxyModel(parent),
      // One core stays with the GUI thread: a scan on every core starved it (the event loop
      // stalled for 230 ms on the 2-core bench machine with 2 slices, 50 ms with 1).
      m_chunks(std::max(1, QThread::idealThreadCount() - 1)) {}

SymbolFilterProxy::~SymbolFilterProxy() {
    supersede();
}

void SymbolFilterProxy::setSourceModel(QAbstractItemModel *source) {
    beginResetModel();
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_symbols = qobject_cast<SymbolTableModel *>(source);
    QAbstractProxyModel::setSourceModel(source);
    if (source) {
        // SymbolTableModel only ever resets; any other structural change is handled the same
        // way (rebuild the mapping), which keeps this proxy small.
        auto begin = [this] { beginResetModel(); };
        auto end = [this] { sourceReset(); };
        m_connections = {
            connect(source, &QAbstractItemModel::modelAboutToBeReset, this, begin),
            connect(source, &QAbstractItemModel::modelReset, this, end),
            connect(source, &QAbstractItemModel::layoutAboutToBeChanged, this, begin),
            connect(source, &QAbstractItemModel::layoutChanged, this, end),
            connect(source, &QAbstractItemModel::rowsAboutToBeInserted, this, begin),
            connect(source, &QAbstractItemModel::rowsInserted, this, end),
            connect(source, &QAbstractItemModel::rowsAboutToBeRemoved, this, begin),
            connect(source, &QAbstractItemModel::rowsRemoved, this, end),
            connect(source, &QAbstractItemModel::headerDataChanged, this,
                    [this](Qt::Orientation o, int first, int last) {
                        if (o == Qt::Horizontal)
                            emit headerDataChanged(o, first, last);
                    }),
            connect(source, &QAbstractItemModel::dataChanged, this,
                    [this](const QModelIndex &tl, const QModelIndex &br, const QList<int> &roles) {
                        const QModelIndex a = mapFromSource(tl), b = mapFromSource(br);
                        if (a.isValid() && b.isValid() && a.row() == b.row())
                            emit dataChanged(a, b, roles);
                        else if (!m_rows.empty())
                            emit dataChanged(index(0, 0),
                                             index(int(m_rows.size()) - 1, columnCount() - 1),
                                             roles);
                    }),
        };
    }
    sourceReset();
}

void SymbolFilterProxy::sourceReset() {
    // Called between beginResetModel() and endResetModel(): the rows of a running job belong
    // to the old source.
    supersede();
    rebuildOrder();
    const bool filtered = !m_folded.isEmpty() || m_kernelsOnly;
    const bool now = !m_symbols || !filtered || int(m_order.size()) <= m_syncLimit;
    if (now) {
        QElapsedTimer t;
        t.start();
        m_rows = filtered ? filterNow(m_order) : m_order;
        m_shownFolded = m_folded;
        m_shownKernelsOnly = m_kernelsOnly;
        m_shownValid = true;
        m_stats.guiNs = m_stats.latencyNs = t.nsecsElapsed();
        m_stats.async = false;
        m_stats.scanned = int(m_order.size());
    } else {
        // Nothing is shown until the worker's result: showing every row for a moment
        // would flash rows the filter hides.
        m_rows.clear();
        m_shownValid = false;
    }
    rebuildReverse();
    endResetModel();
    if (now)
        emit filterApplied();
    else
        requestFilter(false);
}

void SymbolFilterProxy::rebuildOrder() {
    const int n = sourceModel() ? sourceModel()->rowCount() : 0;
    m_order.assign(size_t(n), 0);
    const int column = m_symbols ? m_sortColumn : -1;
    if (column < 0 || column >= SymbolTableModel::ColumnCount) {
        for (int i = 0; i < n; ++i)
            m_order[size_t(i)] = i;
        return;
    }
    // The ranks are the rows' positions in that column's order: inverting them is the sort.
    const std::vector<int> &rank = m_symbols->rows().ranks(column);
    for (int i = 0; i < n; ++i)
        m_order[size_t(rank[size_t(i)])] = i;
    if (m_sortOrder == Qt::DescendingOrder)
        std::reverse(m_order.begin(), m_order.end());
}

void SymbolFilterProxy::rebuildReverse() {
    m_proxyOf.assign(m_order.size(), -1);
    for (size_t p = 0; p < m_rows.size(); ++p)
        m_proxyOf[size_t(m_rows[p])] = int(p);
}

std::vector<int> SymbolFilterProxy::filterNow(const std::vector<int> &candidates) const {
    if (m_symbols)
        return filterSymbolRows(m_symbols->rows(), candidates, m_folded, m_kernelsOnly);
    // Another source model (never in the app): no keys to scan, match the filter role.
    const QString folded = QString::fromUtf8(m_folded);
    std::vector<int> rows;
    for (const int i : candidates)
        if (sourceModel()
                ->index(i, 0)
                .data(FilterRole)
                .toString()
                .contains(folded, Qt::CaseInsensitive))
            rows.push_back(i);
    return rows;
}

void SymbolFilterProxy::supersede() {
    ++m_job;
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
    m_filtering = false;
}

void SymbolFilterProxy::requestFilter(bool narrow) {
    QElapsedTimer t;
    t.start();
    m_requested.start();
    supersede();
    // Rows matching a longer text (or kernels only) are a subset of the rows shown now.
    narrow = narrow && m_shownValid && m_folded.contains(m_shownFolded) &&
             (m_kernelsOnly || !m_shownKernelsOnly);
    const std::vector<int> &candidates = narrow ? m_rows : m_order;
    const int scanned = int(candidates.size());
    if (m_folded.isEmpty() && !m_kernelsOnly) {
        applyRows(m_order, m_folded, m_kernelsOnly, t.nsecsElapsed(), false, 0);
        return;
    }
    if (!m_symbols || scanned <= m_syncLimit) {
        std::vector<int> rows = filterNow(candidates); // before reading the clock below
        applyRows(std::move(rows), m_folded, m_kernelsOnly, t.nsecsElapsed(), false, scanned);
        return;
    }
    // On the thread pool: the job holds the rows (shared) and a copy of the candidates, so
    // neither a new source nor the next swap-in changes what it reads.
    m_filtering = true;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const quint64 job = m_job;
    runInBackground(
        this,
        [rows = m_symbols->sharedRows(), candidates = std::vector<int>(candidates),
         folded = m_folded, kernelsOnly = m_kernelsOnly, chunks = m_chunks, cancel = m_cancel]() {
            return filterSymbolRowsParallel(*rows, candidates, folded, kernelsOnly, chunks,
                                            cancel.get());
        },
        [this, job, folded = m_folded, kernelsOnly = m_kernelsOnly,
         scanned](std::vector<int> rows) {
            if (job != m_job) {
                ++m_stats.staleDropped; // a newer request (or source) superseded it
                return;
            }
            m_filtering = false;
            m_cancel.reset();
            applyRows(std::move(rows), folded, kernelsOnly, m_requestGuiNs, true, scanned);
        });
    m_requestGuiNs = t.nsecsElapsed();
}

void SymbolFilterProxy::applyRows(std::vector<int> rows, const QByteArray &folded, bool kernelsOnly,
                                  qint64 requestGuiNs, bool async, int scanned) {
    QElapsedTimer t;
    t.start();
    beginResetModel();
    m_rows = std::move(rows);
    m_shownFolded = folded;
    m_shownKernelsOnly = kernelsOnly;
    m_shownValid = true;
    rebuildReverse();
    endResetModel();
    m_stats.guiNs = requestGuiNs + t.nsecsElapsed();
    m_stats.latencyNs = m_requested.nsecsElapsed();
    m_stats.async = async;
    m_stats.scanned = scanned;
    emit filterApplied();
}

void SymbolFilterProxy::setFilterText(const QString &text) {
    if (text == m_text)
        return;
    m_text = text;
    QByteArray folded = foldFilterText(text);
    if (folded == m_folded)
        return; // only whitespace around it changed
    m_folded = std::move(folded);
    requestFilter(true);
}

void SymbolFilterProxy::setKernelsOnly(bool on) {
    if (on == m_kernelsOnly)
        return;
    m_kernelsOnly = on;
    requestFilter(true);
}

void SymbolFilterProxy::sort(int column, Qt::SortOrder order) {
    if (column == m_sortColumn && order == m_sortOrder)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QList<int> sourceRows;
    sourceRows.reserve(before.size());
    for (const QModelIndex &p : before)
        sourceRows.append(m_rows[size_t(p.row())]);
    m_sortColumn = column;
    m_sortOrder = order;
    rebuildOrder();
    // Same rows, new order: keep m_order's rows that are shown now.
    std::vector<char> shown(m_order.size(), 0);
    for (const int r : m_rows)
        shown[size_t(r)] = 1;
    m_rows.clear();
    for (const int r : m_order)
        if (shown[size_t(r)])
            m_rows.push_back(r);
    rebuildReverse();
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i)
        after.append(index(m_proxyOf[size_t(sourceRows[i])], before[i].column()));
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    // A running job scans the old order: start it again on the new one.
    if (m_filtering)
        requestFilter(true);
}

QModelIndex SymbolFilterProxy::index(int row, int column, const QModelIndex &parent) const {
    if (parent.isValid() || row < 0 || column < 0 || row >= int(m_rows.size()) ||
        column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex SymbolFilterProxy::parent(const QModelIndex &) const {
    return {};
}

int SymbolFilterProxy::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SymbolFilterProxy::columnCount(const QModelIndex &parent) const {
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

bool SymbolFilterProxy::hasChildren(const QModelIndex &parent) const {
    return !parent.isValid() && !m_rows.empty();
}

QVariant SymbolFilterProxy::headerData(int section, Qt::Orientation o, int role) const {
    // The base class maps the section through row 0, which an empty result does not have.
    if (!sourceModel())
        return {};
    if (o == Qt::Vertical) {
        if (section < 0 || section >= int(m_rows.size()))
            return {};
        section = m_rows[size_t(section)];
    }
    return sourceModel()->headerData(section, o, role);
}

QModelIndex SymbolFilterProxy::mapToSource(const QModelIndex &proxyIndex) const {
    if (!proxyIndex.isValid() || !sourceModel() || proxyIndex.model() != this ||
        proxyIndex.row() >= int(m_rows.size()))
        return {};
    return sourceModel()->index(m_rows[size_t(proxyIndex.row())], proxyIndex.column());
}

QModelIndex SymbolFilterProxy::mapFromSource(const QModelIndex &sourceIndex) const {
    if (!sourceIndex.isValid() || sourceIndex.row() >= int(m_proxyOf.size()))
        return {};
    const int row = m_proxyOf[size_t(sourceIndex.row())];
    return row < 0 ? QModelIndex() : index(row, sourceIndex.column());
}

} // namespace hd::ui
