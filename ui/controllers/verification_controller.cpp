#include "controllers/verification_controller.h"
#include "scan/scan.h"

#include "controllers/diagnosis_controller.h"
#include "controllers/inputs_controller.h"
#include "controllers/targets_controller.h"

#include "exec/execution_host.h"
#include "hooks/diagnosis_hooks.h"
#include "logs/amd_log.h"
#include "names/kernel_names.h"
#include "report/report.h"
#include "session/make_session.h"

#include "charts/chart_renderer_qcp.h"
#include "common/output_file.h"
#include "common/version.h"

#include "models/engine_text.h"
#include "models/findings_model.h"
#include "models/log_model.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>
#include <functional>

namespace hd::ui {

namespace {

const QString kVerify = QStringLiteral("verify");
// The session key of the paths open in the window: opening the session reopens them.
const QString kOpenPaths = QStringLiteral("gui_open_paths");
const QString kPasted = QStringLiteral("gui_pasted");
const QString kKernels = QStringLiteral("gui_kernels");

QList<LogModel::Entry> logEntriesOf(const StepRecord &rec) {
    QList<LogModel::Entry> out;
    for (const CheckRecord &c : rec.checks) {
        const QString origin =
            QCoreApplication::translate("hd::ui::VerificationController", "step %1 · %2")
                .arg(rec.step)
                .arg(c.title.isEmpty() ? c.id : shownEngineText(c.title));
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

VerificationController::VerificationController(InputsController *inputs, TargetsController *targets,
                                               DiagnosisController *diagnosis, QObject *parent)
    : QObject(parent), m_inputs(inputs), m_targets(targets), m_diagnosis(diagnosis),
      m_findings(new FindingsModel(this)), m_logs(new LogModel(this)),
      m_logProxy(new LogFilterProxy(this)) {
    m_logProxy->setSourceModel(m_logs);
    connect(m_inputs, &InputsController::inputLogsChanged, this,
            &VerificationController::rebuildLogs);
    connect(m_diagnosis, &DiagnosisController::diagnosisChanged, this,
            &VerificationController::rebuildFindings);
    // The step-2 kernel is a name the diagnosis looks up too.
    m_diagnosis->setOtherKernelNames([guard = QPointer<VerificationController>(this)] {
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
        for (const DeviceInfo &d : m_targets->typedTargets())
            if (!d.target.isNvidia()) {
                options.step1.target = d.target.toString();
                break;
            }
    }
    return options;
}

std::shared_ptr<VerifyObserver>
VerificationController::observerFor(const JobTracker::Ticket &ticket, const StepBasis &basis) {
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
    observer->onStepFinished = [guard, this, ticket, basis](const StepRecord &rec) {
        postToGui(guard, [this, rec, ticket, basis] {
            if (m_jobs.isCurrent(ticket))
                applyStepRecord(rec, basis);
        });
    };
    return observer;
}

void VerificationController::runSteps(const QList<int> &asked) {
    QList<int> steps;
    m_needs.clear();
    for (int n : asked) {
        if (n == 2) {
            if (const QString missing = prepareStep2(); !missing.isEmpty()) {
                m_needs.insert(2, missing);
                continue;
            }
        } else if (n == 3 && m_verifyOptions.step3.argv.isEmpty()) {
            m_needs.insert(3, tr("Step 3 runs your project's command: type it in Command, with "
                                 "the switch that turns Triton off (or a second command) to "
                                 "compare the two runs."));
            continue;
        }
        steps.append(n);
    }
    if (steps.isEmpty()) {
        emit stepsChanged(); // the cards say what they need
        return;
    }
    const JobTracker::Ticket ticket = m_jobs.start(kVerify);
    emit stepsChanged(); // a step that could not start says what it needs at once
    if (m_verifier)
        m_verifier->cancel();
    // Wired with the diagnosis engine: a failed step is explained (hooks/diagnosis_hooks.h).
    const VerifyOptions options = runOptions();
    std::shared_ptr<Verifier> verifier = makeVerifier(options);
    m_ranOn = m_targets->hostName();
    const StepBasis basis{options, m_ranOn, QDateTime::currentDateTimeUtc(),
                          m_inputs->inputPaths()};
    if (m_targets->executionHost())
        verifier->setExecutionHost(m_targets->executionHost()); // every child and probe there
    m_verifier = verifier;
    // The Verifier runs every step (Verifier::run, as the CLI does); this only observes it and
    // shows each step as it finishes.
    verifier->setObserver(observerFor(ticket, basis));
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
                m_targets->setProbedDevices(r.devices);
            checkEnvReads();
            // The verdict has one place, the Comparison line of the Verification panel.
            emit busyChanged(kVerify, false,
                             m_comparison.verdict.isEmpty()
                                 ? tr("Verification finished")
                                 : tr("Verification finished: the Comparison (Verification "
                                      "panel) gives the verdict"));
        });
}

QString VerificationController::prepareStep2() {
    Step2Options &o = m_verifyOptions.step2;
    const QString name = m_diagnosis->requestedKernel().trimmed();
    if (name.isEmpty() && o.kernel.isEmpty() && m_inputs->demoIsOpen() && useDemoStep2Inputs())
        return {};
    bool filled = false;
    if (o.file.isEmpty()) {
        // The open file holding the name, else the only open file with device code.
        QString file;
        QStringList withCode;
        // The name box's answer (the engine's lookup, made as the user typed) names it; just
        // after typing or opening, the same lookup made now.
        if (!name.isEmpty()) {
            const NameExplanation &e = m_diagnosis->explanation();
            if (e.name == name) {
                if (e.match == NameExplanation::Match::Exact ||
                    e.match == NameExplanation::Match::ExactNoDevice ||
                    e.match == NameExplanation::Match::ExactNoBinary ||
                    e.match == NameExplanation::Match::Mangled)
                    file = e.files.value(0);
            } else {
                const hd::NameLookup hit =
                    lookupKernelName(indexSymbols(m_inputs->artifacts()), name);
                const QList<NamedSymbol> &k = hit.exact.isEmpty() ? hit.mangled : hit.exact;
                if (!k.isEmpty())
                    file = k.first().file;
            }
        }
        for (const ArtifactReport &a : m_inputs->artifacts())
            if (!a.codeObjects.isEmpty())
                withCode.append(a.path);
        if (file.isEmpty() && withCode.size() == 1)
            file = withCode.first();
        if (file.isEmpty())
            return withCode.isEmpty()
                       ? tr("Step 2 needs the file your code loads: open it (Open files…) or "
                            "type its path in step 2's File field.")
                       : tr("%n open files hold device code: type the one your code loads in "
                            "step 2's File field.",
                            nullptr, int(withCode.size()));
        o.file = file;
        if (o.mode == Step2Options::Mode::None)
            o.mode = Step2Options::Mode::Artifact;
        filled = true;
    }
    if (o.kernel.isEmpty()) {
        if (name.isEmpty()) {
            if (filled)
                emit verifyOptionsChanged();
            return tr("Step 2 needs the kernel name your code asks for: type it in the \"Name "
                      "your code asks for\" box or in step 2's Kernel field.");
        }
        o.kernel = name;
        filled = true;
    }
    if (filled)
        emit verifyOptionsChanged();
    return {};
}

bool VerificationController::useDemoStep2Inputs() {
    // The demo's kernel compiled without extern "C", asked for by its plain name.
    const QString demo =
        InputsController::demoDirectory() + QStringLiteral("/scenarios/s01_mangled.co");
    Step2Options &o = m_verifyOptions.step2;
    // Only the case that file is (still being read, or open).
    const QStringList &open = m_inputs->inputPaths();
    if (!o.file.isEmpty() || !QFileInfo::exists(demo) || (!open.isEmpty() && !open.contains(demo)))
        return false;
    o.mode = Step2Options::Mode::Artifact;
    o.file = demo;
    o.kernel = QStringLiteral("vecAdd");
    o.args = QStringLiteral("buf:f32:1048576:rand, buf:f32:1048576:rand, buf:f32:1048576:out, "
                            "i32:1048576");
    o.grid = {4096, 1, 1};
    o.block = {256, 1, 1};
    emit verifyOptionsChanged();
    return true;
}

void VerificationController::checkEnvReads() {
    // The runtime on this machine; a node's libraries are not read from here.
    if (m_targets->executionHost())
        return;
    const QStringList names = m_inputs->envProfile().keys();
    runInBackground(
        this,
        [names] {
            QMap<QString, bool> reads;
            const EnvReadCheck check = runtimeEnvReadCheck();
            for (const QString &n : names)
                if (const std::optional<bool> r = check(n))
                    reads.insert(n, *r);
            return reads;
        },
        [this](QMap<QString, bool> reads) { m_inputs->setRuntimeReads(reads); });
}

void VerificationController::applyStepRecord(const StepRecord &record, const StepBasis &basis) {
    m_bases.insert(record.step, basis);
    m_stale.remove(record.step); // run again: it holds (Case::refresh() says otherwise)
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
    m_comparison = compareSteps(currentSteps());
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
    m_stale.clear();
    m_bases.clear();
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

QList<StepRecord> VerificationController::currentSteps() const {
    if (m_stale.isEmpty())
        return m_steps;
    QList<StepRecord> out;
    for (const StepRecord &s : m_steps)
        if (!m_stale.contains(s.step))
            out.append(s);
    return out;
}

void VerificationController::setStaleSteps(const QMap<int, QString> &why) {
    if (why == m_stale)
        return;
    m_stale = why;
    m_comparison = compareSteps(currentSteps());
    rebuildFindings();
    emit stepsChanged();
}

void VerificationController::clearCase() {
    cancelVerification();
    const Step1Options kept = m_verifyOptions.step1;
    m_verifyOptions = VerifyOptions();
    m_verifyOptions.step1.compiler = kept.compiler;
    m_verifyOptions.step1.sourceDir = kept.sourceDir;
    m_verifyOptions.step1.cacheDir = kept.cacheDir;
    m_verifyOptions.step1.useCache = kept.useCache;
    m_verifyOptions.step1.elements = kept.elements;
    m_steps.clear();
    m_comparison = Comparison();
    m_bases.clear();
    m_stale.clear();
    m_needs.clear();
    m_extraFindings.clear();
    m_envProblems.clear();
    m_sessionPath.clear();
    m_ranOn.clear();
    emit verifyOptionsChanged();
    rebuildLogs();
    rebuildFindings();
    emit stepsChanged();
}

// -------------------------------------------------------------------------------- findings

void VerificationController::setExtraFindings(const QList<Finding> &findings) {
    m_extraFindings = findings;
    rebuildFindings();
}

void VerificationController::rebuildFindings() {
    // One place assembles a run's findings (model/records.h), one per cause, with a count.
    m_allFindings =
        runFindings(currentSteps(), m_comparison, m_diagnosis->findings() + m_extraFindings);
    // The question as the diagnosis understood it, with step 2's kernel and this machine's
    // probe: the engine answers it (model/case_verdict.h); the panels only show the answer.
    CaseQuestion q = m_diagnosis->question();
    if (const QString &k = m_verifyOptions.step2.kernel; !k.isEmpty() && !q.kernels.contains(k))
        q.kernels << k;
    if (q.devices.isEmpty() && !m_targets->devices().isEmpty()) {
        q.devices = m_targets->devices();
        q.devicesFrom = m_targets->probedDevices().isEmpty() ? QStringLiteral("target")
                                                             : QStringLiteral("probe");
    }
    if (q.devicesFrom.isEmpty())
        q.devicesFrom = QStringLiteral("none");
    q.probeRan = m_targets->probed();
    q.probeDevices = int(m_targets->probedDevices().size());
    m_caseVerdict = hd::caseVerdict(q, m_allFindings);
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
    shown.devices = m_targets->devices();
    // The last run's problems, and the values invalid now (marked in the report as the
    // Environment panel marks them).
    shown.envProblems = m_envProblems;
    for (const EnvProblem &p : options.env.check())
        if (!shown.envProblems.contains(p))
            shown.envProblems.append(p);
    // Only the results that hold for the inputs now (a stale step is re-run, not reported).
    shown.steps = currentSteps();
    shown.comparison = m_comparison;
    // Where the steps ran (docs/schema-session.md "remote"), with the inventory shown.
    const SystemInventory inventory = m_targets->inventory();
    const std::shared_ptr<ExecutionHost> host =
        m_targets->executionHost() ? m_targets->executionHost() : localHost();
    Session s = sessionFromRun(options, shown, *host, versionLine(QStringLiteral("hipdoctor")),
                               QStringLiteral("gui"), &inventory);
    // The case's inputs and question, so that opening the session reopens it whole
    // (docs/schema-session.md "The app's inputs"): the artifacts open in the window, the
    // pasted texts, the names asked for.
    s.inputs.insert(kOpenPaths, QJsonArray::fromStringList(m_inputs->inputPaths()));
    if (const QJsonArray pasted = m_inputs->pastedTextsJson(); !pasted.isEmpty())
        s.inputs.insert(kPasted, pasted);
    QStringList kernels = m_diagnosis->keptKernels();
    if (const QString typed = m_diagnosis->requestedKernel().trimmed();
        !typed.isEmpty() && !kernels.contains(typed))
        kernels.prepend(typed);
    if (!kernels.isEmpty())
        s.inputs.insert(kKernels, QJsonArray::fromStringList(kernels));
    // The window's findings: the steps', the comparison's and the diagnosis's.
    s.findings = m_allFindings;
    s.caseVerdict = m_caseVerdict;
    // The Coverage panel's answer, where a scan ran (scan's coverageAnswer()).
    s.coverage = coverageAnswer(m_targets->coverage()->result());
    return s;
}

void VerificationController::applySession(const Session &session) {
    m_inputs->closeAll();
    m_verifyOptions = VerifyOptions::fromJson(session.inputs);
    emit verifyOptionsChanged();
    m_inputs->restoreFromSession(session);
    m_targets->restoreFromSession(session);
    m_extraFindings = findingsBeyondRecords(session);
    m_envProblems = session.envProblems;
    m_ranOn = session.remote;
    setVerification(session.steps, session.comparison);
    // What the session's steps ran with: its options and environment, where they ran.
    VerifyOptions ran = m_verifyOptions;
    ran.env = session.env;
    for (const StepRecord &st : session.steps)
        m_bases.insert(st.step, StepBasis{ran,
                                          session.remote,
                                          QDateTime::fromString(session.createdAt, Qt::ISODate),
                                          {},
                                          true});
    // The case's inputs: the app's open files, else (a session of the CLI) step 2's file; the
    // names asked for: the app's, else step 2's kernel.
    QStringList reopen;
    const QJsonArray open = session.inputs.value(kOpenPaths).toArray();
    for (const QJsonValue &v : open)
        if (QFileInfo::exists(v.toString()))
            reopen.append(v.toString());
    if (open.isEmpty() && QFileInfo::exists(m_verifyOptions.step2.file))
        reopen.append(m_verifyOptions.step2.file);
    QStringList kernels;
    for (const QJsonValue &v : session.inputs.value(kKernels).toArray())
        kernels.append(v.toString().left(1024));
    if (kernels.isEmpty() && !m_verifyOptions.step2.kernel.isEmpty())
        kernels.append(m_verifyOptions.step2.kernel);
    m_diagnosis->setCaseKernels(kernels);
    // The targets the session was asked about (a session of the CLI keeps --target in its
    // options, not among its devices): typed targets of the case again.
    QStringList targets = m_verifyOptions.step2.targets;
    targets.prepend(m_verifyOptions.step1.target);
    for (const QString &t : std::as_const(targets)) {
        const QList<DeviceInfo> have = m_targets->devices();
        const bool known = std::any_of(have.cbegin(), have.cend(), [&t](const DeviceInfo &d) {
            return d.target.toString() == t;
        });
        if (!t.isEmpty() && !known && m_targets->typedTargets().size() < 16)
            m_targets->addTarget(t);
    }
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
            if (s) // the report's field caps, before the panels hold it
                s = sessionWithinReportCaps(*s);
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

void VerificationController::makeReport(const QString &format, const QString &givenPath,
                                        bool redact, bool keepPlaces) {
    const Session s = makeSession();
    const bool toClipboard = givenPath.isEmpty();
    // The clipboard's copy is a file too, so that a trimmed one has its whole report beside.
    QString path = givenPath;
    if (toClipboard) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                            QStringLiteral("/reports");
        QDir().mkpath(dir);
        path = dir +
               QStringLiteral("/hipdoctor-report-%1.md")
                   .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    }
    runInBackground(
        this,
        [s, format, path, redact, keepPlaces]() {
            ReportOptions options;
            options.redact = redact;
            options.keepPlaces = keepPlaces;
            // Charts are drawn by QCustomPlot on the GUI thread (the renderer hands over).
            options.chartRenderer = qcpChartRenderer();
            WrittenReport written;
            QString error;
            writeReportFile(s, path, format == QLatin1String("html"), options, &written, &error);
            return std::make_pair(written, error);
        },
        [this, format, givenPath, toClipboard](std::pair<WrittenReport, QString> r) {
            emit reportReady(format, givenPath, r.first.text, r.first.fullPath, toClipboard,
                             r.second);
        });
}

} // namespace hd::ui
