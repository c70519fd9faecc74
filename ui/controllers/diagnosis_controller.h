#pragma once

// The diagnosis of the window's inputs: the name the user's code asks for (the name box, looked
// up with the engine's one kernel-name lookup as they type), the names kept as questions for the
// diagnosis, and the diagnosis engine over the open inputs, the devices and the env profile,
// re-run (debounced, a newer run superseding an older one) whenever they change. It reads the
// inputs and the targets; the verification reads it (docs/architecture.md "The GUI").

#include "artifacts/load_verdict.h"
#include "model/case_verdict.h"
#include "model/finding.h"

#include "models/jobs.h"
#include "models/name_lookup.h"

#include <QObject>
#include <QStringList>

#include <functional>

class QTimer;

namespace hd::ui {

class InputsController;
class TargetsController;

class DiagnosisController : public QObject {
    Q_OBJECT
public:
    DiagnosisController(InputsController *inputs, TargetsController *targets,
                        QObject *parent = nullptr);
    ~DiagnosisController() override;

    // --- the name box ---------------------------------------------------------------------
    // The kernel name the user's code asks for. A question only: it is looked up at once
    // (nameExplained), and the diagnosis looks it up (and the report shows it) once kept.
    void setRequestedKernel(const QString &name);
    const QString &requestedKernel() const { return m_requestedKernel; }
    // The latest answer for the requested name (in the app's language).
    const NameExplanation &explanation() const { return m_explanation; }
    // The name box's answer for a name: the engine's lookup and load verdict, and for a name
    // that is no kernel by that name the engine's finding for it (diagnosis' nameFinding()).
    static NameExplanation explain(const QList<ArtifactReport> &artifacts, const QString &name,
                                   const QList<DeviceInfo> &devices, const LoadRuntime &runtime,
                                   bool textsOpen = false);
    bool isExplaining() const;
    // Looks the requested name up again now (the language or the inputs changed).
    void explainName();
    void keepRequestedKernel();
    // The case's names at once (a new case: none; a reopened session: its names): the name
    // box shows the first, the diagnosis looks up all.
    void setCaseKernels(const QStringList &names);
    const QStringList &keptKernels() const { return m_keptKernels; }
    bool isKept(const QString &name) const { return m_keptKernels.contains(name.trimmed()); }
    // Names asked for elsewhere in the window (the verification's step-2 kernel), read each
    // time the diagnosis runs.
    void setOtherKernelNames(std::function<QStringList()> names) {
        m_otherKernelNames = std::move(names);
    }

    // --- the diagnosis --------------------------------------------------------------------
    // Re-runs the diagnosis engine on the open inputs, devices, env and names (background,
    // debounced; a newer request supersedes a running one).
    void scheduleDiagnosis();
    bool isDiagnosing() const;
    const QList<Finding> &findings() const { return m_findings; }
    // What the last diagnosis was asked, as it understood it (devices chosen, kernels found).
    const CaseQuestion &question() const { return m_question; }

signals:
    void busyChanged(const QString &kind, bool running, const QString &message);
    void requestedKernelChanged(const QString &name); // set from elsewhere than the box
    void nameExplained();                             // explanation() replaced
    void keptKernelsChanged();
    void diagnosisChanged();  // findings() replaced
    void diagnosisFinished(); // a diagnosis job ended (after diagnosisChanged)

private:
    void runDiagnosis();
    bool isPresetWarning(const Finding &f, const QMap<QString, QString> &profile) const;

    InputsController *m_inputs;
    TargetsController *m_targets;
    JobTracker m_jobs;
    QString m_requestedKernel;
    NameExplanation m_explanation;
    LoadRuntime m_runtime; // the diagnosis' runtime, for the name box's load verdict
    QStringList m_keptKernels;
    std::function<QStringList()> m_otherKernelNames;
    QList<Finding> m_findings;
    CaseQuestion m_question;
    QString m_diagnosedName; // the name box's name the diagnosis asks about (settled typing)
    QTimer *m_diagnoseTimer;
    QTimer *m_lookupTimer;
};

} // namespace hd::ui
