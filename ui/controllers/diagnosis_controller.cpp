#include "controllers/diagnosis_controller.h"

#include "controllers/inputs_controller.h"
#include "controllers/targets_controller.h"

#include "diagnosis/diagnosis.h"

#include "models/compat_matrix_model.h"
#include "models/env_table_model.h"

#include <QTimer>

namespace hd::ui {

namespace {
const QString kDiagnose = QStringLiteral("diagnose");
const QString kLookup = QStringLiteral("lookup");
constexpr int kLookupDebounceMs = 150; // a burst of keystrokes looks the name up once
} // namespace

DiagnosisController::DiagnosisController(InputsController *inputs, TargetsController *targets,
                                         QObject *parent)
    : QObject(parent), m_inputs(inputs), m_targets(targets), m_diagnoseTimer(new QTimer(this)),
      m_lookupTimer(new QTimer(this)) {
    // The diagnosis follows every input change, once things settle.
    m_diagnoseTimer->setSingleShot(true);
    m_diagnoseTimer->setInterval(300);
    connect(m_diagnoseTimer, &QTimer::timeout, this, &DiagnosisController::runDiagnosis);
    m_lookupTimer->setSingleShot(true);
    m_lookupTimer->setInterval(kLookupDebounceMs);
    connect(m_lookupTimer, &QTimer::timeout, this, &DiagnosisController::explainName);
    connect(m_inputs, &InputsController::artifactsChanged, this,
            &DiagnosisController::scheduleDiagnosis);
    connect(m_inputs, &InputsController::pastedTextsChanged, this,
            &DiagnosisController::scheduleDiagnosis);
    connect(m_targets, &TargetsController::devicesChanged, this,
            &DiagnosisController::scheduleDiagnosis);
    connect(m_inputs->env(), &EnvTableModel::profileChanged, this,
            &DiagnosisController::scheduleDiagnosis);
    // The name's answer depends on the open code objects and the known GPUs.
    connect(m_inputs, &InputsController::artifactsChanged, this, &DiagnosisController::explainName);
    connect(m_targets, &TargetsController::devicesChanged, this, &DiagnosisController::explainName);
    explainName();
}

DiagnosisController::~DiagnosisController() {
    m_jobs.cancel(kDiagnose);
    m_jobs.cancel(kLookup);
}

// --------------------------------------------------------------------------- the name box

void DiagnosisController::setRequestedKernel(const QString &name) {
    if (name == m_requestedKernel)
        return;
    m_requestedKernel = name;
    emit requestedKernelChanged(name);
    m_lookupTimer->start();
}

bool DiagnosisController::isExplaining() const {
    return m_lookupTimer->isActive() || m_jobs.isRunning(kLookup);
}

void DiagnosisController::explainName() {
    m_lookupTimer->stop();
    // The typed name is part of the user's question: the diagnosis (and so the case verdict
    // and Findings) answers it too, not only the name box (docs/architecture.md, "The case
    // verdict"). Once the typing has settled, as the lookup.
    if (const QString typed = m_requestedKernel.trimmed(); typed != m_diagnosedName) {
        m_diagnosedName = typed;
        scheduleDiagnosis();
    }
    // Looking a name up walks every symbol of every code object (hundreds of thousands in a
    // big library): off the GUI thread, and only the answer to the latest text is shown.
    const JobTracker::Ticket ticket = m_jobs.start(kLookup);
    runInBackground(
        this,
        [artifacts = m_inputs->artifacts(), name = m_requestedKernel,
         devices = m_targets->devices(), runtime = m_runtime,
         texts = m_inputs->inputPaths().size() > m_inputs->artifacts().size() ||
                 !m_inputs->pastedTexts().isEmpty()]() {
            return explain(artifacts, name, devices, runtime, texts);
        },
        [this, ticket](NameExplanation e) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_explanation = std::move(e);
            emit nameExplained();
        });
}

NameExplanation DiagnosisController::explain(const QList<ArtifactReport> &artifacts,
                                             const QString &name, const QList<DeviceInfo> &devices,
                                             const LoadRuntime &runtime, bool textsOpen) {
    NameExplanation e = NameLookup::explain(artifacts, name, devices, runtime, textsOpen);
    // A name that is not a kernel by that name is said in the engine's words, the finding the
    // diagnosis makes for it: one set of sentences for the name box and Findings.
    if (e.isSymbolVerdict())
        if (const std::optional<Finding> f = nameFinding(artifacts, e.name))
            e = NameLookup::withFinding(std::move(e), *f);
    return e;
}

void DiagnosisController::keepRequestedKernel() {
    const QString name = m_requestedKernel.trimmed();
    if (name.isEmpty() || m_keptKernels.contains(name))
        return;
    m_keptKernels.append(name);
    emit keptKernelsChanged();
    scheduleDiagnosis();
}

void DiagnosisController::setCaseKernels(const QStringList &names) {
    QStringList kept;
    for (const QString &n : names)
        if (const QString t = n.trimmed(); !t.isEmpty() && !kept.contains(t))
            kept.append(t);
    setRequestedKernel(kept.value(0));
    if (kept != m_keptKernels) {
        m_keptKernels = kept;
        emit keptKernelsChanged();
    }
    scheduleDiagnosis();
}

// -------------------------------------------------------------------------- the diagnosis

void DiagnosisController::scheduleDiagnosis() {
    m_diagnoseTimer->start();
}

bool DiagnosisController::isDiagnosing() const {
    return m_diagnoseTimer->isActive() || m_jobs.isRunning(kDiagnose);
}

void DiagnosisController::runDiagnosis() {
    DiagnoseRequest req;
    req.inputs = m_inputs->inputPaths();
    req.inspected = m_inputs->artifacts(); // read once, on opening (shared, not copied)
    req.texts = m_inputs->pastedTexts();
    req.kernels = m_keptKernels;
    if (m_otherKernelNames)
        for (const QString &name : m_otherKernelNames())
            if (!name.isEmpty() && !req.kernels.contains(name))
                req.kernels.append(name);
    if (!m_diagnosedName.isEmpty() && !req.kernels.contains(m_diagnosedName))
        req.kernels.append(m_diagnosedName);
    for (const DeviceInfo &d : m_targets->devices()) {
        if (d.source == DeviceInfo::Source::Probe)
            req.probeDevices.append(d);
        else
            req.targets.append(d.target.toString());
    }
    req.probeRan = m_targets->probed();
    req.probeLibrary = m_targets->lastProbe().hello.library;
    // The probe's runtime speaks for the devices it found (probeDevices carry its version);
    // it is never --runtime-version: a typed target is another machine's GPU, judged as the
    // CLI judges it (docs/findings.md "Severity").
    const QMap<QString, QString> profile = m_inputs->envProfile();
    for (auto it = profile.cbegin(); it != profile.cend(); ++it)
        req.env.append({it.key(), it.value()});
    if (req.inputs.isEmpty() && req.texts.isEmpty() && req.env.isEmpty() && !req.probeRan) {
        m_findings.clear();
        m_question = {};
        emit diagnosisChanged();
        return;
    }
    const JobTracker::Ticket ticket = m_jobs.start(kDiagnose);
    req.cancel = ticket.cancel.get();
    emit busyChanged(kDiagnose, true, tr("Diagnosing…"));
    runInBackground(
        this, [req, ticket]() { return diagnose(req); }, // ticket keeps req.cancel alive
        [this, ticket, req](Diagnosis result) {
            if (!m_jobs.isCurrent(ticket))
                return;
            m_jobs.finish(ticket);
            m_question = caseQuestionOf(req, result);
            QList<Finding> findings = std::move(result.findings);
            // The name box judges loads with the runtime the findings were judged with.
            const LoadRuntime runtime = result.runtimeBackend == QLatin1String("cuda")
                                            ? LoadRuntime{}
                                            : LoadRuntime::fromVersion(result.runtimeVersion);
            if (runtime != m_runtime) {
                m_runtime = runtime;
                m_targets->compat()->setRuntime(runtime);
                if (!m_requestedKernel.trimmed().isEmpty())
                    explainName();
            }
            // No warning about the app's own preset values.
            const QMap<QString, QString> profile = m_inputs->envProfile();
            findings.removeIf([&](const Finding &f) { return isPresetWarning(f, profile); });
            m_findings = findings;
            emit diagnosisChanged();
            emit diagnosisFinished();
        });
}

bool DiagnosisController::isPresetWarning(const Finding &f,
                                          const QMap<QString, QString> &profile) const {
    if (f.id != QLatin1String("env.variable-ignored"))
        return false;
    const QMap<QString, QString> &preset = m_inputs->presetEnv();
    for (const Evidence &e : f.evidence)
        if (e.source == QLatin1String("env") && preset.contains(e.location.english()) &&
            preset.value(e.location.english()) == profile.value(e.location.english()))
            return true;
    return false;
}

} // namespace hd::ui
