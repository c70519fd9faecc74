#include "controllers/inputs_controller.h"

#include "artifacts/inspector.h"
#include "diagnosis/diagnosis.h"
#include "env/env_catalogue.h"
#include "env/env_profile.h"
#include "exec/execution_host.h"
#include "logs/amd_log.h"
#include "model/session.h"
#include "probe/probe_client.h"

#include "models/artifact_tree_model.h"
#include "models/compat_matrix_model.h"
#include "models/devices_model.h"
#include "models/env_table_model.h"
#include "models/libraries_model.h"
#include "models/symbol_table_model.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTimer>

#include <algorithm>

namespace hd::ui {

namespace {

const QString kInspect = QStringLiteral("inspect");
const QString kDevices = QStringLiteral("devices");
const QString kInventory = QStringLiteral("inventory");
const QString kDiagnose = QStringLiteral("diagnose");

QList<EnvVarRow> catalogueRows() {
    QList<EnvVarRow> rows;
    for (const EnvVarInfo &v : envCatalogue()) {
        EnvVarRow r;
        r.name = v.name;
        r.meaning = v.note.isEmpty() ? v.meaning : v.meaning + QLatin1Char(' ') + v.note;
        r.allowed = v.allowedValues;
        r.category = envGroupName(v.group);
        rows.append(r);
    }
    return rows;
}

// The files to inspect for the paths the user gave: a folder is searched for artifacts (a
// Triton cache folder is one input: the search finds its files).
QStringList filesOf(const QStringList &paths) {
    QStringList files;
    for (const QString &p : paths) {
        const QFileInfo fi(p);
        if (fi.isDir())
            files += InputsController::artifactFilesIn(fi.absoluteFilePath());
        else
            files.append(fi.absoluteFilePath());
    }
    return files;
}

// A runtime log or build output: the Logs panel shows it, the diagnosis reads it; it has no
// code objects.
QList<LogModel::Entry> readLogInput(const QString &path) {
    QList<LogModel::Entry> entries;
    QFile text(path);
    if (text.open(QIODevice::ReadOnly)) {
        const AmdLog log = parseAmdLog(QString::fromUtf8(text.read(32 << 20)));
        for (const AmdLogLine &l : log.lines)
            entries.append({path, l});
    }
    return entries;
}

} // namespace

InputsController::InputsController(QObject *parent)
    : QObject(parent), m_symbols(new SymbolTableModel(this)),
      m_symbolProxy(new SymbolFilterProxy(this)), m_tree(new ArtifactTreeModel(this)),
      m_libraries(new LibrariesModel(this)), m_env(new EnvTableModel(this)),
      m_devices(new DevicesModel(this)), m_compat(new CompatMatrixModel(this)) {
    m_symbolProxy->setSourceModel(m_symbols);
    m_env->setCatalogue(catalogueRows());
    m_env->setValidator(
        [](const QString &name, const QString &value) { return validateEnvValue(name, value); });
    const auto devicesToCompat = [this] { m_compat->setDevices(m_devices->devices()); };
    connect(m_devices, &QAbstractItemModel::modelReset, this, devicesToCompat);
    connect(m_devices, &QAbstractItemModel::rowsInserted, this, devicesToCompat);
    connect(m_devices, &QAbstractItemModel::rowsRemoved, this, devicesToCompat);
    connect(m_devices, &QAbstractItemModel::dataChanged, this, devicesToCompat);
    // The diagnosis follows every input change, once things settle.
    m_diagnoseTimer = new QTimer(this);
    m_diagnoseTimer->setSingleShot(true);
    m_diagnoseTimer->setInterval(300);
    connect(m_diagnoseTimer, &QTimer::timeout, this, &InputsController::runDiagnosis);
    connect(this, &InputsController::artifactsChanged, this, &InputsController::scheduleDiagnosis);
    connect(this, &InputsController::devicesChanged, this, &InputsController::scheduleDiagnosis);
    connect(m_env, &EnvTableModel::profileChanged, this, &InputsController::scheduleDiagnosis);
}

InputsController::~InputsController() {
    // Raise every cancel flag so background work stops early; results are dropped by QPointer.
    m_jobs.cancel(kInspect);
    m_jobs.cancel(kDevices);
    m_jobs.cancel(kDiagnose);
}

// ---------------------------------------------------------------------- artifacts and logs

QString InputsController::demoDirectory() {
    const QString env = qEnvironmentVariable("HIPDOCTOR_DEMO_DIR");
    if (!env.isEmpty() && QFileInfo(env).isDir())
        return QFileInfo(env).absoluteFilePath();
    const QString exeDir = QCoreApplication::applicationDirPath();
    for (const QString &rel :
         {QStringLiteral("/../kernels"), QStringLiteral("/../share/hipdoctor/demo")}) {
        const QFileInfo fi(exeDir + rel);
        if (fi.isDir())
            return fi.canonicalFilePath();
    }
    return {};
}

QStringList InputsController::artifactFilesIn(const QString &dir, int limit) {
    QStringList files;
    QDirIterator it(dir, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext() && files.size() < limit) {
        const QString path = it.next();
        const QFileInfo fi(path);
        // Build-system droppings and sources are not artifacts; detection reads only a header.
        if (fi.size() == 0 || fi.fileName().startsWith(QLatin1Char('.')) ||
            path.contains(QLatin1String("/CMakeFiles/")))
            continue;
        const ArtifactKind k = detectArtifactKind(path);
        // Text counts when it is a log or captured output (a runtime log, a traceback, build
        // output); sources and build scripts are not inputs.
        const QString suffix = fi.suffix().toLower();
        const bool textInput = k == ArtifactKind::Text &&
                               (suffix == QLatin1String("log") || suffix == QLatin1String("txt"));
        if (textInput ||
            (k != ArtifactKind::Unknown && k != ArtifactKind::Text && k != ArtifactKind::Directory))
            files.append(path);
    }
    files.sort();
    return files;
}

void InputsController::openPaths(const QStringList &paths) {
    if (paths.isEmpty())
        return;
    const JobTracker::Ticket ticket = m_jobs.start(kInspect);
    emit busyChanged(kInspect, true, tr("Inspecting %n input(s)…", nullptr, int(paths.size())));
    runInBackground(
        this,
        [this, paths, open = Inspected{m_artifacts, m_inputs, {}, {}}, grouping = m_grouping,
         ticket, guard = QPointer<QObject>(this)]() {
            return inspect(paths, open, grouping, ticket, guard);
        },
        [this, ticket](Inspected r) {
            if (!m_jobs.isCurrent(ticket))
                return; // superseded or cancelled: drop the stale result
            m_jobs.finish(ticket);
            m_symbols->setRows(std::move(r.rows));
            m_inputLogs += r.logs;
            emit inputLogsChanged();
            setArtifacts(std::move(r.artifacts), std::move(r.inputs));
            emit busyChanged(kInspect, false,
                             tr("%n artifact(s) open", nullptr, int(m_artifacts.size())));
        });
}

InputsController::Inspected InputsController::inspect(const QStringList &paths, Inspected r,
                                                      SymbolGrouping grouping,
                                                      const JobTracker::Ticket &ticket,
                                                      const QPointer<QObject> &guard) {
    const QStringList files = filesOf(paths);
    QSet<QString> have;
    for (const ArtifactReport &a : r.artifacts)
        have.insert(a.path);
    InspectOptions options;
    options.cancel = ticket.cancel.get();
    int done = 0;
    for (const QString &f : files) {
        if (ticket.cancel->load())
            break;
        postToGui(guard, [this, done, n = int(files.size()), f] {
            emit progress(
                kInspect, done, n,
                tr("Inspecting %1 (%2 of %3)…").arg(QFileInfo(f).fileName()).arg(done + 1).arg(n));
        });
        ++done;
        if (have.contains(f))
            continue;
        have.insert(f);
        r.inputs.append(f);
        if (detectArtifactKind(f) == ArtifactKind::Text) {
            r.logs += readLogInput(f);
            continue;
        }
        options.progress = forwardInspectProgress(
            guard, f, done - 1, int(files.size()),
            [this, ticket](const InspectSnapshot &s) { showPartialInspection(ticket, s); });
        r.artifacts.append(inspectFile(f, options));
    }
    r.rows = buildSymbolRows(r.artifacts, grouping);
    return r;
}

void InputsController::showPartialInspection(const JobTracker::Ticket &ticket,
                                             const InspectSnapshot &s) {
    if (!m_jobs.isCurrent(ticket))
        return;
    const InspectProgress &p = s.counts;
    emit progress(kInspect, p.bundlesExpected > 1 ? p.bundlesDone : p.codeObjectsDone,
                  std::max(1, p.bundlesExpected > 1 ? p.bundlesExpected : p.codeObjectsQueued),
                  inspectProgressText(s));
    if (!s.partial.bundles.isEmpty())
        m_tree->setArtifacts(QList<ArtifactReport>(m_artifacts) << s.partial,
                             int(m_artifacts.size()));
}

void InputsController::setSymbolGrouping(SymbolGrouping grouping) {
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    const JobTracker::Ticket ticket = m_jobs.start(QStringLiteral("symbols"));
    runInBackground(
        this,
        [artifacts = m_artifacts, grouping]() { return buildSymbolRows(artifacts, grouping); },
        [this, ticket](SymbolRows rows) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_symbols->setRows(std::move(rows));
            emit symbolsRebuilt();
        });
}

void InputsController::cancelInspection() {
    if (!m_jobs.isRunning(kInspect))
        return;
    m_jobs.cancel(kInspect);
    emit busyChanged(kInspect, false, tr("Inspection cancelled"));
}

void InputsController::closeAll() {
    m_jobs.cancel(kInspect);
    m_symbols->setRows({});
    m_inputLogs.clear();
    emit inputLogsChanged();
    setArtifacts({}, {});
}

void InputsController::setArtifacts(QList<ArtifactReport> artifacts, QStringList inputs) {
    m_artifacts = std::move(artifacts);
    m_inputs = std::move(inputs);
    QStringList names;
    for (const ArtifactReport &a : m_artifacts)
        names.append(QFileInfo(a.path).fileName());
    m_symbols->setArtifactNames(names);
    m_tree->setArtifacts(m_artifacts);
    m_libraries->setArtifacts(m_artifacts);
    m_compat->setArtifacts(m_artifacts);
    emit artifactsChanged();
}

// --------------------------------------------------------------------------------- devices

void InputsController::refreshInventory() {
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

void InputsController::setExecutionHost(std::shared_ptr<ExecutionHost> host) {
    m_host = std::move(host);
    emit executionHostChanged();
    refreshDevices();
}

void InputsController::refreshDevices() {
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

void InputsController::keepOnlyTypedDevicesAnd(const QList<DeviceInfo> &probed) {
    QList<DeviceInfo> kept;
    for (const DeviceInfo &d : m_devices->devices())
        if (d.source != DeviceInfo::Source::Probe)
            kept.append(d);
    m_devices->setDevices(probed + kept);
}

void InputsController::setProbedDevices(const QList<DeviceInfo> &devices) {
    keepOnlyTypedDevicesAnd(devices);
    emit devicesChanged();
}

bool InputsController::addTarget(const QString &text, QString *error) {
    const auto t = TargetId::parse(text.trimmed(), error);
    if (!t)
        return false;
    m_devices->addDevice(DeviceInfo::fromTarget(*t));
    emit devicesChanged();
    return true;
}

// ------------------------------------------------------------------------------------- env

QMap<QString, QString> InputsController::envProfile() const {
    return m_env->profile();
}

void InputsController::applyEnvPreset(const QMap<QString, QString> &preset) {
    m_presetEnv = preset;
    m_env->applyProfile(preset);
}

void InputsController::restoreFromSession(const Session &session) {
    m_env->applyProfile(session.env.enabledMap());
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

// ------------------------------------------------------------------------ names, diagnosis

void InputsController::setRequestedKernel(const QString &name) {
    m_requestedKernel = name.trimmed();
}

void InputsController::keepRequestedKernel() {
    if (m_requestedKernel.isEmpty() || m_keptKernels.contains(m_requestedKernel))
        return;
    m_keptKernels.append(m_requestedKernel);
    scheduleDiagnosis();
}

void InputsController::scheduleDiagnosis() {
    m_diagnoseTimer->start();
}

bool InputsController::isDiagnosing() const {
    return m_diagnoseTimer->isActive() || m_jobs.isRunning(kDiagnose);
}

void InputsController::runDiagnosis() {
    DiagnoseRequest req;
    req.inputs = m_inputs;
    req.kernels = m_keptKernels;
    if (m_otherKernelNames)
        for (const QString &name : m_otherKernelNames())
            if (!name.isEmpty() && !req.kernels.contains(name))
                req.kernels.append(name);
    for (const DeviceInfo &d : m_devices->devices()) {
        if (d.source == DeviceInfo::Source::Probe)
            req.probeDevices.append(d);
        else
            req.targets.append(d.target.toString());
    }
    req.probeRan = m_probed;
    req.probeLibrary = m_lastProbe.hello.library;
    req.runtimeVersion = m_lastProbe.hello.runtimeVersion;
    const QMap<QString, QString> profile = m_env->profile();
    for (auto it = profile.cbegin(); it != profile.cend(); ++it)
        req.env.append({it.key(), it.value()});
    if (req.inputs.isEmpty() && req.env.isEmpty() && !m_probed) {
        m_diagnosisFindings.clear();
        emit diagnosisChanged();
        return;
    }
    const JobTracker::Ticket ticket = m_jobs.start(kDiagnose);
    req.cancel = ticket.cancel.get();
    emit busyChanged(kDiagnose, true, tr("Diagnosing…"));
    runInBackground(
        this, [req, ticket]() { return diagnose(req).findings; }, // ticket keeps req.cancel alive
        [this, ticket](QList<Finding> findings) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            // No warning about the app's own preset values.
            const QMap<QString, QString> profile = m_env->profile();
            findings.removeIf([&](const Finding &f) { return isPresetWarning(f, profile); });
            m_diagnosisFindings = findings;
            emit diagnosisChanged();
            emit diagnosisFinished();
        });
}

bool InputsController::isPresetWarning(const Finding &f,
                                       const QMap<QString, QString> &profile) const {
    if (f.id != QLatin1String("env.variable-ignored"))
        return false;
    for (const Evidence &e : f.evidence)
        if (e.source == QLatin1String("env") && m_presetEnv.contains(e.location) &&
            m_presetEnv.value(e.location) == profile.value(e.location))
            return true;
    return false;
}

} // namespace hd::ui
