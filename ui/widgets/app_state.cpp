#include "widgets/app_state.h"

#include "artifacts/inspector.h"
#include "diagnosis/diagnosis.h"
#include "env/env_catalogue.h"
#include "env/env_profile.h"
#include "logs/amd_log.h"
#include "model/session.h"
#include "probe/probe_client.h"
#include "remote/ssh_host.h"
#include "report/report.h"
#include "session/make_session.h"

#include "charts/chart_renderer_qcp.h"
#include "common/output_file.h"
#include "common/version.h"

#include "models/artifact_tree_model.h"
#include "models/compat_matrix_model.h"
#include "models/devices_model.h"
#include "models/env_table_model.h"
#include "models/findings_model.h"
#include "models/libraries_model.h"
#include "models/log_model.h"
#include "models/symbol_table_model.h"

#include <QAbstractProxyModel>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSet>
#include <QSysInfo>
#include <QTimer>

#include <algorithm>

namespace hd::ui {

namespace {

const QString kInspect = QStringLiteral("inspect");
const QString kDevices = QStringLiteral("devices");
const QString kVerify = QStringLiteral("verify");
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

QList<LogModel::Entry> logEntriesOf(const StepRecord &rec) {
    QList<LogModel::Entry> out;
    for (const CheckRecord &c : rec.checks) {
        const QString origin = QCoreApplication::translate("hd::ui::Workspace", "step %1 · %2")
                                   .arg(rec.step)
                                   .arg(c.title.isEmpty() ? c.id : c.title);
        for (const QString &text : {c.logText, c.stderrText}) {
            if (text.trimmed().isEmpty())
                continue;
            const AmdLog log = parseAmdLog(text);
            for (const AmdLogLine &l : log.lines)
                out.append({origin, l});
        }
    }
    return out;
}

// A VerifyObserver made of callbacks (they run on the verifier's worker thread).
struct CallbackObserver final : VerifyObserver {
    std::function<void(int)> onStepStarted;
    std::function<void(const VerifyProgress &)> onProgress;
    std::function<void(const StepRecord &)> onStepFinished;
    void stepStarted(int step, const QString &) override { onStepStarted(step); }
    void progress(const VerifyProgress &p) override { onProgress(p); }
    void stepFinished(const StepRecord &step) override { onStepFinished(step); }
};

} // namespace

Workspace::Workspace(QObject *parent)
    : QObject(parent), m_symbols(new SymbolTableModel(this)),
      m_symbolProxy(new SymbolFilterProxy(this)), m_tree(new ArtifactTreeModel(this)),
      m_libraries(new LibrariesModel(this)), m_env(new EnvTableModel(this)),
      m_findings(new FindingsModel(this)), m_devices(new DevicesModel(this)),
      m_compat(new CompatMatrixModel(this)), m_logs(new LogModel(this)),
      m_logProxy(new LogFilterProxy(this)) {
    m_symbolProxy->setSourceModel(m_symbols);
    m_logProxy->setSourceModel(m_logs);
    m_env->setCatalogue(catalogueRows());
    m_env->setValidator(
        [](const QString &name, const QString &value) { return validateEnvValue(name, value); });
    connect(m_devices, &QAbstractItemModel::modelReset, this,
            [this] { m_compat->setDevices(m_devices->devices()); });
    connect(m_devices, &QAbstractItemModel::rowsInserted, this,
            [this] { m_compat->setDevices(m_devices->devices()); });
    connect(m_devices, &QAbstractItemModel::rowsRemoved, this,
            [this] { m_compat->setDevices(m_devices->devices()); });
    connect(m_devices, &QAbstractItemModel::dataChanged, this,
            [this] { m_compat->setDevices(m_devices->devices()); });
    // The diagnosis follows every input change, once things settle.
    m_diagnoseTimer = new QTimer(this);
    m_diagnoseTimer->setSingleShot(true);
    m_diagnoseTimer->setInterval(300);
    connect(m_diagnoseTimer, &QTimer::timeout, this, &Workspace::runDiagnosis);
    connect(this, &Workspace::artifactsChanged, this, &Workspace::scheduleDiagnosis);
    connect(this, &Workspace::devicesChanged, this, &Workspace::scheduleDiagnosis);
    connect(m_env, &EnvTableModel::profileChanged, this, &Workspace::scheduleDiagnosis);
}

Workspace::~Workspace() {
    // Raise every cancel flag so background work stops early; results are dropped by QPointer.
    m_jobs.cancel(kInspect);
    m_jobs.cancel(kDevices);
    m_jobs.cancel(kDiagnose);
    cancelVerification();
}

// ---------------------------------------------------------------------------------- inputs

QString Workspace::demoDirectory() {
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

QStringList Workspace::artifactFilesIn(const QString &dir, int limit) {
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

void Workspace::openPaths(const QStringList &paths) {
    if (paths.isEmpty())
        return;
    const JobTracker::Ticket ticket = m_jobs.start(kInspect);
    emit busyChanged(kInspect, true, tr("Inspecting %n input(s)…", nullptr, int(paths.size())));
    const QList<ArtifactReport> existing = m_artifacts;
    const SymbolGrouping grouping = m_grouping;
    const QStringList existingInputs = m_inputs;
    QPointer<QObject> guard(this);
    struct Result {
        QList<ArtifactReport> artifacts;
        QStringList inputs;
        SymbolRows rows;
        QList<LogModel::Entry> logs;
    };
    runInBackground(
        this,
        [paths, existing, existingInputs, grouping, ticket, guard, this]() {
            Result r{existing, existingInputs, {}};
            QStringList files;
            for (const QString &p : paths) {
                const QFileInfo fi(p);
                // A Triton cache folder is one input; other folders are searched for files.
                if (fi.isDir())
                    files += artifactFilesIn(fi.absoluteFilePath());
                else
                    files.append(fi.absoluteFilePath());
            }
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
                    emit progress(kInspect, done, n,
                                  tr("Inspecting %1 (%2 of %3)…")
                                      .arg(QFileInfo(f).fileName())
                                      .arg(done + 1)
                                      .arg(n));
                });
                ++done;
                if (have.contains(f))
                    continue;
                have.insert(f);
                r.inputs.append(f);
                if (detectArtifactKind(f) == ArtifactKind::Text) {
                    // A runtime log or build output: the Logs panel shows it, the
                    // diagnosis reads it; it has no code objects.
                    QFile text(f);
                    if (text.open(QIODevice::ReadOnly)) {
                        const AmdLog log = parseAmdLog(QString::fromUtf8(text.read(32 << 20)));
                        for (const AmdLogLine &l : log.lines)
                            r.logs.append({f, l});
                    }
                    continue;
                }
                options.progress = forwardInspectProgress(
                    guard, f, done - 1, int(files.size()),
                    [this, ticket](const InspectSnapshot &s) { showPartialInspection(ticket, s); });
                r.artifacts.append(inspectFile(f, options));
            }
            r.rows = buildSymbolRows(r.artifacts, grouping);
            return r;
        },
        [this, ticket](Result r) {
            if (!m_jobs.isCurrent(ticket))
                return; // superseded or cancelled: drop the stale result
            m_jobs.finish(ticket);
            m_symbols->setRows(std::move(r.rows));
            m_inputLogs += r.logs;
            rebuildLogs();
            setArtifacts(std::move(r.artifacts), std::move(r.inputs));
            emit busyChanged(kInspect, false,
                             tr("%n artifact(s) open", nullptr, int(m_artifacts.size())));
        });
}

void Workspace::showPartialInspection(const JobTracker::Ticket &ticket, const InspectSnapshot &s) {
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

void Workspace::setSymbolGrouping(SymbolGrouping grouping) {
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

void Workspace::cancelInspection() {
    if (!m_jobs.isRunning(kInspect))
        return;
    m_jobs.cancel(kInspect);
    emit busyChanged(kInspect, false, tr("Inspection cancelled"));
}

void Workspace::closeAll() {
    m_jobs.cancel(kInspect);
    m_symbols->setRows({});
    m_inputLogs.clear();
    rebuildLogs();
    setArtifacts({}, {});
}

void Workspace::setArtifacts(QList<ArtifactReport> artifacts, QStringList inputs) {
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

void Workspace::refreshInventory() {
    const JobTracker::Ticket ticket = m_jobs.start(QStringLiteral("inventory"));
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

void Workspace::setExecutionHost(std::shared_ptr<ExecutionHost> host) {
    if (m_verifier)
        m_verifier->cancel();
    m_host = std::move(host);
    emit executionHostChanged();
    refreshDevices();
}

void Workspace::refreshDevices() {
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
            QList<DeviceInfo> kept;
            for (const DeviceInfo &d : m_devices->devices())
                if (d.source != DeviceInfo::Source::Probe)
                    kept.append(d);
            m_devices->setDevices(r.devices + kept);
            emit busyChanged(kDevices, false, r.summary());
            emit devicesChanged();
        });
}

bool Workspace::addTarget(const QString &text, QString *error) {
    const auto t = TargetId::parse(text.trimmed(), error);
    if (!t)
        return false;
    m_devices->addDevice(DeviceInfo::fromTarget(*t));
    emit devicesChanged();
    return true;
}

// ---------------------------------------------------------------------------- verification

const StepRecord *Workspace::step(int n) const {
    for (const StepRecord &s : m_steps)
        if (s.step == n)
            return &s;
    return nullptr;
}

void Workspace::runSteps(const QList<int> &steps) {
    if (steps.isEmpty())
        return;
    const JobTracker::Ticket ticket = m_jobs.start(kVerify);
    if (m_verifier)
        m_verifier->cancel();
    VerifyOptions options = m_verifyOptions;
    options.env = EnvProfile();
    const QMap<QString, QString> profile = m_env->profile();
    for (auto it = profile.cbegin(); it != profile.cend(); ++it)
        options.env.set(it.key(), it.value());
    // A typed target stands in for the device when step 1 has none of its own.
    if (options.step1.target.isEmpty()) {
        for (const DeviceInfo &d : m_devices->devices())
            if (d.source == DeviceInfo::Source::TargetOption && !d.target.isNvidia()) {
                options.step1.target = d.target.toString();
                break;
            }
    }
    auto verifier = std::make_shared<Verifier>(options);
    if (m_host)
        verifier->setExecutionHost(m_host); // every child and probe on the node
    m_verifier = verifier;
    // The Verifier runs every step (Verifier::run, as the CLI does); this only observes it and
    // shows each step as it finishes.
    QPointer<QObject> guard(this);
    auto observer = std::make_shared<CallbackObserver>();
    observer->onStepStarted = [guard, this, ticket](int n) {
        postToGui(guard, [this, n, ticket] {
            if (m_jobs.isCurrent(ticket))
                emit stepStarted(n);
        });
    };
    observer->onProgress = [guard, this, ticket](const VerifyProgress &p) {
        postToGui(guard, [this, p, ticket] {
            if (m_jobs.isCurrent(ticket))
                emit progress(kVerify, p.step, 3, p.message);
        });
    };
    observer->onStepFinished = [guard, this, ticket](const StepRecord &rec) {
        postToGui(guard, [this, rec, ticket] {
            if (m_jobs.isCurrent(ticket)) // else a newer run or a cancel superseded this one
                applyStepRecord(rec);
        });
    };
    verifier->setObserver(observer);
    emit busyChanged(kVerify, true, tr("Running step(s) %1…").arg([&] {
        QStringList s;
        for (int n : steps)
            s.append(QString::number(n));
        return s.join(QStringLiteral(", "));
    }()));
    runInBackground(
        this, [verifier, steps]() { return verifier->run(steps); },
        [this, ticket](VerifyResult r) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_envProblems = r.envProblems;
            if (!r.devices.isEmpty()) {
                QList<DeviceInfo> kept;
                for (const DeviceInfo &d : m_devices->devices())
                    if (d.source != DeviceInfo::Source::Probe)
                        kept.append(d);
                m_devices->setDevices(r.devices + kept);
                emit devicesChanged();
            }
            // The verdict has one place, the Comparison line of the Verification panel.
            emit busyChanged(kVerify, false,
                             m_comparison.verdict.isEmpty()
                                 ? tr("Verification finished")
                                 : tr("Verification finished: the Comparison (Verification "
                                      "panel) gives the verdict"));
        });
}

void Workspace::applyStepRecord(const StepRecord &record) {
    bool replaced = false;
    for (StepRecord &s : m_steps)
        if (s.step == record.step) {
            s = record;
            replaced = true;
        }
    if (!replaced)
        m_steps.append(record);
    std::sort(m_steps.begin(), m_steps.end(),
              [](const StepRecord &a, const StepRecord &b) { return a.step < b.step; });
    m_comparison = compareSteps(m_steps);
    rebuildLogs();
    rebuildFindings();
    emit stepsChanged();
}

void Workspace::cancelVerification() {
    if (m_verifier)
        m_verifier->cancel();
    if (m_jobs.isRunning(kVerify)) {
        m_jobs.cancel(kVerify);
        emit busyChanged(kVerify, false, tr("Verification cancelled"));
        emit stepsChanged();
    }
}

void Workspace::setVerification(const QList<StepRecord> &steps, const Comparison &comparison) {
    m_jobs.cancel(kVerify);
    m_steps = steps;
    m_comparison = comparison;
    rebuildLogs();
    rebuildFindings();
    emit stepsChanged();
}

void Workspace::rebuildLogs() {
    QList<LogModel::Entry> entries = m_inputLogs;
    for (const StepRecord &s : m_steps)
        entries += logEntriesOf(s);
    m_logs->setEntries(entries);
}

// -------------------------------------------------------------------- sessions and reports

Session Workspace::makeSession() const {
    VerifyOptions options = m_verifyOptions;
    const QMap<QString, QString> profile = m_env->profile();
    for (auto it = profile.cbegin(); it != profile.cend(); ++it)
        options.env.set(it.key(), it.value());
    VerifyResult shown;
    shown.devices = m_devices->devices();
    shown.envProblems = m_envProblems;
    shown.steps = m_steps;
    shown.comparison = m_comparison;
    Session s = sessionFromResult(options, shown, versionLine(QStringLiteral("hipdoctor")),
                                  QStringLiteral("gui"));
    // The artifacts open in the window, so opening the session reopens them.
    s.inputs.insert(QStringLiteral("gui_open_paths"), QJsonArray::fromStringList(m_inputs));
    // The window's findings: the steps', the comparison's and the diagnosis's.
    s.findings = m_allFindings;
    s.inventory = m_inventory;
    if (m_host) { // the steps ran on the node (docs/schema-session.md "remote")
        s.remote = m_host->hostName();
        if (auto *ssh = dynamic_cast<SshHost *>(m_host.get());
            ssh && !ssh->connection().nodeName().isEmpty())
            s.host = ssh->connection().nodeName();
    }
    return s;
}

void Workspace::applySession(const Session &session) {
    m_verifyOptions = VerifyOptions::fromJson(session.inputs);
    emit verifyOptionsChanged();
    m_env->applyProfile(session.env.enabledMap());
    QList<DeviceInfo> devices = session.devices;
    for (DeviceInfo &d : devices)
        if (d.source == DeviceInfo::Source::Probe)
            d.source = DeviceInfo::Source::Session; // seen where the session was made
    m_devices->setDevices(devices);
    emit devicesChanged();
    // The session's inventory, not this machine's: a collection still running is dropped.
    m_jobs.cancel(QStringLiteral("inventory"));
    m_inventory = session.inventory;
    m_inventoryFromSession = true;
    emit inventoryChanged();
    // Findings of the session that the steps do not carry (diagnosis at the time), told apart
    // by the one de-duplication key (a merged finding differs from its step's copy).
    QSet<QString> inRecords;
    for (const StepRecord &st : session.steps)
        for (const Finding &f : st.findings)
            inRecords.insert(f.key());
    for (const Finding &f : session.comparison.findings)
        inRecords.insert(f.key());
    QList<Finding> extra;
    for (const Finding &f : session.findings)
        if (!inRecords.contains(f.key()))
            extra.append(f);
    m_extraFindings = extra;
    m_envProblems = session.envProblems;
    setVerification(session.steps, session.comparison);
    QStringList reopen;
    for (const QJsonValue &v : session.inputs.value(QStringLiteral("gui_open_paths")).toArray())
        if (QFileInfo::exists(v.toString()))
            reopen.append(v.toString());
    closeAll();
    openPaths(reopen);
}

void Workspace::saveSessionTo(const QString &path) {
    const Session s = makeSession();
    runInBackground(
        this,
        [s, path]() {
            QString error;
            const bool ok = saveSession(s, path, &error);
            return std::make_pair(ok, error);
        },
        [this, path](std::pair<bool, QString> r) {
            if (r.first)
                m_sessionPath = path;
            emit sessionSaved(path, r.first, r.second);
        });
}

void Workspace::openSessionFrom(const QString &path) {
    runInBackground(
        this,
        [path]() {
            QString error;
            std::optional<Session> s = loadSession(path, &error);
            return std::make_pair(s, error);
        },
        [this, path](std::pair<std::optional<Session>, QString> r) {
            if (r.first) {
                m_sessionPath = path;
                applySession(*r.first);
            }
            emit sessionOpened(path, r.first.has_value(), r.second);
        });
}

void Workspace::makeReport(const QString &format, const QString &path, bool redact) {
    const Session s = makeSession();
    runInBackground(
        this,
        [s, format, path, redact]() {
            ReportOptions options;
            options.redact = redact;
            // Charts are drawn by QCustomPlot on the GUI thread (the renderer hands over).
            options.chartRenderer = qcpChartRenderer();
            const QString text = format == QLatin1String("html") ? htmlReport(s, options)
                                                                 : markdownReport(s, options);
            QString error;
            if (!path.isEmpty()) {
                if (QString why; !writeFileAtomically(path, text.toUtf8(), &why))
                    error = why;
            }
            return std::make_pair(text, error);
        },
        [this, format, path](std::pair<QString, QString> r) {
            emit reportReady(format, path, r.first, r.second);
        });
}

void Workspace::retranslate() {
    // The source models; the proxies pass header and data changes on.
    for (QAbstractItemModel *m : findChildren<QAbstractItemModel *>(Qt::FindDirectChildrenOnly)) {
        if (qobject_cast<QAbstractProxyModel *>(m))
            continue;
        const int columns = m->columnCount();
        if (columns > 0)
            emit m->headerDataChanged(Qt::Horizontal, 0, columns - 1);
        const int rows = m->rowCount();
        if (rows > 0 && columns > 0)
            emit m->dataChanged(m->index(0, 0), m->index(rows - 1, columns - 1));
    }
}

// -------------------------------------------------------------------------------- findings

void Workspace::setRequestedKernel(const QString &name) {
    m_requestedKernel = name.trimmed();
}

void Workspace::keepRequestedKernel() {
    if (m_requestedKernel.isEmpty() || m_keptKernels.contains(m_requestedKernel))
        return;
    m_keptKernels.append(m_requestedKernel);
    scheduleDiagnosis();
}

void Workspace::scheduleDiagnosis() {
    m_diagnoseTimer->start();
}

bool Workspace::isDiagnosing() const {
    return m_diagnoseTimer->isActive() || m_jobs.isRunning(kDiagnose);
}

void Workspace::runDiagnosis() {
    DiagnoseRequest req;
    req.inputs = m_inputs;
    req.kernels = m_keptKernels;
    if (!m_verifyOptions.step2.kernel.isEmpty() &&
        !req.kernels.contains(m_verifyOptions.step2.kernel))
        req.kernels.append(m_verifyOptions.step2.kernel);
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
        rebuildFindings();
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
            findings.removeIf([&](const Finding &f) {
                if (f.id != QLatin1String("env.variable-ignored"))
                    return false;
                for (const Evidence &e : f.evidence)
                    if (e.source == QLatin1String("env") && m_presetEnv.contains(e.location) &&
                        m_presetEnv.value(e.location) == profile.value(e.location))
                        return true;
                return false;
            });
            m_diagnosisFindings = findings;
            rebuildFindings();
            emit busyChanged(kDiagnose, false,
                             tr("%n finding(s)", nullptr, int(m_allFindings.size())));
        });
}

void Workspace::applyEnvPreset(const QMap<QString, QString> &preset) {
    m_presetEnv = preset;
    m_env->applyProfile(preset);
}

void Workspace::setExtraFindings(const QList<Finding> &findings) {
    m_extraFindings = findings;
    rebuildFindings();
}

void Workspace::rebuildFindings() {
    QList<Finding> all;
    for (const StepRecord &s : m_steps)
        all += s.findings;
    all += m_comparison.findings;
    all += m_diagnosisFindings;
    all += m_extraFindings;
    // One finding per cause, with a count (docs/findings.md "One finding per cause").
    m_allFindings = mergeDuplicateFindings(all);
    m_findings->setFindings(m_allFindings);
    emit findingsChanged();
}

} // namespace hd::ui
