// The demo's cases one after another (issue 41, "Demo"): the menu numbers them as listed, a
// case does not keep the name typed for the one before, and a case of logs only has a name box
// that says what it needs rather than "Open an artifact first".

#include "sample_session.h"
#include "test_window.h"
#include "testpaths.h"

#include "controllers/workspace.h"
#include "widgets/artifacts_panel.h"
#include "widgets/main_window.h"
#include "widgets/verify_panel.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTreeWidget>

using namespace hd;
using namespace hd::ui;

class TstUiDemo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void casesNumberedAsListed();
    void caseStartsWithoutTheLastName();
    void logOnlyCaseNameBox();
    void stepCardsShowEveryCheck();
    void cleanupTestCase();

private:
    QMenu *casesMenu() const;
    // Triggers the menu's case whose tooltip names docs/scenarios.md's scenario n.
    void openCase(int scenario);
    void waitIdle();

    MainWindow *m_window = nullptr;
};

void TstUiDemo::initTestCase() {
    m_window = hdtest::startTestWindow();
    QVERIFY(m_window);
    m_window->chooseLanguage(QStringLiteral("en"));
}

void TstUiDemo::cleanupTestCase() {
    delete m_window;
}

QMenu *TstUiDemo::casesMenu() const {
    for (QMenu *m : m_window->findChildren<QMenu *>())
        if (m->title() == QLatin1String("Demo &cases"))
            return m;
    return nullptr;
}

void TstUiDemo::waitIdle() {
    Workspace *ws = m_window->workspace();
    QTRY_VERIFY_WITH_TIMEOUT(!ws->inputs()->isInspecting() && !ws->inputs()->isListingSymbols() &&
                                 !ws->diagnosis()->isDiagnosing() &&
                                 !ws->diagnosis()->isExplaining(),
                             120000);
}

void TstUiDemo::openCase(int scenario) {
    QMenu *menu = casesMenu();
    QVERIFY(menu);
    QAction *action = nullptr;
    for (QAction *a : menu->actions())
        if (a->toolTip().endsWith(QStringLiteral(" %1 of docs/scenarios.md").arg(scenario)))
            action = a;
    QVERIFY2(action, qPrintable(QString::number(scenario)));
    QSignalSpy changed(m_window->workspace()->inputs(), &InputsController::artifactsChanged);
    action->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 120000);
    waitIdle();
}

// 1, 2, … as listed, though docs/scenarios.md's numbers skip (the control: they do skip, so
// numbering by them would jump).
void TstUiDemo::casesNumberedAsListed() {
    QMenu *menu = casesMenu();
    QVERIFY(menu);
    const QList<InputsController::DemoScenario> scenarios = InputsController::demoScenarios();
    QVERIFY(scenarios.size() >= 10);
    bool skips = false;
    for (int i = 0; i < scenarios.size(); ++i)
        skips = skips || scenarios[i].number != i + 1;
    QVERIFY(skips);
    int n = 0;
    for (QAction *a : menu->actions()) {
        if (a->isSeparator())
            break;
        ++n;
        QVERIFY2(a->text().startsWith(QStringLiteral("%1. ").arg(n)), qPrintable(a->text()));
    }
    QCOMPARE(n, int(scenarios.size()));
}

void TstUiDemo::caseStartsWithoutTheLastName() {
    openCase(1);
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vecAdd"));
    waitIdle();
    QCOMPARE(m_window->artifactsPanel()->nameEdit()->text(), QStringLiteral("vecAdd"));
    openCase(2);
    QCOMPARE(m_window->artifactsPanel()->nameEdit()->text(), QString());
    // Typed again, the name stays for this case.
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vector_add"));
    waitIdle();
    QCOMPARE(m_window->artifactsPanel()->nameEdit()->text(), QStringLiteral("vector_add"));
}

// Scenario 12 is a runtime log and nothing else.
void TstUiDemo::logOnlyCaseNameBox() {
    openCase(12);
    Workspace *ws = m_window->workspace();
    QVERIFY(ws->inputs()->artifacts().isEmpty());
    QVERIFY(!ws->inputs()->inputPaths().isEmpty());
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vecAdd"));
    waitIdle();
    const QString headline = ws->diagnosis()->explanation().headline;
    QVERIFY2(!headline.startsWith(QStringLiteral("Open an artifact first")), qPrintable(headline));
    QVERIFY2(headline.startsWith(QStringLiteral("Only logs or texts are open")),
             qPrintable(headline));
    // The control: with nothing open the box still asks for an artifact.
    QSignalSpy changed(ws->inputs(), &InputsController::artifactsChanged);
    ws->inputs()->closeAll();
    m_window->artifactsPanel()->setRequestedName(QStringLiteral("vecAdd2"));
    waitIdle();
    QVERIFY2(ws->diagnosis()->explanation().headline.startsWith(
                 QStringLiteral("Open an artifact first")),
             qPrintable(ws->diagnosis()->explanation().headline));
}

// Issue 41 item 6: at 1280x800 a step card shows every check of its step — no scroll inside its
// table (the panel's one scroll area scrolls) — and a long verdict wraps whole (scrolling past
// a few lines), never cut. Step 1 with nine checks; before, the table kept six lines' room.
void TstUiDemo::stepCardsShowEveryCheck() {
    m_window->resize(1280, 800);
    Session s = hdtest::sampleSession();
    StepRecord &st = s.steps[0];
    while (st.checks.size() < 9) {
        CheckRecord c = st.checks.first();
        c.id += QStringLiteral("-%1").arg(st.checks.size());
        st.checks << c;
    }
    s.comparison.verdict =
        QStringLiteral("The verdict %1 ends here.").arg(QStringLiteral("word ").repeated(200));
    m_window->workspace()->verification()->applySession(s);
    m_window->raisePanel(QStringLiteral("verification"));
    VerifyPanel *v = m_window->verifyPanel();
    QTRY_COMPARE(v->card(1)->checks()->topLevelItemCount(), 9);
    QApplication::processEvents();
    for (int step : {1, 2, 3}) {
        QTreeWidget *checks = v->card(step)->checks();
        QTRY_COMPARE(checks->verticalScrollBar()->maximum(), 0);
        QCOMPARE(checks->topLevelItemCount(), int(s.steps[step - 1].checks.size()));
    }
    // The verdict's label holds all its lines; the area around it scrolls.
    auto *scroll = v->findChild<QScrollArea *>(QStringLiteral("verdictScroll"));
    QVERIFY(scroll);
    auto *label = qobject_cast<QLabel *>(scroll->widget());
    QVERIFY(label);
    QTRY_VERIFY(label->text().contains(QLatin1String("ends here")));
    QTRY_VERIFY2(label->height() >= label->heightForWidth(label->width()),
                 qPrintable(QStringLiteral("%1 < %2")
                                .arg(label->height())
                                .arg(label->heightForWidth(label->width()))));
}

QTEST_MAIN(TstUiDemo)
#include "tst_ui_demo.moc"
