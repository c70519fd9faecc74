// The GUI's item models on real inputs: hipcc-built artifacts from kernels/, the engine's env
// catalogue and validator, real ROCm 5.2 runtime logs. Every model runs under
// QAbstractItemModelTester, which checks the model contract on every change.

#include "testpaths.h"

#include "artifacts/inspector.h"
#include "charts/chart_renderer_qcp.h"
#include "controllers/diagnosis_controller.h"
#include "env/env_catalogue.h"
#include "env/env_profile.h"
#include "logs/amd_log.h"
#include "models/artifact_tree_model.h"
#include "models/chart_specs.h"
#include "models/compat_matrix_model.h"
#include "models/devices_model.h"
#include "models/env_table_model.h"
#include "models/findings_model.h"
#include "models/libraries_model.h"
#include "models/log_model.h"
#include "models/name_lookup.h"
#include "models/symbol_table_model.h"
#include "models/ui_roles.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>

using namespace hd;
using namespace hd::ui;

namespace {

QList<ArtifactReport> openAll(const QStringList &rels) {
    QList<ArtifactReport> out;
    for (const QString &r : rels)
        out.append(inspectFile(hdtest::kernelArtifact(r)));
    return out;
}

const QStringList kArtifacts = {QStringLiteral("vector_add_multi.hsaco"),
                                QStringLiteral("libvector_add.so"),
                                QStringLiteral("ui/libname_cases.so")};

int countDistinctColors(const QImage &img) {
    QSet<QRgb> colors;
    for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3)
            colors.insert(img.pixel(x, y));
    return int(colors.size());
}

} // namespace

class TstUiModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void symbolTable();
    void symbolFilter_data();
    void symbolFilter();
    void symbolSortBySize();
    void symbolRanksFollowTheValues();
    void symbolRowsSayHowFarTheyAre();
    void symbolRowsPreviewTheFirstRows();
    void symbolFilterKeepsSortOrder();
    void symbolFilterTyping_data();
    void symbolFilterTyping();
    void symbolFilterEmptyResult();
    void symbolFilterParallelSlices();
    void symbolScanEdgeCases();
    void symbolScanOracle_data();
    void symbolScanOracle();
    void symbolFilterAsync_data();
    void symbolFilterAsync();
    void symbolFilterAsyncStaleDropped();
    void symbolFilterAsyncSourceReset();
    void symbolFilterAsyncSort();
    void artifactTree();
    void libraries();
    void envTable_data();
    void envTable();
    void envPresets();
    void findings();
    void devicesAndCompatibility();
    void logs();
    void nameLookup_data();
    void nameLookup();
    void chartRenderer_data();
    void chartRenderer();

private:
    QList<ArtifactReport> m_artifacts;
};

void TstUiModels::initTestCase() {
    for (const QString &r : kArtifacts)
        QVERIFY2(QFile::exists(hdtest::kernelArtifact(r)), qPrintable(hdtest::kernelArtifact(r)));
    m_artifacts = openAll(kArtifacts);
    for (const ArtifactReport &a : m_artifacts)
        QVERIFY2(!a.codeObjects.isEmpty(), qPrintable(a.path + QStringLiteral(": no code object")));
}

void TstUiModels::symbolTable() {
    SymbolTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRows(buildSymbolRows(m_artifacts));
    QVERIFY(model.rowCount() > 0);
    // Every kernel of every code object's metadata is a "kernel" row of its artifact, and
    // the row lists every code object (target) holding it.
    for (int a = 0; a < m_artifacts.size(); ++a) {
        for (int c = 0; c < m_artifacts[a].codeObjects.size(); ++c) {
            for (const KernelInfo &k : m_artifacts[a].codeObjects[c].kernels) {
                bool found = false;
                for (const SymbolRow &r : model.rows())
                    if (r.artifact == a && r.name() == k.name && r.kind == SymbolKind::Kernel) {
                        QVERIFY(std::ranges::count(model.rows().codeObjects(r), c) == 1);
                        found = true;
                    }
                QVERIFY2(found, qPrintable(k.name));
            }
        }
    }
    // Rows are distinct per artifact, name and kind.
    QSet<QString> keys;
    for (const SymbolRow &r : model.rows()) {
        if (r.host)
            continue;
        const QString key =
            QStringLiteral("%1|%2|%3").arg(r.artifact).arg(r.name()).arg(int(r.kind));
        QVERIFY2(!keys.contains(key), qPrintable(key));
        keys.insert(key);
    }
    // The mangled kernel shows demangled in the first column, mangled in the second.
    const int row = model.findRow(QStringLiteral("_Z5scalePffi"));
    QVERIFY(row >= 0);
    QCOMPARE(model.index(row, SymbolTableModel::Demangled).data().toString(),
             QStringLiteral("scale(float*, float, int)"));
    QCOMPARE(model.index(row, SymbolTableModel::Mangled).data().toString(),
             QStringLiteral("_Z5scalePffi"));
    QCOMPARE(model.index(row, SymbolTableModel::Kind).data(KindRole).toInt(),
             int(SymbolKind::Kernel));
}

void TstUiModels::symbolFilter_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("kernelsOnly");
    QTest::newRow("plain name") << QStringLiteral("vector_add") << false;
    QTest::newRow("case-insensitive") << QStringLiteral("VECTOR_ADD") << false;
    QTest::newRow("demangled text") << QStringLiteral("scale(float*") << false;
    QTest::newRow("mangled text") << QStringLiteral("_Z5scale") << false;
    QTest::newRow("kernels only") << QStringLiteral("") << true;
    QTest::newRow("nothing") << QStringLiteral("no-such-symbol-anywhere") << false;
}

void TstUiModels::symbolFilter() {
    QFETCH(QString, text);
    QFETCH(bool, kernelsOnly);
    SymbolTableModel model;
    model.setRows(buildSymbolRows(m_artifacts));
    SymbolFilterProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.setFilterText(text);
    proxy.setKernelsOnly(kernelsOnly);
    // The proxy keeps exactly the rows whose names contain the text (case-insensitive).
    int expected = 0;
    for (const SymbolRow &r : model.rows()) {
        const bool textOk = r.name().contains(text, Qt::CaseInsensitive) ||
                            r.demangled().contains(text, Qt::CaseInsensitive);
        expected += textOk && (!kernelsOnly || r.kind == SymbolKind::Kernel);
    }
    QCOMPARE(proxy.rowCount(), expected);
    for (int i = 0; i < proxy.rowCount(); ++i) {
        const QString name = proxy.index(i, SymbolTableModel::Mangled).data().toString();
        const QString dem = proxy.index(i, SymbolTableModel::Demangled).data().toString();
        QVERIFY(name.contains(text, Qt::CaseInsensitive) ||
                dem.contains(text, Qt::CaseInsensitive));
    }
    if (text == QLatin1String("nothing"))
        QCOMPARE(proxy.rowCount(), 0);
}

void TstUiModels::symbolSortBySize() {
    SymbolTableModel model;
    model.setRows(buildSymbolRows(m_artifacts));
    SymbolFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(SymbolTableModel::Size, Qt::DescendingOrder);
    QVERIFY(proxy.rowCount() > 2);
    for (int i = 1; i < proxy.rowCount(); ++i)
        QVERIFY(proxy.index(i - 1, SymbolTableModel::Size).data(RawRole).toULongLong() >=
                proxy.index(i, SymbolTableModel::Size).data(RawRole).toULongLong());
    // The custom sort role sorts sizes as numbers, not as text ("1,024" < "96" as text).
    QCOMPARE(proxy.sortRole(), int(SortRole));
}

// The rows a filter text must keep, in source order: the oracle is QString::contains on the
// names the model shows, not the proxy's precomputed keys.
static QList<int> expectedRows(const SymbolTableModel &model, QString text, bool kernelsOnly) {
    text = text.trimmed();
    QList<int> rows;
    for (int i = 0; i < model.rowCount(); ++i) {
        const SymbolRow &r = model.row(i);
        if (kernelsOnly && r.kind != SymbolKind::Kernel)
            continue;
        if (r.name().contains(text, Qt::CaseInsensitive) ||
            r.demangled().contains(text, Qt::CaseInsensitive))
            rows.append(i);
    }
    return rows;
}

static QList<int> proxyRows(const SymbolFilterProxy &proxy) {
    QList<int> rows;
    for (int i = 0; i < proxy.rowCount(); ++i)
        rows.append(proxy.mapToSource(proxy.index(i, 0)).row());
    return rows;
}

void TstUiModels::symbolFilterKeepsSortOrder() {
    SymbolTableModel model;
    model.setRows(buildSymbolRows(m_artifacts));
    SymbolFilterProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.sort(SymbolTableModel::Size, Qt::DescendingOrder);
    // Filtering after sorting keeps the sorted order (no re-sort), and sorting after
    // filtering keeps the filtered set.
    for (const bool sortFirst : {true, false}) {
        proxy.setFilterText(QString());
        proxy.sort(sortFirst ? SymbolTableModel::Size : SymbolTableModel::Demangled,
                   sortFirst ? Qt::DescendingOrder : Qt::AscendingOrder);
        proxy.setFilterText(QStringLiteral("_z"));
        if (!sortFirst)
            proxy.sort(SymbolTableModel::Size, Qt::DescendingOrder);
        QList<int> got = proxyRows(proxy);
        QVERIFY(got.size() > 2);
        for (int i = 1; i < proxy.rowCount(); ++i)
            QVERIFY(proxy.index(i - 1, SymbolTableModel::Size).data(RawRole).toULongLong() >=
                    proxy.index(i, SymbolTableModel::Size).data(RawRole).toULongLong());
        std::sort(got.begin(), got.end());
        QCOMPARE(got, expectedRows(model, QStringLiteral("_z"), false));
        // mapFromSource inverts mapToSource; rows filtered out map to nothing.
        for (int i = 0; i < model.rowCount(); ++i) {
            const QModelIndex p = proxy.mapFromSource(model.index(i, 1));
            QCOMPARE(p.isValid(), got.contains(i));
            if (p.isValid())
                QCOMPARE(proxy.mapToSource(p), model.index(i, 1));
        }
    }
    // Back to the model's order.
    proxy.setFilterText(QString());
    proxy.sort(-1);
    QCOMPARE(proxyRows(proxy), expectedRows(model, QString(), false));
}

void TstUiModels::symbolFilterTyping_data() {
    QTest::addColumn<QStringList>("keystrokes"); // successive texts of the filter box
    QTest::addColumn<bool>("kernelsOnly");
    QTest::newRow("typing") << QStringList{QStringLiteral("v"), QStringLiteral("ve"),
                                           QStringLiteral("vec"), QStringLiteral("vector_a")}
                            << false;
    QTest::newRow("backspace") << QStringList{QStringLiteral("scale"), QStringLiteral("scal"),
                                              QStringLiteral("sca")}
                               << false;
    QTest::newRow("middle of the name")
        << QStringList{QStringLiteral("add"), QStringLiteral("_add"), QStringLiteral("r_add")}
        << true;
    QTest::newRow("replaced") << QStringList{QStringLiteral("scale"), QStringLiteral("vector")}
                              << false;
    QTest::newRow("spaces and case")
        << QStringList{QStringLiteral(" Vec"), QStringLiteral(" VECTOR_ "), QStringLiteral("")}
        << true;
}

// Each keystroke's result equals a fresh filter with that text: narrowing a previous result
// (the incremental path) never keeps or loses a row it should not.
void TstUiModels::symbolFilterTyping() {
    QFETCH(QStringList, keystrokes);
    QFETCH(bool, kernelsOnly);
    SymbolTableModel model;
    model.setRows(buildSymbolRows(m_artifacts));
    SymbolFilterProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    for (const QString &text : keystrokes) {
        proxy.setFilterText(text);
        QCOMPARE(proxyRows(proxy), expectedRows(model, text, false));
        proxy.setKernelsOnly(kernelsOnly);
        QCOMPARE(proxyRows(proxy), expectedRows(model, text, kernelsOnly));
        proxy.setKernelsOnly(false);
        QCOMPARE(proxyRows(proxy), expectedRows(model, text, false));
    }
    // New rows (another grouping) are filtered with the current text.
    proxy.setFilterText(keystrokes.first());
    model.setRows(buildSymbolRows(m_artifacts, SymbolGrouping::PerCodeObject));
    QCOMPARE(proxyRows(proxy), expectedRows(model, keystrokes.first(), false));
}

void TstUiModels::symbolFilterEmptyResult() {
    SymbolTableModel model;
    model.setRows(buildSymbolRows(m_artifacts));
    SymbolFilterProxy proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.setFilterText(QStringLiteral("no-such-symbol-anywhere"));
    QCOMPARE(proxy.rowCount(), 0);
    // The header still names the columns with no row to map through.
    QCOMPARE(proxy.headerData(SymbolTableModel::Size, Qt::Horizontal).toString(),
             model.headerData(SymbolTableModel::Size, Qt::Horizontal).toString());
    proxy.setFilterText(QString());
    QCOMPARE(proxy.rowCount(), model.rowCount());
}

// Slices of the candidates scanned on the thread pool and joined give the one-pass result, in
// order. The real rows are few, so the candidate list repeats them to get several slices.
void TstUiModels::symbolFilterParallelSlices() {
    const SymbolRows rows = buildSymbolRows(m_artifacts, SymbolGrouping::PerCodeObject);
    std::vector<int> candidates;
    while (candidates.size() < 100000)
        for (int i = int(rows.size()) - 1; i >= 0; --i)
            candidates.push_back(i);
    for (const QString &text : {QStringLiteral("_z"), QStringLiteral("Vector"), QString()}) {
        for (const bool kernelsOnly : {false, true}) {
            const QByteArray folded = foldFilterText(text);
            const std::vector<int> one = filterSymbolRows(rows, candidates, folded, kernelsOnly);
            QVERIFY(!one.empty());
            for (const int chunks : {2, 3, 7})
                QVERIFY(filterSymbolRowsParallel(rows, candidates, folded, kernelsOnly, chunks) ==
                        one);
        }
    }
    // A raised cancel flag stops the scan (the proxy drops that result).
    const std::atomic_bool cancelled{true};
    QVERIFY(filterSymbolRows(rows, candidates, "_z", false, &cancelled).empty());
}

// The reference the scans are checked against: each row's key rebuilt from its names as the
// header describes it (case-folded name, plus "\n" and the case-folded demangled name when that
// differs) and searched with std::string::find, one row at a time.
struct NaiveSymbolFilter {
    explicit NaiveSymbolFilter(const SymbolRows &rows) {
        for (const SymbolRow &r : rows) {
            const QString key = r.demangled().isEmpty() || r.demangled() == r.name()
                                    ? r.name()
                                    : r.name() + QLatin1Char('\n') + r.demangled();
            keys.push_back(key.toCaseFolded().toUtf8().toStdString());
            kernel.push_back(r.kind == SymbolKind::Kernel);
        }
    }
    std::vector<int> filter(const std::vector<int> &candidates, const QByteArray &needle,
                            bool kernelsOnly) const {
        const std::string n = needle.toStdString();
        std::vector<int> out;
        for (const int r : candidates)
            if ((!kernelsOnly || kernel[size_t(r)]) && keys[size_t(r)].find(n) != std::string::npos)
                out.push_back(r);
        return out;
    }
    std::vector<std::string> keys;
    std::vector<bool> kernel;
};

// Rows from one synthetic code object, one row per symbol in this order (keys back to back).
static SymbolRows syntheticRows(const QList<Symbol> &symbols) {
    ArtifactReport rep;
    rep.path = QStringLiteral("synthetic");
    CodeObject co;
    co.symbols = symbols;
    rep.codeObjects.append(co);
    return buildSymbolRows({rep}, SymbolGrouping::PerCodeObject);
}

static Symbol syntheticSymbol(const QString &name, const QString &demangled = {},
                              SymbolKind kind = SymbolKind::DeviceFunction) {
    Symbol s;
    s.names = SymbolName(name, demangled.isEmpty() ? name : demangled);
    s.kind = kind;
    return s;
}

// Every way to scan (per row, whole text, the automatic choice; one slice and several) keeps
// the rows the naive filter keeps, in the candidates' order. Returns a failure message or "".
static QString compareScans(const SymbolRows &rows, const NaiveSymbolFilter &naive,
                            const std::vector<int> &candidates, const QByteArray &needle,
                            bool kernelsOnly) {
    const std::vector<int> expected = naive.filter(candidates, needle, kernelsOnly);
    auto describe = [&](const char *how, int chunks, const std::vector<int> &got) {
        return QStringLiteral("needle \"%1\" kernelsOnly %2, %3 candidates, %4 (chunks %5): "
                              "%6 rows, expected %7")
            .arg(QString::fromUtf8(needle.toPercentEncoding()))
            .arg(kernelsOnly)
            .arg(candidates.size())
            .arg(QLatin1String(how))
            .arg(chunks)
            .arg(got.size())
            .arg(expected.size());
    };
    const std::pair<const char *, SymbolScan> ways[] = {{"per row", SymbolScan::PerRow},
                                                        {"whole text", SymbolScan::WholeText},
                                                        {"auto", SymbolScan::Auto}};
    for (const auto &[name, how] : ways) {
        const std::vector<int> got =
            filterSymbolRows(rows, candidates, needle, kernelsOnly, nullptr, how);
        if (got != expected)
            return describe(name, 0, got);
        for (const int chunks : {1, 2, 3}) {
            const std::vector<int> par = filterSymbolRowsParallel(
                rows, candidates, needle, kernelsOnly, chunks, nullptr, how);
            if (par != expected)
                return describe(name, chunks, par);
        }
    }
    return {};
}

// The candidate lists a scan is asked about: every row in order, shuffled (the proxy's sorted
// order is not memory order), a shuffled third, and that third twice (repeats are kept).
static QList<std::vector<int>> candidateSets(size_t rowCount) {
    std::vector<int> all(rowCount);
    std::iota(all.begin(), all.end(), 0);
    std::vector<int> shuffled = all;
    std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(7));
    std::vector<int> third;
    for (size_t i = 0; i < shuffled.size(); i += 3)
        third.push_back(shuffled[i]);
    std::vector<int> twice = third;
    twice.insert(twice.end(), third.rbegin(), third.rend());
    return {all, shuffled, third, twice, {}};
}

// Hand-made keys around the edges of the whole-text scan, whose keys lie back to back with no
// separator: the expected rows are spelled out here, then every scan is checked against them.
void TstUiModels::symbolScanEdgeCases() {
    const SymbolRows rows = syntheticRows({
        syntheticSymbol(QStringLiteral("cab")),  // 0: the first key: starts the text
        syntheticSymbol(QStringLiteral("abab")), // 1: "bab" also spans 0/1 ("ca|b|ab")
        syntheticSymbol(QString()),              // 2: an empty key
        syntheticSymbol(QStringLiteral("Größe"), {}, SymbolKind::Kernel), // 3
        syntheticSymbol(QStringLiteral("ÄRGER")),                         // 4
        syntheticSymbol(QStringLiteral("_Z3fooi"), QStringLiteral("foo(int)"),
                        SymbolKind::Kernel),    // 5: "_z3fooi\nfoo(int)"
        syntheticSymbol(QStringLiteral("ÖL")),  // 6
        syntheticSymbol(QStringLiteral("abc")), // 7
        syntheticSymbol(QStringLiteral("def")), // 8
        syntheticSymbol(QStringLiteral("tail_END"), {}, SymbolKind::Kernel), // 9: ends the text
    });
    QCOMPARE(rows.size(), size_t(10));
    const NaiveSymbolFilter naive(rows);
    QCOMPARE(naive.keys[5], std::string("_z3fooi\nfoo(int)"));
    const std::vector<int> all = candidateSets(rows.size()).first();
    auto whole = [&](const char *text, bool kernelsOnly = false) {
        return filterSymbolRows(rows, all, foldFilterText(QString::fromUtf8(text)), kernelsOnly,
                                nullptr, SymbolScan::WholeText);
    };
    using Rows = std::vector<int>;
    QCOMPARE(whole("cab"), Rows({0}));      // at the very start of the text
    QCOMPARE(whole("end"), Rows({9}));      // at the very end of the text
    QCOMPARE(whole("bab"), Rows({1}));      // the hit spanning keys 0 and 1 is not one
    QCOMPARE(whole("ab"), Rows({0, 1, 7})); // a key's end, the next key's start
    QCOMPARE(whole("cd"), Rows({}));        // "abc|def"
    QCOMPARE(whole("abcdef"), Rows({}));    // longer than any key, spans exactly two
    QCOMPARE(whole("eä"), Rows({}));        // "größe|ärger": UTF-8 across two keys
    QCOMPARE(whole("ÖL"), Rows({6}));       // case-folded non-ASCII
    QCOMPARE(whole("GRÖ"), Rows({3}));
    QCOMPARE(whole("i\nfoo"), Rows({5}));       // name and demangled name are one key
    QCOMPARE(whole("(int)öl"), Rows({}));       // ... but not with the next row's
    QCOMPARE(whole("", true), Rows({3, 5, 9})); // empty text: every kernel
    QCOMPARE(whole("e", true), Rows({3, 9}));
    QCOMPARE(whole("thisneedleislongerthananykey"), Rows({}));
    QCOMPARE(filterSymbolRows(rows, {9, 1, 0, 1}, "ab", false, nullptr, SymbolScan::WholeText),
             Rows({1, 0, 1}));
    const char *needles[] = {
        "cab", "end",  "bab", "ab",     "cd",      "abcdef",
        "eä",  "öl",   "grö", "i\nfoo", "(int)öl", "",
        "e",   "\xa4", "\n",  "_",      "b",       "thisneedleislongerthananykey"};
    for (const std::vector<int> &candidates : candidateSets(rows.size()))
        for (const char *needle : needles)
            for (const bool kernelsOnly : {false, true}) {
                const QString failure =
                    compareScans(rows, naive, candidates, QByteArray(needle), kernelsOnly);
                QVERIFY2(failure.isEmpty(), qPrintable(failure));
            }
}

void TstUiModels::symbolScanOracle_data() {
    QTest::addColumn<int>("table");
    QTest::newRow("test artifacts, one row per name") << 0;
    QTest::newRow("test artifacts, one row per code object") << 1;
    // Enough rows for the whole-text scan to be split into slices.
    QTest::newRow("40000 random short keys") << 2;
}

// The scans against the naive filter on the rows of the hipcc-built test artifacts and on
// random keys from a small alphabet (many hits at a key's start and end and across two keys,
// empty keys, two-byte characters).
void TstUiModels::symbolScanOracle() {
    QFETCH(int, table);
    SymbolRows rows;
    QList<QByteArray> needles = {"",  "_z",  "vector", "add", "scale",
                                 "e", ".kd", "xyz",    "\n",  "no-symbol-holds-this-text"};
    if (table < 2) {
        rows = buildSymbolRows(m_artifacts,
                               table == 0 ? SymbolGrouping::ByName : SymbolGrouping::PerCodeObject);
    } else {
        std::mt19937 rng(42);
        const QStringList letters = {QStringLiteral("a"), QStringLiteral("B"), QStringLiteral("ä"),
                                     QStringLiteral("_")};
        auto word = [&] {
            QString w;
            for (int n = int(rng() % 7); n > 0; --n)
                w += letters[qsizetype(rng() % 4)];
            return w;
        };
        QList<Symbol> symbols;
        for (int i = 0; i < 40000; ++i) {
            const QString name = word();
            symbols.append(syntheticSymbol(name, rng() % 2 ? word() : name,
                                           rng() % 3 ? SymbolKind::Object : SymbolKind::Kernel));
        }
        rows = syntheticRows(symbols);
        needles += {"a",
                    "ab",
                    "ba",
                    "aba",
                    "bab",
                    "ä",
                    "äa",
                    "aä",
                    "_ä_",
                    "a\nb",
                    "\xa4",
                    "abababab",
                    QByteArray(40, 'a')};
    }
    QVERIFY(rows.size() > 10);
    const NaiveSymbolFilter naive(rows);
    for (const std::vector<int> &candidates : candidateSets(rows.size()))
        for (const QByteArray &needle : std::as_const(needles))
            for (const bool kernelsOnly : {false, true}) {
                const QString failure = compareScans(rows, naive, candidates, needle, kernelsOnly);
                QVERIFY2(failure.isEmpty(), qPrintable(failure));
            }
    // A raised cancel flag stops the whole-text scan too (the proxy drops that result).
    const std::atomic_bool cancelled{true};
    std::vector<int> all(rows.size());
    std::iota(all.begin(), all.end(), 0);
    QVERIFY(filterSymbolRows(rows, all, "a", false, &cancelled, SymbolScan::WholeText).empty());
    QVERIFY(filterSymbolRowsParallel(rows, all, "a", false, 3, &cancelled, SymbolScan::WholeText)
                .empty());
}

// The symbol table of the test artifacts behind a proxy that scans every filter change on
// the thread pool (sync limit 0), checked by QAbstractItemModelTester.
struct AsyncTable {
    explicit AsyncTable(const QList<ArtifactReport> &artifacts) {
        model.setRows(buildSymbolRows(artifacts));
        proxy.setSyncLimit(0);
        proxy.setSourceModel(&model);
    }
    SymbolTableModel model;
    SymbolFilterProxy proxy;
    QAbstractItemModelTester tester{&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest};
};

// Waits until the proxy shows the result of its newest filter request.
static bool waitApplied(SymbolFilterProxy &proxy) {
    if (!proxy.isFiltering())
        return true;
    QSignalSpy spy(&proxy, &SymbolFilterProxy::filterApplied);
    return spy.wait(30000) && !proxy.isFiltering();
}

void TstUiModels::symbolFilterAsync_data() {
    symbolFilterTyping_data();
}

// The worker path (a sync limit of 0 sends every scan to the thread pool) shows exactly the
// rows filterSymbolRows() keeps when called directly on the same rows, keystroke after
// keystroke (narrowing scans only the rows shown).
void TstUiModels::symbolFilterAsync() {
    QFETCH(QStringList, keystrokes);
    QFETCH(bool, kernelsOnly);
    SymbolTableModel model;
    model.setRows(buildSymbolRows(m_artifacts, SymbolGrouping::PerCodeObject));
    SymbolFilterProxy proxy;
    proxy.setSyncLimit(0);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    std::vector<int> all(size_t(model.rowCount()));
    std::iota(all.begin(), all.end(), 0);
    auto direct = [&](const QString &text, bool ko) {
        const std::vector<int> rows = filterSymbolRows(model.rows(), all, foldFilterText(text), ko);
        return QList<int>(rows.begin(), rows.end());
    };
    for (const QString &text : keystrokes) {
        proxy.setFilterText(text);
        QCOMPARE(proxy.filterText(), text);
        QVERIFY(waitApplied(proxy));
        QCOMPARE(proxyRows(proxy), direct(text, false));
        QCOMPARE(proxyRows(proxy), expectedRows(model, text, false));
        proxy.setKernelsOnly(kernelsOnly);
        QVERIFY(waitApplied(proxy));
        QCOMPARE(proxyRows(proxy), direct(text, kernelsOnly));
        proxy.setKernelsOnly(false);
        QVERIFY(waitApplied(proxy));
        QCOMPARE(proxyRows(proxy), direct(text, false));
    }
}

// A newer keystroke supersedes a running scan: its result is dropped, not shown, and only the
// newest text's rows are swapped in.
void TstUiModels::symbolFilterAsyncStaleDropped() {
    AsyncTable t(m_artifacts);
    SymbolTableModel &model = t.model;
    SymbolFilterProxy &proxy = t.proxy;
    QSignalSpy applied(&proxy, &SymbolFilterProxy::filterApplied);
    const int droppedBefore = proxy.lastFilterStats().staleDropped;
    proxy.setFilterText(QStringLiteral("v"));
    QVERIFY(proxy.isFiltering());
    proxy.setFilterText(QStringLiteral("scale")); // not a narrowing of "v": a full rescan
    QVERIFY(proxy.isFiltering());
    // Let both jobs finish and both results be delivered.
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    QVERIFY(!proxy.isFiltering());
    QCOMPARE(applied.size(), 1);
    QCOMPARE(proxy.lastFilterStats().staleDropped, droppedBefore + 1);
    QVERIFY(proxy.lastFilterStats().async);
    QCOMPARE(proxyRows(proxy), expectedRows(model, QStringLiteral("scale"), false));
    QVERIFY(proxy.rowCount() > 0);
}

// New rows while a scan runs: the scan of the old rows is dropped and the new rows are
// filtered with the current text; until then nothing (not every row) is shown.
void TstUiModels::symbolFilterAsyncSourceReset() {
    AsyncTable t(m_artifacts);
    SymbolTableModel &model = t.model;
    SymbolFilterProxy &proxy = t.proxy;
    QVERIFY(waitApplied(proxy));
    proxy.setFilterText(QStringLiteral("vector"));
    QVERIFY(proxy.isFiltering());
    model.setRows(buildSymbolRows(m_artifacts, SymbolGrouping::PerCodeObject));
    QVERIFY(proxy.isFiltering());
    QCOMPARE(proxy.rowCount(), 0);
    QVERIFY(waitApplied(proxy));
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(proxyRows(proxy), expectedRows(model, QStringLiteral("vector"), false));
    QVERIFY(proxy.rowCount() > 0);
}

// Sorting while a scan runs: the result shown is in the new order.
void TstUiModels::symbolFilterAsyncSort() {
    AsyncTable t(m_artifacts);
    SymbolTableModel &model = t.model;
    SymbolFilterProxy &proxy = t.proxy;
    proxy.setFilterText(QStringLiteral("_z"));
    proxy.sort(SymbolTableModel::Size, Qt::DescendingOrder);
    QVERIFY(waitApplied(proxy));
    QList<int> got = proxyRows(proxy);
    QVERIFY(got.size() > 2);
    for (int i = 1; i < proxy.rowCount(); ++i)
        QVERIFY(proxy.index(i - 1, SymbolTableModel::Size).data(RawRole).toULongLong() >=
                proxy.index(i, SymbolTableModel::Size).data(RawRole).toULongLong());
    std::sort(got.begin(), got.end());
    QCOMPARE(got, expectedRows(model, QStringLiteral("_z"), false));
}

void TstUiModels::artifactTree() {
    ArtifactTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setArtifacts(m_artifacts);
    QCOMPARE(model.rowCount(), m_artifacts.size());
    // Count kernel rows anywhere in the tree: one per kernel per code object.
    int kernels = 0, expected = 0;
    std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int r = 0; r < model.rowCount(parent); ++r) {
            const QModelIndex idx = model.index(r, 0, parent);
            if (model.kernelAt(idx))
                ++kernels;
            walk(idx);
        }
    };
    walk({});
    for (const ArtifactReport &a : m_artifacts)
        expected += a.kernelCount();
    QCOMPARE(kernels, expected);
    // The multi-target bundle: bundle → 5 entries (host + 4 targets) → vector_add under each.
    const QModelIndex multi = model.index(0, 0);
    QCOMPARE(multi.data().toString(), QStringLiteral("vector_add_multi.hsaco"));
    const QModelIndex bundle = model.index(0, 0, multi);
    QCOMPARE(model.node(bundle)->type, ArtifactTreeModel::NodeType::Bundle);
    QCOMPARE(model.rowCount(bundle), m_artifacts[0].bundles[0].entries.size());
    const QModelIndex k = model.findKernel(QStringLiteral("vector_add"));
    QVERIFY(k.isValid());
    QCOMPARE(model.kernelAt(k)->name, QStringLiteral("vector_add"));
    QVERIFY(model.kernelAt(k)->args.size() >= 4);
    model.setArtifacts({});
    QCOMPARE(model.rowCount(), 0);
}

void TstUiModels::libraries() {
    LibrariesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setArtifacts(m_artifacts);
    // libvector_add.so needs the HIP runtime, which is installed here.
    bool sawHip = false;
    for (int r = 0; r < model.rowCount(); ++r) {
        const auto &row = model.rows()[r];
        if (row.resolution.name.startsWith(QLatin1String("libamdhip64.so"))) {
            sawHip = true;
            QVERIFY2(row.resolution.found(),
                     qPrintable(row.resolution.searched.join(QLatin1Char(' '))));
            QVERIFY(QFile::exists(model.index(r, LibrariesModel::ResolvedPath).data().toString()));
            QCOMPARE(model.index(r, 0).data(StatusRole).toString(), QStringLiteral("pass"));
        }
    }
    QVERIFY(sawHip);
}

void TstUiModels::envTable_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::newRow("log level 4") << QStringLiteral("AMD_LOG_LEVEL") << QStringLiteral("4");
    QTest::newRow("log level 9") << QStringLiteral("AMD_LOG_LEVEL") << QStringLiteral("9");
    QTest::newRow("log level text") << QStringLiteral("AMD_LOG_LEVEL") << QStringLiteral("debug");
    QTest::newRow("gfx override ok")
        << QStringLiteral("HSA_OVERRIDE_GFX_VERSION") << QStringLiteral("9.0.10");
    QTest::newRow("gfx override bad")
        << QStringLiteral("HSA_OVERRIDE_GFX_VERSION") << QStringLiteral("gfx90a");
    QTest::newRow("blocking 1") << QStringLiteral("HIP_LAUNCH_BLOCKING") << QStringLiteral("1");
    QTest::newRow("serialize 7") << QStringLiteral("AMD_SERIALIZE_KERNEL") << QStringLiteral("7");
}

void TstUiModels::envTable() {
    QFETCH(QString, name);
    QFETCH(QString, value);
    EnvTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QList<EnvVarRow> rows;
    for (const EnvVarInfo &v : envCatalogue())
        rows.append({v.name, v.meaning, v.allowedValues, envGroupName(v.group), false, {}, {}});
    model.setCatalogue(rows);
    model.setValidator([](const QString &n, const QString &v) { return validateEnvValue(n, v); });
    const int row = model.rowOf(name);
    QVERIFY2(row >= 0, qPrintable(name + QStringLiteral(" not in the catalogue")));
    QVERIFY(model.flags(model.index(row, EnvTableModel::Value)) & Qt::ItemIsEditable);
    QVERIFY(model.flags(model.index(row, EnvTableModel::Name)) & Qt::ItemIsUserCheckable);
    QVERIFY(model.setData(model.index(row, EnvTableModel::Name), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(model.setData(model.index(row, EnvTableModel::Value), value));
    // The table reports exactly what the engine's validator says about the value.
    const QString engine = validateEnvValue(name, value);
    QCOMPARE(model.validationError(row), engine);
    QCOMPARE(model.hasErrors(), !engine.isEmpty());
    QCOMPARE(model.index(row, EnvTableModel::Status).data(StatusRole).toString(),
             engine.isEmpty() ? QStringLiteral("pass") : QStringLiteral("fail"));
    if (!engine.isEmpty())
        QCOMPARE(model.index(row, EnvTableModel::Status).data().toString(), engine);
    QCOMPARE(model.profile().value(name), value);
    // Switched off, the variable leaves the profile and no longer counts as an error.
    model.setData(model.index(row, EnvTableModel::Name), Qt::Unchecked, Qt::CheckStateRole);
    QVERIFY(!model.profile().contains(name));
    QVERIFY(!model.hasErrors());
    // Typing a value switches it on again (the Environment panel's trap was a typed value
    // left unused).
    if (!value.isEmpty()) {
        QVERIFY(model.setData(model.index(row, EnvTableModel::Value), value));
        QCOMPARE(model.profile().value(name), value);
    }
    // After a run the table says whether the runtime reads it.
    model.setRuntimeReads({{name, false}});
    if (engine.isEmpty() && model.profile().contains(name))
        QCOMPARE(model.index(row, EnvTableModel::Status).data().toString(),
                 QStringLiteral("set, but the loaded runtime does not read it"));
}

void TstUiModels::envPresets() {
    EnvTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QList<EnvVarRow> rows;
    for (const EnvVarInfo &v : envCatalogue())
        rows.append({v.name, v.meaning, v.allowedValues, envGroupName(v.group), false, {}, {}});
    model.setCatalogue(rows);
    const auto preset = envPreset(QStringLiteral("debug-log"));
    QVERIFY(preset);
    model.applyProfile(preset->enabledMap());
    QCOMPARE(model.profile(), preset->enabledMap());
    QCOMPARE(model.profile().value(QStringLiteral("AMD_LOG_LEVEL")), QStringLiteral("4"));
    QCOMPARE(model.profile().value(QStringLiteral("HIP_LAUNCH_BLOCKING")), QStringLiteral("1"));
    // A variable the catalogue does not know is added as its own row.
    const int before = model.rowCount();
    model.addVariable(QStringLiteral("MY_SWITCH"), QStringLiteral("0"));
    QCOMPARE(model.rowCount(), before + 1);
    QCOMPARE(model.profile().value(QStringLiteral("MY_SWITCH")), QStringLiteral("0"));
    model.applyProfile({});
    QVERIFY(model.profile().isEmpty());
}

void TstUiModels::findings() {
    FindingsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QString lib = hdtest::kernelArtifact(QStringLiteral("ui/libname_cases.so"));
    Finding mangled{
        QStringLiteral("symbol.mangled-name"),
        Severity::Error,
        QStringLiteral("kernel only present C++-mangled"),
        {},
        {{lib, QStringLiteral("symbol _Z5scalePffi"), QStringLiteral("scale(float*, float, int)")}},
        {QStringLiteral("declare it extern \"C\""), QStringLiteral("or ask for _Z5scalePffi")},
        Direction::Symbols,
        QStringLiteral("load")};
    Finding log{QStringLiteral("runtime.no-device"),
                Severity::Warning,
                QStringLiteral("no device"),
                {},
                {{QStringLiteral("log"), QStringLiteral("line 19"),
                  QStringLiteral("hipGetDeviceCount: Returned hipErrorNoDevice")}},
                {},
                Direction::RuntimeLink,
                QStringLiteral("load")};
    Finding env{QStringLiteral("env.hsa-override"),
                Severity::Warning,
                QStringLiteral("override set"),
                {},
                {{QStringLiteral("env"), QStringLiteral("HSA_OVERRIDE_GFX_VERSION"),
                  QStringLiteral("9.0.10")}},
                {},
                Direction::CodeObject,
                {}};
    Finding build{QStringLiteral("build.no-offload-arch"),
                  Severity::Info,
                  QStringLiteral("no arch"),
                  {},
                  {},
                  {},
                  Direction::None,
                  QStringLiteral("build")};
    model.setFindings({build, log, mangled, env});
    // Groups in the method's order: layer, direction 1, 2, 3.
    QCOMPARE(model.rowCount(), 4);
    QVERIFY(model.index(0, 0).data().toString().startsWith(
        FindingsModel::groupTitle(FindingsModel::LayerGroup)));
    QVERIFY(model.index(2, 0).data().toString().startsWith(
        FindingsModel::groupTitle(FindingsModel::SymbolsGroup)));
    const QModelIndex symFinding = model.index(0, 0, model.index(2, 0));
    QCOMPARE(model.findingAt(symFinding)->id, QStringLiteral("symbol.mangled-name"));
    QCOMPARE(symFinding.data(SeverityRole).toInt(), int(Severity::Error));
    QVERIFY(!symFinding.data(Qt::DecorationRole).isNull());
    // Evidence rows link to where they came from.
    QCOMPARE(model.index(0, 0, symFinding).data(LinkRole).toString(),
             QStringLiteral("symbol:_Z5scalePffi"));
    QCOMPARE(model.index(0, 0, model.index(0, 0, model.index(1, 0))).data(LinkRole).toString(),
             QStringLiteral("log:19"));
    QCOMPARE(model.index(0, 0, model.index(0, 0, model.index(3, 0))).data(LinkRole).toString(),
             QStringLiteral("env:HSA_OVERRIDE_GFX_VERSION"));
    QCOMPARE(FindingsModel::fixText(mangled),
             QStringLiteral("- declare it extern \"C\"\n- or ask for _Z5scalePffi"));
    model.setFindings({});
    QCOMPARE(model.rowCount(), 0);
}

void TstUiModels::devicesAndCompatibility() {
    DevicesModel devices;
    QAbstractItemModelTester t1(&devices, QAbstractItemModelTester::FailureReportingMode::QtTest);
    CompatMatrixModel matrix;
    QAbstractItemModelTester t2(&matrix, QAbstractItemModelTester::FailureReportingMode::QtTest);
    devices.addDevice(
        DeviceInfo::fromTarget(*TargetId::parse(QStringLiteral("gfx90a:sramecc+:xnack-"))));
    devices.addDevice(DeviceInfo::fromTarget(*TargetId::parse(QStringLiteral("gfx942"))));
    QCOMPARE(devices.rowCount(), 2);
    matrix.setDevices(devices.devices());
    matrix.setArtifacts({m_artifacts[0]}); // vector_add_multi.hsaco: 4 targets
    QCOMPARE(matrix.rowCount(), 2);
    QCOMPARE(matrix.columnCount(), 4);
    // Each cell agrees with the engine's matching rules.
    for (int r = 0; r < matrix.rowCount(); ++r)
        for (int c = 0; c < matrix.columnCount(); ++c) {
            const Compatibility expected =
                checkCompatibility(matrix.columns()[c].target, devices.devices()[r].target);
            QCOMPARE(matrix.cell(r, c).kind, expected.kind);
            QCOMPARE(matrix.index(r, c).data(Qt::ToolTipRole).toString(), expected.reason);
        }
    QVERIFY(matrix.deviceCanRun(0, QStringLiteral("vector_add_multi.hsaco")));
    QVERIFY(!matrix.deviceCanRun(1, QStringLiteral("vector_add_multi.hsaco")));
    devices.removeDevice(1);
    QCOMPARE(devices.rowCount(), 1);
}

void TstUiModels::logs() {
    QFile f(hdtest::sourceDir() +
            QStringLiteral("/tests/logs/data/debian-rocm52-probe-load-level4.log"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const AmdLog log = parseAmdLog(QString::fromUtf8(f.readAll()));
    LogModel model;
    QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    LogFilterProxy proxy;
    QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    model.appendLog(QStringLiteral("probe"), log);
    QCOMPARE(model.rowCount(), log.lines.size());
    QCOMPARE(proxy.rowCount(), log.lines.size());
    // Errors only: level-1 lines and API calls that returned an error.
    proxy.setErrorsOnly(true);
    int expected = 0;
    for (const AmdLogLine &l : log.lines)
        expected += l.level == 0 || l.level == 1 ||
                    (!l.returnedError.isEmpty() && l.returnedError != QLatin1String("hipSuccess"));
    QVERIFY(expected > 0);
    QCOMPARE(proxy.rowCount(), expected);
    proxy.setErrorsOnly(false);
    // By API.
    proxy.setApiFilter(QStringLiteral("hipGetDeviceCount"));
    QVERIFY(proxy.rowCount() > 0);
    for (int i = 0; i < proxy.rowCount(); ++i)
        QVERIFY(proxy.index(i, LogModel::Api)
                    .data()
                    .toString()
                    .startsWith(QLatin1String("hipGetDeviceCount")));
    proxy.setApiFilter({});
    // By level: hide info (3); only level-1 lines stay of this log.
    proxy.setLevelVisible(3, false);
    for (int i = 0; i < proxy.rowCount(); ++i)
        QVERIFY(proxy.index(i, 0).data(KindRole).toInt() != 3);
    QVERIFY(model.apiNames().contains(QStringLiteral("hipGetDeviceCount")));
    const int row = model.rowOfLine(2);
    QVERIFY(row >= 0);
    QCOMPARE(model.index(row, LogModel::Message).data().toString(),
             QStringLiteral("hsa_init failed."));
}

void TstUiModels::nameLookup_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("match");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<QString>("devices"); // targets known, comma-separated
    const QString mi210 = QStringLiteral("gfx90a:sramecc+:xnack-");
    // The library holds gfx90a and gfx1030 code objects: with no device known, a found name
    // is a question (which GPU?), never a plain "found".
    QTest::newRow("extern C kernel, no device")
        << QStringLiteral("exact_kernel") << QStringLiteral("exact-no-device")
        << QStringLiteral("rocminfo | grep gfx") << QString();
    QTest::newRow("extern C kernel, gfx90a")
        << QStringLiteral("exact_kernel") << QStringLiteral("exact") << QString() << mi210;
    QTest::newRow("extern C kernel, gfx942 only")
        << QStringLiteral("exact_kernel") << QStringLiteral("exact-no-binary")
        << QStringLiteral("--offload-arch=gfx942") << QStringLiteral("gfx942");
    QTest::newRow("mangled") << QStringLiteral("scale") << QStringLiteral("mangled")
                             << QStringLiteral("_Z5scalePffi") << QString();
    QTest::newRow("mangled asked exactly")
        << QStringLiteral("_Z5scalePffi") << QStringLiteral("exact") << QString() << mi210;
    // A port's leftover in the user's own library (two exports): the __global__ advice.
    QTest::newRow("host function") << QStringLiteral("saxpy_host") << QStringLiteral("not-a-kernel")
                                   << QStringLiteral("__global__") << QString();
    QTest::newRow("typo") << QStringLiteral("vectr_add") << QStringLiteral("missing")
                          << QStringLiteral("vector_add") << QString();
    QTest::newRow("empty") << QString() << QStringLiteral("no-input") << QString() << QString();
}

void TstUiModels::nameLookup() {
    QFETCH(QString, name);
    QFETCH(QString, match);
    QFETCH(QString, mentions);
    QFETCH(QString, devices);
    QList<DeviceInfo> known;
    for (const QString &t : devices.split(QLatin1Char(','), Qt::SkipEmptyParts))
        known.append(DeviceInfo::fromTarget(*TargetId::parse(t)));
    // As the app asks it: the lookup, the load verdict, the engine's finding for a name that is
    // no kernel by that name (one set of sentences with Findings).
    const NameExplanation e = DiagnosisController::explain(m_artifacts, name, known, {});
    QCOMPARE(matchName(e.match), match);
    QVERIFY(!e.headline.isEmpty());
    if (!mentions.isEmpty())
        QVERIFY2((e.explanation + e.fix + e.nearest.join(QLatin1Char(' '))).contains(mentions),
                 qPrintable(e.explanation + e.fix));
    if (match == QLatin1String("mangled")) {
        QVERIFY(e.symbols.contains(QStringLiteral("_Z5scalePffi")));
        QVERIFY(e.fix.contains(QStringLiteral("extern \"C\"")));
        QVERIFY(e.fix.contains(QStringLiteral("hipModuleGetFunction")));
    }
}

void TstUiModels::chartRenderer_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("timeline") << int(ChartSpec::Kind::Timeline);
    QTest::newRow("bars") << int(ChartSpec::Kind::Bars);
    QTest::newRow("histogram") << int(ChartSpec::Kind::Histogram);
}

void TstUiModels::chartRenderer() {
    QFETCH(int, kind);
    ChartSpec spec;
    spec.kind = ChartSpec::Kind(kind);
    spec.title = QStringLiteral("test");
    spec.intervals = {
        {QStringLiteral("step 1 · probe"), QStringLiteral("runtime-init"), 0, 12.5, {}},
        {QStringLiteral("step 1 · probe"), QStringLiteral("module-load"), 12.5, 3,
         QStringLiteral("fail")},
        {QStringLiteral("step 2 · probe"), QStringLiteral("runtime-init"), 0, 11, {}}};
    spec.categories = {QStringLiteral("runtime-init"), QStringLiteral("module-load")};
    spec.series = {{QStringLiteral("HIP_LAUNCH_BLOCKING=0"), {12.5, 3}},
                   {QStringLiteral("HIP_LAUNCH_BLOCKING=1"), {13.0, 4.5}}};
    if (spec.kind == ChartSpec::Kind::Histogram)
        spec.series = {
            {QStringLiteral("launch"), {0.011, 0.012, 0.012, 0.013, 0.020, 0.011, 0.012}}};
    const ChartRenderer render = qcpChartRenderer();
    QVERIFY(chartRenderingAvailable());
    const QByteArray png = render(spec, QSize(640, 320));
    QVERIFY(png.startsWith("\x89PNG"));
    QImage img;
    QVERIFY(img.loadFromData(png, "PNG"));
    QCOMPARE(img.size(), QSize(640, 320));
    QVERIFY(countDistinctColors(img) > 8); // axes, text and bars, not a blank image
}

// The live count of a rows build: rising, within the total (every symbol of every code object
// and the host's), and done == total once all are read; rows per code object: one a symbol.
void TstUiModels::symbolRowsSayHowFarTheyAre() {
    QList<ArtifactReport> reps;
    reps << inspectFile(hdtest::kernelArtifact(QStringLiteral("libvector_add.so")));
    const QString rocsparse = QStringLiteral("/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1");
    if (QFile::exists(rocsparse)) // Debian 12's rocSPARSE (the test packages): 232k symbols
        reps << inspectFile(rocsparse);
    qint64 symbols = 0;
    for (const ArtifactReport &r : reps) {
        for (const CodeObject &co : r.codeObjects)
            symbols += co.symbols.size();
        if (r.host)
            symbols += r.host->hostFunctions.size() + r.host->undefinedDynamic.size();
    }
    QVERIFY(symbols > 0);
    for (const auto grouping : {SymbolGrouping::ByName, SymbolGrouping::PerCodeObject}) {
        QList<std::pair<qint64, qint64>> said;
        const SymbolRows rows = buildSymbolRows(reps, grouping, [&](qint64 done, qint64 total) {
            said.append({done, total});
        });
        QVERIFY(!said.isEmpty());
        QCOMPARE(said.last(), std::pair(symbols, symbols));
        for (qsizetype i = 1; i < said.size(); ++i)
            QVERIFY(said[i].first > said[i - 1].first && said[i].first <= symbols);
        if (grouping == SymbolGrouping::PerCodeObject)
            QCOMPARE(qint64(rows.size()), symbols);
        if (QFile::exists(rocsparse))
            QVERIFY2(said.size() > 2, qPrintable(QString::number(said.size())));
    }
}

// Debian 12's rocSPARSE (the test packages: 232k symbols, 30k names), "" when not installed.
static QString debianRocsparse() {
    const QString path = QStringLiteral("/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1");
    return QFile::exists(path) ? path : QString();
}

// Real code objects of several targets, with Debian's rocSPARSE when it is there.
static QList<ArtifactReport> realSymbolArtifacts() {
    QList<ArtifactReport> reps;
    reps << inspectFile(hdtest::kernelArtifact(QStringLiteral("vector_add_multi.hsaco")))
         << inspectFile(hdtest::kernelArtifact(QStringLiteral("libvector_add.so")));
    if (const QString rocsparse = debianRocsparse(); !rocsparse.isEmpty())
        reps << inspectFile(rocsparse);
    return reps;
}

// Per code object the first rows are shown while the rest are built: each preview is a prefix
// of the whole table (the same rows, code objects and targets, in the same order), each bigger
// than the last, none of them the whole; by name (rows merged until the end) there is none.
void TstUiModels::symbolRowsPreviewTheFirstRows() {
    const QString rocsparse = debianRocsparse();
    const QList<ArtifactReport> reps = realSymbolArtifacts();
    QList<SymbolRows> previews;
    SymbolRowsPreview preview;
    preview.show = [&](SymbolRows first) { previews.append(std::move(first)); };
    preview.firstPreview = 1;
    const SymbolRows rows = buildSymbolRows(reps, SymbolGrouping::ByName, {}, preview);
    QVERIFY(!rows.empty());
    QVERIFY(previews.isEmpty());
    const SymbolRows all = buildSymbolRows(reps, SymbolGrouping::PerCodeObject, {}, preview);
    QVERIFY2(previews.size() >= 2, qPrintable(QString::number(previews.size())));
    for (qsizetype p = 0; p < previews.size(); ++p) {
        const SymbolRows &first = previews[p];
        QVERIFY(!first.empty() && first.size() < all.size());
        if (p > 0)
            QVERIFY(first.size() > previews[p - 1].size());
        for (size_t i = 0; i < first.size(); ++i) {
            const SymbolRow &a = first[i], &b = all[i];
            QCOMPARE(a.name(), b.name());
            QCOMPARE(a.artifact, b.artifact);
            QCOMPARE(a.size, b.size);
            QCOMPARE(first.appearsIn(a), all.appearsIn(b));
            QVERIFY(std::ranges::equal(first.codeObjects(a), all.codeObjects(b)));
        }
        // Its own filter keys, not the whole table's.
        QCOMPARE(first.keys().rowKey.size(), first.size());
    }
    QCOMPARE(all.keys().rowKey.size(), all.size());
    // The app's sizes: a big table's first rows come from 4096 rows on; a small one has none.
    previews.clear();
    preview.firstPreview = SymbolRowsPreview{}.firstPreview;
    (void)buildSymbolRows(reps, SymbolGrouping::PerCodeObject, {}, preview);
    if (!rocsparse.isEmpty()) {
        QVERIFY(!previews.isEmpty());
        QVERIFY(qint64(previews.first().size()) >= preview.firstPreview);
        QVERIFY(qint64(previews.last().size()) <= preview.lastPreview);
    } else {
        QVERIFY(all.size() >= 4096 || previews.isEmpty());
    }
}

// Every column's rank is the row's place in a stable sort by the column's value (strings by
// QString's order, sizes and kinds as numbers), in both groupings of real code objects.
void TstUiModels::symbolRanksFollowTheValues() {
    const QList<ArtifactReport> reps = realSymbolArtifacts();
    auto less = [](const SymbolRows &rows, const SymbolRow &a, const SymbolRow &b, int column) {
        switch (column) {
        case SymbolTableModel::Mangled:
            return a.name() < b.name();
        case SymbolTableModel::Kind:
            return int(a.kind) < int(b.kind);
        case SymbolTableModel::Binding:
            return a.binding() < b.binding();
        case SymbolTableModel::Visibility:
            return a.visibility() < b.visibility();
        case SymbolTableModel::Section:
            return a.section() < b.section();
        case SymbolTableModel::Size:
            return a.size < b.size;
        case SymbolTableModel::CodeObjects:
            return a.coCount < b.coCount ||
                   (a.coCount == b.coCount && rows.appearsIn(a) < rows.appearsIn(b));
        default:
            return a.demangled() < b.demangled();
        }
    };
    for (const auto grouping : {SymbolGrouping::ByName, SymbolGrouping::PerCodeObject}) {
        const SymbolRows rows = buildSymbolRows(reps, grouping);
        QVERIFY(rows.size() > 100);
        for (int column = 0; column < SymbolTableModel::ColumnCount; ++column) {
            std::vector<int> expected(rows.size());
            std::iota(expected.begin(), expected.end(), 0);
            std::stable_sort(expected.begin(), expected.end(), [&](int l, int r) {
                return less(rows, rows[size_t(l)], rows[size_t(r)], column);
            });
            for (size_t pos = 0; pos < expected.size(); ++pos)
                QCOMPARE(rows.ranks(column)[size_t(expected[pos])], int(pos));
        }
    }
}

// A QApplication: QCustomPlot (the chart renderer) is a widget.
QTEST_MAIN(TstUiModels)
#include "tst_ui_models.moc"
