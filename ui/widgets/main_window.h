#pragma once

#include <QMainWindow>
#include <QMap>

class QDockWidget;
class QFileDialog;
class QLabel;
class QMenu;
class QProgressBar;
class QToolBar;
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
    // The panels of the table (widgets/panel_table.h), by name or type.
    template <class Panel> Panel *panelOf(const char *name) const {
        return qobject_cast<Panel *>(panel(QLatin1String(name)));
    }
    ArtifactsPanel *artifactsPanel() const;
    DevicesPanel *devicesPanel() const;
    EnvPanel *envPanel() const;
    VerifyPanel *verifyPanel() const;
    FindingsPanel *findingsPanel() const;
    TimingsPanel *timingsPanel() const;
    LogsPanel *logsPanel() const;
    WalkthroughPanel *walkthroughPanel() const;

    // Panel names for --panel and "Save screenshot of panel", from the panel table.
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
    void openFolderInteractive();
    // A build log, traceback or program output given as text (File > Paste log, or text dropped
    // on the window): diagnosed with the open inputs. pasteLogInteractive() asks for it, with
    // the clipboard's text filled in; pasteLog() takes it. The name it is cited by, or "".
    void pasteLogInteractive();
    QString pasteLog(const QString &text);
    // The file dialog's filters: artifacts, logs, sessions, all files.
    static QString artifactFileFilters();
    void saveSession(bool askForPath);
    void copyReport();   // Markdown to the clipboard
    void exportReport(); // Markdown or HTML file, from exportDialog()
    // The export dialog: the file (Markdown or HTML) and a "keepPlaces" check box that keeps
    // home folders and the host name in the report (else ~ and <host>, report/redaction.h).
    QFileDialog *exportDialog();
    // One demo case (docs/scenarios.md numbers; 1: the kernel without extern "C"), or the
    // whole demo with 0.
    void openDemo(int scenario = 1);
    void startWalkthrough();
    // A walkthrough page's "Do it" ("demo", "libraries", "name", "target", "step1", "step2").
    void doWalkthroughAction(const QString &action);
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
    void resizeEvent(QResizeEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createPanels(); // from the panel table
    // Fits the toolbar and the docks' tabs to the width: icons only when the texts do not fit
    // (never an action behind »), tab titles whole (scrolling) rather than "Fin…".
    void fitToWidth();
    void createStatusBar();
    void connectWorkspace();
    void connectResults();
    void runStepsShown(const QList<int> &steps);
    void createActions(); // (re)builds the menus and the toolbar's actions
    struct ToolbarActions;
    void createFileMenu(ToolbarActions &tb);
    // createFileMenu's groups, between separators.
    void addOpenActions(QMenu *file, ToolbarActions &tb);
    void addHostActions(QMenu *file);
    void addSessionActions(QMenu *file);
    void addReportActions(QMenu *file, ToolbarActions &tb);
    void createRunMenu(ToolbarActions &tb);
    void createViewMenu();
    void createHelpMenu(ToolbarActions &tb);
    void updateRecentMenu();
    void addRecent(const QStringList &paths);
    void saveScreenshotInteractive(const QString &panelName);

    Workspace *m_ws;
    QMap<QString, QWidget *> m_panels; // name -> panel, all of the table
    QList<QDockWidget *> m_docks;      // in the table's order
    QByteArray m_defaultState;
    QByteArray m_pendingState;
    QMenu *m_recentMenu = nullptr;
    QToolBar *m_toolBar = nullptr;
    bool m_retranslatePending = false;
    QMap<QString, QString> m_jobMessages; // running background jobs: kind → latest message
    QLabel *m_status;
    QLabel *m_hostLabel; // where the devices and steps run: this machine or a GPU node
    QProgressBar *m_progress;
    QToolButton *m_cancel;
};

} // namespace hd::ui
