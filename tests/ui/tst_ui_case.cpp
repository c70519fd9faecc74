// Issue 41, items 1, 2 and 8: the app holds one case (ui/controllers/case.h). Results belong to
// the inputs they were computed from: after another demo case, Close all or New case nothing of
// the old inputs is shown as current (the verdict line, Findings, the exported report); a step
// whose inputs changed is marked stale and left out of the answer. A session — the CLI's or the
// app's — reopens the whole case: its files in the tree, its names in the name box, its pasted
// texts, its findings in the user's language.
#include "test_window.h"
#include "testpaths.h"

#include "controllers/workspace.h"
#include "models/coverage_model.h"
#include "models/env_table_model.h"
#include "models/findings_model.h"
#include "widgets/artifacts_panel.h"
#include "widgets/coverage_panel.h"
#include "widgets/main_window.h"
#include "widgets/verify_panel.h"

#include "model/session.h"
#include "report/report.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace hd;
using namespace hd::ui;

namespace {

bool hasCjk(const QString &s) {
    return std::any_of(s.cbegin(), s.cend(),
                       [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

} // namespace

class TstUiCase : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void resultsFollowTheInputs();
    void staleStepIsMarkedAndLeftOut();
    void cliSessionReopensWhole();
    void appSessionReopensWhole();
    void cancelStopsTheCoverageScan();
    void cleanupTestCase();

private:
    void waitIdle();
    void openDemoCase(int number);
    QAction *fileAction(const QString &text) const;
    // Whether anything of the answer the window gives now names `name`: the verdict, a
    // finding's evidence, a step, the exported report.
    bool answerMentions(const QString &name) const;
    void openSession(const QString &path);

    MainWindow *m_window = nullptr;
    QTemporaryDir m_dir;
};

void TstUiCase::initTestCase() {
    m_window = hdtest::startTestWindow();
    QVERIFY(m_window);
    waitIdle();
}

void TstUiCase::cleanupTestCase() {
    delete m_window;
}

void TstUiCase::waitIdle() {
    Workspace *ws = m_window->workspace();
    QTRY_VERIFY_WITH_TIMEOUT(!ws->inputs()->isInspecting() && !ws->inputs()->isListingSymbols() &&
                                 !ws->diagnosis()->isDiagnosing() &&
                                 !ws->verification()->isVerifying() &&
                                 !m_window->artifactsPanel()->isExplaining(),
                             300000);
}

void TstUiCase::openDemoCase(int number) {
    QSignalSpy changed(m_window->workspace()->inputs(), &InputsController::artifactsChanged);
    m_window->openDemo(number);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->workspace()->inputs()->inputPaths().isEmpty(), 120000);
    waitIdle();
}

QAction *TstUiCase::fileAction(const QString &text) const {
    for (QMenu *m : m_window->findChildren<QMenu *>())
        for (QAction *a : m->actions())
            if (a->text() == text)
                return a;
    return nullptr;
}

bool TstUiCase::answerMentions(const QString &name) const {
    VerificationController *v = m_window->workspace()->verification();
    const CaseVerdict &verdict = v->caseVerdict();
    if (verdict.question.contains(name) || verdict.answer.contains(name) ||
        verdict.inputs.join(QLatin1Char(' ')).contains(name))
        return true;
    for (const Finding &f : v->allFindings()) {
        if (f.title.contains(name))
            return true;
        for (const Evidence &e : f.evidence)
            if (e.source.contains(name) || e.text.contains(name))
                return true;
    }
    return markdownReport(v->makeSession()).contains(name);
}

void TstUiCase::openSession(const QString &path) {
    VerificationController *v = m_window->workspace()->verification();
    QSignalSpy opened(v, &VerificationController::sessionOpened);
    v->openSessionFrom(path);
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() == 1, 60000);
    QVERIFY2(opened.first().at(1).toBool(), qPrintable(opened.first().at(2).toString()));
    waitIdle();
}

// The goal: open → F9 → another demo case → Close all, the verdict, Findings and the
// exported report checked at each point.
void TstUiCase::resultsFollowTheInputs() {
    Workspace *ws = m_window->workspace();
    QAction *newCase = fileAction(QStringLiteral("&New case"));
    QVERIFY(newCase);
    QCOMPARE(newCase->shortcut(), QKeySequence(QKeySequence::New));

    openDemoCase(1); // s01: the kernel compiled without extern "C"
    const QString first = QFileInfo(ws->inputs()->inputPaths().first()).completeBaseName();
    QVERIFY2(first.startsWith(QStringLiteral("s01")), qPrintable(first));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTest::keyClick(m_window, Qt::Key_F9);
    QVERIFY(ws->verification()->isVerifying());
    waitIdle();
    const StepRecord *step2 = ws->verification()->step(2);
    QVERIFY(step2 != nullptr);
    QVERIFY2(step2->inputs.value(QStringLiteral("file")).toString().contains(first) ||
                 QJsonDocument(step2->inputs).toJson().contains(first.toUtf8()),
             QJsonDocument(step2->inputs).toJson().constData());
    QVERIFY(answerMentions(first));
    QVERIFY(markdownReport(ws->verification()->makeSession()).contains(first));

    openDemoCase(2); // another case: nothing of the first is the answer any more
    QVERIFY(ws->verification()->steps().isEmpty());
    QVERIFY(ws->verification()->comparison().verdict.isEmpty());
    QVERIFY2(!answerMentions(first), qPrintable(ws->verification()->caseVerdict().headline()));
    QVERIFY(ws->verification()->verifyOptions().step2.file.isEmpty() ||
            !ws->verification()->verifyOptions().step2.file.contains(first));
    const QString second = QFileInfo(ws->inputs()->inputPaths().first()).completeBaseName();
    QVERIFY(answerMentions(second)); // control: the new case is the answer

    // Something typed belongs to the case too.
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vecAdd"));
    waitIdle();
    QAction *closeAll = fileAction(QStringLiteral("&Close all"));
    QVERIFY(closeAll);
    closeAll->trigger();
    waitIdle();
    QVERIFY(ws->inputs()->inputPaths().isEmpty());
    QVERIFY(ws->verification()->steps().isEmpty());
    QVERIFY(m_window->artifactsPanel()->nameEdit()->text().isEmpty());
    QVERIFY(ws->diagnosis()->keptKernels().isEmpty());
    QVERIFY2(!answerMentions(second), qPrintable(ws->verification()->caseVerdict().headline()));
    QVERIFY(!answerMentions(QStringLiteral("vecAdd")));
}

// A step whose inputs changed is stale: marked on its card, left out of the findings and the
// report, and current again when the inputs are as it ran (control).
void TstUiCase::staleStepIsMarkedAndLeftOut() {
    Workspace *ws = m_window->workspace();
    ws->newCase();
    openDemoCase(1);
    ws->verification()->runSteps({2});
    waitIdle();
    QVERIFY(ws->verification()->step(2) != nullptr);
    QVERIFY(ws->verification()->staleReason(2).isEmpty());
    QCOMPARE(ws->verification()->makeSession().steps.size(), 1);
    QVERIFY(!m_window->verifyPanel()->card(2)->isStale());

    EnvTableModel *env = ws->inputs()->env();
    const int row = env->rowOf(QStringLiteral("HIP_LAUNCH_BLOCKING"));
    QVERIFY(row >= 0);
    QVERIFY(env->setData(env->index(row, EnvTableModel::Value), QStringLiteral("1")));
    QTRY_VERIFY(!ws->verification()->staleReason(2).isEmpty());
    QVERIFY(m_window->verifyPanel()->card(2)->isStale());
    QVERIFY2(
        m_window->verifyPanel()->card(2)->summaryText().contains(QStringLiteral("Out of date")),
        qPrintable(m_window->verifyPanel()->card(2)->summaryText()));
    QVERIFY(ws->verification()->makeSession().steps.isEmpty());
    for (const Finding &f : ws->verification()->allFindings())
        for (const Finding &g : ws->verification()->step(2)->findings)
            QVERIFY2(f.key() != g.key() || ws->diagnosis()->findings().contains(f),
                     qPrintable(f.title.english()));

    // Control: the environment as the step ran with it again, the result holds again.
    QVERIFY(env->setData(env->index(row, EnvTableModel::Name), Qt::Unchecked, Qt::CheckStateRole));
    QTRY_VERIFY(ws->verification()->staleReason(2).isEmpty());
    QCOMPARE(ws->verification()->makeSession().steps.size(), 1);
    QVERIFY(!m_window->verifyPanel()->card(2)->isStale());
}

// A session of `hipdoctor-cli verify` opens with its artifact in the tree and its kernel in the
// name box, its findings in the app's language.
void TstUiCase::cliSessionReopensWhole() {
    Workspace *ws = m_window->workspace();
    ws->newCase();
    waitIdle();
    const QString artifact =
        hdtest::buildDir() + QStringLiteral("/kernels/scenarios/s01_mangled.co");
    QVERIFY(QFileInfo::exists(artifact));
    const QString path = m_dir.filePath(QStringLiteral("cli.session.json"));
    QProcess cli;
    cli.start(hdtest::binary(QStringLiteral("hipdoctor-cli")),
              {QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("2"),
               QStringLiteral("--artifact"), artifact, QStringLiteral("--kernel"),
               QStringLiteral("vecAdd"), QStringLiteral("--target"), QStringLiteral("gfx1030"),
               QStringLiteral("--session"), path});
    QVERIFY(cli.waitForFinished(120000));
    QVERIFY2(QFileInfo::exists(path), cli.readAllStandardError().constData());

    openSession(path);
    QVERIFY(ws->inputs()->inputPaths().contains(artifact));
    QVERIFY(!ws->inputs()->artifacts().isEmpty());
    QCOMPARE(m_window->artifactsPanel()->nameEdit()->text(), QStringLiteral("vecAdd"));
    // --target of the CLI is the case's typed target: the question names it, and this
    // machine's missing GPU is no error of the case (the GPU is another machine's).
    QCOMPARE(ws->targets()->typedTargets().size(), 1);
    QCOMPARE(ws->targets()->typedTargets().first().target.toString(), QStringLiteral("gfx1030"));
    QVERIFY2(ws->verification()->caseVerdict().question.contains(QStringLiteral("gfx1030")),
             qPrintable(ws->verification()->caseVerdict().question.english()));
    for (const Finding &f : ws->verification()->allFindings())
        if (f.id == QLatin1String("runtime.no-device"))
            QCOMPARE(f.severity, Severity::Info);
    QVERIFY(ws->verification()->step(2) != nullptr);
    QVERIFY(ws->verification()->staleReason(2).isEmpty());
    const CaseVerdict verdict = ws->verification()->caseVerdict();
    QVERIFY(!verdict.isEmpty());
    // The step's findings carry their messages: in zh_CN they are shown in Chinese.
    QList<Finding> fromStep = ws->verification()->step(2)->findings;
    QVERIFY(!fromStep.isEmpty());
    m_window->chooseLanguage(QStringLiteral("zh_CN"));
    int chinese = 0;
    for (const Finding &f : fromStep) {
        QVERIFY2(f.title.hasSentence(), qPrintable(f.title.english()));
        chinese += hasCjk(FindingsModel::shown(f).title) ? 1 : 0;
    }
    QVERIFY2(chinese == fromStep.size(), qPrintable(QString::number(chinese)));
    QVERIFY(hasCjk(FindingsModel::shownCase(verdict, ws->verification()->allFindings()).answer));
    m_window->chooseLanguage(QStringLiteral("en"));

    // Control: the same document without its messages opens in English only.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(doc.contains(QStringLiteral("messages")));
    doc.remove(QStringLiteral("messages"));
    const std::optional<Session> plain = Session::fromJson(doc);
    QVERIFY(plain.has_value());
    for (const StepRecord &st : plain->steps)
        for (const Finding &g : st.findings)
            QVERIFY(!g.title.hasSentence());
}

// A session the app saves reopens its open files, pasted texts and names.
void TstUiCase::appSessionReopensWhole() {
    Workspace *ws = m_window->workspace();
    ws->newCase();
    openDemoCase(1);
    const QStringList files = ws->inputs()->inputPaths();
    const QString pasted = QStringLiteral("hipErrorNoBinaryForGpu: Unable to find code object for "
                                          "all current devices!");
    ws->inputs()->addPastedText(pasted);
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vecAdd"));
    waitIdle();
    const QString path = m_dir.filePath(QStringLiteral("app.session.json"));
    QSignalSpy saved(ws->verification(), &VerificationController::sessionSaved);
    ws->verification()->saveSessionTo(path);
    QTRY_VERIFY_WITH_TIMEOUT(saved.count() == 1, 60000);
    QVERIFY(saved.first().at(1).toBool());

    ws->newCase();
    waitIdle();
    QVERIFY(ws->inputs()->inputPaths().isEmpty() && ws->inputs()->pastedTexts().isEmpty());
    openSession(path);
    QCOMPARE(ws->inputs()->inputPaths(), files);
    QCOMPARE(ws->inputs()->pastedTexts().size(), 1);
    QCOMPARE(ws->inputs()->pastedTexts().first().content, pasted);
    QCOMPARE(m_window->artifactsPanel()->nameEdit()->text(), QStringLiteral("vecAdd"));
}

// Cancel (the status bar's, Esc) stops a Coverage scan too, and no later change starts it again
// (control: the scan ran to its end and filled the table).
void TstUiCase::cancelStopsTheCoverageScan() {
    Workspace *ws = m_window->workspace();
    ws->newCase();
    waitIdle();
    TargetsController *t = ws->targets();
    t->clearScans();
    const QString folder = hdtest::buildDir() + QStringLiteral("/kernels");
    t->scanLibraries({folder});
    QVERIFY(t->isScanning());
    QVERIFY(ws->isWorking()); // the status bar shows Cancel
    // The first scan says what it reads while its table is still empty (no blank gap).
    auto *panel = m_window->findChild<CoveragePanel *>();
    QVERIFY(panel);
    QVERIFY2(panel->summaryText().contains(QStringLiteral("Scanning")),
             qPrintable(panel->summaryText()));
    ws->cancelAll();
    QVERIFY(!t->isScanning());
    QVERIFY(!t->scannedPaths().contains(folder));
    QVERIFY(t->addTarget(QStringLiteral("gfx90a"))); // a change of devices starts no scan
    QTest::qWait(1500);
    QVERIFY(!t->isScanning());
    QVERIFY(t->coverage()->result().libraries.isEmpty());
    // Control: asked again, the scan runs to its end.
    t->scanLibraries({folder});
    QTRY_VERIFY_WITH_TIMEOUT(!t->isScanning(), 120000);
    QVERIFY(!t->coverage()->result().libraries.isEmpty());
    t->clearScans();
}

QTEST_MAIN(TstUiCase)
#include "tst_ui_case.moc"
