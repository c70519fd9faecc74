#pragma once

// The app's one case (docs/architecture.md "The case"): the inputs (open files, pasted texts),
// the question (the names asked for, the targets, step 3's command) and the results computed
// from them (the steps, the diagnosis, the verdict). It starts a new case (File › New case,
// Close all, another demo case), and keeps the results honest when the inputs change: a step
// whose result was computed from other inputs is stale — marked on its card, left out of the
// findings, the verdict, sessions and reports — until it runs again. The controllers keep their
// state; this class decides what of it belongs to the case now, and the panels read the
// answers from the controllers without deriving any.

#include <QMap>
#include <QObject>
#include <QString>

namespace hd::ui {

class InputsController;
class TargetsController;
class DiagnosisController;
class VerificationController;

class Case : public QObject {
    Q_OBJECT
public:
    Case(InputsController *inputs, TargetsController *targets, DiagnosisController *diagnosis,
         VerificationController *verification, QObject *parent = nullptr);

    // A new case: the open files and pasted texts are closed, the names asked for, the typed
    // targets and the step settings forgotten, every result dropped. The GPUs found where the
    // steps run, the connected node and the environment table stay: they are the workstation's.
    void startNew();

    // Why step n's result no longer holds for the inputs now, in the app's words; "" when it
    // holds (or the step has not run).
    QString staleReason(int step) const;

    // Compares every step's basis with the inputs now and tells the verification which results
    // are stale. Runs on every change of the inputs (connected in the constructor).
    void refresh();

signals:
    // A new case was started (the panels drop their selections).
    void started();

private:
    InputsController *m_inputs;
    TargetsController *m_targets;
    DiagnosisController *m_diagnosis;
    VerificationController *m_verification;
};

} // namespace hd::ui
