#pragma once

// The window's inputs: the artifacts and logs the user opened and the env profile; the models
// that show them and the background jobs that fill them. It knows nothing of the devices, the
// diagnosis or the verification: their controllers read it, not the other way round
// (docs/architecture.md "The GUI").

#include "diagnosis/diagnosis.h"
#include "model/artifact_report.h"

#include "models/inspect_progress.h"
#include "models/jobs.h"
#include "models/log_model.h"
#include "models/symbol_table_model.h"

#include <QJsonArray>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QThreadPool>

#include <functional>

namespace hd {
struct Session;
} // namespace hd

namespace hd::ui {

class ArtifactTreeModel;
class LibrariesModel;
class EnvTableModel;

class InputsController : public QObject {
    Q_OBJECT
public:
    explicit InputsController(QObject *parent = nullptr);
    ~InputsController() override;

    // Models of the inputs the panels share.
    SymbolTableModel *symbols() const { return m_symbols; }
    SymbolFilterProxy *symbolProxy() const { return m_symbolProxy; }
    ArtifactTreeModel *tree() const { return m_tree; }
    LibrariesModel *libraries() const { return m_libraries; }
    EnvTableModel *env() const { return m_env; }

    // --- artifacts and logs ---------------------------------------------------------------
    const QList<ArtifactReport> &artifacts() const { return m_artifacts; }
    const QStringList &inputPaths() const { return m_inputs; }
    // Runtime logs and captured output opened as inputs, parsed.
    const QList<LogModel::Entry> &inputLogs() const { return m_inputLogs; }
    // Inspects files (folders are searched for artifacts) in the background and adds them.
    void openPaths(const QStringList &paths);
    void closeAll();
    // Text pasted or dropped into the window (a build log, a traceback, a runtime's output):
    // diagnosed like a text file and cited by its name ("pasted log 1"); closeAll() drops it.
    const QList<DiagnoseText> &pastedTexts() const { return m_pasted; }
    // The name the text is cited by; "" when the text is blank (nothing is added).
    QString addPastedText(const QString &text);
    // One row per symbol name (default) or per symbol of each code object; rebuilt off the
    // GUI thread.
    void setSymbolGrouping(SymbolGrouping grouping);
    SymbolGrouping symbolGrouping() const { return m_grouping; }
    bool isInspecting() const { return m_jobs.isRunning(QStringLiteral("inspect")); }
    // The symbol table's rows are being built: after an open (the tree and the findings come
    // first) or a change of grouping.
    bool isListingSymbols() const { return m_jobs.isRunning(QStringLiteral("symbols")); }
    // While listing: how many of the symbols were read so far, of how many (0, 0 before the
    // first word of the worker).
    std::pair<qint64, qint64> symbolsRead() const { return {m_symbolsRead, m_symbolsTotal}; }
    void cancelInspection();
    // Work left for idle time after an open (the compressed bundles' hashes, checkHashes())
    // also waits while `busy` answers true (the Workspace: the findings being made): the
    // check holds up to a 128 MiB zstd window, which made the app's peak beside the diagnosis
    // of librocblas 7.2. resumeIdleWork() when `busy` turns false.
    void setIdleWorkWaitsFor(std::function<bool()> busy) { m_idleWaitsFor = std::move(busy); }
    void resumeIdleWork();
    // Where the built-in demo lives (HIPDOCTOR_DEMO_DIR, <exe>/../kernels,
    // <exe>/../share/hipdoctor/demo); "" when none exists.
    static QString demoDirectory();
    // The demo's failure cases one by one (docs/scenarios.md): a title and its files.
    struct DemoScenario {
        int number = 0; // as in docs/scenarios.md
        QString title;
        QStringList paths;
    };
    static QList<DemoScenario> demoScenarios();
    // Opens one demo scenario, or the whole demo folder with 0 (false when the demo is not
    // installed or has no such scenario).
    bool openDemo(int scenario = 0);
    // The user opened the demo itself, and only its files are open: its cases may fill step 2.
    bool demoIsOpen() const;
    // Files of a folder that hold something the inspector reads (by content), plus logs and
    // captured output (*.log, *.txt text).
    static QStringList artifactFilesIn(const QString &dir, int limit = 400);

    // --- env ----------------------------------------------------------------------------
    // The enabled variables of the env table.
    QMap<QString, QString> envProfile() const;
    // Replaces the env profile with one of the app's presets. While a variable keeps the
    // preset's value, the diagnosis does not warn that the runtime ignores it: the app chose
    // it, not the user.
    void applyEnvPreset(const QMap<QString, QString> &preset);
    // The user's own: a profile loaded from a file, one variable typed (added if unknown,
    // enabled).
    void applyEnvProfile(const QMap<QString, QString> &profile);
    void setEnvVariable(const QString &name, const QString &value);
    // What a run found: which of the variables the runtime reads (the env table shows it).
    void setRuntimeReads(const QMap<QString, bool> &reads);

    // The variables of the last preset applied (the app chose them, not the user).
    const QMap<QString, QString> &presetEnv() const { return m_presetEnv; }
    // The env profile and the pasted texts of a loaded session (its artifacts are reopened by
    // the caller, after its records).
    void restoreFromSession(const Session &session);
    // The pasted texts as a session keeps them (inputs "gui_pasted", docs/schema-session.md),
    // each cut to kMaxSavedPasteChars (its head, as the diagnosis reads a long file's).
    QJsonArray pastedTextsJson() const;
    static constexpr qsizetype kMaxSavedPasteChars = 4 << 20;
    static constexpr qsizetype kMaxSavedPastes = 64;

signals:
    void busyChanged(const QString &kind, bool running, const QString &message);
    void progress(const QString &kind, int done, int total, const QString &message);
    void artifactsChanged();
    void symbolsRebuilt();  // the symbol table's rows were rebuilt (after an open, a regrouping)
    void symbolsProgress(); // symbolsRead() moved on
    // The hashes of the compressed bundles of the open artifacts not checked before were checked
    // (after the inspection, see checkHashes()): how many bundles, how many did not match.
    void hashesChecked(int bundles, int mismatches);
    void inputLogsChanged();
    void pastedTextsChanged();

private:
    // What an inspection leaves: the open artifacts and inputs with the new ones after them,
    // the symbol rows of all, the logs read.
    struct Inspected {
        QList<ArtifactReport> artifacts;
        QStringList inputs;
        QList<LogModel::Entry> logs;
    };
    // On a worker thread: inspects the files of paths that are not open yet (progress goes to
    // the GUI thread through guard).
    Inspected inspect(const QStringList &paths, Inspected open, const JobTracker::Ticket &ticket,
                      const QPointer<QObject> &guard);
    // The symbol table's rows for the open artifacts and the grouping, built on a worker.
    void rebuildSymbolRows();
    void setArtifacts(QList<ArtifactReport> artifacts, QStringList inputs);
    // Once an open's symbol rows are in: the hashes of the compressed bundles of the artifacts
    // not checked yet, on a worker. The inspection skips them (on librocblas 7.2 they were half
    // the time to the findings, docs/performance.md); a mismatch joins its artifact's problems,
    // and the tree and the findings follow.
    void checkHashes();
    // A running inspection's progress (GUI thread): the status text, and the tree with the
    // bundles read so far under the file being read.
    void showPartialInspection(const JobTracker::Ticket &ticket, const InspectSnapshot &s);

    SymbolTableModel *m_symbols;
    SymbolFilterProxy *m_symbolProxy;
    ArtifactTreeModel *m_tree;
    LibrariesModel *m_libraries;
    EnvTableModel *m_env;

    JobTracker m_jobs;
    QList<ArtifactReport> m_artifacts;
    QStringList m_inputs;
    QList<LogModel::Entry> m_inputLogs;
    QList<DiagnoseText> m_pasted;
    int m_pastedCount = 0; // names stay unique after closeAll()
    SymbolGrouping m_grouping = SymbolGrouping::ByName;
    qint64 m_symbolsRead = 0, m_symbolsTotal = 0; // symbolsRead()
    QMap<QString, QString> m_presetEnv;           // the last preset applied
    bool m_demoOpened = false;                    // the user opened the demo folder
    bool m_hashesPending = false;                 // checkHashes() once the rows are in
    std::function<bool()> m_idleWaitsFor;         // setIdleWorkWaitsFor()
    QSet<QString> m_hashesChecked;                // artifacts whose hashes were checked
    // Where the symbol table's rows are built: a thread of their own, so a rebuild (ticking "Per
    // code object") does not queue behind the global pool's work for the table before (its
    // filter keys and sort ranks: 0.7 s on librocsparse 6.4).
    QThreadPool m_rowsPool;
    // Where checkHashes() runs: one thread at idle priority (SCHED_IDLE), so the check takes
    // only what the findings, the symbol table and the user leave. Declared last: destroyed
    // first, it waits for a check the destructor has cancelled.
    QThreadPool m_idlePool;
};

} // namespace hd::ui
