// Issue 41 item 4: every sentence a user reads in zh_CN. The window is opened in Chinese on the
// whole demo (every case, its logs and texts), a typed kernel name and two typed GPUs, the three
// steps run here (no GPU), a Coverage scan of a vendor kernel folder, the Connect dialog with an
// error and the report export dialog; then every widget a user can bring up is walked — labels,
// buttons, tabs, group boxes, dock titles, placeholders, tooltips, the cells and headers of
// every table and tree (DisplayRole and ToolTipRole), the timing charts' axes, legends and
// labels, the menus and the toolbar — and a line without a Chinese character that still has an
// English word is reported (docs/design.md, "Languages"; the rule is englishWords() below).

#include "kernel_folder.h"
#include "testpaths.h"

#include "controllers/workspace.h"
#include "widgets/artifacts_panel.h"
#include "widgets/connect_dialog.h"
#include "widgets/coverage_panel.h"
#include "widgets/main_window.h"
#include "widgets/verify_panel.h"

#include "models/engine_text.h"
#include "models/findings_model.h"
#include "models/log_model.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractProxyModel>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemModel>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QToolBar>
#include <QTreeView>

#include <qcustomplot.h>

using namespace hd;
using namespace hd::ui;

namespace {

// Words that are the same in a Chinese sentence: the names of programs, libraries, formats and
// vendors a Chinese user reads as written (and types: hipcc, ssh), and units. A word that has
// an upper-case letter after its first (ROCm, GPUs, PyTorch, vecAdd, HIP) is a name anyway.
const QSet<QString> &keptWords() {
    static const QSet<QString> w = [] {
        QSet<QString> s;
        for (const char *k :
             {"hipcc", "nvcc", "clang", "lld", "ld", "amdgpu", "glibc", "ssh", "sh", "rocminfo",
              "dlopen", "kfd", "dev", "render", "video", "sudo", "torch", "triton", "python", "pip",
              "bash", "ms", "us", "ns", "KB", "MB", "GB", "KiB", "MiB", "GiB", "Linux", "Debian",
              "Ubuntu", "GNU", "Triton", "Python", "Markdown", "Chromium", "NVIDIA", "Tensile",
              "Radeon", "Instinct", "Ctrl", "Shift", "Alt", "Enter", "Esc", "Tab", "Del", "Home",
              "End", "amd", "nvidia", "gfx", "sm", "xnack", "sramecc", "hip", "cuda", "rocm", "hsa",
              "hipv", "amdgcn", "amdhsa", "hipModuleGetFunction", "hipModuleLoad", "zh", "en", "ok",
              "OK", "Qt",
              // ELF symbol bindings and visibilities as readelf and the symbol
              // table write them; a language's own name in View > Language.
              "global", "weak", "local", "default", "protected", "hidden", "English"})
            s.insert(QString::fromLatin1(k));
        return s;
    }();
    return w;
}

} // namespace

class TstUiZhWalk : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everyPanelInChinese();
    void ruleCatchesEnglish(); // the control: the rule finds what it must
    void cleanupTestCase();

private:
    void waitIdle();
    // The English words of one shown line that a Chinese reader would have to read as English;
    // empty when the line is Chinese or all of it stays as written.
    QStringList englishWords(const QString &line) const;
    void check(const QString &where, const QString &text);
    void walkWidget(QWidget *w, const QString &where);
    void walkTree(QWidget *root, const QString &where);
    void walkModel(QAbstractItemView *view, const QString &where);
    void walkMenu(QMenu *menu, const QString &where);
    void walkPlot(QCustomPlot *plot, const QString &where);

    MainWindow *m_window = nullptr;
    QSet<QString> m_caseWords; // the case's own names: kernels, symbols, facts as found
    QStringList m_english;     // "where: line [words]"
    int m_lines = 0;
};

void TstUiZhWalk::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    qputenv("HIPDOCTOR_DEMO_DIR", hdtest::buildDir().toUtf8() + "/kernels");
    qputenv("HIPDOCTOR_PROBE", hdtest::binary(QStringLiteral("hipdoctor-probe")).toUtf8());
    // Nothing listens on port 1 (only root could); the user's ssh config is not read.
    qputenv("HIPDOCTOR_SSH_COMMAND", "ssh -F /dev/null -p 1");
    m_window = new MainWindow;
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_window->chooseLanguage(QStringLiteral("zh_CN"));
}

void TstUiZhWalk::cleanupTestCase() {
    m_window->chooseLanguage(QStringLiteral("en"));
    delete m_window;
}

void TstUiZhWalk::waitIdle() {
    Workspace *ws = m_window->workspace();
    QTRY_VERIFY_WITH_TIMEOUT(
        !ws->inputs()->isInspecting() && !ws->inputs()->isListingSymbols() &&
            !ws->diagnosis()->isDiagnosing() && !ws->verification()->isVerifying() &&
            !ws->targets()->isQueryingDevices() && !ws->targets()->isScanning(),
        300000);
}

// What stays as written, token by token once the punctuation around it is off: paths, options,
// ids, versions, numbers and target ids (any of / \ _ = . @ $ * # + ~ % or a digit inside),
// names with an upper-case letter after the first (ROCm, GPUs, vecAdd, HIP_VISIBLE_DEVICES),
// the kept words above, and the case's own names (kernels and symbols of the open files, the
// facts the system inventory found, environment variable names). What is left of two letters or
// more is English. A line with a CJK character counts as translated. Quoted text — `code`,
// "…", “…” — and what a child process printed, quoted after its name ("(ssh: …)"), stay as
// written.
QStringList TstUiZhWalk::englishWords(const QString &line) const {
    if (hasCjk(line))
        return {};
    static const QRegularExpression quoted(QStringLiteral(
        "`[^`]*`|\"[^\"]*\"|“[^”]*”|‘[^’]*’|\\((?:ssh|ld\\.so|hipcc|clang|nvcc|dlopen): [^)]*\\)"));
    QString rest = line;
    rest.replace(quoted, QStringLiteral(" "));
    static const QRegularExpression space(QStringLiteral("\\s+"));
    static const QRegularExpression edge(QStringLiteral("^[^\\w.\\-]+|[^\\w]+$"));
    static const QRegularExpression written(QStringLiteral("[/\\\\_=.@$*#+~%0-9()<>:,\\[\\]]"));
    static const QRegularExpression inner(QStringLiteral("^.[^A-Z]*[A-Z]"));
    QStringList words;
    for (QString token : rest.split(space, Qt::SkipEmptyParts)) {
        token.remove(edge);
        if (token.size() < 2 || written.match(token).hasMatch() || inner.match(token).hasMatch())
            continue;
        if (keptWords().contains(token) || m_caseWords.contains(token))
            continue;
        // A compound of kept words or names ("rocm-smi", "hip-runtime") stays too.
        const QStringList parts = token.split(QLatin1Char('-'), Qt::SkipEmptyParts);
        if (parts.size() > 1 && std::all_of(parts.begin(), parts.end(), [this](const QString &p) {
                return keptWords().contains(p) || m_caseWords.contains(p);
            }))
            continue;
        if (std::any_of(token.begin(), token.end(), [](QChar c) { return c.isLetter(); }))
            words << token;
    }
    return words;
}

void TstUiZhWalk::check(const QString &where, const QString &text) {
    if (text.isEmpty())
        return;
    QString plain = text;
    if (Qt::mightBeRichText(text))
        plain = QTextDocumentFragment::fromHtml(text).toPlainText();
    plain.remove(QLatin1Char('&')); // mnemonics
    for (const QString &line : plain.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        ++m_lines;
        const QStringList words = englishWords(line);
        if (!words.isEmpty())
            m_english << QStringLiteral("%1: %2   [%3]")
                             .arg(where, line.left(160), words.join(QLatin1Char(' ')));
    }
}

// A widget's own texts (its children are walked by walkTree).
void TstUiZhWalk::walkWidget(QWidget *w, const QString &where) {
    const QString at = where + QLatin1Char('/') + QString::fromLatin1(w->metaObject()->className());
    check(at + QStringLiteral(" tooltip"), w->toolTip());
    if (auto *l = qobject_cast<QLabel *>(w))
        check(at, l->text());
    else if (auto *b = qobject_cast<QAbstractButton *>(w))
        check(at, b->text());
    else if (auto *g = qobject_cast<QGroupBox *>(w))
        check(at, g->title());
    else if (auto *d = qobject_cast<QDockWidget *>(w))
        check(at, d->windowTitle());
    else if (auto *e = qobject_cast<QLineEdit *>(w))
        check(at + QStringLiteral(" placeholder"), e->placeholderText());
    else if (auto *t = qobject_cast<QTabBar *>(w)) {
        for (int i = 0; i < t->count(); ++i) {
            check(at, t->tabText(i));
            check(at + QStringLiteral(" tooltip"), t->tabToolTip(i));
        }
    } else if (auto *c = qobject_cast<QComboBox *>(w)) {
        if (!c->isEditable())
            for (int i = 0; i < c->count(); ++i)
                check(at, c->itemText(i));
    } else if (auto *tb = qobject_cast<QTextBrowser *>(w)) {
        check(at, tb->toPlainText());
    } else if (auto *v = qobject_cast<QAbstractItemView *>(w);
               v && !qobject_cast<QHeaderView *>(w)) { // a header is its view's
        walkModel(v, at);
    } else if (auto *p = qobject_cast<QCustomPlot *>(w)) {
        walkPlot(p, at);
    } else if (auto *bar = qobject_cast<QToolBar *>(w)) {
        for (QAction *a : bar->actions()) {
            check(at, a->text());
            check(at + QStringLiteral(" tooltip"), a->toolTip());
        }
    }
}

// Every widget under root a user can bring up: shown now, or the other page of a stack or tab
// (the walk does not click through tabs; a hidden page of a stack is one click away).
void TstUiZhWalk::walkTree(QWidget *root, const QString &where) {
    walkWidget(root, where);
    for (QObject *o : root->children()) {
        auto *w = qobject_cast<QWidget *>(o);
        if (!w || w->isWindow())
            continue;
        const bool page = qobject_cast<QStackedWidget *>(root) != nullptr;
        if (w->isHidden() && !page)
            continue;
        // The Logs panel's text and the raw output views show what a program printed.
        if (qobject_cast<QPlainTextEdit *>(w) && !qobject_cast<QTextBrowser *>(w))
            continue;
        walkTree(w, where);
    }
}

void TstUiZhWalk::walkModel(QAbstractItemView *view, const QString &where) {
    QAbstractItemModel *m = view->model();
    if (!m)
        return;
    // The runtime's log lines and a program's output stay as they were printed: the Logs
    // panel's rows (its headers are the app's).
    const QAbstractItemModel *source = m;
    while (auto *proxy = qobject_cast<const QAbstractProxyModel *>(source))
        source = proxy->sourceModel();
    // So do a file dialog's file names, sizes and dates (Qt's QFileSystemModel: the user's
    // files, in Qt's own words).
    const bool asPrinted = qobject_cast<const LogModel *>(source) != nullptr ||
                           qobject_cast<const QFileSystemModel *>(source) != nullptr;
    // A finding's evidence: its caption (location) is the engine's and is checked; the bytes it
    // saw (its text) stay as seen unless the engine wrote a sentence there.
    auto *findings = qobject_cast<const FindingsModel *>(source);
    auto *tree = qobject_cast<QTreeView *>(view);
    auto *table = qobject_cast<QTableView *>(view);
    const auto hidden = [&](int c) {
        return (tree && tree->isColumnHidden(c)) || (table && table->isColumnHidden(c));
    };
    for (int c = 0; c < m->columnCount(); ++c) {
        if (hidden(c))
            continue;
        check(where + QStringLiteral(" header"), m->headerData(c, Qt::Horizontal).toString());
        check(where + QStringLiteral(" header tooltip"),
              m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
    }
    // Every row of small models, the first rows of big ones (the symbol table: the same
    // columns over and over), to a depth of 6.
    std::function<void(const QModelIndex &, int)> rows = [&](const QModelIndex &parent, int depth) {
        const int n = std::min(m->rowCount(parent), 400);
        for (int r = 0; r < n; ++r) {
            const QModelIndex first = m->index(r, 0, parent);
            if (findings && findings->evidenceAt(first)) {
                const Evidence *e = findings->evidenceAt(first);
                check(where + QStringLiteral(" evidence"), shownEngineText(e->location));
                if (e->text.hasSentence())
                    check(where + QStringLiteral(" evidence"), shownEngineText(e->text));
                continue;
            }
            for (int c = 0; c < m->columnCount(parent) && !asPrinted; ++c) {
                if (hidden(c))
                    continue;
                const QModelIndex i = m->index(r, c, parent);
                check(QStringLiteral("%1 [%2,%3]").arg(where).arg(r).arg(c), m->data(i).toString());
                check(QStringLiteral("%1 [%2,%3] tooltip").arg(where).arg(r).arg(c),
                      m->data(i, Qt::ToolTipRole).toString());
            }
            if (depth < 6 && m->hasChildren(m->index(r, 0, parent)))
                rows(m->index(r, 0, parent), depth + 1);
        }
    };
    rows({}, 0);
}

void TstUiZhWalk::walkMenu(QMenu *menu, const QString &where) {
    const QString at = where + QLatin1String(" › ") + menu->title();
    check(at, menu->title());
    for (QAction *a : menu->actions()) {
        if (a->isSeparator() || !a->isVisible())
            continue;
        if (a->menu())
            walkMenu(a->menu(), at);
        else {
            check(at, a->text());
            if (a->toolTip() != a->text().remove(QLatin1Char('&')))
                check(at + QStringLiteral(" tooltip"), a->toolTip());
        }
    }
}

void TstUiZhWalk::walkPlot(QCustomPlot *plot, const QString &where) {
    for (QCPAxisRect *rect : plot->axisRects())
        for (QCPAxis *axis : rect->axes()) {
            check(where + QStringLiteral(" axis"), axis->label());
            if (auto text = axis->ticker().dynamicCast<QCPAxisTickerText>())
                for (const QString &t : text->ticks())
                    check(where + QStringLiteral(" tick"), t);
        }
    for (int i = 0; i < plot->plottableCount(); ++i)
        check(where + QStringLiteral(" series"), plot->plottable(i)->name());
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *t = qobject_cast<QCPItemText *>(plot->item(i)))
            check(where + QStringLiteral(" label"), t->text());
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->elementAt(i)))
            check(where + QStringLiteral(" title"), title->text());
}

void TstUiZhWalk::ruleCatchesEnglish() {
    QVERIFY(!englishWords(QStringLiteral("file")).isEmpty());
    QVERIFY(!englishWords(QStringLiteral("library-load")).isEmpty());
    QVERIFY(!englishWords(QStringLiteral("Kernel driver")).isEmpty());
    QVERIFY(!englishWords(QStringLiteral("amdgpu: not available (no module)")).isEmpty());
    QVERIFY(!englishWords(QStringLiteral("GPUs (vendor tools)")).isEmpty());
    QVERIFY(!englishWords(QStringLiteral("Not connected: host-unreachable")).isEmpty());
    // What stays as written.
    QVERIFY(englishWords(QStringLiteral("内核 vecAdd 只以 C++ 修饰名存在")).isEmpty());
    QVERIFY(englishWords(QStringLiteral("/opt/rocm/lib/libamdhip64.so.6")).isEmpty());
    QVERIFY(englishWords(QStringLiteral("HIP_VISIBLE_DEVICES=0 gfx90a:sramecc+:xnack-")).isEmpty());
    QVERIFY(englishWords(QStringLiteral("ROCm 5.2, hipcc, `hipcc --version`")).isEmpty());
}

void TstUiZhWalk::everyPanelInChinese() {
    Workspace *ws = m_window->workspace();
    // The whole demo: every case's files, logs and texts.
    QSignalSpy changed(ws->inputs(), &InputsController::artifactsChanged);
    m_window->openDemo(0);
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 120000);
    waitIdle();
    QVERIFY(ws->targets()->addTarget(QStringLiteral("gfx90a:sramecc+:xnack-")));
    QVERIFY(ws->targets()->addTarget(QStringLiteral("gfx1031")));
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vecAdd"));
    // An environment profile with values, so that the panel's status column speaks.
    // The steps, run here (no GPU): checks, timings, the comparison.
    auto *command = m_window->verifyPanel()->findChild<QLineEdit *>(QStringLiteral("step3Command"));
    QVERIFY(command);
    command->setText(QStringLiteral("sh -c 'exit 1'"));
    QVERIFY(m_window->verifyPanel()->applyInputs());
    ws->verification()->runSteps({1, 2, 3});
    QTRY_VERIFY_WITH_TIMEOUT(ws->verification()->step(3) && !ws->verification()->isVerifying(),
                             300000);
    // The device query and the system inventory (the Devices panel's System section).
    ws->targets()->refreshDevices();
    QTRY_VERIFY_WITH_TIMEOUT(ws->targets()->probed() && !ws->targets()->isQueryingDevices() &&
                                 !ws->targets()->isCollectingInventory() &&
                                 !ws->targets()->inventory().isEmpty(),
                             300000);
    waitIdle();
    // Coverage on a vendor kernel folder.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QVERIFY(hdtest::copyKernelFolder(tmp.path() + QStringLiteral("/lib"),
                                     QStringLiteral("rocblas/library")));
    ws->targets()->scanLibraries({tmp.path() + QStringLiteral("/lib")});
    QTRY_VERIFY_WITH_TIMEOUT(!ws->targets()->isScanning(), 120000);
    waitIdle();
    QVERIFY(ws->targets()->probed());
    QVERIFY(!ws->targets()->inventory().isEmpty());

    // The case's own names: every symbol of the open files (mangled and demangled, each word),
    // the facts the inventory found as they were found, the environment variables' names.
    static const QRegularExpression nonWord(QStringLiteral("[^A-Za-z0-9_]+"));
    const auto addWords = [this](const QString &s) {
        for (const QString &w : s.split(nonWord, Qt::SkipEmptyParts))
            m_caseWords.insert(w);
    };
    for (const ArtifactReport &a : ws->inputs()->artifacts()) {
        addWords(QFileInfo(a.path).fileName()); // a file the user opened ("registered")
        for (const CodeObject &co : a.codeObjects)
            for (const Symbol &s : co.symbols) {
                addWords(s.name());
                addWords(s.demangled());
            }
    }
    const QAbstractItemModel *symbols = m_window->artifactsPanel()->symbolView()->model();
    for (int r = 0; r < symbols->rowCount(); ++r)
        for (int c = 0; c < 2; ++c) // the demangled and the mangled name
            addWords(symbols->index(r, c).data().toString());
    for (const InventoryFact &f : ws->targets()->inventory().facts) {
        addWords(f.name);
        addWords(f.value);
    }

    // Every dock, brought to the front in turn, and the central area.
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
        if (!dock->toggleViewAction()->isChecked())
            continue;
        dock->raise();
        QApplication::processEvents();
        walkTree(dock, dock->objectName());
    }
    walkTree(m_window->centralWidget(), QStringLiteral("central"));
    walkTree(m_window->statusBar(), QStringLiteral("status bar"));
    for (QToolBar *bar : m_window->findChildren<QToolBar *>())
        walkTree(bar, QStringLiteral("toolbar"));
    for (QAction *a : m_window->menuBar()->actions())
        if (a->menu())
            walkMenu(a->menu(), QStringLiteral("menu"));

    // Connect to GPU node… with an unreachable host.
    {
        ConnectDialog d(ws->targets(), m_window);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QSignalSpy done(&d, &ConnectDialog::connectFinished);
        d.destinationBox()->setEditText(QStringLiteral("127.0.0.1"));
        d.connectNow();
        QVERIFY(done.count() == 1 || done.wait(120000));
        QVERIFY(!d.stateLabel()->text().isEmpty());
        walkTree(&d, QStringLiteral("connect dialog"));
    }
    // The report's export dialog.
    {
        std::unique_ptr<QFileDialog> d(m_window->exportDialog());
        d->show();
        QVERIFY(QTest::qWaitForWindowExposed(d.get()));
        walkTree(d.get(), QStringLiteral("export dialog"));
    }

    m_english.removeDuplicates();
    for (const QString &e : std::as_const(m_english))
        qWarning("English in zh_CN: %s", qPrintable(e));
    qInfo("%d lines walked, %d English", m_lines, int(m_english.size()));
    QVERIFY(m_lines > 500);
    QVERIFY2(m_english.isEmpty(),
             qPrintable(QStringLiteral("%1 English line(s) in zh_CN").arg(m_english.size())));
}

QTEST_MAIN(TstUiZhWalk)
#include "tst_ui_zh_walk.moc"
