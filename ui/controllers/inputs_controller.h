#pragma once

// The window's inputs: the artifacts and logs the user opened, the devices (probed or typed),
// the system inventory, the env profile and the kernel names of the name box; the models that
// show them, the background jobs that fill them, and the diagnosis over them, re-run
// (debounced) whenever they change. It knows nothing of the verification: the
// VerificationController reads it, not the other way round (docs/architecture.md "The GUI").

#include "model/artifact_report.h"
#include "model/device.h"
#include "model/finding.h"
#include "probe/protocol.h"
#include "sysinfo/system_inventory.h"

#include "models/inspect_progress.h"
#include "models/jobs.h"
#include "models/log_model.h"
#include "models/symbol_table_model.h"

#include <QMap>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>

class QTimer;

namespace hd {
struct Session;
class ExecutionHost;
} // namespace hd

namespace hd::ui {

class ArtifactTreeModel;
class LibrariesModel;
class EnvTableModel;
class DevicesModel;
class CompatMatrixModel;

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
    DevicesModel *devices() const { return m_devices; }
    CompatMatrixModel *compat() const { return m_compat; }

    // --- artifacts and logs ---------------------------------------------------------------
    const QList<ArtifactReport> &artifacts() const { return m_artifacts; }
    const QStringList &inputPaths() const { return m_inputs; }
    // Runtime logs and captured output opened as inputs, parsed.
    const QList<LogModel::Entry> &inputLogs() const { return m_inputLogs; }
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
    // Replaces the probed devices with these (those a verification's probe saw); typed
    // targets and a session's devices stay.
    void setProbedDevices(const QList<DeviceInfo> &devices);
    const ProbeResult &lastProbe() const { return m_lastProbe; }
    bool probed() const { return m_probed; }
    // The system inventory (core/sysinfo): collected in the background with each device query,
    // or the one of an opened session (inventoryFromSession()); saved in sessions.
    void refreshInventory();
    bool isCollectingInventory() const { return m_jobs.isRunning(QStringLiteral("inventory")); }
    const SystemInventory &inventory() const { return m_inventory; }
    bool inventoryFromSession() const { return m_inventoryFromSession; }

    // --- env ----------------------------------------------------------------------------
    // The enabled variables of the env table.
    QMap<QString, QString> envProfile() const;
    // Replaces the env profile with one of the app's presets. While a variable keeps the
    // preset's value, the diagnosis does not warn that the runtime ignores it: the app chose
    // it, not the user.
    void applyEnvPreset(const QMap<QString, QString> &preset);

    // The env profile, devices and inventory of a loaded session (its artifacts are reopened
    // by the caller, after its records).
    void restoreFromSession(const Session &session);

    // --- names and diagnosis ------------------------------------------------------------
    // The kernel name the user's code asks for (name box). A question only: the diagnosis
    // looks it up (and the report shows it) once the user keeps it.
    void setRequestedKernel(const QString &name);
    const QString &requestedKernel() const { return m_requestedKernel; }
    void keepRequestedKernel();
    const QStringList &keptKernels() const { return m_keptKernels; }
    // Names asked for elsewhere in the window (the verification's step-2 kernel), read each
    // time the diagnosis runs.
    void setOtherKernelNames(std::function<QStringList()> names) {
        m_otherKernelNames = std::move(names);
    }
    // Re-runs the diagnosis engine on the open inputs, devices, env and names (background,
    // debounced; a newer request supersedes a running one).
    void scheduleDiagnosis();
    bool isDiagnosing() const;
    const QList<Finding> &diagnosisFindings() const { return m_diagnosisFindings; }

signals:
    void busyChanged(const QString &kind, bool running, const QString &message);
    void progress(const QString &kind, int done, int total, const QString &message);
    void artifactsChanged();
    void symbolsRebuilt(); // the symbol table's rows were regrouped
    void inputLogsChanged();
    void devicesChanged();
    void inventoryChanged();
    void diagnosisChanged();     // diagnosisFindings() replaced
    void diagnosisFinished();    // a diagnosis job ended (after diagnosisChanged)
    void executionHostChanged(); // the devices and the inventory are asked for there

private:
    // What an inspection leaves: the open artifacts and inputs with the new ones after them,
    // the symbol rows of all, the logs read.
    struct Inspected {
        QList<ArtifactReport> artifacts;
        QStringList inputs;
        SymbolRows rows;
        QList<LogModel::Entry> logs;
    };
    // On a worker thread: inspects the files of paths that are not open yet (progress goes to
    // the GUI thread through guard).
    Inspected inspect(const QStringList &paths, Inspected open, SymbolGrouping grouping,
                      const JobTracker::Ticket &ticket, const QPointer<QObject> &guard);
    void setArtifacts(QList<ArtifactReport> artifacts, QStringList inputs);
    void keepOnlyTypedDevicesAnd(const QList<DeviceInfo> &probed);
    // A running inspection's progress (GUI thread): the status text, and the tree with the
    // bundles read so far under the file being read.
    void showPartialInspection(const JobTracker::Ticket &ticket, const InspectSnapshot &s);
    void runDiagnosis();
    bool isPresetWarning(const Finding &f, const QMap<QString, QString> &profile) const;

    SymbolTableModel *m_symbols;
    SymbolFilterProxy *m_symbolProxy;
    ArtifactTreeModel *m_tree;
    LibrariesModel *m_libraries;
    EnvTableModel *m_env;
    DevicesModel *m_devices;
    CompatMatrixModel *m_compat;

    JobTracker m_jobs;
    QList<ArtifactReport> m_artifacts;
    QStringList m_inputs;
    QList<LogModel::Entry> m_inputLogs;
    SymbolGrouping m_grouping = SymbolGrouping::ByName;
    ProbeResult m_lastProbe;
    bool m_probed = false;
    SystemInventory m_inventory;
    bool m_inventoryFromSession = false;
    QMap<QString, QString> m_presetEnv;    // the last preset applied
    std::shared_ptr<ExecutionHost> m_host; // null: this machine
    QString m_requestedKernel;
    QStringList m_keptKernels;
    std::function<QStringList()> m_otherKernelNames;
    QList<Finding> m_diagnosisFindings;
    QTimer *m_diagnoseTimer = nullptr;
};

} // namespace hd::ui
