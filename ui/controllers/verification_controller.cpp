#include "controllers/verification_controller.h"

#include "controllers/inputs_controller.h"

#include "exec/execution_host.h"
#include "logs/amd_log.h"
#include "report/report.h"
#include "session/make_session.h"

#include "charts/chart_renderer_qcp.h"
#include "common/output_file.h"
#include "common/version.h"

#include "models/devices_model.h"
#include "models/findings_model.h"
#include "models/log_model.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <functional>

namespace hd::ui {

namespace {

const QString kVerify = QStringLiteral("verify");
// The session key of the paths open in the window: opening the session reopens them.
const QString kOpenPaths = QStringLiteral("gui_open_paths");

QList<LogModel::Entry> logEntriesOf(const StepRecord &rec) {
    QList<LogModel::Entry> out;
    for (const CheckRecord &c : rec.checks) {
        const QString origin =
            QCoreApplication::translate("hd::ui::VerificationController", "step %1 · %2")
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

// The findings of a session that its records do not carry (the diagnosis at the time), told
// apart by the one de-duplication key (a merged finding differs from its step's copy).
QList<Finding> findingsBeyondRecords(const Session &session) {
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
    return extra;
}

} // namespace

VerificationController::VerificationController(InputsController *inputs, QObject *parent)
    : QObject(parent), m_inputs(inputs), m_findings(new FindingsModel(this)),
      m_logs(new LogModel(this)), m_logProxy(new LogFilterProxy(this)) {
    m_logProxy->setSourceModel(m_logs);
    connect(m_inputs, &InputsController::inputLogsChanged, this,
            &VerificationController::rebuildLogs);
    connect(m_inputs, &InputsController::diagnosisChanged, this,
            &VerificationController::rebuildFindings);
    // The step-2 kernel is a name the diagnosis looks up too.
    m_inputs->setOtherKernelNames([guard = QPointer<VerificationController>(this)] {
        return guard ? QStringList{guard->m_verifyOptions.step2.kernel} : QStringList();
    });
}

VerificationController::~VerificationController() {
    cancelVerification();
}

// ---------------------------------------------------------------------------- verification

const StepRecord *VerificationController::step(int n) const {
    for (const StepRecord &s : m_steps)
        if (s.step == n)
            return &s;
    return nullptr;
}

VerifyOptions VerificationController::runOptions() const {
    VerifyOptions options = m_verifyOptions;
    options.env = EnvProfile();
    const QMap<QString, QString> profile = m_inputs->envProfile();
    for (auto it = profile.cbegin(); it != profile.cend(); ++it)
        options.env.set(it.key(), it.value());
    // A typed target stands in for the device when step 1 has none of its own.
    if (options.step1.target.isEmpty()) {
        for (const DeviceInfo &d : m_inputs->devices()->devices())
            if (d.source == DeviceInfo::Source::TargetOption && !d.target.isNvidia()) {
                options.step1.target = d.target.toString();
                break;
            }
    }
    return options;
}

std::shared_ptr<VerifyObserver>
VerificationController::observerFor(const JobTracker::Ticket &ticket) {
    // Each call comes back to the GUI thread, where a newer run or a cancel may have
    // superseded this one.
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
            if (m_jobs.isCurrent(ticket))
                applyStepRecord(rec);
        });
    };
    return observer;
}

void VerificationController::runSteps(const QList<int> &steps) {
    if (steps.isEmpty())
        return;
    const JobTracker::Ticket ticket = m_jobs.start(kVerify);
    if (m_verifier)
        m_verifier->cancel();
    auto verifier = std::make_shared<Verifier>(runOptions());
    m_ranOn = m_inputs->executionHost() ? m_inputs->executionHost()->hostName() : QString();
    if (m_inputs->executionHost())
        verifier->setExecutionHost(m_inputs->executionHost()); // every child and probe there
    m_verifier = verifier;
    // The Verifier runs every step (Verifier::run, as the CLI does); this only observes it and
    // shows each step as it finishes.
    verifier->setObserver(observerFor(ticket));
    QStringList numbers;
    for (int n : steps)
        numbers.append(QString::number(n));
    emit busyChanged(kVerify, true,
                     tr("Running step(s) %1…").arg(numbers.join(QStringLiteral(", "))));
    runInBackground(
        this, [verifier, steps]() { return verifier->run(steps); },
        [this, ticket](VerifyResult r) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_envProblems = r.envProblems;
            if (!r.devices.isEmpty())
                m_inputs->setProbedDevices(r.devices);
            // The verdict has one place, the Comparison line of the Verification panel.
            emit busyChanged(kVerify, false,
                             m_comparison.verdict.isEmpty()
                                 ? tr("Verification finished")
                                 : tr("Verification finished: the Comparison (Verification "
                                      "panel) gives the verdict"));
        });
}

void VerificationController::applyStepRecord(const StepRecord &record) {
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

void VerificationController::cancelVerification() {
    if (m_verifier)
        m_verifier->cancel();
    if (m_jobs.isRunning(kVerify)) {
        m_jobs.cancel(kVerify);
        emit busyChanged(kVerify, false, tr("Verification cancelled"));
        emit stepsChanged();
    }
}

void VerificationController::setVerification(const QList<StepRecord> &steps,
                                             const Comparison &comparison) {
    m_jobs.cancel(kVerify);
    m_steps = steps;
    m_comparison = comparison;
    rebuildLogs();
    rebuildFindings();
    emit stepsChanged();
}

void VerificationController::rebuildLogs() {
    QList<LogModel::Entry> entries = m_inputs->inputLogs();
    for (const StepRecord &s : m_steps)
        entries += logEntriesOf(s);
    m_logs->setEntries(entries);
}

// -------------------------------------------------------------------------------- findings

void VerificationController::setExtraFindings(const QList<Finding> &findings) {
    m_extraFindings = findings;
    rebuildFindings();
}

void VerificationController::rebuildFindings() {
    QList<Finding> all;
    for (const StepRecord &s : m_steps)
        all += s.findings;
    all += m_comparison.findings;
    all += m_inputs->diagnosisFindings();
    all += m_extraFindings;
    // One finding per cause, with a count (docs/findings.md "One finding per cause").
    m_allFindings = mergeDuplicateFindings(all);
    m_findings->setFindings(m_allFindings);
    emit findingsChanged();
}

// -------------------------------------------------------------------- sessions and reports

Session VerificationController::makeSession() const {
    VerifyOptions options = m_verifyOptions;
    const QMap<QString, QString> profile = m_inputs->envProfile();
    for (auto it = profile.cbegin(); it != profile.cend(); ++it)
        options.env.set(it.key(), it.value());
    VerifyResult shown;
    shown.devices = m_inputs->devices()->devices();
    shown.envProblems = m_envProblems;
    shown.steps = m_steps;
    shown.comparison = m_comparison;
    // Where the steps ran (docs/schema-session.md "remote"), with the inventory shown.
    const SystemInventory inventory = m_inputs->inventory();
    const std::shared_ptr<ExecutionHost> host =
        m_inputs->executionHost() ? m_inputs->executionHost() : localHost();
    Session s = sessionFromRun(options, shown, *host, versionLine(QStringLiteral("hipdoctor")),
                               QStringLiteral("gui"), &inventory);
    // The artifacts open in the window, so opening the session reopens them.
    s.inputs.insert(kOpenPaths, QJsonArray::fromStringList(m_inputs->inputPaths()));
    // The window's findings: the steps', the comparison's and the diagnosis's.
    s.findings = m_allFindings;
    return s;
}

void VerificationController::applySession(const Session &session) {
    m_verifyOptions = VerifyOptions::fromJson(session.inputs);
    emit verifyOptionsChanged();
    m_inputs->restoreFromSession(session);
    m_extraFindings = findingsBeyondRecords(session);
    m_envProblems = session.envProblems;
    m_ranOn = session.remote;
    setVerification(session.steps, session.comparison);
    QStringList reopen;
    for (const QJsonValue &v : session.inputs.value(kOpenPaths).toArray())
        if (QFileInfo::exists(v.toString()))
            reopen.append(v.toString());
    m_inputs->closeAll();
    m_inputs->openPaths(reopen);
}

void VerificationController::saveSessionTo(const QString &path) {
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

void VerificationController::openSessionFrom(const QString &path) {
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

void VerificationController::makeReport(const QString &format, const QString &path, bool redact) {
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

} // namespace hd::ui
