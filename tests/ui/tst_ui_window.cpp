// The window driven headless (QT_QPA_PLATFORM=offscreen): opening the kernels/ artifacts fills
// the tree and the symbol table, the name box explains a mangled name, the env table validates,
// step 1 runs for real (hipcc + the Debian HIP runtime, no GPU here) and updates its card, and
// findings link to the symbol row, log line and env variable they came from.

#include "testpaths.h"

#include "artifacts/inspector.h"
#include "common/shell.h"
#include "controllers/workspace.h"
#include "model/session.h"
#include "models/artifact_tree_model.h"
#include "models/env_table_model.h"
#include "models/findings_model.h"
#include "models/log_model.h"
#include "models/symbol_table_model.h"
#include "models/ui_roles.h"
#include "widgets/artifacts_panel.h"
#include "widgets/connect_dialog.h"
#include "widgets/devices_panel.h"
#include "widgets/env_panel.h"
#include "widgets/findings_panel.h"
#include "widgets/logs_panel.h"
#include "widgets/main_window.h"
#include "widgets/verify_panel.h"
#include "widgets/walkthrough_panel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include "model/finding.h"

using namespace hd;
using namespace hd::ui;

class TstUiWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void openKernelsFolder();
    void filterAsYouType();
    void filterOnWorker();
    void nameBoxExplainsMangledName();
    void envTableValidates();
    void step1UpdatesCards();
    void diagnosisFindingLinksToSymbol();
    void findingsLinkToEvidence_data();
    void findingsLinkToEvidence();
    void walkthroughPages();
    void screenshotOfPanels();
    void windowKeepsItsSize();
    void staleInspectionDropped();
    void hashesCheckedAfterOpen();
    void sessionRefillsStepInputs();
    void devicesPanelShowsInventory();
    void stepsSayWhereTheyRan();
    void languageSwitchesLive();
    void connectDialogEnterConnects();

private:
    MainWindow *m_window = nullptr;
};

void TstUiWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(
        true); // QSettings (layout, recent files) away from the user's
    qputenv("HIPDOCTOR_DEMO_DIR", hdtest::buildDir().toUtf8() + "/kernels");
    // The probe lives in bin/, the tests in tests/: point the probe client at it.
    qputenv("HIPDOCTOR_PROBE", hdtest::binary(QStringLiteral("hipdoctor-probe")).toUtf8());
    m_window = new MainWindow;
    m_window->resize(1440, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TstUiWindow::openKernelsFolder() {
    Workspace *ws = m_window->workspace();
    QSignalSpy changed(ws->inputs(), &InputsController::artifactsChanged);
    m_window->openDemo(0); // every case at once
    QVERIFY(ws->inputs()->isInspecting());
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 120000);
    QVERIFY(!ws->inputs()->isInspecting());
    // Every artifact file of build/kernels is open; the tree has one top row per file.
    const QStringList files =
        InputsController::artifactFilesIn(hdtest::buildDir() + QStringLiteral("/kernels"));
    QVERIFY(files.size() >= 10);
    QCOMPARE(ws->inputs()->inputPaths().size(), files.size());
    // Text inputs (runtime logs, tracebacks) go to the Logs panel, the rest to the tree.
    int texts = 0;
    for (const QString &f : files)
        texts += detectArtifactKind(f) == ArtifactKind::Text;
    QCOMPARE(ws->inputs()->artifacts().size(), files.size() - texts);
    QCOMPARE(ws->inputs()->tree()->rowCount(), files.size() - texts);
    // The symbol table's rows follow the tree from a worker.
    QTRY_VERIFY_WITH_TIMEOUT(!ws->inputs()->isListingSymbols(), 60000);
    QVERIFY(ws->inputs()->symbols()->rowCount() > 0);
    QCOMPARE(m_window->artifactsPanel()->symbolView()->model()->rowCount(),
             ws->inputs()->symbols()->rowCount());
    // The tree holds the kernels under bundles/code objects; the view shows them.
    QVERIFY(ws->inputs()->tree()->findKernel(QStringLiteral("vector_add")).isValid());
    QVERIFY(ws->inputs()->tree()->findKernel(QStringLiteral("_Z5scalePffi")).isValid());
    QAbstractItemModelTester t(ws->inputs()->tree(),
                               QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TstUiWindow::filterAsYouType() {
    ArtifactsPanel *p = m_window->artifactsPanel();
    Workspace *ws = m_window->workspace();
    const int total = ws->inputs()->symbols()->rowCount();
    QTest::keyClicks(p->filterEdit(), QStringLiteral("exact_ker"));
    // Debounced: the view is filtered once typing pauses.
    QTRY_VERIFY(ws->inputs()->symbolProxy()->rowCount() < total);
    for (int i = 0; i < ws->inputs()->symbolProxy()->rowCount(); ++i)
        QVERIFY(ws->inputs()
                    ->symbolProxy()
                    ->index(i, SymbolTableModel::Mangled)
                    .data()
                    .toString()
                    .contains(QStringLiteral("exact_ker")));
    QVERIFY(ws->inputs()->symbolProxy()->rowCount() > 0);
    p->filterEdit()->clear();
    QTRY_COMPARE(ws->inputs()->symbolProxy()->rowCount(), total);
}

// The panel with every filter scan on the thread pool (as on 100k+ row tables): typing
// filters once the result arrives, and "show this symbol" behind a filter that hides it
// selects the row when the new filter's result is shown.
void TstUiWindow::filterOnWorker() {
    ArtifactsPanel *p = m_window->artifactsPanel();
    Workspace *ws = m_window->workspace();
    SymbolFilterProxy *proxy = ws->inputs()->symbolProxy();
    proxy->setSyncLimit(0);
    const int total = ws->inputs()->symbols()->rowCount();
    QSignalSpy applied(proxy, &SymbolFilterProxy::filterApplied);
    QTest::keyClicks(p->filterEdit(), QStringLiteral("vector_a"));
    QTRY_VERIFY(applied.count() >= 1 && !proxy->isFiltering());
    QVERIFY(proxy->lastFilterStats().async);
    QVERIFY(proxy->rowCount() > 0 && proxy->rowCount() < total);
    for (int i = 0; i < proxy->rowCount(); ++i)
        QVERIFY(proxy->index(i, SymbolTableModel::Mangled)
                    .data()
                    .toString()
                    .contains(QStringLiteral("vector_a"), Qt::CaseInsensitive));
    // A symbol the filter hides: the filter changes to its name, on a worker.
    QVERIFY(p->showSymbol(QStringLiteral("_Z5scalePffi")));
    QVERIFY(proxy->isFiltering());
    QTRY_COMPARE(p->symbolView()
                     ->currentIndex()
                     .siblingAtColumn(SymbolTableModel::Mangled)
                     .data()
                     .toString(),
                 QStringLiteral("_Z5scalePffi"));
    QCOMPARE(p->filterEdit()->text(), QStringLiteral("_Z5scalePffi"));
    p->filterEdit()->clear();
    QTRY_COMPARE(proxy->rowCount(), total);
    proxy->setSyncLimit(SymbolFilterProxy::kDefaultSyncLimit);
}

void TstUiWindow::nameBoxExplainsMangledName() {
    ArtifactsPanel *p = m_window->artifactsPanel();
    QTest::keyClicks(p->nameEdit(), QStringLiteral("scale"));
    QTRY_VERIFY(p->explanationText().contains(QStringLiteral("_Z5scalePffi")));
    QVERIFY(p->explanationText().contains(QStringLiteral("extern \"C\"")));
    QVERIFY(p->explanationText().contains(QStringLiteral("scale(float*, float, int)")));
    // The fix right under the headline, before the why: the box scrolls where it is short.
    QVERIFY(p->explanationText().indexOf(QStringLiteral("extern \"C\"")) <
            p->explanationText().indexOf(QStringLiteral("scale(float*, float, int)")));
    // "Show in symbol table" selects the mangled kernel's row.
    QVERIFY(p->showSymbol(QStringLiteral("_Z5scalePffi")));
    const QModelIndex cur = p->symbolView()->currentIndex();
    QCOMPARE(cur.siblingAtColumn(SymbolTableModel::Mangled).data().toString(),
             QStringLiteral("_Z5scalePffi"));
    // Found, but whether it loads depends on the GPU: no device is known here, so it asks.
    p->setRequestedName(QStringLiteral("exact_kernel"));
    QTRY_VERIFY(p->explanationText().contains(QStringLiteral("which GPU do you have?")));
}

void TstUiWindow::envTableValidates() {
    QTableView *view = m_window->envPanel()->view();
    EnvTableModel *env = m_window->workspace()->inputs()->env();
    const int row = env->rowOf(QStringLiteral("AMD_LOG_LEVEL"));
    QVERIFY(row >= 0);
    QAbstractItemModel *m = view->model();
    QModelIndex check, value, status;
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, EnvTableModel::Name).data().toString() == QLatin1String("AMD_LOG_LEVEL")) {
            check = m->index(r, EnvTableModel::Name);
            value = m->index(r, EnvTableModel::Value);
            status = m->index(r, EnvTableModel::Status);
        }
    QVERIFY(value.isValid());
    // Edit through the view's model, as the delegate does.
    QVERIFY(m->setData(check, Qt::Checked, Qt::CheckStateRole));
    QVERIFY(m->setData(value, QStringLiteral("7")));
    QCOMPARE(status.data(StatusRole).toString(), QStringLiteral("fail"));
    QVERIFY(env->hasErrors());
    QVERIFY(status.data().toString().contains(QStringLiteral("AMD_LOG_LEVEL")));
    QVERIFY(m->setData(value, QStringLiteral("3")));
    QCOMPARE(status.data(StatusRole).toString(), QStringLiteral("pass"));
    QVERIFY(!env->hasErrors());
    // A preset replaces the profile.
    m_window->envPanel()->applyPreset(QStringLiteral("debug-log"));
    QCOMPARE(env->profile().value(QStringLiteral("AMD_LOG_LEVEL")), QStringLiteral("4"));
    m_window->envPanel()->applyPreset(QStringLiteral("clear"));
    QVERIFY(env->profile().isEmpty());
}

void TstUiWindow::step1UpdatesCards() {
    Workspace *ws = m_window->workspace();
    StepCard *card = m_window->verifyPanel()->card(1);
    QVERIFY(card);
    QCOMPARE(card->status(), QString());
    QCOMPARE(card->checks()->topLevelItemCount(), 0);
    // AMD_LOG_LEVEL=4 so the runtime's own log reaches the Logs panel.
    m_window->envPanel()->applyPreset(QStringLiteral("debug-log"));
    QSignalSpy started(ws->verification(), &VerificationController::stepStarted);
    QSignalSpy changed(ws->verification(), &VerificationController::stepsChanged);
    // The card as the start signal leaves it: on a loaded machine the step can be over
    // before the test looks, since "started" and "done" are queued from the worker.
    QString statusAtStart;
    bool runEnabledAtStart = true;
    const QMetaObject::Connection atStart =
        connect(ws->verification(), &VerificationController::stepStarted, card,
                [&statusAtStart, &runEnabledAtStart, card] {
                    statusAtStart = card->status();
                    runEnabledAtStart = card->runButton()->isEnabled();
                });
    QTest::mouseClick(card->runButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 10000);
    disconnect(atStart);
    QCOMPARE(statusAtStart, QStringLiteral("running"));
    QVERIFY(!runEnabledAtStart);
    QTRY_VERIFY_WITH_TIMEOUT(!ws->verification()->isVerifying(), 400000);
    QVERIFY(changed.count() >= 1);
    const StepRecord *rec = ws->verification()->step(1);
    QVERIFY(rec);
    // The card shows the step's status and one row per sub-check, each with its own light.
    QCOMPARE(card->status(), checkStatusName(rec->status));
    QCOMPARE(card->checks()->topLevelItemCount(), rec->checks.size());
    QVERIFY(rec->checks.size() >= 3);
    // The compiler was found and ran (no GPU is needed for that part).
    bool compiled = false;
    for (int i = 0; i < rec->checks.size(); ++i) {
        QCOMPARE(card->checks()->topLevelItem(i)->text(0),
                 rec->checks[i].title.isEmpty() ? rec->checks[i].id : rec->checks[i].title);
        if (rec->checks[i].id.startsWith(QLatin1String("compile")) &&
            rec->checks[i].status == CheckStatus::Pass)
            compiled = true;
    }
    QVERIFY2(compiled, "step 1 compiled nothing");
    // No device here: the step cannot pass, and the comparison names the base chain.
    QVERIFY(rec->status != CheckStatus::Pass);
    QVERIFY(!m_window->verifyPanel()->comparisonText().isEmpty());
    QVERIFY(card->runButton()->isEnabled());
    m_window->envPanel()->applyPreset(QStringLiteral("clear"));
}

void TstUiWindow::diagnosisFindingLinksToSymbol() {
    // The diagnosis engine, asked for "scale" on the open artifacts, reports the mangled kernel;
    // its evidence row leads to that kernel's row in the symbol table.
    Workspace *ws = m_window->workspace();
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("scale"));
    // A typed name is a question until the user keeps it.
    QTest::mouseClick(m_window->artifactsPanel()->keepNameButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(
        !findingsWithId(ws->verification()->allFindings(), QStringLiteral("symbol.mangled-name"))
             .isEmpty(),
        120000);
    QTreeView *view = m_window->findingsPanel()->view();
    QModelIndex ev;
    for (int g = 0; g < view->model()->rowCount() && !ev.isValid(); ++g) {
        const QModelIndex group = view->model()->index(g, 0);
        for (int i = 0; i < view->model()->rowCount(group) && !ev.isValid(); ++i) {
            const QModelIndex fi = view->model()->index(i, 0, group);
            if (ws->verification()->findings()->findingAt(fi)->id !=
                QLatin1String("symbol.mangled-name"))
                continue;
            QCOMPARE(group.data().toString().left(10),
                     FindingsModel::groupTitle(FindingsModel::SymbolsGroup).left(10));
            for (int e = 0; e < view->model()->rowCount(fi); ++e)
                if (view->model()->index(e, 0, fi).data(LinkRole).toString() ==
                    QLatin1String("symbol:_Z5scalePffi"))
                    ev = view->model()->index(e, 0, fi);
        }
    }
    QVERIFY2(ev.isValid(), "no evidence row links to _Z5scalePffi");
    m_window->artifactsPanel()->symbolView()->clearSelection();
    view->setCurrentIndex(ev);
    const QModelIndex cur = m_window->artifactsPanel()->symbolView()->currentIndex();
    QCOMPARE(cur.siblingAtColumn(SymbolTableModel::Mangled).data().toString(),
             QStringLiteral("_Z5scalePffi"));
    // The fix is there to copy.
    view->setCurrentIndex(ev.parent());
    QVERIFY(m_window->findingsPanel()->fixText().contains(QStringLiteral("extern \"C\"")));
    m_window->artifactsPanel()->setRequestedName(QString());
}

void TstUiWindow::findingsLinkToEvidence_data() {
    QTest::addColumn<QString>("link");
    QTest::newRow("symbol") << QStringLiteral("symbol:_Z5scalePffi");
    QTest::newRow("env") << QStringLiteral("env:HIP_VISIBLE_DEVICES");
    QTest::newRow("log") << QStringLiteral("log");
}

void TstUiWindow::findingsLinkToEvidence() {
    QFETCH(QString, link);
    Workspace *ws = m_window->workspace();
    QString target = link;
    if (link == QLatin1String("log")) {
        // A line of the runtime log step 1 captured.
        QVERIFY2(ws->verification()->logs()->rowCount() > 0, "step 1 left no runtime log");
        const AmdLogLine &l = ws->verification()->logs()->entries().last().line;
        target = QStringLiteral("log:%1").arg(l.lineNumber);
    }
    const QString kind = target.section(QLatin1Char(':'), 0, 0);
    const QString what = target.section(QLatin1Char(':'), 1);
    Evidence e;
    if (kind == QLatin1String("symbol"))
        e = {hdtest::kernelArtifact(QStringLiteral("ui/libname_cases.so")),
             QStringLiteral("symbol ") + what, what};
    else if (kind == QLatin1String("env"))
        e = {QStringLiteral("env"), what, QString()};
    else
        e = {QStringLiteral("log"), QStringLiteral("line ") + what, QString()};
    Finding f{QStringLiteral("test.link"),
              Severity::Warning,
              QStringLiteral("link"),
              {},
              {e},
              {QStringLiteral("fix")},
              Direction::Symbols,
              {}};
    ws->verification()->setExtraFindings({f});
    m_window->raisePanel(QStringLiteral("findings"));
    QTreeView *view = m_window->findingsPanel()->view();
    // group → finding → evidence: selecting the evidence row follows its link.
    QModelIndex ev;
    for (int g = 0; g < view->model()->rowCount(); ++g) {
        const QModelIndex group = view->model()->index(g, 0);
        for (int i = 0; i < view->model()->rowCount(group); ++i) {
            const QModelIndex fi = view->model()->index(i, 0, group);
            if (ws->verification()->findings()->findingAt(fi)->id == QLatin1String("test.link"))
                ev = view->model()->index(0, 0, fi);
        }
    }
    QVERIFY(ev.isValid());
    QCOMPARE(ev.data(LinkRole).toString(), target);
    view->setCurrentIndex(ev);
    if (kind == QLatin1String("symbol")) {
        const QModelIndex cur = m_window->artifactsPanel()->symbolView()->currentIndex();
        QCOMPARE(cur.siblingAtColumn(SymbolTableModel::Mangled).data().toString(), what);
    } else if (kind == QLatin1String("env")) {
        const QModelIndex cur = m_window->envPanel()->view()->currentIndex();
        QCOMPARE(cur.siblingAtColumn(EnvTableModel::Name).data().toString(), what);
    } else {
        const QModelIndex cur = m_window->logsPanel()->view()->currentIndex();
        QCOMPARE(cur.siblingAtColumn(LogModel::Line).data().toInt(), what.toInt());
    }
    ws->verification()->setExtraFindings({});
}

void TstUiWindow::walkthroughPages() {
    WalkthroughPanel *w = m_window->walkthroughPanel();
    QCOMPARE(WalkthroughPanel::pages().size(), 9);
    for (int i = 0; i < WalkthroughPanel::pages().size(); ++i) {
        w->setCurrentPage(i);
        QCOMPARE(w->currentPage(), i);
        QVERIFY(w->currentText().contains(WalkthroughPanel::pages()[i].title));
    }
    // The page on step 1 says what step 1 did on these inputs.
    w->setCurrentPage(5);
    QVERIFY(w->currentText().contains(
        checkStatusName(m_window->workspace()->verification()->step(1)->status)));
    // The layer page counts the open artifacts' code objects.
    w->setCurrentPage(1);
    QVERIFY(w->currentText().contains(QStringLiteral("code object")));
}

void TstUiWindow::screenshotOfPanels() {
    for (const QString &name : MainWindow::panelNames()) {
        const QImage img = m_window->grabImage(name);
        QVERIFY2(!img.isNull(), qPrintable(name));
        QVERIFY(img.width() > 100 && img.height() > 100);
    }
    const QImage whole = m_window->grabImage();
    QCOMPARE(whole.size(), m_window->size() * m_window->devicePixelRatio());
    QString error;
    QVERIFY(!m_window->saveScreenshot(QStringLiteral("/nonexistent/dir/x.png"), {}, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!m_window->saveScreenshot(QDir::tempPath() + QStringLiteral("/x.png"),
                                      QStringLiteral("nope"), &error));
    QVERIFY(error.contains(QStringLiteral("nope")));
}

// Contents that arrive after the window is shown (artifacts, probe results, findings, the name
// box) never push the window past the size it was given: every panel's minimum size stays
// small, long texts wrap or elide. The widest widgets are named when it fails.
void TstUiWindow::windowKeepsItsSize() {
    // Names the widest widgets when it fails.
    auto check = [this](const char *when) {
        m_window->resize(1024, 700);
        QApplication::processEvents();
        QTest::qWait(50);
        QList<QPair<int, QString>> widths;
        for (QWidget *w : m_window->findChildren<QWidget *>()) {
            if (!w->isVisibleTo(m_window) || qobject_cast<QDockWidget *>(w) ||
                w == m_window->centralWidget())
                continue;
            const int mw = std::max(w->minimumSizeHint().width(), w->minimumWidth());
            widths.append(
                {mw, QStringLiteral("%1 %2 in %3: %4")
                         .arg(QLatin1String(w->metaObject()->className()), w->objectName(),
                              QLatin1String(w->parentWidget()->metaObject()->className()))
                         .arg(mw)});
        }
        std::sort(widths.begin(), widths.end(),
                  [](const auto &l, const auto &r) { return l.first > r.first; });
        QStringList top;
        for (int i = 0; i < std::min<int>(4, int(widths.size())); ++i)
            top.append(widths[i].second);
        const QString info = QStringLiteral("%1: window %2x%3; widest: %4")
                                 .arg(QLatin1String(when))
                                 .arg(m_window->width())
                                 .arg(m_window->height())
                                 .arg(top.join(QStringLiteral("; ")));
        QVERIFY2(m_window->width() <= 1024, qPrintable(info));
        QVERIFY2(m_window->height() <= 700, qPrintable(info));
    };
    // With the artifacts, step 1's results and the findings in every panel.
    check("after loading");
    if (QTest::currentTestFailed())
        return;
    // A long name with no break opportunity in the name box's answer.
    ArtifactsPanel *p = m_window->artifactsPanel();
    p->nameEdit()->setText(QStringLiteral("_ZN9rocsparse") + QString(200, QLatin1Char('x')));
    QTRY_VERIFY(p->explanationText().contains(QStringLiteral("xxxxxxxx")));
    check("long name");
    p->nameEdit()->clear();
    m_window->resize(1440, 900);
}

void TstUiWindow::staleInspectionDropped() {
    // A second open supersedes the first: only the second's result is taken.
    Workspace *ws = m_window->workspace();
    ws->inputs()->closeAll();
    QCOMPARE(ws->inputs()->artifacts().size(), 0);
    QSignalSpy changed(ws->inputs(), &InputsController::artifactsChanged);
    ws->inputs()->openPaths({hdtest::kernelArtifact(QStringLiteral("libvector_add.so"))});
    ws->inputs()->openPaths({hdtest::kernelArtifact(QStringLiteral("vector_add_gfx1030.co"))});
    QTRY_VERIFY_WITH_TIMEOUT(!ws->inputs()->isInspecting(), 60000);
    QTest::qWait(200); // a late result of the first job would arrive by now
    QCOMPARE(changed.count(), 1);
    QCOMPARE(ws->inputs()->artifacts().size(), 1);
    QVERIFY(ws->inputs()->artifacts()[0].path.endsWith(QLatin1String("vector_add_gfx1030.co")));
}

// The compressed bundles' hashes are checked after the open (the tree and the findings do not
// wait for them): a real hipcc-7 library's match; a copy with its stored hash changed gets the
// mismatch as a problem of its own, and the tree and findings are told.
void TstUiWindow::hashesCheckedAfterOpen() {
    Workspace *ws = m_window->workspace();
    ws->inputs()->closeAll();
    const QString good =
        hdtest::sourceDir() + QStringLiteral("/tests/artifacts/rocm7/libs04_rocm6.so");
    QFile in(good);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray bytes = in.readAll();
    const qsizetype ccob = bytes.indexOf("CCOB");
    QVERIFY(ccob > 0);
    bytes[ccob + 16] = char(bytes[ccob + 16] ^ 1); // CCOB v2: the hash's first byte
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("libs04_badhash.so"));
    QFile out(bad);
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size());
    out.close();
    QSignalSpy changed(ws->inputs(), &InputsController::artifactsChanged);
    QSignalSpy checked(ws->inputs(), &InputsController::hashesChecked);
    // The findings first: the check waits while the diagnosis is scheduled or running.
    int findingsBeforeCheck = -1;
    const QMetaObject::Connection order =
        connect(ws->inputs(), &InputsController::hashesChecked, this, [&] {
            if (findingsBeforeCheck < 0)
                findingsBeforeCheck = !ws->diagnosis()->isDiagnosing();
        });
    ws->inputs()->openPaths({good});
    QTRY_COMPARE_WITH_TIMEOUT(checked.count(), 1, 60000);
    disconnect(order);
    QCOMPARE(findingsBeforeCheck, 1);
    QCOMPARE(checked[0].value(0).toInt(), 1); // bundles
    QCOMPARE(checked[0].value(1).toInt(), 0); // mismatches
    QCOMPARE(changed.count(), 1);             // the open only
    // A second open checks the new file only.
    ws->inputs()->openPaths({bad});
    QTRY_COMPARE_WITH_TIMEOUT(checked.count(), 2, 60000);
    QCOMPARE(checked[1].value(0).toInt(), 1);
    QCOMPARE(checked[1].value(1).toInt(), 1);
    QCOMPARE(changed.count(), 3); // the open, then the mismatch
    const auto hashProblems = [ws](const QString &path) {
        int n = 0;
        for (const ArtifactReport &a : ws->inputs()->artifacts())
            if (a.path == path)
                for (const Problem &p : a.problems)
                    n += p.message.contains(QLatin1String("does not match the MD5"));
        return n;
    };
    QCOMPARE(hashProblems(good), 0);
    QCOMPARE(hashProblems(bad), 1);
    ws->inputs()->closeAll();
}

// Step inputs typed into the cards are saved with the session (Save session, no Run needed)
// and an opened session puts them back into a fresh window's cards: the text fields, the
// step 2 mode and repeat count, and commands that need quoting.
void TstUiWindow::sessionRefillsStepInputs() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("inputs.json"));
    auto line = [](MainWindow &w, const char *name) {
        return w.verifyPanel()->findChild<QLineEdit *>(QLatin1String(name));
    };
    const QString lib = hdtest::kernelArtifact(QStringLiteral("libvector_add.so"));
    const QStringList command = {QStringLiteral("python3"), QStringLiteral("my train.py"),
                                 QStringLiteral("--tag=\"a b\""), QStringLiteral("--steps"),
                                 QStringLiteral("1")};
    {
        MainWindow first;
        Workspace *ws = first.workspace();
        // The first save names the file; the second saves what the cards show by then.
        QSignalSpy saved(ws->verification(), &VerificationController::sessionSaved);
        ws->verification()->saveSessionTo(path);
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 30000);
        QCOMPARE(ws->verification()->sessionPath(), path);
        line(first, "step1Target")->setText(QStringLiteral("gfx90a:xnack-"));
        auto *mode = first.verifyPanel()->findChild<QComboBox *>(QStringLiteral("step2Mode"));
        QVERIFY(mode);
        mode->setCurrentIndex(mode->findData(int(Step2Options::Mode::Dlopen)));
        line(first, "step2File")->setText(lib);
        line(first, "step2Kernel")->setText(QStringLiteral("_Z5scalePffi"));
        line(first, "step2Args")->setText(QStringLiteral("buf:f32:1024:rand, f32:2, i32:1024"));
        line(first, "step2Grid")->setText(QStringLiteral("64,2"));
        line(first, "step2Block")->setText(QStringLiteral("128"));
        first.verifyPanel()->findChild<QSpinBox *>(QStringLiteral("step2Repeat"))->setValue(7);
        // A shell line (core/common/shell.h), as in a terminal.
        line(first, "step3Command")
            ->setText(QStringLiteral("python3 'my train.py' '--tag=\"a b\"' --steps 1"));
        QCOMPARE(hd::shellSplit(line(first, "step3Command")->text()), command);
        line(first, "step3Dir")->setText(dir.path());
        line(first, "step3Switch")->setText(QStringLiteral("USE_TRITON=0"));
        first.saveSession(false);
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 2, 30000);
        QVERIFY(saved.last().at(1).toBool());
    }
    MainWindow second;
    Workspace *ws = second.workspace();
    QCOMPARE(line(second, "step2Kernel")->text(), QString());
    QSignalSpy opened(ws->verification(), &VerificationController::sessionOpened);
    second.openSession(path);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
    QVERIFY2(opened.first().at(1).toBool(), qPrintable(opened.first().at(2).toString()));
    QCOMPARE(line(second, "step1Target")->text(), QStringLiteral("gfx90a:xnack-"));
    auto *mode = second.verifyPanel()->findChild<QComboBox *>(QStringLiteral("step2Mode"));
    QCOMPARE(mode->currentData().toInt(), int(Step2Options::Mode::Dlopen));
    QCOMPARE(line(second, "step2File")->text(), lib);
    QCOMPARE(line(second, "step2Kernel")->text(), QStringLiteral("_Z5scalePffi"));
    QCOMPARE(line(second, "step2Args")->text(),
             QStringLiteral("buf:f32:1024:rand, f32:2, i32:1024"));
    QCOMPARE(line(second, "step2Grid")->text(), QStringLiteral("64,2"));
    QCOMPARE(line(second, "step2Block")->text(), QStringLiteral("128"));
    QCOMPARE(second.verifyPanel()->findChild<QSpinBox *>(QStringLiteral("step2Repeat"))->value(),
             7);
    QCOMPARE(hd::shellSplit(line(second, "step3Command")->text()), command);
    QCOMPARE(line(second, "step3Dir")->text(), dir.path());
    QCOMPARE(line(second, "step3Switch")->text(), QStringLiteral("USE_TRITON=0"));
    QCOMPARE(line(second, "step3Variant")->text(), QString());
    // Running from the refilled cards uses the session's inputs.
    second.verifyPanel()->applyInputs();
    const VerifyOptions &o = ws->verification()->verifyOptions();
    QCOMPARE(o.step2.mode, Step2Options::Mode::Dlopen);
    QCOMPARE(o.step2.grid, (std::array<unsigned, 3>{64, 2, 1}));
    QCOMPARE(o.step3.argv, command);

    // A session of `hipdoctor-cli verify --compile CMD -- --output FILE`: the compile command
    // has no field, the mode list offers it and running keeps it.
    VerifyOptions compile;
    compile.step2.mode = Step2Options::Mode::Source;
    compile.step2.compileArgv = {QStringLiteral("hipcc"), QStringLiteral("-o"),
                                 QStringLiteral("app"), QStringLiteral("main.hip")};
    compile.step2.file = QStringLiteral("app");
    Session session;
    session.origin = QStringLiteral("verify");
    session.inputs = compile.toJson();
    const QString compilePath = dir.filePath(QStringLiteral("compile.json"));
    QString error;
    QVERIFY2(saveSession(session, compilePath, &error), qPrintable(error));
    second.openSession(compilePath);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 2, 30000);
    QVERIFY(opened.last().at(1).toBool());
    QCOMPARE(mode->currentData().toInt(), int(Step2Options::Mode::Source));
    QCOMPARE(mode->itemData(mode->currentIndex(), Qt::ToolTipRole).toString(),
             QStringLiteral("hipcc -o app main.hip"));
    QCOMPARE(line(second, "step2File")->text(), QStringLiteral("app"));
    QCOMPARE(line(second, "step3Command")->text(), QString());
    second.verifyPanel()->applyInputs();
    QCOMPARE(ws->verification()->verifyOptions().step2.mode, Step2Options::Mode::Source);
    QCOMPARE(ws->verification()->verifyOptions().step2.compileArgv, compile.step2.compileArgv);
    // The first session again: the extra mode is gone.
    second.openSession(path);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 3, 30000);
    QCOMPARE(mode->findData(int(Step2Options::Mode::Source)), -1);
    QCOMPARE(mode->currentData().toInt(), int(Step2Options::Mode::Dlopen));
}

// The Devices panel shows the system inventory: this machine's (collected in the background),
// or the one of an opened session, with a token in the environment kept off the screen.
// A session made on a GPU node (its "remote"): each step card says where the step ran; one
// made here says nothing of the kind.
void TstUiWindow::stepsSayWhereTheyRan() {
    Workspace *ws = m_window->workspace();
    StepRecord step;
    step.step = 1;
    step.title = QStringLiteral("Baseline");
    step.status = CheckStatus::Pass;
    step.summary = QStringLiteral("compiler, runtime link, runtime and device work");
    Session session;
    session.origin = QStringLiteral("verify");
    session.remote = QStringLiteral("gpu17.example.org");
    session.steps = {step};
    ws->verification()->applySession(session);
    StepCard *card = m_window->verifyPanel()->card(1);
    QVERIFY2(card->summaryText().contains(QLatin1String("on gpu17.example.org")),
             qPrintable(card->summaryText()));
    session.remote.clear();
    ws->verification()->applySession(session);
    QVERIFY2(!card->summaryText().contains(QLatin1String(" on ")), qPrintable(card->summaryText()));
}

void TstUiWindow::devicesPanelShowsInventory() {
    MainWindow w;
    Workspace *ws = w.workspace();
    QTreeWidget *tree = w.devicesPanel()->inventoryView();
    QVERIFY(tree);
    QSignalSpy changed(ws->targets(), &TargetsController::inventoryChanged);
    ws->targets()->refreshInventory();
    QTRY_VERIFY_WITH_TIMEOUT(!ws->targets()->isCollectingInventory(), 60000);
    QVERIFY(changed.count() >= 1);
    QVERIFY(!ws->targets()->inventoryFromSession());
    QVERIFY(ws->targets()->inventory().find(QStringLiteral("system"), QStringLiteral("kernel")));
    QStringList labels;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        labels << tree->topLevelItem(i)->text(0);
    QVERIFY2(labels.contains(QStringLiteral("System")), qPrintable(labels.join(u',')));
    QVERIFY(labels.contains(QStringLiteral("Kernel driver")));
    QVERIFY(labels.last().startsWith(QLatin1String("All ")));
    // Saved sessions carry it.
    QCOMPARE(ws->verification()->makeSession().inventory, ws->targets()->inventory());

    // An opened session's inventory replaces it.
    Session session;
    session.origin = QStringLiteral("verify");
    session.inventory.collectedAt = QStringLiteral("2026-11-30T06:59:58Z");
    session.inventory.facts = {{QStringLiteral("driver"),
                                QStringLiteral("amdgpu"),
                                QStringLiteral("6.7.0"),
                                QStringLiteral("/sys/module/amdgpu/version"),
                                {}},
                               {QStringLiteral("devices"),
                                QStringLiteral("/dev/kfd"),
                                QStringLiteral("crw-rw---- root:render, this user: no access"),
                                QStringLiteral("stat(2), access(2)"),
                                {}},
                               {QStringLiteral("environment"),
                                QStringLiteral("HF_TOKEN"),
                                QStringLiteral("hf_abcdef123456"),
                                QStringLiteral("environment"),
                                {}}};
    ws->verification()->applySession(session);
    QVERIFY(ws->targets()->inventoryFromSession());
    QCOMPARE(ws->targets()->inventory(), session.inventory);
    QString shown;
    QList<QTreeWidgetItem *> stack;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        stack << tree->topLevelItem(i);
    while (!stack.isEmpty()) {
        QTreeWidgetItem *it = stack.takeFirst();
        shown += it->text(0) + QLatin1Char('=') + it->text(1) + QLatin1Char('\n');
        for (int c = 0; c < it->childCount(); ++c)
            stack << it->child(c);
    }
    QVERIFY2(shown.contains(QLatin1String("Kernel driver=amdgpu: 6.7.0")), qPrintable(shown));
    QVERIFY(shown.contains(QLatin1String("Device access=/dev/kfd: crw-rw---- root:render, this "
                                         "user: no access")));
    QVERIFY(!shown.contains(QLatin1String("hf_abcdef123456")));
    QVERIFY(shown.contains(QLatin1String("HF_TOKEN=[redacted]")));
    // No access to /dev/kfd is marked.
    const QList<QTreeWidgetItem *> access =
        tree->findItems(QStringLiteral("Device access"), Qt::MatchExactly, 0);
    QCOMPARE(access.size(), 1);
    QVERIFY(!access.first()->icon(0).isNull());
}

// View > Language switches without a restart: the dock titles, menus, panel labels and the
// symbol table's header change to the shipped Simplified Chinese text and back, and the choice
// is remembered. The expected texts are those of resources/translations/hipdoctor_zh_CN.ts.
void TstUiWindow::languageSwitchesLive() {
    auto *findings = m_window->findChild<QDockWidget *>(QStringLiteral("findingsDock"));
    QVERIFY(findings);
    QMenu *fileMenu = m_window->menuBar()->actions().value(0)->menu();
    QVERIFY(fileMenu);
    QTableView *symbols = m_window->artifactsPanel()->symbolView();
    auto visible = [this, findings, symbols]() {
        return QStringList{
            findings->windowTitle(),
            m_window->menuBar()->actions().value(0)->text(),
            symbols->model()->headerData(SymbolTableModel::Demangled, Qt::Horizontal).toString(),
            symbols->model()->headerData(SymbolTableModel::Mangled, Qt::Horizontal).toString(),
            m_window->artifactsPanel()->filterEdit()->placeholderText(),
            m_window->verifyPanel()->findChild<QPushButton *>()->text(),
        };
    };
    const QStringList english = visible();
    QCOMPARE(english,
             (QStringList{QStringLiteral("Findings"), QStringLiteral("&File"),
                          QStringLiteral("Name"), QStringLiteral("Mangled name"),
                          QStringLiteral("Filter symbols (mangled or demangled, as you type)"),
                          english.last()}));
    QSignalSpy headers(symbols->model(), &QAbstractItemModel::headerDataChanged);
    m_window->chooseLanguage(QStringLiteral("zh_CN"));
    QTRY_COMPARE(findings->windowTitle(), QStringLiteral("发现"));
    QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("zh_CN"));
    QTRY_COMPARE(m_window->menuBar()->actions().value(0)->text(), QStringLiteral("文件(&F)"));
    QVERIFY(headers.count() >= 1); // the view asks for the header texts again
    const QStringList chinese = visible();
    QCOMPARE(chinese.mid(0, 5),
             (QStringList{QStringLiteral("发现"), QStringLiteral("文件(&F)"),
                          QStringLiteral("名称"), QStringLiteral("修饰名"),
                          QStringLiteral("过滤符号（修饰名或还原名，随输随筛）")}));
    QVERIFY(chinese.last() != english.last()); // a step card's button
    // The step 2 card's "Kernel:" label, set once in the constructor.
    QStringList labels;
    for (QLabel *l : m_window->verifyPanel()->findChildren<QLabel *>())
        labels.append(l->text());
    QVERIFY2(labels.contains(QStringLiteral("内核：")), qPrintable(labels.join(QLatin1Char('|'))));
    QVERIFY(!labels.contains(QStringLiteral("Kernel:")));
    // And back.
    m_window->chooseLanguage(QStringLiteral("en"));
    QTRY_COMPARE(findings->windowTitle(), QStringLiteral("Findings"));
    QTRY_COMPARE(visible(), english);
    QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("en"));
    labels.clear();
    for (QLabel *l : m_window->verifyPanel()->findChildren<QLabel *>())
        labels.append(l->text());
    QVERIFY(labels.contains(QStringLiteral("Kernel:")));
}

// File > Connect to GPU node…: Enter in the node box connects (Connect is the default button,
// Cancel is not). A node that refuses is named once, with ssh's own words after a single
// "ssh:", and the dialog stays open and grows until its intro and the message show whole.
void TstUiWindow::connectDialogEnterConnects() {
    // Nothing listens on port 1 (only root could); the user's ssh config is not read.
    const bool hadSsh = qEnvironmentVariableIsSet("HIPDOCTOR_SSH_COMMAND");
    const QByteArray sshBefore = qgetenv("HIPDOCTOR_SSH_COMMAND");
    qputenv("HIPDOCTOR_SSH_COMMAND", "ssh -F /dev/null -p 1");
    const auto restore = qScopeGuard([&] {
        if (hadSsh)
            qputenv("HIPDOCTOR_SSH_COMMAND", sshBefore);
        else
            qunsetenv("HIPDOCTOR_SSH_COMMAND");
    });
    ConnectDialog d(m_window->workspace()->targets(), m_window);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    auto *buttons = d.findChild<QDialogButtonBox *>();
    QVERIFY(buttons);
    QVERIFY(!buttons->button(QDialogButtonBox::Cancel)->isDefault());
    const int heightBefore = d.height();
    QSignalSpy done(&d, &ConnectDialog::connectFinished);
    QSignalSpy rejected(&d, &QDialog::rejected);
    QLineEdit *edit = d.destinationBox()->lineEdit();
    edit->setFocus();
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("127.0.0.1"));
    QTest::keyClick(edit, Qt::Key_Return);
    // Enter started a connection (the dialog did not close).
    QVERIFY(m_window->workspace()->targets()->isConnecting() || done.count() == 1);
    QVERIFY(done.count() == 1 || done.wait(120000));
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY(d.isVisible());
    QCOMPARE(rejected.count(), 0);
    const QString message = d.stateLabel()->text();
    QVERIFY2(message.startsWith(QLatin1String("Not connected: host-unreachable: 127.0.0.1")),
             qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("(ssh: connect to host 127.0.0.1 port 1")),
             qPrintable(message));
    QCOMPARE(message.count(QLatin1String("ssh:")), 1);
    QCOMPARE(message.count(QLatin1String("Not connected")), 1);
    // Grown, not squeezed: every wrapped label has the height its text needs at its width.
    QVERIFY2(d.height() > heightBefore,
             qPrintable(QStringLiteral("%1 -> %2").arg(heightBefore).arg(d.height())));
    const QList<QLabel *> labels = d.findChildren<QLabel *>();
    int wrapped = 0;
    for (QLabel *l : labels) {
        if (!l->wordWrap() || l->text().isEmpty())
            continue;
        ++wrapped;
        QVERIFY2(l->height() >= l->heightForWidth(l->width()),
                 qPrintable(QStringLiteral("%1: %2 < %3")
                                .arg(l->text().left(40))
                                .arg(l->height())
                                .arg(l->heightForWidth(l->width()))));
        QVERIFY(l->geometry().bottom() < d.height());
    }
    QCOMPARE(wrapped, 2); // the intro and the message
    // Enter again tries again (Connect stays the default once re-enabled).
    done.clear();
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(done.count() == 1 || done.wait(120000));
    QVERIFY(d.isVisible());
    QCOMPARE(d.stateLabel()->text().count(QLatin1String("ssh:")), 1);
}

QTEST_MAIN(TstUiWindow)
#include "tst_ui_window.moc"
