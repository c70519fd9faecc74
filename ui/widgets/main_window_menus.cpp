// The window's menus and toolbar (MainWindow::createActions and its parts), built again on a
// language change.

#include "widgets/main_window.h"

#include "common/version.h"
#include "controllers/workspace.h"
#include "widgets/artifacts_panel.h"
#include "widgets/connect_dialog.h"
#include "widgets/icons.h"
#include "widgets/language.h"
#include "widgets/panel_table.h"
#include "widgets/verify_panel.h"

#include <QAction>
#include <QActionGroup>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace hd::ui {

void MainWindow::openFolderInteractive() {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Open a folder of artifacts or a Triton cache"));
    if (!dir.isEmpty())
        openPaths({dir});
}

void MainWindow::pasteLogInteractive() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Paste log"));
    auto *layout = new QVBoxLayout(&dialog);
    auto *label = new QLabel(tr("Paste what the failing build or run printed: the compiler's "
                                "errors, a Python traceback, the program's own error lines, an "
                                "AMD_LOG_LEVEL log. It is diagnosed with the files you opened."),
                             &dialog);
    label->setWordWrap(true);
    layout->addWidget(label);
    auto *edit = new QPlainTextEdit(&dialog);
    edit->setObjectName(QStringLiteral("pasteLogText"));
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setPlainText(QGuiApplication::clipboard()->text());
    edit->selectAll();
    edit->setTabChangesFocus(true); // pasted text keeps its tabs; the key moves on
    layout->addWidget(edit, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Diagnose"));
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    // Return belongs to the text; Ctrl+Return diagnoses, as in a chat or a review box.
    auto *go = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), &dialog);
    connect(go, &QShortcut::activated, &dialog, &QDialog::accept);
    buttons->button(QDialogButtonBox::Ok)->setToolTip(tr("Ctrl+Return"));
    dialog.resize(std::min(width() - 80, 900), std::min(height() - 80, 560));
    if (dialog.exec() == QDialog::Accepted)
        pasteLog(edit->toPlainText());
}

QString MainWindow::pasteLog(const QString &text) {
    const QString name = m_ws->inputs()->addPastedText(text);
    if (name.isEmpty())
        return {};
    statusBar()->showMessage(
        tr("%1: %n line(s) to diagnose", nullptr, int(text.count(QLatin1Char('\n')) + 1)).arg(name),
        8000);
    raisePanel(QStringLiteral("findings"));
    return name;
}

// The menu's runs: the cards' inputs as they are, then the steps, in view.
void MainWindow::runStepsShown(const QList<int> &steps) {
    verifyPanel()->applyInputs();
    m_ws->verification()->runSteps(steps);
    raisePanel(QStringLiteral("verification"));
}

// The actions the toolbar shows too.
struct MainWindow::ToolbarActions {
    QAction *open = nullptr, *demo = nullptr, *query = nullptr, *runAll = nullptr,
            *cancel = nullptr, *copy = nullptr, *exportAct = nullptr, *shot = nullptr,
            *walk = nullptr;
    QMenu *demoCases = nullptr;
};

void MainWindow::createActions() {
    // Built again on a language change: the old menus and their actions go first.
    menuBar()->clear();
    qDeleteAll(menuBar()->findChildren<QMenu *>(Qt::FindDirectChildrenOnly));
    if (!m_toolBar) {
        m_toolBar = addToolBar(QString());
        m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
        m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        m_toolBar->setIconSize(QSize(20, 20));
        HD_TR_SET(m_toolBar, "windowTitle", QT_TR_NOOP("Main"));
    }
    ToolbarActions actions;
    createFileMenu(actions);
    createRunMenu(actions);
    createViewMenu();
    createHelpMenu(actions);
    QToolBar *tb = m_toolBar;
    tb->clear();
    tb->addAction(actions.open);
    tb->addAction(actions.demo);
    // The Demo button opens the first case; its arrow lists them all.
    if (auto *b = qobject_cast<QToolButton *>(tb->widgetForAction(actions.demo))) {
        b->setMenu(actions.demoCases);
        b->setPopupMode(QToolButton::MenuButtonPopup);
    }
    tb->addSeparator();
    tb->addAction(actions.query);
    tb->addAction(actions.runAll);
    tb->addAction(actions.cancel);
    tb->addSeparator();
    tb->addAction(actions.copy);
    tb->addAction(actions.exportAct);
    tb->addAction(actions.shot);
    tb->addAction(actions.walk);
}

void MainWindow::createFileMenu(ToolbarActions &tb) {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    addOpenActions(file, tb);
    file->addSeparator();
    addHostActions(file);
    file->addSeparator();
    addSessionActions(file);
    file->addSeparator();
    addReportActions(file, tb);
    file->addSeparator();
    auto *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

// Files, a folder, the demo (whole or one case), recent files, a pasted log.
void MainWindow::addOpenActions(QMenu *file, ToolbarActions &tb) {
    // One case at a time (controllers/case.h): a new one starts clean.
    auto *newCase = file->addAction(tr("&New case"), this, [this] { m_ws->newCase(); });
    newCase->setShortcut(QKeySequence::New);
    newCase->setToolTip(tr("Close every input and forget the names, targets, step settings and "
                           "results of this case"));
    tb.open = file->addAction(icon(QStringLiteral("open")), tr("&Open files…"), this,
                              &MainWindow::openFilesInteractive);
    tb.open->setShortcut(QKeySequence::Open);
    tb.open->setIconText(tr("Open"));
    auto *openDir = file->addAction(icon(QStringLiteral("open")), tr("Open &folder…"), this,
                                    &MainWindow::openFolderInteractive);
    openDir->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    tb.demo = file->addAction(icon(QStringLiteral("walkthrough")), tr("Open the &demo"), this,
                              [this] { openDemo(); });
    // Not Ctrl+D: on X11 a text field takes it (delete the next character).
    tb.demo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    tb.demo->setIconText(tr("Demo"));
    // The demo one failure case at a time (the toolbar's Demo button offers the same menu).
    // Numbered as listed (docs/scenarios.md's numbers skip the cases the demo cannot show);
    // the tooltip names the scenario.
    QMenu *cases = file->addMenu(tr("Demo &cases"));
    int shown = 0;
    for (const InputsController::DemoScenario &sc : InputsController::demoScenarios())
        cases
            ->addAction(QStringLiteral("%1. %2").arg(QString::number(++shown), sc.title), this,
                        [this, n = sc.number] { openDemo(n); })
            ->setToolTip(tr("Scenario %1 of docs/scenarios.md").arg(sc.number));
    cases->addSeparator();
    cases->addAction(tr("All cases at once"), this, [this] { openDemo(0); });
    tb.demoCases = cases;
    m_recentMenu = file->addMenu(tr("&Recent files"));
    updateRecentMenu();
    auto *paste = file->addAction(tr("Paste &log…"), this, &MainWindow::pasteLogInteractive);
    paste->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    // Closing every input leaves nothing the case's results were computed from.
    file->addAction(tr("&Close all"), this, [this] { m_ws->newCase(); });
}

// Where steps run: a GPU node over ssh, or this machine again.
void MainWindow::addHostActions(QMenu *file) {
    file->addAction(tr("Connect to &GPU node…"), this, [this] {
        // The targets controller connects and makes the node the host; the dialog shows it.
        ConnectDialog dialog(m_ws->targets(), this);
        dialog.exec();
    });
    auto *local =
        file->addAction(tr("Use &this machine"), this, [this] { m_ws->setExecutionHost(nullptr); });
    local->setEnabled(m_ws->targets()->executionHost() != nullptr);
    connect(m_ws->targets(), &TargetsController::executionHostChanged, local,
            [this, local] { local->setEnabled(m_ws->targets()->executionHost() != nullptr); });
}

void MainWindow::addSessionActions(QMenu *file) {
    file->addAction(icon(QStringLiteral("open")), tr("Open &session…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), QString(),
                                                          tr("hipdoctor sessions (*.json)"));
        if (!path.isEmpty())
            openSession(path);
    });
    auto *save = file->addAction(icon(QStringLiteral("save")), tr("Save session"), this,
                                 [this] { saveSession(false); });
    save->setShortcut(QKeySequence::Save);
    auto *saveAs = file->addAction(icon(QStringLiteral("save")), tr("Save session &as…"), this,
                                   [this] { saveSession(true); });
    saveAs->setShortcut(QKeySequence::SaveAs);
}

// The report (copied or exported) and screenshots of the window or of one panel.
void MainWindow::addReportActions(QMenu *file, ToolbarActions &tb) {
    tb.copy = file->addAction(icon(QStringLiteral("copy")), tr("&Copy report (Markdown)"), this,
                              &MainWindow::copyReport);
    tb.copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    tb.copy->setIconText(tr("Copy report"));
    tb.exportAct = file->addAction(icon(QStringLiteral("export")), tr("&Export report…"), this,
                                   &MainWindow::exportReport);
    // Not Ctrl+E: on X11 a text field takes it (end of line) before any window shortcut.
    tb.exportAct->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    tb.exportAct->setIconText(tr("Export"));
    tb.shot =
        file->addAction(icon(QStringLiteral("screenshot")), tr("Save &screenshot of the window…"),
                        this, [this] { saveScreenshotInteractive({}); });
    tb.shot->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    tb.shot->setIconText(tr("Screenshot"));
    QMenu *panelShot =
        file->addMenu(icon(QStringLiteral("screenshot")), tr("Save screenshot of a &panel"));
    // The panel's title, as its dock shows it; the name stays the --screenshot-panel word.
    for (const PanelSpec &spec : panelTable()) {
        const QString name = QString::fromLatin1(spec.name);
        panelShot->addAction(QCoreApplication::translate("hd::ui::MainWindow", spec.title), this,
                             [this, name] { saveScreenshotInteractive(name); });
    }
}

void MainWindow::createRunMenu(ToolbarActions &tb) {
    QMenu *run = menuBar()->addMenu(tr("&Run"));
    tb.query = run->addAction(icon(QStringLiteral("run")), tr("&Query devices"), m_ws->targets(),
                              &TargetsController::refreshDevices);
    tb.query->setShortcut(QKeySequence(Qt::Key_F5));
    for (int s = 1; s <= 3; ++s) {
        auto *a = run->addAction(icon(QStringLiteral("run")), tr("Run step &%1").arg(s), this,
                                 [this, s] { runStepsShown({s}); });
        a->setShortcut(QKeySequence(Qt::Key_F5 + s));
    }
    tb.runAll = run->addAction(icon(QStringLiteral("run-all")), tr("Run &all steps"), this, [this] {
        runStepsShown({1, 2, 3});
    });
    tb.runAll->setShortcut(QKeySequence(Qt::Key_F9));
    tb.cancel =
        run->addAction(icon(QStringLiteral("cancel")), tr("&Cancel"), m_ws, &Workspace::cancelAll);
    tb.cancel->setShortcut(QKeySequence(Qt::Key_Escape));
}

void MainWindow::createViewMenu() {
    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *d : m_docks)
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    auto *focusFilter = view->addAction(tr("Filter symbols"), this, [this] {
        artifactsPanel()->filterEdit()->setFocus();
        artifactsPanel()->filterEdit()->selectAll();
    });
    focusFilter->setShortcut(QKeySequence::Find);
    auto *focusName = view->addAction(tr("Name your code asks for"), this, [this] {
        artifactsPanel()->nameEdit()->setFocus();
        artifactsPanel()->nameEdit()->selectAll();
    });
    // Not Ctrl+K: on X11 a text field takes it (delete to the end of the line).
    focusName->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    view->addAction(tr("&Reset layout"), this, &MainWindow::resetLayout);
    QMenu *lang = view->addMenu(tr("&Language"));
    auto *group = new QActionGroup(lang);
    const QString current = startupLanguage();
    for (const auto &[code, label] :
         {std::pair{QStringLiteral("en"), QStringLiteral("English")},
          std::pair{QStringLiteral("zh_CN"), QStringLiteral("简体中文")}}) {
        auto *a = lang->addAction(label, this, [this, code = code] { chooseLanguage(code); });
        a->setCheckable(true);
        a->setChecked(current == code);
        group->addAction(a);
    }
}

void MainWindow::createHelpMenu(ToolbarActions &tb) {
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    tb.walk = help->addAction(icon(QStringLiteral("walkthrough")), tr("Guided &walkthrough"), this,
                              &MainWindow::startWalkthrough);
    tb.walk->setShortcut(QKeySequence::HelpContents);
    tb.walk->setIconText(tr("Walkthrough"));
    help->addAction(tr("&About hipdoctor"), this, [this] {
        QMessageBox::about(
            this, tr("About hipdoctor"),
            tr("<b>%1</b><p>Finds out why a GPU kernel will not load or launch: at which "
               "layer it fails and why, with evidence, and what to change.</p>")
                .arg(versionLine(QStringLiteral("hipdoctor")).toHtmlEscaped()));
    });
}

} // namespace hd::ui
