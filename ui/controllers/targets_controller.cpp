#include "controllers/targets_controller.h"

#include "models/engine_text.h"

#include "controllers/inputs_controller.h"

#include "common/input_file.h"
#include "exec/execution_host.h"
#include "model/session.h"
#include "probe/probe_client.h"
#include "remote/ssh_host.h"

#include "models/compat_matrix_model.h"
#include "models/coverage_model.h"
#include "models/devices_model.h"

#include <QDir>
#include <QLocale>
#include <QPointer>
#include <QRegularExpression>
#include <QSettings>

namespace hd::ui {

namespace {

const QString kDevices = QStringLiteral("devices");
const QString kInventory = QStringLiteral("inventory");
const QString kConnect = QStringLiteral("connect");
const QString kScan = QStringLiteral("scan");
constexpr int kRecentNodes = 10;
const char kRecentKey[] = "remote/recent";

QStringList recentNodes() {
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void rememberNode(const QString &destination) {
    QStringList r = recentNodes();
    r.removeAll(destination);
    r.prepend(destination);
    QSettings().setValue(QLatin1String(kRecentKey), r.mid(0, kRecentNodes));
}

} // namespace

TargetsController::TargetsController(InputsController *inputs, QObject *parent)
    : QObject(parent), m_inputs(inputs), m_devices(new DevicesModel(this)),
      m_compat(new CompatMatrixModel(this)), m_coverage(new CoverageModel(this)) {
    const auto devicesToCompat = [this] {
        m_compat->setDevices(m_devices->devices());
        // The verdicts are per target: scanned again only when the targets change (a probe's
        // refresh resets and updates the model several times with the same GPUs).
        if (!m_scanPaths.isEmpty() && m_coverage->result().devices != deviceTargets()) {
            m_scans.clear();
            m_scanned.clear();
            m_scanning.clear();
            startScan();
        }
    };
    connect(m_devices, &QAbstractItemModel::modelReset, this, devicesToCompat);
    connect(m_devices, &QAbstractItemModel::rowsInserted, this, devicesToCompat);
    connect(m_devices, &QAbstractItemModel::rowsRemoved, this, devicesToCompat);
    connect(m_devices, &QAbstractItemModel::dataChanged, this, devicesToCompat);
    connect(m_inputs, &InputsController::artifactsChanged, this,
            [this] { m_compat->setArtifacts(m_inputs->artifacts()); });
}

TargetsController::~TargetsController() {
    m_jobs.cancel(kDevices);
    m_jobs.cancel(kInventory);
    m_jobs.cancel(kConnect);
    m_jobs.cancel(kScan);
}

void TargetsController::scanLibraries(const QStringList &paths) {
    for (const QString &p : paths) {
        const QString path = QDir::cleanPath(p);
        if (!p.isEmpty() && !m_scanPaths.contains(path))
            m_scanPaths.append(path);
    }
    startScan();
}

void TargetsController::clearScans() {
    const bool wasScanning = isScanning();
    m_jobs.cancel(kScan);
    m_scanPaths.clear();
    m_scans.clear();
    m_scanned.clear();
    m_scanning.clear();
    m_coverage->setResult({});
    if (wasScanning)
        emit busyChanged(kScan, false, QString());
    emit coverageChanged();
}

void TargetsController::cancelScan() {
    if (!isScanning())
        return;
    m_jobs.cancel(kScan);
    for (const QString &p : std::as_const(m_scanning))
        m_scanPaths.removeAll(p);
    m_scanning.clear();
    setScanProgress(0, 0);
    emit busyChanged(kScan, false, tr("Scan cancelled"));
    emit coverageChanged();
}

void TargetsController::startScan() {
    QStringList pending;
    for (const QString &p : std::as_const(m_scanPaths))
        if (!m_scanned.contains(p))
            pending.append(p);
    // Nothing new, or exactly what the running scan reads: it goes on. Else a running scan is
    // superseded and its folders are read again with the new ones.
    if (pending.isEmpty() || (isScanning() && pending == m_scanning))
        return;
    m_scanning = pending;
    ScanOptions options;
    options.devices = deviceTargets();
    const JobTracker::Ticket ticket = m_jobs.start(kScan);
    options.cancel = ticket.cancel.get();
    // The reading threads report each file; one call to the GUI thread at a time carries the
    // latest counts (the others are folded into it).
    struct Counts {
        std::atomic_int read{0}, seen{0};
        std::atomic_bool posted{false};
    };
    auto counts = std::make_shared<Counts>();
    const QPointer<QObject> guard(this);
    options.progress = [this, guard, ticket, counts](int read, int seen) {
        counts->read = read;
        counts->seen = seen;
        if (counts->posted.exchange(true))
            return;
        postToGui(guard, [this, ticket, counts] {
            counts->posted = false;
            if (m_jobs.isCurrent(ticket))
                setScanProgress(counts->read, counts->seen);
        });
    };
    setScanProgress(0, 0);
    emit busyChanged(kScan, true, tr("Scanning %1…").arg(pending.join(QStringLiteral(", "))));
    runInBackground(
        this, [pending, options] { return scanPaths(pending, options); },
        [this, ticket, pending](ScanResult result) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_scanning.clear();
            m_scans.append(std::move(result));
            m_scanned += pending;
            m_coverage->setResult(combineScans(m_scans));
            int withCode = 0;
            for (const ScanLibrary &l : m_coverage->result().libraries)
                withCode += l.deviceCode ? 1 : 0;
            emit busyChanged(kScan, false,
                             tr("Scanned: %n librar(ies) with device code", nullptr, withCode));
            emit coverageChanged();
        });
}

void TargetsController::setScanProgress(int read, int seen) {
    m_scanRead = read;
    m_scanSeen = seen;
    emit scanProgressChanged();
    if (seen > 0)
        emit progress(
            kScan, read, seen,
            tr("Scanning %1: %2").arg(m_scanning.join(QStringLiteral(", ")), scanProgressText()));
}

QString TargetsController::scanProgressText() const {
    if (!isScanning())
        return {};
    if (m_scanSeen <= 0)
        return tr("Looking for libraries in %1…").arg(m_scanning.join(QStringLiteral(", ")));
    return tr("%1 of %n file(s) read", nullptr, m_scanSeen).arg(QLocale().toString(m_scanRead));
}

QList<TargetId> TargetsController::deviceTargets() const {
    QList<TargetId> targets;
    for (const DeviceInfo &d : m_devices->devices())
        if (!targets.contains(d.target))
            targets.append(d.target);
    return targets;
}

QStringList TargetsController::suggestedScanFolders() {
    QStringList out;
    const QStringList candidates{qEnvironmentVariable("ROCM_PATH"), QStringLiteral("/opt/rocm"),
                                 qEnvironmentVariable("CUDA_PATH"),
                                 QStringLiteral("/usr/local/cuda/lib64")};
    for (const QString &c : candidates)
        if (!c.isEmpty() && QDir(c).exists() && !out.contains(c))
            out.append(c);
    return out;
}

QList<DeviceInfo> TargetsController::devices() const {
    return m_devices->devices();
}

QList<DeviceInfo> TargetsController::typedTargets() const {
    QList<DeviceInfo> typed;
    for (const DeviceInfo &d : m_devices->devices())
        if (d.source == DeviceInfo::Source::TargetOption)
            typed.append(d);
    return typed;
}

QList<DeviceInfo> TargetsController::probedDevices() const {
    QList<DeviceInfo> probed;
    for (const DeviceInfo &d : m_devices->devices())
        if (d.source == DeviceInfo::Source::Probe)
            probed.append(d);
    return probed;
}

// --------------------------------------------------------------------------------- devices

void TargetsController::refreshDevices() {
    refreshInventory(); // the machine's answers to the first questions, next to its devices
    const JobTracker::Ticket ticket = m_jobs.start(kDevices);
    emit busyChanged(kDevices, true,
                     m_host
                         ? tr("Asking the GPU runtime on %1 for devices…").arg(m_host->hostName())
                         : tr("Asking the GPU runtime for devices…"));
    runInBackground(
        this,
        [ticket, host = m_host]() {
            ProbeOptions options;
            options.cancel = ticket.cancel.get();
            options.timeoutMs = 30000;
            if (host) {
                ProbeRequest rq;
                rq.kind = ProbeRequest::Kind::Devices;
                rq.backend = QStringLiteral("auto");
                return host->runProbe(rq, options);
            }
            return probeDevices(QStringLiteral("auto"), options);
        },
        [this, ticket](ProbeResult r) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_lastProbe = r;
            m_probed = true;
            keepOnlyTypedDevicesAnd(r.devices);
            emit busyChanged(kDevices, false, r.summary());
            emit devicesChanged();
        });
}

void TargetsController::keepOnlyTypedDevicesAnd(const QList<DeviceInfo> &probed) {
    QList<DeviceInfo> kept;
    for (const DeviceInfo &d : m_devices->devices())
        if (d.source != DeviceInfo::Source::Probe)
            kept.append(d);
    m_devices->setDevices(probed + kept);
}

void TargetsController::setProbedDevices(const QList<DeviceInfo> &devices) {
    keepOnlyTypedDevicesAnd(devices);
    emit devicesChanged();
}

bool TargetsController::addTarget(const QString &text, QString *error) {
    const auto t = TargetId::parse(text.trimmed(), error);
    if (!t)
        return false;
    m_devices->addDevice(DeviceInfo::fromTarget(*t));
    emit devicesChanged();
    return true;
}

void TargetsController::removeDevice(int row) {
    if (row < 0 || row >= m_devices->rowCount())
        return;
    m_devices->removeDevice(row);
    emit devicesChanged();
}

void TargetsController::clearDevices() {
    m_devices->setDevices({});
    emit devicesChanged();
}

void TargetsController::clearCaseDevices() {
    const QList<DeviceInfo> probed = probedDevices();
    if (probed.size() != devices().size()) {
        m_devices->setDevices(probed);
        emit devicesChanged();
    }
    if (m_inventoryFromSession)
        refreshInventory();
}

// ------------------------------------------------------------------------------- inventory

void TargetsController::refreshInventory() {
    const JobTracker::Ticket ticket = m_jobs.start(kInventory);
    runInBackground(
        this,
        [host = m_host] {
            return host ? collectSystemInventory(*host) : collectSessionInventory();
        },
        [this, ticket](SystemInventory inventory) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_inventory = std::move(inventory);
            m_inventoryFromSession = false;
            emit inventoryChanged();
        });
}

void TargetsController::restoreFromSession(const Session &session) {
    QList<DeviceInfo> devices = session.devices;
    for (DeviceInfo &d : devices)
        if (d.source == DeviceInfo::Source::Probe)
            d.source = DeviceInfo::Source::Session; // seen where the session was made
    m_devices->setDevices(devices);
    emit devicesChanged();
    // The session's inventory, not this machine's: a collection still running is dropped.
    m_jobs.cancel(kInventory);
    m_inventory = session.inventory;
    m_inventoryFromSession = true;
    emit inventoryChanged();
}

// -------------------------------------------------------------------------- where it runs

void TargetsController::setExecutionHost(std::shared_ptr<ExecutionHost> host) {
    m_host = std::move(host);
    emit executionHostChanged();
    refreshDevices();
}

QString TargetsController::hostName() const {
    return m_host ? m_host->hostName() : QString();
}

void TargetsController::connectToNode(const QString &rawDestination) {
    const QString destination = rawDestination.trimmed();
    if (destination.isEmpty() || isConnecting())
        return;
    const JobTracker::Ticket ticket = m_jobs.start(kConnect);
    emit busyChanged(kConnect, true, tr("Connecting to %1…").arg(destination));
    SshHostOptions o;
    o.ssh.destination = destination;
    auto host = std::make_shared<SshHost>(o);
    // Opening may take up to a minute (ConnectTimeout per hop): off the GUI thread.
    runInBackground(
        this,
        [host] {
            const bool ok = host->connection().open();
            // The failure in the user's language (docs/design.md, "Languages").
            return std::make_pair(ok, ok ? host->connection().nodeName()
                                         : shownEngineText(host->connection().lastMessageText()));
        },
        [this, ticket, host, destination](std::pair<bool, QString> r) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            emit busyChanged(kConnect, false,
                             r.first ? tr("Connected to %1").arg(destination)
                                     : tr("Not connected: %1").arg(r.second));
            if (r.first) {
                rememberNode(destination);
                setExecutionHost(host);
            }
            emit nodeConnectFinished(r.first, destination, r.second);
        });
}

QStringList TargetsController::sshConfigHosts(const QString &config) {
    const QString path =
        config.isEmpty() ? QDir::homePath() + QStringLiteral("/.ssh/config") : config;
    QStringList hosts;
    // Opened as every input is (docs/limits.md): a FIFO or a device there never blocks the
    // GUI thread; it is not read.
    QString why;
    const QByteArray text = readInputFile(path, 1 << 20, &why);
    static const QRegularExpression host(QStringLiteral("^\\s*host(?:\\s*=\\s*|\\s+)(.+)$"),
                                         QRegularExpression::CaseInsensitiveOption);
    for (const QString &line : QString::fromUtf8(text).split(QLatin1Char('\n'))) {
        const auto m = host.match(line.section(QLatin1Char('#'), 0, 0));
        if (!m.hasMatch())
            continue;
        for (const QString &h :
             m.captured(1).split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
            if (!h.contains(QLatin1Char('*')) && !h.contains(QLatin1Char('?')) &&
                !h.startsWith(QLatin1Char('!')) && !hosts.contains(h))
                hosts << h;
    }
    return hosts;
}

QStringList TargetsController::knownNodes(const QString &sshConfig) {
    QStringList items = recentNodes();
    for (const QString &h : sshConfigHosts(sshConfig))
        if (!items.contains(h))
            items << h;
    return items;
}

} // namespace hd::ui
