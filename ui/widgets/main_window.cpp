#include "widgets/main_window.h"

#include "common/version.h"
#include "controllers/workspace.h"
#include "models/artifact_tree_model.h"
#include "models/devices_model.h"
#include "widgets/artifacts_panel.h"
#include "widgets/devices_panel.h"
#include "widgets/env_panel.h"
#include "widgets/findings_panel.h"
#include "widgets/icons.h"
#include "widgets/language.h"
#include "widgets/logs_panel.h"
#include "widgets/panel_table.h"
#include "widgets/timings_panel.h"
#include "widgets/verify_panel.h"
#include "widgets/walkthrough_panel.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QImageWriter>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>

#include <memory>

#include <algorithm>

namespace hd::ui {

namespace {
constexpr int kMaxRecent = 10;
constexpr int kLayoutVersion = 1;
constexpr int kShortWindow = 620; // below this height the docks go into one right column
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_ws(new Workspace(this)) {
    setObjectName(QStringLiteral("hipdoctorMainWindow"));
    HD_TR_SET(this, "windowTitle", QT_TR_NOOP("hipdoctor — why won't my GPU kernel load?"));
    setWindowIcon(icon(QStringLiteral("hipdoctor")));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);

    createPanels();
    createStatusBar();
    connectWorkspace();

    createActions();
    // The layout would make its minimum the window's, and on the first show it sums the
    // tabbed bottom docks' widths (2597 px here): the window opened wider than the screen.
    // The panels shrink and elide instead; a floor keeps it usable.
    layout()->setSizeConstraint(QLayout::SetNoConstraint);
    setMinimumSize(640, 420);
    resize(1440, 900);
    fitToScreen();
    m_status->setText(
        tr("Open a binary, a code object or a Triton cache — or start the walkthrough (F1)."));
}

// The panel table's rows: the central one in the middle, the others docked around it, those
// of one area tabbed together with the first in front.
void MainWindow::createPanels() {
    QMap<Qt::DockWidgetArea, QDockWidget *> firstOfArea, lastOfArea;
    for (const PanelSpec &spec : panelTable()) {
        QWidget *panel = spec.make(*m_ws, *this);
        const QString name = QString::fromLatin1(spec.name);
        panel->setObjectName(name);
        m_panels.insert(name, panel);
        if (spec.area == Qt::NoDockWidgetArea) {
            setCentralWidget(panel);
            continue;
        }
        auto *dock = new QDockWidget(this);
        trSet(dock, "windowTitle", staticMetaObject.className(), spec.title);
        dock->setObjectName(name + QStringLiteral("Dock"));
        dock->setWidget(panel);
        addDockWidget(spec.area, dock);
        if (QDockWidget *previous = lastOfArea.value(spec.area))
            tabifyDockWidget(previous, dock);
        else
            firstOfArea.insert(spec.area, dock);
        lastOfArea.insert(spec.area, dock);
        m_docks.append(dock);
    }
    for (QDockWidget *d : std::as_const(firstOfArea))
        d->raise();
    // The bottom area spans the whole width; the right one stops above it.
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
}

// Status bar: message, progress of background work, cancel.
void MainWindow::createStatusBar() {
    m_status = new QLabel;
    // Long messages must not widen the window: the label shrinks and elides instead.
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_progress = new QProgressBar;
    m_progress->setMaximumWidth(180);
    m_progress->setVisible(false);
    m_cancel = new QToolButton;
    m_cancel->setIcon(icon(QStringLiteral("cancel")));
    HD_TR_SET(m_cancel, "toolTip", QT_TR_NOOP("Cancel the running work (Esc)"));
    m_cancel->setVisible(false);
    statusBar()->addWidget(m_status, 1);
    m_hostLabel = new QLabel;
    m_hostLabel->setObjectName(QStringLiteral("executionHost"));
    statusBar()->addPermanentWidget(m_hostLabel);
    auto showHost = [this] {
        const auto &host = m_ws->targets()->executionHost();
        if (!host) { // set through trSet: follows a language switch
            HD_TR_SET(m_hostLabel, "text", QT_TR_NOOP("Runs on: this machine"));
            HD_TR_SET(m_hostLabel, "toolTip",
                      QT_TR_NOOP("File > Connect to GPU node… runs them on a node over ssh"));
            return;
        }
        m_hostLabel->setText(tr("Runs on: %1 (ssh)").arg(host->hostName()));
        m_hostLabel->setToolTip(tr("Devices, the system inventory and the steps run on the GPU "
                                   "node %1 over ssh; File > Use this machine goes back")
                                    .arg(host->hostName()));
    };
    connect(m_ws->targets(), &TargetsController::executionHostChanged, this, showHost);
    showHost();
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, m_ws, &Workspace::cancelAll);
}

// The jobs' progress in the status bar.
void MainWindow::connectWorkspace() {
    // The status line names every job still running (a device query that ends does not hide
    // a running inspection); once none runs, the last one's closing message.
    auto showJobs = [this](const QString &last) {
        QStringList running;
        for (auto it = m_jobMessages.cbegin(); it != m_jobMessages.cend(); ++it)
            running.append(it.value());
        m_status->setText(running.isEmpty() ? last : running.join(QStringLiteral(" · ")));
    };
    connect(m_ws, &Workspace::busyChanged, this,
            [this, showJobs](const QString &kind, bool running, const QString &msg) {
                if (running)
                    m_jobMessages.insert(kind, msg);
                else
                    m_jobMessages.remove(kind);
                showJobs(msg);
                const bool busy = running || m_ws->isWorking();
                m_progress->setVisible(busy);
                m_cancel->setVisible(busy);
                if (running)
                    m_progress->setRange(0, 0);
            });
    connect(m_ws, &Workspace::progress, this,
            [this, showJobs](const QString &kind, int done, int total, const QString &msg) {
                if (total > 0) {
                    m_progress->setRange(0, total);
                    m_progress->setValue(done);
                }
                if (m_jobMessages.contains(kind))
                    m_jobMessages.insert(kind, msg);
                showJobs(msg);
            });
    connectResults();
}

// Sessions saved and opened, reports written, as they come back.
void MainWindow::connectResults() {
    connect(m_ws->verification(), &VerificationController::sessionSaved, this,
            [this](const QString &path, bool ok, const QString &error) {
                if (ok) {
                    addRecent({path});
                    m_status->setText(tr("Session saved to %1").arg(path));
                } else {
                    QMessageBox::warning(this, tr("Save session"), error);
                }
            });
    connect(m_ws->verification(), &VerificationController::sessionOpened, this,
            [this](const QString &path, bool ok, const QString &error) {
                if (ok)
                    m_status->setText(tr("Session %1 opened").arg(path));
                else
                    QMessageBox::warning(this, tr("Open session"), error);
            });
    connect(m_ws->verification(), &VerificationController::reportReady, this,
            [this](const QString &, const QString &path, const QString &text,
                   const QString &fullPath, bool toClipboard, const QString &error) {
                if (!error.isEmpty()) {
                    QMessageBox::warning(this, tr("Export report"), error);
                    return;
                }
                if (toClipboard)
                    QApplication::clipboard()->setText(text);
                // Over GitHub's 65,536 characters the report is trimmed; the whole one lies beside.
                const QString full =
                    fullPath.isEmpty()
                        ? QString()
                        : QLatin1Char(' ') + tr("Trimmed to GitHub's 65,536 characters; attach the "
                                                "whole report: %1")
                                                 .arg(fullPath);
                m_status->setText(
                    (toClipboard
                         ? tr("Report copied to the clipboard (Markdown, secrets redacted).")
                         : tr("Report written to %1.").arg(path)) +
                    full);
            });
}

MainWindow::~MainWindow() = default;

QStringList MainWindow::panelNames() {
    QStringList names;
    for (const PanelSpec &spec : panelTable())
        names.append(QString::fromLatin1(spec.name));
    return names;
}

QWidget *MainWindow::panel(const QString &name) const {
    return m_panels.value(name);
}

ArtifactsPanel *MainWindow::artifactsPanel() const {
    return panelOf<ArtifactsPanel>("artifacts");
}
DevicesPanel *MainWindow::devicesPanel() const {
    return panelOf<DevicesPanel>("devices");
}
EnvPanel *MainWindow::envPanel() const {
    return panelOf<EnvPanel>("environment");
}
VerifyPanel *MainWindow::verifyPanel() const {
    return panelOf<VerifyPanel>("verification");
}
FindingsPanel *MainWindow::findingsPanel() const {
    return panelOf<FindingsPanel>("findings");
}
TimingsPanel *MainWindow::timingsPanel() const {
    return panelOf<TimingsPanel>("timings");
}
LogsPanel *MainWindow::logsPanel() const {
    return panelOf<LogsPanel>("logs");
}
WalkthroughPanel *MainWindow::walkthroughPanel() const {
    return panelOf<WalkthroughPanel>("walkthrough");
}

void MainWindow::raisePanel(const QString &name) {
    for (QDockWidget *d : m_docks) {
        if (d->widget()->objectName() == name) {
            d->show();
            d->raise();
            return;
        }
    }
}

QImage MainWindow::grabImage(const QString &panelName) const {
    QWidget *w = panelName.isEmpty() ? const_cast<MainWindow *>(this) : panel(panelName);
    if (!w)
        return {};
    return w->grab().toImage();
}

bool MainWindow::saveScreenshot(const QString &path, const QString &panelName, QString *error) {
    if (!panelName.isEmpty()) {
        if (!panel(panelName)) {
            if (error)
                *error = tr("No panel called \"%1\"; panels: %2")
                             .arg(panelName, panelNames().join(QStringLiteral(", ")));
            return false;
        }
        raisePanel(panelName);
        QApplication::processEvents();
    }
    const QImage image = grabImage(panelName);
    QImageWriter writer(path, "png");
    if (image.isNull() || !writer.write(image)) {
        if (error)
            *error = tr("Could not write %1: %2").arg(path, writer.errorString());
        return false;
    }
    return true;
}

void MainWindow::openPaths(const QStringList &paths) {
    if (paths.isEmpty())
        return;
    addRecent(paths);
    QStringList artifacts;
    for (const QString &p : paths) {
        // A session is JSON; artifacts never are (the inspector detects kinds by content).
        if (p.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) && QFileInfo(p).isFile())
            m_ws->verification()->openSessionFrom(p);
        else
            artifacts.append(p);
    }
    m_ws->inputs()->openPaths(artifacts);
}

QString MainWindow::artifactFileFilters() {
    // Kinds are recognised by content; the patterns only narrow the dialog's list. Executables
    // have no suffix: "All files" stays.
    return tr("GPU code and libraries (*.so *.so.* *.co *.hsaco *.o *.out *.bin *.cubin "
              "*.fatbin *.ptx *.hipfb *.bc);;"
              "Runtime logs and captured output (*.log *.txt);;"
              "hipdoctor sessions (*.json);;"
              "All files (*)");
}

void MainWindow::openFilesInteractive() {
    openPaths(QFileDialog::getOpenFileNames(this, tr("Open artifacts"), QString(),
                                            artifactFileFilters()));
}

void MainWindow::openSession(const QString &path) {
    addRecent({path});
    m_ws->verification()->openSessionFrom(path);
}

void MainWindow::saveSession(bool askForPath) {
    QString path = m_ws->verification()->sessionPath();
    if (askForPath || path.isEmpty())
        path = QFileDialog::getSaveFileName(this, tr("Save session"),
                                            QStringLiteral("hipdoctor-session.json"),
                                            tr("hipdoctor sessions (*.json)"));
    if (path.isEmpty())
        return;
    verifyPanel()->applyInputs(); // what the cards show now, run or not
    m_ws->verification()->saveSessionTo(path);
}

void MainWindow::copyReport() {
    verifyPanel()->applyInputs();
    m_ws->verification()->makeReport(QStringLiteral("md"), {});
}

QFileDialog *MainWindow::exportDialog() {
    auto *d = new QFileDialog(this, tr("Export report"), QStringLiteral("hipdoctor-report.md"),
                              tr("Markdown (*.md);;HTML (*.html)"));
    d->setAcceptMode(QFileDialog::AcceptSave);
    // Qt's own dialog: a native one has no room for the check box.
    d->setOption(QFileDialog::DontUseNativeDialog);
    auto *keep = new QCheckBox(tr("Keep home folders and the host name (else ~ and <host>)"), d);
    keep->setObjectName(QStringLiteral("keepPlaces"));
    keep->setToolTip(tr("A report pasted into an issue is read by strangers: by default the "
                        "paths under your home folder start with ~ and this machine's name "
                        "reads <host>."));
    if (auto *grid = qobject_cast<QGridLayout *>(d->layout()))
        grid->addWidget(keep, grid->rowCount(), 0, 1, grid->columnCount());
    return d;
}

void MainWindow::exportReport() {
    std::unique_ptr<QFileDialog> d(exportDialog());
    if (d->exec() != QDialog::Accepted || d->selectedFiles().isEmpty())
        return;
    const QString path = d->selectedFiles().constFirst();
    const QString selected = d->selectedNameFilter();
    const auto *keep = d->findChild<QCheckBox *>(QStringLiteral("keepPlaces"));
    const bool html = path.endsWith(QLatin1String(".html"), Qt::CaseInsensitive) ||
                      path.endsWith(QLatin1String(".htm"), Qt::CaseInsensitive) ||
                      selected.contains(QLatin1String("html"));
    verifyPanel()->applyInputs();
    m_ws->verification()->makeReport(html ? QStringLiteral("html") : QStringLiteral("md"), path,
                                     true, keep && keep->isChecked());
}

void MainWindow::openDemo(int scenario) {
    // The demo, or one of its cases, is a case of its own.
    const QList<InputsController::DemoScenario> cases = InputsController::demoScenarios();
    const bool found =
        !InputsController::demoDirectory().isEmpty() &&
        (scenario == 0 || std::any_of(cases.cbegin(), cases.cend(),
                                      [scenario](const auto &s) { return s.number == scenario; }));
    if (found) {
        m_ws->newCase();
        m_ws->inputs()->openDemo(scenario);
    } else
        QMessageBox::information(
            this, tr("Demo"),
            tr("The demo programs were not found. Set HIPDOCTOR_DEMO_DIR to the "
               "folder of the compiled kernels/ programs."));
}

void MainWindow::startWalkthrough() {
    raisePanel(QStringLiteral("walkthrough"));
    walkthroughPanel()->setCurrentPage(0);
}

void MainWindow::doWalkthroughAction(const QString &action) {
    ArtifactsPanel *artifacts = artifactsPanel();
    if (action == QLatin1String("demo")) {
        openDemo();
    } else if (action == QLatin1String("libraries")) {
        artifacts->findChild<QTabWidget *>()->setCurrentIndex(2);
    } else if (action == QLatin1String("name")) {
        // The user's name: the box is focused and asks. Only on the demo, which the user
        // opened, does an empty box get the demo's mangled kernel.
        if (artifacts->nameEdit()->text().trimmed().isEmpty() && m_ws->inputs()->demoIsOpen()) {
            for (const ArtifactReport &a : m_ws->inputs()->artifacts())
                for (const CodeObject &co : a.codeObjects)
                    for (const Symbol &s : co.symbols)
                        if (artifacts->nameEdit()->text().isEmpty() &&
                            s.kind == SymbolKind::Kernel &&
                            s.name().startsWith(QLatin1String("_Z")))
                            artifacts->setRequestedName(
                                s.demangled().section(QLatin1Char('('), 0, 0));
        }
        artifacts->nameEdit()->setFocus();
        artifacts->nameEdit()->selectAll();
    } else if (action == QLatin1String("target")) {
        // The user's GPU, never one we pick: the Devices panel's target box asks for it.
        devicesPanel()->targetEdit()->setFocus();
    } else if (action == QLatin1String("step1") || action == QLatin1String("step2")) {
        // The same inputs whichever button starts a step (the controller fills step 2).
        const int step = action.back().digitValue();
        verifyPanel()->applyInputs();
        m_ws->verification()->runSteps({step});
        walkthroughPanel()->setNote(m_ws->verification()->needs(step));
    }
}

bool MainWindow::followLink(const QString &link) {
    const QString kind = link.section(QLatin1Char(':'), 0, 0);
    const QString what = link.section(QLatin1Char(':'), 1);
    if (kind == QLatin1String("symbol"))
        return artifactsPanel()->showSymbol(what);
    if (kind == QLatin1String("log")) {
        raisePanel(QStringLiteral("logs"));
        return logsPanel()->showLine(what.section(QLatin1Char(':'), 0, 0).toInt(),
                                     what.section(QLatin1Char(':'), 1));
    }
    if (kind == QLatin1String("env")) {
        raisePanel(QStringLiteral("environment"));
        return envPanel()->showVariable(what);
    }
    if (kind == QLatin1String("file")) {
        if (!m_ws->inputs()->inputPaths().contains(what) && QFileInfo(what).isFile())
            openPaths({what});
        return true;
    }
    return false;
}

void MainWindow::saveScreenshotInteractive(const QString &panelName) {
    const QString suggested = QStringLiteral("hipdoctor-%1.png")
                                  .arg(panelName.isEmpty() ? QStringLiteral("window") : panelName);
    const QString path = QFileDialog::getSaveFileName(this, tr("Save screenshot"), suggested,
                                                      tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveScreenshot(path, panelName, &error))
        QMessageBox::warning(this, tr("Save screenshot"), error);
    else
        m_status->setText(tr("Screenshot saved to %1").arg(path));
}

void MainWindow::chooseLanguage(const QString &code) {
    QSettings().setValue(QStringLiteral("language"), code);
    // Qt sends LanguageChange to every widget; changeEvent() does the rest.
    if (!setLanguage(code))
        m_status->setText(tr("No translation for \"%1\" in this build; English stays.").arg(code));
}

void MainWindow::changeEvent(QEvent *event) {
    QMainWindow::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    // Sent once per translator removed or installed: retranslate once, when they settled.
    if (m_retranslatePending)
        return;
    m_retranslatePending = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_retranslatePending = false;
            createActions();
            retranslateTree(this);
            m_ws->retranslate();
            fitToWidth();
        },
        Qt::QueuedConnection);
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &path : recent)
        m_recentMenu->addAction(path, this, [this, path] { openPaths({path}); });
    m_recentMenu->setEnabled(!recent.isEmpty());
    if (!recent.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear"), this, [this] {
            QSettings().remove(QStringLiteral("recentFiles"));
            updateRecentMenu();
        });
    }
}

void MainWindow::addRecent(const QStringList &paths) {
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &p : paths) {
        const QString abs = QFileInfo(p).absoluteFilePath();
        recent.removeAll(abs);
        recent.prepend(abs);
    }
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    updateRecentMenu();
}

void MainWindow::showEvent(QShowEvent *event) {
    QMainWindow::showEvent(event);
    if (m_defaultState.isEmpty()) {
        // Dock sizes only take once the window has its size: the symbol table gets the middle.
        // Findings need room for their titles; the bottom docks (step cards with their checks)
        // take close to half the height on small screens.
        QDockWidget *right = nullptr, *bottom = nullptr; // the first dock of each area
        for (QDockWidget *d : std::as_const(m_docks)) {
            QDockWidget *&first = dockWidgetArea(d) == Qt::RightDockWidgetArea ? right : bottom;
            if (!first)
                first = d;
        }
        if (height() < kShortWindow && right) {
            // Too short for a bottom row (1280x800 at 1.5x: 500 px): every panel becomes a
            // tab of a full-height right column, the symbol table keeps the whole height.
            QDockWidget *previous = right;
            for (QDockWidget *d : std::as_const(m_docks)) {
                if (dockWidgetArea(d) == Qt::RightDockWidgetArea)
                    continue;
                addDockWidget(Qt::RightDockWidgetArea, d);
                tabifyDockWidget(previous, d);
                previous = d;
            }
            right->raise();
            resizeDocks({right}, {width() * 2 / 5}, Qt::Horizontal);
        } else {
            if (right)
                resizeDocks({right}, {std::clamp(width() * 17 / 50, 300, 560)}, Qt::Horizontal);
            // Two fifths of the height: the step cards and the comparison fit, and the symbol
            // table above keeps room for a screenful of rows at 1280x800.
            if (bottom)
                resizeDocks({bottom}, {std::clamp(height() * 2 / 5, 240, 440)}, Qt::Vertical);
        }
        m_defaultState = saveState(kLayoutVersion);
        if (!m_pendingState.isEmpty())
            restoreState(m_pendingState, kLayoutVersion);
        fitToWidth();
    }
}

void MainWindow::resizeEvent(QResizeEvent *event) {
    QMainWindow::resizeEvent(event);
    fitToWidth();
}

void MainWindow::fitToWidth() {
    if (m_toolBar) {
        // The width the actions need with their texts, measured in that style.
        int needed = 0;
        const QFontMetrics fm = m_toolBar->fontMetrics();
        for (QAction *a : m_toolBar->actions())
            needed += a->isSeparator() ? 8
                                       : m_toolBar->iconSize().width() + 20 +
                                             fm.horizontalAdvance(a->iconText());
        m_toolBar->setToolButtonStyle(needed <= width() ? Qt::ToolButtonTextBesideIcon
                                                        : Qt::ToolButtonIconOnly);
    }
    // The docks' tab bars (made by the main window when docks are tabbed): whole titles.
    for (QTabBar *bar : findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
    }
}

void MainWindow::fitToScreen() {
    const QScreen *screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    // Room for the window manager's frame; the window is never larger than the screen.
    const QRect avail = screen->availableGeometry().adjusted(0, 0, -8, -32);
    const QSize fitted = size().boundedTo(avail.size());
    if (fitted != size())
        resize(fitted);
    if (!avail.contains(QRect(pos(), fitted)) && isWindow())
        move(avail.topLeft() + QPoint(std::max(0, (avail.width() - fitted.width()) / 2),
                                      std::max(0, (avail.height() - fitted.height()) / 2)));
}

void MainWindow::restoreLayout() {
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    // Saved on another (larger) screen, or while the window was wider than it: brought back
    // within this one.
    fitToScreen();
    // Applied after the first show, once the default layout has been taken.
    m_pendingState = settings.value(QStringLiteral("window/state")).toByteArray();
}

void MainWindow::resetLayout() {
    restoreState(m_defaultState, kLayoutVersion);
    for (QDockWidget *d : m_docks)
        d->show();
}

void MainWindow::closeEvent(QCloseEvent *event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
    m_ws->cancelAll();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    if (event->mimeData()->hasUrls() || event->mimeData()->hasText())
        event->acceptProposedAction();
}

// Files open as inputs; text (dragged from a terminal or a browser) is a pasted log.
void MainWindow::dropEvent(QDropEvent *event) {
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths.append(url.toLocalFile());
    if (!paths.isEmpty())
        openPaths(paths);
    else if (event->mimeData()->hasText())
        pasteLog(event->mimeData()->text());
    event->acceptProposedAction();
}

} // namespace hd::ui
