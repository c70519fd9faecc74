// What a new engineer meets in the window (issue 15), checked on the real widgets: every
// action works on the user's own inputs, nothing is green that depends on an unknown GPU,
// the window fits its screen, one finding per cause and typed names stay questions, the
// verdict is shown once, step 3's Triton signal survives a step 1 without a device, shortcuts
// reach the window from a text field, --help works without a display, the file dialog filters,
// big libraries' trees are grouped by target and the symbol table opens on the kernels.

#include "kernel_folder.h"
#include "test_window.h"
#include "testpaths.h"

#include "controllers/workspace.h"
#include "models/artifact_tree_model.h"
#include "models/coverage_model.h"
#include "models/devices_model.h"
#include "models/env_table_model.h"
#include "models/findings_model.h"
#include "models/symbol_table_model.h"
#include "widgets/artifacts_panel.h"
#include "widgets/coverage_panel.h"
#include "widgets/devices_panel.h"
#include "widgets/env_panel.h"
#include "widgets/main_window.h"
#include "widgets/panel_table.h"
#include "widgets/verify_panel.h"
#include "widgets/walkthrough_panel.h"

#include "artifacts/inspector.h"
#include "common/shell.h"
#include "diagnosis/diagnosis.h"
#include "model/finding.h"
#include "model/finding_catalog.h"
#include "models/engine_text.h"
#include "models/inspect_progress.h"
#include "report/report.h"
#include "verify/verifier.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>
#include <QXmlStreamReader>
#include <algorithm>

using namespace hd;
using namespace hd::ui;

class TstUiTrust : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void walkthroughStep2UsesYourInputs();
    void walkthroughStep2AsksWhatIsMissing();
    void nameBoxAsksForYourGpu();
    void typedNameIsAQuestion();
    void verdictShownOnce();
    void step3ShownWithoutDevice();
    void shortcutsReachTheWindowFromTextFields();
    void firstStartFitsTheScreen();
    void savedGeometryBroughtBackOnScreen();
    void helpAndVersionWithoutDisplay();
    void fileDialogFilters();
    void treeGroupedByTarget();
    void inspectionProgress();
    void symbolTableOpensOnKernels();
    void newTextsInChinese();
    void findingsAndVerdictInChinese();
    void engineTextsInChinese();
    void severityChangesSayWhy();
    void appWordsForCliOptions();
    void runAllFillsStep2();
    void stepSaysWhatItNeeds();
    void typingAValueEnablesTheVariable();
    void reportFitsGitHubWithTheWholeBeside();
    void libraryApiIsNotALostKernel();
    void demoCaseByCase();
    void caseVerdictSameOnEverySurface();
    void answerFollowsTheInputs();
    void structureOfTheWindow();
    void pastedLogIsDiagnosed();
    void coverageOfInstalledLibraries();
    void coverageKeepsSeveralFolders();
    void cleanupTestCase();

private:
    void open(const QStringList &paths);
    void waitIdle();
    QPushButton *walkthroughActionButton() const;

    MainWindow *m_window = nullptr;
};

void TstUiTrust::initTestCase() {
    m_window = hdtest::startTestWindow();
    QVERIFY(m_window);
}

// Issue 25 item 2: Run all steps (F9) fills step 2 from the open file and the name box, as the
// walkthrough's button does.
void TstUiTrust::runAllFillsStep2() {
    const QString mine = hdtest::kernelArtifact(QStringLiteral("vector_add_gfx1030.co"));
    open({mine});
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vector_add"));
    waitIdle();
    // A shortcut reaches only the active window; a window an earlier case showed and closed
    // (firstStartFitsTheScreen) leaves none active until the activation is processed.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTest::keyClick(m_window, Qt::Key_F9);
    Workspace *ws = m_window->workspace();
    QVERIFY(ws->verification()->isVerifying());
    QCOMPARE(m_window->verifyPanel()->step2FileEdit()->text(), mine);
    QCOMPARE(m_window->verifyPanel()->step2KernelEdit()->text(), QStringLiteral("vector_add"));
    QCOMPARE(ws->verification()->verifyOptions().step2.file, mine);
    QVERIFY(ws->verification()->needs(2).isEmpty());
    ws->verification()->cancelVerification();
}

// Item 2: a step that cannot run says what it needs, in the app's words (no CLI flags), and the
// others still run.
void TstUiTrust::stepSaysWhatItNeeds() {
    open({hdtest::kernelArtifact(QStringLiteral("vector_add_gfx1030.co"))});
    Workspace *ws = m_window->workspace();
    m_window->verifyPanel()->applyInputs();
    ws->verification()->runSteps({1, 2, 3});
    QVERIFY(ws->verification()->isVerifying()); // step 1 runs
    const QString needs2 = m_window->verifyPanel()->card(2)->summaryText();
    const QString needs3 = m_window->verifyPanel()->card(3)->summaryText();
    QVERIFY2(needs2.contains(QStringLiteral("Needs:")) &&
                 needs2.contains(QStringLiteral("Name your code asks for")),
             qPrintable(needs2));
    QVERIFY2(needs3.contains(QStringLiteral("Command")), qPrintable(needs3));
    for (const QString &t : {needs2, needs3})
        QVERIFY2(!t.contains(QStringLiteral("--")), qPrintable(t));
    // Placeholders read as hints, not values.
    auto *sw = m_window->verifyPanel()->findChild<QLineEdit *>(QStringLiteral("step3Switch"));
    QVERIFY(sw->text().isEmpty());
    QVERIFY(sw->placeholderText().startsWith(QStringLiteral("optional")));
    ws->verification()->cancelVerification();
}

// Item 4: typing a value switches the variable on; after a run it says whether the runtime
// reads it.
void TstUiTrust::typingAValueEnablesTheVariable() {
    EnvTableModel *env = m_window->workspace()->inputs()->env();
    EnvPanel *panel = m_window->envPanel();
    const int row = env->rowOf(QStringLiteral("HIP_LAUNCH_BLOCKING"));
    QVERIFY(row >= 0);
    QVERIFY(env->setData(env->index(row, EnvTableModel::Value), QStringLiteral("1")));
    QCOMPARE(env->profile().value(QStringLiteral("HIP_LAUNCH_BLOCKING")), QStringLiteral("1"));
    bool summary = false;
    for (QLabel *l : panel->findChildren<QLabel *>())
        summary = summary || l->text().contains(QStringLiteral("HIP_LAUNCH_BLOCKING=1"));
    QVERIFY(summary);
    // Step 1 runs with it (no GPU here: it still loads the runtime), then the table says.
    Workspace *ws = m_window->workspace();
    m_window->verifyPanel()->applyInputs();
    ws->verification()->runSteps({1});
    QTRY_VERIFY_WITH_TIMEOUT(!ws->verification()->isVerifying(), 300000);
    QTRY_VERIFY_WITH_TIMEOUT(env->index(row, EnvTableModel::Status).data().toString() !=
                                 QStringLiteral("applied"),
                             60000);
    const QString status = env->index(row, EnvTableModel::Status).data().toString();
    QVERIFY2(status.contains(QStringLiteral("runtime")), qPrintable(status));
    env->applyProfile({});
}

// Item 5: Copy report is trimmed to GitHub's 65,536 characters with the whole report beside;
// an invalid value is marked as the panel marks it.
void TstUiTrust::reportFitsGitHubWithTheWholeBeside() {
    QTemporaryDir dir;
    const QString script = dir.filePath(QStringLiteral("chatty.sh"));
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // 300 lines of 1,000 characters on each stream, then a failure.
    f.write("#!/bin/sh\ni=0\nwhile [ $i -lt 300 ]; do printf 'line %d %01000d\\n' $i 0; "
            "printf 'err %d %01000d\\n' $i 0 >&2; i=$((i+1)); done\nexit 1\n");
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    VerifyPanel *v = m_window->verifyPanel();
    v->findChild<QLineEdit *>(QStringLiteral("step3Command"))->setText(script);
    v->findChild<QLineEdit *>(QStringLiteral("step3Variant"))->setText(script);
    EnvTableModel *env = m_window->workspace()->inputs()->env();
    const int row = env->rowOf(QStringLiteral("AMD_LOG_LEVEL"));
    QVERIFY(env->setData(env->index(row, EnvTableModel::Value), QStringLiteral("9")));
    Workspace *ws = m_window->workspace();
    QVERIFY(v->applyInputs());
    ws->verification()->runSteps({3});
    QTRY_VERIFY_WITH_TIMEOUT(!ws->verification()->isVerifying(), 120000);
    // The diagnosis the run's devices start again ends with its own status message: wait for
    // it, so that the status line read below is the report's (it was replaced on a loaded
    // machine).
    waitIdle();
    QSignalSpy ready(ws->verification(), &VerificationController::reportReady);
    m_window->copyReport();
    QVERIFY(ready.wait(120000));
    const QString text = QApplication::clipboard()->text();
    const QString full = ready.first().at(3).toString();
    QVERIFY2(text.size() <= 65536, qPrintable(QString::number(text.size())));
    QVERIFY2(!full.isEmpty() && QFileInfo(full).size() > 65536, qPrintable(full));
    QVERIFY(text.contains(QFileInfo(full).fileName()));
    const QList<QLabel *> status = m_window->statusBar()->findChildren<QLabel *>();
    QVERIFY(std::any_of(status.cbegin(), status.cend(),
                        [&](QLabel *l) { return l->text().contains(full); }));
    // AMD_LOG_LEVEL=9 is out of range: the report marks it, as the panel does.
    QVERIFY2(QString(text)
                 .remove(QLatin1Char('\\'))
                 .contains(QStringLiteral("❌ AMD_LOG_LEVEL=9: invalid value")),
             qPrintable(text.left(4000)));
    env->applyProfile({});
    v->findChild<QLineEdit *>(QStringLiteral("step3Command"))->clear();
    v->findChild<QLineEdit *>(QStringLiteral("step3Variant"))->clear();
}

// Item 9: a library's public host function is not a kernel a port lost: no __global__ advice.
void TstUiTrust::libraryApiIsNotALostKernel() {
    const QString lib = QStringLiteral("/usr/lib/x86_64-linux-gnu/librocsparse.so.0");
    if (!QFileInfo::exists(lib))
        QSKIP("librocsparse is not installed");
    open({lib});
    ArtifactsPanel *p = m_window->artifactsPanel();
    p->setRequestedName(QStringLiteral("rocsparse_scsrmv"));
    QTRY_VERIFY_WITH_TIMEOUT(!p->isExplaining(), 300000);
    QVERIFY2(p->explanationText().contains(QStringLiteral("API")),
             qPrintable(p->explanationText()));
    QVERIFY2(!p->explanationText().contains(QStringLiteral("__global__")),
             qPrintable(p->explanationText()));
    // The port's leftover in the demo still gets the __global__ advice.
    const QString leftover =
        hdtest::kernelArtifact(QStringLiteral("scenarios/libs06_not_a_kernel.so"));
    if (QFileInfo::exists(leftover)) {
        m_window->workspace()->inputs()->closeAll();
        open({leftover});
        p->setRequestedName(QStringLiteral("scaleRows"));
        QTRY_VERIFY_WITH_TIMEOUT(!p->isExplaining(), 300000);
        QVERIFY2(p->explanationText().contains(QStringLiteral("__global__")),
                 qPrintable(p->explanationText()));
    }
}

// Item 8: the demo is chosen case by case (File > Demo cases), one case open at a time.
void TstUiTrust::demoCaseByCase() {
    QMenu *cases = nullptr;
    QStringList titles;
    for (QMenu *m : m_window->findChildren<QMenu *>()) {
        titles << m->title();
        if (m->title().contains(QStringLiteral("Demo")))
            cases = m;
    }
    QVERIFY2(cases, qPrintable(titles.join(QLatin1Char('|'))));
    QVERIFY2(cases->actions().size() >= 10, qPrintable(QString::number(cases->actions().size())));
    QAction *wrongGpu = nullptr;
    for (QAction *a : cases->actions())
        if (a->text().startsWith(QStringLiteral("2. ")))
            wrongGpu = a;
    QVERIFY(wrongGpu);
    QSignalSpy changed(m_window->workspace()->inputs(), &InputsController::artifactsChanged);
    wrongGpu->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 120000);
    waitIdle();
    const QStringList open = m_window->workspace()->inputs()->inputPaths();
    QVERIFY(!open.isEmpty());
    for (const QString &path : open)
        QVERIFY2(QFileInfo(path).fileName().startsWith(QStringLiteral("s02_")), qPrintable(path));
}

// Issue 40: one answer. For every demo case the app opens, the case verdict the app shows
// (its verdict line), the engine's for the same inputs, the exported report's top and the
// CLI's first lines name the same finding with the same sentence.
void TstUiTrust::caseVerdictSameOnEverySurface() {
    Workspace *ws = m_window->workspace();
    int compared = 0, withFinding = 0;
    for (const InputsController::DemoScenario &sc : InputsController::demoScenarios()) {
        QSignalSpy changed(ws->inputs(), &InputsController::artifactsChanged);
        if (!ws->inputs()->openDemo(sc.number))
            continue;
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 120000);
        waitIdle();
        const CaseVerdict &app = ws->verification()->caseVerdict();
        QVERIFY2(!app.isEmpty(), qPrintable(sc.title));
        // The engine, asked the same: the app's open inputs and pasted texts, its probe.
        DiagnoseRequest req;
        req.inputs = ws->inputs()->inputPaths();
        req.texts = ws->inputs()->pastedTexts();
        req.probeRan = ws->targets()->probed();
        req.probeDevices = ws->targets()->probedDevices();
        req.kernels = ws->diagnosis()->question().kernels; // the names the app asks about
        const CaseVerdict engine = diagnose(req).caseVerdict;
        QCOMPARE(app.headline(), engine.headline());
        // The verdict line shows that answer (in English: the engine's sentence).
        const QString line = m_window->verifyPanel()->comparisonText();
        QVERIFY2(line.contains(app.answer.english().toHtmlEscaped()),
                 qPrintable(sc.title + QStringLiteral(": ") + line));
        if (!app.findingId.isEmpty())
            QVERIFY2(line.contains(app.findingId), qPrintable(line));
        // The report opens with it.
        const QString md = markdownReport(ws->verification()->makeSession());
        const qsizetype answerAt = md.indexOf(QLatin1String("**Answer:**"));
        QVERIFY2(answerAt > 0 && answerAt < md.indexOf(QLatin1String("## ")), qPrintable(sc.title));
        const QString answerLine =
            md.mid(answerAt, md.indexOf(QLatin1Char('\n'), answerAt) - answerAt);
        if (!app.findingId.isEmpty())
            QVERIFY2(answerLine.contains(app.findingId), qPrintable(answerLine));
        // The CLI prints it first.
        QStringList args{QStringLiteral("diagnose")};
        for (const QString &k : req.kernels)
            args << QStringLiteral("--kernel") << k;
        QProcess cli;
        cli.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args + req.inputs);
        QVERIFY(cli.waitForFinished(120000));
        const QString printed = QString::fromUtf8(cli.readAllStandardOutput()).simplified();
        if (!req.probeRan || app.notChecked.size() == engine.notChecked.size())
            QVERIFY2(printed.contains(QStringLiteral("Answer: ") + engine.headline().simplified()),
                     qPrintable(sc.title + QStringLiteral(": ") + printed.left(400)));
        ++compared;
        withFinding += !app.findingId.isEmpty();
    }
    QVERIFY2(compared >= 10, qPrintable(QString::number(compared)));
    QVERIFY(withFinding >= 5);
}

// Issue 41's first class, for the surfaces this change renders: after another demo case and
// after Close all, the case verdict, Findings and the exported report describe the inputs open
// now, never the closed ones.
void TstUiTrust::answerFollowsTheInputs() {
    Workspace *ws = m_window->workspace();
    m_window->artifactsPanel()->nameEdit()->clear();
    const auto openCase = [&](const QString &prefix) {
        for (const InputsController::DemoScenario &sc : InputsController::demoScenarios())
            if (sc.title.startsWith(prefix)) {
                QSignalSpy changed(ws->inputs(), &InputsController::artifactsChanged);
                QVERIFY(ws->inputs()->openDemo(sc.number));
                QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 120000);
                waitIdle();
                return;
            }
        QFAIL(qPrintable(prefix));
    };
    const auto mentions = [&](const QString &name) {
        const CaseVerdict &v = ws->verification()->caseVerdict();
        bool inFindings = false;
        for (const Finding &f : ws->verification()->allFindings())
            for (const Evidence &e : f.evidence)
                inFindings = inFindings || e.source.contains(name);
        const QString md = markdownReport(ws->verification()->makeSession());
        return v.question.contains(name) || v.inputs.join(QLatin1Char(' ')).contains(name) ||
               inFindings || md.contains(name);
    };
    QStringList titles;
    for (const InputsController::DemoScenario &sc : InputsController::demoScenarios())
        titles << sc.title;
    openCase(titles.value(1).left(3)); // the second case
    const QStringList first = ws->inputs()->inputPaths();
    QVERIFY(!first.isEmpty());
    const QString firstName = QFileInfo(first.first()).fileName();
    QVERIFY2(mentions(firstName), qPrintable(firstName));
    openCase(titles.value(2).left(3)); // another one
    QVERIFY(!ws->inputs()->inputPaths().contains(first.first()));
    QVERIFY2(!mentions(firstName), qPrintable(firstName));
    ws->inputs()->closeAll();
    waitIdle();
    for (const QString &p : first)
        QVERIFY2(!mentions(QFileInfo(p).fileName()), qPrintable(p));
    QVERIFY(ws->verification()->caseVerdict().inputs.isEmpty());
}

// The structure: the window is built from the panel table alone, each panel from the
// controllers it shows.
void TstUiTrust::structureOfTheWindow() {
    QStringList names;
    for (const PanelSpec &spec : panelTable()) {
        names.append(QString::fromLatin1(spec.name));
        QVERIFY2(m_window->panel(QString::fromLatin1(spec.name)), spec.name);
    }
    QCOMPARE(MainWindow::panelNames(), names);
    QCOMPARE(m_window->findChildren<QDockWidget *>().size(), names.size() - 1);
}

// A log pasted into File > Paste log (the clipboard's text filled in) or dropped on the window as
// text is diagnosed with the open inputs and cited by its name; Close all drops it.
void TstUiTrust::pastedLogIsDiagnosed() {
    QFile report(hdtest::sourceDir() +
                 QStringLiteral("/tests/diagnosis/field/rocm-rocblas-1339.txt"));
    QVERIFY(report.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(report.readAll());
    QApplication::clipboard()->setText(text);
    QAction *paste = nullptr;
    for (QAction *a : m_window->findChildren<QAction *>())
        if (a->text().startsWith(QStringLiteral("Paste &log")))
            paste = a;
    QVERIFY(paste);
    QCOMPARE(paste->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    bool shown = false;
    QTimer::singleShot(0, this, [&] {
        QTRY_VERIFY(QApplication::activeModalWidget());
        QWidget *dialog = QApplication::activeModalWidget();
        auto *edit = dialog->findChild<QPlainTextEdit *>(QStringLiteral("pasteLogText"));
        QVERIFY(edit);
        shown = edit->toPlainText() == text;
        for (QPushButton *b : dialog->findChildren<QPushButton *>())
            if (b->text() == QStringLiteral("Diagnose"))
                b->click();
    });
    paste->trigger();
    QVERIFY(shown);
    Workspace *ws = m_window->workspace();
    QCOMPARE(ws->inputs()->pastedTexts().size(), 1);
    const QString name = ws->inputs()->pastedTexts().first().name;
    QTRY_VERIFY(ws->diagnosis()->isDiagnosing() || !ws->diagnosis()->findings().isEmpty());
    waitIdle();
    auto citing = [ws](const QString &source, const QString &id) {
        for (const Finding &f : ws->diagnosis()->findings())
            for (const Evidence &e : f.evidence)
                if (e.source == source && f.id == id)
                    return true;
        return false;
    };
    QVERIFY2(citing(name, QStringLiteral("arch.no-compatible-code-object")), qPrintable(name));

    // Text dropped on the window (from a terminal or a browser) is a second pasted log.
    QMimeData mime;
    mime.setText(QStringLiteral("vector_add_main: FAILED: cudaGetLastError() returned "
                                "cudaErrorNoKernelImageForDevice (209)\n"));
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window, &drop);
    QCOMPARE(ws->inputs()->pastedTexts().size(), 2);
    const QString second = ws->inputs()->pastedTexts().last().name;
    QVERIFY(second != name);
    QTRY_VERIFY(ws->diagnosis()->isDiagnosing() ||
                citing(second, QStringLiteral("arch.no-compatible-code-object")));
    waitIdle();
    QVERIFY(citing(second, QStringLiteral("arch.no-compatible-code-object")));

    ws->inputs()->closeAll();
    QVERIFY(ws->inputs()->pastedTexts().isEmpty());
    waitIdle();
    QVERIFY(!citing(name, QStringLiteral("arch.no-compatible-code-object")));
}

// The Coverage panel: folders scanned as hipdoctor-cli scan does, one verdict per device, the
// fixes said once; scanned again when the devices change. Real rocBLAS 7.2 Tensile files and
// the nvcc-built library of tests/fixtures.
void TstUiTrust::coverageOfInstalledLibraries() {
    Workspace *ws = m_window->workspace();
    QVERIFY(ws->targets()->addTarget(QStringLiteral("gfx1031")));
    QVERIFY(ws->targets()->addTarget(QStringLiteral("sm_90")));
    auto *panel = qobject_cast<CoveragePanel *>(m_window->panel(QStringLiteral("coverage")));
    QVERIFY(panel);
    QVERIFY(panel->summaryText().contains(QStringLiteral("Nothing scanned")));
    ws->targets()->scanLibraries({hdtest::fixture(QStringLiteral("rocblas")),
                                  hdtest::fixture(QStringLiteral("nvidia/pertarch"))});
    QTRY_VERIFY_WITH_TIMEOUT(!ws->targets()->isScanning(), 120000);
    CoverageModel *m = ws->targets()->coverage();
    QCOMPARE(m->rowCount(), 2);
    QCOMPARE(m->columnCount(), CoverageModel::FirstDevice + 2);
    QCOMPARE(m->headerData(CoverageModel::FirstDevice, Qt::Horizontal).toString(),
             QStringLiteral("gfx1031"));
    for (int row = 0; row < m->rowCount(); ++row) {
        const QString product = m->index(row, CoverageModel::Product).data().toString();
        const QString amd = m->index(row, CoverageModel::FirstDevice).data().toString();
        const QString nv = m->index(row, CoverageModel::FirstDevice + 1).data().toString();
        if (product == QLatin1String("rocBLAS")) {
            QCOMPARE(amd, QStringLiteral("NO (closest gfx1030)"));
            QCOMPARE(nv, QStringLiteral("NO"));
        } else {
            QCOMPARE(m->index(row, CoverageModel::Library).data().toString(),
                     QStringLiteral("libpertarch.so"));
            QCOMPARE(nv, QStringLiteral("yes")); // one fatbin fits; the other is sm_75-only
            QVERIFY(m->index(row, CoverageModel::FirstDevice + 1)
                        .data(Qt::ToolTipRole)
                        .toString()
                        .startsWith(QStringLiteral("1 of 2 fatbins")));
        }
    }
    QVERIFY2(
        panel->summaryText().contains(QStringLiteral("gfx1031: 0 with code for it, 2 without")),
        qPrintable(panel->summaryText()));
    const QString fixes = panel->fixesText();
    QCOMPARE(fixes.count(QStringLiteral("HSA_OVERRIDE_GFX_VERSION=10.3.0")), 1);
    // The exported report carries the same answer at its top (issue 40: the Coverage answer).
    const QString md = markdownReport(ws->verification()->makeSession());
    const qsizetype coverage = md.indexOf(QLatin1String("**Coverage:**"));
    QVERIFY2(coverage > 0 && coverage < md.indexOf(QLatin1String("## ")),
             qPrintable(md.left(2000)));
    QVERIFY(md.contains(QStringLiteral("gfx1031: 0 with code for it, 2 without.")));
    QCOMPARE(md.count(QStringLiteral("HSA_OVERRIDE_GFX_VERSION=10.3.0")), 1);
    // One device fewer: scanned again, one verdict column fewer.
    QSignalSpy scanned(ws->targets(), &TargetsController::coverageChanged);
    ws->targets()->removeDevice(0);
    QTRY_VERIFY_WITH_TIMEOUT(scanned.count() >= 1 && !ws->targets()->isScanning(), 120000);
    QCOMPARE(m->columnCount(), CoverageModel::FirstDevice + 1);
}

// Issue 41: two installs scanned one after the other are listed together, each row under its
// folder and named by its path there (a Tensile folder is "rocblas/5/library/", never
// "library"), with the fixes beside the table; while a scan runs the panel counts the files
// read; counts are in the app's English plurals; Clear empties the table.
void TstUiTrust::coverageKeepsSeveralFolders() {
    m_window->chooseLanguage(QStringLiteral("en")); // loads the app's English plural forms
    TargetsController *targets = m_window->workspace()->targets();
    QVERIFY(targets->addTarget(QStringLiteral("gfx1031")));
    auto *panel = qobject_cast<CoveragePanel *>(m_window->panel(QStringLiteral("coverage")));
    QVERIFY(panel);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString rocm = tmp.path() + QStringLiteral("/rocm-7.2/lib");
    const QString system = tmp.path() + QStringLiteral("/usr/lib");
    QVERIFY(hdtest::copyKernelFolder(rocm, QStringLiteral("rocblas/5/library")));
    QVERIFY(hdtest::copyKernelFolder(system, QStringLiteral("rocblas/library")));
    QVERIFY(QFile::copy(hdtest::fixture(QStringLiteral("nvidia/pertarch/libpertarch.so")),
                        system + QStringLiteral("/libpertarch.so")));
    QStringList progress; // what the panel said each time the scan moved
    QStringList summaries;
    connect(targets, &TargetsController::scanProgressChanged, panel,
            [&progress, &summaries, panel] {
                progress << panel->progressText();
                summaries << panel->summaryText();
            });

    targets->scanLibraries({rocm});
    QTRY_VERIFY_WITH_TIMEOUT(!targets->isScanning(), 120000);
    CoverageModel *m = targets->coverage();
    QCOMPARE(m->rowCount(), 1);
    QVERIFY2(panel->summaryText().contains(QStringLiteral("1 library with device code")),
             qPrintable(panel->summaryText()));
    QVERIFY2(progress.value(0).startsWith(QStringLiteral("Looking for libraries in ")),
             qPrintable(progress.join(QLatin1Char('|'))));
    QCOMPARE(panel->progressText(), QString());
    // While the first scan ran the panel did not say that nothing was scanned.
    QVERIFY(!summaries.isEmpty());
    for (const QString &s : std::as_const(summaries))
        QVERIFY2(!s.contains(QStringLiteral("Nothing scanned")), qPrintable(s));

    // The second folder joins the first: only it is read, and the table holds both.
    progress.clear();
    targets->scanLibraries({system});
    QTRY_VERIFY_WITH_TIMEOUT(!targets->isScanning(), 120000);
    // The library and the Tensile folder's files, each counted (scan.cpp readLibraries).
    const int files =
        1 + int(QDir(system + QStringLiteral("/rocblas/library")).entryList(QDir::Files).size());
    const QRegularExpression counted(
        QStringLiteral("^%1 of %1 files read$").arg(QString::number(files)));
    QVERIFY2(std::any_of(progress.cbegin(), progress.cend(),
                         [&counted](const QString &p) { return counted.match(p).hasMatch(); }),
             qPrintable(progress.join(QLatin1Char('|'))));
    QCOMPARE(targets->scannedPaths(), (QStringList{rocm, system}));
    QStringList rows;
    for (int row = 0; row < m->rowCount(); ++row) {
        rows << m->index(row, CoverageModel::Folder).data().toString() + QLatin1Char('|') +
                    m->index(row, CoverageModel::Library).data().toString();
        if (m->library(row).kind == QLatin1String("kernel-library")) {
            QCOMPARE(m->index(row, CoverageModel::Product).data().toString(),
                     QStringLiteral("rocBLAS"));
            QCOMPARE(m->index(row, CoverageModel::FirstDevice).data().toString(),
                     QStringLiteral("NO (closest gfx1030)"));
        }
    }
    QCOMPARE(rows, (QStringList{rocm + QStringLiteral("|rocblas/5/library/"),
                                system + QStringLiteral("|libpertarch.so"),
                                system + QStringLiteral("|rocblas/library/")}));
    const QString summary = panel->summaryText();
    QVERIFY2(summary.contains(rocm) && summary.contains(system), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("3 libraries with device code")), qPrintable(summary));
    // One rocBLAS fix for both kernel folders, each named by its path.
    const QString fixes = panel->fixesText();
    QVERIFY2(fixes.contains(QStringLiteral("rocblas/5/library/, rocblas/library/")),
             qPrintable(fixes));
    QVERIFY(!fixes.contains(QStringLiteral("(library")));
    // The fixes are beside the table, not under it.
    auto *split = panel->findChild<QSplitter *>(QStringLiteral("coverageSplit"));
    QVERIFY(split);
    QCOMPARE(split->orientation(), Qt::Horizontal);
    QCOMPARE(split->widget(0), static_cast<QWidget *>(panel->table()));
    QCOMPARE(split->widget(1)->objectName(), QStringLiteral("coverageFixes"));

    // Clear: nothing scanned, nothing listed.
    auto *clear = panel->findChild<QToolButton *>(QStringLiteral("coverageClear"));
    QVERIFY(clear && clear->isEnabled());
    clear->click();
    QCOMPARE(m->rowCount(), 0);
    QVERIFY(targets->scannedPaths().isEmpty());
    QVERIFY(panel->summaryText().contains(QStringLiteral("Nothing scanned")));
    QVERIFY(panel->fixesText().isEmpty());
    QVERIFY(!clear->isEnabled());
}

void TstUiTrust::cleanupTestCase() {
    delete m_window;
}

void TstUiTrust::init() {
    // Each case starts from an empty window: no inputs, names, devices or steps.
    Workspace *ws = m_window->workspace();
    ws->verification()->cancelVerification();
    ws->inputs()->closeAll();
    ws->verification()->setVerification({}, {});
    ws->targets()->clearDevices();
    ws->targets()->clearScans();
    m_window->artifactsPanel()->setRequestedName(QString());
    m_window->verifyPanel()->step2FileEdit()->clear();
    m_window->verifyPanel()->step2KernelEdit()->clear();
    m_window->walkthroughPanel()->setNote(QString());
    waitIdle();
}

void TstUiTrust::waitIdle() {
    Workspace *ws = m_window->workspace();
    QTRY_VERIFY_WITH_TIMEOUT(!ws->inputs()->isInspecting() && !ws->inputs()->isListingSymbols() &&
                                 !ws->diagnosis()->isDiagnosing() &&
                                 !ws->verification()->isVerifying() &&
                                 !m_window->artifactsPanel()->isExplaining(),
                             120000);
}

void TstUiTrust::open(const QStringList &paths) {
    QSignalSpy changed(m_window->workspace()->inputs(), &InputsController::artifactsChanged);
    m_window->openPaths(paths);
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 120000);
    waitIdle();
}

QPushButton *TstUiTrust::walkthroughActionButton() const {
    // The page's action button is the one with the run icon between "Show me" and "Next".
    for (QPushButton *b : m_window->walkthroughPanel()->findChildren<QPushButton *>())
        if (!b->icon().isNull())
            return b;
    return nullptr;
}

// Item 1: the user's own .co open and "vector_add" typed: "Run step 2" takes that file and
// that name, never the demo's s01_mangled.co / vecAdd.
void TstUiTrust::walkthroughStep2UsesYourInputs() {
    const QString mine = hdtest::kernelArtifact(QStringLiteral("vector_add_gfx1030.co"));
    open({mine});
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vector_add"));
    WalkthroughPanel *w = m_window->walkthroughPanel();
    w->setCurrentPage(6);
    QPushButton *run = walkthroughActionButton();
    QVERIFY(run && run->isVisible());
    QVERIFY(run->text().contains(QStringLiteral("2")));
    QTest::mouseClick(run, Qt::LeftButton);
    QCOMPARE(m_window->verifyPanel()->step2FileEdit()->text(), mine);
    QCOMPARE(m_window->verifyPanel()->step2KernelEdit()->text(), QStringLiteral("vector_add"));
    QVERIFY(m_window->workspace()->verification()->isVerifying());
    QCOMPARE(m_window->workspace()->verification()->verifyOptions().step2.file, mine);
    QVERIFY(!m_window->workspace()->verification()->verifyOptions().step2.file.contains(
        QLatin1String("s01_mangled")));
    m_window->workspace()->verification()->cancelVerification();
}

// Item 1: with the name missing, the page asks for it (and says where to type it) and
// nothing runs.
void TstUiTrust::walkthroughStep2AsksWhatIsMissing() {
    open({hdtest::kernelArtifact(QStringLiteral("vector_add_gfx1030.co"))});
    WalkthroughPanel *w = m_window->walkthroughPanel();
    w->setCurrentPage(6);
    QTest::mouseClick(walkthroughActionButton(), Qt::LeftButton);
    QVERIFY(!m_window->workspace()->verification()->isVerifying());
    QVERIFY2(w->currentText().contains(QStringLiteral("Name your code asks for")),
             qPrintable(w->currentText()));
    QVERIFY(m_window->verifyPanel()->step2KernelEdit()->text().isEmpty());
    // Nothing open at all: it asks for the file.
    m_window->workspace()->inputs()->closeAll();
    m_window->verifyPanel()->step2FileEdit()->clear();
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vector_add"));
    QTest::mouseClick(walkthroughActionButton(), Qt::LeftButton);
    QVERIFY(!m_window->workspace()->verification()->isVerifying());
    QVERIFY2(w->currentText().contains(QStringLiteral("Open files")), qPrintable(w->currentText()));
}

// Item 2: a gfx1030-only file and the right name, no device known: amber, asks which GPU and
// offers a target field; typed gfx90a, it says the device gets no code object.
void TstUiTrust::nameBoxAsksForYourGpu() {
    open({hdtest::kernelArtifact(QStringLiteral("vector_add_gfx1030.co"))});
    ArtifactsPanel *p = m_window->artifactsPanel();
    QVERIFY(m_window->workspace()->targets()->devices().isEmpty());
    p->setRequestedName(QStringLiteral("vector_add"));
    QTRY_VERIFY(!p->isExplaining());
    QVERIFY2(p->explanationText().contains(QStringLiteral("which GPU do you have?")),
             qPrintable(p->explanationText()));
    QVERIFY(p->explanationText().contains(QStringLiteral("rocminfo | grep gfx")));
    QVERIFY(!p->explanationText().contains(QStringLiteral("finds it")));
    QVERIFY(p->nameTargetEdit()->isVisible());
    QTest::keyClicks(p->nameTargetEdit(), QStringLiteral("gfx90a:sramecc+:xnack-"));
    QTest::keyClick(p->nameTargetEdit(), Qt::Key_Return);
    QTRY_VERIFY(p->explanationText().contains(QStringLiteral("gets no code object")));
    QVERIFY(p->explanationText().contains(QStringLiteral("hipErrorNoBinaryForGpu")));
    QVERIFY(!p->nameTargetEdit()->isVisible());
    // The walkthrough's device page asks for the user's target instead of offering one.
    m_window->walkthroughPanel()->setCurrentPage(4);
    QPushButton *b = walkthroughActionButton();
    QVERIFY(!b->text().contains(QStringLiteral("gfx")));
    QTest::mouseClick(b, Qt::LeftButton);
    QTRY_COMPARE(QApplication::focusWidget(), m_window->devicesPanel()->targetEdit());
}

// A name typed in the box is the user's question (issue 40: one answer): once the typing
// settles the diagnosis answers it too, so Findings, the verdict line and the report say what
// the name box says. "Add to findings" keeps the name when another is typed.
void TstUiTrust::typedNameIsAQuestion() {
    open({hdtest::kernelArtifact(QStringLiteral("ui/libname_cases.so"))});
    Workspace *ws = m_window->workspace();
    ArtifactsPanel *p = m_window->artifactsPanel();
    QTest::keyClicks(p->nameEdit(), QStringLiteral("scale"));
    QTRY_VERIFY(p->explanationText().contains(QStringLiteral("_Z5scalePffi")));
    waitIdle();
    QTRY_VERIFY_WITH_TIMEOUT(
        !findingsWithId(ws->verification()->allFindings(), QStringLiteral("symbol.mangled-name"))
             .isEmpty(),
        60000);
    QCOMPARE(ws->verification()->caseVerdict().findingId, QStringLiteral("symbol.mangled-name"));
    QVERIFY(!findingsWithId(ws->verification()->makeSession().findings,
                            QStringLiteral("symbol.mangled-name"))
                 .isEmpty());
    QVERIFY(p->keepNameButton()->isVisible() && p->keepNameButton()->isEnabled());
    QTest::mouseClick(p->keepNameButton(), Qt::LeftButton);
    QVERIFY(!p->keepNameButton()->isEnabled());
    // Another name typed: the kept one is still asked about.
    p->nameEdit()->clear();
    QTest::keyClicks(p->nameEdit(), QStringLiteral("no_such_kernel_here"));
    waitIdle();
    QTRY_VERIFY_WITH_TIMEOUT(!ws->diagnosis()->isDiagnosing(), 60000);
    QVERIFY(
        !findingsWithId(ws->verification()->allFindings(), QStringLiteral("symbol.mangled-name"))
             .isEmpty());
    // One finding per cause: no two shown findings share the de-duplication key.
    QSet<QString> keys;
    for (const Finding &f : ws->verification()->allFindings()) {
        QVERIFY2(!keys.contains(f.key()), qPrintable(f.id));
        keys.insert(f.key());
    }
}

// Item 5: the verdict has one place, the Comparison line; the status bar and the panel's
// progress line do not repeat it.
void TstUiTrust::verdictShownOnce() {
    VerifyPanel *v = m_window->verifyPanel();
    auto *command = v->findChild<QLineEdit *>(QStringLiteral("step3Command"));
    command->setText(QStringLiteral("true"));
    QTest::mouseClick(v->card(3)->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->workspace()->verification()->isVerifying(), 60000);
    const QString verdict = m_window->workspace()->verification()->comparison().verdict.english();
    QVERIFY(!verdict.isEmpty());
    QVERIFY(v->comparisonText().contains(verdict.left(40).toHtmlEscaped()));
    int shown = 0;
    for (QLabel *l : m_window->findChildren<QLabel *>())
        shown += l->isVisible() && l->text().contains(verdict.left(40).toHtmlEscaped());
    QCOMPARE(shown, 1);
    command->clear();
}

// Item 6: step 1 failed for want of a device (as here, without a GPU); step 3 run from its
// card fails with Triton and passes without: the comparison says so and the finding shows.
void TstUiTrust::step3ShownWithoutDevice() {
    QTemporaryDir dir;
    const QString script = dir.filePath(QStringLiteral("train.sh"));
    QFile f(script);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\nif [ \"$USE_TRITON\" = 0 ]; then exit 0; fi\n"
            "echo 'RuntimeError: HIP error: hipErrorInvalidDeviceFunction' >&2; exit 1\n");
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    // Step 1 as a machine without a GPU records it.
    StepRecord s1;
    s1.step = 1;
    s1.status = CheckStatus::Fail;
    s1.summary = QStringLiteral("the runtime loads but sees no GPU");
    Finding noDevice;
    noDevice.id = QStringLiteral("runtime.no-device");
    noDevice.severity = Severity::Error;
    noDevice.title = QStringLiteral("The runtime loads but sees no GPU");
    s1.findings = {noDevice};
    Workspace *ws = m_window->workspace();
    ws->verification()->setVerification({s1}, compareSteps({s1}));
    VerifyPanel *v = m_window->verifyPanel();
    v->findChild<QLineEdit *>(QStringLiteral("step3Command"))->setText(script);
    v->findChild<QLineEdit *>(QStringLiteral("step3Switch"))
        ->setText(QStringLiteral("USE_TRITON=0"));
    QTest::mouseClick(v->card(3)->runButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!ws->verification()->isVerifying() && ws->verification()->step(3),
                             60000);
    QVERIFY(
        !findingsWithId(ws->verification()->allFindings(), QStringLiteral("verify.baseline-failed"))
             .isEmpty());
    QVERIFY2(
        !findingsWithId(ws->verification()->allFindings(), QStringLiteral("context.triton-state"))
             .isEmpty(),
        qPrintable(ws->verification()->comparison().verdict + QLatin1Char('|') +
                   ws->verification()->comparison().basis.join(QLatin1Char('|'))));
    QVERIFY2(v->comparisonText().contains(QStringLiteral("USE_TRITON=0")),
             qPrintable(v->comparisonText()));
    v->findChild<QLineEdit *>(QStringLiteral("step3Command"))->clear();
    v->findChild<QLineEdit *>(QStringLiteral("step3Switch"))->clear();
}

// Item 7: no window shortcut is a key a text field takes for itself (X11: Ctrl+E end of line,
// Ctrl+K delete to the end of the line, ...); pressed in a text field, the window gets it.
void TstUiTrust::shortcutsReachTheWindowFromTextFields() {
    const QList<QKeySequence::StandardKey> editing = {
        QKeySequence::Copy,
        QKeySequence::Cut,
        QKeySequence::Paste,
        QKeySequence::Undo,
        QKeySequence::Redo,
        QKeySequence::SelectAll,
        QKeySequence::Deselect,
        QKeySequence::Delete,
        QKeySequence::Backspace,
        QKeySequence::DeleteStartOfWord,
        QKeySequence::DeleteEndOfWord,
        QKeySequence::DeleteEndOfLine,
        QKeySequence::DeleteCompleteLine,
        QKeySequence::MoveToNextChar,
        QKeySequence::MoveToPreviousChar,
        QKeySequence::MoveToNextWord,
        QKeySequence::MoveToPreviousWord,
        QKeySequence::MoveToStartOfLine,
        QKeySequence::MoveToEndOfLine,
        QKeySequence::MoveToStartOfBlock,
        QKeySequence::MoveToEndOfBlock,
        QKeySequence::MoveToStartOfDocument,
        QKeySequence::MoveToEndOfDocument,
        QKeySequence::SelectNextChar,
        QKeySequence::SelectPreviousChar,
        QKeySequence::SelectNextWord,
        QKeySequence::SelectPreviousWord,
        QKeySequence::SelectStartOfLine,
        QKeySequence::SelectEndOfLine,
        QKeySequence::SelectStartOfBlock,
        QKeySequence::SelectEndOfBlock,
        QKeySequence::SelectStartOfDocument,
        QKeySequence::SelectEndOfDocument,
    };
    QSet<QString> taken;
    for (QKeySequence::StandardKey k : editing)
        for (const QKeySequence &s : QKeySequence::keyBindings(k))
            taken.insert(s.toString());
    QVERIFY(taken.contains(QKeySequence(Qt::CTRL | Qt::Key_C).toString()));
    int shortcuts = 0;
    for (QAction *a : m_window->findChildren<QAction *>()) {
        for (const QKeySequence &s : a->shortcuts()) {
            ++shortcuts;
            QVERIFY2(!taken.contains(s.toString()),
                     qPrintable(QStringLiteral("%1: %2").arg(a->text(), s.toString())));
        }
    }
    QVERIFY(shortcuts >= 10);
    // The name box's shortcut pressed in step 3's command field: focus moves, the field keeps
    // its text.
    auto *command = m_window->verifyPanel()->findChild<QLineEdit *>(QStringLiteral("step3Command"));
    m_window->raisePanel(QStringLiteral("verification"));
    command->setText(QStringLiteral("python train.py"));
    command->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), command);
    QAction *export_ = nullptr;
    QAction *focusName = nullptr;
    for (QAction *a : m_window->findChildren<QAction *>()) {
        if (a->text().contains(QStringLiteral("Export report")))
            export_ = a;
        if (a->text() == QStringLiteral("Name your code asks for"))
            focusName = a;
    }
    QVERIFY(export_ && focusName);
    QTest::keySequence(m_window->windowHandle(), focusName->shortcut());
    QTRY_COMPARE(QApplication::focusWidget(), m_window->artifactsPanel()->nameEdit());
    QCOMPARE(command->text(), QStringLiteral("python train.py"));
    // Export's shortcut is not overridden by a focused text field (it opens a dialog, so the
    // override is asked for, as Qt does before dispatching a shortcut).
    command->setFocus();
    const QKeySequence ex = export_->shortcut();
    QKeyEvent override(QEvent::ShortcutOverride, ex[0].key(), ex[0].keyboardModifiers());
    QApplication::sendEvent(command, &override);
    QVERIFY(!override.isAccepted());
    command->clear();
}

// Item 3: a first start never opens wider or taller than the screen.
void TstUiTrust::firstStartFitsTheScreen() {
    MainWindow fresh;
    const QRect avail = fresh.screen()->availableGeometry();
    QVERIFY2(fresh.width() <= avail.width() && fresh.height() <= avail.height(),
             qPrintable(QStringLiteral("%1x%2 on %3x%4")
                            .arg(fresh.width())
                            .arg(fresh.height())
                            .arg(avail.width())
                            .arg(avail.height())));
    fresh.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fresh));
    QTest::qWait(100);
    QVERIFY(fresh.width() <= avail.width());
}

// Item 3: a geometry saved on a bigger screen (or while the window was too wide) comes back
// within this screen.
void TstUiTrust::savedGeometryBroughtBackOnScreen() {
    QByteArray saved;
    {
        MainWindow big;
        big.setGeometry(3000, 2000, 2597, 1400);
        saved = big.saveGeometry();
    }
    QSettings().setValue(QStringLiteral("window/geometry"), saved);
    MainWindow restored;
    restored.restoreLayout();
    const QRect avail = restored.screen()->availableGeometry();
    QVERIFY2(avail.contains(restored.geometry()), qPrintable(QStringLiteral("%1,%2 %3x%4")
                                                                 .arg(restored.x())
                                                                 .arg(restored.y())
                                                                 .arg(restored.width())
                                                                 .arg(restored.height())));
    QSettings().remove(QStringLiteral("window/geometry"));
}

// Item 10: --help and --version over ssh, with no display at all.
void TstUiTrust::helpAndVersionWithoutDisplay() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QLatin1String(v));
    for (const QString &arg : {QStringLiteral("--help"), QStringLiteral("--version")}) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(hdtest::binary(QStringLiteral("hipdoctor")), {arg});
        QVERIFY(p.waitForFinished(60000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 0, qPrintable(arg + QLatin1Char(' ') + p.readAllStandardError()));
        if (arg == QLatin1String("--help"))
            QVERIFY2(out.contains(QStringLiteral("--screenshot")) &&
                         out.contains(QStringLiteral("--kernel")),
                     qPrintable(out));
        else
            QVERIFY2(out.startsWith(QStringLiteral("hipdoctor")), qPrintable(out));
    }
}

// Item 10: the file dialog narrows to artifacts, logs and sessions, and keeps "All files" for
// executables without a suffix.
void TstUiTrust::fileDialogFilters() {
    const QStringList filters =
        MainWindow::artifactFileFilters().split(QStringLiteral(";;"), Qt::SkipEmptyParts);
    QVERIFY(filters.size() >= 3);
    QVERIFY(filters.first().contains(QStringLiteral("*.hsaco")));
    QVERIFY(filters.first().contains(QStringLiteral("*.co")));
    QVERIFY(filters.first().contains(QStringLiteral("*.so")));
    QVERIFY(filters.join(QLatin1Char(' ')).contains(QStringLiteral("*.log")));
    QVERIFY(filters.last().contains(QStringLiteral("(*)")));
}

// Item 10: a library of several bundles (two HIP sources linked, as librocsparse's 111) shows
// one row per target holding the bundles' code objects, and the Target column shows a full
// target id.
void TstUiTrust::treeGroupedByTarget() {
    open({hdtest::kernelArtifact(QStringLiteral("ui/libtwo_bundles.so"))});
    ArtifactTreeModel *tree = m_window->workspace()->inputs()->tree();
    QCOMPARE(tree->rowCount(), 1);
    const ArtifactReport &rep = m_window->workspace()->inputs()->artifacts().first();
    QVERIFY2(rep.bundles.size() >= 2, "the library should hold two bundles");
    const QModelIndex file = tree->index(0, 0);
    QStringList targets;
    for (int r = 0; r < tree->rowCount(file); ++r) {
        const QModelIndex g = tree->index(r, 0, file);
        if (tree->node(g)->type != ArtifactTreeModel::NodeType::TargetGroup)
            continue;
        targets.append(g.data().toString());
        // Each bundle's code object for this target sits under it, with its kernels.
        QCOMPARE(tree->rowCount(g), int(rep.bundles.size()));
        QVERIFY(tree->index(0, 0, g).data().toString().startsWith(QLatin1String(".hip_fatbin")));
        QVERIFY(tree->rowCount(tree->index(0, 0, g)) >= 1);
    }
    QCOMPARE(targets.size(), 2);
    QVERIFY(targets.contains(QStringLiteral("gfx90a")) || targets.first().startsWith("gfx90a"));
    QTreeView *view = m_window->artifactsPanel()->treeView();
    QVERIFY(view->columnWidth(ArtifactTreeModel::Target) >=
            view->fontMetrics().horizontalAdvance(QStringLiteral("gfx90a:sramecc+:xnack-")));
}

// Item 10: the unsorted symbol table lists kernels first and the host ELF's symbols last.
void TstUiTrust::symbolTableOpensOnKernels() {
    open({hdtest::kernelArtifact(QStringLiteral("libvector_add.so"))});
    QAbstractItemModel *view = m_window->artifactsPanel()->symbolView()->model();
    SymbolFilterProxy *proxy = m_window->workspace()->inputs()->symbolProxy();
    QCOMPARE(proxy->sortColumn(), -1);
    QVERIFY(view->rowCount() > 3);
    QCOMPARE(view->index(0, SymbolTableModel::Kind).data().toString(),
             SymbolTableModel::kindText(SymbolRow{.kind = SymbolKind::Kernel}));
    int tier = 0; // 0 kernels, 1 other device symbols, 2 host
    int hostRows = 0;
    for (int r = 0; r < view->rowCount(); ++r) {
        const SymbolRow &row = m_window->workspace()->inputs()->symbols()->row(
            proxy->mapToSource(view->index(r, 0)).row());
        const int t = row.host ? 2 : (row.kind == SymbolKind::Kernel && !row.undefined ? 0 : 1);
        QVERIFY2(t >= tier, qPrintable(row.name()));
        tier = t;
        hostRows += row.host;
    }
    QVERIFY(hostRows > 0);
}

// Item 9 (the app's own texts): in zh_CN the name box's question and the walkthrough's
// request are Chinese, not English left over.
void TstUiTrust::newTextsInChinese() {
    open({hdtest::kernelArtifact(QStringLiteral("vector_add_gfx1030.co"))});
    m_window->chooseLanguage(QStringLiteral("zh_CN"));
    ArtifactsPanel *p = m_window->artifactsPanel();
    p->setRequestedName(QStringLiteral("vector_add"));
    QTRY_VERIFY2(p->explanationText().contains(QStringLiteral("你的 GPU")),
                 qPrintable(p->explanationText()));
    QVERIFY(!p->explanationText().contains(QStringLiteral("which GPU")));
    // The window sets its built-once texts again on a queued call (MainWindow::changeEvent);
    // the name's explanation can be in before it.
    QTRY_COMPARE(p->keepNameButton()->text(), QStringLiteral("加入发现"));
    p->setRequestedName(QString());
    WalkthroughPanel *w = m_window->walkthroughPanel();
    w->setCurrentPage(6);
    QTest::mouseClick(walkthroughActionButton(), Qt::LeftButton);
    QVERIFY2(w->currentText().contains(QStringLiteral("需要先提供")), qPrintable(w->currentText()));
    QVERIFY(!w->currentText().contains(QStringLiteral("Step 2 needs")));
    m_window->chooseLanguage(QStringLiteral("en"));
    QTRY_VERIFY(p->keepNameButton()->text() == QStringLiteral("Add to findings"));
}

// Item 8: the inspector reports per bundle (with the report so far) and honours Cancel from
// the callback; the window's status line names the file and the bundle, and the tree shows the
// bundles before the code objects are decoded.
void TstUiTrust::inspectionProgress() {
    const QString lib = hdtest::kernelArtifact(QStringLiteral("ui/libtwo_bundles.so"));
    QList<InspectProgress> calls;
    QList<int> partialBundles;
    InspectOptions options;
    options.progress = [&](const InspectProgress &p) {
        calls.append(p);
        QVERIFY(p.partial);
        partialBundles.append(int(p.partial->bundles.size()));
    };
    const ArtifactReport full = inspectFile(lib, options);
    QVERIFY(!calls.isEmpty());
    const InspectProgress &last = calls.last();
    QCOMPARE(last.bundlesExpected, 2);
    QCOMPARE(last.bundlesRead, 2);
    QCOMPARE(last.bundlesDone, 2);
    QCOMPARE(last.codeObjectsDone, last.codeObjectsQueued);
    QCOMPARE(last.codeObjectsQueued, int(full.codeObjects.size()));
    for (int i = 0; i < calls.size(); ++i) {
        QCOMPARE(partialBundles[i], calls[i].bundlesRead);
        QVERIFY(calls[i].bundlesDone <= calls[i].bundlesRead);
        if (i > 0)
            QVERIFY(calls[i].bundlesDone >= calls[i - 1].bundlesDone);
    }
    // Cancel pressed while the first bundle is reported: the second one is not read.
    std::atomic_bool cancel = false;
    InspectOptions cancelling;
    cancelling.cancel = &cancel;
    cancelling.progress = [&](const InspectProgress &p) {
        if (p.bundlesRead >= 1)
            cancel = true;
    };
    const ArtifactReport cut = inspectFile(lib, cancelling);
    QCOMPARE(cut.bundles.size(), 1);

    InspectSnapshot snap;
    snap.file = lib;
    snap.counts.bundlesDone = 37;
    snap.counts.bundlesExpected = 111;
    QCOMPARE(inspectProgressText(snap),
             QStringLiteral("Inspecting libtwo_bundles.so: bundle 37 of 111"));

    // In the window: the inspection's own line in the status bar, bundle by bundle.
    QSignalSpy progress(m_window->workspace(), &Workspace::progress);
    open({lib});
    QStringList messages;
    for (const QList<QVariant> &args : progress)
        if (args[0].toString() == QLatin1String("inspect"))
            messages.append(args[3].toString());
    QVERIFY2(messages.contains(QStringLiteral("Inspecting libtwo_bundles.so: bundle 2 of 2")),
             qPrintable(messages.join(QLatin1Char('|'))));
}

static bool hasChinese(const QString &text) {
    return std::any_of(text.cbegin(), text.cend(),
                       [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

// Item 9 (the engine's texts): in zh_CN no finding the app shows is English-only: its title
// (the findings list), its explanation (tooltip and detail pane) and its fix, for every id of
// the catalog and for the findings the demo's failure cases really produce, and the verdict of
// steps really run here (no GPU).
void TstUiTrust::findingsAndVerdictInChinese() {
    const QString demo = InputsController::demoDirectory();
    QVERIFY(!demo.isEmpty());
    open({demo});
    Workspace *ws = m_window->workspace();
    VerifyPanel *v = m_window->verifyPanel();
    auto *command = v->findChild<QLineEdit *>(QStringLiteral("step3Command"));
    command->setText(QStringLiteral("sh -c 'exit 1'"));
    ws->verification()->runSteps({1, 3});
    QTRY_VERIFY_WITH_TIMEOUT(!ws->verification()->isVerifying(), 120000);
    waitIdle();
    QVERIFY(!ws->verification()->comparison().verdict.isEmpty());
    m_window->chooseLanguage(QStringLiteral("zh_CN"));

    for (const FindingKind &k : findingCatalog()) {
        Finding f = makeFinding(QString::fromLatin1(k.id),
                                QStringLiteral("kernel vecAdd not found in a.co"),
                                QStringLiteral("looked in 2 code objects"));
        f.fix << QStringLiteral("Rebuild with --offload-arch=gfx90a");
        const FindingsModel::Shown s = FindingsModel::shown(f);
        QVERIFY2(hasChinese(s.title), k.id);
        QVERIFY2(hasChinese(s.explanation), k.id);
        QVERIFY2(hasChinese(FindingsModel::fixText(f)), k.id);
        // The case's own names and commands are still there.
        QVERIFY2(s.explanation.contains(QStringLiteral("vecAdd")), k.id);
        QVERIFY2(s.fix.contains(QStringLiteral("Rebuild with --offload-arch=gfx90a")), k.id);
    }

    FindingsModel *m = ws->verification()->findings();
    int checked = 0;
    for (int g = 0; g < m->rowCount(); ++g) {
        const QModelIndex group = m->index(g, 0);
        QVERIFY(hasChinese(m->data(group).toString()));
        for (int r = 0; r < m->rowCount(group); ++r) {
            const QModelIndex i = m->index(r, FindingsModel::Title, group);
            const Finding *f = m->findingAt(i);
            QVERIFY(f);
            QVERIFY2(hasChinese(m->data(i).toString()), qPrintable(f->id));
            QVERIFY2(hasChinese(m->data(i, Qt::ToolTipRole).toString()), qPrintable(f->id));
            QVERIFY2(hasChinese(FindingsModel::fixText(*f)), qPrintable(f->id));
            ++checked;
        }
    }
    QVERIFY2(checked >= 3, qPrintable(QString::number(checked)));
    QTRY_VERIFY2(hasChinese(v->comparisonText()), qPrintable(v->comparisonText()));
    // The engine's English paragraph stays at hand (as the exported report has it).
    QLabel *verdict = nullptr;
    for (QLabel *l : v->findChildren<QLabel *>())
        if (l->text() == v->comparisonText())
            verdict = l;
    QVERIFY(verdict);
    QVERIFY(verdict->toolTip().contains(ws->verification()->comparison().verdict.english()));
    // The verdict itself is shown translated, not quoted in English.
    QVERIFY2(!v->comparisonText().contains(
                 ws->verification()->comparison().verdict.left(40).toHtmlEscaped()),
             qPrintable(v->comparisonText()));
    // The steps' check titles as the cards show them (the checks' tooltips can quote what a
    // child process printed, such as hipdoctor-probe's own report, which stays as written).
    int titles = 0;
    for (int step : {1, 2, 3}) {
        const StepRecord *rec = ws->verification()->step(step);
        if (!rec || rec->checks.isEmpty())
            continue;
        QTreeWidget *checks = v->card(step)->checks();
        QTRY_COMPARE(checks->topLevelItemCount(), int(rec->checks.size()));
        for (int i = 0; i < checks->topLevelItemCount(); ++i, ++titles)
            QVERIFY2(hasChinese(checks->topLevelItem(i)->text(0)),
                     qPrintable(checks->topLevelItem(i)->text(0)));
    }
    QVERIFY(titles > 0);
    m_window->chooseLanguage(QStringLiteral("en"));
    QTRY_VERIFY(!hasChinese(v->comparisonText()));
    command->clear();
}

// True for a line a Chinese reader would have to read as English: no CJK character and more
// than a few English words once what stays as written is taken out (`code`, "quoted" error
// texts, paths, options, identifiers, numbers).
static bool englishOnly(const QString &line) {
    if (hasCjk(line))
        return false;
    static const QRegularExpression kept(QStringLiteral(
        "`[^`]*`|\"[^\"]*\"|'[^']*'|\\S*[/_=.:<>()\\[\\]{}@$*#0-9-]\\S*|\\b[A-Z][A-Z0-9]+\\b"));
    QString rest = line;
    rest.replace(kept, QStringLiteral(" "));
    static const QRegularExpression word(QStringLiteral("\\b[A-Za-z]{2,}\\b"));
    qsizetype words = 0;
    for (auto it = word.globalMatch(rest); it.hasNext(); it.next())
        ++words;
    return words > 3;
}

// The findings of the demo's scenarios (`hipdoctor-cli demo` prints the command of each) and of
// the field corpus' reports (tests/diagnosis/field, diagnosed as tst_field_corpus does).
QList<std::pair<QString, Diagnosis>> diagnosisCases() {
    QList<std::pair<QString, Diagnosis>> cases;
    QProcess demo;
    demo.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), {QStringLiteral("demo")});
    if (!demo.waitForFinished(300000))
        return cases;
    const QString demoOut = QString::fromUtf8(demo.readAllStandardOutput());
    for (const QString &line : demoOut.split(QLatin1Char('\n'))) {
        if (!line.trimmed().startsWith(QLatin1String("command:")))
            continue;
        const QStringList argv = shellSplit(line.section(QLatin1String("command:"), 1).trimmed());
        DiagnoseRequest req;
        for (int i = 2; i < argv.size(); ++i) {
            if (argv[i] == QLatin1String("--kernel"))
                req.kernels << argv.value(++i);
            else if (argv[i] == QLatin1String("--target"))
                req.targets << argv.value(++i);
            else
                req.inputs << argv[i];
        }
        cases.append({line.trimmed(), diagnose(req)});
    }
    const QDir field(hdtest::sourceDir() + QStringLiteral("/tests/diagnosis/field"));
    for (const QString &t : field.entryList({QStringLiteral("*.txt")}, QDir::Files)) {
        // Reports are the .txt files with a sidecar; the split's source lists are not reports.
        QFile side(field.filePath(QFileInfo(t).completeBaseName() + QStringLiteral(".json")));
        if (!side.exists())
            continue;
        if (!side.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(side.readAll()).object();
        DiagnoseRequest req;
        const QJsonObject env = o.value(QStringLiteral("env")).toObject();
        for (auto it = env.begin(); it != env.end(); ++it)
            req.env.append({it.key(), it.value().toString()});
        req.inputs = req.textInputs = {field.filePath(t)};
        for (const QJsonValue &v : o.value(QStringLiteral("targets")).toArray())
            req.targets << v.toString();
        req.runtimeLibraries = {QStringLiteral("/nonexistent/libamdhip64.so")};
        cases.append({t, diagnose(req)});
    }
    return cases;
}

// The findings of the demo's scenarios (`hipdoctor-cli demo` prints the command of each) and of
// the field corpus' reports (tests/diagnosis/field, diagnosed as tst_field_corpus does), each
// shown in zh_CN as the findings list, the detail pane and the fix show it: no line of a title,
// explanation or fix is English-only; the names the engine found stay in it.
void TstUiTrust::engineTextsInChinese() {
    const QList<std::pair<QString, Diagnosis>> cases = diagnosisCases();
    QVERIFY(cases.size() >= 17 + 40);

    m_window->chooseLanguage(QStringLiteral("zh_CN"));
    QStringList english;
    int findings = 0, lines = 0;
    for (const auto &[name, d] : cases) {
        for (const Finding &f : d.findings) {
            ++findings;
            const FindingsModel::Shown s = FindingsModel::shown(f);
            QStringList shown{s.title};
            shown += s.explanation.split(QLatin1Char('\n'));
            shown += s.fix;
            if (!s.severity.isEmpty())
                shown << s.severity;
            for (const QString &l : std::as_const(shown)) {
                ++lines;
                if (englishOnly(l))
                    english << QStringLiteral("%1 [%2]: %3").arg(name, f.id, l);
            }
            // The case's names survive the translation.
            const QRegularExpression kernel(QStringLiteral("^No kernel named (\\S+) in"));
            const QRegularExpressionMatch m = kernel.match(f.title.english());
            if (m.hasMatch())
                QVERIFY2(s.title.contains(m.captured(1)), qPrintable(s.title));
        }
    }
    m_window->chooseLanguage(QStringLiteral("en"));
    english.removeDuplicates();
    for (const QString &e : std::as_const(english))
        qWarning("English-only: %s", qPrintable(e));
    QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("%1 English-only line(s):\n%2")
                                               .arg(english.size())
                                               .arg(english.join(QLatin1Char('\n')))));
    QVERIFY2(findings >= 60, qPrintable(QString::number(findings)));
    qInfo("%d findings of %d cases, %d lines shown in zh_CN: none English-only", findings,
          int(cases.size()), lines);
}

// Every finding of the demo and the field corpus whose severity is not its id's catalog
// severity says why (docs/findings.md, "Severity"), and the Findings detail shows that line
// ("Severity: warning — ..."); a finding with its catalog severity shows none. The control: a
// severity changed without a reason is caught.
void TstUiTrust::severityChangesSayWhy() {
    const QList<std::pair<QString, Diagnosis>> cases = diagnosisCases();
    QVERIFY(cases.size() >= 17 + 40);
    m_window->chooseLanguage(QStringLiteral("en"));
    QStringList unexplained;
    int changed = 0;
    for (const auto &[name, d] : cases) {
        for (const Finding &f : d.findings) {
            if (!severityExplained(f))
                unexplained << QStringLiteral("%1 [%2]: %3, catalog %4")
                                   .arg(name, f.id, severityName(f.severity),
                                        severityName(catalogSeverity(f.id)));
            const QString line = FindingsModel::shown(f).severity;
            if (f.severityReason.isEmpty()) {
                QVERIFY2(line.isEmpty(), qPrintable(line));
                continue;
            }
            ++changed;
            QCOMPARE(line,
                     QStringLiteral("Severity: %1 — %2")
                         .arg(FindingsModel::severityText(f.severity), f.severityReason.english()));
        }
    }
    QVERIFY2(unexplained.isEmpty(), qPrintable(unexplained.join(QLatin1Char('\n'))));
    QVERIFY2(changed >= 3, qPrintable(QString::number(changed)));
    qInfo("%d findings of %d cases with another severity than their id's, each with its reason",
          changed, int(cases.size()));

    Finding silent = makeFinding(QStringLiteral("bundle.compressed"), QStringLiteral("t"));
    silent.severity = Severity::Warning;
    QVERIFY(!severityExplained(silent));
    QVERIFY(FindingsModel::shown(silent).severity.isEmpty());
}

// The engine's sentences that name a CLI option ("pass --target", "`hipdoctor-cli inspect
// FILE`") are shown in the app's words (resources/translations/hipdoctor_app_en.ts), through the
// sentence's key, never by matching the finished English: on the demo's and the field corpus'
// findings no shown line holds such a sentence, while the CLI's English still does.
void TstUiTrust::appWordsForCliOptions() {
    QFile ts(hdtest::sourceDir() + QStringLiteral("/resources/translations/hipdoctor_app_en.ts"));
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QList<std::pair<QString, QString>> words; // (the CLI's English, the app's)
    QXmlStreamReader xml(&ts);
    QString source;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation") &&
                 !source.contains(QLatin1String("%n"))) // plural forms: not a CLI sentence
            words.append({source, xml.readElementText()});
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(words.size() >= 20);

    const QList<std::pair<QString, Diagnosis>> cases = diagnosisCases();
    QVERIFY(cases.size() >= 17 + 40);
    m_window->chooseLanguage(QStringLiteral("en"));
    QStringList cliWordsShown;
    QSet<int> reached;
    for (const auto &[name, d] : cases) {
        for (const Finding &f : d.findings) {
            const FindingsModel::Shown s = FindingsModel::shown(f);
            QStringList shown{s.title, s.explanation};
            shown += s.fix;
            QString english = f.title.english() + f.detail.english() + f.fix.join(QString());
            for (const Evidence &e : f.evidence) {
                shown << shownEngineText(e.text);
                english += e.text.english();
            }
            for (int i = 0; i < words.size(); ++i) {
                const auto &[cli, app] = words[i];
                for (const QString &line : std::as_const(shown))
                    if (line.contains(cli))
                        cliWordsShown << QStringLiteral("%1 [%2]: %3").arg(name, f.id, cli);
                if (english.contains(cli) &&
                    std::any_of(shown.cbegin(), shown.cend(),
                                [&](const QString &l) { return l.contains(app); }))
                    reached.insert(i);
            }
        }
    }
    cliWordsShown.removeDuplicates();
    QVERIFY2(cliWordsShown.isEmpty(), qPrintable(QStringLiteral("shown in the CLI's words:\n") +
                                                 cliWordsShown.join(QLatin1Char('\n'))));
    QVERIFY2(reached.size() >= 5, qPrintable(QString::number(reached.size())));
    qInfo("%d of %d CLI-option sentences met in %d cases: each shown in the app's words, the "
          "CLI's English kept",
          int(reached.size()), int(words.size()), int(cases.size()));
}

QTEST_MAIN(TstUiTrust)
#include "tst_ui_trust.moc"
