#pragma once

#include <QMainWindow>
#include <QMap>

class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QToolButton;

namespace hd::ui {

class Workspace;
class ArtifactsPanel;
class DevicesPanel;
class EnvPanel;
class VerifyPanel;
class FindingsPanel;
class TimingsPanel;
class LogsPanel;
class WalkthroughPanel;

// The hipdoctor window: Artifacts & Symbols in the middle, the other panels as docks whose
// layout is remembered (QSettings), menus with shortcuts, drag-and-drop of files and folders.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Workspace *workspace() const { return m_ws; }
    ArtifactsPanel *artifactsPanel() const { return m_artifacts; }
    DevicesPanel *devicesPanel() const { return m_devices; }
    EnvPanel *envPanel() const { return m_env; }
    VerifyPanel *verifyPanel() const { return m_verify; }
    FindingsPanel *findingsPanel() const { return m_findings; }
    TimingsPanel *timingsPanel() const { return m_timings; }
    LogsPanel *logsPanel() const { return m_logs; }
    WalkthroughPanel *walkthroughPanel() const { return m_walkthrough; }

    // Panel names for --panel and "Save screenshot of panel": artifacts, devices, environment,
    // verification, findings, timings, logs, walkthrough.
    static QStringList panelNames();
    QWidget *panel(const QString &name) const;
    void raisePanel(const QString &name);
    // Renders the window ("" ) or one panel to an image at its current size.
    QImage grabImage(const QString &panelName = {}) const;
    bool saveScreenshot(const QString &path, const QString &panelName = {},
                        QString *error = nullptr);

    void openPaths(const QStringList &paths); // sessions (*.json) open as sessions
    void openSession(const QString &path);
    void openFilesInteractive(); // the file dialog, with artifactFileFilters()
    // The file dialog's filters: artifacts, logs, sessions, all files.
    static QString artifactFileFilters();
    void saveSession(bool askForPath);
    void copyReport();   // Markdown to the clipboard
    void exportReport(); // Markdown or HTML file
    void openDemo();
    void startWalkthrough();
    bool useDemoStep2Inputs(); // fills step 2 with the demo's mangled-name case if empty
    bool demoIsOpen() const;   // the user opened the demo, and only its files are open
    // Fills step 2's empty fields from the user's inputs (the open file holding the name box's
    // kernel, the name box); the demo's case only when the demo is what is open. Returns what
    // is still missing, as a sentence for the user ("" when step 2 can run).
    QString prepareStep2Inputs();
    // Routes an evidence link ("symbol:NAME", "log:LINE", "env:NAME", "file:PATH").
    bool followLink(const QString &link);

    void restoreLayout(); // from QSettings, then fitToScreen()
    // Shrinks and moves the window into its screen's available area when it does not fit.
    void fitToScreen();
    void resetLayout();

    // Switches the language live (and remembers it): menus, dock titles, actions, the
    // panels' labels and the tables' headers follow.
    void chooseLanguage(const QString &code);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    QDockWidget *addPanelDock(QWidget *panel, const QString &name, const char *title,
                              Qt::DockWidgetArea area);
    void createPanels();
    void createStatusBar();
    void connectWorkspace();
    void connectResults();
    void openFolderInteractive();
    void runStepsShown(const QList<int> &steps);
    void createActions(); // (re)builds the menus and the toolbar's actions
    struct ToolbarActions;
    void createFileMenu(ToolbarActions &tb);
    void createRunMenu(ToolbarActions &tb);
    void createViewMenu();
    void createHelpMenu(ToolbarActions &tb);
    void updateRecentMenu();
    void addRecent(const QStringList &paths);
    void doWalkthroughAction(const QString &action);
    void saveScreenshotInteractive(const QString &panelName);

    Workspace *m_ws;
    ArtifactsPanel *m_artifacts;
    DevicesPanel *m_devices;
    EnvPanel *m_env;
    VerifyPanel *m_verify;
    FindingsPanel *m_findings;
    TimingsPanel *m_timings;
    LogsPanel *m_logs;
    WalkthroughPanel *m_walkthrough;
    QList<QDockWidget *> m_docks;
    QByteArray m_defaultState;
    QByteArray m_pendingState;
    QMenu *m_recentMenu = nullptr;
    class QToolBar *m_toolBar = nullptr;
    bool m_retranslatePending = false;
    bool m_demoOpened = false;            // the user opened the demo folder (--demo, Open the demo)
    QMap<QString, QString> m_jobMessages; // running background jobs: kind → latest message
    QLabel *m_status;
    QLabel *m_hostLabel; // where the devices and steps run: this machine or a GPU node
    QProgressBar *m_progress;
    QToolButton *m_cancel;
};

} // namespace hd::ui
