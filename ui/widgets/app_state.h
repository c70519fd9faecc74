#pragma once

// The workspace behind the window: the open inputs, devices, env profile, verification
// records and findings, the models the panels show, and the background jobs that fill them.
// Panels talk to the engine only through this object; nothing here blocks the GUI thread.

#include "model/artifact_report.h"
#include "model/device.h"
#include "model/finding.h"
#include "model/session.h"
#include "probe/protocol.h"
#include "sysinfo/system_inventory.h"
#include "verify/verifier.h"

#include "models/inspect_progress.h"
#include "models/jobs.h"
#include "models/log_model.h"
#include "models/symbol_table_model.h"

#include <QObject>
#include <QStringList>

#include <memory>

namespace hd::ui {

class ArtifactTreeModel;
class LibrariesModel;
class EnvTableModel;
class FindingsModel;
class DevicesModel;
class CompatMatrixModel;
class LogFilterProxy;

class Workspace : public QObject {
    Q_OBJECT
public:
    explicit Workspace(QObject *parent = nullptr);
    ~Workspace() override;

    // Models the panels share.
    SymbolTableModel *symbols() const { return m_symbols; }
    SymbolFilterProxy *symbolProxy() const { return m_symbolProxy; }
    ArtifactTreeModel *tree() const { return m_tree; }
    LibrariesModel *libraries() const { return m_libraries; }
    EnvTableModel *env() const { return m_env; }
    FindingsModel *findings() const { return m_findings; }
    DevicesModel *devices() const { return m_devices; }
    CompatMatrixModel *compat() const { return m_compat; }
    LogModel *logs() const { return m_logs; }
    LogFilterProxy *logProxy() const { return m_logProxy; }

    // --- inputs -------------------------------------------------------------------------
    const QList<ArtifactReport> &artifacts() const { return m_artifacts; }
    const QStringList &inputPaths() const { return m_inputs; }
    // Inspects files (folders are searched for artifacts) in the background and adds them.
    void openPaths(const QStringList &paths);
    void closeAll();
    // One row per symbol name (default) or per symbol of each code object; rebuilt off the
    // GUI thread.
    void setSymbolGrouping(SymbolGrouping grouping);
    SymbolGrouping symbolGrouping() const { return m_grouping; }
    bool isInspecting() const { return m_jobs.isRunning(QStringLiteral("inspect")); }
    void cancelInspection();
    // Where the built-in demo lives (HIPDOCTOR_DEMO_DIR, <exe>/../kernels,
    // <exe>/../share/hipdoctor/demo); "" when none exists.
    static QString demoDirectory();
    // Files of a folder that hold something the inspector reads (by content), plus logs and
    // captured output (*.log, *.txt text).
    static QStringList artifactFilesIn(const QString &dir, int limit = 400);

    // --- where the devices, the inventory and the steps run ------------------------------
    // null = this machine; else a GPU node over ssh (docs/remote.md "In the app"). Setting it
    // queries the devices (and the inventory) there again.
    void setExecutionHost(std::shared_ptr<ExecutionHost> host);
    const std::shared_ptr<ExecutionHost> &executionHost() const { return m_host; }

    // --- devices ------------------------------------------------------------------------
    void refreshDevices(); // probe, in the background
    bool addTarget(const QString &text, QString *error = nullptr);
    const ProbeResult &lastProbe() const { return m_lastProbe; }
    bool probed() const { return m_probed; }
    // The system inventory (core/sysinfo): collected in the background with each device query,
    // or the one of an opened session (inventoryFromSession()); saved in sessions.
    void refreshInventory();
    bool isCollectingInventory() const { return m_jobs.isRunning(QStringLiteral("inventory")); }
    const SystemInventory &inventory() const { return m_inventory; }
    bool inventoryFromSession() const { return m_inventoryFromSession; }

    // --- verification -------------------------------------------------------------------
    VerifyOptions &verifyOptions() { return m_verifyOptions; }
    void runSteps(const QList<int> &steps);
    void cancelVerification();
    bool isVerifying() const { return m_jobs.isRunning(QStringLiteral("verify")); }
    const QList<StepRecord> &steps() const { return m_steps; }
    const StepRecord *step(int n) const;
    const Comparison &comparison() const { return m_comparison; }
    // Replaces everything with the contents of a session / report (used by session open).
    void setVerification(const QList<StepRecord> &steps, const Comparison &comparison);

    // --- sessions and reports ------------------------------------------------------------
    // The whole state as a session (inputs, devices, env profile, steps, findings).
    Session makeSession() const;
    // Replaces the state with a loaded session; reopens its artifacts that still exist.
    void applySession(const Session &session);
    // Background save/load/report; results come back through the signals below.
    void saveSessionTo(const QString &path);
    void openSessionFrom(const QString &path);
    // format "md" | "html"; path "" = only emit reportReady (for the clipboard).
    void makeReport(const QString &format, const QString &path, bool redact = true);
    const QString &sessionPath() const { return m_sessionPath; }

    // --- findings -----------------------------------------------------------------------
    const QList<Finding> &allFindings() const { return m_allFindings; }
    // The kernel name the user's code asks for (name box). A question only: the diagnosis
    // looks it up (and the report shows it) once the user keeps it.
    void setRequestedKernel(const QString &name);
    const QString &requestedKernel() const { return m_requestedKernel; }
    void keepRequestedKernel();
    const QStringList &keptKernels() const { return m_keptKernels; }
    // Re-runs the diagnosis engine on the open inputs, devices, env and names (background,
    // debounced; a newer request supersedes a running one).
    void scheduleDiagnosis();
    bool isDiagnosing() const;
    void setExtraFindings(const QList<Finding> &findings); // e.g. from a loaded session
    // Replaces the env profile with one of the app's presets. While a variable keeps the
    // preset's value, the diagnosis does not warn that the runtime ignores it: the app chose
    // it, not the user.
    void applyEnvPreset(const QMap<QString, QString> &preset);

    // The language changed: the models' headers and texts are asked for again.
    void retranslate();

signals:
    void busyChanged(const QString &kind, bool running, const QString &message);
    void progress(const QString &kind, int done, int total, const QString &message);
    void artifactsChanged();
    void symbolsRebuilt(); // the symbol table's rows were regrouped
    void devicesChanged();
    void inventoryChanged();
    void executionHostChanged();
    void stepsChanged();
    void verifyOptionsChanged(); // replaced as a whole (an opened session): forms refill
    void stepStarted(int step);
    void findingsChanged();
    void statusMessage(const QString &message);
    void sessionSaved(const QString &path, bool ok, const QString &error);
    void sessionOpened(const QString &path, bool ok, const QString &error);
    void reportReady(const QString &format, const QString &path, const QString &text,
                     const QString &error);

private:
    void setArtifacts(QList<ArtifactReport> artifacts, QStringList inputs);
    void applyStepRecord(const StepRecord &record);
    // A running inspection's progress (GUI thread): the status text, and the tree with the
    // bundles read so far under the file being read.
    void showPartialInspection(const JobTracker::Ticket &ticket, const InspectSnapshot &s);
    void rebuildFindings();
    void rebuildLogs();
    void runDiagnosis();

    SymbolTableModel *m_symbols;
    SymbolFilterProxy *m_symbolProxy;
    ArtifactTreeModel *m_tree;
    LibrariesModel *m_libraries;
    EnvTableModel *m_env;
    FindingsModel *m_findings;
    DevicesModel *m_devices;
    CompatMatrixModel *m_compat;
    LogModel *m_logs;
    LogFilterProxy *m_logProxy;

    JobTracker m_jobs;
    QList<ArtifactReport> m_artifacts;
    QStringList m_inputs;
    ProbeResult m_lastProbe;
    bool m_probed = false;
    SystemInventory m_inventory;
    bool m_inventoryFromSession = false;
    VerifyOptions m_verifyOptions;
    std::shared_ptr<Verifier> m_verifier;
    std::shared_ptr<ExecutionHost> m_host; // null: this machine
    QList<StepRecord> m_steps;
    QList<EnvProblem> m_envProblems; // of the last run (or the opened session)
    Comparison m_comparison;
    QList<Finding> m_extraFindings;
    QList<Finding> m_allFindings;
    QString m_sessionPath;
    QString m_requestedKernel;
    QStringList m_keptKernels;
    SymbolGrouping m_grouping = SymbolGrouping::ByName;
    QList<Finding> m_diagnosisFindings;
    QMap<QString, QString> m_presetEnv; // the last preset applied
    QList<LogModel::Entry> m_inputLogs; // runtime logs opened as inputs, parsed
    class QTimer *m_diagnoseTimer = nullptr;
};

} // namespace hd::ui
