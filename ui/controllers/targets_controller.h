#pragma once

// Where the steps run and on which GPUs: the devices (probed there, typed by the user, or a
// session's), their compatibility with the open code objects, the system inventory of that
// machine, and the execution host itself (this machine, or a GPU node connected to over ssh).
// Panels read it; the diagnosis and the verification read its devices and host
// (docs/architecture.md "The GUI").

#include "model/device.h"
#include "probe/protocol.h"
#include "scan/scan.h"
#include "sysinfo/system_inventory.h"

#include "models/jobs.h"

#include <QObject>
#include <QStringList>

#include <memory>

namespace hd {
struct Session;
class ExecutionHost;
} // namespace hd

namespace hd::ui {

class InputsController;
class DevicesModel;
class CompatMatrixModel;
class CoverageModel;

class TargetsController : public QObject {
    Q_OBJECT
public:
    // The compatibility matrix crosses the devices with the inputs' code objects.
    explicit TargetsController(InputsController *inputs, QObject *parent = nullptr);
    ~TargetsController() override;

    DevicesModel *devicesModel() const { return m_devices; }
    CompatMatrixModel *compat() const { return m_compat; }
    QList<DeviceInfo> devices() const;
    // The targets the user typed (or a session's): never a detected GPU.
    QList<DeviceInfo> typedTargets() const;
    // The devices the runtime reported (this machine or the node).
    QList<DeviceInfo> probedDevices() const;

    // --- devices --------------------------------------------------------------------------
    void refreshDevices(); // probe, in the background (and the inventory)
    bool isQueryingDevices() const { return m_jobs.isRunning(QStringLiteral("devices")); }
    bool addTarget(const QString &text, QString *error = nullptr);
    void removeDevice(int row);
    void clearDevices(); // probed, typed and a session's
    // A new case: the typed targets and a session's devices go, the probed GPUs and the
    // inventory of where the steps run stay (a session's inventory is collected again).
    void clearCaseDevices();
    // Replaces the probed devices with these (those a verification's probe saw); typed
    // targets and a session's devices stay.
    void setProbedDevices(const QList<DeviceInfo> &devices);
    const ProbeResult &lastProbe() const { return m_lastProbe; }
    bool probed() const { return m_probed; }

    // --- inventory ------------------------------------------------------------------------
    // Collected in the background with each device query, or the one of an opened session.
    void refreshInventory();
    bool isCollectingInventory() const { return m_jobs.isRunning(QStringLiteral("inventory")); }
    const SystemInventory &inventory() const { return m_inventory; }
    bool inventoryFromSession() const { return m_inventoryFromSession; }

    // --- where the steps run --------------------------------------------------------------
    // null = this machine; else a GPU node over ssh (docs/remote.md "In the app"). Setting it
    // queries the devices (and the inventory) there again.
    void setExecutionHost(std::shared_ptr<ExecutionHost> host);
    const std::shared_ptr<ExecutionHost> &executionHost() const { return m_host; }
    // "" = this machine, else the node as the user named it.
    QString hostName() const;
    // Opens an ssh connection to destination in the background (the user's own ssh, nothing
    // asked); on success it becomes the execution host. nodeConnectFinished says how it went.
    void connectToNode(const QString &destination);
    bool isConnecting() const { return m_jobs.isRunning(QStringLiteral("connect")); }
    // The destinations to offer: recent ones first, then ~/.ssh/config's hosts without
    // patterns (sshConfig "" = ~/.ssh/config).
    static QStringList knownNodes(const QString &sshConfig = {});
    static QStringList sshConfigHosts(const QString &config = {});

    // The devices and inventory of a loaded session.
    void restoreFromSession(const Session &session);

    // --- coverage of installed libraries ---------------------------------------------------
    // Scans folders (a ROCm prefix, a Python environment's torch/lib, a kernel folder) for
    // libraries with device code, as hipdoctor-cli scan does, with a verdict per device. Each
    // call adds its folders to those scanned before (only the new ones are read) and coverage()
    // shows them all, so two installs are compared side by side; all are scanned again when the
    // devices change. Runs here, on this machine's files, in the background.
    void scanLibraries(const QStringList &paths);
    // Forgets every folder scanned (a running scan is dropped).
    void clearScans();
    // Stops a running scan (Cancel, Esc): the folders it was reading are dropped from those
    // asked for, so that no later change of devices starts it again; the scans done stay.
    void cancelScan();
    const QStringList &scannedPaths() const { return m_scanPaths; } // every folder asked for
    bool isScanning() const { return m_jobs.isRunning(QStringLiteral("scan")); }
    // While scanning: the files read so far of those found ("120 of 1,204 files read"), or the
    // folders still being listed; "" when no scan runs.
    QString scanProgressText() const;
    int scanFilesRead() const { return m_scanRead; }
    int scanFilesSeen() const { return m_scanSeen; }
    CoverageModel *coverage() const { return m_coverage; }
    // Folders worth scanning that exist here: the ROCm prefixes and the CUDA toolkit.
    static QStringList suggestedScanFolders();

signals:
    void busyChanged(const QString &kind, bool running, const QString &message);
    void devicesChanged();
    void coverageChanged();     // coverage() holds a new scan (or none)
    void scanProgressChanged(); // scanFilesRead() / scanFilesSeen() moved, or a scan started
    // A job's progress for the status bar (the scan's files read).
    void progress(const QString &kind, int done, int total, const QString &message);
    void inventoryChanged();
    void executionHostChanged(); // the devices and the inventory are asked for there
    // ok: connected (message: the node's name); else message says why not.
    void nodeConnectFinished(bool ok, const QString &destination, const QString &message);

private:
    void keepOnlyTypedDevicesAnd(const QList<DeviceInfo> &probed);
    QList<TargetId> deviceTargets() const; // the devices' distinct targets, in order
    void startScan();                      // the folders asked for that no finished scan holds
    void setScanProgress(int read, int seen);

    InputsController *m_inputs;
    DevicesModel *m_devices;
    CompatMatrixModel *m_compat;
    CoverageModel *m_coverage;
    QStringList m_scanPaths;   // every folder asked for, in order
    QList<ScanResult> m_scans; // the finished scans, with the current devices
    QStringList m_scanned;     // the folders m_scans hold
    QStringList m_scanning;    // the folders the running scan reads
    int m_scanRead = 0, m_scanSeen = 0;
    JobTracker m_jobs;
    ProbeResult m_lastProbe;
    bool m_probed = false;
    SystemInventory m_inventory;
    bool m_inventoryFromSession = false;
    std::shared_ptr<ExecutionHost> m_host; // null: this machine
};

} // namespace hd::ui
